"""The puzzles API and page (docs/puzzles.md): a puzzle is served as exactly its seat's payload
(nothing hidden from that seat, no answer), a right try is explained in words, a wrong one
gives nothing away and the answer is shown on request; the page in headless Chromium in
English and in zh-TW (no English): a difficulty, a wrong try, another, the answer shown."""

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
#: Buy Low Sell High's first puzzle: its legal moves in the page's order, and the answer's place
FIRST_MOVES = ["play K0com", "play K2+3", "play K2div", "play K2com"]
ANSWER_AT = 3
#: the puzzles of the finished table (answer, seat, moves before, difficulty)
TABLE_PUZZLES = [("+2K1", 1, 39, "hard"), ("+2K0", 1, 68, "hard")]
#: the sentences after "Right!" at that puzzle
WHY_FIRST = [
    "Best move: play purple commission: every purple share pays $2 now (you pay $0); then play "
    "another card: about 53% to win, expected final money $91.",
    "What it changes: your money: $76 → $79; red price: buy $11 → $9, sell $10 → $8; purple "
    "price: buy $21 → $22, sell $20 → $21.",
    "Out of 100 games from here, you would win about 53 with this move, and about 26 with the "
    "next best (play red commission: every red share pays $2 now (you pay $0); then play "
    "another card).",
    "Your final money would be about $91 on average, instead of $90.",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real server."""
    srv = Server(tmp_path_factory.mktemp("db") / "bazaar.db").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def finished_table(server: Server) -> dict[str, Any]:
    """A finished two-player table (both seats always play their first legal move)."""
    body = {"game": GAME, "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 15}
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
        assert [p["difficulty"] for p in listing["puzzles"]] == [p.difficulty for p in shipped]
        for number in (1, len(shipped)):
            got = http.get(f"/api/puzzles/{GAME}/{number}", params={"lang": "en"}).json()
            p = shipped[number - 1]
            state = p.position()
            expected = build_payload(state, p.seat, "en", seats=seat_names(state, "en"))
            assert got["payload"] == json.loads(json.dumps(expected))
            assert (got["number"], got["count"], got["seat"]) == (number, len(shipped), p.seat)
            assert got["difficulty"] == p.difficulty
            assert "answer" not in json.dumps(got) and "weighed" not in json.dumps(got)


def test_a_try_is_explained_or_tried_again_and_the_answer_shown(server: Server) -> None:
    assert pz.shipped(GAME)[0].position().legal_notations() == FIRST_MOVES
    with httpx.Client(base_url=server.url) as http:
        url = f"/api/puzzles/{GAME}/1"
        right = http.post(url + "/answer", json={"move": "play K2com"}).json()
        assert right["lines"] == ["Right!", *WHY_FIRST]
        assert (right["right"], right["answer"]) == (True, "play K2com")
        assert [(m["notation"], m["win"], m["score"]) for m in right["compared"]] == [
            ("play K2com", 0.5338, 90.73),
            ("play K0com", 0.2608, 90.39),
        ]
        wrong = http.post(url + "/answer", params={"lang": "zh-TW"}, json={"move": "play K2+3"})
        assert wrong.json() == {
            "right": False,
            "lines": ["不是這個，再試一次"],
            "answer": None,
            "compared": [],
        }
        shown = http.post(url + "/solution", json={"tried": "play K2+3"}).json()
        assert (shown["right"], shown["answer"]) == (False, "play K2com")
        assert shown["lines"][0] == WHY_FIRST[0].replace("Best move:", "The answer:")
        assert shown["lines"][2].endswith(
            "and about 4 with yours (play purple bull +3: purple price +3 at year end)."
        )
        plain = http.post(url + "/solution", params={"lang": "zh-TW"}, json={}).json()
        assert plain["lines"][0].startswith("答案：打出紫色手續費")


@pytest.mark.parametrize(
    ("path", "body", "status", "code", "message"),
    [
        ("/api/puzzles/no-game", None, 404, "unknown-game", "unknown game"),
        (f"/api/puzzles/{GAME}/99", None, 404, "no-puzzle", "must be from 1 to"),
        (f"/api/puzzles/{GAME}/0/answer", {"move": "pass"}, 404, "no-puzzle", "not 0"),
        (f"/api/puzzles/{GAME}/1/answer", {"move": "pass"}, 400, "illegal", "pass"),
        (f"/api/puzzles/{GAME}/1/answer", {"move": "zz"}, 400, "illegal", "'zz' is not a move"),
        (f"/api/puzzles/{GAME}/1/solution", {"tried": "zz"}, 400, "illegal", "'zz' is not a"),
        (f"/api/puzzles/{GAME}/1/solution", {"tried": 3}, 422, "field", "tried"),
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
    ("lang", "right", "again", "shown", "hard"),
    [
        ("en", "Right!", "Not this one — try again.", "The answer:", "Puzzle 1 of 4 (Hard)"),
        ("zh-TW", "答對了！", "不是這個，再試一次", "答案：", "第 1 題，共 4 題（困難）"),
    ],
)
def test_the_page_lets_you_try_again_show_the_answer_and_pick_a_difficulty(
    page: Any, server: Server, lang: str, right: str, again: str, shown: str, hard: str
) -> None:
    page.goto(f"{server.url}/puzzles/{GAME}?n=1&lang={lang}")
    page.wait_for_selector("#board svg, #board .board, #board > *")
    page.wait_for_selector(".puzzle-move >> nth=3")
    moves = page.locator(".puzzle-move")
    assert moves.evaluate_all("bs => bs.map(b => b.dataset.move)") == FIRST_MOVES
    assert page.inner_text("#prompt") == pz.shipped(GAME)[0].prompt[lang]
    assert page.locator("#show-answer").is_hidden()
    moves.nth(0).click()
    page.wait_for_selector("#puzzle-reply:not([hidden])")
    assert page.inner_text("#puzzle-reply strong") == again
    # the position stays, nothing gives the answer away, and the answer is offered
    assert page.locator(".puzzle-answer").count() == 0
    assert "puzzle-tried" in (moves.nth(0).get_attribute("class") or "")
    assert page.locator("#show-answer").is_visible()
    moves.nth(1).click()
    page.wait_for_function(
        "document.querySelector('.puzzle-move.puzzle-tried[data-move=\"play K2+3\"]')"
    )
    page.click("#show-answer")
    page.wait_for_function(
        f"document.querySelector('#puzzle-reply strong').textContent.startsWith({shown!r})"
    )
    assert "puzzle-answer" in (moves.nth(ANSWER_AT).get_attribute("class") or "")
    assert page.locator("#show-answer").is_hidden()
    moves.nth(ANSWER_AT).click()
    page.wait_for_function(
        f"document.querySelector('#puzzle-reply strong').textContent === {right!r}"
    )
    if lang == "en":
        assert page.locator("#puzzle-reply p").all_inner_texts()[1:] == WHY_FIRST
    else:
        assert english_on(page, GAME) == []
    page.select_option("#difficulty", "hard")
    page.wait_for_function(f"document.querySelector('#puzzle-title').textContent === {hard!r}")
    first_hard = 1 + [p.difficulty for p in pz.shipped(GAME)].index("hard")
    assert f"n={first_hard}&difficulty=hard" in page.url
    assert page.locator("#puzzle-reply").is_hidden() and page.is_disabled("#previous")
    page.click("#next")
    page.wait_for_function("document.querySelector('#puzzle-title').textContent.includes('2')")
    assert f"n={first_hard + 1}&difficulty=hard" in page.url


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
    # weighed like `bazaar puzzle make` (the estimator seeds itself from the view): always these
    assert [(p.answer, p.seat, len(p.actions), p.difficulty) for p in found] == TABLE_PUZZLES
    for p in found:
        assert p.source == {"kind": "table", "table": table_id, "move": len(p.actions) + 1}
        assert p.actions == record["actions"][: len(p.actions)]
        assert p.answer == p.weighed["moves"][0]["notation"]
        assert p.answer in p.position().legal_notations()
    page.goto(f"{server.url}/puzzles/table/{table_id}?lang=en")
    page.wait_for_selector(".puzzle-move")
    assert page.inner_text("#puzzle-title") == "Puzzle 1 of 2 (Hard)"
    assert page.locator("#game").is_hidden()
    page.click(f".puzzle-move[data-move='{found[0].answer}']")
    page.wait_for_selector("#puzzle-reply:not([hidden])")
    assert page.inner_text("#puzzle-reply strong") == "Right!"
