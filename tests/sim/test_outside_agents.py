"""Any agent in a simulation (docs/simulation.md, "Any agent"): ``module:Class`` names an
outside Python class with ``choose(state)``; a seeded one plays the same games at any
``--jobs``; a spec that is no agent is refused by name, saying why."""

from __future__ import annotations

from pathlib import Path

import pytest

from bazaar.core.registry import get_game
from bazaar.sim.plan import SimError, SimPlan
from bazaar.sim.run import simulate
from bazaar.sim.store import read_records, read_rows

GAME = "buy-low-sell-high"
SEEDED = "tests.sim.outside_agents:SeededRandom"
LAST = "tests.sim.outside_agents:LastLegal"


def test_an_outside_agent_plays_and_the_same_seeds_give_the_same_games(tmp_path: Path) -> None:
    plan = SimPlan.make(GAME, [f" {SEEDED} ", LAST, "random"], seed=3)
    assert plan.agents == (SEEDED, LAST, "random")  # a class name keeps its capitals
    one, two = tmp_path / "one", tmp_path / "two"
    assert simulate(plan, 6, one, jobs=1) == 6
    assert simulate(plan, 6, two, jobs=2) == 6
    assert read_rows(one) == read_rows(two)
    records = [record for _, record in read_records(one)]
    checked = 0
    for record in records:
        state = get_game(record.game).new(record.players, record.seed, record.options)
        for text in record.actions:
            action = state.parse(text)
            seat = state.to_move()
            assert seat is not None
            if record.seats[seat] == LAST:
                assert action == state.legal_actions()[-1]  # its own rule, every time
                checked += 1
            state.apply(action)
    assert checked > 0


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("no_such_module_here:Bot", "cannot be imported (ModuleNotFoundError"),
        ("tests.sim.outside_agents:Nope", "has no class 'Nope'"),
        ("tests.sim.outside_agents:NOT_A_CLASS", "has no class 'NOT_A_CLASS'"),
        ("tests.sim.outside_agents:NoChoose", "NoChoose has no method choose(state)"),
        ("mybot", "an outside agent is module:Class"),
    ],
)
def test_a_spec_that_is_no_agent_is_refused_saying_why(spec: str, says: str) -> None:
    with pytest.raises(SimError) as caught:
        SimPlan.make(GAME, [spec, "random"])
    assert says in caught.value.message
