"""Talk at the table (docs/web.md, "Talk at the table"): chat lines and quick reactions,
written by the people seated, read by every viewer, stored with the table, limited in length
and pace, and switched off and on by the table's host.

Chat never takes the table's lock and never waits for a socket: a line is stored (in a
thread), then queued on each connection's own outbox, so nobody's move waits for it.
"""

from __future__ import annotations

import math
import unicodedata
from collections import deque
from collections.abc import Callable
from typing import Any

from bazaar.core.names import refused_char, visible
from bazaar.i18n import N_
from bazaar.web.errors import WebError, refusal
from bazaar.web.ledger import Ledger
from bazaar.web.live import LiveTable, encode
from bazaar.web.shapes import ChatLine, ChatMessage, ChatState
from bazaar.web.store import CHAT_LAST

#: Longest chat line, in characters after trimming and NFC normalisation.
MAX_CHAT = 200
#: Longest raw text a request may carry (before trimming).
MAX_RAW_CHAT = 1000
#: Lines one seat may write within :data:`RATE_SECONDS`.
RATE_LINES = 5
RATE_SECONDS = 10.0
#: The quick reactions: id -> its English words (a msgid; every page says it in its language).
REACTIONS = {
    "nice-move": N_("Nice move!"),
    "good-game": N_("Good game"),
    "well-played": N_("Well played"),
    "thinking": N_("Let me think…"),
    "oops": N_("Oops!"),
    "thanks": N_("Thanks!"),
}

#: Why a chat request is refused (``rule`` of the ``chat`` error) -> the sentence.
CHAT_REFUSALS = {
    "chat-watcher": N_("only the people seated at the table can write in its chat"),
    "chat-bot": N_("a bot's seat cannot write in the chat"),
    "chat-off": N_("the chat of this table is off"),
    "chat-empty": N_("a chat message may not be empty (or only spaces)"),
    "chat-char": N_("a chat message may not contain the character {char}"),
    "chat-invisible": N_("a chat message needs at least one visible character"),
    "chat-long": N_("a chat message may be at most {max} characters, not {count}"),
    "chat-reaction": N_("there is no quick reaction {given!r}"),
    "chat-kind": N_("'kind' must be text or reaction"),
    "chat-rate": N_(
        "you are writing too fast: at most {lines} messages in {seconds} s; try again in {wait} s"
    ),
    "chat-not-host": N_(
        "only the table's host (the first person's seat, or a classroom's teacher) can turn "
        "the chat off or on"
    ),
}


def chat_refusal(status: int, rule: str, **fmt: Any) -> WebError:
    return refusal(status, "chat", rule, CHAT_REFUSALS, **fmt)


def checked_text(raw: Any) -> str:
    """A chat line's words trimmed and NFC-normalised, checked as names are
    (:mod:`bazaar.core.names`) but up to :data:`MAX_CHAT` characters; WebError 422 ``chat``."""
    if not isinstance(raw, str) or len(raw) > MAX_RAW_CHAT:
        raise WebError(422, "field", f"'text' must be text of at most {MAX_RAW_CHAT} characters")
    bad = refused_char(raw)
    if bad is not None:
        raise chat_refusal(422, "chat-char", char=f"U+{ord(bad):04X}")
    text = unicodedata.normalize("NFC", raw.strip())
    if not text:
        raise chat_refusal(422, "chat-empty")
    if not any(visible(char) for char in text):
        raise chat_refusal(422, "chat-invisible")
    if len(text) > MAX_CHAT:
        raise chat_refusal(422, "chat-long", max=MAX_CHAT, count=len(text))
    return text


def host_seat(table: LiveTable) -> int | None:
    """The table's host: its first person's seat (None for a classroom table, whose host is
    its teacher, or a table of bots alone)."""
    if table.info.classroom is not None:
        return None
    people = [i for i, s in enumerate(table.info.seats) if s["kind"] == "human"]
    return people[0] if people else None


