"""Moves: the one place a game changes. A move is checked (turn, sequence number, legality)
and applied once, on a copy of the state; the copy becomes the table's state only once the
move is stored, and only then is it sent to the players."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bazaar.web.errors import WebError, illegal_as_web_error
from bazaar.web.keeper import TableKeeper
from bazaar.web.ledger import Ledger
from bazaar.web.live import LiveTable
from bazaar.web.payload import LoggedMove
from bazaar.web.results import game_results
from bazaar.web.standins import Standins
from bazaar.web.store import DuplicateMove
from bazaar.web.timers import Timers, turn_based
from bazaar.web.undo import Undos

TableHook = Callable[[LiveTable], None]


def action_number(table: LiveTable, action: Any) -> int:
    """The action number of notation text or an integer, not yet checked."""
    if isinstance(action, bool) or not isinstance(action, int | str):
        raise WebError(
            400, "field", "'action' must be a move in notation (text) or an action number"
        )
    if isinstance(action, int):
        return action
    with illegal_as_web_error(table.state.game.id):
        return table.state.game.parse(action)


def parse_action(table: LiveTable, action: Any) -> int:
    """An action number from notation text or an integer; WebError naming the rule."""
    number = action_number(table, action)
    with illegal_as_web_error(table.state.game.id):
        table.state.check(number)
    return number


def check_turn(table: LiveTable, seat: int, seq: int) -> None:
    """WebError unless it is ``seat``'s turn and ``seq`` the next move's number."""
    mover = table.state.to_move()
    if mover is None:
        raise WebError(409, "game-over", "the game is over; no more moves", "game-over")
    if seq != table.seq:
        raise WebError(
            409,
            "stale",
            f"move {seq} was expected to be next, but the next move is {table.seq}"
            " (the board changed; look again)",
        )
    if mover != seat:
        raise WebError(409, "turn", f"it is seat {mover}'s turn, not seat {seat}'s", "turn")


class Moves:
    """Accepts moves; ``publish(table)`` and ``wake(table)`` (its bots) follow each one, and
    ``classroom_over(id)`` the end of a classroom's table."""

    def __init__(
        self,
        keeper: TableKeeper,
        ledger: Ledger,
        undos: Undos,
        standins: Standins,
        timers: Timers,
        events: tuple[TableHook, TableHook],
    ) -> None:
        self.keeper = keeper
        self.ledger = ledger
        self.undos = undos
        self.standins = standins
        self.timers = timers
        self.publish, self.wake = events

    async def submit(
        self,
        table: LiveTable,
        seat: int,
        action: Any,
        seq: Any,
        *,
        bot: str | None = None,
        epoch: int | None = None,
    ) -> int:
        """Accept ``seat``'s move as move number ``seq``; return the new sequence number.

        ``bot``/``epoch``: a bot's move, worked out at ``epoch``; refused (``stale``) if the
        table's epoch moved on (an undo) or ``bot`` no longer plays the seat. A person's own
        move at a seat a bot stands in for ends the stand-in first."""
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise WebError(400, "field", "'seq' must be the integer sequence number of the move")
        if bot is None and table.info.seats[seat].get("standin"):
            await self.standins.take_back_seat(table, seat, quiet=True)
        async with table.lock:
            if bot is not None and (epoch != table.epoch or table.bot_spec(seat) != bot):
                raise WebError(409, "stale", "the table changed while the bot was thinking")
            check_turn(table, seat, seq)
            await self._play(table, seat, action, bot=bot)
        self.publish(table)  # only queues: the reply never waits for a socket
        self.wake(table)
        if table.info.classroom and table.state.is_over():
            await self.classroom_table_over(table.info.classroom)
        return table.seq

    async def _play(self, table: LiveTable, seat: int, action: Any, bot: str | None) -> None:
        """Check and apply the move on a copy of the state, store it, then keep the copy (a
        refused or failed write leaves the table as it was). ``bot``: the bot that made it
        (a stand-in when the seat is a person's: the log marks the move)."""
        by_person = bot is None
        standin = bot if bot is not None and table.info.seats[seat]["kind"] == "human" else None
        before = table.state
        number = action_number(table, action)
        after = before.clone()
        with illegal_as_web_error(before.game.id):
            events = after.apply(number)
        text = before.notation(number)
        if self.keeper.attach(table) is not table:  # unloaded and loaded again meanwhile
            raise WebError(409, "stale", "the table was reloaded meanwhile; look again")
        now = self.keeper.clock()
        # a bot playing a turn whose time ran out stops once the turn passes (or the person
        # moves); until then the turn's clock stays as it was, else the next mover's starts now
        timed_out = seat in table.timed_out
        ends = timed_out and (by_person or after.to_move() != seat)
        started = table.turn_started if timed_out and not ends else now
        deadline = self.timers.deadline(table, after, started)
        try:
            over = after.is_over()
            results = game_results(table.info, after) if over else None
            await self.ledger.add_move(
                table.id, table.seq, seat, text, over, deadline, turn_based(table), results
            )
        except DuplicateMove as exc:
            raise WebError(409, "stale", str(exc)) from exc
        if ends:
            table.timed_out.pop(seat, None)
        public = before.public_notation(number)
        table.state = after
        self.undos.remember(table, seat, number, before, by_person=by_person)
        table.history.append(
            LoggedMove(table.seq, seat, text, events, public=public, standin=standin)
        )
        table.version += 1
        table.turn_started = started
        table.saved_deadline = deadline

    async def classroom_table_over(self, classroom_id: str) -> None:
        """A table of ``classroom_id`` ended: once every table of a duplicate classroom is
        over, its loaded tables reveal the shared deal (docs/web.md, "Classrooms")."""
        if await self.ledger.deal_held(classroom_id):
            return
        for table in list(self.keeper.live.values()):
            if table.info.classroom == classroom_id and table.info.deal_held:
                table.info.deal_held = False
                self.publish(table)
