"""The request fields of the engine protocol, read one way for both versions.

:class:`Fields` checks a request's fields and raises :class:`RequestError` naming the bad
one. Protocol 1 uses it as it is, so its errors stay as they always were; protocol 2 uses
:class:`FieldsV2`, whose errors also carry the ``field`` at fault and which reads a null
optional field as its default.
"""

from __future__ import annotations

import json
from typing import Any

from bazaar.core.errors import BadName, BadRecord, BazaarError
from bazaar.core.game import State
from bazaar.core.names import check_name
from bazaar.core.record import SEED_LIMIT, SEED_MIN, GameRecord, Match
from bazaar.core.registry import game_ids

#: A protocol's commands: name -> (its fields besides "cmd" and "id", one-line help).
Commands = dict[str, tuple[tuple[str, ...], str]]
#: Every protocol version a session may pick with ``{"cmd": "hello", "protocol": n}``.
PROTOCOLS = (1, 2)
#: Languages of event descriptions (the ``"lang"`` field).
LANGS = ("en", "zh-TW")


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


#: A field that is absent from the request (distinct from JSON null).
MISSING: Any = _Missing()


class RequestError(Exception):
    """A request the engine cannot carry out; ``code`` is the reply's error category.

    ``field`` names the request field at fault and ``rule`` the game rule that refused an
    action; protocol 2 replies carry both (protocol 1 replies stay as they always were).
    """

    def __init__(
        self, message: str, code: str = "request", field: str | None = None, rule: str = ""
    ) -> None:
        super().__init__(message)
        self.code = code
        self.field = field
        self.rule = rule


def show(value: Any) -> str:
    """A JSON-style rendering of a value for error messages (shortened if long)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value) if not isinstance(value, list | dict) else json_type(value)
    return text if len(text) <= 60 else text[:57] + "..."


def json_type(value: Any) -> str:
    """The JSON name of a value's type ("null", "boolean", "number", ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


