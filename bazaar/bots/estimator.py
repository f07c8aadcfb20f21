"""One estimator behind every piece of advice: hints, the guide, the analysis and its graph,
puzzles, "too close to call".

:func:`outlook` is a position's value as one seat sees it: every seat's win chance and
expected final score, from the game's learned value model (:mod:`bazaar.bots.value`) over the
seat's observation features, or the true result once the game is over.

:func:`weigh_moves` values each move of the seat to move: the mean of :func:`outlook` after
the move over the same ``samples`` determinizations of what the seat cannot see (common
random numbers, so two moves are compared on the same worlds), with a 95% interval for each
move and, for "too close to call", for its difference from the best move.

In a game that declares an open round (``GameParts.open_round``: Night Market's hidden
customers and bidding, whose outcome the seats' coming moves decide together), a position in
such a round is judged once the round has been played out by the game's heuristic player
(:func:`round_player`), in each determinization: a bid is worth what the others' answers
leave of it. :func:`win_chance` is a seat's number for a position, played out the same way.

Both are pure functions of what the seat may see: the determinizations are drawn from a seed
made from the seat's view (:func:`view_seed`) unless a seed is given, so the same position
gives the same numbers on every surface, in every process, and never depends on hidden cards.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import orjson

from bazaar.bots.ismcts import play_out_round
from bazaar.bots.samples import SAMPLES
from bazaar.bots.value import ValueModel, absolute, encode, model_for
from bazaar.core.game import State
from bazaar.core.registry import game_parts
from bazaar.core.rng import Rng

#: z of a two-sided 95% interval
Z95 = 1.96
#: inside an open round each sample of a move plays the round out with the heuristic: a hint
#: weighs at most this many such play-outs in all (the level's samples spread over the moves)
ROUND_PLAYOUTS = 64
#: ... and at least this many samples per move
MIN_ROUND_SAMPLES = 4
#: two win chances closer than this are ranked by expected score instead
TIE = 0.005


@dataclass(frozen=True)
class Outlook:
    """A position's value from one seat's view: per seat (seat order) the win chance (they
    add up to 1) and the expected final score."""

    win: tuple[float, ...]
    score: tuple[float, ...]


@dataclass(frozen=True)
class MoveValue:
    """One move weighed by :func:`weigh_moves` for the seat to move."""

    action: int
    notation: str
    #: the mover's mean win chance after the move, and its 95% interval over the samples
    win: float
    win_low: float
    win_high: float
    #: the mover's mean expected final score after the move
    score: float
    samples: int
    #: the 95% interval of (best move's win chance - this move's) on the same samples holds 0
    close: bool = False


def view_seed(state: State, seat: int) -> int:
    """A 64-bit seed made from what ``seat`` sees (its view): the same for every state the
    seat cannot tell apart."""
    data = orjson.dumps(state.view(seat), option=orjson.OPT_SORT_KEYS)
    digest = hashlib.sha256(data + b"|%d" % seat).digest()
    return int.from_bytes(digest[:8], "big")


def _model(state: State) -> ValueModel | None:
    return model_for(state.game.id, state.num_players)


def _fallback(states: list[State], seat: int) -> tuple[np.ndarray, np.ndarray]:
    """Without a model: the game's score estimate (or its scores), the leaders sharing the win."""
    estimate = game_parts(states[0].game.id).estimate
    wins = []
    scores = []
    for s in states:
        sc = list(estimate(s) if estimate else s.scores())
        best = max(sc)
        leaders = [q for q, x in enumerate(sc) if x == best]
        wins.append([1 / len(leaders) if q in leaders else 0.0 for q in range(len(sc))])
        scores.append(sc)
    return np.array(wins), np.array(scores)


def outlooks(states: list[State], seat: int) -> list[Outlook]:
    """:func:`outlook` of many positions at once (one model call for the unfinished ones)."""
    out: list[Outlook | None] = [None] * len(states)
    open_at = []
    for i, s in enumerate(states):
        if s.is_over():
            out[i] = Outlook(tuple(s.returns()), tuple(float(x) for x in s.scores()))
        else:
            open_at.append(i)
    if open_at:
        model = _model(states[open_at[0]])
        if model is None:
            wins, scores = _fallback([states[i] for i in open_at], seat)
            for row, i in enumerate(open_at):
                out[i] = Outlook(tuple(wins[row].tolist()), tuple(scores[row].tolist()))
        else:
            rows = np.array([encode(states[i], seat) for i in open_at], dtype=np.float32)
            wins, scores = model.predict(rows)
            for row, i in enumerate(open_at):
                out[i] = Outlook(
                    tuple(absolute(wins[row], seat)), tuple(absolute(scores[row], seat))
                )
    return [o for o in out if o is not None]


def outlook(state: State, seat: int) -> Outlook:
    """The value of ``state`` as ``seat`` sees it (see :class:`Outlook`)."""
    return outlooks([state], seat)[0]


