"""Exact methods on the Take Stock mini variant (issue 26): its whole OpenSpiel tree walks,
and CFR+ lowers the NashConv of its average policy.

The pinned figures are the measured trees and values (docs/openspiel.md, "Mini variants for
exact methods"): a rule change that alters the tree fails them. The one-deal tree is small
(5,899 nodes), so a few CFR+ iterations run in the default suite; more deals run with
BAZAAR_LONG_TESTS=1.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, exploitability

from tests.interop.test_mini_cfr import TreeSize, mini, walk
from tests.scale import LONG, LONG_VARIABLE

GAME_ID = "take-stock"


def test_the_take_stock_mini_tree_has_its_measured_size() -> None:
    assert walk(mini(GAME_ID, 1)) == TreeSize(
        nodes=5_899, terminals=3_368, chance_nodes=1, info_sets=1_855
    )


def test_the_take_stock_mini_starts_from_the_mini_deal() -> None:
    state = mini(GAME_ID, 1).new_initial_state().child(0)
    view = state.bazaar.view(0)
    assert (view["rounds"], view["event_deck"], view["share_draw"]) == (1, 13, 9)
    # seat 0 holds C9 and G7: neither is within 4 of a row's 1, so no Manipulate
    assert state.legal_actions() == [558, 1148, 3668, 3678, 3728, 3738]
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "buy C9 G7",
        "buy G7 C9",
        "event2 C9",
        "event2 G7",
        "event1 C9",
        "event1 G7",
    ]


#: NashConv of the uniform policy on the one-deal mini (checked by the long test below)
UNIFORM_ONE_DEAL = 0.606293


def test_two_cfr_plus_iterations_lower_the_take_stock_mini_nash_conv() -> None:
    """CFR on the mini in the default suite: building the tree and two iterations take
    about 10 s, the NashConv 5 s."""
    game = mini(GAME_ID, 1)
    solver = cfr.CFRPlusSolver(game)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    solved = exploitability.nash_conv(game, solver.average_policy())
    assert solved == pytest.approx(0.202098, abs=1e-6)
    assert solved < UNIFORM_ONE_DEAL / 2


@pytest.mark.skipif(not LONG, reason=f"CFR+ to a low NashConv takes minutes: {LONG_VARIABLE}=1")
@pytest.mark.parametrize(
    ("deals", "uniform", "after_ten"), [(1, UNIFORM_ONE_DEAL, 0.011024), (2, 0.58631, 0.023694)]
)
def test_cfr_plus_drives_the_take_stock_mini_nash_conv_down(
    deals: int, uniform: float, after_ten: float
) -> None:
    game = mini(GAME_ID, deals)
    start = exploitability.nash_conv(game, policy_lib.TabularPolicy(game))
    solver = cfr.CFRPlusSolver(game)
    for _ in range(10):
        solver.evaluate_and_update_policy()
    solved = exploitability.nash_conv(game, solver.average_policy())
    assert start == pytest.approx(uniform, abs=1e-6)
    assert solved == pytest.approx(after_ten, abs=1e-6)
