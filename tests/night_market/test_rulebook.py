"""Taiwan Night Market's players' rulebook: both texts have the same sections and pictures,
every picture is a legal position, ``section_for`` names the section of each phase, the zh-TW
text has no English, and every worked example's numbers are what the engine plays."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bazaar.core.game import Event
from bazaar.core.rulebook import MARKDOWN, rulebook
from bazaar.games.night_market import GAME, NightMarketState
from bazaar.games.night_market import rulebook as R
from bazaar.games.night_market.components import CHAIN, PATHS
from tests.no_english import english_tokens

FOLDER = Path(R.__file__).parent / "rulebook"
LANGS = ("en", "zh-TW")
HEADING = re.compile(r"^## (.+?) \{#([a-z0-9-]+)\}$", re.M)
PICTURE = re.compile(r"^!\[([^\]]+)\]\(pictures/([a-z0-9-]+)\.svg\)$", re.M)


def text(lang: str) -> str:
    return (FOLDER / f"{lang}.md").read_text(encoding="utf-8")


def play(actions: tuple[str, ...], **options: Any) -> tuple[NightMarketState, list[Event]]:
    """The example game after ``actions``, and the events of the last one."""
    s = GAME.new(R.EXAMPLE_PLAYERS, R.EXAMPLE_SEED, options)
    events: list[Event] = []
    for note in actions:
        action = s.parse(note)
        assert action in s.legal_actions(), note
        events = s.apply(action)
    assert isinstance(s, NightMarketState)
    return s, events


def walks(events: list[Event]) -> list[tuple[str, str, int | None, str | None]]:
    """Each customer's walk in ``events``: (customer, entrance, lot it ate at, where it went)."""
    return [
        (e.data["customer"], e.data["from"], e.data["lot"], e.data["to"])
        for e in events
        if e.kind == "move"
    ]


# ------------------------------------------------------------------ the texts
def test_both_texts_have_the_sections_in_order() -> None:
    for lang in LANGS:
        assert tuple(i for _, i in HEADING.findall(text(lang))) == R.SECTIONS, lang


def test_every_picture_is_named_once_in_each_text_in_the_same_order() -> None:
    for lang in LANGS:
        named = [p for _, p in PICTURE.findall(text(lang))]
        assert named == ["setup", "bidding", "building", "walk", "connected", "end"], lang
        assert sorted(named) == sorted(R.PICTURES), lang
        assert "](pictures/" not in PICTURE.sub("", text(lang)), f"{lang}: a picture off its line"


def test_each_text_has_one_house_rules_line_in_its_section() -> None:
    for lang in LANGS:
        body = text(lang)
        assert body.count("{{house-rules}}") == 1, lang
        assert body.index("{#house-rules}") < body.index("{{house-rules}}"), lang


def test_zh_tw_text_has_no_english() -> None:
    body = text("zh-TW")
    body = re.sub(r"\{#[a-z0-9-]+\}|\(pictures/[a-z0-9-]+\.svg\)|\{\{house-rules\}\}", "", body)
    found = [
        (n, w)
        for n, line in enumerate(body.splitlines(), 1)
        for w in english_tokens("night-market", line)
    ]
    assert found == []


def test_texts_use_stall_words_not_the_notation() -> None:
    for lang in LANGS:
        assert re.search(r"\bT[0-3]", text(lang)) is None, lang
        assert re.search(r"§|\[A[]:]", text(lang)) is None, lang
        assert "bazaar " not in text(lang) and "--option" not in text(lang), lang


# ------------------------------------------------------------------ pictures and sections
def test_every_picture_is_a_legal_position_of_the_example_game() -> None:
    for name, p in R.PICTURES.items():
        assert (p.players, p.seed, dict(p.options)) == (4, 1, {}), name
        play(p.actions)
        assert p.seat is None or 0 <= p.seat < p.players, name
    assert play(R.EXAMPLE_GAME)[0].is_over()


