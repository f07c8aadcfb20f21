"""Option ``size``: the mini study variant is what rules.en.md says, and normal is unchanged."""

from __future__ import annotations

from collections import Counter

import pytest

from bazaar.core.errors import BadOptions, BadRecord
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.games.take_stock.components import CARD_NAMES, KIND_NAMES, SIZES
from bazaar.games.take_stock.state import KIND_MASK, TakeStockState

GAME = get_game("take-stock")
MINI = {"size": "mini"}
MINI_CARDS = ["C2", "C3", "C5", "C7", "C9", "C11", "G2", "G3", "G5", "G7", "G9", "G11"]
MINI_EVENTS = [
    "split-C", "split-G", "crash-C", "insider-G", "audit", "freeze", "no-change", "upturn",
    "downturn", "option-gained", "option-lost", "market-crash", "market-closed",
]  # fmt: skip


def new(players: int, seed: int, options: dict[str, str] | None = None) -> TakeStockState:
    state = GAME.new(players, seed, options)
    assert isinstance(state, TakeStockState)
    return state


def play_out(players: int, seed: int) -> TakeStockState:
    """One seeded random mini game, each position restored on the way."""
    s = new(players, seed, MINI)
    rng = Rng(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        again = GAME.restore(s.full_view())
        assert again == s and again.legal_actions() == s.legal_actions()
    return s


def test_the_mini_cards_are_cards_of_the_normal_game() -> None:
    mini = SIZES["mini"]
    assert [CARD_NAMES[c] for c in mini.dealt_cards] == MINI_CARDS
    assert [KIND_NAMES[k] for k in mini.event_deck] == MINI_EVENTS
    assert (mini.rounds, mini.cards_dealt) == (1, 1)
    assert (SIZES["normal"].rounds, len(SIZES["normal"].dealt_cards)) == (4, 55)
    assert len(SIZES["normal"].event_deck) == 40


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_mini_deals_one_card_each_from_twelve_for_one_round(players: int) -> None:
    s = new(players, 7, MINI)
    view = s.view(0)
    assert (view["round"], view["rounds"]) == (1, 1)
    first = view["to_move"]  # the starting player has drawn already
    assert [seat["hand_size"] for seat in view["seats"]] == [
        2 if q == first else 1 for q in range(players)
    ]
    assert view["share_draw"] == 12 - players - 1
    assert view["event_deck"] == 13 and view["market_closed_position"] == 3
    assert [seat["tokens"] for seat in view["seats"]] == [4] * players
    held = sorted(c for h in s.hands for c in h) + s.sdraw
    assert sorted(CARD_NAMES[c] for c in held) == sorted(MINI_CARDS)
    deck = Counter(KIND_NAMES[e & KIND_MASK] for e in s.edeck)
    assert deck == Counter(MINI_EVENTS)


def test_a_mini_game_ends_after_one_scoring_with_cereal_and_gems_only() -> None:
    s = play_out(2, 3)
    view = s.full_view()
    assert view["phase"] == "over" and view["round"] == 1
    assert [len(seat["round_scores"]) for seat in view["seats"]] == [1, 1]
    for stock in view["stocks"][2:]:  # tech, oil and movies keep their starter 1
        assert len(stock["cards"]) == 1
    certs = [c for seat in view["seats"] for c in seat["certificates"]]
    assert all(c[0] in "CG" for c in certs)


def test_many_mini_games_end_and_restore() -> None:
    ends = Counter(play_out(2, seed).full_view()["round_end"] for seed in range(40))
    assert sum(ends.values()) == 40
    assert set(ends) <= {"market-closed", "value-11-12", "hand-empty", "deck-empty"}
    assert ends["market-closed"] > 0 and ends["hand-empty"] > 0


def test_normal_is_the_default_and_unchanged() -> None:
    assert GAME.default_options()["size"] == "normal"
    s = new(2, 7)
    view = s.view(0)
    assert (view["rounds"], view["event_deck"], view["share_draw"]) == (4, 40, 55 - 15)
    assert s.full_view() == new(2, 7, {"size": "normal"}).full_view()


def test_a_position_stored_before_the_option_existed_restores_as_normal() -> None:
    data = new(3, 5).full_view()
    del data["options"]["size"]
    assert GAME.restore(data) == new(3, 5)


def test_a_mini_position_with_a_card_of_the_normal_game_only_is_refused() -> None:
    data = new(2, 5, MINI).full_view()
    data["share_draw_order"].append("O7")
    refused = r"share_draw_order.*holds cards not in this game: \['O7'\]"
    with pytest.raises(BadRecord, match=refused):
        GAME.restore(data)
    data = new(2, 5, MINI).full_view()
    data["options"]["size"] = "normal"
    with pytest.raises(BadRecord, match="miss these share cards"):
        GAME.restore(data)


def test_an_unknown_size_is_refused_naming_the_option() -> None:
    with pytest.raises(BadOptions, match="option 'size' cannot be 'tiny'"):
        GAME.new(2, 0, {"size": "tiny"})
