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

A line may also carry a batch, ``{"batch": [request, ...]}``: its requests are answered in
order, each exactly as on a line of its own, and the one reply line holds their replies
(``"replies"``); ``"until_error": true`` stops at the first failed one.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any, BinaryIO

from bazaar import __version__
from bazaar.core import jsontext
from bazaar.core.errors import BazaarError, IllegalAction
from bazaar.core.game import State
from bazaar.core.record import Match
from bazaar.core.registry import all_games, game_ids, get_game
from bazaar.interop.engine_fields import (
    LANGS,
    MISSING,
    PROTOCOLS,
    Commands,
    Fields,
    RequestError,
    json_type,
    show,
)
from bazaar.interop.engine_steps import (
    about,
    command_help,
    event_list,
    need_match,
    play_or_restore,
    replayed,
    result,
    take_back,
)

__all__ = [
    "COMMANDS",
    "LANGS",
    "MAX_LINE",
    "MISSING",
    "PROTOCOL",
    "PROTOCOLS",
    "Engine",
    "RequestError",
    "main",
    "serve",
]

#: The version of this protocol; it changes only when a reply shape changes incompatibly.
PROTOCOL = 1
#: Longest request line (bytes, without the newline); a longer line gets a "size" error.
MAX_LINE = 1 << 20
#: Most requests in one batch line.
MAX_BATCH = 10_000
BATCH_FIELDS = ("batch", "id", "until_error")


