"""Bots first: do hints and analyses slow the bots on other tables?

Starts ``bazaar serve`` (bot delay 0, SQLite in a temporary folder) and measures how many
moves per second the bots of an all-bot table B make (a new table B starts whenever one ends),
watched over a spectator WebSocket, in ``--rounds`` pairs of windows of ``--seconds``:

1. alone;
2. while ``--hints`` clients each ask for hints in a loop on a table A of their own (people
   only, seat 0 to move in the opening: every request is a full medium-level search, and the
   requests are all different, so none is shared); ``--same-seat`` makes them all ask on one
   table A instead (identical requests, which the server shares).

The two kinds of window alternate, in the order AB BA AB ... (the hints of one window are
answered before the next window starts), so a machine shared with other work loads both alike;
the medians are compared.

Then the duplicate-analysis case: a finished game, three identical concurrent analysis
requests for one seat, timed against one analysis of another seat.

It prints the figures and the machine's load average, and for each window (on Linux) what the
server's processes did: the CPU time and the run-queue wait (runnable, not running) per bot
move of the server and its bot workers, the advice workers' CPU seconds, and the share of CPU
time the virtual machine's host stole. A window where the bots' CPU time per move jumps is a
slower machine (other work on the host), not advice: the advice shows in the run-queue wait.
The last line is JSON.

    python benchmarks/hint_pressure.py --rounds 4 --seconds 6
    python benchmarks/hint_pressure.py --bots ismcts:easy,heuristic,heuristic
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

from tests.web.server import Server

GAME = "buy-low-sell-high"
PLAYERS = 3
#: Slowest bot moves/s under hint pressure, as a share of the moves/s alone.
GOAL = 0.8


class Probe:
    """What the server's processes did over a window, from Linux's /proc (nothing elsewhere):
    CPU time and run-queue wait (runnable but not running) per bot move of the server process
    and the bots' workers, the advice workers' CPU seconds, and the CPU share stolen from this
    virtual machine by its host."""

    def __init__(self, server_pid: int | None) -> None:
        self.pid = server_pid
        self.before: dict[str, float] = {}

    def roles(self) -> dict[int, str]:
        """pid -> "bots" (the server and its nice-0 workers) or "advice" (niced workers)."""
        assert self.pid is not None
        found = {self.pid: "bots"}
        for task in os.listdir(f"/proc/{self.pid}/task"):
            for child in Path(f"/proc/{self.pid}/task/{task}/children").read_text().split():
                if "resource_tracker" in Path(f"/proc/{child}/cmdline").read_text():
                    continue
                nice = int(Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()[16])
                found[int(child)] = "advice" if nice > 0 else "bots"
        return found

    def read(self) -> dict[str, float]:
        out = {"bots_run": 0.0, "bots_wait": 0.0, "advice_run": 0.0, "advice_wait": 0.0}
        for pid, role in self.roles().items():
            for task in os.listdir(f"/proc/{pid}/task"):
                run, wait, _ = Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()
                out[f"{role}_run"] += int(run) / 1e6
                out[f"{role}_wait"] += int(wait) / 1e6
        cpu = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
        out["steal"], out["total"] = float(cpu[7]), float(sum(cpu[:8]))
        return out

    def start(self) -> None:
        try:
            self.before = self.read() if self.pid else {}
        except OSError:
            self.before = {}

    def stop(self, moves: int) -> dict[str, float]:
        if not self.before:
            return {}
        now = self.read()
        d = {key: now[key] - self.before[key] for key in now}
        per = max(moves, 1)
        return {
            "bots_cpu_ms_per_move": round(d["bots_run"] / per, 2),
            "bots_wait_ms_per_move": round(d["bots_wait"] / per, 2),
            "advice_cpu_s": round(d["advice_run"] / 1000, 2),
            "steal_pct": round(100 * d["steal"] / d["total"], 1) if d["total"] else 0.0,
        }


async def bot_moves(
    url: str, bots: list[str], seconds: float, probe: Probe | None = None
) -> tuple[int, float, dict[str, float]]:
    """Bot moves made on all-bot tables during ``seconds`` (tables replaced as they end),
    the seconds it took and the probe's figures."""
    ws_url = url.replace("http", "ws", 1)
    moves = 0
    if probe:
        probe.start()
    start = time.perf_counter()
    deadline = start + seconds
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        while time.perf_counter() < deadline:
            seats = [{"kind": "bot", "bot": spec} for spec in bots]
            body = {"game": GAME, "players": PLAYERS, "seats": seats}
            res = await client.post("/api/tables", json=body)
            res.raise_for_status()
            table = res.json()["id"]
            async with connect(f"{ws_url}/ws/tables/{table}") as ws:
                first: int | None = None
                last = 0
                while True:
                    left = deadline - time.perf_counter()
                    if left <= 0:
                        break
                    try:
                        text = await asyncio.wait_for(ws.recv(), timeout=left)
                    except TimeoutError:
                        break
                    payload = orjson.loads(text)
                    if payload.get("type") != "state":
                        continue
                    first = payload["seq"] if first is None else first
                    last = payload["seq"]
                    if payload["to_move"] is None:
                        break
                moves += last - (first or 0)
    elapsed = time.perf_counter() - start
    return moves, elapsed, probe.stop(moves) if probe else {}