class Fields:
    """Protocol 1's reading of request fields: errors without ``field``."""

    #: Whether an error names its field (the reply's ``"field"``).
    named = False
    #: Whether a null optional integer means its default (else it is a wrong type).
    null_is_default = False

    def error(self, message: str, code: str, name: str) -> RequestError:
        """The error of field ``name`` (named only where the protocol says so)."""
        return RequestError(message, code, name if self.named else None)

    def command(self, req: dict[str, Any], commands: Commands, example: str) -> str:
        """The ``cmd`` of ``req``, a key of ``commands``, whose other fields it allows."""
        names = ", ".join(commands)
        cmd = req.get("cmd", MISSING)
        if cmd is MISSING:
            raise self.error(
                f"missing field 'cmd': say what to do, e.g. {example} (commands: {names})",
                "request",
                "cmd",
            )
        if not isinstance(cmd, str):
            raise self.error(f"field 'cmd' must be a string, not {show(cmd)}", "field", "cmd")
        if cmd not in commands:
            raise self.error(
                f"unknown command {show(cmd)} (commands: {names})", "unknown-command", "cmd"
            )
        fields = commands[cmd][0]
        extra = sorted(set(req) - {"cmd", "id", *fields})
        if extra:
            allowed = ", ".join(f"'{f}'" for f in ("id", *fields))
            raise self.error(
                f"unknown field '{extra[0]}' for command '{cmd}' (its fields: {allowed})",
                "field",
                extra[0],
            )
        return cmd

    def integer(
        self,
        req: dict[str, Any],
        name: str,
        default: Any,
        what: str,
        low: int | None = None,
        high: int | None = None,
    ) -> Any:
        """An integer field, in ``low..high`` when given (MISSING ``default``: required)."""
        value = req.get(name, MISSING)
        if value is MISSING or (value is None and default is not MISSING and self.null_is_default):
            if default is MISSING:
                raise self.error(f"missing field '{name}' ({what})", "field", name)
            return default
        if type(value) is not int:
            raise self.error(
                f"field '{name}' must be an integer ({what}), not {show(value)}", "field", name
            )
        if low is not None and high is not None and not low <= value <= high:
            raise self.error(
                f"field '{name}' is {value}, but it must be from {low} to {high} ({what})",
                "field",
                name,
            )
        return value

    def seed(self, req: dict[str, Any]) -> int:
        """The ``seed`` field (default 0), a 64-bit seed."""
        seed: int = self.integer(req, "seed", 0, "the random seed")
        if not SEED_MIN <= seed < SEED_LIMIT:
            raise self.error(
                f"field 'seed' is {show(seed)}, but a seed must be from -2**63 to 2**64 - 1",
                "field",
                "seed",
            )
        return seed

    def lang(self, req: dict[str, Any]) -> str | None:
        """The ``lang`` field: None (no words) or one of :data:`LANGS`."""
        lang = req.get("lang", MISSING)
        if lang is MISSING or lang is None:
            return None
        if lang not in LANGS:
            choices = ", ".join(show(x) for x in LANGS)
            raise self.error(
                f"field 'lang' must be one of {choices}, not {show(lang)}", "field", "lang"
            )
        return str(lang)

    def seat(self, req: dict[str, Any], state: State, public: bool = True) -> Any:
        """The ``seat`` field: MISSING, a seat number, or (``public``) None for the public."""
        seat = req.get("seat", MISSING)
        if seat is MISSING or (seat is None and public):
            return seat
        last = state.num_players - 1
        if type(seat) is not int:
            kind = " or null (public)" if public else ""
            raise self.error(
                f"field 'seat' must be a seat number 0-{last}{kind}, not {show(seat)}",
                "field",
                "seat",
            )
        if not 0 <= seat <= last:
            raise self.error(
                f"field 'seat' is {seat}, but this game has seats 0-{last}", "field", "seat"
            )
        return seat

    def game_id(self, req: dict[str, Any]) -> str:
        """The ``game`` field of ``new`` (a string; the registry judges the id)."""
        ids = ", ".join(game_ids())
        game_id = req.get("game", MISSING)
        if game_id is MISSING:
            raise self.error(f"missing field 'game' (a game id: {ids})", "field", "game")
        if not isinstance(game_id, str):
            raise self.error(
                f"field 'game' must be a game id string ({ids}), not {show(game_id)}",
                "field",
                "game",
            )
        return game_id

    def options(self, req: dict[str, Any]) -> dict[str, Any]:
        """The ``options`` field of ``new`` (default and null: no options)."""
        options = req.get("options", {})
        if options is None:
            return {}
        if not isinstance(options, dict):
            raise self.error(
                f"field 'options' must be an object of rule options, not {show(options)}",
                "field",
                "options",
            )
        return options

    def names(self, req: dict[str, Any], name: str, players: int) -> list[str]:
        """Field ``name`` of ``new``: one player name a seat (or none), trimmed and checked."""
        names = req.get(name, [])
        if names is None:
            names = []
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise self.error(
                f"field '{name}' must be a list of player names, not {show(names)}", "field", name
            )
        if names and len(names) != players:
            raise self.error(
                f"field '{name}' names {len(names)} players, but 'players' is {players}",
                "field",
                name,
            )
        checked = []
        for seat, raw in enumerate(names):
            try:
                checked.append(check_name(raw, allow_empty=True))
            except BadName as exc:
                message = f"field '{name}': seat {seat}: {exc.message}"
                raise self.error(message, "name", name) from exc
        return checked

    def record(self, req: dict[str, Any]) -> Match:
        """The game the ``record`` field of ``load`` replays."""
        data = req.get("record", MISSING)
        if data is MISSING:
            raise self.error(
                "missing field 'record' (a game record object, as the 'record' command returns)",
                "field",
                "record",
            )
        try:
            return Match.from_record(GameRecord.from_json(data))
        except BadRecord as exc:
            if not self.named:
                raise
            raise self.error(exc.message, "record", "record") from exc
        except BazaarError as exc:
            message = f"record cannot start a game: {exc.message}"
            raise self.error(message, "record", "record") from exc


class FieldsV2(Fields):
    """Protocol 2's reading of request fields: every error names its ``field``."""

    named = True
    null_is_default = True

    def seed(self, req: dict[str, Any]) -> int:
        seed = req.get("seed", MISSING)
        if seed is MISSING or seed is None:
            return 0
        if type(seed) is not int or not SEED_MIN <= seed < SEED_LIMIT:
            raise self.error(
                f"field 'seed' must be an integer from -2**63 to 2**64 - 1, not {show(seed)}",
                "field",
                "seed",
            )
        return seed

    def flag(self, req: dict[str, Any], name: str) -> bool:
        """A true/false field (default and null: false)."""
        value = req.get(name, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.error(
                f"field '{name}' must be true or false, not {show(value)}", "field", name
            )
        return value
