"""Rule options ``dividend_table`` and ``deck``: the spec's two placeholder tables (§11) as
named sets of data.json, the placeholders the defaults (a default game plays as before)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bazaar.core.errors import BadOptions, BadRecord
from bazaar.core.rng import Rng
from bazaar.games.buy_low_sell_high import GAME, BlshState
from bazaar.games.buy_low_sell_high.components import (
    CARD_TYPES,
    COMPONENTS,
    DECK_SIZE,
    DECKS,
    DIVIDEND_TABLES,
    KINDS,
    NUM_CARDS,
    _deck,
    card_colour,
    card_type,
)
from bazaar.games.buy_low_sell_high.estimate import estimate_scores
from bazaar.games.buy_low_sell_high.features import layout
from tests.golden.record import step_digest
from tests.test_golden import golden

from .helpers import card_total, close_year, new, set_all_holdings, set_row, stored

#: per colour, copies of +3 +2 +1 -1 -2 -3 div news com
EVEN = (1, 1, 1, 1, 1, 1, 3, 3, 3)
PRICE_HEAVY = (2, 2, 2, 2, 2, 2, 1, 1, 1)


def per_colour(cards: list[int]) -> dict[int, tuple[int, ...]]:
    """Copies of each card type, per colour, among ``cards``."""
    counts = Counter(cards)
    return {
        k: tuple(counts[k * len(CARD_TYPES) + t] for t in range(len(CARD_TYPES)))
        for k in range(KINDS)
    }


def all_cards(s: BlshState) -> list[int]:
    cards = [*s.pile, *s.row, *s.news_on, *(c for d in s.discards for c in d)]
    return cards + [c for h in s.hands for c in range(NUM_CARDS) for _ in range(h[c])]


# ------------------------------------------------------------------ the options themselves
def test_the_options_their_choices_and_defaults() -> None:
    specs = {o.name: o for o in GAME.option_specs}
    assert (specs["dividend_table"].default, specs["dividend_table"].choices) == (
        "triangular",
        ("triangular", "linear"),
    )
    assert (specs["deck"].default, specs["deck"].choices) == ("even", ("even", "price_heavy"))
    assert DIVIDEND_TABLES == {"triangular": (0, 1, 3, 6, 10), "linear": (0, 2, 4, 6, 8)}
    assert COMPONENTS.deck == DECKS["even"] and COMPONENTS.dividend_table == (0, 1, 3, 6, 10)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"deck": "big"},
            "buy-low-sell-high: option 'deck' cannot be 'big' (allowed: 'even', 'price_heavy')",
        ),
        (
            {"dividend_table": "flat"},
            "buy-low-sell-high: option 'dividend_table' cannot be 'flat' "
            "(allowed: 'triangular', 'linear')",
        ),
        (
            {"deck": 1},
            "buy-low-sell-high: option 'deck' cannot be 1 (allowed: 'even', 'price_heavy')",
        ),
    ],
)
def test_a_bad_value_is_refused_naming_the_option_and_its_choices(options, message) -> None:
    with pytest.raises(BadOptions) as caught:
        GAME.new(3, 0, options)
    assert caught.value.message == message


def test_the_default_game_is_the_recorded_one() -> None:
    """The first golden game, with both options given at their defaults: the same bytes."""
    record = golden(GAME.id)[0]
    assert record["options"] == {}
    state = GAME.new(
        record["players"], record["seed"], {"dividend_table": "triangular", "deck": "even"}
    )
    assert step_digest(state, []) == record["digests"][0]
    for i, text in enumerate(record["actions"], start=1):
        events = state.apply(state.parse(text))
        assert step_digest(state, events) == record["digests"][i], (i, text)


# ------------------------------------------------------------------ the deck
@pytest.mark.parametrize(("deck", "counts"), [("even", EVEN), ("price_heavy", PRICE_HEAVY)])
def test_the_deck_of_each_option(deck: str, counts: tuple[int, ...]) -> None:
    assert len(DECKS[deck]) == DECK_SIZE == 45
    assert per_colour(list(DECKS[deck])) == {0: counts, 1: counts, 2: counts}
    s = new(4, 5, deck=deck)
    assert len(s.pile) == 45 - 20 and all(n == 5 for n in s.hand_n)
    assert per_colour(all_cards(s)) == {0: counts, 1: counts, 2: counts}
    assert s.rules.deck_counts == tuple(DECKS[deck].count(c) for c in range(NUM_CARDS))


def test_a_price_heavy_game_keeps_its_deck_to_the_end() -> None:
    """A random 4-player game: every card stays in play, restore and determinize keep it."""
    s = new(4, 9, deck="price_heavy", dividend_table="linear")
    moves = random.Random(9)
    expected = Counter(DECKS["price_heavy"])
    step = 0
    while not s.is_over():
        if step % 25 == 0:
            assert Counter(all_cards(s)) == expected
            assert GAME.restore(s.full_view()).full_view() == s.full_view()
            assert Counter(all_cards(s.determinize(s.cur, Rng(step)))) == expected
        s.apply(moves.choice(s.legal_actions()))
        step += 1
    assert card_total(s) == 45 and step > 100


def test_a_position_must_hold_the_deck_of_its_option() -> None:
    data = stored(new(3, 2, deck="price_heavy"))
    assert GAME.restore(data).options["deck"] == "price_heavy"
    data["options"]["deck"] = "even"
    with pytest.raises(BadRecord, match="must hold the 45-card deck exactly; extra: "):
        GAME.restore(data)


def test_a_deck_in_the_data_file_must_hold_45_cards() -> None:
    short = dict.fromkeys(
        ("bull+3", "bull+2", "bull+1", "bear-1", "bear-2", "bear-3", "news", "commission"), 1
    )
    with pytest.raises(ValueError, match="'short': 42 cards with 6 Breaking News; a deck holds 45"):
        _deck("short", {**short, "news": 2, "dividend": 5})
    with pytest.raises(ValueError, match="expected the counts of bear-1, bear-2"):
        _deck("missing", short)


# ------------------------------------------------------------------ the dividend table
@pytest.mark.parametrize(
    ("table", "cards", "per_share"),
    [
        ("triangular", 1, 1),
        ("triangular", 2, 3),
        ("triangular", 3, 6),
        ("linear", 0, 0),
        ("linear", 1, 2),
        ("linear", 2, 4),
        ("linear", 3, 6),
    ],
)
def test_year_end_dividends_under_each_table(table: str, cards: int, per_share: int) -> None:
    s = new(2, dividend_table=table)
    s = set_all_holdings(s, [[1, 2, 0], [3, 0, 1]])
    s = close_year(s, *["K1div"] * cards, "K2+1", "K2-1")
    assert s.money == [50 + 2 * per_share, 50]


@pytest.mark.parametrize(("table", "per_share"), [("triangular", 1), ("linear", 2)])
def test_price_heavy_dividends_under_each_table(table: str, per_share: int) -> None:
    """Nine cards fill the 2-player row: the one K1 Dividend and price cards netting 0."""
    s = new(2, deck="price_heavy", dividend_table=table)
    s = set_all_holdings(s, [[1, 2, 0], [3, 0, 1]])
    row = ("K0+1", "K0-1", "K0+2", "K0-2", "K1div", "K2+3", "K2-3", "K2+1", "K2-1")
    s = close_year(s, *row)
    assert s.money == [50 + 2 * per_share, 50]


def test_the_last_entry_pays_for_more_cards() -> None:
    assert [new(2, dividend_table="linear").rules.dividend(c) for c in (4, 5, 9)] == [8, 8, 8]
    assert [new(2).rules.dividend(c) for c in (4, 5, 9)] == [10, 10, 10]


def test_the_estimate_of_search_bots_reads_the_table() -> None:
    scores = {}
    for table in ("triangular", "linear"):
        s = set_row(new(2, dividend_table=table), "K1div", "K1div")
        scores[table] = estimate_scores(s)
    # each seat holds one K1: 2 Dividend cards pay $3 a share (triangular) or $4 (linear)
    assert [b - a for a, b in zip(scores["triangular"], scores["linear"], strict=True)] == [1, 1]


# ------------------------------------------------------------------ features
def test_features_name_the_table_and_the_deck_and_count_the_right_deck() -> None:
    features = layout(3)
    start = {
        g.name: sum(x.size for x in features.groups[:i]) for i, g in enumerate(features.groups)
    }
    size = {g.name: g.size for g in features.groups}
    for options, flags in [
        ({}, [1.0, 0.0, 1.0, 0.0]),
        ({"dividend_table": "linear", "deck": "price_heavy"}, [0.0, 1.0, 0.0, 1.0]),
    ]:
        s = new(3, 4, **options)
        v = features.encode(s, 0)
        end = start["options"] + size["options"]
        assert v[end - 4 : end] == flags
        unseen = v[start["unseen"] : start["unseen"] + NUM_CARDS]
        assert round(sum(unseen) * 3) == 45 - 5  # the copies are scaled by 3
        hidden = Counter(all_cards(s)) - Counter(
            c for c in range(NUM_CARDS) for _ in range(s.hands[0][c])
        )
        assert [round(x * 3) for x in unseen] == [hidden[c] for c in range(NUM_CARDS)]


def test_the_card_ids_are_the_same_in_every_deck() -> None:
    for deck in DECKS.values():
        assert {(card_colour(c), card_type(c)) for c in deck} == {
            (k, t) for k in range(KINDS) for t in range(len(CARD_TYPES))
        }


# ------------------------------------------------------------------ the players' rulebook
def test_the_rulebook_lists_both_options_in_both_languages() -> None:
    from bazaar.core.rulebook import rulebook

    book = rulebook(GAME.id)
    assert (
        "- **Dividend per share**: 0, 1, 2, 3, 4+ cards pay $0, $1, $3, $6, $10 (the usual rule) "
        "or each card pays $2." in book.text("en")
    )
    assert (
        "- **Market cards**: 1 of each bull and bear card and 3 of each other card per stock "
        "(the usual rule) or 2 of each bull and bear card and 1 of each other card per stock."
        in book.text("en")
    )
    zh = book.text("zh-TW")
    assert (
        "- **每股股利**：股利卡0、1、2、3、4張以上分別發$0、$1、$3、$6、$10（一般規則），"
        "或每張股利卡發$2。" in zh
    )
    assert (
        "- **市場卡組成**：每種股票的牛市卡與熊市卡每種點數各1張，其他卡各3張（一般規則），"
        "或每種股票的牛市卡與熊市卡每種點數各2張，其他卡各1張。" in zh
    )
