"""People and turn e-mails (docs/web.md, "Your page" and "Turn notices"): a person made with no
password, seats saved to their page, the page's order (tables waiting for them first), ratings
from finished games (against people and with bots kept apart), classroom people kept inside
their classroom, and turn notices mailed through a real SMTP server (aiosmtpd, started here):
at most one per table and move, a confirmed address only, a link to the seat and a one-click
stop, and a daily digest. The app runs in this process on a clock the tests move."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.testclient import TestClient

from bazaar.web.app import create_app
from bazaar.web.settings import WebSettings
from tests.web.mailbox import Clock, Inbox, links_of

HOUR = 3600.0
DAY = 24 * HOUR
PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]


def app_client(db: Path, clock: Clock, **extra: Any) -> TestClient:
    settings = WebSettings(
        db_url=f"sqlite:///{db}",
        bot_delay=0.0,
        timeout_bot="random",
        sweep_seconds=0.05,
        public_url="https://games.example",
        **extra,
    )
    return TestClient(create_app(settings, clock=clock))


def make_table(client: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"game": "buy-low-sell-high", "players": 2, "seats": PEOPLE, "seed": 11, **extra}
    res = client.post("/api/tables", json=body)
    assert res.status_code == 201, res.text
    return dict(res.json())


def make_person(client: TestClient, name: str, lang: str = "en") -> str:
    res = client.post("/api/people", json={"name": name, "lang": lang})
    assert res.status_code == 201, res.text
    reply = res.json()
    assert reply["link"] == f"/me#key={reply['key']}" and reply["person"]["name"] == name
    return str(reply["key"])


def claim(client: TestClient, key: str | None, table: dict[str, Any], seat: int) -> dict[str, Any]:
    token = table["seats"][seat]["token"]
    body = {"table": table["id"], "token": token, **({"key": key} if key else {})}
    res = client.post("/api/me/claim", json=body)
    assert res.status_code == 200, res.text
    return dict(res.json())


def page(client: TestClient, key: str, lang: str = "en") -> dict[str, Any]:
    res = client.post("/api/me", json={"key": key, "lang": lang})
    assert res.status_code == 200, res.text
    return dict(res.json())


def view(client: TestClient, table: dict[str, Any], seat: int) -> dict[str, Any]:
    token = table["seats"][seat]["token"]
    return dict(client.get(f"/api/tables/{table['id']}", params={"token": token}).json())


def play_to_the_end(client: TestClient, table: dict[str, Any]) -> None:
    """Each person plays their first legal move until the game is over."""
    for _ in range(2000):
        payload = view(client, table, 0)
        if payload["over"]:
            return
        seat = payload["to_move"]
        if seat is None or table["seats"][seat]["token"] is None:
            time.sleep(0.01)
            continue
        mine = view(client, table, seat)
        if not mine["legal"]:
            time.sleep(0.01)
            continue
        move = mine["legal"][0]["notation"]
        body = {"token": table["seats"][seat]["token"], "action": move, "seq": mine["seq"]}
        client.post(f"/api/tables/{table['id']}/moves", json=body)
    raise AssertionError("the game did not end")


def test_a_person_saves_seats_and_sees_whose_turn_it_is(tmp_path: Path) -> None:
    clock = Clock()
    with app_client(tmp_path / "me.db", clock) as client:
        ann = make_person(client, "Ann")
        waiting = make_table(client, pace="turn-based", move_hours=48)  # Ann's turn first
        other = make_table(client)
        claim(client, ann, other, 1)  # not her turn there
        claim(client, ann, waiting, 0)
        claim(client, ann, waiting, 0)  # again: nothing changes
        mine = page(client, ann, "zh-TW")
        assert [t["table"] for t in mine["tables"]] == [waiting["id"], other["id"]]
        first = mine["tables"][0]
        assert first["your_turn"] and first["left"] == "2 天" and first["pace"] == "turn-based"
        assert first["game_name"] == "傻瓜炒股"
        assert (
            first["link"] == f"/t/{waiting['id']}?token={waiting['seats'][0]['token']}&lang=zh-TW"
        )
        assert not mine["tables"][1]["your_turn"]
        assert mine["person"] == {
            "id": mine["person"]["id"],
            "name": "Ann",
            "lang": "en",
            "email": None,
            "mails": "each",
            "classroom": None,
            "email_confirmed": False,
            "public": False,
        }
        # another person cannot take Ann's seat; a spectator has no seat to save
        ben = make_person(client, "Ben")
        token = waiting["seats"][0]["token"]
        res = client.post(
            "/api/me/claim", json={"key": ben, "table": waiting["id"], "token": token}
        )
        assert (res.status_code, res.json()["rule"]) == (409, "claim-taken")
        res = client.post("/api/me", json={"key": "not-a-key", "lang": "zh-TW"})
        assert (res.status_code, res.json()["rule"]) == (403, "person-key")
        assert "連結" in res.json()["explain"]
        # no key: the seat makes a person of its own, named as the seat
        made = claim(client, None, other, 0)
        assert made["person"]["name"] == "Ann" and made["link"] == f"/me#key={made['key']}"


def test_ratings_come_from_finished_games_against_people_and_bots_apart(tmp_path: Path) -> None:
    clock = Clock()
    with app_client(tmp_path / "ratings.db", clock) as client:
        ann, ben = make_person(client, "Ann"), make_person(client, "Ben")
        for seed in (1, 2):
            table = make_table(client, seed=seed)
            claim(client, ann, table, 0)
            claim(client, ben, table, 1)
            play_to_the_end(client, table)
        bots = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
        table = make_table(client, seats=bots, seed=3)
        claim(client, ann, table, 0)
        play_to_the_end(client, table)
        mine = page(client, ann)
        (rating,) = mine["ratings"]
        assert rating["game"] == "buy-low-sell-high"
        assert rating["people"]["games"] == 2 and rating["bots"]["games"] == 1
        assert 0 <= rating["people"]["wins"] <= 2
        assert len(mine["finished"]) == 3 and all(f["place"] in (1, 2) for f in mine["finished"])
        record = client.get(mine["finished"][0]["record"]).json()
        assert record["game"] == "buy-low-sell-high" and record["scores"]
        ben_page = page(client, ben)
        assert ben_page["ratings"][0]["bots"] is None  # Ben never played a bot
        wins = rating["people"]["wins"] + ben_page["ratings"][0]["people"]["wins"]
        assert wins >= 2  # every game has a winner (a tie: both)
        # ratings are shown to others only as the person allows
        person_id = mine["person"]["id"]
        assert client.get(f"/api/people/{person_id}").status_code == 404
        res = client.patch("/api/me", json={"key": ann, "public": True})
        assert res.status_code == 200 and res.json()["person"]["public"] is True
        shown = client.get(f"/api/people/{person_id}").json()
        assert shown["person"] == {"id": person_id, "name": "Ann"}
        assert shown["ratings"] == mine["ratings"]


def test_a_classroom_keeps_its_people_inside(tmp_path: Path) -> None:
    clock = Clock()
    with app_client(tmp_path / "room.db", clock) as client:
        body = {
            "game": "buy-low-sell-high",
            "players": 2,
            "tables": 1,
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "pace": "turn-based",
            "move_hours": 12,
        }
        room = client.post("/api/classrooms", json=body).json()
        link = room["tables"][0]["seats"][0]["link"]
        table_id = urlsplit(link).path.rsplit("/", 1)[1]
        token = dict(part.split("=") for part in urlsplit(link).query.split("&"))["token"]
        outsider = make_person(client, "Out")
        res = client.post(
            "/api/me/claim", json={"key": outsider, "table": table_id, "token": token}
        )
        assert (res.status_code, res.json()["rule"]) == (403, "claim-classroom")
        made = client.post("/api/me/claim", json={"table": table_id, "token": token}).json()
        student = made["key"]
        assert made["person"]["classroom"] == room["id"]
        mine = page(client, student)
        assert mine["tables"][0]["pace"] == "turn-based" and mine["tables"][0]["left"] == "12 hours"
        res = client.patch("/api/me", json={"key": student, "public": True, "lang": "zh-TW"})
        assert (res.status_code, res.json()["rule"]) == (403, "public-classroom")
        assert "教室" in res.json()["explain"]
        outside = make_table(client)
        token = outside["seats"][0]["token"]
        res = client.post(
            "/api/me/claim", json={"key": student, "table": outside["id"], "token": token}
        )
        assert (res.status_code, res.json()["rule"]) == (403, "claim-outside")


def test_turn_mails_through_a_real_smtp_server(tmp_path: Path, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox
    clock = Clock()
    with app_client(tmp_path / "mail.db", clock, smtp_url=f"smtp://127.0.0.1:{port}") as client:
        ann, ben = make_person(client, "Ann"), make_person(client, "Ben", "zh-TW")
        table = make_table(client, pace="turn-based", move_hours=24)
        claim(client, ann, table, 0)
        claim(client, ben, table, 1)
        res = client.patch("/api/me", json={"key": ben, "email": "ben@example.org"})
        assert res.json()["confirmation_sent"] is True
        (confirm,) = handler.wait(1)
        assert confirm["To"] == "ben@example.org" and "Bazaar" in confirm["Subject"]
        (confirm_link,) = links_of(confirm)
        answer = client.get(confirm_link.removeprefix("https://games.example"))
        assert answer.status_code == 200 and "ben@example.org" in answer.text
        assert page(client, ben)["person"]["email_confirmed"] is True

        # Ann moves: Ben's turn begins, and he is mailed once, in his language
        payload = view(client, table, 0)
        while payload["to_move"] == 0:
            body = {"token": table["seats"][0]["token"], "action": payload["legal"][0]["notation"]}
            client.post(f"/api/tables/{table['id']}/moves", json={**body, "seq": payload["seq"]})
            payload = view(client, table, 0)
        mails = handler.wait(2)
        turn = mails[1]
        assert turn["To"] == "ben@example.org" and turn["Subject"] == "輪到你了：傻瓜炒股（Bazaar）"
        seat_link, stop_link = links_of(turn)
        assert seat_link == (
            f"https://games.example/t/{table['id']}?token={table['seats'][1]['token']}&lang=zh-TW"
        )
        assert turn["List-Unsubscribe"] == f"<{stop_link}>"
        text = turn.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        assert "1 天" in text and table["seats"][0]["token"] not in text
        view(client, table, 1)  # the same turn again: no second mail
        time.sleep(0.3)
        assert len(handler.mails) == 2

        # one click stops the mails; his next turns are not mailed
        stopped = client.get(stop_link.removeprefix("https://games.example"))
        assert stopped.status_code == 200 and "ben@example.org" in stopped.text
        assert page(client, ben)["person"]["mails"] == "off"


def test_a_daily_digest_lists_the_tables_waiting(tmp_path: Path, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox
    clock = Clock()
    url = f"smtp://127.0.0.1:{port}"
    with app_client(tmp_path / "digest.db", clock, smtp_url=url, digest_seconds=0.05) as client:
        ann = make_person(client, "Ann")
        tables = [make_table(client, pace="turn-based", move_hours=72, seed=s) for s in (1, 2)]
        for table in tables:
            claim(client, ann, table, 0)
        client.patch("/api/me", json={"key": ann, "email": "ann@example.org", "mails": "digest"})
        (confirm,) = handler.wait(1)
        client.get(links_of(confirm)[0].removeprefix("https://games.example"))  # digests begin
        digest = handler.wait(2)[1]
        assert digest["Subject"] == "Games waiting for your move (Bazaar)"
        text = digest.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        assert text.count("Buy Low Sell High: 3 days left") == 2
        time.sleep(0.3)
        assert len(handler.mails) == 2  # one a day
        clock.now += DAY + 1
        assert "Games waiting" in handler.wait(3)[2]["Subject"]
