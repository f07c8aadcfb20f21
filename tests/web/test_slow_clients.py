"""Slow and greedy clients on a real server: the header-read timeout and the per-address
connection cap (bazaar/web/guard.py, docs/web.md "Slow clients").

Every client here is 127.0.0.1, so the cap is tested with a small one (5). No test bounds a
time tightly: a stalled connection must be closed, not before its timeout and not long after
(a generous 20 s more on a busy machine).
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest
from websockets.sync.client import connect

from bazaar.web.guard import Guard
from tests.web.server import Server

HEADER_TIMEOUT = 1.0
CAP = 5
#: how much later than its timeout a stalled connection may be closed on a busy machine
SLACK = 20.0


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server closing connections whose headers take over a second (no cap to speak of)."""
    args = ["--header-timeout", str(HEADER_TIMEOUT), "--connections-per-address", "1000"]
    srv = Server(tmp_path_factory.mktemp("db") / "quick.db", args=args).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def capped_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server allowing 5 connections per address (and a long header timeout), behind a
    proxy at 127.0.0.1 whose X-Forwarded-For it believes (the cap counts connections, so the
    connecting address all the same)."""
    args = ["--header-timeout", "600", "--connections-per-address", str(CAP)]
    args += ["--forwarded-allow-ips", "127.0.0.1"]
    srv = Server(tmp_path_factory.mktemp("db") / "capped.db", args=args).start()
    yield srv
    srv.stop()


def stalled(server: Server, sent: bytes = b"GET /api/games HTTP/1.1\r\nHo") -> socket.socket:
    """A connection that sends ``sent`` (half a header line) and then nothing."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=60)
    sock.sendall(sent)
    return sock


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def wait_closed(sock: socket.socket, within: float) -> float:
    """Seconds until the server closes ``sock`` (it sends nothing first); fails after
    ``within`` seconds."""
    start = time.monotonic()
    sock.settimeout(within)
    try:
        assert sock.recv(100) == b""
    except TimeoutError:
        pytest.fail(f"the connection was still open after {within} s")
    except ConnectionResetError:
        pass
    return time.monotonic() - start


def get_games(server: Server) -> int:
    return httpx.get(server.url + "/api/games", timeout=30).status_code


def test_the_guard_counts_connections_per_address() -> None:
    class Transport:
        def __init__(self, host: str) -> None:
            self.host = host

        def get_extra_info(self, name: str) -> object:
            return (self.host, 5000) if name == "peername" else None

    guard = Guard(per_address=2)
    a1, a2, a3, b1 = (
        Transport("10.0.0.1"),
        Transport("10.0.0.1"),
        Transport("10.0.0.1"),
        Transport("10.0.0.2"),
    )
    assert guard.admit(a1) and guard.admit(a2)  # type: ignore[arg-type]
    assert not guard.admit(a3)  # type: ignore[arg-type]
    assert guard.admit(b1)  # type: ignore[arg-type]  (another address has its own count)
    guard.release(a1)  # type: ignore[arg-type]
    guard.release(a1)  # type: ignore[arg-type]  (twice: counted once)
    guard.release(a3)  # type: ignore[arg-type]  (never counted)
    assert guard.open == {"10.0.0.1": 1, "10.0.0.2": 1}
    assert guard.admit(a3)  # type: ignore[arg-type]
    assert Guard(per_address=0).admit(a1)  # type: ignore[arg-type]  (0: no cap)
    body = json.loads(guard.refusal().partition(b"\r\n\r\n")[2])
    assert body["code"] == "connections" and "at most 2 at once" in body["error"]


def test_a_client_stalling_in_its_headers_is_closed_after_the_timeout(
    quick_server: Server,
) -> None:
    sock = stalled(quick_server)
    with sock:
        waited = wait_closed(sock, HEADER_TIMEOUT + SLACK)
    assert waited >= HEADER_TIMEOUT * 0.9  # not before its time


def test_a_trickle_of_bytes_does_not_keep_a_connection_open(quick_server: Server) -> None:
    """The timeout counts from the connection's start, whatever arrives in between."""
    sock = stalled(quick_server, b"GET / HTTP/1.1\r\n")
    start = time.monotonic()
    with sock:
        with contextlib.suppress(OSError):
            while time.monotonic() - start < HEADER_TIMEOUT + SLACK:
                sock.sendall(b"X")  # a header name that never ends
                time.sleep(0.2)
        assert time.monotonic() - start < HEADER_TIMEOUT + SLACK, "never closed"
        assert time.monotonic() - start >= HEADER_TIMEOUT * 0.9


