"""Taking a move back, by Board Game Arena's policy, and the words of a refusal.

A player may take back their own newest move until another seat acts, unless the move showed
them something they did not know: a card drawn, a chance outcome, another seat's secret. The
check works for every game through the :class:`~bazaar.core.game.State` protocol alone: the
move is applied to :data:`UNDO_SAMPLES` determinizations of the position before it, seen from
the mover's seat (everything the mover cannot see resampled); if the mover's view afterwards
is the same in all of them as in the real game, the move taught the mover nothing, and taking
it back gives no advantage.
"""

from __future__ import annotations

from bazaar.core.game import State
from bazaar.core.rng import Rng
from bazaar.i18n import N_

#: How many determinizations a move is tried on (each costs well under 0.1 ms).
UNDO_SAMPLES = 8

#: Why an undo is refused: ``rule`` of the error reply -> the sentence (a msgid).
UNDO_REFUSALS = {
    "undo-nothing": N_("there is no move to take back"),
    "undo-game-over": N_("the game is over, so its moves stand"),
    "undo-not-yours": N_("only the player who made a move can take it back"),
    "undo-moved-on": N_("the next player has already acted, so this move stands"),
    "undo-newest-first": N_("only your newest move can be taken back; take that one back first"),
    "undo-hidden": N_(
        "this move revealed hidden information or drew a chance outcome, so it stands"
    ),
    "undo-bot": N_("a bot made this move for your seat, so it stands"),
    "undo-restarted": N_("the server restarted after this move, so it stands"),
    "undo-stale": N_(
        "the board changed since you asked (a move was taken back or played); nothing was"
        " taken back: look again"
    ),
}


def learned_nothing(
    before: State, action: int, after: State, mover: int, samples: int = UNDO_SAMPLES
) -> bool:
    """True if playing ``action`` in ``before`` (giving ``after``) showed ``mover`` nothing
    new: the same move in every sampled determinization gives ``mover`` the same view."""
    seen = after.view(mover)
    for k in range(samples):
        guess = before.determinize(mover, Rng(k))
        try:
            guess.apply_unchecked(action)
        except Exception:  # the move depends on something the mover cannot see
            return False
        if guess.view(mover) != seen:
            return False
    return True
