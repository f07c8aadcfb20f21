"""Each WebSocket's own bounded send queue, drained by its own sender task.

Nobody waits for anybody's socket: :meth:`Outbox.put` never blocks, it only queues a message.
A connection that falls behind (its queue is full, or one send does not finish within
``send_timeout``) is dropped: it is sent a close frame with :data:`CLOSE_TOO_SLOW` and a
reason, and ``close_timeout`` later (at once if even the close frame cannot be written: its
TCP buffer is full) its transport is aborted, so a peer that never reads holds nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable

log = logging.getLogger("bazaar.web")

#: Close code for a connection that fell behind (RFC 6455: "try again later").
CLOSE_TOO_SLOW = 1013
#: Messages a connection may have waiting before it counts as fallen behind.
QUEUE_LIMIT = 32
#: Seconds one message may take to be handed to the socket.
SEND_TIMEOUT = 5.0
#: Seconds the close frame may take before the connection is aborted.
CLOSE_TIMEOUT = 1.0

Send = Callable[[str], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]


class Outbox:
    """The messages waiting for one connection, and the task that sends them in order."""

    def __init__(
        self,
        send: Send,
        *,
        close: Close | None = None,
        abort: Callable[[], None] | None = None,
        on_gone: Callable[[], None] | None = None,
        limit: int = QUEUE_LIMIT,
        send_timeout: float = SEND_TIMEOUT,
        close_timeout: float = CLOSE_TIMEOUT,
    ) -> None:
        self._send = send
        self._close = close
        self._abort = abort
        self._on_gone = on_gone
        self.limit = limit
        self.send_timeout = send_timeout
        self.close_timeout = close_timeout
        self._queue: deque[str | None] = deque()
        self._ready = asyncio.Event()
        self._sender: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None
        #: why the connection was dropped (None while it is alive)
        self.dropped: str | None = None

    @property
    def waiting(self) -> int:
        return len(self._queue)

    def start(self) -> None:
        if self._sender is None:
            self._sender = asyncio.get_running_loop().create_task(self._drain())

    def put(self, text: str) -> bool:
        """Queue ``text``; False if the connection is gone or has just fallen behind."""
        if self.dropped is not None:
            return False
        if len(self._queue) >= self.limit:
            self.drop(f"too slow: {len(self._queue)} messages were waiting")
            return False
        self._queue.append(text)
        self._ready.set()
        return True

    async def _drain(self) -> None:
        while True:
            while not self._queue:
                self._ready.clear()
                await self._ready.wait()
            text = self._queue.popleft()
            if text is None:  # stop() asked for the end, after what was queued before
                return
            try:  # asyncio.timeout, not wait_for: on 3.11 wait_for can swallow a cancel
                async with asyncio.timeout(self.send_timeout):
                    await self._send(text)
            except TimeoutError:
                self.drop(f"too slow: a message took over {self.send_timeout:g} s")
                return
            except Exception:  # the socket is closed: forget it
                self._gone("closed")
                return

    def drop(self, reason: str) -> None:
        """Close the connection with :data:`CLOSE_TOO_SLOW` and ``reason``, and forget it."""
        if self.dropped is not None:
            return
        self._gone(reason)
        log.info("dropping a WebSocket: %s", reason)
        self._closer = asyncio.get_running_loop().create_task(self._shut(reason))

    def _gone(self, reason: str) -> None:
        if self.dropped is None:
            self.dropped = reason
            self._queue.clear()
            if self._on_gone is not None:
                self._on_gone()

    async def _shut(self, reason: str) -> None:
        sender = self._sender
        if sender is not None and sender is not asyncio.current_task():
            await _end(sender)
        if self._close is not None:
            try:
                async with asyncio.timeout(self.close_timeout):
                    await self._close(CLOSE_TOO_SLOW, reason)
            except Exception:  # the close frame did not fit either: abort at once
                pass
            else:  # the frame is queued: give the peer a moment to read it and answer
                await asyncio.sleep(self.close_timeout)
        if self._abort is not None:  # a peer that never reads is not waited for
            self._abort()

    async def stop(self) -> None:
        """End the sender task once what is queued is sent (for at most ``close_timeout``)."""
        task = self._sender
        if self.dropped is None and task is not None and not task.done():
            self._queue.append(None)
            self._ready.set()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.close_timeout):
                    await asyncio.shield(task)
        if self.dropped is None:
            self.dropped = "closed"
        self._queue.clear()
        if task is not None and task is not asyncio.current_task():
            await _end(task)


async def _end(task: asyncio.Task[None]) -> None:
    """Cancel ``task`` and wait until it has ended. Unlike awaiting it under
    ``suppress(BaseException)``, a cancel of the task that waits still goes through."""
    task.cancel()
    await asyncio.wait({task})
    if not task.cancelled():
        task.exception()  # retrieved: the sender handles its own errors


def find_abort(send: Callable[..., object], depth: int = 6) -> Callable[[], None] | None:
    """The ``abort`` of the transport behind an ASGI ``send`` callable, if it can be found.

    ASGI has no way to abort a connection whose close frame cannot be written (a peer that
    never reads), so this looks through the (wrapped) ``send`` for the server protocol's
    transport (uvicorn's protocols keep it as ``.transport``); None when there is none.
    """
    seen: set[int] = set()
    todo: list[tuple[object, int]] = [(send, 0)]
    while todo:
        item, level = todo.pop()
        if id(item) in seen or level > depth:
            continue
        seen.add(id(item))
        owner = getattr(item, "__self__", None)
        transport = getattr(owner, "transport", None)
        if transport is not None and callable(getattr(transport, "abort", None)):
            return transport.abort
        for cell in getattr(item, "__closure__", None) or ():
            with contextlib.suppress(ValueError):
                if callable(cell.cell_contents):
                    todo.append((cell.cell_contents, level + 1))
        if owner is not None:
            todo.append((getattr(owner, "_send", None) or getattr(owner, "send", None), level + 1))
    return None
