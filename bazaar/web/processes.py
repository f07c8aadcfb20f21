"""``bazaar serve --processes N`` (docs/web.md, "More than one process"): one listening socket
opened here and N server processes started on it (``bazaar serve --fd``), each a whole server
on the shared PostgreSQL database; the kernel hands each new connection to one of them. A
process that dies is started again; a stop (Ctrl-C, SIGTERM) stops them all."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from types import FrameType

#: Seconds between two looks at the processes, and how long a stop waits before killing.
LOOK_SECONDS = 0.5
STOP_SECONDS = 10.0


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` that child processes inherit."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def child_command(fd: int) -> list[str]:
    """This very command line, as one process serving on the inherited socket ``fd`` (the
    options given last win)."""
    return [*sys.orig_argv, "--processes", "1", "--fd", str(fd)]


def supervise(count: int, host: str, port: int) -> int:
    """Run ``count`` server processes on ``host``:``port`` until stopped; the exit status."""
    sock = listening_socket(host, port)
    fd = sock.fileno()
    command = child_command(fd)
    children = [subprocess.Popen(command, pass_fds=(fd,)) for _ in range(count)]
    stopping = False

    def stop(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        while not stopping:
            time.sleep(LOOK_SECONDS)
            for i, child in enumerate(children):
                if child.poll() is not None and not stopping:
                    print(
                        f"server process {child.pid} ended ({child.returncode}); starting another",
                        file=sys.stderr,
                    )
                    children[i] = subprocess.Popen(command, pass_fds=(fd,))
    finally:
        for child in children:
            if child.poll() is None:
                child.terminate()
        limit = time.monotonic() + STOP_SECONDS
        for child in children:
            try:
                child.wait(max(0.1, limit - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
        sock.close()
    return 0
