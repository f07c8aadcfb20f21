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
from bazaar.core.errors import BadName, BadOptions, BadRecord, BazaarError, IllegalAction
from bazaar.core.game import Event, State
from bazaar.core.names import check_name
from bazaar.core.record import SEED_LIMIT, SEED_MIN, GameRecord, Match
from bazaar.core.registry import all_games, game_ids, get_game
from bazaar.core.rng import Rng
from bazaar.i18n import t
from bazaar.interop.engine import LANGS, MISSING, PROTOCOLS, RequestError, _show

if TYPE_CHECKING:
    from bazaar.interop.engine import Engine

#: The levels a ``bot`` plays at: two instant bots and the three ISMCTS levels.
BOT_LEVELS = ("random", "heuristic", "easy", "medium", "hard")
#: The levels of a search (``hint``, ``analysis``, and ``bot`` budgets).
SEARCH_LEVELS = ("easy", "medium", "hard")
#: The largest search budgets a request may ask for.
MAX_ITERATIONS = 100_000
MAX_MILLIS = 60_000
#: ``hint`` gives at most this many moves; ``analysis`` samples at most this many positions
#: with at most this many playouts each.
MAX_TOP = 20
MAX_POINTS = 500
MAX_PLAYOUTS = 1000
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

# command -> (fields besides "cmd" and "id", one-line help)
COMMANDS_V2: dict[str, tuple[tuple[str, ...], str]] = {
    "hello": (("protocol",), "pick the protocol version of this session (1 or 2)"),
    "help": ((), "the protocol version and this list of commands"),
    "games": ((), "the games (names, player counts, rule options with labels) and bot levels"),
    "new": (
        ("game", "players", "seed", "options", "names"),
        "start a game: game id, players, seed (default 0), options (default {}), names",
    ),
    "legal": (("seat", "lang"), "the seat to move and its legal moves (index, action, notation)"),
    "check": (
        ("index", "action", "notation", "seat"),
        "validate a move (by index, action number or notation) without playing it",
    ),
    "play": (
        ("index", "action", "notation", "seat", "lang"),
        "play a move of the seat to move; its events, the next seat to move and its moves",
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
        ("level", "seed", "iterations", "millis", "top", "seat"),
        "the best moves for the seat to move, with win chances and words",
    ),
    "analysis": (
        ("seat", "level", "seed", "iterations", "millis", "playouts", "points"),
        "a finished game: win curve, turning points, a seat's decisions and mistakes",
    ),
    "quit": ((), "reply and stop reading input"),
}
COMMAND_LIST_V2 = ", ".join(COMMANDS_V2)
MOVE_FIELDS = ("index", "action", "notation")


def search_seed(seed: int, moves: int) -> int:
    """The seed of a bot's or hint's choices: from the request's ``seed`` and the number of
    actions played, so one seed gives every turn of a game its own, reproducible choices."""
    return Rng((seed & _MASK) ^ ((moves * _GOLDEN) & _MASK)).next64()


