"""What a seat sees of a table: its payload now, and as it was after any earlier move."""

from __future__ import annotations

from bazaar.core.registry import get_game
from bazaar.web.chat import Chat
from bazaar.web.errors import WebError
from bazaar.web.live import LOG_LAST, LiveTable
from bazaar.web.payload import build_payload
from bazaar.web.rematch import rematch_info
from bazaar.web.shapes import TablePayload
from bazaar.web.timers import Timers
from bazaar.web.undo import Undos


class Views:
    """Builds payloads (:func:`bazaar.web.payload.build_payload` plus the table's deal, undo,
    position version, turn timer, chat switch and rematch)."""

    def __init__(self, timers: Timers, undos: Undos) -> None:
        self.timers = timers
        self.undos = undos

    def payload(self, table: LiveTable, seat: int | None, lang: str) -> TablePayload:
        payload = build_payload(
            table.state,
            seat,
            lang,
            table=table.id,
            seats=table.seats_public(),
            history=table.history,
            log=table.log(seat, lang),
        )
        payload["deal"] = table.deal()
        payload["undo"] = self.undos.may_undo(table, seat)
        payload["version"] = table.version
        payload["timer"] = self.timers.timer(table, lang)
        payload["chat"] = Chat.state(table, seat)
        payload["rematch"] = rematch_info(table)
        return payload

    @staticmethod
    def replay(table: LiveTable, seat: int | None, step: int, lang: str) -> TablePayload:
        """The payload of ``seat`` as it was after ``step`` moves (0 = the start)."""
        if not 0 <= step <= table.seq:
            raise WebError(400, "field", f"'step' must be between 0 and {table.seq}, not {step}")
        info = table.info
        state = get_game(info.game).new(info.players, info.seed, info.options)
        for move in table.history[:step]:
            state.apply(state.game.parse(move.notation))
        payload = build_payload(
            state,
            seat,
            lang,
            table=table.id,
            seats=table.seats_public(),
            history=table.history[:step],
            log=table.full_log(seat, lang)[:step][-LOG_LAST:],
        )
        payload["legal"] = []
        payload["replay"] = {"step": step, "steps": table.seq}
        payload["deal"] = table.deal()
        return payload
