"""Talk at the table in Chromium, end to end: two people (two browser contexts, one an
English desktop, one a zh-TW phone 360 px wide) chat and react and each sees the other live
in their own language; a spectator's context reads and cannot write; the host turns the chat
off and on; after the game the rematch takes both people to their own seats at one new table
and shows the spectator the link to watch it."""

from __future__ import annotations

from typing import Any

from tests.web.parts import quick_motion
from tests.web.server import Server
from tests.web.test_chat import finish, new_table


def lines_of(page: Any) -> list[str]:
    return page.eval_on_selector_all("#chat-lines li", "els => els.map(e => e.textContent)")


def wait_lines(page: Any, count: int) -> list[str]:
    page.wait_for_function(f"document.querySelectorAll('#chat-lines li').length >= {count}")
    return lines_of(page)


def test_two_people_chat_react_and_play_again(browser: Any, server: Server) -> None:
    table = new_table(server)
    tid, tokens = table["id"], table["tokens"]
    desk = browser.new_context(viewport={"width": 1200, "height": 900})
    phone = browser.new_context(viewport={"width": 360, "height": 740})
    watch = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        ann, bob, fan = desk.new_page(), phone.new_page(), watch.new_page()
        for page in (ann, bob, fan):
            quick_motion(page)
        ann.goto(f"{server.url}/t/{tid}?token={tokens[0]}&lang=en")
        bob.goto(f"{server.url}/t/{tid}?token={tokens[1]}&lang=zh-TW")
        fan.goto(f"{server.url}/t/{tid}?lang=en")
        for page in (ann, bob, fan):
            page.wait_for_selector("#chat-empty:not([hidden])", state="attached")
            page.wait_for_function("document.body.dataset.seq !== undefined")
        # on the phone the chat starts folded after the board, and opens
        assert not bob.eval_on_selector("#chat-box", "e => e.open")
        assert bob.text_content("#chat-box summary").strip() == "聊天"
        bob.click("#chat-box summary")
        assert bob.eval_on_selector("#chat-box", "e => e.open")
        # the spectator reads only
        assert fan.is_hidden("#chat-form") and fan.is_hidden("#chat-reactions")
        assert "only the people seated write" in fan.text_content("#chat-watching")
        # Ann writes some markup: everyone sees it as text, nowhere as HTML
        ann.fill("#chat-text", "<b>hi</b> Bob")
        ann.click("#chat-send")
        assert wait_lines(bob, 1)[0].startswith("Ann：<b>hi</b> Bob")
        assert wait_lines(fan, 1)[0].startswith("Ann:<b>hi</b> Bob")
        assert bob.eval_on_selector_all("#chat-lines b", "els => els.length") == 0
        assert ann.input_value("#chat-text") == ""
        # Bob reacts from the phone: each page says it in its own language
        bob.click("#chat-reactions button[data-reaction='good-game']")
        assert wait_lines(ann, 2)[1].startswith("Seat 2:Good game")
        assert wait_lines(fan, 2)[1].startswith("Seat 2:Good game")
        assert wait_lines(bob, 2)[1].startswith("玩家2(你)：好局！")
        # the phone: targets 44 px, text 12 px, nothing scrolls sideways
        sizes = bob.evaluate(
            """() => [...document.querySelectorAll(
                '#chat-reactions button, #chat-send, #chat-text, #chat-box summary')].map(e => {
              const box = e.getBoundingClientRect();
              return [box.height, parseFloat(getComputedStyle(e).fontSize)];
            })"""
        )
        assert len(sizes) == 9 and all(h >= 44 and size >= 12 for h, size in sizes), sizes
        assert bob.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        # the host (Ann, seat 1) turns the chat off: Bob's page says so and cannot write
        assert bob.is_hidden("#chat-switch") and fan.is_hidden("#chat-switch")
        assert ann.text_content("#chat-switch") == "Turn the chat off"
        ann.click("#chat-switch")
        bob.wait_for_selector("#chat-off:not([hidden])")
        assert bob.text_content("#chat-off") == "聊天室已關閉。" and bob.is_hidden("#chat-form")
        ann.wait_for_function("document.getElementById('chat-switch').dataset.on === 'false'")
        assert ann.text_content("#chat-switch") == "Turn the chat on"
        ann.click("#chat-switch")
        bob.wait_for_selector("#chat-form:not([hidden])")
        # the game ends (played over the API with the pages closed, which keeps the test
        # cheap); Ann plays again, Bob joins from the offer, the spectator may watch
        links = [page.url for page in (ann, bob, fan)]
        for page in (ann, bob, fan):
            page.goto("about:blank")
        finish(server, table)
        for page, link in zip((ann, bob, fan), links, strict=True):
            page.goto(link)
            page.wait_for_function("document.body.dataset.over === 'true'")
        assert fan.is_hidden("#rematch")  # no rematch yet: nothing for a spectator
        assert ann.text_content("#rematch-button") == "Play again"
        ann.click("#rematch-button")
        ann.wait_for_url(lambda url: f"/t/{tid}?" not in url)
        new_id = ann.url.split("/t/")[1].split("?")[0]
        assert new_id != tid and tokens[0] not in ann.url
        bob.wait_for_selector("#rematch .rematch-note")
        assert bob.text_content("#rematch .rematch-note") == "Ann 想再玩一局。"
        assert bob.text_content("#rematch-button") == "加入"
        fan.wait_for_selector("#rematch-watch")
        assert fan.get_attribute("#rematch-watch", "href") == f"/t/{new_id}?lang=en"
        bob.click("#rematch-button")
        bob.wait_for_url(f"**/t/{new_id}?token=*")
        assert tokens[1] not in bob.url and bob.url != ann.url
        for page, mine in ((ann, "Ann (you)"), (bob, "玩家2(你)")):
            page.wait_for_function(
                "mine => document.getElementById('seat-list').textContent.includes(mine)", arg=mine
            )
            assert page.evaluate("document.body.dataset.over") == "false"
            assert page.is_hidden("#rematch")  # a new game: nothing to offer yet
    finally:
        for context in (desk, phone, watch):
            context.close()