def test_a_second_request_stalling_on_a_keep_alive_connection_is_closed(
    quick_server: Server,
) -> None:
    sock = stalled(quick_server, b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
    with sock:
        head = b""
        while b"\r\n\r\n" not in head:
            head += sock.recv(65536)
        assert head.startswith(b"HTTP/1.1 200")
        time.sleep(HEADER_TIMEOUT / 2)
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHo")
        sock.settimeout(HEADER_TIMEOUT + SLACK)
        with contextlib.suppress(ConnectionResetError):
            while sock.recv(65536):  # the rest of the first reply, then the close
                pass


def test_a_normal_request_is_served_while_stalled_clients_hang(quick_server: Server) -> None:
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(stalled(quick_server)) for _ in range(50)]
        assert get_games(quick_server) == 200
        for sock in socks:
            wait_closed(sock, HEADER_TIMEOUT + SLACK)
    assert get_games(quick_server) == 200


def test_a_websocket_outlives_the_header_timeout(quick_server: Server) -> None:
    """Once its headers are in, a connection is no longer timed: an open table stays open."""
    body = {"game": "buy-low-sell-high", "players": 2, "seats": [{"kind": "human"}] * 2}
    table = httpx.post(quick_server.url + "/api/tables", json=body).json()
    with connect(f"{quick_server.ws_url}/ws/tables/{table['id']}", open_timeout=30) as ws:
        assert json.loads(ws.recv(timeout=30))["type"] == "state"
        time.sleep(HEADER_TIMEOUT * 2)
        ws.send('{"type": "ping"}')
        assert json.loads(ws.recv(timeout=30))["type"] == "pong"


def refusal(server: Server) -> tuple[bytes, dict[str, str], bytes]:
    """Open one more connection, send a request, and read the whole reply (head lines,
    headers, body)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        with contextlib.suppress(OSError):
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        reply = read_all(sock)
    head, _, body = reply.partition(b"\r\n\r\n")
    status, *lines = head.split(b"\r\n")
    headers = {}
    for line in lines:
        name, _, value = line.decode().partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def accepted_again(server: Server, within: float = 30.0) -> bool:
    """A request is served (the server may take a moment to see a closed connection go)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if get_games(server) == 200:
            return True
        time.sleep(0.1)
    return False


def test_past_the_cap_a_connection_is_refused_with_503_until_one_closes(
    capped_server: Server,
) -> None:
    socks = [stalled(capped_server) for _ in range(CAP)]
    try:
        status, headers, body = refusal(capped_server)
        assert status == b"HTTP/1.1 503 Service Unavailable"
        assert headers["retry-after"] == "5" and headers["connection"] == "close"
        reply = json.loads(body)
        assert reply["code"] == "connections"
        assert reply["error"].startswith(f"too many connections from your address: at most {CAP}")
        socks.pop().close()
        assert accepted_again(capped_server)
        socks.append(stalled(capped_server))  # the freed place, taken again
        assert refusal(capped_server)[0].startswith(b"HTTP/1.1 503")
    finally:
        for sock in socks:
            sock.close()
    assert accepted_again(capped_server)


def test_open_websockets_count_until_they_close(capped_server: Server) -> None:
    body = {"game": "buy-low-sell-high", "players": 2, "seats": [{"kind": "human"}] * 2}
    table = httpx.post(capped_server.url + "/api/tables", json=body).json()
    url = f"{capped_server.ws_url}/ws/tables/{table['id']}"
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(url, open_timeout=30)) for _ in range(CAP)]
        for ws in sockets:
            assert json.loads(ws.recv(timeout=30))["type"] == "state"
        assert refusal(capped_server)[0].startswith(b"HTTP/1.1 503")
    assert accepted_again(capped_server)
    with contextlib.ExitStack() as stack:  # every place came back: the cap's worth again
        socks = [stack.enter_context(stalled(capped_server)) for _ in range(CAP - 1)]
        assert get_games(capped_server) == 200
        assert len(socks) == CAP - 1


def test_another_address_is_served_while_one_is_at_the_cap(capped_server: Server) -> None:
    """Linux routes all of 127.0.0.0/8 to the loopback: 127.0.0.2 is another client."""
    with contextlib.ExitStack() as stack:
        for _ in range(CAP):
            sock = stack.enter_context(socket.socket())
            sock.bind(("127.0.0.2", 0))
            sock.connect(("127.0.0.1", capped_server.port))
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHo")
        extra = stack.enter_context(socket.socket())
        extra.bind(("127.0.0.2", 0))
        extra.settimeout(30)
        extra.connect(("127.0.0.1", capped_server.port))
        assert read_all(extra).startswith(b"HTTP/1.1 503")
        assert get_games(capped_server) == 200  # from 127.0.0.1


def test_the_cap_counts_the_connecting_address_whatever_is_forwarded(
    capped_server: Server,
) -> None:
    """Five connections from 127.0.0.1 naming five other clients in X-Forwarded-For (believed
    from this proxy for the rate limits) still fill 127.0.0.1's places."""
    with contextlib.ExitStack() as stack:
        for i in range(CAP):
            head = f"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 10.0.0.{i}\r\nX-"
            stack.enter_context(stalled(capped_server, head.encode()))
        assert refusal(capped_server)[0].startswith(b"HTTP/1.1 503")
    assert accepted_again(capped_server)
