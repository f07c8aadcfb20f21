"""The guided first game: what the table says before each of the learner's decisions.

Each game declares its guide in its parts (``GameParts.guide``, a
:class:`~bazaar.core.guide.GameGuide` kept in ``bazaar/games/<game>/guide.py``: the fixed deal,
the gentle bots, and per decision a short explanation in its own catalog).
:func:`guide_step` turns a state and the learner's seat into one step of the guide: the
explanation of the decision, a suggested move from the estimator and why (its win chance
against the next best move's, and what it changes when the hint replies say so), and the
rulebook section to read more. Everything comes from ``state.view(seat)`` and searches over
``state.determinize(seat, …)``, so a step never depends on what the seat cannot see.
"""

from __future__ import annotations

from typing import Any

from bazaar.bots import advice
from bazaar.bots.estimator import SAMPLES, weigh_moves
from bazaar.bots.shapes import GuideStep
from bazaar.core import describe
from bazaar.core.game import State
from bazaar.core.guide import GameGuide
from bazaar.core.registry import game_parts
from bazaar.core.rulebook import rules_section
from bazaar.i18n import LANGS, N_, t

#: the guide weighs moves as a medium hint does (the same numbers for the same position)
GUIDE_LEVEL = "medium"

ONLY = N_("It is the only move you can make here.")
BETTER = N_(
    "With it you have about {pct}% chance to win; with the next best move, {other}, about "
    "{other_pct}%."
)
AS_GOOD = N_(
    "With it you have about {pct}% chance to win, about as much as with {other} "
    "({other_pct}%): either is a fine choice."
)
#: follows the sentence before it: hence the leading space (none in zh-TW)
CHANGES = N_(" What it changes: {changes}.")


def game_guide(game_id: str) -> GameGuide | None:
    """The game's :class:`GameGuide` (its ``guide`` part; None: the game has no guided game)."""
    return game_parts(game_id).guide


def has_guide(game_id: str) -> bool:
    return game_guide(game_id) is not None


def move_words(state: State, action: int, lang: str, seat: int) -> str:
    """A move as the guide names it: its words in every language (a learner reads names, not
    the notation to type); the notation only for a game without words."""
    words = describe.describe_action(state.game.id, action, lang, state.view(seat))
    return words or state.notation(action)


def _changes(state: State, seat: int, action: int) -> dict[str, list[str]]:
    """What the move surely changes, per language, when the hints part offers it
    (``advice.move_changes``); empty lists otherwise."""
    find = getattr(advice, "move_changes", None)
    facts = []
    if find is not None:
        try:
            facts = [f for f in find(state, seat, action) if isinstance(f, dict)]
        except Exception:  # the explanation must never fail a guide step
            facts = []
    return {lang: [str(f["text"][lang]) for f in facts if "text" in f] for lang in LANGS}


def guide_step(state: State, seat: int) -> GuideStep:
    """The guide's step for ``seat`` (the seat to move) in both languages::

        {"topic", "section", "explain": {lang: text}, "suggestion": {"action", "notation",
         "move": {lang: words}}, "win", "why": {lang: sentence}}

    ``win`` is the suggestion's estimated win chance (None with a single legal move).
    ``win`` is the suggestion's win chance as the estimator weighs it (the same number a
    medium hint gives the move). One position, one step: nothing else decides it; ``state`` is
    not changed.
    """
    mover = state.to_move()
    if mover is None or mover != seat:
        raise ValueError(f"seat {seat} is not to move: the guide speaks to the mover")
    guide = game_guide(state.game.id)
    if guide is None:
        raise ValueError(f"{state.game.id} has no guided game")
    view = state.view(seat)
    topic = guide.topic_for(view)
    moves = weigh_moves(state, seat, SAMPLES[GUIDE_LEVEL])
    top = moves[0]
    best, win = top.action, top.win
    if len(moves) == 1:
        why = {lang: t(ONLY, lang) for lang in LANGS}
    else:
        other = moves[1]
        why = {}
        for lang in LANGS:
            fmt: dict[str, Any] = {
                "pct": round(100 * top.win),
                "other": move_words(state, other.action, lang, seat),
                "other_pct": round(100 * other.win),
            }
            why[lang] = t(AS_GOOD if other.close else BETTER, lang, **fmt)
    found = _changes(state, seat, best)
    for lang in LANGS:
        changes = found[lang]
        if changes:  # a fact may hold a comma, so facts are parted by semicolons
            why[lang] += t(CHANGES, lang, changes=t("; ", lang).join(changes))
    return {
        "topic": topic,
        "section": rules_section(state.game.id, view),
        "explain": {lang: guide.explain(topic, lang) for lang in LANGS},
        "suggestion": {
            "action": best,
            "notation": state.notation(best),
            "move": {lang: move_words(state, best, lang, seat) for lang in LANGS},
        },
        "win": win,
        "why": why,
    }


def in_lang(step: GuideStep, lang: str) -> dict[str, Any]:
    """A step with its texts in one language (as the web sends it:
    ``bazaar.web.shapes.GuideReply``)."""
    suggestion = step["suggestion"]
    return {
        "topic": step["topic"],
        "section": step["section"],
        "explain": step["explain"][lang],
        "suggestion": {
            "action": suggestion["action"],
            "notation": suggestion["notation"],
            "move": suggestion["move"][lang],
        },
        "win": step["win"],
        "why": step["why"][lang],
    }
