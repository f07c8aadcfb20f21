"""Pass and play (docs/web.md, "Pass and play"): several seats of one table on one device.

The API: a new table's device link holds the local seats' tokens only; a bot cannot be local;
``GET /api/tables/ID/device`` names the seats of a device link's tokens and refuses an unknown
one clearly in English and Traditional Chinese. In Chromium: two local seats and a bot (and,
once, a remote person in a second browser context) play by clicking across several hand-overs;
while the curtain is up the page's text and markup, its storage and every WebSocket frame it
receives hold no private fact of any seat; after the tap the right seat's own view shows.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

from bazaar.core.registry import get_game
from bazaar.games.night_market.text import customer_words
from bazaar.games.take_stock.text import card_words
from tests.web.databases import stored_moves
from tests.web.parts import keep_the_list_open, quick_motion
from tests.web.server import Server

TWO_HERE_AND_A_BOT: list[dict[str, Any]] = [
    {"kind": "human", "name": "Grandma", "local": True},
    {"kind": "human", "name": "Ming", "local": True},
    {"kind": "bot", "bot": "random", "name": ""},
]


def new_table(server: Server, game: str, seats: list[dict[str, Any]], seed: int) -> Any:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed}
    res = httpx.post(server.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    return res.json()


def device_tokens(link: str) -> list[str]:
    return parse_qs(urlparse(link).query)["tokens"][0].split(",")


def test_a_device_link_holds_the_local_seats_tokens_only(server: Server) -> None:
    seats = [*TWO_HERE_AND_A_BOT[:1], {"kind": "human", "name": "Remote"}, TWO_HERE_AND_A_BOT[1]]
    res = new_table(server, "night-market", seats, 3)
    tokens = [s["token"] for s in res["seats"]]
    assert [s["local"] for s in res["seats"]] == [True, False, True]
    assert res["device"]["seats"] == [0, 2]
    assert device_tokens(res["device"]["link"]) == [tokens[0], tokens[2]]
    assert tokens[1] not in res["device"]["link"]
    assert res["seats"][1]["link"].endswith(f"?token={tokens[1]}&lang=en")  # still invited
    asked = httpx.get(
        f"{server.url}/api/tables/{res['id']}/device", params={"tokens": f"{tokens[2]},{tokens[0]}"}
    )
    assert asked.status_code == 200 and asked.json() == {"seats": [2, 0]}
    no_local = new_table(server, "night-market", [{"kind": "human"}] * 3, 3)
    assert no_local["device"] is None


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "seat 3 is a bot"), ("zh-TW", "座位 3 是機器人")],
)
def test_a_local_bot_is_refused_in_the_creators_language(
    server: Server, lang: str, words: str
) -> None:
    seats = [*TWO_HERE_AND_A_BOT[:2], {"kind": "bot", "bot": "random", "local": True}]
    before = httpx.get(server.url + "/api/tables").json()["tables"][:1]
    body = {"game": "night-market", "players": 3, "seats": seats, "lang": lang}
    res = httpx.post(server.url + "/api/tables", json=body)
    assert res.status_code == 422, res.text
    reply = res.json()
    assert reply["code"] == "local" and "seats.2.local" in reply["error"]
    assert "seat 3 is a bot" in reply["error"] and words in reply["explain"]
    assert httpx.get(server.url + "/api/tables").json()["tables"][:1] == before  # no table


@pytest.mark.parametrize(
    ("tokens", "status", "code", "en", "zh"),
    [
        ("{0},forged", 403, "token", "token 2 of the device link", "第 2 個憑證不是這一桌的座位"),
        ("{0},{0}", 400, "tokens", "tokens 1 and 2", "是同一個座位"),
        (",", 400, "tokens", "names no seat token", "沒有任何座位憑證"),
        ("{0}" + ",x" * 8, 400, "tokens", "at most 8", "最多只能有 8 個"),
    ],
)
def test_a_bad_device_link_is_refused_clearly(
    server: Server, tokens: str, status: int, code: str, en: str, zh: str
) -> None:
    res = new_table(server, "take-stock", TWO_HERE_AND_A_BOT, 5)
    url = f"{server.url}/api/tables/{res['id']}/device"
    asked = tokens.format(res["seats"][0]["token"])
    for lang, words in (("en", en), ("zh-TW", zh)):
        reply = httpx.get(url, params={"tokens": asked, "lang": lang})
        assert reply.status_code == status, reply.text
        assert reply.json()["code"] == code and en in reply.json()["error"]
        assert words in reply.json()["explain"]


CURTAIN_UP = "!document.getElementById('curtain').hidden"
#: the words a game's page shows for a private card of a seat's view
CARD_WORDS = {"take-stock": card_words, "night-market": customer_words}
#: the keys of a seat's view that the public view has not (every game here: hand and more)
STORAGE = "JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)])"


def full_state(server: Server, game: str, players: int, seed: int, table: str) -> Any:
    """The table's whole state now, replayed from the moves stored on the server."""
    state = get_game(game).new(players, seed)
    for _seq, action in stored_moves(server.db_url, table):
        state.apply(state.parse(action))
    return state


