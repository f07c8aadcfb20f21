"""The shapes of the advice the bots give (types only): a hint's moves, an analysis of a
finished game (its win curve, turning points and judged decisions) and what a move surely
changes. JSON Schema and TypeScript declarations: docs/schema/ (scripts/schema.py).

Words come in both languages (``{"en": …, "zh-TW": …}``: :data:`Words`); the web page and
the terminal pick one.
"""

from __future__ import annotations

from typing import Any, NotRequired

from typing_extensions import TypedDict

#: lang code -> the text in that language
Words = dict[str, str]


class MoveChange(TypedDict):
    """Something a move surely changes for the mover: the game's fact and its words."""

    data: list[Any]
    text: Words


class HintMove(TypedDict):
    """One move of a hint (:func:`bazaar.bots.advice.hint`); ``win``, its interval, ``margin``
    and ``score`` are null for a move nothing was searched for (the only legal move)."""

    action: int
    notation: str
    win: float | None
    win_low: float | None
    win_high: float | None
    margin: float | None
    score: float | None
    visits: int
    move: Words
    text: Words
    changes: list[MoveChange]
    #: the move's interval overlaps the best one's (set once every move is known)
    close: NotRequired[bool]
    #: the best move only: why, in a sentence (what it changes, what decides it against the
    #: next best move: bazaar.bots.why)
    why: NotRequired[Words]


class Decision(TypedDict):
    """One decision of a seat judged (:func:`bazaar.bots.advice.analyse_record`)."""

    index: int
    played: str
    best: str
    loss: float
    win_played: float
    win_best: float
    score_played: float
    score_best: float
    visits_played: int
    visits_best: int
    legal: int
    #: added by :func:`bazaar.bots.analysis.worded_decisions`
    played_text: NotRequired[Words]
    best_text: NotRequired[Words]
    change_text: NotRequired[Words]


class WinCurve(TypedDict):
    """``win[i][seat]``: the win chance of each seat after ``moves[i]`` moves."""

    moves: list[int]
    win: list[list[float]]
    step: int


class WordedMove(TypedDict):
    """A move in words as anyone at the table saw it."""

    index: int
    seat: int | None
    notation: str
    text: Words


#: one of the biggest steps of the win curve: after move ``index`` (from the sampled move
#: ``from``), seat ``seat``'s chance went from ``before`` to ``after``
TurningPoint = TypedDict(
    "TurningPoint",
    {
        "index": int,
        "from": int,
        "seat": int,
        "before": float,
        "after": float,
        "moves": list[WordedMove],
    },
)


class AnalysisReport(TypedDict):
    """The whole analysis of one seat (:func:`bazaar.bots.analysis.analyse_game`)."""

    seat: int
    curve: WinCurve
    turning_points: list[TurningPoint]
    decisions: list[Decision]
    mistakes: list[Decision]


class GuideSuggestion(TypedDict):
    """The move the guide suggests."""

    action: int
    notation: str
    move: Words


class GuideStep(TypedDict):
    """The guide's step for the seat to move (:func:`bazaar.bots.guide.guide_step`): the
    topic and its rulebook section, the topic explained, the suggestion, its estimated win
    chance (null with a single legal move) and why (``reason``: why without what the move
    changes, for a short screen)."""

    topic: str
    section: str | None
    explain: Words
    suggestion: GuideSuggestion
    win: float | None
    why: Words
    reason: Words


class WeighedMove(TypedDict):
    """A move of a puzzle as the estimator weighed it (a "hard" hint's figures): the mover's
    win chance with its 95% interval, the expected final score, and whether it is too close
    to call against the best move."""

    notation: str
    win: float
    win_low: float
    win_high: float
    score: float
    close: bool


class PuzzleReply(TypedDict):
    """The answer to a puzzle try or the answer shown: ``right`` (false for a wrong try and
    for an answer shown), the sentences, the answer (null after a wrong try: the player may
    try again) and the moves the sentences compare (the answer first; empty after a wrong
    try)."""

    right: bool
    lines: list[str]
    answer: str | None
    compared: list[WeighedMove]
