"""The guided first game: what the table says before each of the learner's decisions.

Each game declares its guide in its parts (``GameParts.guide``, a
:class:`~bazaar.core.guide.GameGuide` kept in ``bazaar/games/<game>/guide.py``: the fixed deal,
the gentle bots, and per decision a short explanation in its own catalog).
:func:`guide_step` turns a state and the learner's seat into one step of the guide: the
explanation of the decision (a first-time paragraph or a new tip, and where the learner
stands: :meth:`~bazaar.core.guide.GameGuide.explain`), a suggested move from the estimator
and why (what it changes and which factor decides it against the next best move:
:mod:`bazaar.bots.why`, the sentence hints give), and the rulebook section to read more.
Everything comes from ``state.view(seat)`` and searches over ``state.determinize(seat, …)``,
so a step never depends on what the seat cannot see.
"""

from __future__ import annotations

from typing import Any

from bazaar.bots import advice
from bazaar.bots.estimator import SAMPLES, weigh_moves
from bazaar.bots.shapes import GuideStep, MoveChange
from bazaar.bots.why import decides, with_changes
from bazaar.core import describe
from bazaar.core.game import State
from bazaar.core.guide import GameGuide
from bazaar.core.registry import game_parts
from bazaar.core.rulebook import rules_section
from bazaar.i18n import LANGS

#: the guide weighs moves as a medium hint does (the same numbers for the same position)
GUIDE_LEVEL = "medium"


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


def _changes(state: State, seat: int, action: int) -> list[MoveChange]:
    """What the move surely changes (:func:`advice.move_changes`); none when that fails (the
    explanation must never fail a guide step)."""
    try:
        return advice.move_changes(state, seat, action)
    except Exception:
        return []


def guide_step(state: State, seat: int) -> GuideStep:
    """The guide's step for ``seat`` (the seat to move) in both languages::

        {"topic", "section", "explain": {lang: text}, "suggestion": {"action", "notation",
         "move": {lang: words}}, "win", "why": {lang: sentence}, "reason": {lang: sentence}}

    ``win`` is the suggestion's win chance as the estimator weighs it (the same number a
    medium hint gives the move; None with a single legal move); ``why`` what the move changes
    and what decides it, ``reason`` the same without what it changes. One position, one step:
    nothing else decides it (the explanation too is chosen by the position); ``state`` is not
    changed.
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
    best = moves[0].action
    changes = _changes(state, seat, best)
    reason = decides(state, seat, moves)
    said = with_changes(reason, changes, only=len(moves) == 1)
    return {
        "topic": topic,
        "section": rules_section(state.game.id, view),
        "explain": {lang: guide.explain(topic, lang, view) for lang in LANGS},
        "suggestion": {
            "action": best,
            "notation": state.notation(best),
            "move": {lang: move_words(state, best, lang, seat) for lang in LANGS},
        },
        "win": None if len(moves) == 1 else moves[0].win,
        "why": said,
        "reason": reason,
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
