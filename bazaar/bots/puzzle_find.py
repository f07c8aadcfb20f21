"""Finding puzzles and grading them, through the one estimator (docs/puzzles.md).

At a decision of the seat with :data:`MIN_LEGAL` to :data:`MAX_LEGAL` legal moves, every move
is weighed by :func:`bazaar.bots.estimator.weigh_moves` at the "hard" samples from the seat's
view (seeded by the view: deterministic, and the numbers a "hard" hint gives; it never reads
what the seat cannot see). The position is a puzzle when the best move's win chance is ahead
of every other move's by at least :data:`MIN_MARGIN` and no move is too close to call (the
95% interval of each difference excludes 0).

The difficulty (:func:`difficulty_of`) adds up points, each for one thing that makes the
answer harder to see:

- the margin: 0 points from :data:`WIDE_MARGIN` up, 1 from :data:`FAIR_MARGIN`, else 2;
- the choices: 0 points for at most 4 legal moves, 1 for 5 to 7, 2 for 8 or more;
- tempting moves: 1 point when at least two other moves win at least half as often as the
  answer (:data:`TEMPTING`);
- a money trap: 1 point when another move ends with a higher expected score than the answer.

0-1 points is easy, 2 is medium, 3 or more is hard.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bazaar.bots.estimator import MoveValue, weigh_moves
from bazaar.bots.puzzles import (
    LEVEL,
    Puzzle,
    PuzzleError,
    estimator_id,
    make_prompt,
    weighed_json,
)
from bazaar.core.game import State
from bazaar.core.record import GameRecord
from bazaar.i18n import N_

#: the fewest legal moves a puzzle position may have (fewer is not much of a question)
MIN_LEGAL = 3
#: the most legal moves a puzzle may have (every move is listed)
MAX_LEGAL = 12
#: the answer's win chance must beat every other move's by this much
MIN_MARGIN = 0.15
#: a margin this wide or wider is easy to see (0 points) ... (the value model rarely puts two
#: moves of one position 0.75 apart: 0.4 is wide there)
WIDE_MARGIN = 0.4
#: ... this wide, fairly (1 point); narrower, hard (2 points)
FAIR_MARGIN = 0.25
#: another move winning at least this share of the answer's win chance tempts
TEMPTING = 0.5
#: the points up to which a puzzle is easy, and the points of a medium one
EASY_POINTS = 1
MEDIUM_POINTS = 2


@dataclass(frozen=True)
class Grade:
    """What makes a puzzle hard to see (see the module docstring)."""

    margin: float
    legal: int
    tempting: int
    money_trap: bool

    @property
    def points(self) -> int:
        margin = 0 if self.margin >= WIDE_MARGIN else 1 if self.margin >= FAIR_MARGIN else 2
        choices = 0 if self.legal <= 4 else 1 if self.legal <= 7 else 2
        return margin + choices + (self.tempting >= 2) + self.money_trap

    @property
    def difficulty(self) -> str:
        if self.points <= EASY_POINTS:
            return "easy"
        return "medium" if self.points == MEDIUM_POINTS else "hard"


def grade(moves: list[MoveValue]) -> Grade | None:
    """The grade of a position whose moves are ``moves`` (best first, as weighed), or None if
    it is no puzzle: fewer than two moves, a margin under :data:`MIN_MARGIN`, or a move too
    close to call."""
    if len(moves) < 2 or any(m.close for m in moves):
        return None
    best = moves[0]
    margin = round(best.win - moves[1].win, 4)
    if margin < MIN_MARGIN:
        return None
    tempting = sum(1 for m in moves[1:] if m.win >= TEMPTING * best.win)
    money_trap = any(m.score > best.score for m in moves[1:])
    return Grade(margin, len(moves), tempting, money_trap)


def difficulty_of(moves: list[MoveValue]) -> str | None:
    """ "easy", "medium" or "hard" for a puzzle's moves (None: no puzzle)."""
    found = grade(moves)
    return None if found is None else found.difficulty


def try_position(state: State, seat: int) -> dict[str, Any] | None:
    """The puzzle fields for ``state`` if one move is clearly best for ``seat`` (to move),
    else None."""
    legal = state.legal_actions()
    if state.to_move() != seat or not MIN_LEGAL <= len(legal) <= MAX_LEGAL:
        return None
    moves = weigh_moves(state, seat, LEVEL)
    found = grade(moves)
    if found is None:
        return None
    return {
        "answer": moves[0].notation,
        "margin": found.margin,
        "difficulty": found.difficulty,
        "weighed": {
            "samples": moves[0].samples,
            "estimator": estimator_id(state.game.id, state.num_players),
            "moves": weighed_json(moves),
        },
    }


def find_puzzles(
    record: GameRecord,
    seats: Iterable[int] | None = None,
    limit: int | None = None,
    source: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Puzzle]:
    """The puzzles in ``record`` at the decisions of ``seats`` (all seats by default), at most
    ``limit``, in the order of the game."""
    wanted = set(range(record.players) if seats is None else seats)
    for seat in wanted:
        if not 0 <= seat < record.players:
            raise PuzzleError.of(
                N_("seat must be from 0 to {last}, not {seat}"), last=record.players - 1, seat=seat
            )
    states = record.states()
    state, _, _ = next(states)
    found: list[Puzzle] = []
    total = len(record.actions)
    for index, _text in enumerate(record.actions):
        if progress:
            progress(index, total)
        mover = state.to_move()
        if mover in wanted:
            fields = try_position(state, mover)
            if fields is not None:
                found.append(
                    Puzzle(
                        game=record.game,
                        players=record.players,
                        seed=record.seed,
                        seat=mover,
                        actions=list(record.actions[:index]),
                        options=dict(record.options),
                        prompt=make_prompt(mover),
                        source={**(source or {}), "move": index + 1},
                        **fields,
                    )
                )
                if limit is not None and len(found) >= limit:
                    break
        state, _, _ = next(states)
    return found


__all__ = [
    "MAX_LEGAL",
    "MIN_LEGAL",
    "MIN_MARGIN",
    "Grade",
    "difficulty_of",
    "find_puzzles",
    "grade",
    "try_position",
]
