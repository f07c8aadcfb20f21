"""The JSON API against a real running server: tables, moves, errors, races, restarts."""

from __future__ import annotations

import concurrent.futures
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bazaar.core.registry import get_game
from tests.web.databases import stored_moves
from tests.web.server import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of the module's own: a test here times the answers while a hard bot searches,
    so no other module's tables may share the server. Its hints search at the easy level (the
    hint test checks their form, words and intervals, not their strength)."""
    srv = Server(tmp_path_factory.mktemp("db") / "bazaar.db", args=["--hint-level", "easy"])
    yield srv.start()
    srv.stop()


HUMANS_3 = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "human"}]


def create(server: Server, **body: Any) -> dict[str, Any]:
    payload = {"game": "buy-low-sell-high", "players": 3, "seats": HUMANS_3, "seed": 7, **body}
    res = httpx.post(server.url + "/api/tables", json=payload)
    assert res.status_code == 201, res.text
    return res.json()


def view(server: Server, table: str, token: str | None = None, lang: str = "en") -> Any:
    params = {"lang": lang, **({"token": token} if token else {})}
    res = httpx.get(f"{server.url}/api/tables/{table}", params=params)
    assert res.status_code == 200, res.text
    return res.json()


def move(server: Server, table: str, token: str, action: Any, seq: Any) -> httpx.Response:
    return httpx.post(
        f"{server.url}/api/tables/{table}/moves",
        json={"token": token, "action": action, "seq": seq},
    )


def test_pages_docs_and_schema(server: Server) -> None:
    lobby = httpx.get(server.url + "/")
    assert lobby.status_code == 200 and "Bazaar" in lobby.text
    assert httpx.get(server.url + "/docs").status_code == 200
    schema = httpx.get(server.url + "/openapi.json").json()
    assert "/api/tables" in schema["paths"]
    assert "/api/tables/{table_id}/moves" in schema["paths"]
    assert httpx.get(server.url + "/t/anything").status_code == 200


def test_games_rules_and_strings(server: Server) -> None:
    games = httpx.get(server.url + "/api/games").json()
    assert [g["id"] for g in games["games"]] == [
        "buy-low-sell-high",
        "take-stock",
        "night-market",
    ]
    assert "ismcts:hard" in games["bots"]
    zh = httpx.get(server.url + "/api/games/take-stock/rules", params={"lang": "zh-TW"})
    en = httpx.get(server.url + "/api/games/take-stock/rules", params={"lang": "en"})
    assert "股" in zh.text and "Take Stock" in en.text
    html = httpx.get(
        server.url + "/api/games/night-market/rules", params={"lang": "zh-TW", "format": "html"}
    )
    assert html.headers["content-type"].startswith("text/html")
    assert html.text.startswith("<h1>") and "<li>" in html.text and "夜市" in html.text
    strings = httpx.get(server.url + "/api/i18n/zh-TW").json()
    assert strings["Your turn."] == "輪到你了。"
    assert httpx.get(server.url + "/api/i18n/en").json() == {}
    missing = httpx.get(server.url + "/api/games/chess/rules")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown-game"
    assert httpx.get(server.url + "/api/i18n/xx").status_code == 400


def test_each_board_has_its_own_words(server: Server) -> None:
    """/api/games/<game>/i18n/<lang>: the board's catalog (board.po in the game's folder)."""
    words = httpx.get(server.url + "/api/games/buy-low-sell-high/i18n/zh-TW").json()
    assert words["bull"] == "牛市" and "Your turn." not in words  # a page word is not repeated
    night = httpx.get(server.url + "/api/games/night-market/i18n/zh").json()
    assert night["Loans"] == "貸款" and "bull" not in night
    assert httpx.get(server.url + "/api/games/take-stock/i18n/en").json() == {}
    missing = httpx.get(server.url + "/api/games/chess/i18n/zh-TW")
    assert (missing.status_code, missing.json()["code"]) == (404, "unknown-game")
    bad = httpx.get(server.url + "/api/games/take-stock/i18n/xx")
    assert (bad.status_code, bad.json()["code"]) == (400, "lang")


def table_ids(server: Server) -> list[str]:
    """The ids of the server's newest tables (the lobby's list), newest first."""
    return [t["id"] for t in httpx.get(server.url + "/api/tables").json()["tables"]]


def test_create_gives_a_token_per_human_seat(server: Server) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}]
    res = create(server, seats=seats)
    tokens = [s["token"] for s in res["seats"]]
    assert tokens[1] is None and tokens[0] and tokens[2] and tokens[0] != tokens[2]
    assert res["seats"][0]["link"].endswith(f"/t/{res['id']}?token={tokens[0]}&lang=en")
    assert res["spectator"].endswith(f"/t/{res['id']}?lang=en")
    listed = httpx.get(server.url + "/api/tables").json()["tables"]
    mine = next(t for t in listed if t["id"] == res["id"])
    assert [s["kind"] for s in mine["seats"]] == ["human", "bot", "human"]
    assert "token" not in str(listed) and tokens[0] not in str(listed)


def test_each_seat_sees_its_own_view(server: Server) -> None:
    res = create(server)
    state = get_game("buy-low-sell-high").new(3, 7)
    for seat, info in enumerate(res["seats"]):
        payload = view(server, res["id"], info["token"])
        assert payload["seat"] == seat
        assert payload["view"] == state.view(seat)
    public = view(server, res["id"])
    assert public["seat"] is None and public["legal"] == []
    assert public["view"] == state.view(None)


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"game": "chess"}, 404, "unknown-game", "chess"),
        ({"players": 9}, 422, "field", "players"),
        ({"players": 5, "seats": HUMANS_3 + HUMANS_3[:2]}, 400, "options", "2-4 players"),
        ({"seats": HUMANS_3[:2]}, 400, "seats", "3 players need 3 seats"),
        ({"options": {"first_lap_limits": "maybe"}}, 400, "options", "first_lap_limits"),
        ({"options": {"no_such_rule": 1}}, 400, "options", "no_such_rule"),
        (
            {"seats": [*HUMANS_3[:2], {"kind": "bot", "bot": "genius"}]},
            400,
            "bot",
            "genius",
        ),
        ({"lang": "klingon"}, 400, "lang", "klingon"),
        ({"colour": "red"}, 422, "field", "colour"),
    ],
)
def test_bad_tables_are_refused_clearly(
    server: Server, body: dict[str, Any], status: int, code: str, words: str
) -> None:
    payload = {"game": "buy-low-sell-high", "players": 3, "seats": HUMANS_3, **body}
    before = table_ids(server)
    res = httpx.post(server.url + "/api/tables", json=payload)
    assert res.status_code == status, res.text
    assert res.json()["code"] == code
    assert words in res.json()["error"]
    assert table_ids(server) == before  # no new table (it would head the list, newest first)


def test_a_legal_move_lands_and_advances(server: Server) -> None:
    res = create(server)
    token = res["seats"][0]["token"]
    first = view(server, res["id"], token)
    legal = [m["notation"] for m in first["legal"]]
    assert legal == ["-K0", "-K1", "-K2", "+K2", "+K1", "+K0"]
    reply = move(server, res["id"], token, "+K1", 0)
    assert reply.status_code == 200 and reply.json() == {"ok": True, "seq": 1}
    after = view(server, res["id"], token)
    assert after["seq"] == 1
    assert after["view"]["holdings"][0] == [1, 2, 1]
    assert after["log"][0]["notation"] == "+K1"
    assert after["log"][0]["lines"][0] == "Ann buys 1 green (paid $16)"


def _bad_moves(token: str, other: str) -> list[tuple[Any, int, str, str]]:
    """(request body, status, code, words in the error) for moves that must be refused."""
    return [
        ({"token": token, "action": "fly K9", "seq": 0}, 422, "illegal", "not a move"),
        ({"token": token, "action": "pass", "seq": 0}, 422, "illegal", "first-lap"),
        ({"token": token, "action": 99999, "seq": 0}, 422, "illegal", "not an action"),
        ({"token": token, "action": "+K1", "seq": 5}, 409, "stale", "move 5"),
        ({"token": other, "action": "+K1", "seq": 0}, 409, "turn", "seat 0's turn"),
        ({"token": "forged", "action": "+K1", "seq": 0}, 403, "token", "token"),
        ({"token": token, "action": "+K1"}, 422, "field", "seq"),
        ({"token": token, "action": ["+K1"], "seq": 0}, 422, "field", "action"),
        ([1, 2], 422, "field", "body"),
    ]


def test_bad_moves_get_a_clear_4xx_and_change_nothing(server: Server) -> None:
    res = create(server)
    token, other = res["seats"][0]["token"], res["seats"][1]["token"]
    before = [view(server, res["id"], s["token"]) for s in res["seats"]]
    url = f"{server.url}/api/tables/{res['id']}/moves"
    for body, status, code, words in _bad_moves(token, other):
        reply = httpx.post(url, json=body)
        assert reply.status_code == status, (body, reply.text)
        assert reply.json()["code"] == code, (body, reply.text)
        assert words in reply.json()["error"], (body, reply.text)
    illegal = httpx.post(url, json={"token": token, "action": "pass", "seq": 0}).json()
    assert illegal["rule"] == "first-lap" and illegal["explain"] == illegal["error"]
    body = {"token": token, "action": "pass", "seq": 0, "lang": "zh-TW"}
    zh = httpx.post(url, json=body).json()
    assert zh["error"] == illegal["error"]  # the error stays English for API clients
    assert zh["explain"] == (
        "第1年首輪限制(§4.6)：不能做 'pass'；第1年起始玩家的第一個行動回合只能買進1張或賣出1張股票"
    )
    body = {"token": token, "action": 99999, "seq": 0, "lang": "zh-TW"}
    assert httpx.post(url, json=body).json()["explain"] == (
        "99999 不是 buy-low-sell-high 的行動編號"
    )
    raw = [
        (b"{not json", "application/json", 400, "json"),
        (b"", "application/json", 422, "field"),
        (b"x" * 70_000, "application/json", 413, "size"),
    ]
    for content, kind, status, code in raw:
        reply = httpx.post(url, content=content, headers={"content-type": kind})
        assert reply.status_code == status, reply.text
        assert reply.json()["code"] == code
    assert httpx.get(f"{server.url}/api/tables/nope").status_code == 404
    assert httpx.post(f"{server.url}/api/tables/nope/moves", json=_bad_moves(token, other)[0][0])
    after = [view(server, res["id"], s["token"]) for s in res["seats"]]
    assert after == before


def test_unknown_table_and_bad_query(server: Server) -> None:
    res = httpx.get(f"{server.url}/api/tables/nope")
    assert res.status_code == 404
    assert res.json() == {"error": "there is no table 'nope'", "code": "unknown-table"}
    made = create(server)
    bad_lang = httpx.get(f"{server.url}/api/tables/{made['id']}", params={"lang": "xx"})
    assert bad_lang.status_code == 400 and "xx" in bad_lang.json()["error"]
    step = httpx.get(f"{server.url}/api/tables/{made['id']}/replay/5")
    assert step.status_code == 400 and "between 0 and 0" in step.json()["error"]
    record = httpx.get(f"{server.url}/api/tables/{made['id']}/record")
    assert record.status_code == 409 and record.json()["code"] == "not-over"


def test_racing_submissions_of_the_same_move_land_once(db_server: Server) -> None:
    server = db_server
    res = create(server)
    token = res["seats"][0]["token"]

    def submit(_: int) -> int:
        return move(server, res["id"], token, "+K1", 0).status_code

    with concurrent.futures.ThreadPoolExecutor(max_workers=12) as pool:
        codes = list(pool.map(submit, range(24)))
    assert codes.count(200) == 1
    assert set(codes) == {200, 409}
    payload = view(server, res["id"], token)
    assert payload["seq"] == 1 and payload["view"]["holdings"][0] == [1, 2, 1]
    assert stored_moves(server.db_url, res["id"]) == [(0, "+K1")]


def test_hint_and_replay(server: Server) -> None:
    res = create(server)
    token = res["seats"][0]["token"]
    assert move(server, res["id"], token, "+K1", 0).status_code == 200
    hint = httpx.get(
        f"{server.url}/api/tables/{res['id']}/hint",
        params={"token": token, "lang": "zh-TW"},
        timeout=30,
    )
    assert hint.status_code == 200, hint.text
    moves = hint.json()["moves"]
    legal = {m["notation"] for m in view(server, res["id"], token)["legal"]}
    assert moves and {m["notation"] for m in moves} <= legal
    assert "勝" in moves[0]["text"] or "唯一" in moves[0]["text"]
    for m in moves:  # the words in the asked language only; the interval; what it changes
        assert isinstance(m["move"], str) and m["text"].startswith(m["move"])
        assert m["win"] is None or m["win_low"] <= m["win"] <= m["win_high"]
        assert all(isinstance(c["text"], str) and "your" not in c["text"] for c in m["changes"])
    wrong = httpx.get(
        f"{server.url}/api/tables/{res['id']}/hint", params={"token": res["seats"][1]["token"]}
    )
    assert wrong.status_code == 409
    start = httpx.get(f"{server.url}/api/tables/{res['id']}/replay/0", params={"token": token})
    assert start.json()["view"]["holdings"][0] == [1, 1, 1]
    assert start.json()["replay"] == {"step": 0, "steps": 1} and start.json()["legal"] == []


def without_presence(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` without what a restart changes: since when each person is away, and
    whether the newest move may still be taken back."""
    seats = [{k: v for k, v in s.items() if k != "away"} for s in payload["seats"]]
    return {**{k: v for k, v in payload.items() if k != "undo"}, "seats": seats}


