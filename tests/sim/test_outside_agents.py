"""Any agent in a simulation (docs/simulation.md, "What is played"): ``module:Class`` names
an outside Python class with ``choose(state)`` or an OpenSpiel bot (also as
``openspiel:module:Name``, a class or a factory); a seeded one plays the same games at any
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


UNIFORM = "open_spiel.python.bots.uniform_random:UniformRandomBot"
ISMCTS = "openspiel:tests.sim.openspiel_agents:small_ismcts"


def test_openspiel_bots_play_through_the_openspiel_game(tmp_path: Path) -> None:
    """A pyspiel.Bot class named as module:Class or openspiel:module:Class, and a factory of
    OpenSpiel's ISMCTS bot; each plays the same games with one and two workers."""
    uniform = SimPlan.make(GAME, [UNIFORM, f"openspiel:{UNIFORM}", "random"], seed=8)
    search = SimPlan.make(GAME, [ISMCTS, UNIFORM], seed=8)
    for name, plan in (("uniform", uniform), ("search", search)):
        one, two = tmp_path / name / "one", tmp_path / name / "two"
        assert simulate(plan, 2, one, jobs=1) == 2
        assert simulate(plan, 2, two, jobs=2) == 2
        rows = read_rows(one)
        assert rows == read_rows(two)
        seats = [f"seat{k + 1}" for k in range(plan.players)]
        assert {rows[1][f"{seat}_agent"] for seat in seats} == set(plan.agents)
        assert sum(r[f"{seat}_win"] for r in rows for seat in seats) == pytest.approx(2.0)


@pytest.mark.parametrize("game_id", ["buy-low-sell-high", "night-market"])
def test_an_openspiel_bot_decides_from_its_seats_view_only(game_id: str) -> None:
    """The same bot asked on the real state and on a world that differs only in what the
    mover cannot see gives the same move: it is given a determinization of the seat's view."""
    from bazaar.core.rng import Rng
    from bazaar.sim.agents import make_agent

    state = get_game(game_id).new(3, 21)
    rng = Rng(5)
    asked = 0
    while not state.is_over() and asked < 4:
        seat = state.to_move()
        assert seat is not None
        legal = state.legal_actions()
        if len(legal) > 1 and rng.below(4) == 0:
            world = state.determinize(seat, rng)
            assert world.full_view() != state.full_view()
            real = make_agent(ISMCTS, 77, game_id).choose(state)
            assert make_agent(ISMCTS, 77, game_id).choose(world) == real
            asked += 1
        state.apply(legal[rng.below(len(legal))])
    assert asked == 4


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("openspiel:tests.sim.openspiel_agents:NOT_A_BOT", "'NOT_A_BOT' is neither a pyspiel.Bot"),
        ("openspiel:nomodule", "an OpenSpiel bot is openspiel:module:Name"),
        ("openspiel:no_such_module_here:Bot", "cannot be imported (ModuleNotFoundError"),
    ],
)
def test_an_openspiel_spec_that_is_no_bot_is_refused_saying_why(spec: str, says: str) -> None:
    with pytest.raises(SimError) as caught:
        SimPlan.make(GAME, [spec, "random"])
    assert says in caught.value.message
