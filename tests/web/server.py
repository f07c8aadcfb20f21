"""Run a real Bazaar server (``bazaar serve``) in a subprocess for the web tests."""

from __future__ import annotations

import base64
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from bazaar.web.settings import WebSettings

#: how long a server may take to answer its first request (a liveness limit for a busy machine,
#: not a speed bound: a server usually answers in 1-3 s)
START_TIMEOUT = 120.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def app_settings(db: Path | str, **options: Any) -> WebSettings:
    """The settings of an app served in-process (``create_app``) on the SQLite file or
    database URL ``db``, with ``options`` (fields of WebSettings) changed."""
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    return WebSettings(db_url=url, **options)


class Server:
    """``bazaar serve`` on a free loopback port with its own database.

    ``db`` is a SQLite file or a database URL (``sqlite:///…``, ``postgresql://…``); the
    server's output goes to ``log``, by default next to the SQLite file.
    """

    def __init__(
        self,
        db: Path | str,
        bot_delay: float = 0.0,
        port: int | None = None,
        log: Path | None = None,
        args: list[str] | None = None,
    ) -> None:
        self.db_url = db if isinstance(db, str) else f"sqlite:///{db}"
        sqlite_file = self.db_url.split(":///", 1)[1] if self.db_url.startswith("sqlite") else ""
        #: the SQLite file (None on other databases)
        self.db_path: Path | None = Path(sqlite_file) if sqlite_file else None
        if log is None:
            if self.db_path is None:
                raise ValueError("a server on a database URL needs a log path")
            log = self.db_path.with_suffix(".log")
        self.log_path = log
        self.bot_delay = bot_delay
        #: more ``bazaar serve`` options (e.g. ``["--rate-limit-sockets", "0"]``)
        self.args = list(args or [])
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        #: where ``log_text`` starts reading the log (a shared server: the module's start)
        self.log_from = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def log_text(self) -> str:
        """The server's output since ``log_from`` (the whole log unless a fixture set it)."""
        with self.log_path.open("rb") as log:
            log.seek(self.log_from)
            return log.read().decode(errors="replace")

    def start(self) -> Server:
        cmd = [
            sys.executable,
            "-m",
            "tests.web.serve",  # bazaar serve, its advice at normal priority (see there)
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--bot-delay",
            str(self.bot_delay),
            *self.args,
        ]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=log)
        log.close()
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with status {self.proc.returncode}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not start within {START_TIMEOUT:g} s")

    def stop(self, kill: bool = False) -> None:
        if self.proc is None:
            return
        if kill:
            self.proc.kill()
        else:
            self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


def stuck_socket(port: int, table_id: str, token: str = "") -> socket.socket:
    """A raw TCP socket that completes the WebSocket handshake to table ``table_id`` (as the
    seat of ``token``, or a spectator) and then never reads (a tiny receive buffer, so the
    server's sends to it soon stop fitting)."""
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    raw.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /ws/tables/{table_id}?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += raw.recv(1)
    if not head.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"the stuck socket was refused: {head[:40]!r}")
    return raw
