"""A long run of table churn: does the server's memory stay flat? (issue 21, item 3)

Starts ``bazaar serve`` (SQLite in a temporary folder, rate limits off: every client here is
one address) and, for ``--seconds``, keeps ``--clients`` clients busy making and playing
tables, each client in turn:

- people over HTTP alone: a table of people, moves posted until a random move count or the end,
  then left (nobody ever opens a socket on it);
- people over WebSockets: one socket per seat, moves sent on the sockets, then all closed;
- bots alone: a table of random and heuristic bots that plays itself to the end, watched by
  nobody;
- a person and bots: the person moves over HTTP, the bots answer, until the end;
- a spectator socket opened on a recent table and closed again.

Every 5 s it samples the server process's resident memory (RSS) and open descriptors from
/proc. It prints RSS and descriptors after the first minute and at the end, their ratio, and
how many tables and moves the run made; the last line is JSON. The issue's bar: RSS at the end
within 15% of RSS after the first minute, descriptors flat, over ten minutes and ≥ 900 tables.

    python benchmarks/soak.py                      # ten minutes
    python benchmarks/soak.py --seconds 120        # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.server import Server

GAMES = {"buy-low-sell-high": 3, "take-stock": 3, "night-market": 3}
BOTS = ["random", "heuristic"]
KINDS = ["http", "sockets", "bots", "person-and-bots", "spectator"]


@dataclass
class Counts:
    tables: int = 0
    moves: int = 0
    sockets: int = 0
    finished: int = 0
    recent: list[str] = field(default_factory=list)


def sample(pid: int) -> tuple[float, int]:
    """(RSS in MiB, open descriptors) of process ``pid``."""
    rss = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    return rss, len(os.listdir(f"/proc/{pid}/fd"))


async def create(client: httpx.AsyncClient, game: str, seats: list[dict[str, Any]]) -> Any:
    res = await client.post("/api/tables", json={"game": game, "players": 3, "seats": seats})
    res.raise_for_status()
    return res.json()


async def http_moves(
    client: httpx.AsyncClient, table: dict[str, Any], limit: int, rng: random.Random, n: Counts
) -> None:
    """Moves by the people of ``table`` over HTTP until ``limit`` or the end (bots answer)."""
    tokens = {s["seat"]: s["token"] for s in table["seats"] if s["token"]}
    any_token = next(iter(tokens.values()))
    for _ in range(limit * 20):
        seen = (await client.get(f"/api/tables/{table['id']}", params={"token": any_token})).json()
        if seen["over"] or limit <= 0:
            n.finished += seen["over"]
            return
        mover = seen["to_move"]
        if mover not in tokens:  # a bot is thinking
            await asyncio.sleep(0.05)
            continue
        view = await client.get(f"/api/tables/{table['id']}", params={"token": tokens[mover]})
        legal = view.json()["legal"]
        move = {"token": tokens[mover], "action": rng.choice(legal)["notation"], "seq": seen["seq"]}
        res = await client.post(f"/api/tables/{table['id']}/moves", json=move)
        if res.status_code == 200:
            n.moves += 1
            limit -= 1


async def socket_moves(
    ws_url: str, table: dict[str, Any], limit: int, rng: random.Random, n: Counts
) -> None:
    """Moves over one WebSocket per seat until ``limit`` or the end, then every socket closes."""
    path = f"{ws_url}/ws/tables/{table['id']}?token="
    sockets = [await connect(path + s["token"], open_timeout=30) for s in table["seats"]]
    n.sockets += len(sockets)
    try:
        latest = [orjson.loads(await ws.recv()) for ws in sockets]
        while limit > 0:
            state = max(latest, key=lambda p: p["seq"])
            if state["over"]:
                n.finished += 1
                return
            mover = state["to_move"]
            while latest[mover]["seq"] < state["seq"] or not latest[mover]["legal"]:
                message = orjson.loads(await sockets[mover].recv())
                if message["type"] == "state":
                    latest[mover] = message
            pick = rng.choice(latest[mover]["legal"])["notation"]
            move = {"type": "move", "action": pick, "seq": latest[mover]["seq"]}
            await sockets[mover].send(orjson.dumps(move).decode())
            seq = latest[mover]["seq"]
            for i, ws in enumerate(sockets):  # every seat sees the move
                while latest[i]["seq"] <= seq:
                    message = orjson.loads(await ws.recv())
                    if message["type"] == "state":
                        latest[i] = message
            n.moves += 1
            limit -= 1
    finally:
        for ws in sockets:
            await ws.close()


async def one_client(
    url: str, ws_url: str, until: float, seed: int, n: Counts, errors: list[str]
) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        turn = seed
        while time.monotonic() < until:
            kind = KINDS[turn % len(KINDS)]
            turn += 1
            game = rng.choice(sorted(GAMES))
            try:
                if kind == "spectator":
                    if n.recent:
                        path = f"{ws_url}/ws/tables/{rng.choice(n.recent[-50:])}"
                        async with connect(path, open_timeout=30) as ws:
                            await ws.recv()
                            n.sockets += 1
                    continue
                people = [{"kind": "human"}] * 3
                seats = {
                    "http": people,
                    "sockets": people,
                    "bots": [{"kind": "bot", "bot": rng.choice(BOTS)} for _ in range(3)],
                    "person-and-bots": [people[0], *[{"kind": "bot", "bot": "random"}] * 2],
                }[kind]
                table = await create(client, game, seats)
                n.tables += 1
                n.recent.append(table["id"])
                del n.recent[:-200]
                limit = rng.randint(5, 60) if kind != "person-and-bots" else 10_000
                if kind == "http" or kind == "person-and-bots":
                    await http_moves(client, table, limit, rng, n)
                elif kind == "sockets":
                    await socket_moves(ws_url, table, limit, rng, n)
            except Exception as exc:  # counted and shown; the run goes on
                errors.append(f"{kind}: {type(exc).__name__}: {exc}"[:200])


async def soak(server: Server, seconds: float, clients: int) -> dict[str, Any]:
    assert server.proc is not None
    pid = server.proc.pid
    n, errors = Counts(), []
    start = time.monotonic()
    until = start + seconds
    work = [
        asyncio.create_task(one_client(server.url, server.ws_url, until, i, n, errors))
        for i in range(clients)
    ]
    samples: list[tuple[float, float, int, int]] = []  # (seconds, RSS MiB, descriptors, tables)
    while not all(w.done() for w in work):
        await asyncio.sleep(5)
        rss, fds = sample(pid)
        elapsed = time.monotonic() - start
        samples.append((elapsed, rss, fds, n.tables))
        print(
            f"{elapsed:6.0f} s  RSS {rss:6.1f} MiB  descriptors {fds:4d}  tables {n.tables:5d}"
            f"  moves {n.moves:6d}",
            flush=True,
        )
    await asyncio.gather(*work)
    minute = next((s for s in samples if s[0] >= 60), samples[0])
    end = samples[-1]
    return {
        "seconds": round(end[0], 1),
        "tables": n.tables,
        "moves": n.moves,
        "sockets": n.sockets,
        "finished": n.finished,
        "rss_mib_1min": round(minute[1], 1),
        "rss_mib_end": round(end[1], 1),
        "rss_ratio": round(end[1] / minute[1], 3),
        "rss_mib_max": round(max(s[1] for s in samples), 1),
        "fds_1min": minute[2],
        "fds_end": end[2],
        "fds_max": max(s[2] for s in samples),
        "errors": len(errors),
        "first_errors": errors[:5],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--bot-delay", type=float, default=0.05)
    parser.add_argument("--idle-seconds", type=float, default=None, help="serve's (default 30)")
    args = parser.parse_args()
    extra = ["--rate-limit-tables", "0", "--rate-limit-sockets", "0"]
    if args.idle_seconds is not None:
        extra += ["--idle-seconds", str(args.idle_seconds)]
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "soak.db", bot_delay=args.bot_delay, args=extra).start()
        try:
            found = asyncio.run(soak(server, args.seconds, args.clients))
        finally:
            server.stop()
    print(
        f"{found['tables']} tables, {found['moves']} moves, {found['sockets']} sockets in "
        f"{found['seconds']:.0f} s; RSS {found['rss_mib_1min']} MiB after a minute, "
        f"{found['rss_mib_end']} MiB at the end ({found['rss_ratio']:.1%}); descriptors "
        f"{found['fds_1min']} -> {found['fds_end']}; {found['errors']} errors"
    )
    print(json.dumps(found))


if __name__ == "__main__":
    main()