# command -> (fields besides "cmd" and "id", one-line help)
COMMANDS: Commands = {
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
        self.fields = Fields()
        self._handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            name: getattr(self, f"_cmd_{name}") for name in COMMANDS
        }

    # ------------------------------------------------------------------ entry points
    def handle(self, line: str | bytes) -> dict[str, Any]:
        """Answer one request line (a request or a batch) with a reply dict; never raises."""
        try:
            request = self._parse(line)
        except RequestError as exc:
            return self.answer(exc)
        if "batch" in request and "cmd" not in request:
            return self.answer(request, self._batch)
        return self.answer(request)

    def answer(
        self,
        request: Any,
        how: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """The reply to a parsed ``request`` (carried out by ``how``, by default
        :meth:`request`), or to the RequestError of a line that did not parse."""
        try:
            if isinstance(request, RequestError):
                raise request
            reply = {"ok": True, **(how or self.request)(request)}
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

    def _batch(self, request: dict[str, Any]) -> dict[str, Any]:
        """A batch line's replies: each request answered as on a line of its own (so with
        the same view rules), in order; after ``quit``, or a failure with ``until_error``,
        the rest are not carried out."""
        batch = self._batch_list(request)
        replies = []
        for item in batch:
            if not isinstance(item, dict):
                what = f"not a JSON {json_type(item)}"
                error = RequestError(f"a batch item must be a request object, {what}", "request")
                reply = self.answer(error)
            elif "batch" in item and "cmd" not in item:
                reply = self.answer(RequestError("a batch may not hold a batch", "request"))
            else:
                reply = self.answer(item)
            replies.append(reply)
            if not self.running or (request.get("until_error") is True and not reply["ok"]):
                break
        return {"replies": replies}

    def _batch_list(self, request: dict[str, Any]) -> list[Any]:
        """The ``batch`` field, checked (with the line's other fields)."""
        extra = sorted(set(request) - set(BATCH_FIELDS))
        if extra:
            raise self._field_error(
                f"unknown field '{extra[0]}' for a batch (its fields: 'batch', 'id', "
                "'until_error')",
                extra[0],
            )
        until = request.get("until_error", False)
        if type(until) is not bool:
            raise self._field_error(
                f"field 'until_error' must be true or false, not {show(until)}", "until_error"
            )
        batch = request["batch"]
        if not isinstance(batch, list) or not 1 <= len(batch) <= MAX_BATCH:
            raise self._field_error(
                f"field 'batch' must be a list of 1-{MAX_BATCH} requests, not "
                + (f"a list of {len(batch)}" if isinstance(batch, list) else show(batch)),
                "batch",
            )
        return batch

    def _field_error(self, message: str, field: str) -> RequestError:
        return RequestError(message, "field", field if self.protocol >= 2 else None)

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        """Carry out a parsed request; return the reply fields besides ``ok`` and ``id``.

        Raises RequestError or BazaarError; on error the game is as it was.
        """
        if request.get("cmd", MISSING) == "hello" or self.protocol >= 2:
            return self._version_2().request(request)
        cmd = self.fields.command(request, COMMANDS, '{"cmd": "games"}')
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
                f"not a JSON {json_type(request)}",
                "request",
            )
        return request

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
            f"not {show(value)}",
            "field",
        )

    # ------------------------------------------------------------------ reply parts
    @staticmethod
    def _turn(state: State) -> dict[str, Any]:
        return {"to_move": state.to_move(), "legal": state.legal_notations()}

    # ------------------------------------------------------------------ commands
    def _cmd_help(self, req: dict[str, Any]) -> dict[str, Any]:
        return {
            "engine": "bazaar",
            "version": __version__,
            "protocol": PROTOCOL,
            "games": game_ids(),
            "commands": command_help(COMMANDS),
        }

    def _cmd_games(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"games": [game.info() for game in all_games()]}

    def _cmd_new(self, req: dict[str, Any]) -> dict[str, Any]:
        game = get_game(self.fields.game_id(req))
        span = f"{game.min_players}-{game.max_players}"
        players = self.fields.integer(req, "players", MISSING, f"the number of players, {span}")
        seed = self.fields.seed(req)
        options = self.fields.options(req)
        seats = self.fields.names(req, "seats", players)
        match = Match.new(game, players, seed, options, seats)
        self.match = match
        return {**about(match), **self._turn(match.state)}

    def _cmd_legal(self, req: dict[str, Any]) -> dict[str, Any]:
        state = need_match(self.match).state
        numbers = state.legal_actions()
        return {
            "to_move": state.to_move(),
            "actions": [state.notation(a) for a in numbers],
            "numbers": numbers,
        }

    def _cmd_check(self, req: dict[str, Any]) -> dict[str, Any]:
        state = need_match(self.match).state
        action = self._action(req, state)
        return {"action": state.notation(action), "number": action, "by": state.to_move()}

    def _cmd_play(self, req: dict[str, Any]) -> dict[str, Any]:
        match = need_match(self.match)
        state = match.state
        seat = self.fields.seat(req, state)
        lang = self.fields.lang(req)
        action = self._action(req, state)
        mover = state.to_move()
        public = state.public_notation(action)
        events = play_or_restore(match, action)
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
            "events": event_list(match.game, events, seat, lang),
            **turn,
            "over": state.is_over(),
        }

    def _cmd_undo(self, req: dict[str, Any]) -> dict[str, Any]:
        match = need_match(self.match)
        record = match.record
        count = self.fields.integer(req, "count", 1, "how many actions to take back")
        if not 1 <= count <= len(record.actions):
            raise RequestError(
                f"field 'count' is {count}, but the actions that can be taken back: "
                f"{len(record.actions)}",
                "field",
            )
        self.match = take_back(match, count)
        return {"undone": record.actions[-count:], **self._turn(self.match.state)}

    def _cmd_view(self, req: dict[str, Any]) -> dict[str, Any]:
        state = need_match(self.match).state
        seat = self.fields.seat(req, state)
        return {"view": state.full_view() if seat is MISSING else state.view(seat)}

    def _cmd_result(self, req: dict[str, Any]) -> dict[str, Any]:
        return {**result(need_match(self.match).state)}

    def _cmd_record(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"record": need_match(self.match).record.to_json()}

    def _cmd_load(self, req: dict[str, Any]) -> dict[str, Any]:
        match = self.match = self.fields.record(req)
        return {
            **about(match),
            "actions": len(match.record.actions),
            **self._turn(match.state),
        }

    def _cmd_log(self, req: dict[str, Any]) -> dict[str, Any]:
        match = need_match(self.match)
        seat = self.fields.seat(req, match.state)
        lang = self.fields.lang(req)
        log = []
        for n, (mover, _, text, public, events) in enumerate(replayed(match), 1):
            hidden = seat is not MISSING and seat != mover
            shown = public if hidden else text
            shown_events = event_list(match.game, events, seat, lang)
            log.append({"n": n, "by": mover, "action": shown, "events": shown_events})
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
