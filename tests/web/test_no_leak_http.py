"""No leaks from a real server: a private move is shown only to its mover (issue 10, item 1).

Over HTTP (table payload and replay) and WebSocket, other seats and spectators get the
move's public notation (``hide ?``), and two tables that differ only in one seat's private
choice look byte-identical to everyone else.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from tests.test_no_leak import PRIVATE_KINDS, private_groups
from tests.web.server import Server

HIDE = "hide T1A"
#: One keep-alive connection for the many moves these tests post.
HTTP = httpx.Client(timeout=30)


def new_table(server: Server, game: str, players: int, seed: int) -> dict[str, Any]:
    res = HTTP.post(
        server.url + "/api/tables",
        json={"game": game, "players": players, "seats": [{"kind": "human"}] * players,
              "seed": seed},
    )  # fmt: skip
    assert res.status_code == 201, res.text
    return res.json()


def play(server: Server, table: dict[str, Any], seat: int, action: str, seq: int) -> None:
    res = HTTP.post(
        f"{server.url}/api/tables/{table['id']}/moves",
        json={"token": table["seats"][seat]["token"], "action": action, "seq": seq},
    )
    assert res.status_code == 200, res.text


def get_text(server: Server, path: str, token: str | None = None, lang: str = "en") -> str:
    params = {"lang": lang, **({"token": token} if token else {})}
    res = HTTP.get(server.url + path, params=params)
    assert res.status_code == 200, res.text
    return res.text


def socket_text(server: Server, table_id: str, seq: int, token: str | None, lang: str) -> str:
    """The first state message with ``seq`` moves that a fresh socket receives."""
    query = f"?lang={lang}" + (f"&token={token}" if token else "")
    with connect(f"{server.ws_url}/ws/tables/{table_id}{query}", open_timeout=30) as ws:
        while True:
            text = str(ws.recv(timeout=30))
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


def private_position(
    game: str, players: int, seed: int
) -> tuple[list[tuple[int, str]], int, str, str]:
    """Seeded random moves up to the first private choice: (prefix of (seat, move)), the
    mover and two of its private moves with the same public notation."""
    state = get_game(game).new(players, seed)
    rng = Rng(seed)
    prefix: list[tuple[int, str]] = []
    while not (groups := private_groups(state)):
        seat = state.to_move()
        assert seat is not None
        action = rng.choice(state.legal_actions())
        prefix.append((seat, state.notation(action)))
        state.apply(action)
    mover = state.to_move()
    assert mover is not None
    first, second = groups[sorted(groups)[0]][:2]
    return prefix, mover, state.notation(first), state.notation(second)


def normalized(text: str, table_id: str) -> dict[str, Any]:
    """A served payload without what differs between two tables by design: the table id,
    the seed commitment ``deal`` and presence (who has a socket open, since when one is away)."""
    payload = json.loads(text.replace(table_id, "ID"))
    for key in ("table", "deal"):
        payload.pop(key, None)
    for seat in payload.get("seats", []):
        for key in ("connected", "present", "away"):
            seat.pop(key, None)
    return payload


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [("buy-low-sell-high", 3, 2), ("take-stock", 3, 2), ("night-market", 4, 2)],
)
def test_two_private_choices_look_the_same_to_everyone_else(
    server: Server, game: str, players: int, seed: int
) -> None:
    prefix, mover, first, second = private_position(game, players, seed)
    tables = [new_table(server, game, players, seed) for _ in range(2)]
    for table, choice in zip(tables, (first, second), strict=True):
        for seq, (seat, text) in enumerate([*prefix, (mover, choice)]):
            play(server, table, seat, text, seq)
    seq = len(prefix) + 1
    for seat in [s for s in range(players) if s != mover] + [None]:
        for lang in ("en", "zh-TW"):
            seen = []
            for table in tables:
                token = None if seat is None else table["seats"][seat]["token"]
                tid = table["id"]
                texts = [
                    get_text(server, f"/api/tables/{tid}", token, lang),
                    get_text(server, f"/api/tables/{tid}/replay/{seq}", token, lang),
                    socket_text(server, tid, seq, token, lang),
                ]
                seen.append([normalized(t, tid) for t in texts])
            assert seen[0] == seen[1], (game, seat, lang)
            assert seen[0][0]["log"][-1]["notation"] == PRIVATE_KINDS[game][1]
    for table, choice in zip(tables, (first, second), strict=True):
        own = json.loads(
            get_text(server, f"/api/tables/{table['id']}", table["seats"][mover]["token"])
        )
        assert own["log"][-1]["notation"] == choice
