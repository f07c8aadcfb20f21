"""A finished game's analysis: every seat's win chance over the game, the turning points, and
the biggest mistakes of one seat with the better move in words.

The win-chance curve asks the one estimator (:func:`bazaar.bots.estimator.win_chance`): at
each sampled position, each seat's win chance as that seat saw the game then (its own view, as
its hints did; inside an open round, such as Night Market's bidding, with the round played
out). After a move that revealed nothing new to the mover and opened no round, the mover's
point is the number its hint gave that move. The final point is the game's true result
(``State.returns()``: 1 for the winner, 0 for the others, shared on a tie). The curve is a
pure function of the record: it moves only where a move changes the estimate.

The mistakes come from :func:`bazaar.bots.advice.analyse_record`, which judges each decision
with the same estimator by what the seat could know at the time (it never looks at hidden
cards).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bazaar.bots.advice import Progress, analyse_record
from bazaar.bots.advice import decisions as seat_decisions
from bazaar.bots.estimator import win_chance
from bazaar.bots.levels import Level
from bazaar.bots.shapes import AnalysisReport, Decision, TurningPoint, WinCurve, WordedMove
from bazaar.core import describe
from bazaar.core.game import State
from bazaar.core.record import GameRecord
from bazaar.i18n import LANGS, t

#: at most this many sampled positions besides the start: every ``step``-th move
CURVE_POINTS = 50
#: a turning point moves some seat's curve by at least this much
TURN_THRESHOLD = 0.15
#: how many turning points and mistakes are picked out
TOP = 5
#: a mistake gives away at least this much win chance
MISTAKE_THRESHOLD = 0.03


def curve_moves(total: int, points: int = CURVE_POINTS) -> list[int]:
    """The move numbers sampled (0 = the start, ``total`` = the end): every ``step``-th."""
    step = max(1, math.ceil(total / max(1, points)))
    moves = list(range(0, total, step))
    return [*moves, total] if total not in moves else moves


def curve_step(total: int, points: int = CURVE_POINTS) -> int:
    return max(1, math.ceil(total / max(1, points)))


def win_chances(state: State) -> list[float]:
    """Each seat's win chance as that seat sees ``state`` (the estimator's
    :func:`~bazaar.bots.estimator.win_chance` from its own view); the game's result once it
    is over."""
    if state.is_over():
        return [round(x, 4) for x in state.returns()]
    return [round(win_chance(state, q), 4) for q in range(state.num_players)]


def curve_points(record: GameRecord, moves: Sequence[int]) -> list[list[float]]:
    """Every seat's win chance after each of ``moves`` (move numbers, ascending)."""
    wanted = set(moves)
    found: dict[int, list[float]] = {}
    for i, (state, _, _) in enumerate(record.states()):
        if i in wanted:
            found[i] = win_chances(state)
        if i >= max(moves, default=-1):
            break
    return [found[m] for m in moves]


def win_curve(
    record: GameRecord,
    points: int = CURVE_POINTS,
    progress: Progress | None = None,
    chunk: int = 5,
) -> WinCurve:
    """``{"moves", "win", "step"}``: ``win[i][seat]`` is the win chance after ``moves[i]``
    moves (in [0, 1]; the last is the result)."""
    moves = curve_moves(len(record.actions), points)
    win: list[list[float]] = []
    if progress:
        progress(0, len(moves))
    for start in range(0, len(moves), chunk):
        win.extend(curve_points(record, moves[start : start + chunk]))
        if progress:
            progress(len(win), len(moves))
    return {"moves": moves, "win": win, "step": curve_step(len(record.actions), points)}


# ---------------------------------------------------------------------- words
def _move_words(state: State, action: int, lang: str, seat: int | None) -> str:
    """A move in words as ``seat`` saw it (None: as anyone at the table saw it; zh-TW: words
    only; English: "notation (words)", or the words only for a game whose notation is for typing
    only)."""
    words = describe.describe_action(state.game.id, action, lang, state.view(seat))
    return describe.move_in_words(state.game.id, state.notation(action), words, lang)


def moves_in_words(record: GameRecord, first: int, last: int) -> list[WordedMove]:
    """Moves ``first``..``last`` (numbers from 1): ``{"index", "seat", "notation", "text"}``,
    each in words as anyone at the table saw it (so in the third person, no "you")."""
    out: list[WordedMove] = []
    for i, (state, _, _) in enumerate(record.states()):
        if i >= last:
            break
        if i + 1 >= first:
            action = state.parse(record.actions[i])
            out.append(
                {
                    "index": i + 1,
                    "seat": state.to_move(),
                    "notation": record.actions[i],
                    "text": {lang: _move_words(state, action, lang, None) for lang in LANGS},
                }
            )
    return out


