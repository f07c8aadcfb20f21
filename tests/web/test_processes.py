"""More than one server process on one PostgreSQL database (docs/web.md, "More than one
process"): two servers started by hand serve one table — a move made through one reaches a
socket on the other, and the bots run on one of them; ``kill -9`` of that one loses no
accepted move and the table goes on on the other (its bots taken over); ``bazaar serve
--processes 2`` runs two processes on one address and starts a killed one again. The time a
takeover takes is measured by benchmarks/takeover.py, not asserted here."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.web.databases import stored_moves
from tests.web.server import Server

#: a liveness limit (not a speed bound)
LIVELY = 60.0
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
NO_LIMITS = ["--rate-limit-tables", "0", "--rate-limit-sockets", "0"]


@pytest.fixture
def two_servers(postgres_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    first = Server(postgres_url, bot_delay=0.2, log=tmp_path / "a.log", args=NO_LIMITS).start()
    second = Server(postgres_url, bot_delay=0.2, log=tmp_path / "b.log", args=NO_LIMITS).start()
    yield first, second
    first.stop()
    second.stop()


def until(ws: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    limit = time.monotonic() + LIVELY
    while time.monotonic() < limit:
        message = json.loads(ws.recv(timeout=LIVELY))
        if message.get("type") == "state" and wanted(message):
            return dict(message)
    raise AssertionError("the socket never saw it")


def view(server: Server, table_id: str, token: str) -> dict[str, Any]:
    res = httpx.get(f"{server.url}/api/tables/{table_id}", params={"token": token}, timeout=30)
    return dict(res.json())


def ann_plays(server: Server, table_id: str, token: str) -> int:
    """Ann's moves (her first legal one each time) through ``server`` until it is the bot's
    turn; the number of moves then."""
    limit = time.monotonic() + LIVELY
    while time.monotonic() < limit:
        payload = view(server, table_id, token)
        if payload["to_move"] == 1:
            return int(payload["seq"])
        if payload["to_move"] == 0 and payload["legal"]:
            body = {
                "token": token,
                "action": payload["legal"][0]["notation"],
                "seq": payload["seq"],
            }
            httpx.post(f"{server.url}/api/tables/{table_id}/moves", json=body, timeout=30)
        else:
            time.sleep(0.05)
    raise AssertionError("the bot's turn never came")


def bot_answered(seq: int) -> Callable[[dict[str, Any]], bool]:
    """A payload after the bot's turn that began at move ``seq``."""
    return lambda m: m["seq"] > seq and m["to_move"] != 1


def test_a_move_through_one_server_reaches_a_socket_on_the_other(
    two_servers: tuple[Server, Server], postgres_url: str
) -> None:
    first, second = two_servers
    body = {"game": "buy-low-sell-high", "players": 2, "seats": SEATS, "seed": 5}
    table = httpx.post(f"{first.url}/api/tables", json=body, timeout=30).json()
    tid, token = table["id"], table["seats"][0]["token"]
    with connect(f"{second.ws_url}/ws/tables/{tid}?token={token}", open_timeout=30) as watcher:
        seq = ann_plays(first, tid, token)  # through the first server
        seen = until(watcher, lambda m: m["seq"] >= seq)  # ... shown by the second
        assert seen["log"][-1]["seq"] == seq - 1
        # the bot answers (on whichever server runs it) and the second server shows it too
        after = until(watcher, bot_answered(seq))
        assert after["seq"] == view(first, tid, token)["seq"]

    # the server that runs the bots is killed: nothing accepted is lost, and the table goes
    # on on the other server, which takes its bots over
    health = [httpx.get(f"{s.url}/api/health", timeout=30).json() for s in two_servers]
    assert sorted(h["owned"] for h in health) == [0, 1]
    owner, survivor = (first, second) if health[0]["owned"] else (second, first)
    os.kill(owner.proc.pid, signal.SIGKILL)  # type: ignore[union-attr]
    owner.proc.wait()  # type: ignore[union-attr]
    owner.proc = None
    assert len(stored_moves(postgres_url, tid)) == after["seq"]
    with connect(f"{survivor.ws_url}/ws/tables/{tid}?token={token}", open_timeout=30) as ws:
        seq = ann_plays(survivor, tid, token)
        answered = until(ws, bot_answered(seq))  # the bot moved again, now on the survivor
        assert httpx.get(f"{survivor.url}/api/health", timeout=30).json()["owned"] == 1
    assert len(stored_moves(postgres_url, tid)) == answered["seq"]


def test_serve_with_two_processes_on_one_address(postgres_url: str, tmp_path: Path) -> None:
    server = Server(postgres_url, log=tmp_path / "p.log", args=["--processes", "2", *NO_LIMITS])
    server.start()
    try:
        seen: set[int] = set()
        limit = time.monotonic() + LIVELY
        while len(seen) < 2 and time.monotonic() < limit:
            with httpx.Client() as client:  # a new connection each time
                seen.add(client.get(f"{server.url}/api/health", timeout=30).json()["process"])
        assert len(seen) == 2, "one process answered every connection"
        victim = seen.pop()
        os.kill(victim, signal.SIGKILL)
        fresh: set[int] = set()
        limit = time.monotonic() + LIVELY
        while len(fresh - {victim}) < 2 and time.monotonic() < limit:
            try:
                with httpx.Client() as client:
                    fresh.add(client.get(f"{server.url}/api/health", timeout=30).json()["process"])
            except httpx.HTTPError:
                time.sleep(0.1)
        assert victim not in fresh and len(fresh) == 2  # started again, under a new id
    finally:
        server.stop()


def test_several_processes_need_postgresql(tmp_path: Path) -> None:
    server = Server(tmp_path / "one.db", args=["--processes", "2"])
    with pytest.raises(RuntimeError, match="exited"):
        server.start()
    assert "PostgreSQL" in server.log_text() and "--processes" in server.log_text()
