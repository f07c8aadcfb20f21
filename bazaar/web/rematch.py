"""Play again (docs/web.md, "Talk at the table"): once a game is over, any seated person may
ask for a rematch. The first request makes ONE new table: the same game, player count, rule
options, turn timer, language, bots and people in the same seats under the same names, with
a new deal (a fresh seed and salt, as any new table gets; a fixed seed is not reused). Every
later request, from the same seat or another, gets that same table.

Each person's new seat token is derived from their old one, never stored:
``base64url(HMAC-SHA256(old token, "bazaar-rematch-v1:<new table id>:<seat>"))`` (18 bytes).
The new table stores its hash when the seat asks, so the new token goes only to whoever
holds the old one, and asking twice gives the same token. Until a seat asks, no token opens
it (its stored hash is of a random token nobody was given).
"""

from __future__ import annotations

import asyncio
import base64
import hmac
from collections.abc import Callable

from bazaar.i18n import N_
from bazaar.web.errors import refusal
from bazaar.web.keeper import TableKeeper
from bazaar.web.ledger import Ledger
from bazaar.web.live import LiveTable
from bazaar.web.pace import TablePace
from bazaar.web.shapes import RematchInfo
from bazaar.web.store import token_hash

#: Why a rematch is refused (``rule`` of the ``rematch`` error) -> the sentence.
REMATCH_REFUSALS = {
    "rematch-watcher": N_("only the people seated at the table can ask for a rematch"),
    "rematch-not-over": N_("a rematch can be asked for once the game is over"),
    "rematch-classroom": N_(
        "a classroom table has no rematch: the teacher makes the class's next tables"
    ),
}


def rematch_token(old_token: str, table_id: str, seat: int) -> str:
    """A person's seat token at the rematch table ``table_id``, from their old one."""
    message = f"bazaar-rematch-v1:{table_id}:{seat}".encode()
    digest = hmac.new(old_token.encode(), message, "sha256").digest()[:18]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def rematch_info(table: LiveTable) -> RematchInfo | None:
    """The payload's ``rematch``: public, the same for every viewer."""
    info = table.info
    if info.rematch is None or info.rematch_by is None:
        return None
    return {"table": info.rematch, "by": info.rematch_by, "watch": f"/t/{info.rematch}"}


class Rematches:
    """Makes each finished table's one rematch and hands each seat its place there;
    ``publish(table)`` tells the old table's viewers that the rematch exists."""

    def __init__(
        self, keeper: TableKeeper, ledger: Ledger, publish: Callable[[LiveTable], None]
    ) -> None:
        self.keeper = keeper
        self.ledger = ledger
        self.publish = publish
        self._locks: dict[str, asyncio.Lock] = {}

    async def ask(self, table: LiveTable, seat: int | None, token: str) -> tuple[str, str]:
        """Seat ``seat`` (holding ``token``) wants to play again: the rematch table's id and
        this seat's token there (the table is made by the first request)."""
        if seat is None:
            raise refusal(403, "rematch", "rematch-watcher", REMATCH_REFUSALS)
        if table.info.classroom is not None:
            raise refusal(409, "rematch", "rematch-classroom", REMATCH_REFUSALS)
        if not table.state.is_over():
            raise refusal(409, "rematch", "rematch-not-over", REMATCH_REFUSALS)
        lock = self._locks.setdefault(table.id, asyncio.Lock())
        async with lock:
            if table.info.rematch is None:
                made = await self._make(table)
                table.info.rematch, table.info.rematch_by = await self.ledger.set_rematch(
                    table.id, made, seat
                )
                self.publish(table)
            new_id = table.info.rematch
        self._locks.pop(table.id, None)
        new_token = rematch_token(token, new_id, seat)
        await self._seat(new_id, seat, new_token)
        return new_id, new_token

    async def _make(self, table: LiveTable) -> str:
        info = table.info
        seats = [
            {"kind": s["kind"], "bot": s.get("bot"), "name": s.get("name") or ""}
            for s in info.seats
        ]
        pace = TablePace.stored(info.pace, info.turn_minutes, info.on_timeout)
        new_id, _unused = await self.keeper.create(
            info.game, info.players, seats, dict(info.options), info.lang, None, pace=pace
        )
        return new_id

    async def _seat(self, table_id: str, seat: int, token: str) -> None:
        """Let ``token`` open ``seat`` of the rematch table (once; again is a no-op)."""
        new = await self.keeper.get(table_id)
        digest = token_hash(token)
        row = new.info.seats[seat]
        if row.get("token_hash") == digest:
            return
        await self.ledger.set_seat(table_id, seat, "token_hash", digest)
        row["token_hash"] = digest
