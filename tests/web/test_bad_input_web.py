"""Bad input to the web app: strict HTTP types, names, body limits, error schema, sockets."""

from __future__ import annotations

import json
import socket
import struct
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.web.server import Server

HUMANS_2 = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]


def create(server: Server, **body: Any) -> httpx.Response:
    payload = {"game": "buy-low-sell-high", "players": 2, "seats": HUMANS_2, "seed": 7, **body}
    return httpx.post(server.url + "/api/tables", json=payload)


@pytest.fixture(scope="module")
def table(server: Server) -> dict[str, Any]:
    res = create(server)
    assert res.status_code == 201, res.text
    return res.json()


def view(server: Server, table_id: str) -> dict[str, Any]:
    return httpx.get(f"{server.url}/api/tables/{table_id}").json()


@pytest.mark.parametrize(
    ("field", "value"),
    [("action", True), ("seq", "0"), ("seq", 1.0), ("seq", True), ("seq", False)],
)
def test_moves_need_strict_types(
    server: Server, table: dict[str, Any], field: str, value: Any
) -> None:
    token = table["seats"][0]["token"]
    body = {"token": token, "action": 0, "seq": 0, field: value}
    res = httpx.post(f"{server.url}/api/tables/{table['id']}/moves", json=body)
    assert res.status_code == 422, res.text
    assert res.json()["code"] == "field"
    assert res.json()["error"].startswith(f"{field}: ")
    assert view(server, table["id"])["seq"] == 0


@pytest.mark.parametrize(
    ("body", "where"),
    [({"players": "2"}, "players"), ({"seed": "7"}, "seed"), ({"seed": 7.0}, "seed")],
)
def test_new_table_needs_strict_types(server: Server, body: dict[str, Any], where: str) -> None:
    res = create(server, **body)
    assert res.status_code == 422, res.text
    assert res.json()["code"] == "field" and res.json()["error"].startswith(f"{where}: ")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("    ", "seats.0.name: a name may not be empty (or only spaces)"),
        ("Ann\u202e", "seats.0.name: a name may not contain the character U+202E"),
        ("A\x1bB", "seats.0.name: a name may not contain the character U+001B"),
        ("\ufeff\u3164", "seats.0.name: a name needs at least one visible character"),
    ],
)
def test_new_table_refuses_bad_names(server: Server, name: str, message: str) -> None:
    res = create(server, seats=[{"kind": "human", "name": name}, {"kind": "human"}])
    assert res.status_code == 422, res.text
    assert res.json() == {"error": message, "code": "name"}


def test_new_table_trims_names(server: Server) -> None:
    seats = [{"kind": "human", "name": "  Ann  "}, {"kind": "human", "name": "Cafe\u0301"}]
    res = create(server, seats=seats)
    assert res.status_code == 201, res.text
    names = [s["name"] for s in view(server, res.json()["id"])["seats"]]
    assert names == ["Ann", "Café"]


def test_rename_checks_the_trimmed_name(server: Server, table: dict[str, Any]) -> None:
    url = f"{server.url}/api/tables/{table['id']}/name"
    token = table["seats"][1]["token"]
    res = httpx.post(url, json={"token": token, "name": "   "})
    assert res.status_code == 422
    assert res.json() == {
        "error": "name: a name may not be empty (or only spaces)",
        "code": "name",
    }
    res = httpx.post(url, json={"token": token, "name": " 👩\u200d👩\u200d👧 "})
    assert res.status_code == 200, res.text
    assert view(server, table["id"])["seats"][1]["name"] == "👩\u200d👩\u200d👧"


def test_oversized_chunked_body_gets_413(server: Server) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "buy-low-sell-high", "players": 2, "seats": [], "lang": "'
        for _ in range(100):
            yield b"x" * 1024
        yield b'"}'

    res = httpx.post(
        server.url + "/api/tables", content=chunks(), headers={"content-type": "application/json"}
    )
    assert res.status_code == 413
    assert res.json() == {"error": "the request body is larger than 65536 bytes", "code": "size"}


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("DELETE", "/api/tables", "GET, POST"),  # two routes, one path: both methods
        ("PUT", "/api/games", "GET"),
        ("POST", "/", "GET"),
    ],
)
def test_a_wrong_method_gets_405_with_allow(
    server: Server, method: str, path: str, allow: str
) -> None:
    res = httpx.request(method, server.url + path)
    assert res.status_code == 405
    assert res.headers["allow"] == allow
    assert res.json() == {"error": "Method Not Allowed", "code": "http"}