def turning_points(
    record: GameRecord, curve: WinCurve, top: int = TOP, threshold: float = TURN_THRESHOLD
) -> list[TurningPoint]:
    """The ``top`` biggest steps of any seat's curve (at least ``threshold``), in game order.

    Each: ``index`` (the move number after the step), ``from`` (the sampled move before it),
    ``seat`` (whose chance moved most), ``before`` and ``after`` (that seat's chance), and
    ``moves`` (the moves of the step in words, :func:`moves_in_words`).
    """
    moves, win = curve["moves"], curve["win"]
    steps = []
    for i in range(1, len(moves)):
        change = [after - before for before, after in zip(win[i - 1], win[i], strict=True)]
        seat = max(range(len(change)), key=lambda s: (abs(change[s]), -s))
        if abs(change[seat]) >= threshold:
            steps.append((abs(change[seat]), i, seat))
    picked = sorted(steps, key=lambda s: (-s[0], s[1]))[:top]
    out: list[TurningPoint] = []
    for _, i, seat in sorted(picked, key=lambda s: s[1]):
        out.append(
            {
                "index": moves[i],
                "from": moves[i - 1],
                "seat": seat,
                "before": win[i - 1][seat],
                "after": win[i][seat],
                "moves": moves_in_words(record, moves[i - 1] + 1, moves[i]),
            }
        )
    return out


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def better_sentence(game_id: str, entry: Decision, lang: str) -> str:
    """What the better move would have changed: "about 48% to win instead of 31%, expected
    final money $85 instead of $72"."""
    label = describe.score_label(game_id, lang)
    return t(
        "about {best}% to win instead of {played}%, expected final {label} {score_best} "
        "instead of {score_played}",
        lang,
        best=round(100 * entry["win_best"]),
        played=round(100 * entry["win_played"]),
        label=label.lower() if lang == "en" else label,
        score_best=describe.format_score(game_id, entry["score_best"]),
        score_played=describe.format_score(game_id, entry["score_played"]),
    )


def worded_decisions(record: GameRecord, entries: list[Decision], seat: int) -> None:
    """Add ``played_text``, ``best_text`` and ``change_text`` ({lang: sentence}) to each entry of
    :func:`analyse_record` (in place)."""
    by_index = {e["index"]: e for e in entries}
    last = max(by_index, default=0)
    for i, (state, _, _) in enumerate(record.states()):
        if i >= last:
            break
        entry = by_index.get(i + 1)
        if entry is None:
            continue
        played, best = state.parse(entry["played"]), state.parse(entry["best"])
        entry["played_text"] = {lang: _move_words(state, played, lang, seat) for lang in LANGS}
        entry["best_text"] = {lang: _move_words(state, best, lang, seat) for lang in LANGS}
        entry["change_text"] = {lang: better_sentence(record.game, entry, lang) for lang in LANGS}


def mistakes(
    entries: list[Decision], top: int = TOP, threshold: float = MISTAKE_THRESHOLD
) -> list[Decision]:
    """The ``top`` biggest mistakes (loss at least ``threshold``), biggest first."""
    return [e for e in entries if e["loss"] >= threshold and e["played"] != e["best"]][:top]


def analyse_game(
    record: GameRecord,
    seat: int,
    level: Level = "easy",
    points: int = CURVE_POINTS,
    progress: Progress | None = None,
) -> AnalysisReport:
    """The whole analysis of ``seat``: ``{"seat", "curve", "turning_points", "decisions",
    "mistakes"}`` (``progress(done, total)`` counts sampled positions, then decisions)."""
    moves = curve_moves(len(record.actions), points)
    n_decisions = len(seat_decisions(record, seat))
    total = len(moves) + n_decisions

    def curve_progress(done: int, _total: int) -> None:
        if progress:
            progress(done, total)

    def decision_progress(done: int, _total: int) -> None:
        if progress:
            progress(len(moves) + done, total)

    curve = win_curve(record, points, curve_progress)
    entries = analyse_record(record, seat, level, decision_progress)
    worded_decisions(record, entries, seat)
    return {
        "seat": seat,
        "curve": curve,
        "turning_points": turning_points(record, curve),
        "decisions": entries,
        "mistakes": mistakes(entries),
    }


__all__ = [
    "CURVE_POINTS",
    "analyse_game",
    "better_sentence",
    "curve_moves",
    "curve_points",
    "mistakes",
    "moves_in_words",
    "turning_points",
    "win_chances",
    "win_curve",
    "worded_decisions",
]