def test_pictures_show_what_the_text_explains() -> None:
    phase = {name: play(p.actions)[0].view(p.seat)["phase"] for name, p in R.PICTURES.items()}
    assert phase == {
        "setup": "hide",
        "bidding": "bid",
        "building": "build",
        "walk": "hide",
        "connected": "bid",
        "end": "over",
    }
    assert play(R.PICTURES["bidding"].actions)[0].view(0)["bidding"]["compensation"] is True
    assert play(R.PICTURES["walk"].actions)[0].view(0)["round"] == 2
    assert play(R.PICTURES["connected"].actions)[0].view(0)["round"] == 5


def test_section_for_names_the_section_of_every_phase_of_the_example_game() -> None:
    seen: dict[str, set[str]] = {}
    s = GAME.new(R.EXAMPLE_PLAYERS, R.EXAMPLE_SEED, {})
    for note in (*R.EXAMPLE_GAME, None):
        for seat in (None, 0, 2):
            view = s.view(seat)
            seen.setdefault(view["phase"], set()).add(R.section_for(view))
        if note is not None:
            s.apply(s.parse(note))
    assert seen == {
        "hide": {"customers"},
        "bid": {"bidding"},
        "bid-amount": {"bidding"},
        "build": {"building"},
        "over": {"end"},
    }


def test_section_for_the_voluntary_loan_phase_is_payment() -> None:
    s, _ = play(R.PAID, voluntary_loans=True)
    assert s.view(None)["phase"] == "loan"
    assert R.section_for(s.view(None)) == R.section_for(s.view(0)) == "payment"
    assert all(R.section_for({"phase": p}) in R.SECTIONS for p in R.PHASE_SECTIONS)
    assert R.section_for({}) == "round"


# ------------------------------------------------------------------ the worked examples
def both(*figures: str) -> None:
    """Each figure the examples state appears in both texts."""
    for lang in LANGS:
        for figure in figures:
            assert figure in text(lang), (lang, figure)


def test_example_setup() -> None:
    v = play(())[0].view(0)
    assert [lot["lot"] for lot in v["lots"] if lot["status"] == "removed"] == [5, 8, 20, 23, 24]
    assert [a["lot"] for a in v["auction"]] == [12, 17, 21, 22, 30]
    assert v["cash"] == [13, 12, 11, 10]
    assert v["hand"] == ["T1E", "T1F", "T2F", "T3G"]
    both("$13", "$12", "$11", "$10")


def test_example_bidding_and_the_compensation_bid() -> None:
    s, _ = play(R.BIDDING_DONE_TWICE)
    v = s.view(0)
    tops = {a["lot"]: (a["top"], a["leader"]) for a in v["auction"]}
    assert tops == {12: (5, 2), 17: (7, 2), 21: (8, 3), 22: (6, 1), 30: (6, 1)}
    assert v["bidding"]["compensation"] is True and v["to_move"] == 0
    s, events = play(R.PAID)
    paid = [(e.data["seat"], e.data["lot"], e.data["amount"]) for e in events if e.kind == "pay"]
    assert sorted(paid) == [(0, 22, 8), (1, 30, 6), (2, 12, 5), (2, 17, 7), (3, 21, 8)]
    both("$8", "$6", "$7", "$5", "$4")


def test_example_payment_and_the_loan() -> None:
    v = play(R.PAID)[0].view(0)
    assert v["cash"] == [5, 6, 4, 2]
    assert v["loans"] == [0, 0, 1, 0]
    assert v["phase"] == "build" and v["to_move"] == 0
    both("$12", "$11", "$4")


def test_example_building_and_the_walk_of_round_1() -> None:
    s, events = play(R.ROUND_1)
    stalls = {
        lot["lot"]: (lot["owner"], lot["stall"])
        for lot in s.view(0)["lots"]
        if lot["owner"] is not None
    }
    assert stalls == {22: (0, "T0"), 30: (1, "T1"), 12: (2, "T3"), 17: (2, "T1"), 21: (3, "T1")}
    assert walks(events) == [
        ("T0E", "E", None, "C"),
        ("T1F", "F", None, "C"),
        ("T1E", "E", None, "C"),
        ("T3C", "C", 12, None),
        ("T2B", "B", None, "A"),
        ("T1A", "A", 21, None),
        ("T0A", "A", 22, None),
        ("T0A", "A", None, "out"),
    ]