def is_host(table: LiveTable, seat: int | None) -> bool:
    """May this viewer switch the chat? On a classroom table the viewer without a seat is its
    teacher (a classroom table has no other watcher: :meth:`TableKeeper.seat_of`)."""
    if table.info.classroom is not None:
        return seat is None
    return seat is not None and seat == host_seat(table)


class Chat:
    """Writes and switches each table's chat; ``clock`` gives UNIX seconds."""

    def __init__(self, ledger: Ledger, clock: Callable[[], float]) -> None:
        self.ledger = ledger
        self.clock = clock
        #: (table id, seat) -> when its newest lines were written (at most RATE_LINES)
        self._times: dict[tuple[str, int], deque[float]] = {}

    @staticmethod
    def state(table: LiveTable, seat: int | None) -> ChatState:
        """The payload's ``chat``."""
        return {"on": not table.info.chat_off, "host": is_host(table, seat)}

    @staticmethod
    def history(table: LiveTable) -> ChatMessage:
        """The newest lines, for a socket that has just opened (or ``GET …/chat``)."""
        return {"type": "chat", "history": True, "lines": list(table.chat_lines)}

    def _writer(self, table: LiveTable, seat: int | None) -> int:
        if seat is None:
            raise chat_refusal(403, "chat-watcher")
        if table.info.seats[seat]["kind"] != "human":
            raise chat_refusal(403, "chat-bot")
        if table.info.chat_off:
            raise chat_refusal(409, "chat-off")
        return seat

    def _paced(self, table: LiveTable, seat: int) -> None:
        """Refuse a seat's line past :data:`RATE_LINES` in :data:`RATE_SECONDS` (429, saying
        when to try again); else count it."""
        now = self.clock()
        times = self._times.setdefault((table.id, seat), deque())
        while times and now - times[0] >= RATE_SECONDS:
            times.popleft()
        if len(times) >= RATE_LINES:
            wait = max(1, math.ceil(times[0] + RATE_SECONDS - now))
            refused = chat_refusal(
                429, "chat-rate", lines=RATE_LINES, seconds=f"{RATE_SECONDS:g}", wait=wait
            )
            refused.retry_after = wait
            raise refused
        times.append(now)

    async def write(self, table: LiveTable, seat: int | None, kind: Any, raw: Any) -> ChatLine:
        """Seat ``seat`` says ``raw`` (``kind`` ``reaction``: a reaction's id): checked,
        stored, then queued for every viewer of the table. Return the line."""
        writer = self._writer(table, seat)
        if kind == "reaction":
            if not isinstance(raw, str) or raw not in REACTIONS:
                raise chat_refusal(422, "chat-reaction", given=str(raw)[:40])
            text = raw
        elif kind == "text":
            text = checked_text(raw)
        else:
            raise chat_refusal(422, "chat-kind")
        self._paced(table, writer)
        name = str(table.info.seats[writer].get("name") or "")
        line = await self.ledger.add_chat(table.id, writer, name, kind, text)
        table.chat_lines.append(line)
        del table.chat_lines[:-CHAT_LAST]
        self.broadcast(table, {"type": "chat", "history": False, "lines": [line]})
        return line

    @staticmethod
    def broadcast(table: LiveTable, message: ChatMessage) -> None:
        """Queue ``message`` for every connection (the same for all: nothing in it is private)."""
        text = encode(message)
        for conn in list(table.connections):
            conn.offer(text)

    async def switch(self, table: LiveTable, seat: int | None, on: Any) -> None:
        """The host turns the chat ``on`` (True) or off (False)."""
        if not isinstance(on, bool):
            raise WebError(400, "field", "'on' must be true or false")
        if not is_host(table, seat):
            raise chat_refusal(403, "chat-not-host")
        await self.ledger.set_chat_off(table.id, not on)
        table.info.chat_off = not on

    def forget(self, table_id: str) -> None:
        """Drop an unloaded table's pacing."""
        for key in [k for k in self._times if k[0] == table_id]:
            del self._times[key]
