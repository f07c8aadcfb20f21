"""Take Stock's players' rulebook: both texts have the same sections, every picture is a legal
position that the texts show, the Rules dialog opens at the right section for every phase, the
zh-TW text has no English, and the worked examples' numbers are what the engine says."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt

from bazaar.core.registry import get_game
from bazaar.core.rulebook import Picture
from bazaar.games.take_stock import rulebook as RB
from tests.no_english import english_tokens

GAME = get_game("take-stock")
TEXT_DIR = Path(RB.__file__).parent / "rulebook"
HEADING = re.compile(r"^## +.+? +\{#([a-z0-9-]+)\} *$")
PICTURE = re.compile(r"^!\[([^\]]+)\]\(pictures/([a-z0-9-]+)\.svg\) *$")
LANGS = ("en", "zh-TW")


def text(lang: str) -> str:
    return (TEXT_DIR / f"{lang}.md").read_text("utf-8")


def lines(lang: str) -> list[str]:
    return text(lang).splitlines()


@cache
def position(name: str) -> Any:
    """The state of picture ``name`` (its actions applied, each checked legal)."""
    picture = RB.PICTURES[name]
    state = GAME.new(picture.players, picture.seed, dict(picture.options))
    for text_move in picture.actions:
        action = state.parse(text_move)
        assert action in state.legal_actions(), (name, text_move)
        state.apply(action)
    return state


def view(name: str, seat: int | None = 0) -> dict[str, Any]:
    return position(name).view(seat)


def stock(v: dict[str, Any], letter: str) -> dict[str, Any]:
    return next(s for s in v["stocks"] if s["letter"] == letter)


# --------------------------------------------------------------------------- the format


def test_both_texts_have_the_sections_in_order() -> None:
    for lang in LANGS:
        ids = [m[1] for line in lines(lang) if (m := HEADING.match(line))]
        assert tuple(ids) == RB.SECTIONS, lang
    assert RB.SECTIONS[0] == "goal" and RB.SECTIONS[-1] == "house-rules"


def test_house_rules_line_once_in_the_last_section() -> None:
    for lang in LANGS:
        body = text(lang)
        assert body.count("{{house-rules}}") == 1, lang
        assert body.index("{{house-rules}}") > body.index("{#house-rules}"), lang


def test_every_picture_is_shown_in_both_texts_once_in_the_same_order() -> None:
    shown = {lang: [m[2] for line in lines(lang) if (m := PICTURE.match(line))] for lang in LANGS}
    assert shown["en"] == shown["zh-TW"]
    assert sorted(shown["en"]) == sorted(RB.PICTURES)
    assert len(set(shown["en"])) == len(shown["en"])
    for lang in LANGS:  # no picture line that the pattern misses
        assert text(lang).count("](pictures/") == len(RB.PICTURES), lang


def test_pictures_are_positions_of_one_game_with_legal_actions() -> None:
    for name, picture in RB.PICTURES.items():
        assert isinstance(picture, Picture)
        assert (picture.players, picture.seed, picture.seat) == (3, 2431, 0), name
        state, moves = picture.play(GAME, name)
        assert len(moves) == len(picture.actions), name
        assert state == position(name), name


def test_every_picture_is_drawn_in_both_languages() -> None:
    drawn = sorted(p.name for p in (TEXT_DIR / "pictures").glob("*.svg"))
    assert drawn == sorted(f"{name}.{lang}.svg" for name in RB.PICTURES for lang in LANGS)
    for name in RB.PICTURES:  # drawn from the seat's view of the right game
        assert 'aria-label="股市大亨"' in (TEXT_DIR / "pictures" / f"{name}.zh-TW.svg").read_text()


def test_zh_tw_text_has_no_english() -> None:
    found = []
    for line in lines("zh-TW"):
        line = PICTURE.sub(r"\1", line)  # the caption is read; the file name is not
        line = re.sub(r"\{#[a-z0-9-]+\}", "", line).replace("{{house-rules}}", "")
        found.extend(english_tokens("take-stock", line))
    assert found == []


def test_bold_and_italics_all_render() -> None:
    markdown = MarkdownIt("commonmark").enable("table")
    for lang in LANGS:
        page = markdown.render(text(lang))
        assert "**" not in page and "<strong>" in page, lang


def test_no_spec_notes_or_commands_in_the_texts() -> None:
    for lang in LANGS:
        body = text(lang)
        for word in ("[A", "§", "bazaar ", "--option", "`"):
            assert word not in body, (lang, word)


# --------------------------------------------------------------------------- section_for


EXPECTED_SECTION = {
    "action": "turn",
    "choose-event": "events",
    "insider": "event-cards",
    "audit": "event-cards",
    "target": "event-cards",
    "freeze": "event-cards",
    "upturn": "event-cards",
    "exercise": "round-end",
    "over": "game-end",
}


def views_of_every_phase() -> dict[str, list[dict[str, Any]]]:
    """Views (a spectator's and every seat's) from seeded games played with event-loving
    random moves, until every phase has been seen."""
    found: dict[str, list[dict[str, Any]]] = {}
    for seed in range(20):
        state = GAME.new(3, seed, {})
        rng = random.Random(seed)
        while True:
            phase = state.view(None)["phase"]
            if phase not in found:
                found[phase] = [state.view(None), *(state.view(q) for q in range(3))]
            if state.is_over():
                break
            legal = state.legal_actions()
            lively = [a for a in legal if not state.notation(a).startswith(("buy", "event1"))]
            state.apply(rng.choice(lively or legal))
        if len(found) == len(EXPECTED_SECTION):
            break
    return found


def test_section_for_every_phase_of_seeded_games() -> None:
    found = views_of_every_phase()
    assert sorted(found) == sorted(EXPECTED_SECTION)
    for phase, views in found.items():
        for v in views:
            assert RB.section_for(v) == EXPECTED_SECTION[phase], (phase, v["seat"])
    assert set(EXPECTED_SECTION.values()) <= set(RB.SECTIONS)


def test_section_for_the_pictures() -> None:
    sections = {name: RB.section_for(view(name)) for name in RB.PICTURES}
    assert sections == {
        "setup": "turn",
        "manipulate": "turn",
        "make-event": "events",
        "split": "turn",
        "buy": "turn",
        "round-end": "round-end",
        "scoring": "turn",
    }


# --------------------------------------------------------------------------- worked examples


def test_setup_example() -> None:
    v = view("setup")
    assert (v["dealer"], v["start_player"], v["to_move"]) == (2, 0, 0)  # Seat 3 deals
    assert v["hand"] == ["C5", "C9", "C11", "G9", "O2", "O6", "M12"]
    assert [s["hand_size"] for s in v["seats"]] == [7, 6, 6]
    assert [s["tokens"] for s in v["seats"]] == [4, 4, 4]
    assert v["market_closed_position"] == 30
    assert v["hold_limit"] == 1
    assert all(s["cards"] == [s["letter"] + "1"] and s["price"] == 1 for s in v["stocks"])


def test_manipulate_example() -> None:
    before = position("setup")
    plays = sorted(n for n in map(before.notation, before.legal_actions()) if n.startswith("play"))
    assert plays == ["play C5", "play O2"]  # Cereal 9 is more than 1 + 4
    cereal = stock(view("manipulate"), "C")
    assert (cereal["cards"], cereal["value"], cereal["price"]) == (["C1", "C5"], 5, 5)


def test_make_event_example() -> None:
    v = view("make-event")
    assert v["phase"] == "choose-event"
    assert sorted(v["drawn_events"]) == ["split-C", "split-G"]
    assert v["market_closed_position"] == 28
    assert view("make-event", 1)["drawn_events"] == []  # the others do not see them


def test_split_example() -> None:
    v = view("split")
    cereal = stock(v, "C")
    assert (cereal["value"], cereal["splits"], cereal["price"]) == (5, 1, 10)
    assert cereal["length"] == 3 and v["hold_limit"] == 3
    assert v["seats"][0]["certificates"] == ["C9"] and 2 * cereal["price"] == 20
    assert view("split", 1)["event_discard"] == ["?"]  # the gems split, face down
    assert view("split", 0)["event_discard"] == ["split-G"]


def test_buy_example() -> None:
    before = RB.Picture(3, 2431, RB.ROUND_ONE[: RB.BUY - 1]).position(GAME).view(0)
    assert [(s["letter"], s["length"]) for s in before["stocks"] if s["length"] > 1] == [
        ("C", 2),
        ("O", 2),
    ]
    assert before["hold_limit"] == 2 and before["seats"][0]["certificates"] == []
    v = view("buy")
    assert v["seats"][0]["certificates"] == ["C9"]
    assert v["seats"][0]["shares"][0] == 2  # 2 shares of cereal
    assert v["share_discard"][-1] == "M12"
    assert 2 * stock(v, "C")["price"] == 10


def test_cereal_8_example() -> None:
    assert RB.ROUND_ONE[10] == "play C8"
    state = RB.Picture(3, 2431, RB.ROUND_ONE[:11]).position(GAME)
    assert stock(state.view(None), "C")["price"] == 16


def test_round_end_example() -> None:
    v = view("round-end")
    assert v["phase"] == "exercise" and v["round_end"] == "value-11-12"
    assert stock(v, "C")["price"] == 22
    assert v["hand"] == ["C7", "G8", "G9", "O6", "O11"]
    assert "C12" in position("round-end").view(2)["hand"]
    assert RB.OPTIONS_USED == ("exercise C7", "exercise T12", "exercise C12")


def test_scoring_example() -> None:
    v = view("scoring")
    assert v["round"] == 2 and v["phase"] == "action"
    assert [s["round_scores"] for s in v["seats"]] == [[88], [40], [86]]
    assert [s["total"] for s in v["seats"]] == [88, 40, 86]
    assert (v["dealer"], v["start_player"]) == (1, 2)  # Seat 2 deals, Seat 3 starts
    assert [s["tokens"] for s in v["seats"]] == [3, 3, 3]
    assert v["market_closed_position"] == 28 and v["event_deck"] == 40
    prices = {s["letter"]: s["price"] for s in view("round-end")["stocks"]}
    assert prices == {"C": 22, "G": 6, "T": 5, "O": 5, "M": 1}
    # the table of the scoring section: shares × price per certificate
    shares = v["share_symbols"]  # by value 1..12
    held = {0: ["C9", "C7"], 1: ["T10", "T12", "O9"], 2: ["C12", "G11", "M9"]}
    exercised = {0: "C7", 1: "T12", 2: "C12"}
    for seat, cards in held.items():
        certificates = view("round-end")["seats"][seat]["certificates"]
        assert sorted([*certificates, exercised[seat]]) == sorted(cards)
        total = sum(shares[int(c[1:]) - 1] * prices[c[0]] for c in cards)
        assert total == [88, 40, 86][seat]
    symbols = [shares[int(c[1:]) - 1] for c in ("C9", "C7", "C12", "G11", "M9", "T10")]
    assert symbols == [2, 2, 3, 3, 2, 3]


@pytest.mark.parametrize("lang", LANGS)
def test_texts_state_the_checked_numbers(lang: str) -> None:
    body = text(lang)
    for number in ("5 × 2 = 10", "8 × 2 = 16", "11 × 2 = 22", "**88**", "**40**", "**86**"):
        assert number in body, (lang, number)
