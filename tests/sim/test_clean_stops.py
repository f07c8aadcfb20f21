"""Clean stops: workers end with the main process however it dies; SIGINT and SIGTERM stop a
run at once and running the same command again gives the rows of a run never stopped.

The commands run as child processes (Linux: their workers are read from /proc). No timing is
asserted: a worker must be gone within a generous deadline (benchmarks/clean_stop.py times it).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bazaar.cli import app
from bazaar.sim.backends import parent_gone
from tests.sim.processes import (
    descendants,
    kill_all,
    rows_written,
    running,
    start_bazaar,
    stat,
    wait_until,
)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

#: generous deadlines (seconds): a loaded machine is slow, a stuck worker never ends
DEADLINE = 60
#: more games than the tests ever let a run finish
ENDLESS = "100000"


def started(kind: str, out: Path) -> subprocess.Popen[bytes]:
    """A long run of random agents on 2 jobs, once its first rows are written."""
    if kind == "ladder":
        args = ("ladder", "buy-low-sell-high", "--agents", "random,heuristic")
        first = out / "random~heuristic"
    else:
        args = ("simulate", "buy-low-sell-high", "--seats", "random")
        first = out
    child = start_bazaar(
        *args, "--players", "2", "--games", ENDLESS, "--jobs", "2", "--out", str(out), "--quiet"
    )
    if not wait_until(lambda: rows_written(first) > 0 or child.poll() is not None, DEADLINE):
        child.kill()
    assert child.poll() is None, child.communicate()
    return child


@pytest.mark.parametrize("kind", ["simulate", "ladder"])
def test_sigkill_of_the_main_process_leaves_no_worker(kind: str, tmp_path: Path) -> None:
    child = started(kind, tmp_path / "out")
    workers = descendants(child.pid)
    try:
        assert len(workers) >= 2  # the two workers (and nothing else with fork)
        child.kill()
        child.wait()
        assert wait_until(lambda: not running(workers), DEADLINE), running(workers)
    finally:
        kill_all(workers)


def bazaar(*args: str) -> None:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_then_the_same_command_gives_the_rows_of_an_unstopped_run(
    number: signal.Signals, tmp_path: Path
) -> None:
    out = tmp_path / "stopped"
    child = started("simulate", out)
    workers = descendants(child.pid)
    try:
        child.send_signal(number)
        _, err = child.communicate(timeout=DEADLINE)
        assert child.returncode == 130
        assert "Stopped: run the same command again to go on." in err.decode()
        assert wait_until(lambda: not running(workers), DEADLINE), running(workers)
    finally:
        kill_all(workers)
        if child.poll() is None:
            child.kill()
    kept = rows_written(out)
    assert 0 < kept < int(ENDLESS)
    games = str(kept + 5)  # the games in flight were not written: they are played now
    common = ("simulate", "buy-low-sell-high", "--seats", "random", "--players", "2", "--quiet")
    bazaar(*common, "--games", games, "--out", str(out), "--jobs", "2")
    bazaar(*common, "--games", games, "--out", str(tmp_path / "whole"))
    for name in ("rows.csv", "records.jsonl"):
        assert (out / name).read_bytes() == (tmp_path / "whole" / name).read_bytes(), name
    assert rows_written(out) == kept + 5


WATCHED_CHILD = """
import os, subprocess, sys
code = (
    "import sys; from bazaar.sim.backends import watch_parent; "
    "print('watching', flush=True); watch_parent(int(sys.argv[1]), 0.05)"
)
child = subprocess.Popen(
    [sys.executable, "-c", code, str(os.getpid())], stdout=subprocess.PIPE, text=True
)
assert child.stdout.readline() == "watching\\n"
print(child.pid, flush=True)
os._exit(0)
"""


def test_the_watchdog_ends_a_worker_whose_parent_died_without_a_death_signal() -> None:
    # the portable fallback alone: the grandchild sets no PR_SET_PDEATHSIG, its parent exits
    found = subprocess.run(
        [sys.executable, "-c", WATCHED_CHILD], capture_output=True, text=True, check=True
    )
    grandchild = int(found.stdout)
    seen = stat(grandchild)
    watched = {grandchild: seen[2]} if seen is not None else {}
    try:
        assert wait_until(lambda: not running(watched), DEADLINE)
    finally:
        kill_all(watched)


def test_parent_gone_tells_the_live_parent_from_another_process() -> None:
    assert parent_gone(os.getppid()) is False
    assert parent_gone(os.getpid()) is True  # not this process's parent: it was given away