def test_example_income_and_turn_order_of_round_1() -> None:
    v = play(R.ROUND_1)[0].view(0)
    assert v["last_income"] == [3, 0, 3, 3]
    assert v["cash"] == [8, 6, 7, 5]
    assert v["lots_owned"] == [1, 1, 2, 1]
    assert v["turn_order"] == [2, 0, 1, 3]
    both("$3", "$0", "$8", "$6", "$5")


def test_example_the_waiting_customer_eats_in_round_2() -> None:
    _, events = play(R.ROUND_1 + R.ROUND_2)
    assert ("T0E", "C", 22, None) in walks(events)


def test_example_connected_stall_of_round_4() -> None:
    s, events = play(R.ROUND_1 + R.ROUND_2 + R.ROUND_3 + R.ROUND_4)
    lots = {lot["lot"]: lot for lot in s.view(0)["lots"]}
    assert [(lots[n]["owner"], lots[n]["stall"], lots[n]["won_round"]) for n in (13, 14)] == [
        (0, "T1", 4),
        (0, "T1", 3),
    ]
    seat_1 = sorted((c, e, lot) for c, e, lot, _ in walks(events) if lot in (1, 11, 13, 14, 22))
    assert seat_1 == [
        ("T0C", "C", 22),
        ("T0F", "F", 1),
        ("T1F", "F", 14),
        ("T1F", "F", 14),
        ("T2F", "C", 11),
    ]
    income = [e.data["income"] for e in events if e.kind == "income"]
    assert income == [[17, 6, 6, 9]]
    both("$17", "$4", "$8")


def test_example_final_round() -> None:
    s, events = play(R.EXAMPLE_GAME)
    at_15 = [c for c, _, lot, _ in walks(events) if lot == 15]
    assert at_15 == ["T1B", "T1C", "T1B"]
    lots = {lot["lot"]: lot for lot in s.view(None)["lots"]}
    assert [(lots[n]["owner"], lots[n]["stall"]) for n in (13, 14, 15)] == [(0, "T1")] * 3
    assert lots[15]["won_round"] == 5
    v = s.view(None)
    assert v["last_income"] == [24, 12, 15, 18]
    assert v["last_bonus"] == [8, 0, 0, 8]
    both("$15", "$8", "$4")


def test_example_end() -> None:
    v = play(R.EXAMPLE_GAME)[0].view(None)
    assert v["loans"] == [0, 1, 2, 2]
    assert v["scores"] == [42, 9, 3, 15]
    assert v["winners"] == [0]
    both("$42", "$9", "$3", "$15")


@pytest.mark.parametrize("lang", LANGS)
def test_the_walking_ways_in_the_text_are_the_boards(lang: str) -> None:
    """The table of the three ways lists the board's paths, lot by lot."""
    rows = re.findall(r"^\|[^|]+\| ((?:\d+[、, ]+)+\d+) \|$", text(lang), re.M)
    found = [[int(n) for n in re.findall(r"\d+", row)] for row in rows]
    assert found == [[lot + 1 for lot in PATHS[p]] for p in range(len(CHAIN))]


# ------------------------------------------------------------------ through the rulebook core
def test_the_rulebook_core_loads_the_night_market_rulebook() -> None:
    book = rulebook("night-market")
    assert book.sections == R.SECTIONS
    for lang in LANGS:
        assert [s.id for s in book.parsed(lang)[1]] == list(R.SECTIONS), lang
        assert book.picture_ids(lang) == list(R.PICTURES), lang
        assert "{{house-rules}}" not in book.text(lang), lang
        for name in R.PICTURES:
            assert book.picture_file(f"{name}.{lang}.svg").startswith(b"<svg"), (lang, name)


def test_the_pictures_play_through_the_rulebook_core() -> None:
    for name, picture in R.PICTURES.items():
        state, moves = picture.play(GAME, name)
        assert [m.notation for m in moves] == list(picture.actions), name
        assert state.view(picture.seat)["phase"] in R.PHASE_SECTIONS, name


def test_every_bold_and_heading_renders() -> None:
    """No ``**`` left over in the HTML: in CJK text a closing ``**`` after 。 or ： before a
    character does not close (CommonMark), so the punctuation goes after it."""
    for lang in LANGS:
        assert "**" not in MARKDOWN.render(text(lang)), lang
