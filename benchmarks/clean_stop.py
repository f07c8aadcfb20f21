"""Clean stops of `bazaar simulate`: seconds from SIGINT (and SIGTERM) to exit with games in
flight, and from SIGKILL of the main process until its last worker is gone.

Usage: python benchmarks/clean_stop.py [--seats ismcts:hard,random] [--jobs 2] [--wait 5]
       [--backend ray]

Each signal goes to a fresh `bazaar simulate take-stock --seats SEATS --jobs JOBS` run as a
child process, --wait seconds after its workers appear (slow agents: every worker is then in
the middle of a game). The target (issue 26) is an exit within 5 s of SIGINT or SIGTERM, and
no worker left after SIGKILL. Linux only (it reads /proc). Prints a line per signal, then one
JSON object as its last line.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sim.processes import (
    descendants,
    kill_all,
    running,
    start_bazaar,
    wait_until,
)


def one_stop(
    number: signal.Signals, seats: str, jobs: int, wait: float, backend: str
) -> dict[str, object]:
    """Start a run, send ``number`` when its games are in flight, time its end."""
    out = Path(tempfile.mkdtemp()) / "sim"
    child = start_bazaar(
        "simulate", "take-stock", "--seats", seats, "--games", "400", "--jobs", str(jobs),
        "--out", str(out), "--quiet", "--backend", backend,
    )  # fmt: skip
    workers = {}
    try:
        if not wait_until(lambda: len(descendants(child.pid)) >= jobs, 60):
            raise SystemExit("the workers did not start within 60 s")
        time.sleep(wait)
        workers = descendants(child.pid)
        sent = time.monotonic()
        child.send_signal(number)
        if number == signal.SIGKILL:
            child.wait()
            wait_until(lambda: not running(workers), 120, every=0.01)
        else:
            child.wait(timeout=120)
            wait_until(lambda: not running(workers), 120, every=0.01)
        seconds = time.monotonic() - sent
        left = len(running(workers))
    finally:
        kill_all(workers)
        if child.poll() is None:
            child.kill()
            child.wait()
    return {
        "signal": number.name,
        "seconds": round(seconds, 3),
        "exit_code": child.returncode,
        "workers": len(workers),
        "workers_left": left,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="ismcts:hard,random")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--wait", type=float, default=5.0)
    parser.add_argument("--backend", default="local", help="local or ray (a local Ray)")
    args = parser.parse_args()
    results = []
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
        result = one_stop(number, args.seats, args.jobs, args.wait, args.backend)
        results.append(result)
        print(
            f"{result['signal']}: {result['seconds']} s to exit and no worker left "
            f"(exit code {result['exit_code']}, {result['workers']} processes below the "
            f"main one, {result['workers_left']} left)"
        )
    print(
        json.dumps(
            {
                "seats": args.seats,
                "jobs": args.jobs,
                "backend": args.backend,
                "target_seconds": 5,
                "stops": results,
                "within_target": all(r["seconds"] <= 5 and r["workers_left"] == 0 for r in results),
            }
        )
    )


if __name__ == "__main__":
    main()
