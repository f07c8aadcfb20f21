"""The web shapes (bazaar/web/shapes.py) match what a real app sends and takes: the lobby's
replies, a new table's reply, every seat's and the spectator's payload along random games of
each game (their views, legal moves' fields and the newest move's events by the game's own
shapes), the table list, error bodies and socket messages both ways. Strict: a renamed,
missing, added or retyped key fails. In process (starlette's TestClient), no browser."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from bazaar.core.registry import get_game
from bazaar.core.shapes import validate
from bazaar.web import shapes as web
from bazaar.web.app import create_app
from bazaar.web.settings import WebSettings
from tests.test_shapes import MOVE_FIELDS, SHAPES

GAMES = sorted(SHAPES)
MOVES = 40


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("shapes") / "s.db"
    settings = WebSettings(
        db_url=f"sqlite:///{db}", rate_limit_tables=0, rate_limit_sockets=0, bot_delay=0.0
    )
    app = create_app(settings)
    with TestClient(app) as test_client:
        yield test_client


def new_table(client: TestClient, game_id: str, seed: int, **body: Any) -> dict[str, Any]:
    players = get_game(game_id).min_players + seed % 2
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(players)]
    sent = {"game": game_id, "players": players, "seats": seats, "seed": seed, **body}
    res = client.post("/api/tables", json=sent)
    assert res.status_code == 201, res.text
    reply = res.json()
    validate(web.NewTableReply, reply)
    return reply


def check_payload(payload: dict[str, Any]) -> None:
    """The payload's own shape, then what in it is the game's."""
    validate(web.TablePayload, payload)
    seat_view, spectator_view, _, event_data = SHAPES[payload["game"]]
    validate(spectator_view if payload["seat"] is None else seat_view, payload["view"])
    fields = MOVE_FIELDS[payload["game"]]
    for move in payload["legal"]:
        validate(fields, move["fields"])
    last = payload["last"]
    if last is not None:
        if last["fields"] is not None:
            validate(fields, last["fields"])
        for event in last["events"]:
            validate(event_data[event["kind"]], event["data"])


def payloads(client: TestClient, table: dict[str, Any], lang: str = "en") -> list[Any]:
    tokens = [s["token"] for s in table["seats"]]
    out = []
    for token in [*tokens, None]:
        params = {"lang": lang, **({"token": token} if token else {})}
        res = client.get(f"/api/tables/{table['id']}", params=params)
        assert res.status_code == 200, res.text
        out.append(res.json())
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_payloads_along_a_game_have_their_shapes(client: TestClient, game_id: str) -> None:
    table = new_table(client, game_id, 3, turn_minutes=5)
    r = random.Random(game_id)
    for step in range(MOVES):
        seen = payloads(client, table, "zh-TW" if step % 5 == 4 else "en")
        for payload in seen:
            check_payload(payload)
        mover = next((p for p in seen[:-1] if p["legal"]), None)
        if mover is None:
            break
        move = r.choice(mover["legal"])
        body = {"token": table["seats"][mover["seat"]]["token"], "seq": mover["seq"]}
        res = client.post(
            f"/api/tables/{table['id']}/moves", json={**body, "action": move["action"]}
        )
        assert res.status_code == 200, res.text
        validate(web.MoveReply, res.json())
    replay = client.get(
        f"/api/tables/{table['id']}/replay/1", params={"token": table["seats"][0]["token"]}
    )
    check_payload(replay.json())


def test_a_finished_game_has_its_result_shape(client: TestClient) -> None:
    table = new_table(client, "take-stock", 5)
    r = random.Random(5)
    while True:
        seen = payloads(client, table)
        mover = next((p for p in seen[:-1] if p["legal"]), None)
        if mover is None:
            break
        token = table["seats"][mover["seat"]]["token"]
        move = r.choice(mover["legal"])
        body = {"token": token, "action": move["action"], "seq": mover["seq"]}
        assert client.post(f"/api/tables/{table['id']}/moves", json=body).status_code == 200
    for payload in seen:
        check_payload(payload)
        assert payload["over"] and payload["result"] is not None


def test_lobby_list_and_errors_have_their_shapes(client: TestClient) -> None:
    validate(web.GamesReply, client.get("/api/games").json())
    table = new_table(client, "night-market", 2)
    validate(web.TablesReply, client.get("/api/tables").json())
    token = table["seats"][1]["token"]
    wrong = {"token": token, "action": 0, "seq": 0}
    res = client.post(f"/api/tables/{table['id']}/moves", json=wrong)
    assert res.status_code == 409
    validate(web.ErrorReply, res.json())
    illegal = {"token": table["seats"][0]["token"], "action": "nonsense", "seq": 0}
    res = client.post(f"/api/tables/{table['id']}/moves", json={**illegal, "lang": "zh-TW"})
    assert res.status_code == 422
    validate(web.ErrorReply, res.json())
    assert "rule" in res.json() and "explain" in res.json()


def test_socket_messages_both_ways_have_their_shapes(client: TestClient) -> None:
    table = new_table(client, "buy-low-sell-high", 4)
    token = table["seats"][0]["token"]
    sent: list[Any] = [
        {"type": "ping"},
        {"type": "lang", "lang": "zh-TW"},
        {"type": "undo", "seq": 0, "version": 0},
        {"type": "return"},
        {"type": "standin", "seat": 1, "bot": "ismcts:easy"},
    ]
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as socket:
        first = socket.receive_json()
        check_payload(first)
        for message in sent:
            validate(web.ClientMessage, message)
            socket.send_json(message)
            reply = socket.receive_json()
            validate(web.ServerMessage, reply)
            if reply["type"] == "state":
                check_payload(reply)
        move = {"type": "move", "action": first["legal"][0]["action"], "seq": first["seq"]}
        validate(web.ClientMessage, move)
        socket.send_json(move)
        after = socket.receive_json()
        check_payload(after)
        socket.send_json({"type": "nonsense"})
        refused = socket.receive_json()
        validate(web.ErrorMessage, refused)


def test_a_hint_has_its_shape(client: TestClient) -> None:
    table = new_table(client, "buy-low-sell-high", 6)
    mover = payloads(client, table)[0]
    res = client.get(
        f"/api/tables/{table['id']}/hint",
        params={"token": table["seats"][mover["seat"]]["token"], "lang": "zh-TW"},
    )
    assert res.status_code == 200, res.text
    validate(web.HintReply, res.json())


def test_a_guided_game_and_its_step_have_their_shapes(client: TestClient) -> None:
    made = client.post("/api/games/take-stock/learn", params={"lang": "zh-TW"})
    assert made.status_code == 201, made.text
    table = made.json()
    step = client.get(
        f"/api/tables/{table['id']}/guide", params={"token": table["token"], "lang": "zh-TW"}
    )
    assert step.status_code == 200, step.text
    validate(web.GuideReply, step.json())


@pytest.mark.parametrize("game_id", GAMES)
def test_a_puzzle_and_its_answers_have_their_shapes(client: TestClient, game_id: str) -> None:
    prompt = client.get(f"/api/puzzles/{game_id}/1", params={"lang": "zh-TW"})
    assert prompt.status_code == 200, prompt.text
    check_payload(prompt.json()["payload"])
    for move in prompt.json()["payload"]["legal"][:2]:
        res = client.post(f"/api/puzzles/{game_id}/1/answer", json={"move": move["notation"]})
        assert res.status_code == 200, res.text
        validate(web.PuzzleAnswer, res.json())
        res = client.post(f"/api/puzzles/{game_id}/1/solution", json={"tried": move["notation"]})
        assert res.status_code == 200, res.text
        validate(web.PuzzleAnswer, res.json())
