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

from collections.abc import Callable
from typing import Any

from bazaar.core.game import State
from bazaar.core.rng import Rng
from bazaar.i18n import N_
from bazaar.web.errors import WebError, refusal
from bazaar.web.ledger import Ledger
from bazaar.web.live import LiveTable, UndoEntry

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


def _checked_numbers(seat: int | None, seq: Any, version: Any) -> None:
    """WebError 400 for a move or version number that is not an integer, 403 for no seat."""
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise WebError(400, "field", "'seq' must be the integer number of the move to undo")
    if isinstance(version, bool) or not isinstance(version, int):
        raise WebError(
            400, "field", "'version' must be the integer position version of the payload"
        )
    if seat is None:
        raise WebError(403, "token", "taking a move back needs the seat's token")


class Undos:
    """Takes moves back; ``publish(table)`` and ``wake(table)`` (its bots) follow an undo."""

    def __init__(
        self,
        ledger: Ledger,
        clock: Callable[[], float],
        publish: Callable[[LiveTable], None],
        wake: Callable[[LiveTable], None],
    ) -> None:
        self.ledger = ledger
        self.clock = clock
        self.publish = publish
        self.wake = wake

    @staticmethod
    def remember(table: LiveTable, seat: int, action: int, before: State, by_person: bool) -> None:
        """Keep what taking this move back needs (the move is applied: ``table.state`` is the
        position after it). Another seat's move (or a bot's) ends the undo of every earlier
        move: only the trailing run of one person's moves is kept."""
        stack = table.undo_stack
        if stack and stack[-1].seat != seat:
            stack.clear()
        undoable = by_person and learned_nothing(before, action, table.state, seat)
        stack.append(UndoEntry(table.seq, seat, before, undoable, by_bot=not by_person))

    def may_undo(self, table: LiveTable, seat: int | None) -> bool:
        """True if ``seat`` may take back the newest move now."""
        return self.refusal(table, seat, table.seq - 1) is None

    @staticmethod
    def refusal(table: LiveTable, seat: int | None, seq: int) -> str | None:
        """Why ``seat`` may not take back move ``seq`` (a rule of UNDO_REFUSALS), or None."""
        if seat is None:
            return "undo-not-yours"
        if table.state.is_over():
            return "undo-game-over"
        if not 0 <= seq < table.seq:
            return "undo-nothing"
        if table.history[seq].seat != seat:
            return "undo-not-yours"
        if any(m.seat != seat for m in table.history[seq + 1 :]):
            return "undo-moved-on"
        if seq != table.seq - 1:
            return "undo-newest-first"
        entry = table.undo_stack[-1] if table.undo_stack else None
        if entry is None or entry.seq != seq:  # sealed by a move since taken back, or old
            return "undo-restarted" if seq < table.loaded_seq else "undo-moved-on"
        if entry.by_bot:
            return "undo-bot"
        if table.bot_spec(seat) is not None:  # a bot plays the seat now
            return "undo-bot"
        return None if entry.undoable else "undo-hidden"

    async def undo(self, table: LiveTable, seat: int | None, seq: Any, version: Any) -> int:
        """Take back move ``seq`` (the newest) of ``seat`` in the position ``version`` (the
        payload's ``version``); return the new sequence number.

        The move's row is deleted, so the record keeps only what stands, and the table goes
        back to the exact state before it. WebError 409 ``stale`` (rule ``undo-stale``) if the
        position is no longer ``version`` (a request sent before an undo and a replay of the
        same move number), 409 ``undo`` with the reason otherwise."""
        _checked_numbers(seat, seq, version)
        async with table.lock:
            if version != table.version:
                raise refusal(409, "stale", "undo-stale", UNDO_REFUSALS)
            reason = self.refusal(table, seat, seq)
            if reason is not None:
                raise refusal(409, "undo", reason, UNDO_REFUSALS)
            if not await self.ledger.delete_move(table.id, seq):
                # another server process moved on: the move stands
                raise refusal(409, "undo", "undo-moved-on", UNDO_REFUSALS)
            entry = table.undo_stack.pop()
            table.state = entry.before
            del table.history[seq:]
            for entries in table.logs.values():
                del entries[seq:]
            table.epoch += 1
            table.version += 1
            table.info.undos += 1
            table.turn_started = self.clock()
        self.publish(table)
        self.wake(table)
        return table.seq