async def human_table(client: httpx.AsyncClient) -> dict[str, Any]:
    body = {"game": GAME, "players": PLAYERS, "seats": [{"kind": "human"}] * PLAYERS}
    res = await client.post("/api/tables", json=body)
    res.raise_for_status()
    return res.json()


async def hint_loop(
    client: httpx.AsyncClient, table: dict[str, Any], stop: asyncio.Event, out: dict[str, list]
) -> None:
    """Ask for seat 0's hint again and again until ``stop``; note each latency and status."""
    params = {"token": table["seats"][0]["token"]}
    while not stop.is_set():
        started = time.perf_counter()
        res = await client.get(f"/api/tables/{table['id']}/hint", params=params)
        out.setdefault(str(res.status_code), []).append(time.perf_counter() - started)
        if res.status_code != 200:
            await asyncio.sleep(0.1)


async def under_hints(
    url: str,
    bots: list[str],
    seconds: float,
    clients: int,
    same_seat: bool,
    replies: dict,
    probe: Probe | None = None,
) -> tuple[int, float, dict[str, float]]:
    """Bot moves (and seconds) while ``clients`` loops ask for hints; replies noted."""
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        one = await human_table(client)
        tables = [one if same_seat else await human_table(client) for _ in range(clients)]
        stop = asyncio.Event()
        loops = [asyncio.create_task(hint_loop(client, t, stop, replies)) for t in tables]
        await asyncio.sleep(1.0)  # every loop has a request in flight
        moves, elapsed, figures = await bot_moves(url, bots, seconds, probe)
        stop.set()
        await asyncio.gather(*loops)  # the last hints are answered before the next window
    return moves, elapsed, figures


def finished_table(url: str) -> dict[str, Any]:
    """A people-only game played to its end with random legal moves."""
    rng = random.Random(3)
    with httpx.Client(base_url=url, timeout=30) as client:
        body = {"game": GAME, "players": PLAYERS, "seats": [{"kind": "human"}] * PLAYERS}
        table = client.post("/api/tables", json=body).json()
        tokens = [s["token"] for s in table["seats"]]
        while True:
            view = client.get(f"/api/tables/{table['id']}").json()
            mover = view["to_move"]
            if mover is None:
                return table
            mine = client.get(f"/api/tables/{table['id']}", params={"token": tokens[mover]})
            action = rng.choice(mine.json()["legal"])["action"]
            move = {"token": tokens[mover], "action": action, "seq": view["seq"]}
            client.post(f"/api/tables/{table['id']}/moves", json=move).raise_for_status()


