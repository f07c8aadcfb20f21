"""The hub's persistence: every write to the store, off the event loop, and the replay of a
stored table.

A move is written before the table's state changes (bazaar.web.moves), so a crash never loses
an accepted move and a refused write changes nothing in memory.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

from bazaar.core.game import State
from bazaar.core.registry import get_game
from bazaar.web.payload import LoggedMove
from bazaar.web.shapes import ChatLine
from bazaar.web.store import Store, StoredTable


def replay_table(info: StoredTable) -> tuple[State, list[LoggedMove]]:
    """Rebuild a stored table's state and history by replaying its moves."""
    state = get_game(info.game).new(info.players, info.seed, info.options)
    moves = [(seq, seat, text) for seq, (seat, text) in enumerate(info.moves)]
    return state, play_stored(state, moves)


def play_stored(state: State, moves: list[tuple[int, int, str]]) -> list[LoggedMove]:
    """Play stored moves ``(seq, seat, notation)`` on ``state``; their log entries."""
    played: list[LoggedMove] = []
    for seq, seat, text in moves:
        action = state.parse(text)
        public = state.public_notation(action)
        events = state.apply(action)
        played.append(LoggedMove(seq, seat, text, events, public=public))
    return played


class Ledger:
    """The store, as the event loop uses it: each call runs in a thread."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def create_table(self, row: dict[str, Any]) -> None:
        await asyncio.to_thread(self.store.create_table, row)

    async def load(self, table_id: str) -> StoredTable | None:
        return await asyncio.to_thread(self.store.load, table_id)

    async def add_move(
        self,
        table_id: str,
        seq: int,
        seat: int,
        text: str,
        over: bool,
        deadline: float | None = None,
        timed: bool = False,
        results: list[dict[str, Any]] | None = None,
    ) -> None:
        """Store move ``seq`` (and a turn-based table's new ``deadline``, ``timed``; the
        last move's game ``results``); DuplicateMove if another copy of the table stored one
        first."""
        write = partial(self.store.add_move, timed=timed, results=results)
        await asyncio.to_thread(write, table_id, seq, seat, text, over, deadline)

    async def set_deadline(self, table_id: str, deadline: float | None) -> None:
        await asyncio.to_thread(self.store.set_deadline, table_id, deadline)

    async def due_tables(self, now: float) -> list[str]:
        due: list[str] = await asyncio.to_thread(self.store.due_tables, now)
        return due

    async def delete_move(self, table_id: str, seq: int) -> bool:
        """Delete the newest move ``seq`` (an undo); False if it is no longer the newest."""
        deleted: bool = await asyncio.to_thread(self.store.delete_move, table_id, seq)
        return deleted

    async def set_seat(self, table_id: str, seat: int, key: str, value: Any) -> None:
        await asyncio.to_thread(self.store.set_seat, table_id, seat, key, value)

    async def set_seat_name(self, table_id: str, seat: int, name: str) -> None:
        await asyncio.to_thread(self.store.set_seat_name, table_id, seat, name)

    async def deal_held(self, classroom_id: str) -> bool:
        held: bool = await asyncio.to_thread(self.store.deal_held, classroom_id)
        return held

    async def add_chat(self, table_id: str, seat: int, name: str, kind: str, text: str) -> ChatLine:
        line: ChatLine = await asyncio.to_thread(
            self.store.add_chat, table_id, seat, name, kind, text
        )
        return line

    async def set_chat_off(self, table_id: str, off: bool) -> None:
        await asyncio.to_thread(self.store.set_chat_off, table_id, off)

    async def set_rematch(self, table_id: str, rematch: str, by: int) -> tuple[str, int]:
        stood: tuple[str, int] = await asyncio.to_thread(
            self.store.set_rematch, table_id, rematch, by
        )
        return stood

    def close(self) -> None:
        self.store.close()
