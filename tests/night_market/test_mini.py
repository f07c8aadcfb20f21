"""Option ``size``: the mini study variant is what rules.en.md says, and normal is unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from bazaar.core.errors import BadOptions
from bazaar.core.rng import Rng
from bazaar.games.night_market import GAME
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.state import BID, BUILD


def play_out(players: int, seed: int, options: dict[str, Any]) -> list[tuple[int, str]]:
    """The (round, phase) steps of one seeded random game, in order of play (repeats removed);
    every position on the way restores to an equal state."""
    s = GAME.new(players, seed, options)
    rng = Rng(seed)
    steps = [(s.round, s.full_view()["phase"])]
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        again = GAME.restore(s.full_view())
        assert again == s and again.legal_actions() == s.legal_actions()
        step = (s.round, s.full_view()["phase"])
        if step != steps[-1]:
            steps.append(step)
    return steps


@pytest.mark.parametrize(("players", "lots", "cash"), [(3, 1, [1, 0, 0]), (4, 2, [1, 0, 0, 0])])
def test_mini_has_the_numbers_of_the_rules(players: int, lots: int, cash: list[int]) -> None:
    s = GAME.new(players, 7, {"size": "mini"})
    view = s.view(0)
    assert (view["round"], view["rounds"]) == (1, 2)
    assert view["cash"] == cash and view["loans"] == [0] * players
    assert view["free_markers"] == [2] * players  # 3 markers, 1 on the turn-order track
    assert len(view["auction"]) == lots
    assert [len(h) for h in s.hands] == [2] * players
    assert len(s.waiting) == 2  # the public customers
    assert s.supply == [1, 1, 1, 1]
    assert (s.rules.loan_amount, s.rules.loan_repay, s.rules.loan_max) == (1, 2, 1)
    assert s.rules.hidden == (1, 2)


def test_the_long_three_player_mini_has_three_rounds() -> None:
    s = GAME.new(3, 7, {"size": "mini", "three_player_long": True})
    assert (s.rules.last_round, s.rules.hidden) == (3, (1, 1, 2))


def test_a_round_1_bid_is_at_most_cash_plus_one_loan_of_1() -> None:
    s = GAME.new(3, 0, {"size": "mini"})
    while s.phase != BID:
        s.apply(s.legal_actions()[0])
    assert s.cur == 0  # the start player: $1 + a $1 loan
    lot = s.auction[0]
    s.apply(A.bid_lot(lot))
    assert s.legal_actions() == [A.value(0), A.value(1), A.value(2)]


def test_a_mini_game_plays_every_phase_of_both_rounds() -> None:
    steps = play_out(3, 3, {"size": "mini"})
    assert steps[0] == (1, "hide") and steps[-1] == (2, "over")
    assert {phase for _, phase in steps} == {"hide", "bid", "bid-amount", "build", "over"}
    assert {r for r, phase in steps if phase == "hide"} == {1}  # round 2 hides the whole hand


def test_a_won_lot_costs_its_bid_and_a_short_payment_forces_the_1_loan() -> None:
    s = GAME.new(3, 0, {"size": "mini"})
    while s.phase != BID:
        s.apply(s.legal_actions()[0])
    s.apply(A.bid_lot(s.auction[0]))
    s.apply(A.value(2))  # the start player bids $2 with $1 cash: nobody can top it
    assert s.phase == BUILD and s.owner[s.slot] == 0
    assert s.loans == [1, 0, 0] and s.cash == [0, 0, 0]  # $1 + a $1 loan - $2


def test_normal_is_the_default_and_unchanged() -> None:
    assert GAME.default_options()["size"] == "normal"
    s = GAME.new(3, 7)
    view = s.view(0)
    assert (view["rounds"], view["cash"], view["free_markers"]) == (5, [12, 11, 10], [11] * 3)
    assert len(view["auction"]) == 4 and [len(h) for h in s.hands] == [4, 4, 4]
    assert s.full_view() == GAME.new(3, 7, {"size": "normal"}).full_view()


def test_a_position_stored_before_the_option_existed_restores_as_normal() -> None:
    data = GAME.new(3, 5).full_view()
    del data["options"]["size"]
    assert GAME.restore(data) == GAME.new(3, 5)


def test_an_unknown_size_is_refused_naming_the_option() -> None:
    with pytest.raises(BadOptions, match="option 'size' cannot be 'tiny'"):
        GAME.new(3, 0, {"size": "tiny"})
