"""No leaks from a real server: a private move is shown only to its mover (issue 10, item 1).

Over HTTP (table payload and replay) and WebSocket, other seats and spectators get the
move's public notation (``hide ?``), and two tables that differ only in one seat's private
choice look byte-identical to everyone else.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from websockets.sync.client import connect

from bazaar.core.registry import get_game
from tests.web.server import Server

HIDE = "hide T1A"


def new_table(server: Server, game: str, players: int, seed: int) -> dict[str, Any]:
    res = httpx.post(
        server.url + "/api/tables",
        json={"game": game, "players": players, "seats": [{"kind": "human"}] * players,
              "seed": seed},
    )  # fmt: skip
    assert res.status_code == 201, res.text
    return res.json()


def play(server: Server, table: dict[str, Any], seat: int, action: str, seq: int) -> None:
    res = httpx.post(
        f"{server.url}/api/tables/{table['id']}/moves",
        json={"token": table["seats"][seat]["token"], "action": action, "seq": seq},
    )
    assert res.status_code == 200, res.text


def get_text(server: Server, path: str, token: str | None = None, lang: str = "en") -> str:
    params = {"lang": lang, **({"token": token} if token else {})}
    res = httpx.get(server.url + path, params=params)
    assert res.status_code == 200, res.text
    return res.text


def socket_text(server: Server, table_id: str, seq: int, token: str | None, lang: str) -> str:
    """The first state message with ``seq`` moves that a fresh socket receives."""
    query = f"?lang={lang}" + (f"&token={token}" if token else "")
    with connect(f"{server.ws_url}/ws/tables/{table_id}{query}", open_timeout=10) as ws:
        while True:
            text = str(ws.recv(timeout=10))
            msg = json.loads(text)
            if msg["type"] == "state" and msg["seq"] >= seq:
                return text


def test_night_market_hidden_customer_stays_hidden(server: Server) -> None:
    """The issue's case: seat 0 hides a customer; nobody else may read which one."""
    state = get_game("night-market").new(3, 5)
    assert HIDE in state.legal_notations()
    table = new_table(server, "night-market", 3, 5)
    tid = table["id"]
    play(server, table, 0, HIDE, 0)
    tokens = [s["token"] for s in table["seats"]]
    for token in (None, tokens[1], tokens[2]):
        for text in (
            get_text(server, f"/api/tables/{tid}", token),
            get_text(server, f"/api/tables/{tid}/replay/1", token),
            socket_text(server, tid, 1, token, "en"),
        ):
            assert "T1A" not in text
            entry = json.loads(text)["log"][0]
            assert (entry["seat"], entry["notation"]) == (0, "hide ?")
    own = json.loads(get_text(server, f"/api/tables/{tid}", tokens[0]))
    assert own["log"][0]["notation"] == HIDE
