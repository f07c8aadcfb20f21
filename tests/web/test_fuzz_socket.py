"""Fuzzing the WebSocket against a real server (rate limits off): every message gets a reply
or a documented close.

A documented close is 1003 after a binary frame (with an error message first) and 1009 for a
message over 64 KiB (docs/web.md). The handler never crashes: the server log stays free of
tracebacks and the server keeps serving.
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from bazaar.web.app import MAX_MESSAGE
from tests.fuzz import fuzz_settings, report
from tests.web.server import Server

OVERSIZE = '{"type": "ping", "pad": "' + "x" * 70_000 + '"}'
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
PLAUSIBLE = st.one_of(
    st.sampled_from(["en", "zh-TW", "zh", "xx", "+K0", "pass", "", "\ud800"]),
    st.integers(-2, 6),
    JSON,
)


@st.composite
def typed(draw: st.DrawFn) -> dict[str, Any]:
    """A message with a real (or near) type and random values for its fields."""
    kind = draw(st.sampled_from(["move", "lang", "ping", "dance", "MOVE"]))
    fields = draw(st.lists(st.sampled_from(["action", "seq", "lang", "x"]), max_size=3))
    return {"type": kind, **{name: draw(PLAUSIBLE) for name in fields}}


MESSAGES = st.one_of(
    typed().map(json.dumps),
    JSON.map(json.dumps),
    st.text(max_size=200),
    st.integers(1, 32_000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 20_000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.binary(max_size=64),
    st.just(OVERSIZE),
)
TALLY: Counter[str] = Counter()


@pytest.fixture(scope="module")
def table(unlimited_server: Server) -> dict[str, Any]:
    seats = [{"kind": "human"}, {"kind": "human"}]
    body = {"game": "buy-low-sell-high", "players": 2, "seats": seats, "seed": 3}
    res = httpx.post(unlimited_server.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    return res.json()


def open_socket(
    sockets: contextlib.ExitStack, unlimited_server: Server, table: dict[str, Any], seated: bool
) -> ClientConnection:
    token = table["seats"][0]["token"] if seated else None
    query = f"?token={token}" if token else ""
    url = f"{unlimited_server.ws_url}/ws/tables/{table['id']}{query}"
    ws = sockets.enter_context(connect(url, max_size=None))
    assert json.loads(ws.recv(timeout=10))["type"] == "state"
    return ws


def message_type(text: str) -> str | None:
    """The "type" the server reads from a text message, if it is a JSON object with one."""
    try:
        value = json.loads(text, parse_constant=lambda name: None)
    except (ValueError, RecursionError):
        return None
    kind = value.get("type") if isinstance(value, dict) else None
    return kind if isinstance(kind, str) else None


def expect_close(ws: ClientConnection, code: int) -> None:
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == code


def check_error(message: dict[str, Any]) -> None:
    assert isinstance(message["error"], str) and message["error"]
    assert isinstance(message["code"], str) and message["code"] != "internal", message
    TALLY["errors"] += 1


@fuzz_settings(100)
@given(messages=st.lists(MESSAGES, min_size=1, max_size=6), seated=st.booleans())
def test_every_message_gets_a_reply_or_a_documented_close(
    unlimited_server: Server, table: dict[str, Any], messages: list[str | bytes], seated: bool
) -> None:
    with contextlib.ExitStack() as sockets:
        ws = open_socket(sockets, unlimited_server, table, seated)
        for message in messages:
            TALLY["sent"] += 1
            ws.send(message)
            if isinstance(message, bytes):
                reply = json.loads(ws.recv(timeout=10))
                while reply["type"] == "state":
                    reply = json.loads(ws.recv(timeout=10))
                assert reply["code"] == "binary"
                check_error(reply)
                expect_close(ws, 1003)
                TALLY["closed 1003"] += 1
                ws = open_socket(sockets, unlimited_server, table, seated)
                continue
            if len(message.encode()) > MAX_MESSAGE:
                expect_close(ws, 1009)
                TALLY["closed 1009"] += 1
                ws = open_socket(sockets, unlimited_server, table, seated)
                continue
            kind = message_type(message)
            ws.send('{"type": "ping"}')
            replies = []
            pongs_needed = 2 if kind == "ping" else 1
            while pongs_needed:
                reply = json.loads(ws.recv(timeout=10))
                if reply["type"] == "pong":
                    pongs_needed -= 1
                if reply["type"] == "error":
                    check_error(reply)
                if reply["type"] != "state":
                    replies.append(reply)
            if kind not in ("move", "lang"):
                assert len(replies) >= 2, (message[:200], replies)  # its reply, then the pong
            TALLY["answered"] += 1
    assert httpx.get(unlimited_server.url + "/api/games").status_code == 200
    log = unlimited_server.log_path.read_text()
    assert "Traceback" not in log, log[-3000:]
    report("websocket messages", {**TALLY, "crashes": 0})
