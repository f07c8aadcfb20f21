"""Shapes the protocol itself hands out (a game's and an option's description), and strict
validation of every data shape (the TypedDicts of ``bazaar/games/<game>/shapes.py``,
``bazaar/bots/shapes.py`` and ``bazaar/web/shapes.py``): exact types, every key present, no
extra key.

The shapes are plain TypedDicts for mypy; :func:`validate` turns one into a pydantic
validator for the tests, scripts/schema.py into JSON Schema for docs/schema/. pydantic is
imported only then, so the protocol does not load it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from typing_extensions import TypedDict

if TYPE_CHECKING:
    from pydantic import TypeAdapter

#: lang code -> the text in that language (``{"en": …, "zh-TW": …}``)
Words = dict[str, str]


class OptionInfo(TypedDict):
    """A rule option (``Option.to_json``)."""

    name: str
    default: Any
    choices: list[Any]
    help: Words
    label: Words
    #: lang -> the words of each choice, in the order of ``choices``
    choice_labels: dict[str, list[str]]


class GameInfo(TypedDict):
    """A game's description (``Game.info``): the lobby's and the engine's ``games``."""

    id: str
    name: Words
    min_players: int
    max_players: int
    num_actions: int
    options: list[OptionInfo]


@cache
def strict_adapter(shape: Any) -> TypeAdapter[list[Any]]:
    """A validator of lists of ``shape``; the list carries the config to the TypedDicts
    inside (pydantic takes no config for a bare TypedDict). No coercion (``1`` is not
    ``True``, ``"1"`` not ``1``) and no key a shape does not name."""
    from pydantic import ConfigDict, TypeAdapter

    return TypeAdapter(list[shape], config=ConfigDict(strict=True, extra="forbid"))


def validate(shape: Any, value: object) -> None:
    """Raise pydantic's ValidationError unless ``value`` has exactly ``shape``."""
    strict_adapter(shape).validate_python([value])
