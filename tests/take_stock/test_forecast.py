"""Where a row is expected to stand at the round end (bazaar/games/take_stock/forecast.py): the
heuristic player's projection, from the public row and one seat's own hand."""

from __future__ import annotations

import pytest

from bazaar.games.take_stock.components import STOCK_OF
from bazaar.games.take_stock.forecast import MAX_STEP, TOP_SAFE, projected_top
from tests.take_stock.helpers import card


def hand(*names: str) -> list[int]:
    return [card(n) for n in names]


def test_an_open_row_rises_by_the_drift_and_part_of_what_the_hand_can_push() -> None:
    corn = STOCK_OF[card("C4")]
    assert MAX_STEP == 4 and TOP_SAFE == 10
    # C4 then C6 climb corn from 3 to 6 (each step at most 4): 3 + 0.75 + 0.3 * (6 - 3)
    assert projected_top(3, 0, hand("C4", "C6", "T9"), corn, 0.75, 0.3) == pytest.approx(4.65)
    # in the hand's order: C8 is too far from 3 until C6 is played, and it comes first
    assert projected_top(3, 0, hand("C8", "C6"), corn, 0.75, 0.3) == pytest.approx(4.65)
    # no card of the stock: the drift alone
    assert projected_top(3, 0, hand("T9"), corn, 0.75, 0.3) == pytest.approx(3.75)


def test_a_frozen_or_high_row_keeps_its_top_and_none_passes_the_safe_top() -> None:
    corn = STOCK_OF[card("C4")]
    assert projected_top(3, 1, hand("C4"), corn, 0.75, 0.3) == 3.0  # frozen
    assert projected_top(10, 0, hand("C11"), corn, 0.75, 0.3) == 10.0  # at the safe top
    # 9 + 1.5 + 0.3 * (10 - 9) = 10.8: held at 10, the highest value that ends no round
    assert projected_top(9, 0, hand("C10", "C12"), corn, 1.5, 0.3) == TOP_SAFE