def round_player(game_id: str, sample: int) -> Callable[[State], int] | None:
    """The player that plays an open round out in determinization ``sample``: the game's
    heuristic without noise (a fresh one each time, so its answers depend on the position
    only); None when the game has no open round or no heuristic."""
    parts = game_parts(game_id)
    if parts.open_round is None or parts.heuristic is None:
        return None
    return parts.heuristic(sample, 0.0).choose


def _played_out(state: State, sample: int) -> State:
    """``state`` (changed in place) with its open round, if any, played out."""
    parts = game_parts(state.game.id)
    player = round_player(state.game.id, sample)
    if parts.open_round is None or player is None:
        return state
    return play_out_round(state, parts.open_round, player)


def win_chance(state: State, seat: int, samples: int = SAMPLES["easy"]) -> float:
    """``seat``'s win chance at ``state`` as it sees it: its :func:`outlook`, or inside an open
    round the mean over ``samples`` determinizations (seeded from its view) with the round
    played out; the result once the game is over."""
    if state.is_over():
        return float(state.returns()[seat])
    parts = game_parts(state.game.id)
    if parts.open_round is None or parts.open_round(state) is None:
        return float(outlook(state, seat).win[seat])
    rng = Rng(view_seed(state, seat))
    worlds = [_played_out(state.determinize(seat, rng), k) for k in range(samples)]
    return float(np.mean([o.win[seat] for o in outlooks(worlds, seat)]))


class ModelLeaf:
    """A search's leaf judge (``Ismcts(leaf=...)``): the searching seat's :func:`outlook`."""

    def __call__(self, state: State, seat: int) -> tuple[list[float], list[float]]:
        found = outlook(state, seat)
        return list(found.win), list(found.score)


def samples_for(level: str | int) -> int:
    """Determinizations per move for a level name (or a count given as is)."""
    if isinstance(level, int):
        return max(1, level)
    return SAMPLES[level.strip().lower()]


def _interval(values: np.ndarray) -> tuple[float, float, float]:
    """(mean, low, high): the 95% interval of the mean of ``values``."""
    mean = float(values.mean())
    if len(values) < 2:
        return mean, mean, mean
    half = Z95 * float(values.std(ddof=1)) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def weigh_moves(
    state: State,
    seat: int | None = None,
    samples: str | int = "medium",
    seed: int | None = None,
    actions: list[int] | None = None,
) -> list[MoveValue]:
    """Each of ``actions`` (default: every legal move) of the seat to move, best first: win
    chance, then expected score for win chances within :data:`TIE`. ``seed`` None draws
    the determinizations from :func:`view_seed` (one number for one position). ``state`` is
    not changed."""
    mover = state.to_move()
    if mover is None:
        raise ValueError("the game is over: no move to weigh")
    if seat is not None and seat != mover:
        raise ValueError(f"seat {seat} is not to move (seat {mover} is)")
    legal = state.legal_actions()
    moves = sorted(set(legal if actions is None else [a for a in actions if a in legal]))
    count = samples_for(samples)
    parts = game_parts(state.game.id)
    if parts.open_round is not None and parts.open_round(state) is not None:
        # each sample plays the round out: fewer of them, so that a hint stays quick
        count = min(count, max(MIN_ROUND_SAMPLES, ROUND_PLAYOUTS // max(1, len(moves))))
    rng = Rng(view_seed(state, mover) if seed is None else seed)
    worlds = [state.determinize(mover, rng) for _ in range(count)]
    after: list[State] = []
    for a in moves:
        for k, world in enumerate(worlds):
            probe = world.clone()
            probe.apply_unchecked(a)
            after.append(_played_out(probe, k))
    found = outlooks(after, mover)
    win = np.array([o.win[mover] for o in found]).reshape(len(moves), count)
    score = np.array([o.score[mover] for o in found]).reshape(len(moves), count)
    means = win.mean(axis=1)
    order = sorted(
        range(len(moves)),
        key=lambda i: (-round(means[i] / TIE), -score[i].mean(), moves[i]),
    )
    best = order[0]
    out = []
    for i in order:
        mean, low, high = _interval(win[i])
        close = False
        if i != best:
            diff, dlow, _ = _interval(win[best] - win[i])
            close = dlow <= 0.0 if count > 1 else diff <= TIE
        out.append(
            MoveValue(
                moves[i],
                state.notation(moves[i]),
                round(mean, 4),
                round(max(0.0, low), 4),
                round(min(1.0, high), 4),
                round(float(score[i].mean()), 2),
                count,
                close,
            )
        )
    if len(out) > 1 and any(m.close for m in out[1:]):
        first = out[0]
        out[0] = MoveValue(
            first.action,
            first.notation,
            first.win,
            first.win_low,
            first.win_high,
            first.score,
            first.samples,
            True,
        )
    return out


__all__ = [
    "SAMPLES",
    "ModelLeaf",
    "MoveValue",
    "Outlook",
    "outlook",
    "outlooks",
    "round_player",
    "samples_for",
    "view_seed",
    "weigh_moves",
    "win_chance",
]
