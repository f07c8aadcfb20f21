"""Small out folders in the contract's format (docs/simulation.md), made without playing:
``game_row`` builds one row from a game's seats and scores, ``write_out`` writes it with the
store's writers."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any


def game_row(
    index: int,
    agents: Sequence[str],
    scores: Sequence[float],
    game: str = "buy-low-sell-high",
    decisions: int = 10,
    forced: int = 2,
    legal_mean: float = 4.0,
    lead_changes: int = 1,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """One row of rows.csv: winners, ranks, win shares, spread and margin follow from scores;
    decisions and forced moves are split over the seats as evenly as they go."""
    players = len(agents)
    best = max(scores)
    winners = [k + 1 for k, s in enumerate(scores) if s == best]
    others = sorted((s for s in scores if s != best), reverse=True)
    row: dict[str, Any] = {
        "game_index": index,
        "game": game,
        "players": players,
        "seed": 1000 + index,
        "options": json.dumps(dict(options or {}), sort_keys=True, separators=(",", ":")),
        "decisions": decisions,
        "forced": forced,
        "legal_mean": legal_mean,
        "legal_max": int(legal_mean * 2),
        "lead_changes": lead_changes,
        "score_spread": best - min(scores),
        "margin": 0 if len(winners) > 1 else best - others[0],
        "winners": " ".join(map(str, winners)),
    }
    for k in range(players):
        row[f"seat{k + 1}_agent"] = agents[k]
        row[f"seat{k + 1}_score"] = scores[k]
        row[f"seat{k + 1}_win"] = 1 / len(winners) if k + 1 in winners else 0
        row[f"seat{k + 1}_rank"] = 1 + sum(1 for s in scores if s > scores[k])
        row[f"seat{k + 1}_decisions"] = decisions // players + (k < decisions % players)
        row[f"seat{k + 1}_forced"] = forced // players + (k < forced % players)
    return row


def write_out(
    folder: Path,
    rows: Sequence[Mapping[str, Any]],
    seconds: Sequence[Sequence[float]] | None = None,
    seed: int = 7,
) -> Path:
    """Write plan.json, rows.csv and (with per-seat ``seconds``) timings.csv into ``folder``
    with the store's own plan and CSV writers."""
    from bazaar.sim.plan import SimPlan
    from bazaar.sim.store import cell, rows_csv_text

    folder.mkdir(parents=True, exist_ok=True)
    first = rows[0]
    players = int(first["players"])
    agents = [str(first[f"seat{k}_agent"]) for k in range(1, players + 1)]
    options = json.loads(first["options"])
    plan = SimPlan.make(str(first["game"]), agents, players, options, seed)
    (folder / "plan.json").write_text(json.dumps(plan.to_json()), "utf-8")
    (folder / "rows.csv").write_text(rows_csv_text([dict(r) for r in rows], players), "utf-8")
    if seconds is not None:
        lines = [
            ",".join(
                ["game_index", "seconds", *(f"seat{k}_seconds" for k in range(1, players + 1))]
            )
        ]
        for row, per_seat in zip(rows, seconds, strict=True):
            values = [row["game_index"], float(sum(per_seat)), *map(float, per_seat)]
            lines.append(",".join(cell(v) for v in values))
        (folder / "timings.csv").write_text("\n".join(lines) + "\n", "utf-8")
    return folder
