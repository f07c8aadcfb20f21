"""Exact methods on the Taiwan Night Market mini variant (issue 26): its whole OpenSpiel tree
for 3 players (the fewest) walks, and CFR+ lowers the NashConv of its average policy.

The pinned figures are the measured tree and values (docs/openspiel.md, "Mini variants for
exact methods"): a rule change that alters the tree fails them. The one-deal tree has 103,640
nodes: walking it through OpenSpiel and running CFR+ over it take minutes, so they run with
BAZAAR_LONG_TESTS=1. The default suite counts the same tree over the Bazaar states (memoised:
equal positions have equal subtrees) and runs CFR+ on the mini's final round, a subgame of
the one-deal tree: OpenSpiel's solver and NashConv from a position after round 1.

With 3 players CFR has no guarantee of reaching a Nash equilibrium; NashConv (the sum of what
each player's best response gains) still measures how far a policy is from one.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pyspiel")

from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, exploitability

from bazaar.games.night_market.fields import PHASE_NAMES, NightMarketFields
from bazaar.interop import openspiel as spiel
from tests.interop.test_mini_cfr import TreeSize, subgame, walk
from tests.scale import LONG, LONG_VARIABLE

GAME_ID = "night-market"
PLAYERS = 3
#: the one-deal tree, as tests/interop/test_mini_cfr.py's walk counts it
ONE_DEAL = TreeSize(nodes=103_640, terminals=74_296, chance_nodes=1, info_sets=29_141)
#: round 1 of deal 0 as played before the final-round subgame: the hidden customers, then
#: seat 1 (0-based) bids $0 on lot 5, wins it and keeps it empty
ROUND_1 = (
    "hide T0A",
    "hide T1G",
    "hide T3A",
    "pass",
    "bid 5",
    "$0",
    "pass",
    "pass",
    "empty 5",
)


def mini(deals: int) -> spiel.BazaarGame:
    return spiel.load(GAME_ID, players=PLAYERS, deals=deals, size="mini")


def _key(s: Any) -> str:
    """Everything that decides a position's subtree (the rules are shared by the game)."""
    slots: tuple[str, ...] = NightMarketFields.__slots__
    names = [name for name in slots if name not in ("game", "rules", "rng")]
    return repr([getattr(s, name) for name in names]) + repr(s.rng.state)


def count_tree(
    s: Any, memo: dict[str, tuple[int, int]], phases: set[tuple[str, bool]]
) -> tuple[int, int]:
    """(nodes, terminals) of the game tree under Bazaar state ``s``; ``phases`` gets every
    (phase, in compensation) met."""
    key = _key(s)
    if key not in memo:
        phases.add((PHASE_NAMES[s.phase], s.in_compensation()))
        if s.is_over():
            memo[key] = (1, 1)
        else:
            nodes, terminals = 1, 0
            for action in s.legal_actions():
                child = s.clone()
                child.apply(action)
                n, t = count_tree(child, memo, phases)
                nodes, terminals = nodes + n, terminals + t
            memo[key] = (nodes, terminals)
    return memo[key]


def test_the_night_market_mini_deal_starts_with_a_hidden_customer_choice() -> None:
    state = mini(1).new_initial_state().child(0)
    view = state.bazaar.view(0)
    assert (view["rounds"], view["cash"], len(view["auction"])) == (2, [1, 0, 0], 1)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["hide T0A", "hide T1F"]


def test_the_night_market_mini_tree_counted_over_bazaar_states() -> None:
    """The decision and terminal nodes of the one-deal tree (the chance node aside)."""
    root = mini(1).new_initial_state().child(0).bazaar.clone()
    phases: set[tuple[str, bool]] = set()
    nodes, terminals = count_tree(root, {}, phases)
    assert (nodes + 1, terminals) == (ONE_DEAL.nodes, ONE_DEAL.terminals)
    # every phase but the loan's (option voluntary_loans); no compensation bid (rules.en.md)
    assert phases == {(p, False) for p in ("hide", "bid", "bid-amount", "build", "over")}


def test_cfr_plus_lowers_the_nash_conv_of_the_night_market_mini_final_round() -> None:
    """CFR on the mini in the default suite: the final round after ROUND_1 (509 nodes) takes
    about 5 s for five iterations and two NashConvs."""
    game = subgame(mini(1), ROUND_1)
    root = game.new_initial_state()
    # seat 1 owns a lot, so it bids first in round 2 (more lots first)
    view = root.bazaar.view(None)
    assert (view["round"], view["cash"], root.current_player()) == (2, [1, 0, 0], 1)
    uniform = exploitability.nash_conv(game, policy_lib.TabularPolicy(game))
    solver = cfr.CFRPlusSolver(game)
    for _ in range(5):
        solver.evaluate_and_update_policy()
    solved = exploitability.nash_conv(game, solver.average_policy())
    assert uniform == pytest.approx(1.291667, abs=1e-6)
    assert solved == pytest.approx(0.086111, abs=1e-6)


@pytest.mark.skipif(not LONG, reason=f"walking 103,640 nodes takes 20 s: {LONG_VARIABLE}=1")
def test_the_night_market_mini_tree_has_its_measured_size() -> None:
    assert walk(mini(1)) == ONE_DEAL


#: NashConv of the uniform policy on the one-deal mini (150 s to compute on this machine)
UNIFORM_ONE_DEAL = 1.523340


@pytest.mark.skipif(not LONG, reason=f"CFR+ over 103,640 nodes takes minutes: {LONG_VARIABLE}=1")
def test_cfr_plus_lowers_the_nash_conv_of_the_whole_night_market_mini() -> None:
    """Two CFR+ iterations over the whole one-deal tree (about 5 minutes with the NashConv)."""
    game = mini(1)
    solver = cfr.CFRPlusSolver(game)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    solved = exploitability.nash_conv(game, solver.average_policy())
    assert solved == pytest.approx(0.507780, abs=1e-6)
    assert solved < UNIFORM_ONE_DEAL / 2
