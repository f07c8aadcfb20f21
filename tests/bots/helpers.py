"""Shared by the bot tests: play a game to its end with one bot per seat."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bazaar.core.game import State
from bazaar.core.rng import Rng


def play_out(state: State, bots: Sequence[Any], twins: Sequence[Any] | None = None) -> State:
    """Let ``bots[seat]`` move until the game ends; every action must be legal. With ``twins``
    (bots built the same way), each move must also be the twin's (seeded, so repeatable)."""
    while not state.is_over():
        mover = state.to_move()
        assert mover is not None
        action = bots[mover].choose(state)
        assert action in state.legal_actions()
        if twins is not None:
            assert twins[mover].choose(state) == action
        state.apply(action)
    return state


def check_no_peeking(
    states_for: Callable[[int], Iterable[State]],
    make: Callable[[int, float], Any],
    noises: Sequence[float],
    draws: int,
    seeds: Sequence[int] = (1, 2),
) -> tuple[set[Any], int]:
    """For each state of ``states_for(seed)``, a bot ``make(n, noise)`` must choose the same
    move on ``draws`` determinizations for the mover as on the state itself. Returns the
    phases seen and how many determinizations changed hidden information (to show the check
    was not vacuous)."""
    phases: set[Any] = set()
    changed = 0
    for seed in seeds:
        for n, state in enumerate(states_for(seed)):
            seat = state.to_move()
            assert seat is not None
            phases.add(getattr(state, "phase", None))
            for noise in noises:
                ref = make(n, noise).choose(state)
                for x in range(1, draws + 1):
                    other = state.determinize(seat, Rng(1000 * seed + x))
                    changed += other.full_view() != state.full_view()
                    assert make(n, noise).choose(other) == ref, (seed, n, x, noise)
    return phases, changed


def check_reused_bot(states: Iterable[State], bot: Any, fresh: Callable[[], Any]) -> None:
    """A bot used for many positions answers like a fresh one, on determinizations too."""
    for n, state in enumerate(states):
        seat = state.to_move()
        assert seat is not None
        ref = fresh().choose(state)
        for x in (1, 2):
            assert bot.choose(state.determinize(seat, Rng(n * 10 + x))) == ref
