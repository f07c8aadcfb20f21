"""Fixtures for the web tests: one headless Debian Chromium per test process, real servers,
and the databases (SQLite and PostgreSQL) of the store, restart and race tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.databases import (
    DATABASES,
    URL_VARIABLE,
    create_database,
    drop_database,
    postgres_required,
    postgres_unavailable,
)
from tests.web.mailbox import Inbox
from tests.web.render_harness import CHROMIUM, CHROMIUM_ARGS
from tests.web.server import Server, free_port


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    pg = context.new_page()
    yield pg
    context.close()


#: ``bazaar serve`` options switching the per-address rate limits off (for the fuzz tests,
#: which open more tables and sockets from one address than any class would)
NO_RATE_LIMITS = ["--rate-limit-tables", "0", "--rate-limit-sockets", "0"]


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real server for this test process's modules that need no server of their own (bots
    move at once; no rate limits, since every module's tables and sockets come from one address:
    the limits are tested on servers of their own, tests/web/test_ratelimit.py and
    test_stuck_socket.py). Starting a server costs about a second and a half of CPU."""
    srv = Server(tmp_path_factory.mktemp("db") / "bazaar.db", args=NO_RATE_LIMITS).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def server(shared_server: Server) -> Iterator[Server]:
    """A real server for the module's tests (bots move at once): the shared one, its log read
    from the module's start (``Server.log_text``). Each test makes its own tables; a module that
    needs a server with other options defines its own ``server``, one that needs no other
    module's tables on it uses ``own_server``."""
    shared_server.log_from = shared_server.log_path.stat().st_size
    yield shared_server


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real server of the module's own (bots move at once, the default rate limits), for a
    module that needs one with no other module's tables on it (its ``server`` returns this)."""
    srv = Server(tmp_path_factory.mktemp("db") / "bazaar.db").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def unlimited_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real server for the module's tests with no rate limits (bots move at once)."""
    srv = Server(tmp_path_factory.mktemp("db") / "bazaar.db", args=NO_RATE_LIMITS).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this test session (dropped at the end).

    Skipped when PostgreSQL is not set up, failed instead with BAZAAR_REQUIRE_POSTGRES=1.
    """
    problem = postgres_unavailable()
    if problem is not None:
        if postgres_required():
            pytest.fail(f"PostgreSQL is required (BAZAAR_REQUIRE_POSTGRES=1) but {problem}")
        pytest.skip(problem)
    server_url = os.environ[URL_VARIABLE]
    url = create_database(server_url)
    yield url
    drop_database(server_url, url)


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database for one test: a new SQLite file, or the session's PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'bazaar.db'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture(scope="module", params=DATABASES)
def db_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A real server on each database: the module's SQLite server, or one on PostgreSQL."""
    if request.param == "sqlite":
        yield request.getfixturevalue("server")
        return
    log = tmp_path_factory.mktemp("postgres") / "server.log"
    srv = Server(request.getfixturevalue("postgres_url"), log=log).start()
    yield srv
    srv.stop()


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    """A real SMTP server (aiosmtpd) on a free port, and what it was given."""
    from aiosmtpd.controller import Controller

    handler = Inbox()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()
