"""What the API's OpenAPI schema says of the fields the server checks itself (docs/web.md,
"The API"): so that a request the schema calls valid is one the server takes as well formed.

The server's checks are the law; these only describe them. A language is one of the two
codes the server answers in (it also reads other spellings, such as ``zh`` or ``ZH-tw``:
:func:`bazaar.i18n.normalize_lang`; the schema names only the codes). A name follows
:func:`bazaar.core.names.check_name` (:func:`bazaar.core.names.name_pattern`), a bot one of
the bot specs, and counts their ranges. What depends on the game or on the table (the
number of seats for ``players``, rule options, a ``step`` past the table's moves, a move's
legality) cannot be said by a schema: those refusals are the documented 4xx of each route.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Query

from bazaar.bots.registry import bot_names
from bazaar.core.names import MAX_NAME, name_pattern
from bazaar.i18n import LANGS

#: A language field or parameter: the codes the server answers in.
LANG_SCHEMA: dict[str, Any] = {"enum": list(LANGS)}
#: A bot spec, as ``POST /api/tables`` ``seats[].bot`` and the stand-in take it.
BOT_SCHEMA: dict[str, Any] = {"enum": bot_names()}
#: A bot spec or null (a person's seat).
BOT_OR_NONE_SCHEMA: dict[str, Any] = {"enum": [*bot_names(), None]}
#: ``?lang=`` of a route (default English).
LangQuery = Annotated[str, Query(json_schema_extra=LANG_SCHEMA)]
#: ``{lang}`` in a route's path.
LangPath = Annotated[str, Path(json_schema_extra=LANG_SCHEMA)]


def name_schema(allow_empty: bool) -> Any:
    """``json_schema_extra`` of a name field: the pattern of the names the server takes, at
    most :data:`MAX_NAME` characters (the server trims spaces first, so it takes a few more;
    the schema promises only what is always taken). Worked out when the schema is made."""

    def extra(schema: dict[str, Any]) -> None:
        schema["pattern"] = name_pattern(allow_empty)
        schema["maxLength"] = MAX_NAME

    return extra


def name_list_schema(schema: dict[str, Any]) -> None:
    """``json_schema_extra`` of a classroom's ``names`` (tables of seats of names)."""
    inner = schema.get("anyOf", [schema])[0]
    seats = inner.get("items", {})
    names = seats.get("items")
    if isinstance(names, dict):
        names["pattern"] = name_pattern(True)
        names["maxLength"] = MAX_NAME


def range_schema(low: int, high: int | None = None) -> dict[str, Any]:
    """``json_schema_extra`` of a number the server checks itself (with its own refusal)."""
    bounds: dict[str, Any] = {"minimum": low}
    if high is not None:
        bounds["maximum"] = high
    return bounds
