"""The puzzles API and page (docs/puzzles.md): a puzzle is served as exactly its seat's payload
(nothing hidden from that seat, no answer), a try is answered in words; the page in headless
Chromium in English and in zh-TW (no English)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from bazaar.bots import puzzles as pz
from bazaar.web.payload import build_payload
from bazaar.web.puzzles import seat_names
from tests.web.server import Server
from tests.web.test_classroom_page import finish
from tests.web.test_zh_tw_pages import english_on

GAME = "buy-low-sell-high"
#: the finding search's playouts for a table's puzzles in these tests (the server's: 300)
TABLE_ITERATIONS = 30


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real server whose table puzzles are searched at a tiny budget."""
    args = ["--puzzle-iterations", str(TABLE_ITERATIONS)]
    srv = Server(tmp_path_factory.mktemp("db") / "bazaar.db", args=args).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def finished_table(server: Server) -> dict[str, Any]:
    """A finished two-player table (both seats always play their first legal move)."""
    body = {"game": GAME, "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 5}
    table = httpx.post(server.url + "/api/tables", json=body).json()
    refused = httpx.post(f"{server.url}/api/tables/{table['id']}/puzzles")
    assert (refused.status_code, refused.json()["code"]) == (409, "not-over")
    finish(server, table)
    return table


def test_the_list_and_a_puzzle_are_its_seats_payload_without_the_answer(server: Server) -> None:
    shipped = pz.shipped(GAME)
    with httpx.Client(base_url=server.url) as http:
        listing = http.get(f"/api/puzzles/{GAME}", params={"lang": "zh-TW"}).json()
        assert [p["number"] for p in listing["puzzles"]] == list(range(1, len(shipped) + 1))
        assert listing["puzzles"][0]["prompt"] == shipped[0].prompt["zh-TW"]
        for number in (1, len(shipped)):
            got = http.get(f"/api/puzzles/{GAME}/{number}", params={"lang": "en"}).json()
            p = shipped[number - 1]
            state = p.position()
            expected = build_payload(state, p.seat, "en", seats=seat_names(state, "en"))
            assert got["payload"] == json.loads(json.dumps(expected))
            assert (got["number"], got["count"], got["seat"]) == (number, len(shipped), p.seat)
            assert "answer" not in json.dumps(got)


def test_a_try_is_answered_right_or_not_in_both_languages(server: Server) -> None:
    with httpx.Client(base_url=server.url) as http:
        url = f"/api/puzzles/{GAME}/1/answer"
        right = http.post(url, json={"move": "news 1"}).json()
        assert right == {
            "right": True,
            "lines": [
                "Right!",
                "Best: purple Breaking News covers space 1 (purple bear -3) and cancels it, "
                "about 11 points of win chance ahead of any other move.",
                "The best move wins about 28% of the time.",
            ],
            "answer": "news 1",
            "alternatives": [],
        }
        wrong = http.post(url, params={"lang": "zh-TW"}, json={"move": "play K1+2"}).json()
        assert wrong["right"] is False
        assert wrong["lines"][0] == "不太對。"
        assert wrong["lines"][-1] == "你選的打出綠色牛市 +2：年終時綠色股票股價 +2約有 0% 的勝率。"


@pytest.mark.parametrize(
    ("path", "body", "status", "code", "message"),
    [
        ("/api/puzzles/no-game", None, 404, "unknown-game", "unknown game"),
        (f"/api/puzzles/{GAME}/11", None, 404, "no-puzzle", "puzzle number must be from 1 to 10"),
        (f"/api/puzzles/{GAME}/0/answer", {"move": "pass"}, 404, "no-puzzle", "not 0"),
        (f"/api/puzzles/{GAME}/1/answer", {"move": "pass"}, 400, "illegal", "pass"),
        (f"/api/puzzles/{GAME}/1/answer", {"move": "zz"}, 400, "illegal", "'zz' is not a move"),
    ],
)
def test_bad_requests_are_refused_clearly(
    server: Server, path: str, body: Any, status: int, code: str, message: str
) -> None:
    with httpx.Client(base_url=server.url) as http:
        res = http.post(path, json=body) if body else http.get(path)
    assert res.status_code == status
    assert res.json()["code"] == code
    assert message in res.json()["error"]


@pytest.mark.parametrize(
    ("lang", "right", "wrong"),
    [("en", "Right!", "Not quite."), ("zh-TW", "答對了！", "不太對。")],
)
def test_the_puzzles_page_draws_the_board_and_answers_a_click(
    page: Any, server: Server, lang: str, right: str, wrong: str
) -> None:
    page.goto(f"{server.url}/puzzles/{GAME}?n=1&lang={lang}")
    page.wait_for_selector("#board svg, #board .board, #board > *")
    page.wait_for_selector(".puzzle-move >> nth=7")
    moves = page.locator(".puzzle-move")
    assert moves.count() == 8
    prompt = pz.shipped(GAME)[0].prompt[lang]
    assert page.inner_text("#prompt") == prompt
    moves.nth(0).click()
    page.wait_for_selector("#puzzle-reply:not([hidden])")
    assert page.inner_text("#puzzle-reply strong") == wrong
    assert "puzzle-answer" in (moves.nth(3).get_attribute("class") or "")
    moves.nth(3).click()
    page.wait_for_function(
        f"document.querySelector('#puzzle-reply strong').textContent === {right!r}"
    )
    if lang == "zh-TW":
        assert english_on(page, GAME) == []
    page.click("#next")
    page.wait_for_function("document.querySelector('#puzzle-title').textContent.includes('2')")
    assert page.locator("#puzzle-reply").is_hidden()


def test_a_teacher_makes_puzzles_from_a_finished_table_and_plays_them(
    page: Any, server: Server, finished_table: dict[str, Any]
) -> None:
    table_id = finished_table["id"]
    with httpx.Client(base_url=server.url, timeout=60) as http:
        assert http.get(f"/api/tables/{table_id}/puzzles/1").json()["code"] == "no-puzzles"
        made = http.post(f"/api/tables/{table_id}/puzzles").json()
        record = http.get(f"/api/tables/{table_id}/record").json()
        again = http.post(f"/api/tables/{table_id}/puzzles").json()  # kept: not searched again
    assert again == made and made["table"] == table_id and made["game"] == GAME
    found = [pz.Puzzle.from_json(p) for p in made["puzzles"]]
    # seeded like `bazaar puzzle make` (seed 0) on a fixed deal: always this one
    assert [(p.answer, p.seat, len(p.actions), p.margin) for p in found] == [
        ("play K2+2", 0, 31, 0.4867)
    ]
    for p in found:
        assert p.source == {"kind": "table", "table": table_id, "move": len(p.actions) + 1}
        assert p.actions == record["actions"][: len(p.actions)]
        assert p.answer in p.position().legal_notations()
        assert (p.found["iterations"], p.confirmed["iterations"]) == (30, 120)
        assert p.margin >= pz.FIND_MARGIN and p.confirmed["margin"] >= pz.CONFIRM_MARGIN
    page.goto(f"{server.url}/puzzles/table/{table_id}?lang=en")
    page.wait_for_selector(".puzzle-move")
    assert page.inner_text("#puzzle-title") == f"Puzzle 1 of {len(found)}"
    assert page.locator("#game").is_hidden()
    page.click(f".puzzle-move[data-move='{found[0].answer}']")
    page.wait_for_selector("#puzzle-reply:not([hidden])")
    assert page.inner_text("#puzzle-reply strong") == "Right!"
