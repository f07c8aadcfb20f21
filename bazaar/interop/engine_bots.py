"""Engine protocol v2's built-in bots: the ``bot``, ``hint`` and ``analysis`` commands.

A bot or hint decides from the mover's information only: it searches a determinization of
the state for the mover, seeded by :func:`search_seed`. The game commands around them are in
:mod:`bazaar.interop.engine_v2`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bazaar.core.rng import Rng
from bazaar.i18n import t
from bazaar.interop.engine_fields import LANGS, MISSING, RequestError, show

if TYPE_CHECKING:
    from bazaar.interop.engine_v2 import Version2

#: The levels a ``bot`` plays at: two instant bots and the three ISMCTS levels.
BOT_LEVELS = ("random", "heuristic", "easy", "medium", "hard")
#: The levels of a search (``hint``, ``analysis``, and ``bot`` budgets).
SEARCH_LEVELS = ("easy", "medium", "hard")
#: The largest search budgets a request may ask for.
MAX_ITERATIONS = 100_000
MAX_MILLIS = 60_000
#: ``hint`` gives at most this many moves; ``analysis`` samples at most this many positions;
#: the estimator weighs a move over at most this many determinizations (``samples``).
MAX_TOP = 20
MAX_POINTS = 500
MAX_SAMPLES = 1000
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def search_seed(seed: int, moves: int) -> int:
    """The seed of a bot's or hint's choices: from the request's ``seed`` and the number of
    actions played, so one seed gives every turn of a game its own, reproducible choices."""
    return Rng((seed & _MASK) ^ ((moves * _GOLDEN) & _MASK)).next64()


def levels() -> list[dict[str, Any]]:
    """The ``levels`` of the ``games`` reply: each level's name and description."""
    from bazaar.bots.levels import BOT_DESCRIPTIONS, BOT_NAMES

    out = []
    for level in BOT_LEVELS:
        spec = level if level in ("random", "heuristic") else f"ismcts:{level}"
        out.append(
            {
                "level": level,
                "search": level in SEARCH_LEVELS,
                "name": {lang: t(BOT_NAMES[spec], lang) for lang in LANGS},
                "about": {lang: t(BOT_DESCRIPTIONS[spec], lang) for lang in LANGS},
            }
        )
    return out


# ---------------------------------------------------------------------- fields
def _level(req: dict[str, Any], levels: tuple[str, ...], default: str) -> str:
    level = req.get("level", MISSING)
    if level is MISSING or level is None:
        return default
    if not isinstance(level, str) or level.strip().lower() not in levels:
        choices = ", ".join(show(x) for x in levels)
        raise RequestError(
            f"field 'level' must be one of {choices}, not {show(level)}", "field", "level"
        )
    return level.strip().lower()


def _budget(session: Version2, req: dict[str, Any], level: str, game_id: str) -> Any:
    """The search settings of ``level`` with the request's ``iterations``/``millis``."""
    from bazaar.bots.levels import level_settings

    iterations = session.fields.integer(
        req, "iterations", None, "a search budget in playouts", 1, MAX_ITERATIONS
    )
    millis = req.get("millis", MISSING)
    if millis is MISSING or millis is None:
        millis = None
    elif type(millis) not in (int, float) or not 0 < millis <= MAX_MILLIS or millis != millis:
        raise RequestError(
            f"field 'millis' must be a number of milliseconds above 0 and at most "
            f"{MAX_MILLIS}, not {show(millis)}",
            "field",
            "millis",
        )
    if level not in SEARCH_LEVELS:
        for name, value in (("iterations", iterations), ("millis", millis)):
            if value is not None:
                raise RequestError(
                    f"field '{name}' is a search budget: it needs a level of "
                    f"{', '.join(SEARCH_LEVELS)}, not {show(level)}",
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


# ---------------------------------------------------------------------- commands
def bot(session: Version2, req: dict[str, Any]) -> dict[str, Any]:
    """``bot``: a built-in bot's move for the seat to move (played with ``"play": true``)."""
    from bazaar.bots.heuristics import HeuristicBot
    from bazaar.bots.levels import LevelBot
    from bazaar.bots.random_bot import RandomBot

    fields = session.fields
    match = session.need_match()
    state = match.state
    play = fields.flag(req, "play")
    seat = fields.seat(req, state, public=False)
    level = _level(req, BOT_LEVELS, "medium")
    seed = fields.seed(req)
    lang = fields.lang(req)
    settings = _budget(session, req, level, state.game.id)
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
        return {"level": level, **session.play(match, action, seat, lang)}
    move: dict[str, Any] = {
        "index": state.legal_actions().index(action),
        "action": action,
        "notation": state.notation(action),
    }
    if lang:
        move["text"] = session.words(state, action, lang, state.view(mover))
    return {"level": level, "by": mover, "move": move}


def _samples(session: Version2, req: dict[str, Any], level: str) -> Any:
    """The level's name, or with ``samples`` a settings dict holding them."""
    samples = session.fields.integer(
        req, "samples", None, "determinizations per move", 1, MAX_SAMPLES
    )
    return level if samples is None else {"samples": samples}


def hint(session: Version2, req: dict[str, Any]) -> dict[str, Any]:
    """``hint``: the best moves for the seat to move, with win chances and words."""
    from bazaar.bots.advice import hint as advise

    fields = session.fields
    match = session.need_match()
    state = match.state
    session.mover_seat(req, state, "hints are for the seat to move")
    level = _level(req, SEARCH_LEVELS, "medium")
    top = fields.integer(req, "top", 3, "how many moves to give", 1, MAX_TOP)
    settings = _samples(session, req, level)
    if state.to_move() is None:
        raise RequestError("the game is over: there is no move to hint", "game-over")
    return {"level": level, "by": state.to_move(), "hints": advise(state, None, settings, top)}


def analysis(session: Version2, req: dict[str, Any]) -> dict[str, Any]:
    """``analysis``: a finished game's win curve, turning points and a seat's mistakes."""
    from bazaar.bots.analysis import CURVE_POINTS, analyse_game

    fields = session.fields
    match = session.need_match()
    state = match.state
    seat = fields.seat(req, state, public=False)
    if seat is MISSING:
        raise RequestError(
            f"missing field 'seat' (whose decisions to judge, 0-{state.num_players - 1})",
            "field",
            "seat",
        )
    level = _level(req, SEARCH_LEVELS, "easy")
    points = fields.integer(req, "points", CURVE_POINTS, "positions sampled", 1, MAX_POINTS)
    settings = _samples(session, req, level)
    if not state.is_over():
        raise RequestError(
            "the game is not over: an analysis judges a finished game (its whole record "
            "is public only then)",
            "not-over",
        )
    return {"level": level, "analysis": analyse_game(match.record, seat, settings, points)}
