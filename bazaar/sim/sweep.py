"""A rule sweep: the same simulation once per value of one rule option (``bazaar sweep``).

Every value plays the same seeds (game ``i`` gets the same deal seed under every value), so
the values are compared on common deals and a difference comes from the rule, not the deal.
Each value has its own out folder ``DIR/NAME=VALUE``, which resumes like any simulation.
"""

from __future__ import annotations

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
    values = [part.strip() for part in raw.split(",")]
    if any(not part for part in values) or len(set(values)) != len(values):
        raise SimError.of(
            N_("--option {name}: the values {raw!r} have an empty or repeated entry"),
            name=name,
            raw=raw,
        )
    return name, values


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
