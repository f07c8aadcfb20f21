"""Load on the web server: many concurrent tables played over WebSockets on loopback.

Starts ``bazaar serve`` (SQLite in a temporary folder, unless ``--url`` points at a running
server), creates ``--tables`` tables whose seats are all people, connects one WebSocket per
seat, and plays every game at once: the seat to move waits a "thinking" time (uniform
between 0.5 and 1.5 times ``--think`` seconds, like a person; 0 = at once, which measures the
most the server can take) and sends a random legal move. It prints the moves per second the
server accepted and the latency from a move sent to the mover's updated view received
(p50 / p99 / max), leaving out the first ``--warmup`` seconds (connecting and the opening burst).
All tables and sockets come from one address, so the server it starts has its per-address rate
limits off (``--rate-limit-tables`` / ``--rate-limit-sockets`` set them).

    python benchmarks/server_load.py --tables 200 --seconds 30 --think 1
    python benchmarks/server_load.py --tables 200 --seconds 30 --think 0

More than one server process (docs/web.md, "More than one process"): ``--processes 1 2``
runs the load on ``bazaar serve --processes 1`` and then ``--processes 2``, each on a fresh
PostgreSQL database (on the server of ``--postgres`` or ``BAZAAR_TEST_POSTGRES``), and with
``--ramp 100,200,400`` it raises the tables step by step and reports, for each process
count, the most moves per second it held with a p99 under 100 ms, side by side; the last line
is JSON.

    python benchmarks/server_load.py --processes 1 2 --ramp 100,200,400,800 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.databases import URL_VARIABLE, create_database, drop_database
from tests.web.server import Server

#: the latency bound a load is held under
P99_GOAL_MS = 100.0

GAMES = {"buy-low-sell-high": 3, "take-stock": 4, "night-market": 4}


async def create_tables(url: str, count: int, game: str | None) -> list[dict[str, Any]]:
    """Create ``count`` all-human tables (games in turn, or all ``game``)."""
    order = [game] if game else list(GAMES)
    out = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        for i in range(count):
            gid = order[i % len(order)]
            players = GAMES[gid]
            body = {"game": gid, "players": players, "seats": [{"kind": "human"}] * players}
            res = await client.post("/api/tables", json={**body, "seed": i})
            res.raise_for_status()
            out.append(res.json())
    return out


class Seat:
    """One seat's WebSocket and the newest payload it received."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.latest: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.reader: asyncio.Task[None] = asyncio.Future()  # set by open_table

    async def read(self) -> None:
        async for text in self.ws:
            message = orjson.loads(text)
            if message["type"] == "error":
                raise RuntimeError(message["error"])
            self.latest = message
            self.changed.set()

    async def at(self, seq: int) -> dict[str, Any]:
        """The payload once it shows ``seq`` moves played."""
        while self.latest is None or self.latest["seq"] < seq:
            self.changed.clear()
            await self.changed.wait()
        return self.latest


async def open_table(ws_url: str, table: dict[str, Any]) -> list[Seat]:
    """Connect every seat of a table and wait for its first payload."""
    seats = []
    for s in table["seats"]:
        seat = Seat(await connect(f"{ws_url}/ws/tables/{table['id']}?token={s['token']}"))
        seat.reader = asyncio.create_task(seat.read())
        seats.append(seat)
    for seat in seats:
        await seat.at(0)
    return seats


async def close_table(seats: list[Seat]) -> None:
    for seat in seats:
        await seat.ws.close()
        seat.reader.cancel()
    await asyncio.gather(*(seat.reader for seat in seats), return_exceptions=True)


async def play_table(
    seats: list[Seat],
    deadline: float,
    latencies: list[float],
    rng: random.Random,
    think: float,
    measure_from: float,
) -> int:
    """Play one table until it ends or the deadline; return the moves made."""
    seq = 0
    while time.perf_counter() < deadline:
        mover = (await seats[0].at(seq))["to_move"]
        if mover is None:
            break
        view = await seats[mover].at(seq)
        if think:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        action = rng.choice(view["legal"])["action"]
        sent = time.perf_counter()
        move = orjson.dumps({"type": "move", "action": action, "seq": seq}).decode()
        await seats[mover].ws.send(move)
        await seats[mover].at(seq + 1)
        if sent >= measure_from:
            latencies.append(time.perf_counter() - sent)
        seq += 1
    return seq


