"""A puzzle's replies in words: a try (right, or "try again"), the answer shown, and why the
answer is best (docs/puzzles.md).

The figures are the puzzle's moves as the estimator weighs them (:meth:`Puzzle.moves`: a
"hard" hint's numbers for the same position); what the answer changes is the hint's
:func:`bazaar.bots.advice.move_changes`.
"""

from __future__ import annotations

from bazaar.bots.advice import format_score, move_changes, move_sentence, move_words
from bazaar.bots.puzzles import Puzzle
from bazaar.bots.shapes import PuzzleReply, WeighedMove
from bazaar.core import describe
from bazaar.core.game import State
from bazaar.i18n import N_, t

#: the most change facts the explanation names
MAX_FACTS = 3
#: the answer's wins against another move's, by whether that move is the player's
OUT_OF_100 = {
    False: N_(
        "Out of 100 games from here, you would win about {a} with this move, and about {b} "
        "with the next best ({move})."
    ),
    True: N_(
        "Out of 100 games from here, you would win about {a} with this move, and about {b} "
        "with yours ({move})."
    ),
}
#: the first line of the explanation, by whether the answer is being shown
HEADLINE = {False: N_("Best move: {sentence}."), True: N_("The answer: {sentence}.")}


def try_move(puzzle: Puzzle, state: State, notation: str, lang: str) -> PuzzleReply:
    """The reply to a try: right, with why; or "try again", giving nothing away."""
    if notation != puzzle.answer:
        return {
            "right": False,
            "lines": [t("Not this one — try again.", lang)],
            "answer": None,
            "compared": [],
        }
    moves = puzzle.moves(state)
    answer, other = _figures(moves, puzzle.answer), _next_best(moves, puzzle.answer)
    lines = [t("Right!", lang), *explain(puzzle, state, answer, other, lang, shown=False)]
    return {"right": True, "lines": lines, "answer": puzzle.answer, "compared": [answer, other]}


def show_answer(puzzle: Puzzle, state: State, lang: str, tried: str | None = None) -> PuzzleReply:
    """The answer shown (after wrong tries), compared with the last move ``tried`` (notation;
    None or the answer itself: with the next best move)."""
    moves = puzzle.moves(state)
    answer = _figures(moves, puzzle.answer)
    yours = tried is not None and tried != puzzle.answer
    if yours and tried is not None:
        other = _figures(moves, tried)
    else:
        other = _next_best(moves, puzzle.answer)
    lines = explain(puzzle, state, answer, other, lang, shown=True, yours=yours)
    return {"right": False, "lines": lines, "answer": puzzle.answer, "compared": [answer, other]}


def explain(
    puzzle: Puzzle,
    state: State,
    answer: WeighedMove,
    other: WeighedMove,
    lang: str,
    shown: bool,
    yours: bool = False,
) -> list[str]:
    """Why the answer is best, in sentences a child can follow: the hint's sentence for it
    ("Best move: …", or "The answer: …" when ``shown``), what it surely changes, out of 100
    games how many it wins against ``other`` (the next best move, or the player's last try
    when ``yours``),
    and the final score it leads to on average."""
    action = state.parse(answer["notation"])
    sentence = move_sentence(state, action, answer["win"], answer["score"], lang, puzzle.seat)
    lines = [t(HEADLINE[shown], lang, sentence=sentence)]
    facts = [c["text"][lang] for c in move_changes(state, puzzle.seat, action)][:MAX_FACTS]
    if facts:
        joined = "；".join(facts) if lang == "zh-TW" else "; ".join(facts)
        lines.append(t("What it changes: {facts}.", lang, facts=joined))
    fields = {
        "a": round(100 * answer["win"]),
        "b": round(100 * other["win"]),
        "move": _move(state, puzzle, other["notation"], lang),
    }
    lines.append(t(OUT_OF_100[yours], lang, **fields))
    lines.append(_score_sentence(state.game.id, answer["score"], other["score"], lang))
    return lines


def _score_sentence(game_id: str, mine: float, theirs: float, lang: str) -> str:
    """The expected final score with the answer against the other move, in words."""
    label = describe.score_label(game_id, lang)
    fields = {
        "label": label.lower() if lang == "en" else label,
        "a": format_score(game_id, mine),
        "b": format_score(game_id, theirs),
    }
    if round(mine) == round(theirs):
        return t("Your final {label} would be about the same on average: {a}.", lang, **fields)
    if mine > theirs:
        return t(
            "Your final {label} would be about {a} on average, instead of {b}.", lang, **fields
        )
    return t(
        "Your final {label} would be about {a} on average, a little less than {b}: but winning "
        "is what counts.",
        lang,
        **fields,
    )


def _figures(moves: list[WeighedMove], notation: str) -> WeighedMove:
    return next(m for m in moves if m["notation"] == notation)


def _next_best(moves: list[WeighedMove], answer: str) -> WeighedMove:
    """The best move other than the answer (the answer is first unless the estimator changed
    since the puzzle was made)."""
    return next(m for m in moves if m["notation"] != answer)


def _move(state: State, puzzle: Puzzle, notation: str, lang: str) -> str:
    return move_words(state, state.parse(notation), lang, puzzle.seat)


__all__ = ["explain", "show_answer", "try_move"]
