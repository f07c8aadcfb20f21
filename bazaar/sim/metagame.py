"""Ratings of a ladder's agents beyond its win-rate matrix: α-Rank and Nash averaging.

Both read the ladder as a symmetric two-player *meta-game* whose moves are the agents: the
payoff of agent A against agent B is ``(w(A, B) - w(B, A)) / 2``, where ``w(A, B)`` is A's win
share with one seat against a field of Bs. The table is antisymmetric (what A wins B loses, an
agent against itself gets 0); with two players and no shared wins it is A's win rate against
B minus one half.

- **α-Rank** (Omidshafiei et al. 2019, OpenSpiel's ``alpharank``): the share of time each
  agent holds in a long evolutionary contest, where a population of ``POPULATION`` copies of
  one agent is now and then invaded by another, which takes over the more likely the better
  it does (selection intensity ``INTENSITY``). The masses sum to 1.
- **Nash averaging** (Balduzzi et al. 2018): the mix of agents that no single agent beats
  (the Nash equilibrium of the zero-sum meta-game; of all equilibria, the one of greatest
  entropy, which is unique), and each agent's rating: its payoff against that mix (0 for the
  agents in the mix, below 0 for the others). Copies of an agent share its weight and leave
  every rating as it was, so a field padded with near-copies does not move the ratings.

The equilibrium is found by linear programming (scipy's ``linprog``: the game's value, then
which agents can carry weight in some equilibrium), then the entropy is maximised over those
agents under the same constraints (scipy's SLSQP, from a point inside that set).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping, Sequence
from typing import Any

#: α-Rank's population size and selection intensity (OpenSpiel's defaults)
POPULATION = 50
INTENSITY = 100.0
#: slack on the equilibrium constraints (payoff units)
TOLERANCE = 1e-9
#: the weight below which an agent is out of the equilibrium's mix
NEGLIGIBLE = 1e-6
#: the packages the ratings need (the research extra brings both)
NEEDS = ("scipy", "open_spiel")


def available() -> bool:
    """True when scipy and OpenSpiel are installed (``pip install -e ".[research]"``)."""
    return all(importlib.util.find_spec(name) is not None for name in NEEDS)


def payoff_table(win: Sequence[Sequence[Mapping[str, Any] | None]]) -> list[list[float]] | None:
    """The meta-game's payoffs from a ladder's cells (``{"mean": share}``); None if a cell
    off the diagonal is missing."""
    size = len(win)
    shares = [[None if cell is None else float(cell["mean"]) for cell in row] for row in win]
    table = [[0.0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            if a == b:
                continue
            ours, theirs = shares[a][b], shares[b][a]
            if ours is None or theirs is None:
                return None
            table[a][b] = (ours - theirs) / 2
    return table


def alpha_rank(
    payoff: Sequence[Sequence[float]],
    population: int = POPULATION,
    intensity: float = INTENSITY,
) -> list[float]:
    """α-Rank's stationary masses of a symmetric two-player game (row player's payoffs)."""
    import numpy as np
    from open_spiel.python.egt import alpharank  # type: ignore[import-untyped]

    table = np.asarray(payoff, dtype=float)
    with np.errstate(over="ignore"):  # a hopeless invasion overflows to a fixation of 0
        _, _, masses, _, _ = alpharank.compute([table], m=population, alpha=intensity)
    return [float(mass) for mass in masses]


def nash_average(payoff: Sequence[Sequence[float]]) -> tuple[list[float], list[float]]:
    """``(mix, ratings)``: the maximum-entropy Nash equilibrium of the zero-sum game whose row
    player gets ``payoff`` (the same mix for both players when it is antisymmetric), and each
    agent's payoff against that mix."""
    import numpy as np
    from scipy.optimize import linprog, minimize  # type: ignore[import-untyped]

    table = np.asarray(payoff, dtype=float)
    size = len(table)
    # value: maximise v with (table^T p)_j >= v for every j, p a distribution (x = [p, v])
    best = linprog(
        c=[0.0] * size + [-1.0],
        A_ub=np.hstack([-table.T, np.ones((size, 1))]),
        b_ub=np.zeros(size),
        A_eq=[[1.0] * size + [0.0]],
        b_eq=[1.0],
        bounds=[(0, None)] * size + [(None, None)],
    )
    value = float(best.x[-1])
    # the equilibria: p >= 0, sum p = 1, table^T p >= value; who can carry weight in one
    guard = {"A_ub": -table.T, "b_ub": [-(value - TOLERANCE)] * size, "A_eq": [[1.0] * size]}
    tops = [
        linprog(c=-np.eye(size)[i], b_eq=[1.0], bounds=[(0, None)] * size, **guard).x
        for i in range(size)
    ]
    inside = np.mean(tops, axis=0)  # an equilibrium with every such agent in its mix
    support = [i for i in range(size) if inside[i] > NEGLIGIBLE]
    sub = table[np.ix_(support, range(size))]

    def negative_entropy(p: Any) -> float:
        return float(np.sum(p * np.log(np.maximum(p, 1e-300))))

    def slope(p: Any) -> Any:
        return np.log(np.maximum(p, 1e-300)) + 1

    found = minimize(
        negative_entropy,
        inside[support],
        jac=slope,
        method="SLSQP",
        bounds=[(0.0, 1.0)] * len(support),
        constraints=[
            {"type": "eq", "fun": lambda p: np.sum(p) - 1, "jac": lambda p: np.ones_like(p)},
            {
                "type": "ineq",
                "fun": lambda p: sub.T @ p - value + TOLERANCE,
                "jac": lambda p: sub.T,
            },
        ],
        options={"ftol": 1e-12, "maxiter": 500},
    )
    mix = np.zeros(size)
    mix[support] = np.clip(found.x, 0.0, None) if found.success else inside[support]
    mix /= mix.sum()
    return [float(w) for w in mix], [float(r) for r in table @ mix]


def metagame(matrix: Mapping[str, Any]) -> dict[str, Any] | None:
    """``{"payoff", "alpharank": {"mass", "population", "intensity"}, "nash": {"mix",
    "rating"}}`` for a ladder's matrix; None without scipy and OpenSpiel or with a cell
    missing."""
    payoff = payoff_table(matrix["win"])
    if payoff is None or not available():
        return None
    mix, rating = nash_average(payoff)
    return {
        "payoff": [[round(x, 6) for x in row] for row in payoff],
        "alpharank": {
            "mass": [round(x, 6) for x in alpha_rank(payoff)],
            "population": POPULATION,
            "intensity": INTENSITY,
        },
        "nash": {"mix": [round(x, 6) for x in mix], "rating": [round(x, 6) for x in rating]},
    }