async def analyses(url: str, table: dict[str, Any], seat: int, count: int) -> tuple[float, list]:
    """Seconds for ``count`` concurrent analysis requests of ``seat``, and their answers."""
    params = {"token": table["seats"][seat]["token"]}
    async with httpx.AsyncClient(base_url=url, timeout=300) as client:
        started = time.perf_counter()
        replies = await asyncio.gather(
            *(
                client.get(f"/api/tables/{table['id']}/analysis", params=params)
                for _ in range(count)
            )
        )
        elapsed = time.perf_counter() - started
    return elapsed, [(r.status_code, r.json()) for r in replies]


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run(url: str, args: argparse.Namespace, server_pid: int | None = None) -> dict[str, Any]:
    bots = args.bots.split(",")
    load_before = load()
    # warm-up: the bot and advice workers start, the first tables load
    asyncio.run(bot_moves(url, bots, 2.0))
    table = asyncio.run(human_table(httpx.AsyncClient(base_url=url)))
    httpx.get(
        f"{url}/api/tables/{table['id']}/hint",
        params={"token": table["seats"][0]["token"]},
        timeout=120,
    )
    replies: dict[str, list] = {}
    alone: list[float] = []
    pressed: list[float] = []
    windows: list[dict[str, Any]] = []
    probe = Probe(server_pid) if server_pid and Path("/proc/self/schedstat").exists() else None
    kind = "one table A (identical requests)" if args.same_seat else "a table A each"
    print(f"machine: {os.cpu_count()} cores, load average before {load_before}")
    print(f"table B: {GAME}, bots {', '.join(bots)}, bot delay 0")
    for round_no in range(1, args.rounds + 1):
        for hints in (False, True) if round_no % 2 else (True, False):
            if hints:
                moves, seconds, figures = asyncio.run(
                    under_hints(url, bots, args.seconds, args.hints, args.same_seat, replies, probe)
                )
                pressed.append(moves / seconds)
            else:
                moves, seconds, figures = asyncio.run(bot_moves(url, bots, args.seconds, probe))
                alone.append(moves / seconds)
            window = {"hints": hints, "moves_per_s": round(moves / seconds, 1), **figures}
            windows.append(window)
            label = f"under {args.hints} hint loops on {kind}" if hints else "bots alone"
            details = ", ".join(f"{k} {v}" for k, v in figures.items())
            print(
                f"round {round_no}, {label}: {moves / seconds:.1f} moves/s"
                f" ({details}; load {load()})"
            )
    rate_alone = statistics.median(alone)
    rate_pressed = statistics.median(pressed)
    ok = replies.get("200", [])
    print(f"median: alone {rate_alone:.1f} moves/s, under hints {rate_pressed:.1f} moves/s")
    answered = {code: len(times) for code, times in replies.items()}
    hint_p50 = statistics.median(ok) if ok else None
    print(
        f"hint replies by status: {answered}; 200s took p50 "
        f"{hint_p50 if hint_p50 is None else round(hint_p50, 2)} s"
    )
    ratio = rate_pressed / rate_alone if rate_alone else 0.0
    print(f"bots kept {ratio:.0%} of their speed (goal: at least {GOAL:.0%})")
    out: dict[str, Any] = {
        "bots": bots,
        "hint_clients": args.hints,
        "same_seat": args.same_seat,
        "rounds": args.rounds,
        "seconds": args.seconds,
        "moves_per_s_alone": round(rate_alone, 2),
        "moves_per_s_under_hints": round(rate_pressed, 2),
        "alone_rounds": [round(x, 1) for x in alone],
        "under_hints_rounds": [round(x, 1) for x in pressed],
        "windows": windows,
        "kept": round(ratio, 3),
        "goal_met": ratio >= GOAL,
        "hint_replies": answered,
        "hint_p50_s": None if hint_p50 is None else round(hint_p50, 3),
    }
    if args.analyses:
        done = finished_table(url)
        three_s, three = asyncio.run(analyses(url, done, 0, 3))
        one_s, one = asyncio.run(analyses(url, done, 1, 1))
        cached_s, cached = asyncio.run(analyses(url, done, 0, 1))
        same = all(reply == three[0] for reply in three) and cached[0] == three[0]
        print(
            f"analysis: 3 identical concurrent requests {three_s:.1f} s "
            f"(statuses {[code for code, _ in three]}, identical answers: {same}); "
            f"one request of another seat {one_s:.1f} s; again, cached, {cached_s:.2f} s"
        )
        out |= {
            "analysis_3_identical_s": round(three_s, 2),
            "analysis_single_s": round(one_s, 2),
            "analysis_cached_s": round(cached_s, 3),
            "analysis_identical_answers": same,
            "analysis_statuses": [code for code, _ in three + one],
        }
    out |= {"cores": os.cpu_count(), "load_before": load_before, "load_after": load()}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="each measuring window")
    parser.add_argument("--rounds", type=int, default=4, help="pairs of windows")
    parser.add_argument("--hints", type=int, default=6, help="concurrent hint clients")
    parser.add_argument(
        "--bots", default="heuristic,ismcts:easy,heuristic", help="table B's bots, comma-separated"
    )
    parser.add_argument("--same-seat", action="store_true", help="all hint clients on one seat")
    parser.add_argument("--no-analyses", dest="analyses", action="store_false")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "hints.db").start()
        try:
            result = run(server.url, args, server.proc.pid if server.proc else None)
        finally:
            server.stop()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
