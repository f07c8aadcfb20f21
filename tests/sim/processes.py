"""Processes of a `bazaar` command run as a child, read from /proc (Linux): who its workers
are, and whether they are gone (tests/sim/test_clean_stops.py, benchmarks/clean_stop.py)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

#: a process's pid -> its start time in clock ticks since boot (a pid can be reused)
Processes = dict[int, int]

COMMAND = [sys.executable, "-c", "from bazaar.cli import main; main()"]


def start_bazaar(*args: str, cwd: Path | None = None) -> subprocess.Popen[bytes]:
    """`bazaar ARGS` in a new session, with Ctrl-C live even when this process ignores it
    (a child of a shell without job control inherits SIGINT ignored)."""

    def live_sigint() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    return subprocess.Popen(
        [*COMMAND, *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=live_sigint,
        start_new_session=True,
    )


def stat(pid: int) -> tuple[int, str, int] | None:
    """``(parent pid, state letter, start time)`` of a live pid, or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()  # after "pid (command) "
    return int(fields[1]), fields[0], int(fields[19])


def descendants(root: int) -> Processes:
    """Every live process below ``root`` (children, their children, ...)."""
    parents: dict[int, list[tuple[int, int]]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (found := stat(int(entry))) is not None:
            parents.setdefault(found[0], []).append((int(entry), found[2]))
    below: Processes = {}
    todo = [root]
    while todo:
        for pid, start in parents.get(todo.pop(), []):
            below[pid] = start
            todo.append(pid)
    return below


def running(processes: Processes) -> Processes:
    """Those of ``processes`` still running (a zombie has ended; a reused pid is another)."""
    still = {}
    for pid, start in processes.items():
        found = stat(pid)
        if found is not None and found[2] == start and found[1] not in "ZX":
            still[pid] = start
    return still


def wait_until(check: Callable[[], object], timeout: float, every: float = 0.05) -> bool:
    """Poll ``check()`` until it is true or ``timeout`` seconds pass; return its last value."""
    deadline = time.monotonic() + timeout
    while True:
        if check():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(every)


def rows_written(folder: Path) -> int:
    """Full rows in ``folder/rows.csv`` (its header and a cut last line not counted)."""
    try:
        text = (folder / "rows.csv").read_text(encoding="utf-8")
    except OSError:
        return 0
    return max(0, text.count("\n") - 1)


def kill_all(processes: Processes) -> None:
    """SIGKILL what is left (a test's clean-up when the code under test failed)."""
    for pid in running(processes):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
