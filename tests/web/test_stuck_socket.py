"""A socket that never reads must not stall a table (issue 10, item 2), on a real server."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.web.server import Server, stuck_socket

#: Spectator sockets opened and closed while the stuck socket sits there.
CHURN = 2000
#: A message's send timeout on the test server (seconds): a reply that waited for the stuck
#: socket would take this long, three times REPLY_BOUND.
SEND_TIMEOUT = 60
#: ``bazaar serve`` options: every spectator is let in; 4 new tables a minute; a long send
#: timeout, so that the stuck seat is dropped when its send queue fills, not by the clock.
SERVE_OPTIONS = [
    *("--rate-limit-sockets", "0", "--rate-limit-tables", "4"),
    *("--send-timeout", str(SEND_TIMEOUT)),
]
#: The longest a move's reply may take with a stuck socket on the table (seconds): a liveness
#: bound (the replies take milliseconds, about 30 ms at the 99th percentile under churn,
#: benchmarks/stuck_socket.py), far below SEND_TIMEOUT, so that however slow the machine, a
#: reply under it did not wait for the stuck socket.
REPLY_BOUND = 20.0
#: How long a reply or a socket's end may take to arrive (seconds): a liveness bound.
ARRIVES = 30.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # every one of the spectators is let in (no connection rate limit): the worst case
    srv = Server(tmp_path_factory.mktemp("db") / "bazaar.db", args=SERVE_OPTIONS).start()
    yield srv
    srv.stop()


def new_table(server: Server, people: int = 3) -> dict[str, Any]:
    body = {"game": "buy-low-sell-high", "players": people, "seats": [{"kind": "human"}] * people}
    res = httpx.post(server.url + "/api/tables", json={**body, "seed": 5}, timeout=ARRIVES)
    assert res.status_code == 201, res.text
    return res.json()


def state_at(ws: Any, seq: int, timeout: float = ARRIVES) -> dict[str, Any]:
    """Read the socket until a state showing ``seq`` moves played."""
    deadline = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if msg["type"] == "state" and msg["seq"] >= seq:
            return msg


def test_a_stuck_socket_and_churn_do_not_delay_a_move(server: Server) -> None:
    table = new_table(server)
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    url = f"{server.ws_url}/ws/tables/{tid}"
    raw = stuck_socket(server.port, tid)
    try:
        for _ in range(CHURN):
            with connect(url, open_timeout=ARRIVES):
                pass
        with (
            connect(f"{url}?token={tokens[1]}", open_timeout=ARRIVES, max_queue=None) as friend,
            connect(url, open_timeout=ARRIVES, max_queue=None) as watcher,
        ):
            view = httpx.get(f"{server.url}/api/tables/{tid}?token={tokens[0]}", timeout=ARRIVES)
            action = view.json()["legal"][0]["action"]
            started = time.monotonic()
            res = httpx.post(
                f"{server.url}/api/tables/{tid}/moves",
                json={"token": tokens[0], "action": action, "seq": 0},
                timeout=SEND_TIMEOUT + 30,
            )
            took = time.monotonic() - started
            assert res.status_code == 200 and res.json() == {"ok": True, "seq": 1}
            assert took < REPLY_BOUND, f"the move's reply took {took:.2f} s"
            assert state_at(friend, 1)["seq"] == 1
            assert state_at(watcher, 1)["seq"] == 1
    finally:
        raw.close()


def ended(raw: socket.socket, within: float) -> bool:
    """Whether the server ends the connection (EOF or reset) within ``within`` seconds."""
    raw.settimeout(within)
    try:
        while raw.recv(65536):
            pass
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return True


def test_a_stuck_seat_is_dropped_and_shown_as_gone(server: Server) -> None:
    table = new_table(server)
    tid, tokens = table["id"], [s["token"] for s in table["seats"]]
    raw = stuck_socket(server.port, tid, tokens[1])
    try:
        with connect(
            f"{server.ws_url}/ws/tables/{tid}", open_timeout=ARRIVES, max_queue=None
        ) as watcher:
            seats = state_at(watcher, 0)["seats"]
            assert [s["connected"] for s in seats] == [False, True, False]
            slowest, renames = 0.0, 0
            with httpx.Client(base_url=server.url, timeout=SEND_TIMEOUT + 30) as client:
                # each rename is broadcast: the kernel's buffers (some MB on loopback) fill,
                # then the socket's send queue, or a send outlasts the send timeout
                deadline = time.monotonic() + 4 * SEND_TIMEOUT
                while seats[1]["connected"] and time.monotonic() < deadline:
                    for _ in range(16):
                        started = time.monotonic()
                        name = f"Player {renames} " + "x" * 20
                        res = client.post(
                            f"/api/tables/{tid}/name", json={"token": tokens[0], "name": name}
                        )
                        slowest = max(slowest, time.monotonic() - started)
                        assert res.status_code == 200
                        renames += 1
                    seats = client.get(f"/api/tables/{tid}").json()["seats"]
            assert not seats[1]["connected"], f"still connected after {renames} renames"
            assert slowest < REPLY_BOUND, f"a rename's reply took {slowest:.2f} s"
            assert ended(raw, within=ARRIVES)
            # the watcher kept receiving, up to the last rename
            latest = state_at(watcher, 0)
            while latest["seats"][0]["name"] != name or latest["seats"][1]["connected"]:
                latest = state_at(watcher, 0)
    finally:
        raw.close()


def test_serve_options_set_the_table_limit(server: Server) -> None:
    # 4 tables a minute (SERVE_OPTIONS), a bucket that refills one table every 15 s: however
    # many the module's other tests took and however long ago, six quick tries (well under
    # 15 s) get at most 4 tables plus one refilled, and some are refused
    replies = [
        httpx.post(
            server.url + "/api/tables",
            json={"game": "take-stock", "players": 2, "seats": [{"kind": "human"}] * 2},
        )
        for _ in range(6)
    ]
    codes = [r.status_code for r in replies]
    assert set(codes) <= {201, 429} and 429 in codes and codes.count(201) <= 5
    refused = [r for r in replies if r.status_code == 429]
    wait = int(refused[0].headers["retry-after"])
    assert 1 <= wait <= 15
    assert refused[0].json() == {
        "error": "too many new tables from your address: at most 4 a minute;"
        f" try again in {wait} s",
        "code": "rate-limit",
    }