def test_restart_continues_the_game(db_url: str, tmp_path: Path) -> None:
    """Kill the server mid-game; a new server on the same database goes on exactly."""
    log = tmp_path / "restart.log"
    srv = Server(db_url, log=log).start()
    try:
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}]
        res = create(srv, seats=seats)
        token = res["seats"][0]["token"]
        assert move(srv, res["id"], token, "+K2", 0).status_code == 200
        before = view(srv, res["id"], token)
        card = before["legal"][0]["action"]
        assert move(srv, res["id"], token, card, before["seq"]).status_code == 200
        before = view(srv, res["id"], token)
        assert before["seq"] >= 2
    finally:
        srv.stop(kill=True)
    again = Server(db_url, log=log).start()
    try:
        after = view(again, res["id"], token)
        if after["seq"] == before["seq"]:  # all but when they left and the undo window
            assert without_presence(after) == without_presence(before)
            assert after["undo"] is False  # a restart ends the undo window
        # the bot (seat 1) may have moved before the kill; either way the history is kept
        assert after["log"][: len(before["log"])] == before["log"]
        state = get_game("buy-low-sell-high").new(3, 7)
        for entry in after["log"]:
            state.apply(state.parse(entry["notation"]))
        assert after["view"] == state.view(0)
        mover = after["to_move"]
        seat_token = res["seats"][mover]["token"]
        if seat_token is not None:
            mine = view(again, res["id"], seat_token)
            reply = move(again, res["id"], seat_token, mine["legal"][0]["action"], mine["seq"])
            assert reply.status_code == 200
    finally:
        again.stop()


def test_a_thinking_bot_does_not_block_the_server(server: Server) -> None:
    """While a hard bot searches (about a second a move), other requests are answered: several
    replies come back before the bot's move lands (an order, not a time: the latency itself
    is measured by benchmarks/server_load.py)."""
    seats = [{"kind": "bot", "bot": "ismcts:hard"}, {"kind": "human"}, {"kind": "human"}]
    res = create(server, seats=seats)
    assert view(server, res["id"])["to_move"] == 0  # loading the table wakes its bot
    answered_while_thinking = 0
    for _ in range(5):
        assert httpx.get(server.url + "/api/games").status_code == 200
        if view(server, res["id"])["seq"] == 0:
            answered_while_thinking += 1
    assert answered_while_thinking >= 3
    deadline = time.monotonic() + 60
    while view(server, res["id"])["seq"] == 0:
        assert time.monotonic() < deadline, "the bot never moved"
        time.sleep(0.2)
    assert view(server, res["id"])["log"][0]["seat"] == 0
