"""1,000 clients that send their headers slowly: are they closed, and is a new client served?
(issue 21, item 7; bazaar/web/guard.py, docs/web.md "Slow clients")

Each case starts ``bazaar serve`` (SQLite in a temporary folder) with its own guard options,
then opens ``--clients`` slow connections from loopback addresses other than 127.0.0.1
(127.0.0.2 and up: Linux routes all of 127.0.0.0/8 to the loopback, so a "new client" from
127.0.0.1 is another address). Each slow connection sends half a request (a request line and
the start of a header) and then one more byte every ``--drip`` seconds, never finishing its
headers. While they hang, a fresh client at 127.0.0.1 sends ``--requests`` GET /api/games,
each on a new connection, ``--gap`` seconds apart: their latency (median, max). For
``--watch`` seconds it records when the server closes each slow connection (seconds after
that connection opened), how many were refused at once (503 ``connections``), and the server
process's open descriptors (from /proc) before, at the peak and at the end; then it closes what
is left and counts the descriptors again.

Cases (``--cases``, comma-separated):

- ``off``: ``--header-timeout 0 --connections-per-address 0``, the slow clients from one
  address: what uvicorn does alone;
- ``default``: the default options (10 s, 256 per address), the slow clients from one
  address: 256 held until the timeout, the rest refused at once;
- ``spread``: the default options, the slow clients from four addresses (250 each, under
  the cap): every one accepted, every one closed by the timeout.

The issue's bar: the new client is served within 1 s while the slow ones hang, and they are
closed within 30 s. The last line printed is the figures as JSON.

    python benchmarks/slow_clients.py
    python benchmarks/slow_clients.py --cases off,spread --watch 40
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.server import Server

#: case -> (``bazaar serve`` options, how many addresses the slow clients come from)
CASES: dict[str, tuple[list[str], int]] = {
    "off": (["--header-timeout", "0", "--connections-per-address", "0"], 1),
    "default": ([], 1),
    "spread": ([], 4),
}
#: The bars: a new client's GET within this many seconds, slow ones closed within this many.
SERVED_WITHIN = 1.0
CLOSED_WITHIN = 30.0
PARTIAL = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


class Slow:
    """One slow connection: when it opened, and how it ended."""

    def __init__(self) -> None:
        self.opened = 0.0
        self.closed: float | None = None  # seconds after it opened
        self.refused = False  # a 503 came first
        self.writer: asyncio.StreamWriter | None = None


async def slow_client(port: int, source: str, drip: float, slow: Slow, stop: asyncio.Event) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    slow.opened = time.monotonic()
    slow.writer = writer
    try:
        writer.write(PARTIAL)
        await writer.drain()
        while not stop.is_set():
            try:
                data = await asyncio.wait_for(reader.read(65536), drip)
            except TimeoutError:
                writer.write(b"x")  # one more byte of a header that never ends
                await writer.drain()
                continue
            if data.startswith(b"HTTP/1.1 503"):
                slow.refused = True
            if not data:
                break
    except (ConnectionError, OSError):
        pass
    finally:
        if not stop.is_set():  # the server closed it (not the benchmark, at its end)
            slow.closed = time.monotonic() - slow.opened
        writer.close()


def fresh_gets(url: str, requests: int, gap: float) -> list[float]:
    """Seconds each GET took, every one on a new connection from 127.0.0.1."""
    took = []
    for _ in range(requests):
        start = time.perf_counter()
        res = httpx.get(url + "/api/games", timeout=60)
        took.append(time.perf_counter() - start)
        if res.status_code != 200:
            raise RuntimeError(f"the fresh client got {res.status_code}")
        time.sleep(gap)
    return took


async def run_case(server: Server, addresses: int, args: argparse.Namespace) -> dict[str, Any]:
    assert server.proc is not None
    pid = server.proc.pid
    fds_before = descriptors(pid)
    stop = asyncio.Event()
    slows = [Slow() for _ in range(args.clients)]
    sources = [f"127.0.0.{2 + i % addresses}" for i in range(args.clients)]
    started = time.monotonic()
    tasks = []
    for slow, source in zip(slows, sources, strict=True):
        tasks.append(asyncio.create_task(slow_client(server.port, source, args.drip, slow, stop)))
        await asyncio.sleep(0)  # let it connect before the next one
    while any(s.opened == 0.0 for s in slows) and time.monotonic() - started < 60:
        await asyncio.sleep(0.05)
    opened_in = time.monotonic() - started
    gets = asyncio.create_task(asyncio.to_thread(fresh_gets, server.url, args.requests, args.gap))
    fds_peak = descriptors(pid)
    while time.monotonic() - started < args.watch:
        await asyncio.sleep(0.5)
        fds_peak = max(fds_peak, descriptors(pid))
    fds_end_of_watch = descriptors(pid)
    took = await gets
    stop.set()
    for slow in slows:
        if slow.writer is not None:
            slow.writer.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(2)  # the server sees the last ones go
    fds_after = descriptors(pid)
    refused = [s for s in slows if s.refused]
    held = [s for s in slows if not s.refused]
    closed = sorted(s.closed for s in held if s.closed is not None)
    return {
        "slow_clients": args.clients,
        "addresses": addresses,
        "opened_seconds": round(opened_in, 2),
        "refused_at_once": len(refused),
        "refused_closed_max_s": round(max((s.closed or 0.0) for s in refused), 2)
        if refused
        else None,
        "held": len(held),
        "held_closed": len(closed),
        "held_still_open": len(held) - len(closed),
        "held_closed_median_s": round(statistics.median(closed), 2) if closed else None,
        "held_closed_max_s": round(closed[-1], 2) if closed else None,
        "fresh_get_ms": {
            "n": len(took),
            "median": round(statistics.median(took) * 1000, 1),
            "max": round(max(took) * 1000, 1),
        },
        "fds_before": fds_before,
        "fds_peak": fds_peak,
        "fds_end_of_watch": fds_end_of_watch,
        "fds_after": fds_after,
    }


def print_case(name: str, options: list[str], r: dict[str, Any], watch: float) -> None:
    print(
        f"case {name} ({' '.join(options) or 'default options'}): {r['slow_clients']} slow "
        f"clients from {r['addresses']} address(es), opened in {r['opened_seconds']} s"
    )
    if r["refused_at_once"]:
        print(
            f"  refused at once (503 connections): {r['refused_at_once']}, "
            f"closed at most {r['refused_closed_max_s']} s after they opened"
        )
    print(
        f"  held: {r['held']}; closed by the server within {watch:g} s: {r['held_closed']} "
        f"(median {r['held_closed_median_s']} s, last {r['held_closed_max_s']} s after opening);"
        f" still open: {r['held_still_open']}"
    )
    f = r["fresh_get_ms"]
    print(
        f"  a fresh client's GET (new connection each): {f['n']} requests, "
        f"median {f['median']} ms, max {f['max']} ms"
    )
    print(
        f"  server descriptors: {r['fds_before']} before, {r['fds_peak']} at the peak, "
        f"{r['fds_end_of_watch']} after {watch:g} s, {r['fds_after']} once the clients left"
    )
    served = f["max"] / 1000 < SERVED_WITHIN
    closed = r["held_still_open"] == 0 and (r["held_closed_max_s"] or 0) < CLOSED_WITHIN
    print(
        f"  bars: fresh GET max under {SERVED_WITHIN:g} s -> {'met' if served else 'NOT met'}; "
        f"every slow one closed within {CLOSED_WITHIN:g} s -> {'met' if closed else 'NOT met'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=1000, help="slow connections")
    parser.add_argument("--drip", type=float, default=3.0, help="seconds between their bytes")
    parser.add_argument("--requests", type=int, default=20, help="the fresh client's GETs")
    parser.add_argument("--gap", type=float, default=0.25, help="seconds between two GETs")
    parser.add_argument("--watch", type=float, default=40.0, help="seconds to watch a case")
    parser.add_argument("--cases", default="off,default,spread", help=", ".join(CASES))
    args = parser.parse_args()
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.clients + 100:
        raise SystemExit(f"ulimit -n is {soft}: too few descriptors for {args.clients} clients")
    load_before = os.getloadavg()
    results: dict[str, Any] = {}
    for name in args.cases.split(","):
        options, addresses = CASES[name]
        with tempfile.TemporaryDirectory() as folder:
            server = Server(Path(folder) / "slow.db", args=options).start()
            try:
                results[name] = asyncio.run(run_case(server, addresses, args))
            finally:
                server.stop()
        print_case(name, options, results[name], args.watch)
    load_after = os.getloadavg()
    print(
        f"machine: {os.cpu_count()} CPUs, ulimit -n {soft}, load average (1 min) "
        f"{load_before[0]:.2f} before, {load_after[0]:.2f} after"
    )
    results["load_average"] = {"before": load_before[0], "after": load_after[0]}
    results["cpus"] = os.cpu_count()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
