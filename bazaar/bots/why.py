"""Why a suggested move: one short sentence per language for hints and the guide.

The sentence says what the move changes for the mover (the hint's change facts, given by the
caller) and which factor decides it against the next best move: both moves come from the
estimator (:func:`bazaar.bots.estimator.weigh_moves`), and the game's factors
(``GameParts.reasons``: its public estimate taken apart, bazaar.core.parts.MoveReasons) are
compared after each move on the same determinizations of what the mover may know. The factor
with the largest gain for the suggestion is named; without one (or a game without factors)
the estimator's expected final score, else its win chance, decides.
"""

from __future__ import annotations

from collections import defaultdict

from bazaar.bots.estimator import MoveValue, view_seed
from bazaar.bots.shapes import MoveChange, Words
from bazaar.core import describe
from bazaar.core.game import State
from bazaar.core.parts import Factor
from bazaar.core.registry import game_parts
from bazaar.core.rng import Rng
from bazaar.i18n import LANGS, N_, t

#: determinizations the two moves' factors are compared on
SAMPLES = 6
#: a factor decides only when the suggestion gains at least this much on it (score units)
MIN_GAIN = 0.5
#: the change facts a why names at most (the hint lists them all)
MAX_CHANGES = 2

ONLY = N_("It is the only move you can make here.")
CHANGES = N_("What it changes: {changes}.")
BEATS = N_("Better than “{other}”, because {reason}.")
CLOSE = N_("About as good as “{other}”; the biggest difference: {reason}.")
EVEN = N_("About as good as “{other}”: the estimate sees hardly any difference.")
SCORE = N_("you should end with more: about {score} against {other_score}")
WIN = N_("it gives you a better chance to win: about {pct}% against {other_pct}%")


def factor_gains(
    state: State, seat: int, best: int, other: int, seed: int | None = None
) -> dict[Factor, float]:
    """Per factor of the game, how much better ``best`` is than ``other`` for ``seat``: the
    mean over :data:`SAMPLES` determinizations of the seat's information set (from ``seed``,
    or the seat's view when None: one position, one answer). Empty for a game without
    factors."""
    reasons = game_parts(state.game.id).reasons
    if reasons is None:
        return {}
    rng = Rng(view_seed(state, seat) if seed is None else seed)
    gains: dict[Factor, float] = defaultdict(float)
    for _ in range(SAMPLES):
        world = state.determinize(seat, rng)
        mine, theirs = world.clone(), world
        mine.apply_unchecked(best)
        theirs.apply_unchecked(other)
        after = reasons.factors(mine, seat)
        before = reasons.factors(theirs, seat)
        for key in after.keys() | before.keys():
            gains[key] += (after.get(key, 0.0) - before.get(key, 0.0)) / SAMPLES
    return dict(gains)


def deciding_factor(gains: dict[Factor, float]) -> tuple[Factor, float] | None:
    """The factor the suggestion gains most on (ties: the first in sorted order), if it
    gains at least :data:`MIN_GAIN`."""
    if not gains:
        return None
    key = max(sorted(gains, key=repr), key=lambda k: gains[k])
    return (key, gains[key]) if gains[key] >= MIN_GAIN else None


def other_words(state: State, action: int, lang: str, seat: int) -> str:
    """The next best move as a hint names it (words; notation beside them where the game
    shows it)."""
    game_id = state.game.id
    words = describe.describe_action(game_id, action, lang, state.view(seat))
    return describe.move_in_words(game_id, state.notation(action), words, lang)


def reason_words(
    state: State, best: MoveValue, other: MoveValue, found: tuple[Factor, float] | None, lang: str
) -> str | None:
    """The clause that says what decides: the game's factor, else the expected final score,
    else the win chance; None when nothing differs."""
    game_id = state.game.id
    if found is not None:
        reasons = game_parts(game_id).reasons
        assert reasons is not None
        return reasons.words(found[0], found[1], lang)
    if best.score - other.score >= MIN_GAIN:
        return t(
            SCORE,
            lang,
            score=describe.format_score(game_id, best.score),
            other_score=describe.format_score(game_id, other.score),
        )
    if round(100 * best.win) > round(100 * other.win):
        return t(WIN, lang, pct=round(100 * best.win), other_pct=round(100 * other.win))
    return None


def decides(state: State, seat: int, moves: list[MoveValue], seed: int | None = None) -> Words:
    """What decides ``moves[0]`` (the estimator's moves, best first) against ``moves[1]``, a
    sentence per language ("Better than “sell 1 yellow”, because purple should go up this
    year, which earns you about $6 more."); "the only move" when there is no other."""
    best = moves[0]
    if len(moves) == 1:
        return {lang: t(ONLY, lang) for lang in LANGS}
    other = moves[1]
    found = deciding_factor(factor_gains(state, seat, best.action, other.action, seed))
    out: Words = {}
    for lang in LANGS:
        named = other_words(state, other.action, lang, seat)
        reason = reason_words(state, best, other, found, lang)
        if reason is None:
            out[lang] = t(EVEN, lang, other=named)
        else:
            out[lang] = t(CLOSE if best.close else BEATS, lang, other=named, reason=reason)
    return out


def with_changes(decided: Words, changes: list[MoveChange], only: bool = False) -> Words:
    """``decided`` (:func:`decides`) with what the move changes (the first
    :data:`MAX_CHANGES` of ``changes``) before it, or after it for the only move."""
    out: Words = {}
    for lang in LANGS:
        parts = [decided[lang]]
        facts = [c["text"][lang] for c in changes[:MAX_CHANGES]]
        if facts:  # a fact may hold a comma, so facts are parted by semicolons
            said = t(CHANGES, lang, changes=t("; ", lang).join(facts))
            parts = [*parts, said] if only else [said, *parts]
        out[lang] = (" " if lang == "en" else "").join(parts)
    return out


def why(
    state: State,
    seat: int,
    moves: list[MoveValue],
    changes: list[MoveChange],
    seed: int | None = None,
) -> Words:
    """Why ``moves[0]`` in every language: what it changes (``changes``, the hint's change
    facts) and what decides it against ``moves[1]`` (:func:`decides`)."""
    return with_changes(decides(state, seat, moves, seed), changes, only=len(moves) == 1)


__all__ = ["decides", "deciding_factor", "factor_gains", "why", "with_changes"]
