"""Engine protocol v1: drive any Bazaar game over JSON lines, like UCI for chess.

Transport: one JSON object per line on stdin, exactly one JSON object per line on stdout
(UTF-8, flushed after each reply), so a program in any language can play, referee or
analyse games. The full protocol, with examples, is in ``docs/engine.md``.

:class:`Engine` holds at most one game (a :class:`~bazaar.core.record.Match`) and answers
one request at a time with :meth:`Engine.handle`, which never raises. :func:`main` runs it
on stdin/stdout until EOF or ``{"cmd": "quit"}``::

    python -m bazaar.interop.engine

Every reply has ``"ok"``. A failed request has ``"error"`` (a sentence naming the bad
field, value or rule) and ``"code"`` (a machine-readable category), plus ``"rule"`` when
the game refused an action; it leaves the game exactly as it was. A request's ``"id"``
(any JSON value) is echoed in its reply.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any, BinaryIO

from bazaar import __version__
from bazaar.core import jsontext
from bazaar.core.errors import BadName, BadRecord, BazaarError, IllegalAction
from bazaar.core.game import Event, State
from bazaar.core.names import check_name
from bazaar.core.record import SEED_LIMIT, SEED_MIN, GameRecord, Match
from bazaar.core.registry import all_games, game_ids, get_game

#: The version of this protocol; it changes only when a reply shape changes incompatibly.
PROTOCOL = 1
#: Every protocol version a session may pick with ``{"cmd": "hello", "protocol": n}``.
PROTOCOLS = (1, 2)
#: Languages of event descriptions (the ``"lang"`` field).
LANGS = ("en", "zh-TW")
#: Longest request line (bytes, without the newline); a longer line gets a "size" error.
MAX_LINE = 1 << 20


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


def _show(value: Any) -> str:
    """A JSON-style rendering of a value for error messages (shortened if long)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value) if not isinstance(value, list | dict) else _json_type(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _json_type(value: Any) -> str:
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


# command -> (fields besides "cmd" and "id", one-line help)
COMMANDS: dict[str, tuple[tuple[str, ...], str]] = {
    "help": ((), "the protocol version and this list of commands"),
    "games": ((), "the games: id, names, player counts, rule options"),
    "new": (
        ("game", "players", "seed", "options", "seats"),
        "start a game: game id, players, seed (default 0), options (default {})",
    ),
    "legal": ((), "the seat to move and its legal actions (notation and numbers)"),
    "check": (("action",), "validate an action (notation or number) without playing it"),
    "play": (
        ("action", "seat", "lang"),
        "play the mover's action; the events (all, or those 'seat' may see), new to_move",
    ),
    "undo": (("count",), "take back the last 'count' actions (default 1)"),
    "view": (("seat",), "the state: no seat = full state, seat k = k's view, null = public"),
    "result": ((), "over, scores, winners, returns"),
    "record": ((), "the game record (replays the game exactly)"),
    "load": (("record",), "replace the game by replaying a game record"),
    "log": (("seat", "lang"), "every action so far with its events (optionally in words)"),
    "quit": ((), "reply and stop reading input"),
}
COMMAND_LIST = ", ".join(COMMANDS)


class Engine:
    """One engine session: at most one game, answered request by request."""

    def __init__(self) -> None:
        self.match: Match | None = None
        #: False after ``quit``: :func:`serve` stops reading.
        self.running = True
        #: The protocol this session speaks: 1 until ``hello`` picks another.
        self.protocol = 1
        self._v2: Any = None
        self._handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            name: getattr(self, f"_cmd_{name}") for name in COMMANDS
        }

    # ------------------------------------------------------------------ entry points
    def handle(self, line: str | bytes) -> dict[str, Any]:
        """Answer one request line with a reply dict; never raises."""
        request: Any = None
        try:
            request = self._parse(line)
            reply = {"ok": True, **self.request(request)}
        except RequestError as exc:
            reply = {"ok": False, "error": str(exc), "code": exc.code}
            if self.protocol >= 2:
                reply.update({"rule": exc.rule} if exc.rule else {})
                reply.update({"field": exc.field} if exc.field else {})
        except IllegalAction as exc:
            reply = {"ok": False, "error": exc.message, "code": "illegal", "rule": exc.rule}
        except BazaarError as exc:
            reply = {"ok": False, "error": exc.message, "code": exc.rule}
        except Exception as exc:  # a bug must not kill the session
            reply = {
                "ok": False,
                "error": f"internal error: {type(exc).__name__}: {exc}",
                "code": "internal",
            }
        if isinstance(request, dict) and "id" in request:
            reply = {"ok": reply.pop("ok"), "id": request["id"], **reply}
        return reply

    def handle_json(self, line: str | bytes) -> str:
        """Answer one request line with one reply line (JSON text, no newline)."""
        return self.encode(self.handle(line))

    @staticmethod
    def encode(reply: dict[str, Any]) -> str:
        """One reply as JSON text that is always valid UTF-8 (lone surrogates are escaped)."""
        try:
            text = json.dumps(reply, ensure_ascii=False, allow_nan=False)
            text.encode("utf-8")
            return text
        except UnicodeEncodeError:  # a lone surrogate (say, an echoed id): escape it
            return json.dumps(reply, allow_nan=False)
        except RecursionError:
            fallback = {"ok": False, "error": "the reply is nested too deeply", "code": "json"}
        except (TypeError, ValueError) as exc:
            fallback = {"ok": False, "error": f"internal error: reply not JSON: {exc}"}
            fallback["code"] = "internal"
        if "id" in reply and isinstance(reply["id"], str | int | None):
            fallback = {"ok": False, "id": reply["id"], **fallback}
        return json.dumps(fallback)

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        """Carry out a parsed request; return the reply fields besides ``ok`` and ``id``.

        Raises RequestError or BazaarError; on error the game is as it was.
        """
        cmd = request.get("cmd", MISSING)
        if cmd == "hello" or self.protocol >= 2:
            return self._version_2().request(request)
        if cmd is MISSING:
            raise RequestError(
                'missing field \'cmd\': say what to do, e.g. {"cmd": "games"} '
                f"(commands: {COMMAND_LIST})"
            )
        if not isinstance(cmd, str):
            raise RequestError(f"field 'cmd' must be a string, not {_show(cmd)}", "field")
        if cmd not in COMMANDS:
            raise RequestError(
                f"unknown command {_show(cmd)} (commands: {COMMAND_LIST})", "unknown-command"
            )
        fields = COMMANDS[cmd][0]
        extra = sorted(set(request) - {"cmd", "id", *fields})
        if extra:
            allowed = ", ".join(f"'{f}'" for f in ("id", *fields))
            raise RequestError(
                f"unknown field '{extra[0]}' for command '{cmd}' (its fields: {allowed})", "field"
            )
        return self._handlers[cmd](request)

    def _version_2(self) -> Any:
        """The protocol 2 commands of this session (bazaar.interop.engine_v2)."""
        if self._v2 is None:
            from bazaar.interop.engine_v2 import Version2

            self._v2 = Version2(self)
        return self._v2

    # ------------------------------------------------------------------ parsing
    @staticmethod
    def _parse(line: str | bytes) -> dict[str, Any]:
        if isinstance(line, bytes | bytearray):
            try:
                line = bytes(line).decode("utf-8")
            except UnicodeDecodeError as exc:
                raise RequestError(f"request is not UTF-8 text: {exc}", "json") from exc
        text = line.strip()
        example = '{"cmd": "help"}'
        if not text:
            raise RequestError(f"empty line: send one JSON object per line, e.g. {example}", "json")
        try:
            request = jsontext.loads(text)
        except RecursionError as exc:
            raise RequestError("request JSON is nested too deeply", "json") from exc
        except ValueError as exc:
            raise RequestError(
                f"not JSON ({exc}): send one JSON object per line, e.g. {example}", "json"
            ) from exc
        if not isinstance(request, dict):
            raise RequestError(
                f"a request must be a JSON object such as {example}, "
                f"not a JSON {_json_type(request)}",
                "request",
            )
        return request

    @staticmethod
    def _int(req: dict[str, Any], name: str, default: Any = MISSING, what: str = "") -> int:
        value = req.get(name, MISSING)
        if value is MISSING:
            if default is MISSING:
                raise RequestError(f"missing field '{name}' ({what or 'an integer'})", "field")
            return default
        if type(value) is not int:
            raise RequestError(
                f"field '{name}' must be an integer{f' ({what})' if what else ''}, "
                f"not {_show(value)}",
                "field",
            )
        return value

    @staticmethod
    def _seat(req: dict[str, Any], state: State) -> Any:
        """The ``seat`` field: MISSING, None (public) or a seat number of ``state``."""
        seat = req.get("seat", MISSING)
        if seat is MISSING or seat is None:
            return seat
        last = state.num_players - 1
        if type(seat) is not int:
            raise RequestError(
                f"field 'seat' must be a seat number 0-{last} or null (public), not {_show(seat)}",
                "field",
            )
        if not 0 <= seat <= last:
            raise RequestError(f"field 'seat' is {seat}, but this game has seats 0-{last}", "field")
        return seat

    @staticmethod
    def _lang(req: dict[str, Any]) -> str | None:
        lang = req.get("lang", MISSING)
        if lang is MISSING or lang is None:
            return None
        if lang not in LANGS:
            choices = ", ".join(_show(x) for x in LANGS)
            raise RequestError(f"field 'lang' must be one of {choices}, not {_show(lang)}", "field")
        return lang

    @staticmethod
    def _action(req: dict[str, Any], state: State) -> int:
        """The ``action`` field (notation or action number) as a legal action number."""
        value = req.get("action", MISSING)
        if value is MISSING:
            raise RequestError(
                "missing field 'action' (a move in notation such as \"pass\", "
                "or an action number from 'legal')",
                "field",
            )
        if isinstance(value, str):
            return state.parse(value)  # NotationError, or IllegalAction if not legal now
        if type(value) is int:
            state.check(value)
            return value
        raise RequestError(
            f"field 'action' must be a notation string or an integer action number, "
            f"not {_show(value)}",
            "field",
        )

    @staticmethod
    def _name(seat: int, raw: str) -> str:
        """Seat ``seat``'s name from ``new``, trimmed and checked (bazaar.core.names)."""
        try:
            return check_name(raw, allow_empty=True)
        except BadName as exc:
            raise RequestError(f"field 'seats': seat {seat}: {exc.message}", "name") from exc

    def _need_match(self) -> Match:
        if self.match is None:
            raise RequestError(
                'no game yet: start one with {"cmd": "new", "game": "buy-low-sell-high", '
                '"players": 3} or {"cmd": "load", "record": {...}}',
                "no-game",
            )
        return self.match

    # ------------------------------------------------------------------ reply parts
    @staticmethod
    def _turn(state: State) -> dict[str, Any]:
        return {"to_move": state.to_move(), "legal": state.legal_notations()}

    @staticmethod
    def _about(match: Match) -> dict[str, Any]:
        record = match.record
        return {
            "game": record.game,
            "players": record.players,
            "seed": record.seed,
            "options": dict(match.state.options),
        }

    def _events(self, events: Iterable[Event], seat: Any, lang: str | None) -> list[dict[str, Any]]:
        assert self.match is not None
        game = self.match.game
        out = []
        for event in events:
            if seat is not MISSING and not event.visible_to(seat):
                continue
            data = event.to_json()
            if lang is not None:
                data["text"] = game.describe_event(event, lang)
            out.append(data)
        return out

    # ------------------------------------------------------------------ commands
    def _cmd_help(self, req: dict[str, Any]) -> dict[str, Any]:
        return {
            "engine": "bazaar",
            "version": __version__,
            "protocol": PROTOCOL,
            "games": game_ids(),
            "commands": {
                name: {"fields": list(fields), "help": text}
                for name, (fields, text) in COMMANDS.items()
            },
        }

    def _cmd_games(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"games": [game.info() for game in all_games()]}

    def _cmd_new(self, req: dict[str, Any]) -> dict[str, Any]:
        game_id = req.get("game", MISSING)
        if game_id is MISSING:
            raise RequestError(
                f"missing field 'game' (a game id: {', '.join(game_ids())})", "field"
            )
        if not isinstance(game_id, str):
            raise RequestError(
                f"field 'game' must be a game id string ({', '.join(game_ids())}), "
                f"not {_show(game_id)}",
                "field",
            )
        game = get_game(game_id)
        span = f"{game.min_players}-{game.max_players}"
        players = self._int(req, "players", what=f"the number of players, {span}")
        seed = self._int(req, "seed", 0, "the random seed")
        if not SEED_MIN <= seed < SEED_LIMIT:
            raise RequestError(
                f"field 'seed' is {_show(seed)}, but a seed must be from -2**63 to 2**64 - 1",
                "field",
            )
        options = req.get("options", {})
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RequestError(
                f"field 'options' must be an object of rule options, not {_show(options)}",
                "field",
            )
        seats = req.get("seats", [])
        if seats is None:
            seats = []
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RequestError(
                f"field 'seats' must be a list of player names, not {_show(seats)}", "field"
            )
        if seats and len(seats) != players:
            raise RequestError(
                f"field 'seats' names {len(seats)} players, but 'players' is {players}", "field"
            )
        seats = [self._name(i, name) for i, name in enumerate(seats)]
        match = Match.new(game, players, seed, options, seats)
        self.match = match
        return {**self._about(match), **self._turn(match.state)}

    def _cmd_legal(self, req: dict[str, Any]) -> dict[str, Any]:
        state = self._need_match().state
        numbers = state.legal_actions()
        return {
            "to_move": state.to_move(),
            "actions": [state.notation(a) for a in numbers],
            "numbers": numbers,
        }

    def _cmd_check(self, req: dict[str, Any]) -> dict[str, Any]:
        state = self._need_match().state
        action = self._action(req, state)
        return {"action": state.notation(action), "number": action, "by": state.to_move()}

    def _cmd_play(self, req: dict[str, Any]) -> dict[str, Any]:
        match = self._need_match()
        state = match.state
        seat = self._seat(req, state)
        lang = self._lang(req)
        action = self._action(req, state)
        mover = state.to_move()
        public = state.public_notation(action)
        backup = state.clone()
        done = len(match.record.actions)
        try:
            events = match.play(action)
        except Exception:
            # apply() validates before it mutates, so only a bug gets here: put the game back
            match.state = backup
            del match.record.actions[done:]
            raise
        turn = self._turn(state)
        text = state.notation(action)
        number: int | None = action
        if seat is not MISSING and seat != mover and public != text:
            text, number = public, None  # another seat's private choice: redacted
        if seat is not MISSING and seat != turn["to_move"]:
            turn["legal"] = []  # the next mover's choices would show its hidden cards
        return {
            "action": text,
            "number": number,
            "by": mover,
            "events": self._events(events, seat, lang),
            **turn,
            "over": state.is_over(),
        }

    def _cmd_undo(self, req: dict[str, Any]) -> dict[str, Any]:
        match = self._need_match()
        record = match.record
        count = self._int(req, "count", 1, "how many actions to take back")
        if not 1 <= count <= len(record.actions):
            raise RequestError(
                f"field 'count' is {count}, but {len(record.actions)} action(s) can be taken back",
                "field",
            )
        keep = record.actions[: len(record.actions) - count]
        shorter = GameRecord(
            record.game, record.players, record.seed, dict(record.options), keep, record.seats
        )
        self.match = Match.from_record(shorter)
        return {"undone": record.actions[len(keep) :], **self._turn(self.match.state)}

    def _cmd_view(self, req: dict[str, Any]) -> dict[str, Any]:
        state = self._need_match().state
        seat = self._seat(req, state)
        return {"view": state.full_view() if seat is MISSING else state.view(seat)}

    def _cmd_result(self, req: dict[str, Any]) -> dict[str, Any]:
        state = self._need_match().state
        return {
            "over": state.is_over(),
            "scores": state.scores(),
            "winners": state.winners(),
            "returns": state.returns(),
        }

    def _cmd_record(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"record": self._need_match().record.to_json()}

    def _cmd_load(self, req: dict[str, Any]) -> dict[str, Any]:
        data = req.get("record", MISSING)
        if data is MISSING:
            raise RequestError(
                "missing field 'record' (a game record object, as the 'record' command returns)",
                "field",
            )
        try:
            record = GameRecord.from_json(data)
            match = Match.from_record(record)
        except BadRecord:
            raise
        except BazaarError as exc:
            raise BadRecord(f"record cannot start a game: {exc.message}") from exc
        self.match = match
        return {
            **self._about(match),
            "actions": len(match.record.actions),
            **self._turn(match.state),
        }

    def _cmd_log(self, req: dict[str, Any]) -> dict[str, Any]:
        match = self._need_match()
        seat = self._seat(req, match.state)
        lang = self._lang(req)
        record = match.record
        replay = Match.new(match.game, record.players, record.seed, record.options)
        log = []
        for n, text in enumerate(record.actions, 1):
            mover = replay.state.to_move()
            action = replay.state.parse(text)
            hidden = seat is not MISSING and seat != mover
            shown = replay.state.public_notation(action) if hidden else text
            events = replay.play(action)
            log.append(
                {"n": n, "by": mover, "action": shown, "events": self._events(events, seat, lang)}
            )
        return {"log": log}

    def _cmd_quit(self, req: dict[str, Any]) -> dict[str, Any]:
        self.running = False
        return {"bye": True}


