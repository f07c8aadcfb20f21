"""A rule sweep: the same simulation once per value of one rule option (``bazaar sweep``), or
once per cell of a grid of several options (``--option a=1,2 --option b=x,y``).

Every value (every cell) plays the same seeds (game ``i`` gets the same deal seed under every
value), so the values are compared on common deals and a difference comes from the rule, not
the deal. Each value has its own out folder ``DIR/NAME=VALUE`` (a cell: ``DIR/a=1,b=x``), which
resumes like any simulation; a grid also writes ``DIR/grid.json`` (its options and cells).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from bazaar.core.registry import get_game
from bazaar.i18n import N_
from bazaar.sim.plan import SimError, SimPlan
from bazaar.sim.run import Progress, simulate


def value_text(value: Any) -> str:
    """A value as a folder name and as people type it: ``row+aisle``, ``true``, ``3``."""
    return value if isinstance(value, str) else json.dumps(value)


def swept_option(texts: dict[str, str]) -> tuple[str, list[str]]:
    """The one option given several comma-separated values: ``(name, [raw values])``."""
    swept = {name: raw for name, raw in texts.items() if "," in raw}
    if len(swept) != 1:
        raise SimError.of(
            N_(
                "a sweep needs exactly one --option NAME=v1,v2,... with several values "
                "(got {count})"
            ),
            count=len(swept),
        )
    name, raw = next(iter(swept.items()))
    return name, split_values(name, raw)


def split_values(name: str, raw: str) -> list[str]:
    """``"a, b"`` -> ``["a", "b"]``; refuse an empty or repeated entry, naming the option."""
    values = [part.strip() for part in raw.split(",")]
    if any(not part for part in values) or len(set(values)) != len(values):
        raise SimError.of(
            N_("--option {name}: the values {raw!r} have an empty or repeated entry"),
            name=name,
            raw=raw,
        )
    return values


def swept_options(texts: dict[str, str]) -> list[tuple[str, list[str]]]:
    """Every option given several comma-separated values, in the order given (the grid's
    axes); refuse a sweep without one."""
    swept = [(name, split_values(name, raw)) for name, raw in texts.items() if "," in raw]
    if not swept:
        raise SimError.of(
            N_("a sweep needs at least one --option NAME=v1,v2,... with several values (got none)")
        )
    return swept


def sweep_plans(
    game_id: str,
    seats: list[str],
    players: int | None,
    options: dict[str, Any],
    name: str,
    values: list[Any],
    seed: int,
) -> list[tuple[Any, SimPlan]]:
    """One checked plan per value (every value is checked before any game is played)."""
    game = get_game(game_id)
    if name not in game.default_options():
        raise SimError.of(
            N_("{game} has no rule option {name!r} to sweep (options: {known})"),
            game=game.id,
            name=name,
            known=", ".join(game.default_options()),
        )
    plans = []
    for value in values:
        plan = SimPlan.make(game_id, seats, players, {**options, name: value}, seed)
        plans.append((plan.options[name], plan))
    return plans


def run_sweep(
    plans: list[tuple[Any, SimPlan]],
    name: str,
    games: int,
    out: Path,
    progress: Progress | None = None,
    **settings: Any,
) -> list[tuple[Any, Path]]:
    """Simulate each plan into ``out/NAME=VALUE``; return (value, folder) pairs in order."""
    done = []
    total = games * len(plans)
    for number, (value, plan) in enumerate(plans):
        folder = Path(out) / f"{name}={value_text(value)}"

        def step(finished: int, _games: int, before: int = number * games) -> None:
            if progress is not None:
                progress(before + finished, total)

        simulate(plan, games, folder, progress=step, **settings)
        done.append((value, folder))
    return done


#: the columns that say how a game went (all but its number and its options)
OUTCOME_SKIP = ("game_index", "options")


def divergence(base: list[dict[str, Any]], other: list[dict[str, Any]]) -> dict[str, float]:
    """How often a value changed play, deal by deal, against the sweep's first value.

    The values play the same deals, so game ``i`` under two values differs only by the rule:
    ``played`` is the share of deals whose row differs in anything but the options (the rule
    came into play), ``winner`` the share whose winners differ.
    """
    pairs = list(zip(base, other, strict=False))
    if not pairs:
        return {"games": 0, "played": 0.0, "winner": 0.0}

    def outcome(row: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(value for key, value in row.items() if key not in OUTCOME_SKIP)

    played = sum(1 for a, b in pairs if outcome(a) != outcome(b))
    winner = sum(1 for a, b in pairs if a["winners"] != b["winners"])
    return {"games": len(pairs), "played": played / len(pairs), "winner": winner / len(pairs)}


# ------------------------------------------------------------------------------ grids
#: a cell of a grid: each swept option's value, in the grid's order
Cell = dict[str, Any]


def check_swept(game_id: str, names: list[str]) -> None:
    """Refuse an option the game does not have, naming it and the known ones."""
    game = get_game(game_id)
    for name in names:
        if name not in game.default_options():
            raise SimError.of(
                N_("{game} has no rule option {name!r} to sweep (options: {known})"),
                game=game.id,
                name=name,
                known=", ".join(game.default_options()),
            )


def grid_plans(
    game_id: str,
    seats: list[str],
    players: int | None,
    options: dict[str, Any],
    axes: list[tuple[str, list[Any]]],
    seed: int,
) -> list[tuple[Cell, SimPlan]]:
    """One checked plan per cell of the grid (the product of the axes' values, the first
    option slowest), every plan with the same seed; every cell is checked before any game."""
    check_swept(game_id, [name for name, _ in axes])
    names = [name for name, _ in axes]
    plans = []
    for values in itertools.product(*(values for _, values in axes)):
        plan = SimPlan.make(
            game_id, seats, players, {**options, **dict(zip(names, values, strict=True))}, seed
        )
        plans.append(({name: plan.options[name] for name in names}, plan))
    return plans


def cell_text(cell: Cell) -> str:
    """A cell as its folder's name and as people type it: ``crash=reset,audit=enforce_limit``."""
    return ",".join(f"{name}={value_text(value)}" for name, value in cell.items())