def test_openapi_lists_error_responses(server: Server) -> None:
    schema = httpx.get(server.url + "/openapi.json").json()
    assert set(schema["components"]["schemas"]["ErrorBody"]["required"]) == {"error", "code"}
    moves = schema["paths"]["/api/tables/{table_id}/moves"]["post"]["responses"]
    assert {"400", "403", "404", "409", "413", "422"} <= set(moves)
    ref = moves["409"]["content"]["application/json"]["schema"]["$ref"]
    assert ref == "#/components/schemas/ErrorBody"
    create_codes = schema["paths"]["/api/tables"]["post"]["responses"]
    assert {"400", "404", "413", "422"} <= set(create_codes)


# ---------------------------------------------------------------------- sockets
def open_socket(server: Server, table_id: str, token: str | None = None) -> ClientConnection:
    query = f"?token={token}" if token else ""
    return connect(f"{server.ws_url}/ws/tables/{table_id}{query}", open_timeout=30, max_size=None)


def next_reply(ws: ClientConnection) -> dict[str, Any]:
    """The next message that is not a state payload."""
    while True:
        msg = json.loads(ws.recv(timeout=30))
        if msg["type"] != "state":
            return msg


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('{"type": "lang", "lang": 5}', "lang"),
        ('{"type": "lang", "lang": ["en"]}', "lang"),
        ("[" * 30_000 + "]" * 30_000, "json"),
        ('{"type": "move", "action": {"a": 1}, "seq": 0}', "field"),
        ('{"type": "move", "action": 0, "seq": "0"}', "field"),
        ('{"type": 7}', "request"),
        ("null", "request"),
        ("1e400", "json"),
        ('{"type": "ping", "x": NaN}', "json"),
    ],
)
def test_socket_bad_messages_get_an_error_and_the_socket_stays(
    server: Server, table: dict[str, Any], text: str, code: str
) -> None:
    with open_socket(server, table["id"], table["seats"][0]["token"]) as ws:
        ws.send(text)
        reply = next_reply(ws)
        assert reply["type"] == "error" and reply["code"] == code, reply
        assert isinstance(reply["error"], str) and reply["error"]
        ws.send('{"type": "ping"}')
        assert next_reply(ws) == {"type": "pong"}
    assert view(server, table["id"])["seq"] == 0


def test_socket_binary_frame_gets_an_error_and_close_1003(
    server: Server, table: dict[str, Any]
) -> None:
    with open_socket(server, table["id"]) as ws:
        ws.send(b"\x00\x01binary")
        assert next_reply(ws) == {
            "type": "error",
            "error": "messages must be JSON text frames, not binary frames",
            "code": "binary",
        }
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003


def test_socket_oversized_message_gets_close_1009(server: Server, table: dict[str, Any]) -> None:
    with open_socket(server, table["id"]) as ws:
        ws.send('{"type": "ping", "pad": "' + "x" * 70_000 + '"}')
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


@pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager")
@pytest.mark.parametrize("how", ["close-frame", "reset", "shutdown"])
def test_a_socket_closed_right_after_a_message_leaves_no_traceback(
    server: Server, table: dict[str, Any], how: str
) -> None:
    """The client goes away while the server answers its ``lang`` message (the reply is sent
    on a closing or closed socket): the handler ends quietly, whatever the way of closing."""
    token = table["seats"][0]["token"]
    for _ in range(10):
        ws = open_socket(server, table["id"], token)
        ws.send(json.dumps({"type": "lang", "lang": "zh-TW"}))
        if how == "close-frame":
            ws.close()
        elif how == "reset":  # SO_LINGER 0: the kernel sends RST at once
            ws.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            ws.socket.close()
        else:
            ws.socket.shutdown(socket.SHUT_RDWR)
            ws.socket.close()
    for _ in range(3):  # let the server reach the closes before its log is read
        with open_socket(server, table["id"]) as ws:
            ws.send('{"type": "ping"}')
            assert next_reply(ws) == {"type": "pong"}
    log = server.log_text()
    assert "Traceback" not in log
    assert "could not be handled" not in log


def test_server_log_has_no_traceback(server: Server, table: dict[str, Any]) -> None:
    with open_socket(server, table["id"]) as ws:
        ws.send('{"type": "ping"}')
        assert next_reply(ws) == {"type": "pong"}
    log = server.log_text()
    assert "Traceback" not in log


def test_refused_names_are_told_in_the_requests_language(server: Server) -> None:
    seats = [{"kind": "human", "name": "Bo\u2067"}, {"kind": "human"}]
    res = create(server, seats=seats, lang="zh-TW")
    assert res.status_code == 422
    assert res.json() == {"error": "seats.0.name: 名字不可以含有字元 U+2067", "code": "name"}