def private_facts(
    server: Server, game: str, seed: int, table: str, seats: list[int] | None = None
) -> set[str]:
    """The private facts now of ``seats`` (default: every seat): the ids and words (en and
    zh-TW) of what a seat's view has that the public view has not, and the private choices of
    such a seat if it is to move (``hide T0D``)."""
    players = len(httpx.get(f"{server.url}/api/tables/{table}").json()["seats"])
    state = full_state(server, game, players, seed, table)
    public = state.view(None)
    facts: set[str] = set()
    for seat in range(players) if seats is None else seats:
        view = state.view(seat)
        for key, value in view.items():
            if key in public or not isinstance(value, list):
                continue
            for card in value:
                if isinstance(card, str):
                    facts |= {card, *(CARD_WORDS[game](card, lang) for lang in ("en", "zh-TW"))}
    if state.to_move() is not None and (seats is None or state.to_move() in seats):
        choices = [
            a for a in state.legal_actions() if state.notation(a) != state.public_notation(a)
        ]
        facts |= {state.notation(a) for a in choices}
    return facts


def found(facts: set[str], text: str) -> set[str]:
    """The facts in ``text`` (a card id as a whole word, words anywhere)."""
    return {f for f in facts if re.search(rf"(?<![A-Za-z0-9]){re.escape(f)}(?![A-Za-z0-9])", text)}


class Device:
    """The device's page at a device link, with every WebSocket frame it receives."""

    def __init__(self, browser: Any, reply: Any, size: tuple[int, int]) -> None:
        link = reply["device"]["link"] if reply.get("device") else reply["link"]
        #: seat -> token of the seats this page may show
        self.tokens = {s["seat"]: s["token"] for s in reply.get("seats", []) if s["local"]}
        self.context = keep_the_list_open(
            browser.new_context(viewport={"width": size[0], "height": size[1]})
        )
        self.page = quick_motion(self.context.new_page())
        self.frames: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(link)

    def _frame(self, payload: str | bytes) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode())

    def screen(self) -> str:
        """'curtain', 'turn' (a seat's moves on show) or 'over', once one is."""
        self.page.wait_for_function(
            f"{CURTAIN_UP} || document.querySelector('#moves button[data-action]') || "
            "document.body.dataset.over === 'true'",
            timeout=30_000,
        )
        if self.page.evaluate(CURTAIN_UP):
            return "curtain"
        return "over" if self.page.get_attribute("body", "data-over") == "true" else "turn"

    def play_first_move(self) -> None:
        """Click the first move (confirming a decision in parts as it stands) and wait until
        it is answered: the curtain, or a newer move on show."""
        page = self.page
        seq = int(page.get_attribute("body", "data-seq") or -1)
        page.locator("#moves button[data-action]").first.click()
        landed = f"{CURTAIN_UP} || Number(document.body.dataset.seq) > {seq}"
        page.wait_for_function(f"{landed} || !document.getElementById('compose').hidden")
        if page.locator("#compose:not([hidden])").count():
            if page.locator("#compose-confirm:disabled").count():
                page.click("#compose [data-compose]")
            page.click("#compose-confirm")
            page.wait_for_function(landed)
        # every part of a decision sent (its last one passes the turn on)
        page.wait_for_function(f"{CURTAIN_UP} || document.body.dataset.plan !== 'sending'")


