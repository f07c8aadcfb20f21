"""Fair advice queues: does an analysis flood from one client hold up a seated player's hints?

Starts ``bazaar serve`` (SQLite in a temporary folder, the default advice settings: one
advice worker, medium hints, easy analyses) once per mode:

- ``bounded``: the defaults (``--analysis-per-address 2 --analysis-per-table 1``);
- ``unbounded``: ``--analysis-per-address 0 --analysis-per-table 0`` (hints still go first);
- ``quiet``: no flood at all, the hints' latency alone, for comparison.

In each, a flooding client finishes ``--tables`` two-seat Buy Low Sell High tables over the
API (random legal moves) and then asks for the analysis of every seat at once (``2 × tables``
requests), then behaves as the table page does: it polls the accepted ones and asks the
refused ones again after their Retry-After. Meanwhile a player at a table of their own asks
for a hint at every turn (and plays its best move) for ``--seconds``. Printed: the flood's
first replies (accepted / refused with Retry-After), the hints' latency (median, 90th
percentile, max, over 5 s) and statuses, the analyses finished by the end. The last line is
JSON.

    python benchmarks/analysis_flood.py
    python benchmarks/analysis_flood.py --tables 20 --seconds 90 --modes bounded
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.server import Server

GAME = "buy-low-sell-high"
HUMANS = [{"kind": "human"}, {"kind": "human"}]
MODES = {
    "quiet": [],  # no flood: the hints' latency alone, for comparison
    "bounded": [],
    "unbounded": ["--analysis-per-address", "0", "--analysis-per-table", "0"],
}
#: the issue's bound on a hint's wait under the flood, seconds
GOAL = 5.0
POLL = 0.7  # how often the table page asks for an analysis's progress


async def play_to_end(client: httpx.AsyncClient, rng: random.Random) -> dict[str, Any]:
    body = {"game": GAME, "players": 2, "seed": rng.randrange(10**6), "seats": HUMANS}
    table = (await client.post("/api/tables", json=body)).json()
    while True:
        seat = await seat_to_move(client, table)
        if seat is None:
            return table
        await play(client, table, seat, None, rng)


async def seat_to_move(client: httpx.AsyncClient, table: dict[str, Any]) -> int | None:
    public = (await client.get(f"/api/tables/{table['id']}")).json()
    seat: int | None = public["to_move"]
    return seat


async def play(
    client: httpx.AsyncClient,
    table: dict[str, Any],
    seat: int,
    notation: str | None,
    rng: random.Random,
) -> None:
    token = table["seats"][seat]["token"]
    mine = (await client.get(f"/api/tables/{table['id']}", params={"token": token})).json()
    if notation is None:
        notation = rng.choice(mine["legal"])["notation"]
    move = {"token": token, "action": notation, "seq": mine["seq"]}
    res = await client.post(f"/api/tables/{table['id']}/moves", json=move)
    res.raise_for_status()


async def flood(
    client: httpx.AsyncClient, tables: list[dict[str, Any]], out: dict[str, Any]
) -> None:
    """Every seat's analysis asked at once, then polled (or asked again after Retry-After)."""

    async def one(table: dict[str, Any], seat: int) -> None:
        url = f"/api/tables/{table['id']}/analysis"
        params = {"token": table["seats"][seat]["token"]}
        first = True
        while True:
            res = await client.get(url, params=params)
            if first:
                out["first"].setdefault(str(res.status_code), 0)
                out["first"][str(res.status_code)] += 1
                if res.status_code == 429:
                    out["retry_after"].add(res.headers.get("retry-after"))
                first = False
            if res.status_code == 200:
                out["finished"] += 1
                return
            if res.status_code == 429:
                out["refusals"] += 1
                await asyncio.sleep(float(res.headers.get("retry-after") or 5))
            elif res.status_code == 202:
                await asyncio.sleep(POLL)
            else:
                out["errors"].append(res.status_code)
                return

    await asyncio.gather(*(one(t, s) for t in tables for s in (0, 1)))


async def hints(
    client: httpx.AsyncClient, seconds: float, rng: random.Random, latencies: list[float]
) -> dict[str, int]:
    """A player asks for a hint at every turn and plays its first move, for ``seconds``."""
    statuses: dict[str, int] = {}
    deadline = time.perf_counter() + seconds
    table = (
        await client.post("/api/tables", json={"game": GAME, "players": 2, "seats": HUMANS})
    ).json()
    while time.perf_counter() < deadline:
        seat = await seat_to_move(client, table)
        if seat is None:
            table = (
                await client.post("/api/tables", json={"game": GAME, "players": 2, "seats": HUMANS})
            ).json()
            continue
        params = {"token": table["seats"][seat]["token"]}
        started = time.perf_counter()
        res = await client.get(f"/api/tables/{table['id']}/hint", params=params)
        latencies.append(time.perf_counter() - started)
        statuses[str(res.status_code)] = statuses.get(str(res.status_code), 0) + 1
        best = res.json()["moves"][0]["notation"] if res.status_code == 200 else None
        await play(client, table, seat, best, rng)
    return statuses


async def run_mode(name: str, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        srv = Server(Path(folder) / "bazaar.db", args=["--rate-limit-tables", "0", *MODES[name]])
        srv.start()
        try:
            async with httpx.AsyncClient(base_url=srv.url, timeout=120) as client:
                started = time.perf_counter()
                tables = [await play_to_end(client, rng) for _ in range(args.tables)]
                setup = time.perf_counter() - started
                out: dict[str, Any] = {
                    "first": {},
                    "retry_after": set(),
                    "refusals": 0,
                    "finished": 0,
                    "errors": [],
                }
                latencies: list[float] = []
                flooding = asyncio.create_task(
                    flood(client, tables if name != "quiet" else [], out)
                )
                await asyncio.sleep(1.0)  # the flood's first requests are in
                statuses = await hints(client, args.seconds, rng, latencies)
                flooding.cancel()
        finally:
            srv.stop()
    lat = sorted(latencies)
    figures = {
        "mode": name,
        "tables_finished_s": round(setup, 1),
        "analyses_asked": 2 * args.tables if name != "quiet" else 0,
        "first_replies": out["first"],
        "retry_after": sorted(x for x in out["retry_after"] if x),
        "refusals_total": out["refusals"],
        "analyses_finished": out["finished"],
        "flood_errors": out["errors"],
        "hints": len(lat),
        "hint_statuses": statuses,
        "hint_p50_s": round(statistics.median(lat), 3) if lat else None,
        "hint_p90_s": round(lat[int(0.9 * (len(lat) - 1))], 3) if lat else None,
        "hint_max_s": round(lat[-1], 3) if lat else None,
        "hints_over_goal": sum(1 for x in lat if x >= GOAL),
    }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--modes", default="quiet,bounded,unbounded")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    results = []
    for name in args.modes.split(","):
        figures = asyncio.run(run_mode(name, args))
        results.append(figures)
        print(
            f"{name}: {figures['analyses_asked']} analyses asked, first replies "
            f"{figures['first_replies']} (Retry-After {figures['retry_after']}), "
            f"{figures['analyses_finished']} finished in {args.seconds:g} s; "
            f"{figures['hints']} hints {figures['hint_statuses']}: median "
            f"{figures['hint_p50_s']} s, p90 {figures['hint_p90_s']} s, max "
            f"{figures['hint_max_s']} s, {figures['hints_over_goal']} over {GOAL:g} s"
        )
    worst = max((r["hint_max_s"] or 0.0) for r in results)
    print(json.dumps({"goal_s": GOAL, "worst_hint_s": worst, "modes": results}))


if __name__ == "__main__":
    main()
