"""A table's WebSocket opens only for the server's own pages (or those named by an option)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from bazaar.web.origins import origin_allowed, parse_origins
from tests.web.server import Server

SCHOOL = "https://school.example"


def test_which_origins_are_allowed() -> None:
    host = "127.0.0.1:8000"
    assert origin_allowed(None, host)  # a program, not a browser page
    assert origin_allowed("http://127.0.0.1:8000", host)
    assert origin_allowed("HTTP://127.0.0.1:8000/", host)
    assert not origin_allowed("http://127.0.0.1:8001", host)  # another port: another site
    assert not origin_allowed("https://evil.example", host)
    assert not origin_allowed("null", host)  # a sandboxed page or a file
    assert not origin_allowed("http://127.0.0.1:8000", None)
    allowed = parse_origins(f" {SCHOOL}/ , https://other.example")
    assert allowed == {SCHOOL, "https://other.example"}
    assert origin_allowed(SCHOOL, host, allowed)
    assert origin_allowed("https://anything.example", host, {"*"})


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("db") / "o.db", args=["--allowed-origins", SCHOOL]).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def table(server: Server) -> dict[str, Any]:
    body = {"game": "buy-low-sell-high", "players": 2, "seats": [{"kind": "human"}] * 2}
    res = httpx.post(server.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    return res.json()


def first_message(server: Server, table: dict[str, Any], origin: str | None) -> dict[str, Any]:
    url = f"{server.ws_url}/ws/tables/{table['id']}?token={table['seats'][0]['token']}"
    with connect(url, origin=origin, open_timeout=30) as ws:
        return json.loads(ws.recv(timeout=30))


@pytest.mark.parametrize("origin", [None, "own", SCHOOL])
def test_own_pages_programs_and_named_sites_connect(
    server: Server, table: dict[str, Any], origin: str | None
) -> None:
    sent = server.url if origin == "own" else origin
    assert first_message(server, table, sent)["type"] == "state"


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_another_sites_page_is_refused_before_the_handshake(
    server: Server, table: dict[str, Any], lang: str
) -> None:
    url = f"{server.ws_url}/ws/tables/{table['id']}?token={table['seats'][0]['token']}&lang={lang}"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin="https://evil.example", open_timeout=30)
    response = refused.value.response
    assert response.status_code == 403
    body = json.loads(response.body or b"{}")
    assert body["code"] == "origin"
    assert (
        body["error"]
        == {
            "en": "a page at https://evil.example may not connect to this server's tables: open "
            "the table from the server's own address",
            "zh-TW": "https://evil.example 的網頁不可以連到這個伺服器的牌桌："
            "請從伺服器自己的網址打開牌桌。",
        }[lang]
    )
