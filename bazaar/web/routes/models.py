"""The bodies of the JSON API's requests (pydantic models: strict, no unknown fields)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from bazaar.core.names import RefusedName, check_name
from bazaar.web.pace import MOVE_HOURS, OnTimeout, Pace, TablePace
from bazaar.web.schema import BOT_OR_NONE_SCHEMA, BOT_SCHEMA, LANG_SCHEMA, name_schema

#: Request bodies: no unknown fields, and no type coercion ("2", 1.0 or true for an integer).
STRICT = ConfigDict(extra="forbid", strict=True)
#: Longest raw name before trimming (the trimmed name may have 40 characters).
MAX_RAW_NAME = 200


def _checked_name(raw: str, allow_empty: bool) -> str:
    """A name trimmed, normalised and checked by bazaar.core.names (error type "name")."""
    try:
        return check_name(raw, allow_empty=allow_empty)
    except RefusedName as exc:
        context = {**exc.fields, "msgid": exc.msgid}
        raise PydanticCustomError("name", exc.msgid, context) from exc


class SeatSpec(BaseModel):
    model_config = STRICT
    kind: Literal["human", "bot"] = "human"
    #: a built-in bot; an outside agent only on a server that allows them (docs/web.md,
    #: "Outside bots at a table"), whose spec may be a long command
    bot: str | None = Field(default=None, max_length=400, json_schema_extra=BOT_OR_NONE_SCHEMA)
    name: str = Field(default="", max_length=MAX_RAW_NAME, json_schema_extra=name_schema(True))
    #: a person's seat played on the creator's device (docs/web.md, "Pass and play")
    local: bool = False

    @field_validator("name")
    @classmethod
    def _name(cls, raw: str) -> str:
        return _checked_name(raw, allow_empty=True)


class NewTable(BaseModel):
    model_config = STRICT
    game: str = Field(max_length=40)
    players: int = Field(ge=1, le=8)
    seats: list[SeatSpec] = Field(max_length=8)
    options: dict[str, Any] = Field(default_factory=dict)
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)
    #: fix the deal (every seat is shown it); default: a random 64-bit seed from the OS
    seed: int | None = Field(default=None, ge=0, lt=2**64)
    #: the turn timer: minutes per move after which an absent person's seat may be handed to
    #: a bot (docs/web.md, "Absent players"); null: no timer
    turn_minutes: int | None = Field(default=None, ge=1, le=1440)
    pace: Pace = "live"
    move_hours: int | None = MOVE_HOURS
    on_timeout: OnTimeout | None = None

    def table_pace(self) -> TablePace:
        """The pace asked for; WebError 422 ``pace`` for a field that does not fit it."""
        return TablePace.of(self.pace, self.turn_minutes, self.move_hours, self.on_timeout)


class MoveRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    action: str | int
    seq: int
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class UndoRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    #: the number of the move to take back (the newest: the payload's ``seq`` - 1)
    seq: int
    #: the position version of the payload the request was made from (its ``version``)
    version: int
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class StandinRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    seat: int = Field(ge=0, le=7)
    bot: str = Field(default="ismcts:easy", max_length=40, json_schema_extra=BOT_SCHEMA)
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class ReturnRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class NameRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    name: str = Field(max_length=MAX_RAW_NAME, json_schema_extra=name_schema(False))

    @field_validator("name")
    @classmethod
    def _name(cls, raw: str) -> str:
        return _checked_name(raw, allow_empty=False)


class PuzzleTry(BaseModel):
    model_config = STRICT
    move: str = Field(max_length=200)


class PuzzleShow(BaseModel):
    """Show a puzzle's answer: ``tried``, the last move tried (notation), is compared with it."""

    model_config = STRICT
    tried: str | None = Field(default=None, max_length=200)


class ChatRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    #: the words (``kind`` ``text``, at most 200 characters after trimming) or a quick
    #: reaction's id (``kind`` ``reaction``, e.g. ``good-game``)
    text: str = Field(max_length=1000)
    kind: Literal["text", "reaction"] = "text"
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class ChatSwitchRequest(BaseModel):
    model_config = STRICT
    #: a seat token (the host's) or a classroom's teacher token
    token: str = Field(max_length=100)
    on: bool
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class RematchRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)
