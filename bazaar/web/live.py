"""A table in memory and the sockets watching it: the data the hub's parts share.

:class:`LiveTable` holds a table's stored set-up, its current state and the moves played;
:class:`Connection` one open WebSocket; :func:`replay_table` rebuilds a stored table.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from bazaar.core import deal
from bazaar.core.game import State
from bazaar.web.outbox import Close, Outbox
from bazaar.web.payload import LoggedMove, log_entries
from bazaar.web.shapes import ChatLine, LogEntry, PublicDeal, SeatRow
from bazaar.web.store import StoredTable, public_seat

#: How many of the newest moves a payload's log holds.
LOG_LAST = 60


Send = Callable[[str], Awaitable[None]]


def encode(data: Mapping[str, Any]) -> str:
    """Compact JSON text of a message (UTF-8 characters kept as they are)."""
    return orjson.dumps(data).decode()


@dataclass(eq=False)
class Connection:
    """One open WebSocket: whose eyes (seat or None) and in which language.

    ``send`` writes one message to the socket; the hub never awaits it itself: broadcasts go
    through the connection's :class:`~bazaar.web.outbox.Outbox` (made by
    :meth:`bazaar.web.presence.Presence.connect`).
    ``close(code, reason)`` and ``abort()`` end a connection that fell behind.
    """

    seat: int | None
    lang: str
    send: Send
    close: Close | None = None
    abort: Callable[[], None] | None = None
    outbox: Outbox | None = None
    #: the table's presence version this connection's newest payload showed
    presence_seen: int = -1
    #: the seat token it connected with (a rematch derives the seat's new one from it)
    token: str | None = None

    def offer(self, text: str) -> bool:
        """Queue ``text`` for this socket without waiting; False if it is gone."""
        return self.outbox.put(text) if self.outbox is not None else False


@dataclass(eq=False)
class LiveTable:
    """A table in memory: its stored set-up, the current state and the move history."""

    info: StoredTable
    state: State
    history: list[LoggedMove]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    #: (seat, lang) -> the log entries of every move so far, as that seat sees them
    logs: dict[tuple[int | None, str], list[LogEntry]] = field(default_factory=dict)
    #: someone connected or left since the last broadcast
    presence_stale: bool = False
    #: counts the comings and goings
    presence_version: int = 0
    #: the pending presence broadcast, and when the last one went out (loop time)
    presence_timer: asyncio.TimerHandle | None = None
    presence_sent: float = float("-inf")
    #: the trailing run of one person's moves that may still be taken back (newest last)
    undo_stack: list[UndoEntry] = field(default_factory=list)
    #: counts undos and stand-in changes: a bot's move worked out before one is not played
    epoch: int = 0
    #: moves already stored when this server loaded the table (a restart ends their undo)
    loaded_seq: int = 0
    #: the position version: +1 for every move applied and every move taken back, so it
    #: never repeats (an undo names it). At load: the stored moves + 2 x the stored undos
    #: (a move taken back was counted once when it was played and once when taken back)
    version: int = 0
    #: (version, digest): the finished game's digest, worked out once for that position
    digest_cache: tuple[int, str] | None = None
    #: seat -> when (UNIX time) its person's last connection closed, or the table was loaded
    left_at: dict[int, float] = field(default_factory=dict)
    #: seat -> the move number at which a stand-in began playing for its person
    standin_since: dict[int, int] = field(default_factory=dict)
    #: the person seats whose person has had the table open since it was loaded
    joined: set[int] = field(default_factory=set)
    #: when (UNIX time) the turn of the seat to move began (or the table was loaded)
    turn_started: float = 0.0
    #: the broadcast due when the next seat goes past the turn timer
    timer_handle: asyncio.TimerHandle | None = None
    #: when (monotonic seconds) the table was last asked for, moved or left
    used: float = field(default_factory=time.monotonic)
    #: the newest chat lines, oldest first (docs/web.md, "Talk at the table")
    chat_lines: list[ChatLine] = field(default_factory=list)
    #: seat -> the bot playing the rest of a turn whose time ran out (a turn-based table
    #: whose rule is "bot-move"; docs/web.md, "Turn-based tables")
    timed_out: dict[int, str] = field(default_factory=dict)
    #: the deadline as last written to the store
    saved_deadline: float | None = None
    #: (move number, seat) of the last turn whose person was notified (or who saw it)
    noticed: tuple[int, int] | None = None

    def log(self, seat: int | None, lang: str) -> list[LogEntry]:
        """The newest :data:`LOG_LAST` log entries for ``seat``."""
        return self.full_log(seat, lang)[-LOG_LAST:]

    def full_log(self, seat: int | None, lang: str) -> list[LogEntry]:
        """Every log entry as ``seat`` sees it, in ``lang`` (each built once)."""
        entries = self.logs.setdefault((seat, lang), [])
        if len(entries) < len(self.history):
            names = [s["name"] for s in self.info.seats]
            fresh = self.history[len(entries) :]
            entries.extend(log_entries(self.state, fresh, seat, lang, names=names))
        return entries

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def seq(self) -> int:
        return len(self.history)

    def record(self) -> dict[str, Any]:
        """The game record (JSON dict) of everything played so far, with the deal's salt and
        commitment and, once the game is over, the final scores. It holds the seed: it is
        only served once the game is over (workers get it to rebuild the state)."""
        out = {
            "format": 1,
            "game": self.info.game,
            "players": self.info.players,
            "seed": self.info.seed,
            "options": dict(self.info.options),
            "seats": [s.get("bot") or "human" for s in self.info.seats],
            "actions": [m.notation for m in self.history],
        }
        extra = {
            "salt": self.info.salt,
            "commitment": self.info.commitment,
            "fixed_seed": self.info.fixed_seed,
            "scores": self.state.scores() if self.state.is_over() else None,
        }
        out.update((key, value) for key, value in extra.items() if value is not None)
        return out

    def deal(self) -> PublicDeal:
        """The payload's ``deal``: see :func:`bazaar.core.deal.public_deal`. Its game digest
        is worked out from the record (public by then), never stored."""
        info = self.info
        over = self.state.is_over() and not info.deal_held
        digest = self.game_digest() if over else None
        return deal.public_deal(
            info.seed, info.salt, info.commitment, info.fixed_seed, over, digest
        )

    def game_digest(self) -> str | None:
        """The finished game's digest (:func:`bazaar.core.deal.game_digest` of its record's
        commitment, moves and final scores); None while the game is on or without a
        commitment. Kept for the position version it was worked out at."""
        if self.info.commitment is None or not self.state.is_over():
            return None
        if self.digest_cache is None or self.digest_cache[0] != self.version:
            actions = [m.notation for m in self.history]
            value = deal.game_digest(self.info.commitment, actions, self.state.scores())
            self.digest_cache = (self.version, value)
        return self.digest_cache[1]

    def worker_seed(self, purpose: str, step: int) -> int:
        """The seed of a bot, hint or analysis at move ``step``: derived through SHA-256 from
        the table seed and its secret salt, so what a worker serves tells nothing of them."""
        return deal.derived_seed(self.info.seed, self.info.salt or "", purpose, step)

    def seats_public(self) -> list[SeatRow]:
        """Every seat as anyone may see it, with presence: ``present`` (the seat's person
        has the table open; bots: true), ``away`` (since when they are away, UNIX seconds: when
        their last connection closed or the server loaded the table; null while present),
        ``joined`` (the person has opened the table since it was loaded, or made a move of
        their own; false: nobody has opened this seat yet) and ``standin`` (the bot spec
        playing for an absent person, or null)."""
        connected = {c.seat for c in self.connections}
        moved = {m.seat for m in self.history if m.standin is None}
        out: list[SeatRow] = []
        for i, s in enumerate(self.info.seats):
            present = s["kind"] == "bot" or i in connected
            left = self.left_at.get(i)
            away = None if present or left is None else round(left, 3)
            out.append(
                {
                    **public_seat(i, s),
                    "connected": present,
                    "present": present,
                    "away": away,
                    "joined": present or i in self.joined or i in moved,
                }
            )
        return out

    def bot_spec(self, seat: int | None) -> str | None:
        """The bot that plays ``seat``: its own, the one standing in for its person, or the
        one playing a turn whose time ran out."""
        if seat is None:
            return None
        info = self.info.seats[seat]
        if info["kind"] == "bot":
            return str(info["bot"])
        return info.get("standin") or self.timed_out.get(seat)


@dataclass(eq=False)
class UndoEntry:
    """A person's move that may be taken back: its number, mover, the state before it and
    whether it showed the mover nothing new (:func:`bazaar.web.undo.learned_nothing`)."""

    seq: int
    seat: int
    before: State
    undoable: bool
    #: a bot playing for the seat made it (it stands)
    by_bot: bool = False