def check_curtain(device: Device, facts: set[str], seat: int, name: str) -> None:
    """The curtain is up for ``seat``: nothing private anywhere in the page, its storage, a
    frame since it went up; its words name the seat; its button has the focus."""
    page = device.page
    mark = len(device.frames)
    page.wait_for_timeout(200)  # a frame still on its way would land now
    text = page.evaluate("document.body.innerText")
    markup = page.evaluate("document.body.innerHTML")
    storage = page.evaluate(STORAGE)
    for where, what in (("text", text), ("markup", markup), ("storage", storage)):
        assert not found(facts, what), (where, found(facts, what))
    assert not found(facts, "\\n".join(device.frames[mark:]))
    assert page.get_attribute("#curtain", "data-seat") == str(seat)
    assert name in page.inner_text("#curtain-words")
    assert page.evaluate("document.activeElement.id") == "curtain-go"
    assert page.locator("#board *").count() == 0 and page.locator("#log *").count() == 0
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert page.locator("#curtain").bounding_box() == {
        "x": 0,
        "y": 0,
        "width": width,
        "height": height,
    }
    button = page.locator("#curtain-go").bounding_box()
    assert button["height"] >= 44 and button["x"] >= 0 and button["x"] + button["width"] <= width
    sizes = page.eval_on_selector_all(
        "#curtain, #curtain *", "els => els.map((e) => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert min(sizes) >= 12


def seat_view(server: Server, table: str, token: str | None = None) -> Any:
    params = {"token": token} if token else {}
    return httpx.get(f"{server.url}/api/tables/{table}", params=params).json()


def behind_the_curtain(
    device: Device, server: Server, game: str, seed: int, table: str, seat: int
) -> None:
    """Tap (Enter on the focused button, or a click): the seat's own view shows (its moves,
    its private cards on the page), and every frame since is its own payload."""
    mark = len(device.frames)
    if seat == 0:
        device.page.keyboard.press("Enter")
    else:
        device.page.click("#curtain-go")
    device.page.wait_for_selector("#moves button[data-action]")
    own = seat_view(server, table, device.tokens[seat])
    shown = device.page.locator("#moves button[data-action]").evaluate_all(
        "buttons => buttons.map((b) => b.dataset.notation)"
    )
    assert set(shown) == {m["notation"] for m in own["legal"]}
    assert re.search(r"\((you|你)\)", device.page.inner_text(f"#seat-list li[data-seat='{seat}']"))
    states = [json.loads(f) for f in device.frames[mark:]]
    assert {m["seat"] for m in states if m.get("type") == "state"} == {seat}
    mine = private_facts(server, game, seed, table, [seat])
    assert found(mine, device.page.evaluate("document.body.innerHTML")), mine


@pytest.mark.parametrize(
    ("game", "seed", "size"),
    [("take-stock", 4, (360, 740)), ("night-market", 2, (768, 1024))],
)
def test_two_seats_pass_one_device_with_a_bot(
    browser: Any, server: Server, game: str, seed: int, size: tuple[int, int]
) -> None:
    res = new_table(server, game, TWO_HERE_AND_A_BOT, seed)
    table = res["id"]
    device = Device(browser, res, size)
    curtains: list[int] = []
    try:
        while len(curtains) < 5:
            shown = device.screen()
            if shown == "over":
                break
            if shown == "curtain":
                seat = int(device.page.get_attribute("#curtain", "data-seat") or -1)
                facts = private_facts(server, game, seed, table)
                check_curtain(device, facts, seat, TWO_HERE_AND_A_BOT[seat]["name"])
                curtains.append(seat)
                behind_the_curtain(device, server, game, seed, table, seat)
                if len(curtains) == 2:  # "Hand over": the same seat behind its curtain
                    device.page.click("#hand-over")
                    device.page.wait_for_selector("#curtain:not([hidden])")
                    check_curtain(device, facts, seat, TWO_HERE_AND_A_BOT[seat]["name"])
                    behind_the_curtain(device, server, game, seed, table, seat)
            device.play_first_move()
        assert len(curtains) == 5 and {0, 1} <= set(curtains)
    finally:
        device.context.close()


def create_in_lobby(page: Any, server: Server) -> Any:
    """Create a Night Market table on the lobby page in Traditional Chinese: 奶奶 and 小明
    on this device, seat 2 a remote person; returns the reply of POST /api/tables."""
    page.goto(server.url + "/")
    page.select_option("#lang", "zh-TW")
    page.select_option("#game", "night-market")
    page.select_option("#players", "3")
    rows = page.locator(".seat-row")
    for i, name in ((0, "奶奶"), (1, "阿遠"), (2, "小明")):
        rows.nth(i).locator("select").select_option("human")
        rows.nth(i).locator("input:not(.local)").fill(name)
        if i != 1:
            rows.nth(i).locator("input.local").check()
    assert rows.nth(0).locator(".seat-local").bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing sideways
    page.click("#advanced-box summary")
    page.fill("#seed", "9")
    with page.expect_response("**/api/tables") as answer:
        page.click("#create")
    reply = answer.value.json()
    links = page.locator("#links")
    assert links.locator("a.device-link").get_attribute("href") == reply["device"]["link"]
    assert "在這台裝置上" in links.inner_text() and "奶奶、小明" in links.inner_text()
    assert links.locator("a.seat-link").count() == 1  # the remote seat's invitation only
    return reply


def test_a_remote_person_never_gets_the_devices_secrets(browser: Any, server: Server) -> None:
    lobby = keep_the_list_open(browser.new_context(viewport={"width": 360, "height": 740}))
    reply = create_in_lobby(lobby.new_page(), server)
    lobby.close()
    table, game, seed = reply["id"], "night-market", 9
    device = Device(browser, reply, (360, 740))
    remote = Device(browser, reply["seats"][1], (768, 1024))
    names = {0: "奶奶", 2: "小明"}
    curtains: list[int] = []
    checked = 0
    try:
        while len(curtains) < 4:
            to_move = seat_view(server, table)["to_move"]
            if to_move == 1:
                assert remote.screen() == "turn"
                remote.play_first_move()
                continue
            if device.screen() == "curtain":
                seat = int(device.page.get_attribute("#curtain", "data-seat") or -1)
                check_curtain(device, private_facts(server, game, seed, table), seat, names[seat])
                words = device.page.inner_text("#curtain-words")
                assert words == f"請把裝置交給 {names[seat]}，確定只有 {names[seat]} 在看時再點一下"
                curtains.append(seat)
                behind_the_curtain(device, server, game, seed, table, seat)
            device.play_first_move()
            public = json.dumps(seat_view(server, table), ensure_ascii=False)
            secrets = {
                f for f in private_facts(server, game, seed, table, [0, 2]) if f not in public
            }
            for frame in remote.frames[checked:]:
                message = json.loads(frame)
                assert message.get("seat", 1) == 1
                assert not found(secrets, frame), found(secrets, frame)
            checked = len(remote.frames)
        assert set(curtains) == {0, 2} and checked > 4
    finally:
        device.context.close()
        remote.context.close()


def test_game_over_shows_the_result_and_a_bad_link_says_why(browser: Any, server: Server) -> None:
    res = new_table(server, "take-stock", TWO_HERE_AND_A_BOT, 8)
    play_people_over_api(server, res, lambda p: False)
    device = Device(browser, res, (360, 740))
    try:
        assert device.screen() == "over"
        page = device.page
        assert page.evaluate(CURTAIN_UP) is False and page.is_hidden("#hand-over")
        assert page.locator("#result .ranking li").count() == 3
        bad = res["device"]["link"].replace("tokens=", "tokens=forged,").replace("=en", "=zh-TW")
        seen = len(device.frames)
        page.goto(bad)
        page.wait_for_function("document.getElementById('status').textContent.includes('憑證')")
        assert "第 1 個憑證不是這一桌的座位" in page.inner_text("#status")
        assert page.evaluate(CURTAIN_UP) is False and len(device.frames) == seen  # no socket
    finally:
        device.context.close()


def play_people_over_api(server: Server, res: Any, until: Any) -> Any:
    """Play every person's seat of the new table ``res`` over the HTTP API (its first legal
    move; the bots play their own) until the spectator's payload satisfies ``until`` or the
    game is over; return that payload."""
    tokens = {s["seat"]: s["token"] for s in res["seats"] if s["token"]}
    url = f"{server.url}/api/tables/{res['id']}"
    with httpx.Client() as client:
        for _ in range(20_000):
            p = client.get(url).json()
            if p["over"] or until(p):
                return p
            if p["to_move"] not in tokens:
                time.sleep(0.01)  # a bot thinks
                continue
            token = tokens[p["to_move"]]
            legal = client.get(url, params={"token": token}).json()["legal"]
            move = {"token": token, "action": legal[0]["action"], "seq": p["seq"]}
            assert client.post(f"{url}/moves", json=move).status_code == 200
    raise AssertionError("the game did not end")


def test_the_secret_exercise_goes_round_the_local_seats(browser: Any, server: Server) -> None:
    """Take Stock's round end: each seat chooses its exercise in secret, one after another;
    the device raises each local seat's curtain in turn."""
    game, seed = "take-stock", 8
    res = new_table(server, game, TWO_HERE_AND_A_BOT, seed)
    first = play_people_over_api(
        server, res, lambda p: p["view"]["phase"] == "exercise" and p["to_move"] in (0, 1)
    )
    assert not first["over"]
    device = Device(browser, res, (768, 1024))
    curtains: list[int] = []
    try:
        while True:
            shown = device.screen()
            if seat_view(server, res["id"])["view"]["phase"] != "exercise":
                break  # the next round (a curtain, maybe: not the exercise's)
            if shown == "curtain":
                seat = int(device.page.get_attribute("#curtain", "data-seat") or -1)
                check_curtain(
                    device,
                    private_facts(server, game, seed, res["id"]),
                    seat,
                    TWO_HERE_AND_A_BOT[seat]["name"],
                )
                curtains.append(seat)
                behind_the_curtain(device, server, game, seed, res["id"], seat)
                assert device.page.locator("#moves button[data-notation^='exercise']").count()
            device.play_first_move()
        assert sorted(curtains) == [0, 1]
    finally:
        device.context.close()
