"""Talk at the table over HTTP and WebSockets (docs/web.md, "Talk at the table"): chat lines
and quick reactions reach every viewer, refusals name the rule in both languages, the host's
switch, persistence across a restart, and the rematch's one table with a new seat each."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from bazaar.web.chat import MAX_CHAT, RATE_LINES, RATE_SECONDS
from bazaar.web.hub import Hub, WebError
from bazaar.web.store import Store
from tests.web.server import Server

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of this module's own: the persistence test restarts it."""
    srv = Server(tmp_path_factory.mktemp("chat") / "chat.db").start()
    yield srv
    srv.stop()


def new_table(server: Server, **extra: Any) -> dict[str, Any]:
    body = {"game": "take-stock", "players": 3, "seats": SEATS, **extra}
    res = httpx.post(server.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    out: dict[str, Any] = res.json()
    out["tokens"] = [s["token"] for s in out["seats"]]
    return out


def post(server: Server, table: str, what: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.url}/api/tables/{table}/{what}", json=body)


def open_socket(server: Server, table: str, token: str | None, lang: str = "en") -> Any:
    query = f"?lang={lang}" + (f"&token={token}" if token else "")
    return connect(f"{server.ws_url}/ws/tables/{table}{query}", open_timeout=30)


def until(ws: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The next message ``wanted`` takes (others are skipped)."""
    while True:
        msg = json.loads(ws.recv(timeout=30))
        if wanted(msg):
            return msg


def chat_of(msg: dict[str, Any]) -> bool:
    return msg["type"] == "chat"


def test_lines_and_reactions_reach_every_viewer_live(server: Server) -> None:
    table = new_table(server)
    tid, tokens = table["id"], table["tokens"]
    with (
        open_socket(server, tid, tokens[0]) as ann,
        open_socket(server, tid, tokens[1], "zh-TW") as bob,
        open_socket(server, tid, None) as watcher,
    ):
        for ws in (ann, bob, watcher):  # nobody has talked yet: the payload alone
            assert until(ws, lambda m: m["type"] != "error")["type"] == "state"
        ann.send(json.dumps({"type": "chat", "text": "  hello <b>Bob</b>  "}))
        said = [until(ws, chat_of) for ws in (ann, bob, watcher)]
        assert said[0] == said[1] == said[2] and not said[0]["history"]
        line = said[0]["lines"][0]
        assert (line["seat"], line["name"], line["kind"]) == (0, "Ann", "text")
        assert line["text"] == "hello <b>Bob</b>"  # trimmed, kept as text (pages escape it)
        res = post(
            server, tid, "chat", {"token": tokens[1], "text": "good-game", "kind": "reaction"}
        )
        assert res.status_code == 200, res.text
        reacted = [until(ws, chat_of)["lines"][0] for ws in (ann, bob, watcher)]
        assert reacted[0] == reacted[1] == reacted[2]
        assert (reacted[0]["seat"], reacted[0]["name"], reacted[0]["kind"]) == (1, "", "reaction")
        assert reacted[0]["text"] == "good-game"  # the id: each page says it in its language
        # spectators read but do not write: refused on that socket only, in its language
        zh = open_socket(server, tid, None, "zh-TW")
        with zh:
            history = until(zh, chat_of)
            assert history["history"] and [x["id"] for x in history["lines"]] == [
                line["id"],
                reacted[0]["id"],
            ]
            zh.send(json.dumps({"type": "chat", "text": "hi"}))
            refused = until(zh, lambda m: m["type"] == "error")
            assert (refused["code"], refused["rule"]) == ("chat", "chat-watcher")
            assert refused["explain"] == "只有入座的玩家可以在聊天室發言"
    res = httpx.get(f"{server.url}/api/tables/{tid}/chat")
    assert res.json() == {"on": True, "lines": [line, reacted[0]]}


@pytest.mark.parametrize(
    ("text", "rule", "english", "chinese"),
    [
        ("x" * (MAX_CHAT + 1), "chat-long", "at most 200 characters, not 201", "最多 200 個字"),
        ("hi\nthere", "chat-char", "the character U+000A", "U+000A"),
        ("evil\u202ename", "chat-char", "the character U+202E", "U+202E"),
        ("   ", "chat-empty", "may not be empty", "不能是空的"),
        ("\u200b\ufeff", "chat-invisible", "at least one visible character", "看得見的字"),
    ],
)
def test_refused_text_names_the_rule_in_both_languages(
    server: Server, text: str, rule: str, english: str, chinese: str
) -> None:
    table = new_table(server)
    for lang, words in (("en", english), ("zh-TW", chinese)):
        body = {"token": table["tokens"][0], "text": text, "lang": lang}
        res = post(server, table["id"], "chat", body)
        assert res.status_code == 422, res.text
        reply = res.json()
        assert (reply["code"], reply["rule"]) == ("chat", rule)
        assert english in reply["error"] and words in reply["explain"]
    lines = httpx.get(f"{server.url}/api/tables/{table['id']}/chat").json()["lines"]
    assert lines == []  # nothing stored


def test_other_refusals(server: Server) -> None:
    table = new_table(server)
    tid, tokens = table["id"], table["tokens"]
    ok = post(server, tid, "chat", {"token": tokens[0], "text": "x" * MAX_CHAT})
    assert ok.status_code == 200  # exactly 200 characters pass
    res = post(server, tid, "chat", {"token": tokens[0], "text": "wave", "kind": "reaction"})
    assert (res.status_code, res.json()["rule"]) == (422, "chat-reaction")
    res = post(server, tid, "chat", {"token": "not-a-seat", "text": "hi"})
    assert (res.status_code, res.json()["code"]) == (403, "token")
    res = post(server, tid, "chat", {"token": tokens[0], "text": 5})
    assert (res.status_code, res.json()["code"]) == (422, "field")


def test_a_seat_writing_too_fast_is_told_when_to_try_again(server: Server) -> None:
    table = new_table(server)
    for n in range(RATE_LINES):
        res = post(server, table["id"], "chat", {"token": table["tokens"][1], "text": f"m{n}"})
        assert res.status_code == 200, res.text
    body = {"token": table["tokens"][1], "text": "one more", "lang": "zh-TW"}
    res = post(server, table["id"], "chat", body)
    assert res.status_code == 429 and 1 <= int(res.headers["Retry-After"]) <= RATE_SECONDS
    reply = res.json()
    assert (
        reply["rule"] == "chat-rate"
        and "at most 5 messages in 10 s; try again in" in reply["error"]
    )
    assert f"{res.headers['Retry-After']} 秒後再試" in reply["explain"]
    res = post(server, table["id"], "chat", {"token": table["tokens"][0], "text": "mine"})
    assert res.status_code == 200  # another seat's pace is its own


def test_the_pace_in_process_and_a_bot_seat_refused(tmp_path: Path) -> None:
    """With a clock of our own: the sixth line in 10 s is refused, the window slides; a bot's
    seat (no token reaches it over the network) is refused by the hub too."""
    now = [1000.0]

    async def scenario() -> None:
        hub = Hub(
            Store(f"sqlite:///{tmp_path / 'pace.db'}"),
            executor=ThreadPoolExecutor(1),
            clock=lambda: now[0],
        )
        table_id, _ = await hub.keeper.create("take-stock", 3, SEATS, {}, "en", seed=3)
        table = await hub.keeper.get(table_id)
        for n in range(RATE_LINES):
            await hub.chat.write(table, 0, "text", f"line {n}")
            now[0] += 1.0
        with pytest.raises(WebError) as refused:
            await hub.chat.write(table, 0, "text", "too soon")
        assert refused.value.rule == "chat-rate" and refused.value.retry_after == 5
        now[0] += 5.0  # the first line is 10 s old now
        await hub.chat.write(table, 0, "text", "now")
        with pytest.raises(WebError) as bot:
            await hub.chat.write(table, 2, "reaction", "thanks")
        assert (bot.value.status, bot.value.rule) == (403, "chat-bot")
        assert bot.value.explain["zh-TW"] == "電腦玩家的座位不能在聊天室發言"
        assert [line["text"] for line in table.chat_lines][-1] == "now"
        await hub.close()

    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, scenario()).result()


def test_the_host_turns_the_chat_off_and_on(server: Server) -> None:
    table = new_table(server)
    tid, tokens = table["id"], table["tokens"]
    res = post(server, tid, "chat/switch", {"token": tokens[1], "on": False, "lang": "zh-TW"})
    assert (res.status_code, res.json()["rule"]) == (403, "chat-not-host")
    assert "主持人" in res.json()["explain"]
    with open_socket(server, tid, tokens[1]) as bob:
        until(bob, lambda m: m["type"] == "state")
        res = post(server, tid, "chat/switch", {"token": tokens[0], "on": False})
        assert res.status_code == 200
        told = until(bob, lambda m: m["type"] == "state" and not m["chat"]["on"])
        assert told["chat"] == {"on": False, "host": False}
        bob.send(json.dumps({"type": "chat", "text": "hello?"}))
        refused = until(bob, lambda m: m["type"] == "error")
        assert (refused["code"], refused["rule"]) == ("chat", "chat-off")
    host = httpx.get(f"{server.url}/api/tables/{tid}", params={"token": tokens[0]}).json()
    assert host["chat"] == {"on": False, "host": True}
    watcher = httpx.get(f"{server.url}/api/tables/{tid}").json()
    assert watcher["chat"] == {"on": False, "host": False}
    assert post(server, tid, "chat/switch", {"token": tokens[0], "on": True}).status_code == 200
    assert post(server, tid, "chat", {"token": tokens[1], "text": "back"}).status_code == 200


def finish(server: Server, table: dict[str, Any]) -> None:
    """Play the table to its end: each person's first legal move (the bot plays its own)."""
    tid, tokens = table["id"], table["tokens"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        seen = httpx.get(f"{server.url}/api/tables/{tid}").json()
        if seen["over"]:
            return
        seat = seen["to_move"]
        if tokens[seat] is None:
            time.sleep(0.02)  # the bot's turn
            continue
        mine = httpx.get(f"{server.url}/api/tables/{tid}", params={"token": tokens[seat]}).json()
        if mine["to_move"] != seat or not mine["legal"]:
            continue
        move = {"token": tokens[seat], "action": mine["legal"][0]["action"], "seq": mine["seq"]}
        post(server, tid, "moves", move)
    raise AssertionError("the game did not end")


def test_a_rematch_is_one_new_table_with_a_new_seat_for_each(server: Server) -> None:
    table = new_table(server, seed=77, turn_minutes=5)
    tid, tokens = table["id"], table["tokens"]
    res = post(server, tid, "rematch", {"token": tokens[0], "lang": "zh-TW"})
    assert (res.status_code, res.json()["rule"]) == (409, "rematch-not-over")
    assert res.json()["explain"] == "遊戲結束後才能要求再玩一局"
    finish(server, table)
    res = post(server, tid, "rematch", {"token": "nobody"})
    assert (res.status_code, res.json()["code"]) == (403, "token")
    with open_socket(server, tid, None) as watcher, open_socket(server, tid, tokens[1]) as bob:
        watcher.send(json.dumps({"type": "rematch"}))
        refused = until(watcher, lambda m: m["type"] == "error")
        assert (refused["code"], refused["rule"]) == ("rematch", "rematch-watcher")
        first = post(server, tid, "rematch", {"token": tokens[0]})
        assert first.status_code == 200, first.text
        ann = first.json()
        again = post(server, tid, "rematch", {"token": tokens[0]}).json()
        assert again == ann  # a second click: the same table, the same token
        new = ann["table"]
        assert (
            new != tid
            and ann["seat"] == 0
            and ann["link"].endswith(f"/t/{new}?token={ann['token']}&lang=en")
        )
        seen = until(watcher, lambda m: m["type"] == "state" and m["rematch"] is not None)
        assert seen["rematch"] == {"table": new, "by": 0, "watch": f"/t/{new}"}
        assert "token" not in json.dumps(seen["rematch"])  # nothing private for watchers
        bob.send(json.dumps({"type": "rematch"}))
        mine = until(bob, lambda m: m["type"] == "rematch")
        assert mine["table"] == new and mine["seat"] == 1
        assert mine["token"] not in (ann["token"], tokens[1])
    # each new token opens its own seat there; the old tokens open nothing
    for seat, token in ((0, ann["token"]), (1, mine["token"])):
        view = httpx.get(f"{server.url}/api/tables/{new}", params={"token": token}).json()
        # a new game: only the bot (seat 3) may have moved yet, if the new deal made it first
        assert view["seat"] == seat and not view["over"]
        assert {entry["seat"] for entry in view["log"]} <= {2}, view["log"]
    res = httpx.get(f"{server.url}/api/tables/{new}", params={"token": tokens[0]})
    assert res.status_code == 403
    listed = {t["id"]: t for t in httpx.get(server.url + "/api/tables").json()["tables"]}
    old, fresh = listed[tid], listed[new]
    assert [(s["name"], s["kind"], s["bot"]) for s in fresh["seats"]] == [
        ("Ann", "human", None),
        ("", "human", None),
        ("", "bot", "random"),
    ]
    assert (fresh["game"], fresh["players"], fresh["turn_minutes"]) == ("take-stock", 3, 5)
    assert fresh["deal"]["fixed"] is False and fresh["deal"]["seed"] is None  # a new, secret deal
    assert fresh["deal"]["commitment"] != old["deal"]["commitment"]
    assert (
        sum(
            t["id"] not in (tid,)
            and t["game"] == "take-stock"
            and t["created"] > old["created"]
            and t["seats"][0]["name"] == "Ann"
            and t["turn_minutes"] == 5
            for t in listed.values()
        )
        == 1
    )  # one rematch table, however many asked


def test_chat_and_its_switch_survive_a_restart(tmp_path: Path) -> None:
    srv = Server(tmp_path / "restart.db").start()
    try:
        table = new_table(srv)
        tid, tokens = table["id"], table["tokens"]
        for text in ("before", "the restart"):
            assert post(srv, tid, "chat", {"token": tokens[0], "text": text}).status_code == 200
        assert (
            post(
                srv, tid, "chat", {"token": tokens[1], "text": "thanks", "kind": "reaction"}
            ).status_code
            == 200
        )
        assert post(srv, tid, "chat/switch", {"token": tokens[0], "on": False}).status_code == 200
        srv.stop()
        srv.start()
        with open_socket(srv, tid, tokens[1]) as bob:
            state = until(bob, lambda m: m["type"] == "state")
            assert state["chat"] == {"on": False, "host": False}
            history = until(bob, chat_of)
        assert [(x["seat"], x["kind"], x["text"]) for x in history["lines"]] == [
            (0, "text", "before"),
            (0, "text", "the restart"),
            (1, "reaction", "thanks"),
        ]
    finally:
        srv.stop()


def test_a_classroom_table_chat_is_the_teachers_and_has_no_rematch(server: Server) -> None:
    body = {"game": "take-stock", "players": 2, "tables": 1, "seats": [{"kind": "human"}] * 2}
    room = httpx.post(server.url + "/api/classrooms", json=body).json()
    teacher, listed = room["token"], room["tables"][0]
    tid, student = listed["id"], listed["seats"][0]["token"]
    res = httpx.get(f"{server.url}/api/tables/{tid}/chat")
    assert (res.status_code, res.json()["code"]) == (403, "classroom")
    assert post(server, tid, "chat", {"token": student, "text": "hi"}).status_code == 200
    res = post(server, tid, "chat", {"token": teacher, "text": "hello class"})
    assert (res.status_code, res.json()["rule"]) == (403, "chat-watcher")
    res = post(server, tid, "chat/switch", {"token": student, "on": False})
    assert (res.status_code, res.json()["rule"]) == (403, "chat-not-host")
    assert post(server, tid, "chat/switch", {"token": teacher, "on": False}).status_code == 200
    read = httpx.get(f"{server.url}/api/tables/{tid}/chat", params={"token": teacher}).json()
    assert read["on"] is False and [x["text"] for x in read["lines"]] == ["hi"]
    res = post(server, tid, "rematch", {"token": student})
    assert (res.status_code, res.json()["rule"]) == (409, "rematch-classroom")
