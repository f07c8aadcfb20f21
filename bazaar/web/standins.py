"""Stand-ins: a person's seat handed to a bot (their own at any time, another's once it is past
the turn timer), and taken back when the person returns (docs/web.md, "Absent players")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bazaar.bots.registry import UnknownBot, make_bot, normalize_spec
from bazaar.i18n import N_
from bazaar.web.errors import WebError, refusal
from bazaar.web.ledger import Ledger
from bazaar.web.live import LiveTable
from bazaar.web.shapes import AwayMessage, AwayMove
from bazaar.web.timers import Timers

#: Why a seat cannot be handed to a bot (``rule`` of the ``standin`` error) -> the sentence.
STANDIN_REFUSALS = {
    "standin-no-timer": N_("this table has no turn timer, so seats are not handed to bots"),
    "standin-not-away": N_(
        "this player has not been away longer than the turn timer ({minutes} min) yet"
    ),
    "standin-not-human": N_("only a person's seat can be handed to a bot"),
    "standin-already": N_("a bot is already playing for this seat"),
    "standin-game-over": N_("the game is over"),
    "return-nothing": N_("no bot is playing for your seat"),
}


def checked_spec(table: LiveTable, by: int | None, seat: Any, spec: Any) -> str:
    """The normalised bot spec of a stand-in request; WebError for a wrong field or bot."""
    if by is None:
        raise WebError(403, "token", "handing a seat to a bot needs a seat's token")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.info.seats):
        raise WebError(
            400, "field", f"'seat' must be a seat number from 0 to {len(table.info.seats) - 1}"
        )
    if not isinstance(spec, str) or len(spec) > 40:
        raise WebError(400, "field", "'bot' must be a bot spec such as 'ismcts:easy'")
    spec = normalize_spec(spec)
    try:
        make_bot(spec, 0, game=table.info.game)
    except UnknownBot as exc:
        raise WebError(400, "bot", exc.message) from exc
    return spec


class Standins:
    """Hands seats to bots and back; ``publish(table)`` and ``wake(table)`` follow a change."""

    def __init__(
        self,
        ledger: Ledger,
        timers: Timers,
        clock: Callable[[], float],
        publish: Callable[[LiveTable], None],
        wake: Callable[[LiveTable], None],
    ) -> None:
        self.ledger = ledger
        self.timers = timers
        self.clock = clock
        self.publish = publish
        self.wake = wake

    def _refusal(self, table: LiveTable, by: int, seat: int) -> WebError | None:
        info = table.info.seats[seat]
        if table.state.is_over():
            return refusal(409, "standin", "standin-game-over", STANDIN_REFUSALS)
        if info["kind"] != "human":
            return refusal(409, "standin", "standin-not-human", STANDIN_REFUSALS)
        if info.get("standin"):
            return refusal(409, "standin", "standin-already", STANDIN_REFUSALS)
        if seat == by:
            return None
        if self.timers.seconds(table) is None:
            return refusal(409, "standin", "standin-no-timer", STANDIN_REFUSALS)
        if seat not in self.timers.overdue(table, self.clock())[0]:
            minutes = table.info.turn_minutes
            return refusal(409, "standin", "standin-not-away", STANDIN_REFUSALS, minutes=minutes)
        return None

    async def hand_to_bot(self, table: LiveTable, by: int | None, seat: Any, spec: Any) -> None:
        """Seat ``by`` hands ``seat`` to the bot ``spec``: allowed for one's own seat at any
        time, and for another person's seat once it is overdue (see :meth:`Timers.timer`)."""
        spec = checked_spec(table, by, seat, spec)
        assert by is not None
        async with table.lock:
            refused = self._refusal(table, by, seat)
            if refused is not None:
                raise refused
            await self._stand_in(table, seat, spec)
        self.publish(table)
        self.wake(table)

    async def time_ran_out(self, table: LiveTable, seat: int, spec: str) -> bool:
        """A turn-based table's mover ``seat`` ran out of time and its rule is "standin": the
        bot ``spec`` plays for them until they are back (False: it was too late: the person
        moved, or someone stands in already)."""
        async with table.lock:
            if table.state.to_move() != seat or table.bot_spec(seat) is not None:
                return False
            await self._stand_in(table, seat, spec)
        self.publish(table)
        self.wake(table)
        return True

    async def _stand_in(self, table: LiveTable, seat: int, spec: str) -> None:
        await self.ledger.set_seat(table.id, seat, "standin", spec)
        table.info.seats[seat]["standin"] = spec
        table.standin_since[seat] = table.seq
        table.epoch += 1

    async def take_back_seat(
        self, table: LiveTable, seat: int | None, quiet: bool = False
    ) -> AwayMessage | None:
        """The person of ``seat`` is back: the bot standing in leaves (``quiet``: no error
        if none was, and no broadcast: the caller sends one). Return what the bot played for
        the seat meanwhile (:func:`while_away`), None if no bot stood in."""
        if seat is None:
            raise WebError(403, "token", "taking a seat back needs its token")
        async with table.lock:
            info = table.info.seats[seat]
            if not info.get("standin"):
                if quiet:
                    return None
                raise refusal(409, "return", "return-nothing", STANDIN_REFUSALS)
            await self.ledger.set_seat(table.id, seat, "standin", None)
            bot = str(info["standin"])
            info["standin"] = None
            table.epoch += 1
            table.turn_started = self.clock()
            since = table.standin_since.pop(seat, 0)
            played = [m.seq for m in table.history[since:] if m.seat == seat and m.standin]
        if not quiet:
            self.publish(table)
        moves: list[AwayMove] = [{"seq": n, "text": ""} for n in played]
        return {"type": "while-away", "bot": bot, "moves": moves}


def while_away(table: LiveTable, away: AwayMessage, seat: int, lang: str) -> AwayMessage | None:
    """``away`` with each move in words as ``seat``'s own log in ``lang`` has it (the seat's
    own moves: nothing another seat may hide), None if the bot made no move."""
    played = {m["seq"] for m in away["moves"]}
    if not played:
        return None
    log = table.full_log(seat, lang)
    moves: list[AwayMove] = [
        {"seq": e["seq"], "text": e["text"]} for e in log if e["seq"] in played
    ]
    return {"type": "while-away", "bot": away["bot"], "moves": moves}
