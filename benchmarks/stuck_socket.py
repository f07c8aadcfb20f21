"""A socket that never reads, plus spectator churn, must not slow anybody's moves.

Starts ``bazaar serve`` (SQLite in a temporary folder) and creates all-people tables (Take
Stock, 4 seats), each seat with its own reading WebSocket. First, for ``--baseline`` seconds,
two tables play with no stuck socket and no churn (the baseline). Then, on a fresh table A,
it opens one raw WebSocket that completes the handshake and never reads (a small receive
buffer, so it fills fast) and runs ``--cycles`` spectator connect/close cycles on A
(``--churners`` at a time, in a process of its own); meanwhile the seat to move on A, and on
another fresh table B, plays a random legal move over HTTP every ``--pause`` seconds. It
prints the move reply latency (HTTP request sent -> reply) and the latency until the other
seats' sockets show the move, p50 / p99 / max.

Each case runs on a fresh server: ``off`` (no connection rate limit: all cycles are accepted,
the worst case) and ``default`` (the default per-address limits: most cycles are refused).
The last line printed is the figures as JSON.

    python benchmarks/stuck_socket.py
    python benchmarks/stuck_socket.py --cycles 2000 --cases off
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
from websockets.exceptions import InvalidStatus

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.server import Server, stuck_socket

GAME, PLAYERS = "take-stock", 4
#: ``bazaar serve`` options of each case
CASES = {"off": ["--rate-limit-sockets", "0"], "default": []}
#: The goal: a move's reply p99 under this many ms.
GOAL_MS = 100.0


class Seat:
    """One seat's token, its reading WebSocket and the newest payload it received."""

    def __init__(self, token: str, ws: Any) -> None:
        self.token = token
        self.ws = ws
        self.latest: dict[str, Any] = {"seq": -1}
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        async for text in self.ws:
            message = orjson.loads(text)
            if message.get("type") == "state":
                self.latest = message
                self.changed.set()

    async def at(self, seq: int) -> dict[str, Any]:
        while self.latest["seq"] < seq:
            self.changed.clear()
            await self.changed.wait()
        return self.latest


async def open_table(client: httpx.AsyncClient, ws_url: str, seed: int) -> tuple[str, list[Seat]]:
    body = {"game": GAME, "players": PLAYERS, "seats": [{"kind": "human"}] * PLAYERS}
    res = await client.post("/api/tables", json={**body, "seed": seed})
    res.raise_for_status()
    made = res.json()
    seats = []
    for s in made["seats"]:
        ws = await connect(f"{ws_url}/ws/tables/{made['id']}?token={s['token']}", max_queue=None)
        seats.append(Seat(s["token"], ws))
    for seat in seats:
        await seat.at(0)
    return made["id"], seats


async def play(
    client: httpx.AsyncClient,
    table_id: str,
    seats: list[Seat],
    running: asyncio.Event,
    pause: float,
    rng: random.Random,
) -> tuple[list[float], list[float]]:
    """Move while ``running`` is set; (reply latencies, seen-by-the-others latencies) in ms."""
    replies: list[float] = []
    seen: list[float] = []
    seq = seats[0].latest["seq"]
    while running.is_set():
        view = await seats[0].at(seq)
        mover = view["to_move"]
        if mover is None:  # the game is over
            break
        mine = await seats[mover].at(seq)
        action = rng.choice(mine["legal"])["action"]
        sent = time.perf_counter()
        res = await client.post(
            f"/api/tables/{table_id}/moves",
            json={"token": seats[mover].token, "action": action, "seq": seq},
        )
        replies.append((time.perf_counter() - sent) * 1000)
        if res.status_code != 200:
            raise RuntimeError(f"move refused: {res.text}")
        seq += 1
        others = [s for i, s in enumerate(seats) if i != mover]
        await asyncio.wait_for(asyncio.gather(*(s.at(seq) for s in others)), 30)
        seen.append((time.perf_counter() - sent) * 1000)
        await asyncio.sleep(pause)
    return replies, seen


async def churn(ws_url: str, table_id: str, cycles: int, churners: int) -> dict[str, int]:
    """``cycles`` spectator connect/close cycles, ``churners`` at a time."""
    counts = {"accepted": 0, "refused": 0}
    todo = iter(range(cycles))

    async def one_churner() -> None:
        for _ in todo:
            try:
                ws = await connect(f"{ws_url}/ws/tables/{table_id}", open_timeout=30)
            except InvalidStatus as exc:
                if exc.response.status_code != 429:
                    raise
                counts["refused"] += 1
                continue
            counts["accepted"] += 1
            await ws.close()

    await asyncio.gather(*(one_churner() for _ in range(churners)))
    return counts


async def churn_elsewhere(ws_url: str, table_id: str, cycles: int, churners: int) -> Any:
    """Run :func:`churn` in a process of its own (so it does not slow the movers' loop)."""
    args = ["--churn", ws_url, table_id, str(cycles), str(churners)]
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, *args, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await child.communicate()
    if child.returncode:
        raise RuntimeError(f"the churn process failed ({child.returncode})")
    return json.loads(out.decode().splitlines()[-1])


