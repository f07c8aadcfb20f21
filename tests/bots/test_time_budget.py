"""A timed search keeps its time budget (issue 24 item 5: a 50 ms search took up to 95 ms): it
looks at its clock after every iteration, past a floor of MIN_TIMED_ITERATIONS (one), and stops when
one more iteration of the mean length so far would end past the deadline. Tested on a clock the
test drives (each playout step costs a millisecond), so no wall-clock time is asserted."""

from __future__ import annotations

import pytest

from bazaar.bots import ismcts
from bazaar.bots.ismcts import MIN_TIMED_ITERATIONS, Ismcts, random_policy
from bazaar.core.game import State
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng


class SteppedClock:
    """``perf_counter`` for the search: time moves only when a playout step is played."""

    def __init__(self) -> None:
        self.now = 100.0
        self.steps = 0

    def __call__(self) -> float:
        return self.now

    def policy(self, state: State, rng: Rng) -> int:
        self.now += 0.001
        self.steps += 1
        return random_policy(state, rng)


@pytest.mark.parametrize("game_id", ["buy-low-sell-high", "take-stock", "night-market"])
@pytest.mark.parametrize("millis", [50.0, 400.0])
def test_a_timed_search_ends_within_its_budget(
    monkeypatch: pytest.MonkeyPatch, game_id: str, millis: float
) -> None:
    clock = SteppedClock()
    monkeypatch.setattr(ismcts.time, "perf_counter", clock)
    state = get_game(game_id).new(3, 11)
    search = Ismcts(iterations=None, millis=millis, seed=5, rollout=clock.policy, rollout_depth=8)
    search.analyse(state)
    spent = (clock.now - 100.0) * 1000.0
    count = search.last_iterations
    assert count >= MIN_TIMED_ITERATIONS
    per_iteration = spent / count
    # never past the deadline once the floor is met; short of it by less than two iterations
    assert spent <= millis + 1e-6 or count == MIN_TIMED_ITERATIONS, (spent, count)
    assert spent >= millis - 2 * per_iteration - 8, (spent, count)


def test_a_slow_machine_still_gets_the_floor_of_iterations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = SteppedClock()
    monkeypatch.setattr(ismcts.time, "perf_counter", clock)
    state = get_game("night-market").new(3, 11)
    search = Ismcts(iterations=None, millis=1.0, seed=5, rollout=clock.policy, rollout_depth=8)
    search.analyse(state)
    assert search.last_iterations == MIN_TIMED_ITERATIONS