async def run(
    url: str, tables: int, seconds: float, game: str | None, think: float, warmup: float
) -> dict[str, float]:
    """Play ``tables`` tables at once on the server at ``url``; print and return the figures."""
    made = await create_tables(url, tables, game)
    ws_url = url.replace("http", "ws", 1)
    opened = [await open_table(ws_url, t) for t in made]
    latencies: list[float] = []
    start = time.perf_counter()
    deadline = start + seconds
    measure_from = start + min(warmup, seconds / 2)
    rng = random.Random(1)
    counts = await asyncio.gather(
        *(
            play_table(seats, deadline, latencies, random.Random(rng.random()), think, measure_from)
            for seats in opened
        )
    )
    elapsed = time.perf_counter() - start
    await asyncio.gather(*(close_table(seats) for seats in opened))
    moves = sum(counts)
    latencies.sort()
    ms = [x * 1000 for x in latencies]
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(
        f"tables: {tables} ({game or 'all three games in turn'}), one WebSocket per seat, "
        f"thinking {think:g} s (x0.5-1.5) per move"
    )
    print(f"moves accepted: {moves} in {elapsed:.1f} s = {moves / elapsed:.0f} moves/s")
    print(f"latencies of the {len(ms)} moves sent after the first {warmup:g} s (warm-up):")
    print(
        f"latency move sent -> view received: p50 {statistics.median(ms):.1f} ms, "
        f"p99 {p99:.1f} ms, max {ms[-1]:.1f} ms"
    )
    verdict = "met" if p99 < P99_GOAL_MS else "NOT met"
    print(f"goal: p99 under 100 ms with {tables} tables -> {verdict}")
    return {
        "tables": tables,
        "moves_per_s": round(moves / elapsed, 1),
        "p50_ms": round(statistics.median(ms), 1),
        "p99_ms": round(p99, 1),
        "max_ms": round(ms[-1], 1),
    }


def processes_run(args: argparse.Namespace, limits: list[str]) -> None:
    """The load on 1, 2, ... server processes on PostgreSQL, each step of the ramp on a fresh
    database; the most moves per second each held with p99 under the goal, side by side."""
    server_url = args.postgres or os.environ.get(URL_VARIABLE)
    if not server_url:
        raise SystemExit(f"--processes needs PostgreSQL: --postgres URL or {URL_VARIABLE}")
    steps = [int(n) for n in args.ramp.split(",")] if args.ramp else [args.tables]
    results: dict[int, list[dict[str, float]]] = {}
    for count in args.processes:
        results[count] = []
        for tables in steps:
            url = create_database(server_url)
            with tempfile.TemporaryDirectory() as folder:
                log = Path(folder) / "server.log"
                server = Server(url, log=log, args=[*limits, "--processes", str(count)]).start()
                try:
                    print(f"--- {count} process(es), {tables} tables")
                    figures = asyncio.run(
                        run(server.url, tables, args.seconds, args.game, args.think, args.warmup)
                    )
                finally:
                    server.stop()
                    drop_database(server_url, url)
            results[count].append(figures)
            if figures["p99_ms"] >= P99_GOAL_MS:
                break  # more tables would only be slower
    held = {
        count: max((f["moves_per_s"] for f in steps_run if f["p99_ms"] < P99_GOAL_MS), default=0.0)
        for count, steps_run in results.items()
    }
    print("processes | " + " | ".join(f"{c}" for c in results))
    print("moves/s held at p99 < 100 ms | " + " | ".join(f"{held[c]:.0f}" for c in results))
    print(json.dumps({"think": args.think, "held_moves_per_s": held, "steps": results}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--game", choices=sorted(GAMES), default=None)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds per move")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds not measured")
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    parser.add_argument(
        "--rate-limit-tables", default="0", help="the started server's limit (0 = off)"
    )
    parser.add_argument(
        "--rate-limit-sockets", default="0", help="the started server's limit (0 = off)"
    )
    parser.add_argument(
        "--processes",
        type=int,
        nargs="+",
        default=None,
        help="server processes on PostgreSQL, one run each, side by side (e.g. 1 2)",
    )
    parser.add_argument("--ramp", default="", help="tables per step, e.g. 100,200,400")
    parser.add_argument("--postgres", default=None, help="a PostgreSQL server URL")
    args = parser.parse_args()
    if args.processes:
        limits = ["--rate-limit-tables", args.rate_limit_tables]
        limits += ["--rate-limit-sockets", args.rate_limit_sockets]
        limits += ["--connections-per-address", "0"]  # every socket comes from 127.0.0.1
        processes_run(args, limits)
        return
    if args.url:
        asyncio.run(run(args.url, args.tables, args.seconds, args.game, args.think, args.warmup))
        return
    with tempfile.TemporaryDirectory() as folder:
        # every table and socket comes from 127.0.0.1: the per-address limits are off
        limits = ["--rate-limit-tables", args.rate_limit_tables]
        limits += ["--rate-limit-sockets", args.rate_limit_sockets]
        limits += ["--connections-per-address", "0"]
        server = Server(Path(folder) / "load.db", args=limits).start()
        try:
            asyncio.run(
                run(server.url, args.tables, args.seconds, args.game, args.think, args.warmup)
            )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
