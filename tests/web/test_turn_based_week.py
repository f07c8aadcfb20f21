"""A turn-based game over a simulated week and more (docs/web.md, "Turn-based tables", "Your
page", "Turn notices"), end to end: a real server (uvicorn, in a thread of this process, so
that the test moves its clock), a real SMTP server (aiosmtpd) and Chromium. Ann and Ben keep
pages with confirmed addresses and save their seats; a day per move; Ben has his seat open in
Chromium with turn notices on, behind another window, and sees a notice when his turn comes;
while a person does not have the table open, each turn that begins brings them one e-mail;
Ben misses a day once and a bot plays that turn; the game ends and both pages show it, with
ratings."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from bazaar.web.app import create_app
from bazaar.web.settings import WebSettings
from tests.web.mailbox import START, Clock, Inbox, links_of
from tests.web.server import free_port
from tests.web.test_turn_notice import FRONT, turn_notices_on, wait_for_notice

HOUR = 3600.0
DAY = 24 * HOUR
#: a liveness limit (not a speed bound)
LIVELY = 60.0
SITE = "https://games.example"


class ThreadServer:
    """The app served by uvicorn in a thread of this process, on ``clock``."""

    def __init__(self, db: Path, clock: Clock, smtp_port: int) -> None:
        settings = WebSettings(
            db_url=f"sqlite:///{db}",
            bot_delay=0.0,
            timeout_bot="random",
            sweep_seconds=0.05,
            public_url=SITE,
            smtp_url=f"smtp://127.0.0.1:{smtp_port}",
            rate_limit_tables=0,
            rate_limit_sockets=0,
        )
        self.port = free_port()
        config = uvicorn.Config(
            create_app(settings, clock=clock), host="127.0.0.1", port=self.port, log_level="warning"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        limit = time.monotonic() + LIVELY
        while not self.server.started:
            assert time.monotonic() < limit, "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(LIVELY)


@pytest.fixture
def site(tmp_path: Path, inbox: tuple[Inbox, int]) -> Iterator[tuple[ThreadServer, Inbox, Clock]]:
    handler, port = inbox
    clock = Clock()
    with ThreadServer(tmp_path / "week.db", clock, port) as server:
        yield server, handler, clock


def local(link: str) -> str:
    return link.removeprefix(SITE)


def person(client: httpx.Client, mailbox: Inbox, name: str, lang: str, mails: int) -> str:
    """A person with a confirmed address (their ``mails``-th message is the confirmation)."""
    key = client.post("/api/people", json={"name": name, "lang": lang}).json()["key"]
    email = f"{name.lower()}@example.org"
    reply = client.patch("/api/me", json={"key": key, "email": email})
    assert reply.json()["confirmation_sent"] is True
    confirm = mailbox.wait(mails)[-1]
    assert confirm["To"] == email
    assert client.get(local(links_of(confirm)[0])).status_code == 200
    return str(key)


def mails_to(mailbox: Inbox, email: str) -> list[Any]:
    """The turn e-mails to ``email`` (not the confirmation of the address)."""
    mails = [m for m in mailbox.mails if m["To"] == email]
    return [m for m in mails if not any("/mail/confirm?" in link for link in links_of(m))]


def test_a_turn_based_game_over_a_week(
    site: tuple[ThreadServer, Inbox, Clock], browser: Any
) -> None:
    server, mailbox, clock = site
    client = httpx.Client(base_url=server.url, timeout=30)
    ann = person(client, mailbox, "Ann", "en", 1)
    ben = person(client, mailbox, "Ben", "zh-TW", 2)
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]
    body = {"game": "buy-low-sell-high", "players": 2, "seats": seats, "seed": 7}
    table = client.post("/api/tables", json={**body, "pace": "turn-based", "move_hours": 24}).json()
    tid = table["id"]
    tokens = [s["token"] for s in table["seats"]]
    for key, seat in ((ann, 0), (ben, 1)):
        assert (
            client.post(
                "/api/me/claim", json={"key": key, "table": tid, "token": tokens[seat]}
            ).status_code
            == 200
        )

    def view(seat: int) -> dict[str, Any]:
        return dict(client.get(f"/api/tables/{tid}", params={"token": tokens[seat]}).json())

    def play_turn(seat: int) -> dict[str, Any]:
        """The seat's first legal move until its turn ends; the payload after it."""
        p = view(seat)
        while p["to_move"] == seat:
            move = {"token": tokens[seat], "action": p["legal"][0]["notation"], "seq": p["seq"]}
            assert client.post(f"/api/tables/{tid}/moves", json=move).status_code == 200
            p = view(seat)
        return p

    # Ben opens his seat in Chromium, turns notices on, and puts the window behind another
    context = browser.new_context(
        permissions=["notifications"], viewport={"width": 412, "height": 915}
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(FRONT + "window.testBehind = true;")
    page.goto(f"{server.url}/t/{tid}?token={tokens[1]}&lang=zh-TW")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    turn_notices_on(page)
    assert view(0)["to_move"] == 0
    clock.now += 3 * HOUR
    p = play_turn(0)  # Ann's first turn: Ben's turn begins, and his page tells him
    assert p["to_move"] == 1
    page.wait_for_function("Number(document.body.dataset.notices || 0) >= 1", timeout=LIVELY * 1000)
    notice = wait_for_notice(page)
    assert notice["title"] == "輪到你了" and notice["tag"] == tid
    timer = view(1)["timer"]
    assert (timer["pace"], timer["seat"], timer["words"]) == ("turn-based", 1, "1 day")
    assert errors == []
    page.close()  # Ben closes the page: from now on his turns are mailed
    context.close()

    days = 0
    missed = False
    turns = [0, 1]  # whose turn began, in order: Ann's first, then Ben's (told in Chromium)
    while not p["over"]:
        mover = p["to_move"]
        if mover is not None and mover != turns[-1]:
            turns.append(mover)
        if mover is None or p["timer"]["seat"] is None:  # a bot playing a turn that ran out
            time.sleep(0.02)
            p = view(0)
            continue
        if mover == 1 and not missed and days >= 3:  # Ben misses a whole day once
            missed = True
            clock.now += DAY + 60
            limit = time.monotonic() + LIVELY
            while view(0)["to_move"] == 1:
                assert time.monotonic() < limit, "no bot played Ben's turn"
                time.sleep(0.05)
            p = view(0)
            continue
        clock.now += 9 * HOUR  # each answers within the day
        days += 1
        p = play_turn(mover)
    assert missed and clock.now - START > 7 * DAY  # the game took over a week

    # e-mails: one per turn that began while its person did not have the table open (every
    # turn of Ann's but the game's first, when nobody had moved; Ben's but the first, which
    # was told in Chromium where he had the table open). Sent in the background: waited for.
    wanted = {"ann@example.org": turns.count(0) - 1, "ben@example.org": turns.count(1) - 1}
    limit = time.monotonic() + LIVELY
    while any(len(mails_to(mailbox, to)) < n for to, n in wanted.items()):
        assert time.monotonic() < limit, "not every turn e-mail came"
        time.sleep(0.05)
    ann_mails = mails_to(mailbox, "ann@example.org")
    ben_mails = mails_to(mailbox, "ben@example.org")
    assert {to: len(mails_to(mailbox, to)) for to in wanted} == wanted
    assert ann_mails and ben_mails
    assert all(m["Subject"] == "Your move in Buy Low Sell High (Bazaar)" for m in ann_mails)
    assert all(m["Subject"] == "輪到你了：傻瓜炒股（Bazaar）" for m in ben_mails)
    for mail, token in ((ann_mails[0], tokens[0]), (ben_mails[0], tokens[1])):
        seat_link, stop_link = links_of(mail)
        assert token in seat_link and "/mail/stop?" in stop_link
    log = view(1)["log"]
    played_for_ben = [e for e in log if e.get("standin")]
    assert played_for_ben and all(e["seat"] == 1 for e in played_for_ben)  # the missed day
    texts = [m.get_body(("plain",)).get_content() for m in ann_mails]  # type: ignore[union-attr]
    moves = [t.split("(move ", 1)[1].split(")", 1)[0] for t in texts]
    assert len(moves) == len(set(moves))  # never two for one move

    # both pages list the finished game, with ratings against a person
    for key in (ann, ben):
        mine = client.post("/api/me", json={"key": key}).json()
        assert mine["tables"] == [] and [f["table"] for f in mine["finished"]] == [tid]
        (rating,) = mine["ratings"]
        assert rating["people"]["games"] == 1 and rating["bots"] is None
    context = browser.new_context(viewport={"width": 412, "height": 915})
    page = context.new_page()
    page.goto(f"{server.url}/me#key={ann}")
    page.wait_for_selector("#ratings-panel:not([hidden])")
    assert "Buy Low Sell High" in page.inner_text("#ratings")
    assert "place" in page.inner_text("#finished")
    context.close()