class Version2:
    """The protocol 2 commands of one :class:`~bazaar.interop.engine.Engine` session."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            name: getattr(self, f"_cmd_{name}") for name in COMMANDS_V2
        }

    # ------------------------------------------------------------------ dispatch
    def request(self, req: dict[str, Any]) -> dict[str, Any]:
        """Carry out a parsed request; raise RequestError/BazaarError, changing nothing."""
        cmd = req.get("cmd", MISSING)
        if cmd is MISSING:
            raise RequestError(
                'missing field \'cmd\': say what to do, e.g. {"cmd": "legal"} '
                f"(commands: {COMMAND_LIST_V2})",
                field="cmd",
            )
        if not isinstance(cmd, str):
            raise RequestError(f"field 'cmd' must be a string, not {_show(cmd)}", "field", "cmd")
        if cmd not in COMMANDS_V2:
            raise RequestError(
                f"unknown command {_show(cmd)} (commands: {COMMAND_LIST_V2})",
                "unknown-command",
                "cmd",
            )
        fields = COMMANDS_V2[cmd][0]
        extra = sorted(set(req) - {"cmd", "id", *fields})
        if extra:
            allowed = ", ".join(f"'{f}'" for f in ("id", *fields))
            raise RequestError(
                f"unknown field '{extra[0]}' for command '{cmd}' (its fields: {allowed})",
                "field",
                extra[0],
            )
        return self._handlers[cmd](req)

    # ------------------------------------------------------------------ fields
    @staticmethod
    def _int(req: dict[str, Any], name: str, default: Any, what: str, low: int, high: int) -> Any:
        """An integer field in ``low..high`` (MISSING ``default``: required)."""
        value = req.get(name, MISSING)
        if value is MISSING or (value is None and default is not MISSING):
            if default is MISSING:
                raise RequestError(f"missing field '{name}' ({what})", "field", name)
            return default
        if type(value) is not int:
            raise RequestError(
                f"field '{name}' must be an integer ({what}), not {_show(value)}", "field", name
            )
        if not low <= value <= high:
            raise RequestError(
                f"field '{name}' is {value}, but it must be from {low} to {high} ({what})",
                "field",
                name,
            )
        return value

    @staticmethod
    def _seed(req: dict[str, Any]) -> int:
        seed = req.get("seed", MISSING)
        if seed is MISSING or seed is None:
            return 0
        if type(seed) is not int or not SEED_MIN <= seed < SEED_LIMIT:
            raise RequestError(
                f"field 'seed' must be an integer from -2**63 to 2**64 - 1, not {_show(seed)}",
                "field",
                "seed",
            )
        return seed

    @staticmethod
    def _lang(req: dict[str, Any]) -> str | None:
        lang = req.get("lang", MISSING)
        if lang is MISSING or lang is None:
            return None
        if lang not in LANGS:
            choices = ", ".join(_show(x) for x in LANGS)
            raise RequestError(
                f"field 'lang' must be one of {choices}, not {_show(lang)}", "field", "lang"
            )
        return str(lang)

    @staticmethod
    def _seat(req: dict[str, Any], state: State, public: bool) -> Any:
        """The ``seat`` field: MISSING, a seat number, or (``public``) None for the public."""
        seat = req.get("seat", MISSING)
        if seat is MISSING or (seat is None and public):
            return seat
        last = state.num_players - 1
        if type(seat) is not int:
            kind = " or null (public)" if public else ""
            raise RequestError(
                f"field 'seat' must be a seat number 0-{last}{kind}, not {_show(seat)}",
                "field",
                "seat",
            )
        if not 0 <= seat <= last:
            raise RequestError(
                f"field 'seat' is {seat}, but this game has seats 0-{last}", "field", "seat"
            )
        return seat

    @staticmethod
    def _mover_seat(req: dict[str, Any], state: State, what: str) -> Any:
        """The ``seat`` field of a request only the seat to move may make."""
        seat = Version2._seat(req, state, public=False)
        mover = state.to_move()
        if seat is not MISSING and mover is not None and seat != mover:
            raise RequestError(
                f"field 'seat' is {seat}, but seat {mover} is to move: {what}", "turn", "seat"
            )
        return seat

    @staticmethod
    def _flag(req: dict[str, Any], name: str) -> bool:
        value = req.get(name, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise RequestError(
                f"field '{name}' must be true or false, not {_show(value)}", "field", name
            )
        return value

    def _level(self, req: dict[str, Any], levels: tuple[str, ...], default: str) -> str:
        level = req.get("level", MISSING)
        if level is MISSING or level is None:
            return default
        if not isinstance(level, str) or level.strip().lower() not in levels:
            choices = ", ".join(_show(x) for x in levels)
            raise RequestError(
                f"field 'level' must be one of {choices}, not {_show(level)}", "field", "level"
            )
        return level.strip().lower()

    def _budget(self, req: dict[str, Any], level: str, game_id: str) -> Any:
        """The search settings of ``level`` with the request's ``iterations``/``millis``."""
        from bazaar.bots.levels import level_settings

        iterations = self._int(
            req, "iterations", None, "a search budget in playouts", 1, MAX_ITERATIONS
        )
        millis = req.get("millis", MISSING)
        if millis is MISSING or millis is None:
            millis = None
        elif type(millis) not in (int, float) or not 0 < millis <= MAX_MILLIS or millis != millis:
            raise RequestError(
                f"field 'millis' must be a number of milliseconds above 0 and at most "
                f"{MAX_MILLIS}, not {_show(millis)}",
                "field",
                "millis",
            )
        if level not in SEARCH_LEVELS:
            for name, value in (("iterations", iterations), ("millis", millis)):
                if value is not None:
                    raise RequestError(
                        f"field '{name}' is a search budget: it needs a level of "
                        f"{', '.join(SEARCH_LEVELS)}, not {_show(level)}",
                        "field",
                        name,
                    )
            return level
        if iterations is None and millis is None:
            return level
        settings = level_settings(level, game_id)
        settings["iterations"] = iterations
        settings["millis"] = None if millis is None else float(millis)
        return settings

    def _need_match(self) -> Match:
        match: Match | None = self.engine.match
        if match is None:
            raise RequestError(
                'no game yet: start one with {"cmd": "new", "game": "buy-low-sell-high", '
                '"players": 3} or {"cmd": "load", "record": {...}}',
                "no-game",
            )
        return match

    def _chosen(self, req: dict[str, Any], state: State) -> tuple[int, str]:
        """The move of a ``play`` or ``check``: (action number, the field that named it)."""
        given = [name for name in MOVE_FIELDS if req.get(name, MISSING) is not MISSING]
        if not given:
            raise RequestError(
                "missing field 'index' (the move's place in 'legal'), 'action' (its action "
                "number) or 'notation' (its text, such as \"pass\"): give one",
                "field",
                "index",
            )
        if len(given) > 1:
            raise RequestError(
                f"give only one of 'index', 'action' and 'notation', not both "
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
                        f"not {_show(value)}",
                        "field",
                        name,
                    )
                return state.parse(value), name
            if type(value) is not int:
                what = "a place in the 'legal' list" if name == "index" else "an action number"
                raise RequestError(
                    f"field '{name}' must be an integer ({what}), not {_show(value)}",
                    "field",
                    name,
                )
            if name == "action":
                state.check(value)
                return value, name
            legal = state.legal_actions()
            if not legal:
                state.check(0)  # the game is over: the game's own refusal
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
    def _words(state: State, action: int, lang: str, view: dict[str, Any] | None) -> str:
        return describe.describe_action(state.game.id, action, lang, view) or state.notation(action)

    def _moves(self, state: State, lang: str | None) -> list[dict[str, Any]]:
        """The mover's legal moves: index, action number, notation (and words in ``lang``)."""
        mover = state.to_move()
        if mover is None:
            return []
        view = state.view(mover) if lang else None
        out = []
        for i, action in enumerate(state.legal_actions()):
            move: dict[str, Any] = {
                "index": i,
                "action": action,
                "notation": state.notation(action),
            }
            if lang:
                move["text"] = self._words(state, action, lang, view)
            out.append(move)
        return out

    def _turn(self, state: State, seat: Any = MISSING, lang: str | None = None) -> dict[str, Any]:
        """``to_move`` and its ``legal`` moves; empty for a ``seat`` that is not to move."""
        mover = state.to_move()
        shown = seat is MISSING or seat == mover
        return {"to_move": mover, "legal": self._moves(state, lang) if shown else []}

    @staticmethod
    def _about(match: Match) -> dict[str, Any]:
        record = match.record
        return {
            "game": record.game,
            "players": record.players,
            "seed": record.seed,
            "options": dict(match.state.options),
            "names": list(record.seats),
        }

    @staticmethod
    def _events(
        match: Match, events: list[Event], seat: Any, lang: str | None
    ) -> list[dict[str, Any]]:
        out = []
        for event in events:
            if seat is not MISSING and not event.visible_to(seat):
                continue
            data = event.to_json()
            if lang is not None:
                data["text"] = match.game.describe_event(event, lang)
            out.append(data)
        return out

    def _play(self, match: Match, action: int, seat: Any, lang: str | None) -> dict[str, Any]:
        """Play ``action`` (legal) and answer as ``seat`` sees it (MISSING: the referee)."""
        state = match.state
        mover = state.to_move()
        legal = state.legal_actions()
        notation = state.notation(action)
        public = state.public_notation(action)
        move: dict[str, Any] = {"index": legal.index(action), "action": action}
        move["notation"] = notation
        if seat is not MISSING and seat != mover:
            # another seat's move: no index (it would tell the mover's choices apart) and,
            # for a private choice, only its public notation
            move["index"] = None
            if public != notation:
                move.update(action=None, notation=public)
        if lang:
            if move["action"] is None:
                move["text"] = None
            else:
                hidden = seat is not MISSING and seat != mover
                view = state.view(None if hidden else mover)
                move["text"] = self._words(state, action, lang, view)
        backup = state.clone()
        done = len(match.record.actions)
        try:
            events = match.play(action)
        except Exception:
            # apply() validates before it mutates, so only a bug gets here: put the game back
            match.state = backup
            del match.record.actions[done:]
            raise
        return {
            "move": move,
            "by": mover,
            "events": self._events(match, events, seat, lang),
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
                f"field 'protocol' is {_show(version)}, but this engine speaks protocol "
                f"{supported}",
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
            "commands": {
                name: {"fields": list(fields), "help": text}
                for name, (fields, text) in COMMANDS_V2.items()
            },
        }

    def _cmd_games(self, req: dict[str, Any]) -> dict[str, Any]:
        from bazaar.bots.levels import BOT_DESCRIPTIONS, BOT_NAMES

        levels = []
        for level in BOT_LEVELS:
            spec = level if level in ("random", "heuristic") else f"ismcts:{level}"
            levels.append(
                {
                    "level": level,
                    "search": level in SEARCH_LEVELS,
                    "name": {lang: t(BOT_NAMES[spec], lang) for lang in LANGS},
                    "about": {lang: t(BOT_DESCRIPTIONS[spec], lang) for lang in LANGS},
                }
            )
        return {"games": [game.info() for game in all_games()], "levels": levels}

    def _cmd_new(self, req: dict[str, Any]) -> dict[str, Any]:
        ids = ", ".join(game_ids())
        game_id = req.get("game", MISSING)
        if game_id is MISSING:
            raise RequestError(f"missing field 'game' (a game id: {ids})", "field", "game")
        if not isinstance(game_id, str):
            raise RequestError(
                f"field 'game' must be a game id string ({ids}), not {_show(game_id)}",
                "field",
                "game",
            )
        try:
            game = get_game(game_id)
        except BazaarError as exc:
            raise RequestError(exc.message, exc.rule, "game") from exc
        span = f"the number of players, {game.min_players}-{game.max_players}"
        players = self._int(req, "players", MISSING, span, game.min_players, game.max_players)
        seed = self._seed(req)
        options = req.get("options", {})
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RequestError(
                f"field 'options' must be an object of rule options, not {_show(options)}",
                "field",
                "options",
            )
        names = req.get("names", [])
        if names is None:
            names = []
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise RequestError(
                f"field 'names' must be a list of player names, not {_show(names)}",
                "field",
                "names",
            )
        if names and len(names) != players:
            raise RequestError(
                f"field 'names' names {len(names)} players, but 'players' is {players}",
                "field",
                "names",
            )
        checked = []
        for i, name in enumerate(names):
            try:
                checked.append(check_name(name, allow_empty=True))
            except BadName as exc:
                raise RequestError(
                    f"field 'names': seat {i}: {exc.message}", "name", "names"
                ) from exc
        try:
            match = Match.new(game, players, seed, options, checked)
        except BadOptions as exc:
            raise RequestError(exc.message, "options", "options") from exc
        self.engine.match = match
        return {**self._about(match), **self._turn(match.state)}

    def _cmd_legal(self, req: dict[str, Any]) -> dict[str, Any]:
        state = self._need_match().state
        seat = self._seat(req, state, public=False)
        return self._turn(state, seat, self._lang(req))

    def _cmd_check(self, req: dict[str, Any]) -> dict[str, Any]:
        state = self._need_match().state
        self._mover_seat(req, state, "only the seat to move may check its moves")
        action, _ = self._chosen(req, state)
        legal = state.legal_actions()
        move = {"index": legal.index(action), "action": action, "notation": state.notation(action)}
        return {"move": move, "by": state.to_move()}

    def _cmd_play(self, req: dict[str, Any]) -> dict[str, Any]:
        match = self._need_match()
        state = match.state
        seat = self._mover_seat(req, state, "a seat plays only its own moves")
        lang = self._lang(req)
        action, _ = self._chosen(req, state)
        return self._play(match, action, seat, lang)

    def _cmd_view(self, req: dict[str, Any]) -> dict[str, Any]:
        state = self._need_match().state
        seat = self._seat(req, state, public=True)
        return {"view": state.full_view() if seat is MISSING else state.view(seat)}

    def _cmd_result(self, req: dict[str, Any]) -> dict[str, Any]:
        state = self._need_match().state
        return {
            "over": state.is_over(),
            "scores": state.scores(),
            "winners": state.winners(),
            "returns": state.returns(),
        }

    def _cmd_undo(self, req: dict[str, Any]) -> dict[str, Any]:
        match = self._need_match()
        record = match.record
        played = len(record.actions)
        if not played:
            raise RequestError("no action to take back: none has been played", "field", "count")
        count = self._int(req, "count", 1, "how many actions to take back", 1, played)
        keep = record.actions[: played - count]
        shorter = GameRecord(
            record.game, record.players, record.seed, dict(record.options), keep, record.seats
        )
        self.engine.match = Match.from_record(shorter)
        return {"undone": record.actions[len(keep) :], **self._turn(self.engine.match.state)}

    def _cmd_record(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"record": self._need_match().record.to_json()}

    def _cmd_load(self, req: dict[str, Any]) -> dict[str, Any]:
        data = req.get("record", MISSING)
        if data is MISSING:
            raise RequestError(
                "missing field 'record' (a game record object, as the 'record' command returns)",
                "field",
                "record",
            )
        try:
            record = GameRecord.from_json(data)
            match = Match.from_record(record)
        except BadRecord as exc:
            raise RequestError(exc.message, "record", "record") from exc
        except BazaarError as exc:
            message = f"record cannot start a game: {exc.message}"
            raise RequestError(message, "record", "record") from exc
        self.engine.match = match
        return {
            **self._about(match),
            "actions": len(match.record.actions),
            **self._turn(match.state),
        }

    def _cmd_log(self, req: dict[str, Any]) -> dict[str, Any]:
        match = self._need_match()
        seat = self._seat(req, match.state, public=True)
        lang = self._lang(req)
        record = match.record
        replay = Match.new(match.game, record.players, record.seed, record.options)
        log = []
        for n, text in enumerate(record.actions, 1):
            mover = replay.state.to_move()
            action = replay.state.parse(text)
            entry: dict[str, Any] = {"n": n, "by": mover, "action": action, "notation": text}
            public = replay.state.public_notation(action)
            if seat is not MISSING and seat != mover and public != text:
                entry.update(action=None, notation=public)
            entry["events"] = self._events(match, replay.play(action), seat, lang)
            log.append(entry)
        return {"log": log}

    def _cmd_bot(self, req: dict[str, Any]) -> dict[str, Any]:
        from bazaar.bots.heuristics import HeuristicBot
        from bazaar.bots.levels import LevelBot
        from bazaar.bots.random_bot import RandomBot

        match = self._need_match()
        state = match.state
        play = self._flag(req, "play")
        seat = self._seat(req, state, public=False)
        level = self._level(req, BOT_LEVELS, "medium")
        seed = self._seed(req)
        lang = self._lang(req)
        settings = self._budget(req, level, state.game.id)
        mover = state.to_move()
        if mover is None:
            raise RequestError("the game is over: there is no move to choose", "game-over")
        if seat is not MISSING and seat != mover and not play:
            raise RequestError(
                f"field 'seat' is {seat}, but seat {mover} is to move: a suggestion for seat "
                f'{mover} would show its cards; ask with "play": true to have the bot play '
                "that move, or without 'seat'",
                "turn",
                "seat",
            )
        mixed = search_seed(seed, len(match.record.actions))
        world = state.determinize(mover, Rng(mixed))  # the mover's information only
        if level == "random":
            action = RandomBot(mixed).choose(world)
        elif level == "heuristic":
            action = HeuristicBot(mixed).choose(world)
        else:
            action = LevelBot(settings, mixed).choose(world)
        if play:
            return {"level": level, **self._play(match, action, seat, lang)}
        move: dict[str, Any] = {
            "index": state.legal_actions().index(action),
            "action": action,
            "notation": state.notation(action),
        }
        if lang:
            move["text"] = self._words(state, action, lang, state.view(mover))
        return {"level": level, "by": mover, "move": move}

    def _cmd_hint(self, req: dict[str, Any]) -> dict[str, Any]:
        from bazaar.bots.advice import hint

        match = self._need_match()
        state = match.state
        self._mover_seat(req, state, "hints are for the seat to move")
        level = self._level(req, SEARCH_LEVELS, "medium")
        seed = self._seed(req)
        top = self._int(req, "top", 3, "how many moves to give", 1, MAX_TOP)
        settings = self._budget(req, level, state.game.id)
        mover = state.to_move()
        if mover is None:
            raise RequestError("the game is over: there is no move to hint", "game-over")
        mixed = search_seed(seed, len(match.record.actions))
        world = state.determinize(mover, Rng(mixed))  # the mover's information only
        moves = hint(world, mover, settings, top, mixed)
        return {"level": level, "by": mover, "hints": moves}

    def _cmd_analysis(self, req: dict[str, Any]) -> dict[str, Any]:
        from bazaar.bots.analysis import CURVE_PLAYOUTS, CURVE_POINTS, analyse_game

        match = self._need_match()
        state = match.state
        seat = self._seat(req, state, public=False)
        if seat is MISSING:
            raise RequestError(
                f"missing field 'seat' (whose decisions to judge, 0-{state.num_players - 1})",
                "field",
                "seat",
            )
        level = self._level(req, SEARCH_LEVELS, "easy")
        seed = self._seed(req)
        playouts = self._int(
            req, "playouts", CURVE_PLAYOUTS, "playouts per sampled position", 1, MAX_PLAYOUTS
        )
        points = self._int(req, "points", CURVE_POINTS, "positions sampled", 1, MAX_POINTS)
        settings = self._budget(req, level, state.game.id)
        if not state.is_over():
            raise RequestError(
                "the game is not over: an analysis judges a finished game (its whole record "
                "is public only then)",
                "not-over",
            )
        analysis = analyse_game(match.record, seat, settings, seed, playouts, points)
        return {"level": level, "analysis": analysis}

    def _cmd_quit(self, req: dict[str, Any]) -> dict[str, Any]:
        self.engine.running = False
        return {"bye": True}
