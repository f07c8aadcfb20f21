"""WebSockets against a real server: per-seat payloads, moves, errors, and no leaks."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.web.hub import LOG_LAST
from bazaar.web.payload import LoggedMove, log_entries
from tests.web.server import Server


def new_table(server: Server, game: str, players: int, seed: int, bots: int = 0) -> Any:
    seats = [{"kind": "human"}] * (players - bots) + [{"kind": "bot", "bot": "random"}] * bots
    res = httpx.post(
        server.url + "/api/tables",
        json={"game": game, "players": players, "seats": seats, "seed": seed},
    )
    assert res.status_code == 201, res.text
    return res.json()


def open_socket(server: Server, table: str, token: str | None, lang: str = "en") -> Any:
    query = f"?lang={lang}" + (f"&token={token}" if token else "")
    return connect(f"{server.ws_url}/ws/tables/{table}{query}", open_timeout=30)


def receive(ws: ClientConnection) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=30))


def latest_state(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """Read payloads until the one showing ``seq`` moves played."""
    while True:
        msg = receive(ws)
        if msg["type"] == "state" and msg["seq"] >= seq:
            return msg


def test_socket_payloads_moves_and_errors(server: Server) -> None:
    res = new_table(server, "buy-low-sell-high", 3, 11)
    tokens = [s["token"] for s in res["seats"]]
    state = get_game("buy-low-sell-high").new(3, 11)
    with (
        open_socket(server, res["id"], tokens[0]) as me,
        open_socket(server, res["id"], tokens[1], "zh-TW") as friend,
        open_socket(server, res["id"], None) as watcher,
    ):
        mine = latest_state(me, 0)
        assert mine["seat"] == 0 and mine["view"] == state.view(0)
        assert [m["notation"] for m in mine["legal"]] == state.legal_notations()
        theirs = latest_state(friend, 0)
        assert theirs["seat"] == 1 and theirs["legal"] == [] and theirs["lang"] == "zh-TW"
        public = latest_state(watcher, 0)
        assert public["seat"] is None and public["view"] == state.view(None)
        listed = httpx.get(server.url + "/api/tables").json()["tables"]
        entry = next(t for t in listed if t["id"] == res["id"])
        assert [s["connected"] for s in entry["seats"]] == [True, True, False]
        assert entry["waiting_for"] == 1
        # bad messages: a reply to the sender only, nothing changes
        for text, code in [
            ("{oops", "json"),
            ("[1]", "request"),
            ('{"type": "dance"}', "request"),
            ('{"type": "move", "action": "pass", "seq": 0}', "illegal"),
            ('{"type": "move", "action": "+K0", "seq": 3}', "stale"),
            ('{"type": "lang", "lang": "xx"}', "lang"),
        ]:
            me.send(text)
            reply = receive(me)
            while reply["type"] == "state":
                reply = receive(me)
            assert reply["type"] == "error" and reply["code"] == code, (text, reply)
            if code == "illegal":
                assert reply["rule"] == "first-lap" and "first" in reply["explain"]
        friend.send(json.dumps({"type": "move", "action": "+K0", "seq": 0}))
        reply = receive(friend)
        while reply["type"] == "state":
            reply = receive(friend)
        assert reply["code"] == "turn"
        watcher.send(json.dumps({"type": "move", "action": "+K0", "seq": 0}))
        reply = receive(watcher)
        while reply["type"] == "state":
            reply = receive(watcher)
        assert reply["code"] == "token"
        # a good move reaches everybody, each with their own view
        me.send(json.dumps({"type": "move", "action": "+K0", "seq": 0}))
        state.apply(state.parse("+K0"))
        assert latest_state(me, 1)["view"] == state.view(0)
        assert latest_state(friend, 1)["view"] == state.view(1)
        assert latest_state(watcher, 1)["view"] == state.view(None)
        me.send(json.dumps({"type": "lang", "lang": "zh-TW"}))
        assert latest_state(me, 1)["lang"] == "zh-TW"
        me.send(json.dumps({"type": "move", "action": "pass", "seq": 1}))
        reply = receive(me)
        while reply["type"] == "state":
            reply = receive(me)
        assert reply["rule"] == "phase"
        # seat 0's refusal counts seats from 1, as people do
        assert reply["error"] == "'pass': seat 1 has traded already; now play a card (§5.1)"
        assert reply["explain"] == "'pass'：玩家1已經交易過了；現在要打出1張卡牌(§5.1)"


def test_a_wrong_token_or_table_is_refused(server: Server) -> None:
    res = new_table(server, "night-market", 3, 2)
    with open_socket(server, res["id"], "forged-token") as ws:
        reply = receive(ws)
        assert reply["type"] == "error" and reply["code"] == "token"
    with open_socket(server, "missing", None) as ws:
        reply = receive(ws)
        assert reply["code"] == "unknown-table"


def _private(view: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """The parts of a seat's view that the public view does not have."""
    return {k: v for k, v in view.items() if k not in public}


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [("buy-low-sell-high", 3, 5), ("take-stock", 4, 6), ("night-market", 4, 7)],
)
def test_no_payload_leaks_another_seats_hidden_cards(
    server: Server, game: str, players: int, seed: int
) -> None:
    """A whole game over WebSockets, every seat human: each payload is exactly that seat's."""
    res = new_table(server, game, players, seed)
    tokens = [s["token"] for s in res["seats"]]
    local = get_game(game).new(players, seed)
    history: list[LoggedMove] = []
    rng = Rng(seed)
    checked = 0
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(open_socket(server, res["id"], tok)) for tok in tokens]
        while True:
            payloads = [latest_state(ws, len(history)) for ws in sockets]
            public = local.view(None)
            public_text = json.dumps(public, ensure_ascii=False)
            for seat, payload in enumerate(payloads):
                assert payload["view"] == local.view(seat)
                assert payload["log"] == log_entries(local, history, seat, "en", LOG_LAST)
                text = json.dumps(payload, ensure_ascii=False)
                for other in range(players):
                    if other == seat:
                        continue
                    for key, value in _private(local.view(other), public).items():
                        secret = json.dumps(value, ensure_ascii=False)
                        if secret in public_text or value == local.view(seat).get(key):
                            continue  # the same cards are also in plain sight
                        assert secret not in text, (seat, other, key)
                checked += 1
            mover = local.to_move()
            if mover is None:
                break
            action = rng.choice(local.legal_actions())
            notation = local.notation(action)
            sockets[mover].send(
                json.dumps({"type": "move", "action": notation, "seq": len(history)})
            )
            public = local.public_notation(action)
            events = local.apply(action)
            history.append(LoggedMove(len(history), mover, notation, events, public=public))
    assert local.is_over() and checked > 50 * players
