"""A strength ladder: every agent against a field of every other agent (``bazaar ladder``).

For each ordered pair (A, B) of different agents, one simulation seats A once and B in every
other seat, rotated as usual, in ``DIR/A~B``. The matrix cell (A, B) is A's win share there,
with its 95% interval; a fair share is 1/P, so a cell above it means A beats a table of Bs.
This is the win-rate matrix of the Tabletop Games balancing competition. Beyond it, the
matrix read as a meta-game gives α-Rank masses and Nash-averaged ratings (bazaar.sim.metagame).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from bazaar.i18n import N_
from bazaar.sim.metagame import metagame
from bazaar.sim.plan import SimError, SimPlan
from bazaar.sim.run import Progress, simulate
from bazaar.sim.store import read_rows

SAFE_PART = re.compile(r"[A-Za-z0-9_.=+-]+")


def folder_name(first: str, field: str) -> str:
    """``ismcts:easy`` against ``random`` -> ``ismcts-easy~random``."""
    return f"{_folder_part(first)}~{_folder_part(field)}"


def _folder_part(spec: str) -> str:
    """An agent's part of a folder name: a built-in's spec with ``:`` and ``@`` spelt out; an
    outside spec with a path or spaces (``engine:python3 /x/agent.py``) kept to its safe
    characters, shortened, and told apart by a hash of the whole spec."""
    name = spec.replace(":", "-").replace("@", "-at-")
    if SAFE_PART.fullmatch(name) and len(name) <= 60:
        return name
    digest = hashlib.sha256(spec.encode()).hexdigest()[:8]
    return f"{re.sub(r'[^A-Za-z0-9_.=+-]+', '-', name).strip('-')[-40:]}-{digest}"


def ladder_plans(
    game_id: str,
    agents: list[str],
    players: int | None,
    options: dict[str, Any],
    seed: int,
) -> list[tuple[str, str, SimPlan]]:
    """(A, B, plan) for every ordered pair of different agents, checked before any game."""
    if len(agents) < 2 or len(set(agents)) != len(agents):
        raise SimError.of(N_("a ladder needs at least two different agents in --agents"))
    plans = []
    for first in agents:
        for field in agents:
            if first != field:  # the last agent fills the other seats: A, B, B, ...
                plans.append(
                    (first, field, SimPlan.make(game_id, [first, field], players, options, seed))
                )
    return plans


def run_ladder(
    plans: list[tuple[str, str, SimPlan]],
    games: int,
    out: Path,
    progress: Progress | None = None,
    **settings: Any,
) -> dict[str, Any]:
    """Play every pair into ``out`` and return the matrix (see :func:`ladder_matrix`)."""
    total = games * len(plans)
    for number, (first, field, plan) in enumerate(plans):

        def step(finished: int, _games: int, before: int = number * games) -> None:
            if progress is not None:
                progress(before + finished, total)

        simulate(plan, games, Path(out) / folder_name(first, field), progress=step, **settings)
    return ladder_matrix(plans, games, Path(out))


def ladder_matrix(plans: list[tuple[str, str, SimPlan]], games: int, out: Path) -> dict[str, Any]:
    """``{"game", "players", "agents", "win": [[I | None]], "games": [[n]], "metagame"}`` (row =
    agent A; ``metagame``: α-Rank and Nash averaging, see :mod:`bazaar.sim.metagame`, or None
    without the research extra)."""
    from bazaar.sim.summary import summarize

    agents = list(dict.fromkeys(first for first, _, _ in plans))
    index = {agent: i for i, agent in enumerate(agents)}
    size = len(agents)
    win: list[list[Any]] = [[None] * size for _ in range(size)]
    counts = [[0] * size for _ in range(size)]
    for first, field, _plan in plans:
        rows = read_rows(out / folder_name(first, field), games)
        summary = summarize(rows)
        stats = next(s for s in summary["agent_stats"] if s["agent"] == first)
        win[index[first]][index[field]] = stats["win"]
        counts[index[first]][index[field]] = len(rows)
    first_plan = plans[0][2]
    matrix = {
        "game": first_plan.game,
        "players": first_plan.players,
        "options": first_plan.options,
        "agents": agents,
        "win": win,
        "games": counts,
    }
    return {**matrix, "metagame": metagame(matrix)}
