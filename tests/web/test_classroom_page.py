"""The teacher's classroom page in headless Chromium, in English and in zh-TW (no English):
the tables with their invite links, a finished table's summary rows and the comparison of the
same cards, and the creation form (docs/web.md, "Classrooms")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.server import Server
from tests.web.test_zh_tw_pages import english_on

GAME = "take-stock"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, with a tiny analysis budget (the summary's "Find mistakes")."""
    srv = Server(
        tmp_path_factory.mktemp("db") / "bazaar.db",
        args=["--analysis-samples", "4"],
    ).start()
    yield srv
    srv.stop()


def finish(server: Server, table: dict[str, Any]) -> None:
    """Play a table of people to its end: always the first legal move of the seat to move."""
    with httpx.Client(base_url=server.url) as http:
        while True:
            seen = http.get(
                f"/api/tables/{table['id']}", params={"token": table["seats"][0]["token"]}
            )
            if seen.json()["over"]:
                return
            token = table["seats"][seen.json()["to_move"]]["token"]
            view = http.get(f"/api/tables/{table['id']}", params={"token": token}).json()
            move = {"token": token, "action": view["legal"][0]["notation"], "seq": view["seq"]}
            assert http.post(f"/api/tables/{table['id']}/moves", json=move).status_code == 200


def first_table_over(server: Server, deal: str) -> dict[str, Any]:
    """A classroom of two Take Stock tables of two people, ``deal`` "same" or "different";
    the first table is over."""
    body = {
        "game": GAME,
        "players": 2,
        "tables": 2,
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "deal": deal,
        "name": "五年甲班",
        "names": [["小明", "小華"], ["", ""]],
    }
    res = httpx.post(server.url + "/api/classrooms", json=body)
    assert res.status_code == 201, res.text
    made: dict[str, Any] = res.json()
    finish(server, made["tables"][0])
    return made


@pytest.fixture(scope="module")
def room(server: Server) -> dict[str, Any]:
    """A duplicate classroom: its first table is over, its deal still held by the second."""
    return first_table_over(server, "same")


@pytest.fixture(scope="module")
def different_room(server: Server) -> dict[str, Any]:
    """A classroom of different deals whose first table is over (nothing held)."""
    return first_table_over(server, "different")


def open_room(page: Any, server: Server, room: dict[str, Any], lang: str) -> None:
    page.goto(f"{server.url}/c/{room['id']}?token={room['token']}&lang={lang}")
    page.wait_for_selector("#tables-list tbody tr >> nth=1")
    page.wait_for_selector(".summary-row >> nth=1")


HELD = {
    "en": "Same cards as tables still playing: this table's analysis, record and puzzles are "
    "shown once every table is over.",
    "zh-TW": "和還在玩的桌子拿到一樣的牌：等每一桌都結束後，才會顯示這一桌的分析、棋譜和謎題。",
}


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Summary per player", "Same cards, compared", "finished", "Analysis and replay"]),
        ("zh-TW", ["每位玩家的總結", "同樣的牌，比一比", "已結束", "分析與重播"]),
    ],
)
def test_the_teacher_page_lists_tables_links_and_summary(
    page: Any, server: Server, room: dict[str, Any], lang: str, words: list[str]
) -> None:
    open_room(page, server, room, lang)
    links = page.eval_on_selector_all("a.seat-link", "els => els.map(e => e.href)")
    expected = [
        s["link"].replace("lang=en", f"lang={lang}") for t in room["tables"] for s in t["seats"]
    ]
    assert links == expected
    assert page.locator("button[data-copy]").count() == 4
    rows = page.locator(".summary-row")
    assert rows.count() == 2  # the finished table's two players; the other is still playing
    assert rows.nth(0).get_attribute("data-table") == room["tables"][0]["id"]
    assert "小明" in rows.nth(0).inner_text() + rows.nth(1).inner_text()
    assert page.locator(".compare-row").count() == 2
    # the deal is still in play at the second table: no analysis, no puzzles yet, and why
    assert page.locator(".summary-row a.puzzles-link").count() == 0
    assert page.locator("button[data-analyse]").count() == 0
    assert rows.nth(0).inner_text().count(HELD[lang]) == 1
    watch = page.eval_on_selector_all("#tables-list a:not(.seat-link)", "l => l.map(e => e.href)")
    assert watch == [
        f"{server.url}/t/{t['id']}?token={room['token']}&lang={lang}" for t in room["tables"]
    ]
    body = page.inner_text("body")
    assert all(w in body for w in words)
    assert page.inner_text("#room-title") == "五年甲班"
    if lang == "zh-TW":
        assert english_on(page, GAME) == [], "English on the zh-TW classroom page"


def test_the_creation_form_makes_a_classroom(page: Any, server: Server) -> None:
    page.goto(f"{server.url}/c/new?lang=zh-TW")
    page.wait_for_selector("#game option", state="attached")
    assert english_on(page, GAME) == []
    page.select_option("#game", GAME)
    page.select_option("#players", "2")
    page.fill("#tables", "3")
    page.select_option("#deal", "different")
    page.click("#create")
    page.wait_for_selector("#tables-list tbody tr >> nth=2")
    assert page.locator("a.seat-link").count() == 6
    assert "/c/" in page.url and "token=" in page.url
    assert english_on(page, GAME) == []


@pytest.mark.parametrize(
    ("lang", "move", "none"),
    [("en", "move {n}", "No mistakes found."), ("zh-TW", "第 {n} 步", "沒有找到失誤。")],
)
def test_find_mistakes_shows_the_analysis_top_mistakes_in_words(
    page: Any, server: Server, different_room: dict[str, Any], lang: str, move: str, none: str
) -> None:
    room = different_room
    page.goto(f"{server.url}/c/{room['id']}?token={room['token']}&lang={lang}")
    page.wait_for_selector(".summary-row >> nth=1")
    # a teacher's puzzles from each finished table (docs/puzzles.md), with the teacher token
    hrefs = page.eval_on_selector_all(".summary-row a.puzzles-link", "l => l.map(e => e.href)")
    table = room["tables"][0]
    first = f"{server.url}/puzzles/table/{table['id']}?lang={lang}&token={room['token']}"
    assert hrefs == [first] * 2
    row = page.locator(f".summary-row[data-table='{table['id']}'][data-seat='0']")
    row.locator("button[data-analyse]").click()
    # polled (202 with progress) until worked out: then its mistakes or "none found"
    page.wait_for_function(
        f"(() => {{ const r = document.querySelector(\".summary-row[data-table='{table['id']}']"
        f"[data-seat='0']\"); return r && !r.querySelector('button[data-analyse]')"
        " && !/…/.test(r.innerText); })()",
        timeout=60_000,
    )
    shown = row.inner_text()
    res = httpx.get(
        f"{server.url}/api/tables/{table['id']}/analysis",
        params={"token": table["seats"][0]["token"], "lang": lang},
        timeout=30,
    )
    assert res.status_code == 200  # stored: the page's request worked it out
    top = [d for d in res.json()["mistakes"] if d["loss"] > 0][:3]
    if not top:
        assert none in shown
    for d in top:
        assert f"{move.format(n=d['index'])} {d['played_text']} → {d['best_text']}" in shown
    if lang == "zh-TW":
        assert english_on(page, GAME) == [], "English on the zh-TW classroom page"