def run_grid(
    plans: list[tuple[Cell, SimPlan]],
    games: int,
    out: Path,
    progress: Progress | None = None,
    **settings: Any,
) -> list[tuple[Cell, Path]]:
    """Simulate each cell into ``out/CELL`` and write ``out/grid.json``; return (cell, folder)
    pairs in the grid's order."""
    done = []
    total = games * len(plans)
    for number, (cell, plan) in enumerate(plans):
        folder = Path(out) / cell_text(cell)

        def step(finished: int, _games: int, before: int = number * games) -> None:
            if progress is not None:
                progress(before + finished, total)

        simulate(plan, games, folder, progress=step, **settings)
        done.append((cell, folder))
    grid = {
        "options": list(plans[0][0]),
        "games": games,
        "cells": [{"cell": cell, "folder": folder.name} for cell, folder in done],
    }
    (Path(out) / "grid.json").write_text(json.dumps(grid, indent=1) + "\n", encoding="utf-8")
    return done


def grid_points(done: list[tuple[Cell, Path]], games: int) -> list[dict[str, Any]]:
    """Each cell's summary and its divergence from the first cell (the base), in order:
    ``{"cell", "folder", "summary", "divergence"}``."""
    from bazaar.sim.store import read_rows, read_timings
    from bazaar.sim.summary import summarize

    base = read_rows(done[0][1], games)
    points = []
    for cell, folder in done:
        rows = read_rows(folder, games)
        points.append(
            {
                "cell": cell,
                "folder": folder,
                "summary": summarize(rows, read_timings(folder, games)),
                "divergence": divergence(base, rows),
            }
        )
    return points
