"""Engine protocol v2: the commands a session speaks after ``{"cmd": "hello", "protocol": 2}``.

Protocol 1 (:mod:`bazaar.interop.engine`) stays exactly as it was; a session switches with
``hello`` and may switch back. Version 2 names things one way everywhere (``action`` is the
integer action number, ``notation`` its text, ``index`` its place in the ``legal`` list,
``text`` the move in words), gives every error the ``field`` at fault, and adds the built-in
bots: ``bot`` (a move at a level), ``hint`` (the best moves, in words) and ``analysis`` (a
finished game). A request's ``seat`` is who asks: the reply never holds what that seat may not
see, and a bot or hint decides from the mover's information only (a determinization of the
state for the mover). The protocol with examples: ``docs/engine.md``, "Version 2".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bazaar import __version__
from bazaar.core import describe
from bazaar.core.errors import BadOptions, BazaarError, IllegalAction
from bazaar.core.game import State
from bazaar.core.record import Match
from bazaar.core.registry import all_games, game_ids, get_game
from bazaar.interop import engine_bots, engine_plays
from bazaar.interop import engine_steps as steps
from bazaar.interop.engine_bots import BOT_LEVELS, SEARCH_LEVELS, search_seed
from bazaar.interop.engine_fields import MISSING, PROTOCOLS, Commands, FieldsV2, RequestError, show
from bazaar.interop.shapes import EngineAbout, EngineMove, EngineTurn, PlayedMove

if TYPE_CHECKING:
    from bazaar.interop.engine import Engine

__all__ = ["BOT_LEVELS", "COMMANDS_V2", "SEARCH_LEVELS", "Version2", "search_seed"]

# command -> (fields besides "cmd" and "id", one-line help)
COMMANDS_V2: Commands = {
    "hello": (("protocol",), "pick the protocol version of this session (1 or 2)"),
    "help": ((), "the protocol version and this list of commands"),
    "games": ((), "the games (names, player counts, rule options with labels) and bot levels"),
    "new": (
        ("game", "players", "seed", "options", "names"),
        "start a game: game id, players, seed (default 0), options (default {}), names",
    ),
    "legal": (("seat", "lang"), "the seat to move and its legal moves (index, action, notation)"),
    "check": (
        ("index", "action", "notation", "pick", "seat"),
        "validate a move (by index, action number or notation) without playing it",
    ),
    "play": (
        ("index", "action", "notation", "pick", "seat", "lang"),
        "play a move of the seat to move; its events, the next seat to move and its moves",
    ),
    "plays": (
        ("picks", "actions", "seat"),
        "play a list of moves (picks: n modulo the legal count; or action numbers) at once",
    ),
    "view": (("seat",), "the state: no seat = full state, seat k = k's view, null = public"),
    "result": ((), "over, scores, winners, returns"),
    "undo": (("count",), "take back the last 'count' actions (default 1)"),
    "record": ((), "the game record (replays the game exactly)"),
    "load": (("record",), "replace the game by replaying a game record"),
    "log": (("seat", "lang"), "every action so far with its events (optionally in words)"),
    "bot": (
        ("level", "seed", "iterations", "millis", "play", "seat", "lang"),
        'a built-in bot\'s move for the seat to move (played at once with "play": true)',
    ),
    "hint": (
        ("level", "samples", "top", "seat"),
        "the best moves for the seat to move, with win chances and words",
    ),
    "analysis": (
        ("seat", "level", "samples", "points"),
        "a finished game: win curve, turning points, a seat's decisions and mistakes",
    ),
    "quit": ((), "reply and stop reading input"),
}
COMMAND_LIST_V2 = ", ".join(COMMANDS_V2)
MOVE_FIELDS = ("index", "action", "notation", "pick")


class Version2:
    """The protocol 2 commands of one :class:`~bazaar.interop.engine.Engine` session."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.fields = FieldsV2()
        self._handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            name: getattr(self, f"_cmd_{name}") for name in COMMANDS_V2
        }

    # ------------------------------------------------------------------ dispatch
    def request(self, req: dict[str, Any]) -> dict[str, Any]:
        """Carry out a parsed request; raise RequestError/BazaarError, changing nothing."""
        cmd = self.fields.command(req, COMMANDS_V2, '{"cmd": "legal"}')
        return self._handlers[cmd](req)

    # ------------------------------------------------------------------ fields
    def mover_seat(self, req: dict[str, Any], state: State, what: str) -> Any:
        """The ``seat`` field of a request only the seat to move may make."""
        seat = self.fields.seat(req, state, public=False)
        mover = state.to_move()
        if seat is not MISSING and mover is not None and seat != mover:
            raise RequestError(
                f"field 'seat' is {seat}, but seat {mover} is to move: {what}", "turn", "seat"
            )
        return seat

    def need_match(self) -> Match:
        """The session's game, or the ``no-game`` error."""
        return steps.need_match(self.engine.match)

    def _chosen(self, req: dict[str, Any], state: State) -> tuple[int, str]:
        """The move of a ``play`` or ``check``: (action number, the field that named it)."""
        given = [name for name in MOVE_FIELDS if req.get(name, MISSING) is not MISSING]
        if not given:
            raise RequestError(
                "missing field 'index' (the move's place in 'legal'), 'action' (its action "
                "number), 'notation' (its text, such as \"pass\") or 'pick' (any number "
                "n >= 0: legal move n modulo their count): give one",
                "field",
                "index",
            )
        if len(given) > 1:
            raise RequestError(
                f"give only one of 'index', 'action', 'notation' and 'pick', not both "
                f"'{given[0]}' and '{given[1]}'",
                "field",
                given[1],
            )
        name = given[0]
        value = req[name]
        try:
            if name == "notation":
                if not isinstance(value, str):
                    raise RequestError(
                        f"field 'notation' must be a move's text such as \"pass\", "
                        f"not {show(value)}",
                        "field",
                        name,
                    )
                return state.parse(value), name
            if type(value) is not int or (name == "pick" and value < 0):
                what = {
                    "index": "a place in the 'legal' list",
                    "action": "an action number",
                    "pick": "0 or more: legal move n modulo their count",
                }[name]
                raise RequestError(
                    f"field '{name}' must be an integer ({what}), not {show(value)}",
                    "field",
                    name,
                )
            if name == "action":
                state.check(value)
                return value, name
            legal = state.legal_actions()
            if not legal:
                state.check(0)  # the game is over: the game's own refusal
            if name == "pick":  # a client's random number: a uniform move, no legal list
                return legal[value % len(legal)], name
            if not 0 <= value < len(legal):
                raise RequestError(
                    f"field 'index' is {value}, but there are {len(legal)} legal moves "
                    f"(index 0-{len(legal) - 1})",
                    "field",
                    name,
                )
            return legal[value], name
        except IllegalAction as exc:
            raise RequestError(exc.message, "illegal", name, exc.rule) from exc

    # ------------------------------------------------------------------ reply parts
    @staticmethod
    def words(state: State, action: int, lang: str, view: dict[str, Any] | None) -> str:
        return describe.describe_action(state.game.id, action, lang, view) or state.notation(action)

    def _moves(self, state: State, lang: str | None) -> list[EngineMove]:
        """The mover's legal moves: index, action number, notation (and words in ``lang``)."""
        mover = state.to_move()
        if mover is None:
            return []
        view = state.view(mover) if lang else None
        out: list[EngineMove] = []
        for i, action in enumerate(state.legal_actions()):
            move: EngineMove = {
                "index": i,
                "action": action,
                "notation": state.notation(action),
            }
            if lang:
                move["text"] = self.words(state, action, lang, view)
            out.append(move)
        return out

    def _turn(self, state: State, seat: Any = MISSING, lang: str | None = None) -> EngineTurn:
        """``to_move`` and its ``legal`` moves; empty for a ``seat`` that is not to move."""
        mover = state.to_move()
        shown = seat is MISSING or seat == mover
        return {"to_move": mover, "legal": self._moves(state, lang) if shown else []}

    @staticmethod
    def _about(match: Match) -> EngineAbout:
        return {**steps.about(match), "names": list(match.record.seats)}

    def play(self, match: Match, action: int, seat: Any, lang: str | None) -> dict[str, Any]:
        """Play ``action`` (legal) and answer as ``seat`` sees it (MISSING: the referee)."""
        state = match.state
        mover = state.to_move()
        legal = state.legal_actions()
        notation = state.notation(action)
        public = state.public_notation(action)
        move: PlayedMove = {"index": legal.index(action), "action": action, "notation": notation}
        if seat is not MISSING and seat != mover:
            # another seat's move: no index (it would tell the mover's choices apart) and,
            # for a private choice, only its public notation
            move["index"] = None
            if public != notation:
                move["action"], move["notation"] = None, public
        if lang:
            if move["action"] is None:
                move["text"] = None
            else:
                hidden = seat is not MISSING and seat != mover
                view = state.view(None if hidden else mover)
                move["text"] = self.words(state, action, lang, view)
        events = steps.play_or_restore(match, action)
        return {
            "move": move,
            "by": mover,
            "events": steps.event_list(match.game, events, seat, lang),
            **self._turn(match.state, seat, lang),
            "over": match.state.is_over(),
        }

    # ------------------------------------------------------------------ commands
    def _cmd_hello(self, req: dict[str, Any]) -> dict[str, Any]:
        supported = ", ".join(str(p) for p in PROTOCOLS)
        version = req.get("protocol", MISSING)
        if version is MISSING:
            raise RequestError(
                f"missing field 'protocol' (the protocol version to speak: {supported})",
                "field",
                "protocol",
            )
        if type(version) is not int or version not in PROTOCOLS:
            raise RequestError(
                f"field 'protocol' is {show(version)}, but this engine speaks protocol {supported}",
                "protocol",
                "protocol",
            )
        self.engine.protocol = version
        return {
            "engine": "bazaar",
            "version": __version__,
            "protocol": version,
            "protocols": list(PROTOCOLS),
        }

    def _cmd_help(self, req: dict[str, Any]) -> dict[str, Any]:
        return {
            "engine": "bazaar",
            "version": __version__,
            "protocol": self.engine.protocol,
            "protocols": list(PROTOCOLS),
            "games": game_ids(),
            "commands": steps.command_help(COMMANDS_V2),
        }

    def _cmd_games(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"games": [game.info() for game in all_games()], "levels": engine_bots.levels()}

    def _cmd_new(self, req: dict[str, Any]) -> dict[str, Any]:
        fields = self.fields
        try:
            game = get_game(fields.game_id(req))
        except BazaarError as exc:
            raise RequestError(exc.message, exc.rule, "game") from exc
        span = f"the number of players, {game.min_players}-{game.max_players}"
        players = fields.integer(req, "players", MISSING, span, game.min_players, game.max_players)
        seed = fields.seed(req)
        options = fields.options(req)
        names = fields.names(req, "names", players)
        try:
            match = Match.new(game, players, seed, options, names)
        except BadOptions as exc:
            raise RequestError(exc.message, "options", "options") from exc
        self.engine.match = match
        return {**self._about(match), **self._turn(match.state)}

    def _cmd_legal(self, req: dict[str, Any]) -> dict[str, Any]:
        state = self.need_match().state
        seat = self.fields.seat(req, state, public=False)
        return {**self._turn(state, seat, self.fields.lang(req))}

    def _cmd_check(self, req: dict[str, Any]) -> dict[str, Any]:
        state = self.need_match().state
        self.mover_seat(req, state, "only the seat to move may check its moves")
        action, _ = self._chosen(req, state)
        legal = state.legal_actions()
        move = {"index": legal.index(action), "action": action, "notation": state.notation(action)}
        return {"move": move, "by": state.to_move()}

    def _cmd_play(self, req: dict[str, Any]) -> dict[str, Any]:
        match = self.need_match()
        state = match.state
        seat = self.mover_seat(req, state, "a seat plays only its own moves")
        lang = self.fields.lang(req)
        action, _ = self._chosen(req, state)
        return self.play(match, action, seat, lang)

    def _cmd_plays(self, req: dict[str, Any]) -> dict[str, Any]:
        return engine_plays.plays(self, req)

    def _cmd_view(self, req: dict[str, Any]) -> dict[str, Any]:
        state = self.need_match().state
        seat = self.fields.seat(req, state, public=True)
        return {"view": state.full_view() if seat is MISSING else state.view(seat)}

    def _cmd_result(self, req: dict[str, Any]) -> dict[str, Any]:
        return {**steps.result(self.need_match().state)}

    def _cmd_undo(self, req: dict[str, Any]) -> dict[str, Any]:
        match = self.need_match()
        record = match.record
        played = len(record.actions)
        if not played:
            raise RequestError("no action to take back: none has been played", "field", "count")
        count = self.fields.integer(req, "count", 1, "how many actions to take back", 1, played)
        self.engine.match = steps.take_back(match, count)
        return {"undone": record.actions[-count:], **self._turn(self.engine.match.state)}

    def _cmd_record(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"record": self.need_match().record.to_json()}

    def _cmd_load(self, req: dict[str, Any]) -> dict[str, Any]:
        match = self.engine.match = self.fields.record(req)
        return {
            **self._about(match),
            "actions": len(match.record.actions),
            **self._turn(match.state),
        }

    def _cmd_log(self, req: dict[str, Any]) -> dict[str, Any]:
        match = self.need_match()
        seat = self.fields.seat(req, match.state, public=True)
        lang = self.fields.lang(req)
        log = []
        for n, (mover, action, text, public, events) in enumerate(steps.replayed(match), 1):
            entry: dict[str, Any] = {"n": n, "by": mover, "action": action, "notation": text}
            if seat is not MISSING and seat != mover and public != text:
                entry.update(action=None, notation=public)
            entry["events"] = steps.event_list(match.game, events, seat, lang)
            log.append(entry)
        return {"log": log}

    def _cmd_bot(self, req: dict[str, Any]) -> dict[str, Any]:
        return engine_bots.bot(self, req)

    def _cmd_hint(self, req: dict[str, Any]) -> dict[str, Any]:
        return engine_bots.hint(self, req)

    def _cmd_analysis(self, req: dict[str, Any]) -> dict[str, Any]:
        return engine_bots.analysis(self, req)

    def _cmd_quit(self, req: dict[str, Any]) -> dict[str, Any]:
        self.engine.running = False
        return {"bye": True}
