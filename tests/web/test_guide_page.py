"""The guided first game in headless Chromium, in English and zh-TW (docs/guide.md): the
lobby's "Learn to play" opens the guided table, the guide panel explains the decision and
suggests a move, "Play the suggestion" plays it, "Leave the guide" hides the panel."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.server import Server
from tests.web.test_zh_tw_pages import english_on

GAME = "buy-low-sell-high"
#: lang -> (the first decision's words, the suggestion's and why's first words, the words
#: after the suggested trade, the button that leaves the guide, the practice game's notice,
#: a suggested spot's name ends with)
WORDS = {
    "en": (
        "Your first trade.",
        ("Suggested: ", "Why: What it changes: your money: $50 → $"),
        "Play a card into the market row.",
        "Leave the guide",
        "Practice game with a fixed deal: every guided game starts with the same cards.",
        " (suggested)",
    ),
    "zh-TW": (
        "你的第一次交易。",
        ("建議：", "理由：這一步會改變：你的資金：$50 → $"),
        "打一張牌到市場區。",
        "關閉導覽",
        "固定發牌的練習賽：每一局引導式練習都從同樣的牌開始。",
        "（建議）",
    ),
}

#: the board spots marked as the suggestion
MARKED = "#board .suggested"


def marked_actions(page: Any) -> list[list[int]]:
    """The actions of each board spot marked as the suggestion."""
    return [
        [int(a) for a in spot.get_attribute("data-actions").split(",")]
        for spot in page.locator(MARKED).all()
    ]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_learn_to_play_from_the_lobby(page: Any, server: Server, lang: str) -> None:
    first, (suggested, why), after, leave, notice, mark = WORDS[lang]
    page.goto(f"{server.url}/?lang={lang}")
    page.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    page.select_option("#game", GAME)
    page.click("#learn")
    page.wait_for_url("**/t/*guide=1*")
    page.wait_for_selector("#guide .guide-explain")
    assert page.inner_text("#guide .guide-explain").startswith(first)
    assert page.inner_text("#guide .guide-suggest").startswith(suggested)
    assert page.inner_text("#guide .guide-why").startswith(why)
    assert page.inner_text("#guide-leave") == leave
    assert page.inner_text("#deal-notice") == notice
    # the suggestion is marked on the board, and named so
    action = int(page.get_attribute("#guide-play", "data-guide-action"))
    page.wait_for_selector(MARKED)
    assert all(action in acts for acts in marked_actions(page))
    assert page.get_attribute(MARKED, "aria-label").endswith(mark)
    page.click("#guide-rules")  # the rulebook opens at the section of this decision
    page.wait_for_selector("#rules[open] [data-section='first-turns']")
    page.keyboard.press("Escape")
    if lang == "zh-TW":
        assert english_on(page, GAME) == []
    page.click("#guide-play")
    page.wait_for_function(
        "(words) => { const e = document.querySelector('#guide .guide-explain');"
        " return e && e.textContent.startsWith(words); }",
        arg=after,
    )
    table_id = page.url.split("/t/")[1].split("?")[0]
    public = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert len(public["log"]) == 1  # played once
    assert page.locator("#toast.show").count() == 0
    link = page.url
    page.click("#guide-leave")
    assert page.locator("#guide").is_hidden()
    assert page.locator(MARKED).count() == 0  # the guide's mark goes with it
    assert "guide=1" not in page.url
    assert page.locator("#moves button").count() > 1  # the game goes on as a normal game
    page.goto(link)  # the seat's link from the lobby: the guide stays off for this table
    page.wait_for_selector("#moves button")
    assert page.locator("#guide:visible").count() == 0


def test_a_hint_marks_its_move_on_the_board_until_closed_or_played(
    page: Any, server: Server
) -> None:
    made = httpx.post(f"{server.url}/api/games/{GAME}/learn").json()
    page.goto(made["link"].replace("&guide=1", ""))  # the practice table, without the guide
    page.wait_for_selector("#board .hot")
    assert page.locator(MARKED).count() == 0
    page.click("#hint")
    page.wait_for_selector("#hints li button", timeout=30_000)
    best = int(page.get_attribute("#hints li button", "data-action"))
    page.wait_for_selector(MARKED)
    assert marked_actions(page) and all(best in acts for acts in marked_actions(page))
    assert page.get_attribute(MARKED, "aria-label").endswith(" (suggested)")
    assert page.inner_text("#hints li .hint-why").startswith("Why: What it changes: ")
    page.click("#hint-close")  # closed: the list and the mark go
    assert page.locator("#hints li").count() == 0
    assert page.locator(MARKED).count() == 0
    page.click("#hint")
    page.wait_for_selector(MARKED, timeout=30_000)
    seq = page.evaluate("document.body.dataset.seq")
    page.click("#hints li button")  # the best move played: the mark goes with the position
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)
    assert page.locator(MARKED).count() == 0
    assert page.locator("#hints li").count() == 0


def test_the_guide_routes(server: Server) -> None:
    with httpx.Client(base_url=server.url) as http:
        unknown = http.post("/api/games/chess/learn")
        assert (unknown.status_code, unknown.json()["code"]) == (404, "unknown-game")
        made = http.post("/api/games/take-stock/learn", params={"lang": "zh-TW"})
        assert made.status_code == 201
        table = made.json()
        assert table["link"].endswith(f"/t/{table['id']}?token={table['token']}&lang=zh-TW&guide=1")
        watching = http.get(f"/api/tables/{table['id']}/guide")
        assert (watching.status_code, watching.json()["code"]) == (403, "token")
        step = http.get(
            f"/api/tables/{table['id']}/guide", params={"token": table["token"], "lang": "zh-TW"}
        ).json()
        assert (step["topic"], step["section"]) == ("action", "turn")
        assert step["why"] and step["suggestion"]["notation"]  # the estimator's best move
        assert step["explain"].startswith("輪到你：只能做一件事。")
        seats = http.get(f"/api/tables/{table['id']}").json()["seats"]
        assert [s["bot"] for s in seats] == [None, "ismcts:easy", "ismcts:easy"]