# ---------------------------------------------------------------------- the loop
def serve(stdin: BinaryIO, stdout: BinaryIO, engine: Engine | None = None) -> None:
    """Answer each line of ``stdin`` with one line on ``stdout`` until EOF or ``quit``."""
    engine = engine or Engine()
    while engine.running:
        line = stdin.readline(MAX_LINE + 1)
        if not line:
            break
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while (rest := stdin.readline(MAX_LINE)) and not rest.endswith(b"\n"):
                pass  # skip the rest of the over-long line
            error = f"the request line is longer than {MAX_LINE} bytes"
            reply = engine.encode({"ok": False, "error": error, "code": "size"})
        else:
            reply = engine.handle_json(line)
        stdout.write(reply.encode("utf-8") + b"\n")
        stdout.flush()


def main(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
    """Run the engine on stdin/stdout (UTF-8 JSON lines) until EOF or ``{"cmd": "quit"}``."""
    try:
        serve(stdin or sys.stdin.buffer, stdout or sys.stdout.buffer)
    except KeyboardInterrupt:
        pass
    except BrokenPipeError:  # the client went away; exit quietly
        if stdout is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    # run the imported module's main, not this __main__ copy's: engine_v2 imports
    # bazaar.interop.engine, and both must share one RequestError class
    from bazaar.interop import engine as _engine

    _engine.main()
