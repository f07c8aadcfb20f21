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
#: lang -> (the first decision's words, the suggestion, the words after the suggested trade,
#: the button that leaves the guide)
WORDS = {
    "en": (
        "Your first trade.",
        "Suggested: -K2 (sell 1 purple: get $15 → $65), because: In 120 quick trial games",
        "Play a card into the market row.",
        "Leave the guide",
    ),
    "zh-TW": (
        "你的第一次交易。",
        "建議：賣出1張紫色股票：收 $15 → $65。理由：從這裡快速試下 120 局",
        "打一張牌到市場區。",
        "關閉導覽",
    ),
}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_learn_to_play_from_the_lobby(page: Any, server: Server, lang: str) -> None:
    first, suggested, after, leave = WORDS[lang]
    page.goto(f"{server.url}/?lang={lang}")
    page.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    page.select_option("#game", GAME)
    page.click("#learn")
    page.wait_for_url("**/t/*guide=1*")
    page.wait_for_selector("#guide .guide-explain")
    assert page.inner_text("#guide .guide-explain").startswith(first)
    assert page.inner_text("#guide .guide-suggest").startswith(suggested)
    assert page.inner_text("#guide-leave") == leave
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
    assert [m["notation"] for m in public["log"]] == ["-K2"]
    page.click("#guide-leave")
    assert page.locator("#guide").is_hidden()
    assert "guide=1" not in page.url
    assert page.locator("#moves button").count() > 1  # the game goes on as a normal game