def figures(ms: list[float]) -> dict[str, float | int]:
    if not ms:
        return {"n": 0}
    ms = sorted(ms)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return {
        "n": len(ms),
        "p50": round(statistics.median(ms), 1),
        "p99": round(p99, 1),
        "max": round(ms[-1], 1),
    }


async def run_case(
    url: str, port: int, cycles: int, churners: int, pause: float, baseline: float
) -> dict[str, Any]:
    """Moves on A and B without churn for ``baseline`` s, then under the stuck socket and
    the churn."""
    ws_url = url.replace("http", "ws", 1)
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        rng = random.Random(7)
        running = asyncio.Event()
        running.set()
        quiet_tables = [await open_table(client, ws_url, seed) for seed in (3, 4)]
        quiet = [
            asyncio.create_task(play(client, tid, seats, running, pause, rng))
            for tid, seats in quiet_tables
        ]
        await asyncio.sleep(baseline)
        running.clear()
        (a_quiet, _), (b_quiet, _) = await asyncio.gather(*quiet)
        a_id, a_seats = await open_table(client, ws_url, 1)
        b_id, b_seats = await open_table(client, ws_url, 2)
        raw = stuck_socket(port, a_id)
        running.set()
        movers = [
            asyncio.create_task(play(client, a_id, a_seats, running, pause, rng)),
            asyncio.create_task(play(client, b_id, b_seats, running, pause, rng)),
        ]
        started = time.perf_counter()
        counts = await churn_elsewhere(ws_url, a_id, cycles, churners)
        churn_s = time.perf_counter() - started
        running.clear()
        (a_reply, a_seen), (b_reply, b_seen) = await asyncio.gather(*movers)
        listed = (await client.get(f"/api/tables/{a_id}")).json()["seats"]
        raw.close()
        for seat in a_seats + b_seats + [s for _, seats in quiet_tables for s in seats]:
            await seat.ws.close()
            seat.reader.cancel()
    return {
        "cycles": cycles,
        **counts,
        "churn_seconds": round(churn_s, 1),
        "A_quiet_reply_ms": figures(a_quiet),
        "B_quiet_reply_ms": figures(b_quiet),
        "A_reply_ms": figures(a_reply),
        "A_seen_ms": figures(a_seen),
        "B_reply_ms": figures(b_reply),
        "B_seen_ms": figures(b_seen),
        "A_seats_connected": [s["connected"] for s in listed],
    }


def print_case(name: str, result: dict[str, Any]) -> None:
    print(
        f"case {name}: {result['cycles']} spectator cycles on table A in "
        f"{result['churn_seconds']} s ({result['accepted']} accepted, "
        f"{result['refused']} refused by the rate limit), one socket on A never reads"
    )
    for key, words in [
        ("A_quiet_reply_ms", "baseline (no stuck socket, no churn): a table's move reply"),
        ("B_quiet_reply_ms", "baseline (no stuck socket, no churn): another table's reply"),
        ("A_reply_ms", "table A move reply"),
        ("A_seen_ms", "table A move seen by the other seats"),
        ("B_reply_ms", "table B move reply"),
        ("B_seen_ms", "table B move seen by the other seats"),
    ]:
        f = result[key]
        if f["n"]:
            line = f"p50 {f['p50']} ms, p99 {f['p99']} ms, max {f['max']} ms"
            print(f"  {words}: {f['n']} moves, {line}")
    goal = result["A_reply_ms"].get("p99", float("inf")) < GOAL_MS
    print(f"  goal: table A move reply p99 under {GOAL_MS:g} ms -> {'met' if goal else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=2000)
    parser.add_argument("--churners", type=int, default=4, help="cycles run at a time")
    parser.add_argument("--pause", type=float, default=0.02, help="seconds between two moves")
    parser.add_argument("--baseline", type=float, default=3.0, help="seconds of quiet moves")
    parser.add_argument("--cases", default="off,default", help="off, default or both")
    parser.add_argument("--churn", nargs=4, metavar=("WS_URL", "TABLE", "CYCLES", "CHURNERS"))
    args = parser.parse_args()
    if args.churn:  # the churn process
        ws_url, table_id, cycles, churners = args.churn
        print(json.dumps(asyncio.run(churn(ws_url, table_id, int(cycles), int(churners)))))
        return
    load_before = os.getloadavg()
    results: dict[str, Any] = {}
    for name in args.cases.split(","):
        with tempfile.TemporaryDirectory() as folder:
            server = Server(Path(folder) / "stuck.db", args=CASES[name]).start()
            try:
                results[name] = asyncio.run(
                    run_case(
                        server.url,
                        server.port,
                        args.cycles,
                        args.churners,
                        args.pause,
                        args.baseline,
                    )
                )
            finally:
                server.stop()
        print_case(name, results[name])
    load_after = os.getloadavg()
    print(
        f"machine: {os.cpu_count()} CPUs, load average (1 min) {load_before[0]:.2f} before, "
        f"{load_after[0]:.2f} after"
    )
    results["load_average"] = {"before": load_before[0], "after": load_after[0]}
    results["cpus"] = os.cpu_count()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
