"""Classrooms (docs/web.md, "Classrooms"): several tables at once, the teacher's status, the
shared secret deal of duplicate play, refusals, and no hidden card of a running game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect
from starlette.testclient import TestClient

from bazaar.core import deal
from bazaar.web.app import create_app
from tests.web.server import app_settings
from tests.web.test_store_upgrade import _row, old_db  # noqa: F401 (a fixture)

PEOPLE_3 = [{"kind": "human"}] * 3


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("classroom") / "c.db"
    app = create_app(app_settings(db, rate_limit_tables=0, bot_delay=0.0))
    with TestClient(app) as test_client:
        yield test_client


def make(client: TestClient, **body: Any) -> dict[str, Any]:
    sent = {"game": "night-market", "players": 3, "tables": 2, "seats": PEOPLE_3, **body}
    res = client.post("/api/classrooms", json=sent)
    assert res.status_code == 201, res.text
    return res.json()


def status(client: TestClient, room: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    res = client.get(f"/api/classrooms/{room['id']}", params={"token": room["token"], "lang": lang})
    assert res.status_code == 200, res.text
    return res.json()


def seat_view(client: TestClient, table: dict[str, Any], seat: int) -> dict[str, Any]:
    token = table["seats"][seat]["token"]
    return client.get(f"/api/tables/{table['id']}", params={"token": token}).json()


def play(client: TestClient, table: dict[str, Any], seat: int, action: str, seq: int) -> None:
    body = {"token": table["seats"][seat]["token"], "action": action, "seq": seq}
    res = client.post(f"/api/tables/{table['id']}/moves", json=body)
    assert res.status_code == 200, res.text


def test_same_deal_gives_every_table_the_same_cards(client: TestClient) -> None:
    room = make(client, tables=3, deal="same", name="Class 5A")
    assert (room["name"], room["deal"], room["over"], len(room["tables"])) == (
        "Class 5A",
        "same",
        False,
        3,
    )
    views = [[seat_view(client, t, s)["view"] for s in range(3)] for t in room["tables"]]
    assert views[0] == views[1] == views[2]
    deals = [t["deal"] for t in room["tables"]]
    assert deals[0] == deals[1] == deals[2]
    assert deals[0]["fixed"] is False and deals[0]["seed"] is None and deals[0]["salt"] is None
    assert room["commitment"] == deals[0]["commitment"] and len(room["commitment"]) == 64
    assert room["page"].endswith(f"/c/{room['id']}?token={room['token']}&lang=en")


def test_different_deals_differ(client: TestClient) -> None:
    room = make(client, tables=3, deal="different")
    views = [seat_view(client, t, 0)["view"] for t in room["tables"]]
    assert views[0] != views[1] and views[1] != views[2]
    assert room["commitment"] is None
    assert len({t["deal"]["commitment"] for t in room["tables"]}) == 3


def test_status_follows_the_moves_and_links_open_the_seats(client: TestClient) -> None:
    room = make(client, tables=2, names=[["Ann", "Bo", "Cy"], ["Di", "Ed", "Fay"]])
    first = room["tables"][0]
    assert [s["name"] for s in first["seats"]] == ["Ann", "Bo", "Cy"]
    assert first["seats"][0]["link"].endswith(
        f"/t/{first['id']}?token={first['seats'][0]['token']}&lang=en"
    )
    assert (first["seq"], first["to_move"], first["over"], first["scores"]) == (0, 0, False, None)
    view = seat_view(client, first, 0)
    assert view["seat"] == 0  # the derived token opens seat 0
    play(client, first, 0, view["legal"][0]["notation"], 0)
    after = status(client, room)["tables"]
    assert [(t["seq"], t["to_move"]) for t in after] == [(1, 1), (0, 0)]
    assert [s["present"] for s in after[0]["seats"]] == [False, False, False]


def test_a_finished_duplicate_table_keeps_the_deal_until_all_are_over(
    client: TestClient,
) -> None:
    room = make(
        client,
        game="take-stock",
        players=2,
        tables=2,
        deal="same",
        seats=[{"kind": "human"}, {"kind": "human"}],
    )
    tables = room["tables"]
    finish(client, tables[0])
    now = status(client, room)
    done = now["tables"][0]
    assert done["over"] is True and done["deal"]["seed"] is None
    assert [r["rank"] for r in done["result"]["ranking"]] == sorted(
        r["rank"] for r in done["result"]["ranking"]
    )
    assert len(done["scores"]) == 2
    assert done["held"] is True and now["tables"][1]["held"] is False
    token = {"token": tables[0]["seats"][0]["token"]}
    record = client.get(f"/api/tables/{done['id']}/record", params=token)
    assert (record.status_code, record.json()["code"]) == (409, "deal-held")
    listed = {t["id"] for t in client.get("/api/tables").json()["tables"]}
    assert done["id"] not in listed  # a classroom is a closed room
    finish(client, tables[1])
    revealed = status(client, room)
    assert revealed["over"] is True
    seeds = {t["deal"]["seed"] for t in revealed["tables"]}
    salts = {t["deal"]["salt"] for t in revealed["tables"]}
    assert len(seeds) == 1 and len(salts) == 1
    seed, salt = int(seeds.pop()), salts.pop()
    options = seat_view(client, tables[0], 0)["options"]
    assert deal.commit("take-stock", 2, options, seed, salt, False) == room["commitment"]
    assert client.get(f"/api/tables/{done['id']}/record", params=token).status_code == 200
    assert not any(t["held"] for t in revealed["tables"])


def finish(client: TestClient, table: dict[str, Any]) -> None:
    """Play the table to its end, always the first legal move of the seat to move."""
    seq = 0
    while True:
        seen = seat_view(client, table, 0)
        if seen["over"]:
            return
        mover = seen["to_move"]
        view = seat_view(client, table, mover)
        play(client, table, mover, view["legal"][0]["notation"], seq)
        seq += 1


def test_the_status_of_a_running_table_hides_private_moves(client: TestClient) -> None:
    room = make(client, tables=2, deal="same")
    one, two = room["tables"]
    hides = [m["notation"] for m in seat_view(client, one, 0)["legal"]]
    hides = [h for h in hides if h.startswith("hide ")]
    assert len(hides) >= 2  # the same deal: the same choices at both tables
    play(client, one, 0, hides[0], 0)
    play(client, two, 0, hides[1], 0)
    other_seat = seat_view(client, one, 1)
    assert other_seat["log"][-1]["notation"] == "hide ?"
    assert seat_view(client, one, 0)["view"] != seat_view(client, two, 0)["view"]
    shown = status(client, room)["tables"]
    assert public(shown[0]) == public(shown[1])


def public(table: dict[str, Any]) -> dict[str, Any]:
    """A table's status without what names the table itself (its id, links and tokens) or
    when the server loaded it (``away``)."""
    own = ("token", "link", "away")
    seats = [{k: v for k, v in s.items() if k not in own} for s in table["seats"]]
    return {
        **{k: v for k, v in table.items() if k not in ("id", "spectator", "seats")},
        "seats": seats,
    }


GOOD = {"game": "night-market", "players": 3, "tables": 2, "seats": PEOPLE_3}


@pytest.mark.parametrize(
    ("change", "status_code", "code", "english", "chinese"),
    [
        (
            {"game": "chess"},
            404,
            "unknown-game",
            "there is no game 'chess'",
            "沒有叫做 'chess' 的遊戲",
        ),
        (
            {"tables": 31},
            422,
            "tables",
            "'tables' must be from 1 to 30, not 31",
            "「tables」（桌數）必須是 1 到 30，不是 31",
        ),
        (
            {"tables": 0},
            422,
            "tables",
            "'tables' must be from 1 to 30, not 0",
            "「tables」（桌數）必須是 1 到 30，不是 0",
        ),
        (
            {"players": 9, "seats": PEOPLE_3},
            422,
            "players",
            "night-market is played by 3 to 4 players, not 9",
            "night-market 的玩家人數是 3 到 4 人，不是 9 人",
        ),
        (
            {"seats": PEOPLE_3[:2]},
            400,
            "seats",
            "3 players need 3 seats, not 2",
            "3 位玩家需要 3 個座位，不是 2 個",
        ),
        (
            {"names": [["Ann", "Bo", "Cy"]]},
            422,
            "names",
            "'names' needs one list per table (2), each with 3 names",
            "「names」（名字）需要每桌一份名單（共 2 桌），每份 3 個名字",
        ),
        (
            {"seats": [{"kind": "bot", "bot": "genius"}, *PEOPLE_3[:2]]},
            400,
            "bot",
            "seat 1: there is no bot 'genius'",
            "座位 1：沒有叫做 'genius' 的機器人",
        ),
    ],
)
def test_bad_classrooms_are_refused_in_both_languages(
    client: TestClient,
    change: dict[str, Any],
    status_code: int,
    code: str,
    english: str,
    chinese: str,
) -> None:
    before = len(client.get("/api/tables").json()["tables"])
    for lang, words in (("en", english), ("zh-TW", chinese)):
        res = client.post("/api/classrooms", json={**GOOD, **change, "lang": lang})
        assert res.status_code == status_code, res.text
        assert (res.json()["code"], res.json()["explain"]) == (code, words)
        assert res.json()["error"] == english
    assert len(client.get("/api/tables").json()["tables"]) == before


def test_strict_fields(client: TestClient) -> None:
    res = client.post("/api/classrooms", json={**GOOD, "tables": "2"})
    assert (res.status_code, res.json()["code"]) == (422, "field")
    res = client.post("/api/classrooms", json={**GOOD, "deal": "mixed"})
    assert (res.status_code, res.json()["code"]) == (422, "field")
    assert "deal" in res.json()["error"]
    res = client.post("/api/classrooms", json={**GOOD, "lang": "fr"})
    assert (res.status_code, res.json()["code"], res.json()["error"]) == (
        400,
        "lang",
        "'lang' must be en or zh-TW, not 'fr'",
    )
    bad = client.get("/api/classrooms/x", params={"lang": "fr", "token": "t"})
    assert (bad.status_code, bad.json()["code"]) == (400, "lang")


def test_the_teacher_token_is_required(client: TestClient) -> None:
    room = make(client, tables=1)
    where = f"/api/classrooms/{room['id']}"
    missing = client.get(where)
    assert (missing.status_code, missing.json()["error"]) == (
        403,
        "the classroom page needs the teacher token",
    )
    wrong = client.get(where, params={"token": "x" * 32, "lang": "zh-TW"})
    assert wrong.status_code == 403
    assert (wrong.json()["code"], wrong.json()["explain"]) == ("token", "這不是這個課堂的老師憑證")
    seat = room["tables"][0]["seats"][0]["token"]
    assert client.get(where, params={"token": seat}).status_code == 403
    unknown = client.get("/api/classrooms/nothing", params={"token": room["token"]})
    assert (unknown.status_code, unknown.json()["code"]) == (404, "unknown-classroom")
    assert client.get(f"/c/{room['id']}").status_code == 200


def test_store_round_trip(tmp_path: Path) -> None:
    from bazaar.web.store import Store

    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    row = {
        "id": "room1",
        "game": "take-stock",
        "players": 2,
        "deal": "same",
        "name": "5A",
        "lang": "zh-TW",
        "token_hash": "ab" * 32,
        "tables": ["t2", "t1"],
    }
    store.create_classroom(row)
    loaded = store.load_classroom("room1")
    assert loaded is not None
    assert {k: v for k, v in loaded.items() if k != "created"} == row
    assert store.load_classroom("none") is None
    assert store.deal_held("room1") is False  # no table yet
    store.close()


def test_an_old_database_gains_classrooms(old_db: str) -> None:  # noqa: F811
    """The first schema (SQLite; PostgreSQL with BAZAAR_TEST_POSTGRES) gains the
    ``classrooms`` table and ``tables.classroom``; a shared deal is held until all are over."""
    from bazaar.web.store import Store

    store = Store(old_db)
    try:
        found = inspect(store.engine)
        assert "classroom" in {c["name"] for c in found.get_columns("tables")}
        assert "classrooms" in found.get_table_names()
        old = store.load("old1")
        assert old is not None and (old.classroom, old.deal_held) == (None, False)
        store.create_classroom(
            {
                "id": "room",
                "game": "night-market",
                "players": 3,
                "deal": "same",
                "name": "",
                "lang": "en",
                "token_hash": "cd" * 32,
                "tables": ["c1", "c2"],
            }
        )
        salt = deal.new_salt()
        for table_id in ("c1", "c2"):
            store.create_table({**_row(table_id, 99, salt, fixed=False), "classroom": "room"})
        store.add_move("c1", 0, 0, "x", over=True)
        first = store.load("c1")
        assert first is not None and (first.classroom, first.deal_held) == ("room", True)
        assert first.teacher_hash == "cd" * 32
        assert {t["id"] for t in store.list_tables()} == {"old1"}  # classrooms are not listed
        store.add_move("c2", 0, 0, "x", over=True)
        assert store.deal_held("room") is False
    finally:
        store.close()
