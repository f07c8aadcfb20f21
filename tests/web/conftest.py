"""Fixtures for the web tests: one headless Debian Chromium per test process."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.render_harness import CHROMIUM, CHROMIUM_ARGS
from tests.web.server import Server


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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real server for the module's tests (bots move at once)."""
    srv = Server(tmp_path_factory.mktemp("db") / "bazaar.db").start()
    yield srv
    srv.stop()
