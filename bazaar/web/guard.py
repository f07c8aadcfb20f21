"""Slow and greedy clients at the connection level: a header-read timeout and a cap on the
connections one address may hold open (``bazaar serve --header-timeout``,
``--connections-per-address``; docs/web.md, "Slow clients").

uvicorn closes an idle keep-alive connection, but a connection that never finishes its
request's headers (a byte every few seconds, or nothing after half a line) stays open for
good, and a thousand of them hold a thousand descriptors. The guard is a subclass of
uvicorn's own HTTP protocol (httptools, the one ``uvicorn[standard]`` picks) that

* closes a connection whose request headers are not complete within ``header_timeout``
  seconds: counted from the connection's start for its first request and from the first
  byte of each later request on a keep-alive connection, never reset by a trickle of bytes;
  the connection is closed without a reply, as uvicorn closes an idle keep-alive one;
* counts the open connections of each client address (the address that connects: the TCP
  peer, whatever ``X-Forwarded-For`` says) and answers a connection past
  ``per_address`` with ``503`` ``{"code": "connections"}`` and ``Retry-After`` at once, reads
  nothing of it, and closes it (after the client has read the reply, at most
  :data:`LINGER_SECONDS` later).

A connection that becomes a WebSocket keeps its place in its address's count until it
closes: the WebSocket protocol subclass gives the place back. Both are made for one
:class:`Guard` by :func:`guarded_protocols` and handed to uvicorn as ``http=`` and ``ws=``.
"""

from __future__ import annotations

import asyncio
from typing import Any

import orjson

from bazaar.i18n import N_

#: Default seconds a client has to send a request's headers.
HEADER_TIMEOUT = 10.0
#: Default connections one client address may hold open at once (HTTP and WebSocket).
CONNECTIONS_PER_ADDRESS = 256
#: ``Retry-After`` of the refusal past the cap (seconds).
RETRY_SECONDS = 5
#: Seconds a refused connection stays open for the client to read the reply.
LINGER_SECONDS = 1.0

#: The refusal past the cap ({limit}: the cap, {seconds}: Retry-After). It is sent before
#: any request is read, so in English, as every API ``error`` is (docs/web.md, "The API").
TOO_MANY_CONNECTIONS = N_(
    "too many connections from your address: at most {limit} at once; try again in {seconds} s"
)


def peer_address(transport: asyncio.BaseTransport) -> str:
    """The address that connected (the TCP peer's host; "" if the transport has none)."""
    peer = transport.get_extra_info("peername")
    if isinstance(peer, tuple) and peer:
        return str(peer[0])
    return str(peer or "")


class Guard:
    """The settings and the open connections per address of one server.

    ``header_timeout <= 0`` switches the header timeout off, ``per_address <= 0`` the cap.
    """

    def __init__(
        self, header_timeout: float = HEADER_TIMEOUT, per_address: int = CONNECTIONS_PER_ADDRESS
    ) -> None:
        self.header_timeout = header_timeout
        self.per_address = per_address
        #: address -> connections open
        self.open: dict[str, int] = {}
        #: transport -> its address, for the connections counted
        self._counted: dict[asyncio.BaseTransport, str] = {}

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection; False (not counted) if its address is at the cap."""
        address = peer_address(transport)
        held = self.open.get(address, 0)
        if 0 < self.per_address <= held:
            return False
        self.open[address] = held + 1
        self._counted[transport] = address
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """A counted connection has closed (a second call for the same one does nothing)."""
        address = self._counted.pop(transport, None)
        if address is None:
            return
        held = self.open[address] - 1
        if held:
            self.open[address] = held
        else:
            del self.open[address]

    def refusal(self) -> bytes:
        """The whole HTTP reply to a connection past the cap."""
        body = orjson.dumps(
            {
                "error": TOO_MANY_CONNECTIONS.format(limit=self.per_address, seconds=RETRY_SECONDS),
                "code": "connections",
            }
        )
        head = (
            "HTTP/1.1 503 Service Unavailable\r\n"
            "content-type: application/json\r\n"
            f"content-length: {len(body)}\r\n"
            f"retry-after: {RETRY_SECONDS}\r\n"
            "connection: close\r\n\r\n"
        )
        return head.encode("ascii") + body


def guarded_protocols(guard: Guard) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's HTTP and WebSocket protocol classes, guarded by ``guard`` (for ``uvicorn.run``'s
    ``http=`` and ``ws=``)."""
    # here, not at the top: the CLI reads this module's defaults without loading uvicorn
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    class GuardedHttp(HttpToolsProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.header_timer: asyncio.TimerHandle | None = None
            self.refused = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if not guard.admit(transport):
                self.refused = True
                transport.write(guard.refusal())
                if transport.can_write_eof():
                    transport.write_eof()
                self.loop.call_later(LINGER_SECONDS, transport.close)
                return
            self._arm_header_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            self._cancel_header_timer()
            guard.release(self.transport)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.refused:
                return  # read and dropped, so closing sends no reset over the reply
            super().data_received(data)

        def eof_received(self) -> None:
            if self.refused:
                self.transport.close()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm_header_timer()  # a later request on a keep-alive connection

        def on_headers_complete(self) -> None:
            self._cancel_header_timer()
            super().on_headers_complete()

        def _arm_header_timer(self) -> None:
            if guard.header_timeout > 0 and self.header_timer is None:
                self.header_timer = self.loop.call_later(guard.header_timeout, self._header_timeout)

        def _cancel_header_timer(self) -> None:
            if self.header_timer is not None:
                self.header_timer.cancel()
                self.header_timer = None

        def _header_timeout(self) -> None:
            self.header_timer = None
            if self.transport.is_closing():
                return
            if self.cycle is not None and not self.cycle.response_complete:
                self.cycle.keep_alive = False  # a reply still going out: close after it
            else:
                self.transport.close()

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        def connection_lost(self, exc: Exception | None) -> None:
            guard.release(self.transport)
            super().connection_lost(exc)

    return GuardedHttp, GuardedWebSocket
