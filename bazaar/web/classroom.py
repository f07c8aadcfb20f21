"""Classrooms: a teacher creates several tables of one game at once and follows them.

``POST /api/classrooms`` (:mod:`bazaar.web.routes.classrooms`) makes the tables (every one
the same secret deal for duplicate play, or each its own) and answers a teacher token;
``GET /api/classrooms/{id}?token=`` lists the tables with what a spectator sees of them
(docs/web.md, "Classrooms").

No accounts: the teacher token is the only key. The database keeps its SHA-256 only; each
person's seat token is derived from it (HMAC-SHA256 of the table id and seat), so the
teacher page can show every invite link again while no seat token is stored anywhere.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bazaar.bots.registry import UnknownBot, make_bot, normalize_spec
from bazaar.core.errors import BazaarError
from bazaar.core.names import RefusedName, check_name
from bazaar.core.registry import get_game
from bazaar.i18n import LANGS, N_, t
from bazaar.web.errors import WebError, refused
from bazaar.web.live import LiveTable
from bazaar.web.pace import MOVE_HOURS, OnTimeout, Pace, TablePace
from bazaar.web.payload import final_result
from bazaar.web.schema import (
    BOT_OR_NONE_SCHEMA,
    LANG_SCHEMA,
    name_list_schema,
    name_schema,
    range_schema,
)

#: Most tables one classroom may have.
MAX_TABLES = 30
STRICT = ConfigDict(extra="forbid", strict=True)

UNKNOWN_GAME = N_("there is no game {game!r}")
BAD_TABLES = N_("'tables' must be from 1 to {max}, not {count}")
BAD_PLAYERS = N_("{game} is played by {low} to {high} players, not {count}")
BAD_SEATS = N_("{players} players need {players} seats, not {count}")
BAD_NAMES = N_("'names' needs one list per table ({tables}), each with {players} names")
BAD_NAME = N_("table {table}, seat {seat}: {reason}")
BAD_CLASS_NAME = N_("the class name: {reason}")
NO_CLASSROOM = N_("there is no classroom {id!r}")
BAD_TOKEN = N_("this is not the teacher token of the classroom")
NO_TOKEN = N_("the classroom page needs the teacher token")
BAD_LANG = N_("'lang' must be en or zh-TW, not {given!r}")
BAD_OPTIONS = N_("the rule options are refused: {reason}")
BAD_BOT = N_("seat {seat}: there is no bot {bot!r}")


class ClassSeat(BaseModel):
    """One seat of every table: a person or a bot (as ``POST /api/tables`` takes it)."""

    model_config = STRICT
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(default=None, max_length=40, json_schema_extra=BOT_OR_NONE_SCHEMA)


class NewClassroom(BaseModel):
    model_config = STRICT
    game: str = Field(max_length=40)
    #: checked against the game by the server (422 players), so the schema says only 1-8
    players: int = Field(json_schema_extra=range_schema(1, 8))
    tables: int = Field(json_schema_extra=range_schema(1, MAX_TABLES))
    seats: list[ClassSeat] = Field(max_length=8)
    #: "same": every table the same secret deal (duplicate play); "different": one each
    deal: Literal["same", "different"] = "different"
    options: dict[str, Any] = Field(default_factory=dict)
    lang: str = Field(default="en", max_length=16, json_schema_extra=LANG_SCHEMA)
    name: str = Field(default="", max_length=200, json_schema_extra=name_schema(True))
    #: names[table][seat] (optional): the players' names
    names: list[list[str]] | None = Field(
        default=None, max_length=MAX_TABLES, json_schema_extra=name_list_schema
    )
    turn_minutes: int | None = Field(default=None, ge=1, le=1440)
    #: the teacher sets the pace of every table (docs/web.md, "Turn-based tables")
    pace: Pace = "live"
    move_hours: int | None = MOVE_HOURS
    on_timeout: OnTimeout | None = None

    def table_pace(self) -> TablePace:
        """The pace asked for; WebError 422 ``pace`` for a field that does not fit it."""
        return TablePace.of(self.pace, self.turn_minutes, self.move_hours, self.on_timeout)


def seat_token(teacher_token: str, table_id: str, seat: int) -> str:
    """The seat token of a classroom table's seat, derived from the teacher token."""
    message = f"bazaar-seat-v1:{table_id}:{seat}".encode()
    digest = hmac.new(teacher_token.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def _name(raw: str, code: str, msgid: str, **where: Any) -> str:
    try:
        return check_name(raw, allow_empty=True)
    except RefusedName as exc:
        reason = {lang: t(exc.msgid, lang, **exc.fields) for lang in LANGS}
        words = {lang: t(msgid, lang, reason=reason[lang], **where) for lang in LANGS}
        raise WebError(422, code, words["en"], None, words) from exc


def check_classroom(body: NewClassroom) -> tuple[str, list[list[str]]]:
    """The class name and the names per table and seat; WebError naming the field."""
    try:
        game = get_game(body.game)
    except BazaarError as exc:
        raise refused(404, "unknown-game", UNKNOWN_GAME, game=body.game[:40]) from exc
    if not 1 <= body.tables <= MAX_TABLES:
        raise refused(422, "tables", BAD_TABLES, max=MAX_TABLES, count=body.tables)
    low, high = game.min_players, game.max_players
    if not low <= body.players <= high:
        raise refused(
            422, "players", BAD_PLAYERS, game=body.game, low=low, high=high, count=body.players
        )
    if len(body.seats) != body.players:
        raise refused(400, "seats", BAD_SEATS, players=body.players, count=len(body.seats))
    try:
        game.new(body.players, 0, body.options)
    except BazaarError as exc:
        raise refused(400, "options", BAD_OPTIONS, reason=exc.message) from exc
    for j, seat in enumerate(body.seats):
        if seat.kind == "bot":
            try:
                make_bot(normalize_spec(seat.bot or "ismcts:medium"), 0, game=body.game)
            except UnknownBot as exc:
                raise refused(400, "bot", BAD_BOT, seat=j + 1, bot=seat.bot) from exc
    names = body.names or [[""] * body.players for _ in range(body.tables)]
    if len(names) != body.tables or any(len(row) != body.players for row in names):
        raise refused(422, "names", BAD_NAMES, tables=body.tables, players=body.players)
    checked = [
        [_name(raw, "name", BAD_NAME, table=i + 1, seat=j + 1) for j, raw in enumerate(row)]
        for i, row in enumerate(names)
    ]
    return _name(body.name, "name", BAD_CLASS_NAME), checked


def table_status(table: LiveTable, base: str, teacher: str, lang: str) -> dict[str, Any]:
    """One table as the teacher page shows it: what a spectator sees (no hidden card of a
    running game), plus each person's invite link; ``spectator`` is the teacher's own link to
    watch it (a classroom table has no other spectators)."""
    state = table.state
    seats = []
    for seat in table.seats_public():
        human = seat["kind"] == "human"
        token = seat_token(teacher, table.id, seat["seat"]) if human else None
        link = f"{base}/t/{table.id}?token={token}&lang={lang}" if token else None
        seats.append({**seat, "token": token, "link": link})
    over = state.is_over()
    return {
        "id": table.id,
        "spectator": f"{base}/t/{table.id}?token={teacher}&lang={lang}",
        "seq": table.seq,
        "to_move": state.to_move(),
        "over": over,
        "seats": seats,
        "scores": state.scores() if over else None,
        "result": final_result(state, lang),
        "deal": table.deal(),
        #: over, but its deal is still in play at other tables: record, analysis and puzzles wait
        "held": over and table.info.deal_held,
    }
