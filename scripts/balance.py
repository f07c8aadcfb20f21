"""Run (or resume) the simulations behind docs/balance.md and write their reports.

Usage: python scripts/balance.py [--out build/balance] [--jobs 2] [--only ts]

Every sweep is an equal table of the game's heuristic player (so seat figures show the
positions, not the players), seed 15, on the same deals for every value: Buy Low Sell High
3 players x 2,000 games, Take Stock and Night Market 4 players x 1,000 games per value. The
ladders seat random, heuristic, ismcts:easy and ismcts:medium (3 players; 24 games a pair for
Buy Low Sell High, 6 for the slower two; Take Stock without ismcts:easy, whose random play-outs
of whole Take Stock games make it the slowest level there). The example report is a 3-player
Buy Low Sell High simulation of heuristic, ismcts:easy and random. The out folders resume, so
a second run only writes the reports (docs/balance/*.html, self-contained, both languages,
charts at 80 dpi) and prints the figures docs/balance.md quotes, as JSON on its last line.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from bazaar.sim.ladder import ladder_plans, run_ladder
from bazaar.sim.plan import SimPlan
from bazaar.sim.report import write_ladder_report, write_report, write_sweep_report
from bazaar.sim.run import simulate
from bazaar.sim.store import read_rows
from bazaar.sim.summary import summarize
from bazaar.sim.sweep import divergence, run_sweep, sweep_plans, value_text

DOCS = Path(__file__).resolve().parents[1] / "docs" / "balance"
SEED = 15
DPI = 80
#: short name -> (game id, players, games per value, [(option, values)])
SWEEPS: dict[str, tuple[str, int, int, list[tuple[str, list[Any]]]]] = {
    "blsh": (
        "buy-low-sell-high",
        3,
        2000,
        [
            ("dividend_table", ["triangular", "linear"]),
            ("deck", ["even", "price_heavy"]),
            ("first_lap_limits", ["exact", "at_most"]),
            ("negative_money_timing", ["start_of_next_year", "next_turn"]),
            ("short_column_shift", ["full_net", "token_count"]),
            ("selloff_starts_with", ["last_active", "next"]),
            ("forced_sale_replaces_trading", [False, True]),
            ("bn_may_target_covered_space", [False, True]),
        ],
    ),
    "ts": (
        "take-stock",
        4,
        1000,
        [
            ("first_dealer", ["random", "seat0"]),
            ("crash", ["reset", "drop_one"]),
            ("crash_splits", ["keep", "discard"]),
            ("insider_limit", ["respect", "ignore"]),
            ("audit", ["actor_chooses", "target_chooses", "enforce_limit"]),
            ("freeze", ["row_lock", "full_lock", "player"]),
            ("option_lost", ["any_player", "self"]),
            ("held_usable", ["later_round", "later_turn"]),
            ("manipulate_direction", ["up", "either"]),
            ("buy_limit", ["strict", "inclusive"]),
        ],
    ),
    "nm": (
        "night-market",
        4,
        1000,
        [
            ("adjacency", ["row", "row+aisle", "row+corners", "row+aisle+corners"]),
            ("customer_deck", ["spec", "even_paths"]),
            ("movement_order", ["chain", "table"]),
            ("next_entrance", ["chain", "letter"]),
            ("connected_entry", ["unit", "per_lot"]),
            ("star_lots", ["seed", "symmetric"]),
            ("unbid_lots", ["void", "return"]),
            ("yellow_face", ["none", "min_bid"]),
        ],
    ),
}
#: the reports shipped in docs/balance/ (the other sweeps are in the figures only)
SHIPPED = {
    "blsh": {"dividend_table", "deck", "first_lap_limits"},
    "ts": {"crash", "audit", "freeze"},
    "nm": {"adjacency", "customer_deck", "connected_entry"},
}
#: sweeps of one heuristic player against random ones: how much the rule rewards skill
SKILL = {"blsh": ["dividend_table", "deck"]}
LADDER_AGENTS = {
    "blsh": ["random", "heuristic", "ismcts:easy", "ismcts:medium"],
    "ts": ["random", "heuristic", "ismcts:medium"],  # easy's random play-outs are slow here
    "nm": ["random", "heuristic", "ismcts:easy", "ismcts:medium"],
}
LADDER_GAMES = {"blsh": 24, "ts": 6, "nm": 6}
EXAMPLE = ("buy-low-sell-high", ["heuristic", "ismcts:easy", "random"], 60)


def figures(summary: dict[str, Any]) -> dict[str, Any]:
    """The few numbers of a summary that docs/balance.md reads."""
    metrics = summary["metrics"]
    return {
        "agents": {a["agent"]: a["win"] for a in summary["agent_stats"]},
        "seats": [round(seat["win"]["mean"], 3) for seat in summary["seats"]],
        "first": summary["first_player"]["win"],
        "decisions": round(metrics["decisions"]["mean"], 1),
        "lead_changes": round(metrics["lead_changes"]["mean"], 2),
        "score_spread": round(metrics["score_spread"]["mean"], 1),
        "margin": round(metrics["margin"]["mean"], 1),
        "forced_share": round(metrics["forced_share"]["mean"], 3),
    }


def sweep_figures(done: list[tuple[Any, Path]], games: int) -> dict[str, Any]:
    """Each value's figures, with how often it changed play against the first value."""
    base = read_rows(done[0][1], games)
    out = {}
    for value, folder in done:
        rows = read_rows(folder, games)
        out[value_text(value)] = {**figures(summarize(rows)), **divergence(base, rows)}
    return out


def markdown(found: dict[str, Any]) -> str:
    """One table per game of every sweep's figures (pasted into docs/balance.md)."""
    lines = []
    for key, values in found.items():
        if key.endswith("ladder"):
            continue
        seats = len(next(iter(values.values()))["seats"])
        head = ["option = value", *(f"seat {k}" for k in range(1, seats + 1))]
        head += ["decisions", "lead changes", "spread", "played differently", "other winner"]
        lines += ["", f"**{key}**", "", "| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
        name = key.rsplit(".", 1)[-1]
        for value, fig in values.items():
            cells = [f"{name} = {value}", *(f"{share:.3f}" for share in fig["seats"])]
            cells += [f"{fig['decisions']}", f"{fig['lead_changes']}", f"{fig['score_spread']}"]
            cells += [f"{fig['played']:.0%}", f"{fig['winner']:.0%}"]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("build/balance"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", choices=sorted(SWEEPS), action="append")
    parser.add_argument("--docs", type=Path, default=DOCS, help="where the reports go")
    parser.add_argument("--games", type=int, help="games per value and pair (a quick try)")
    args = parser.parse_args()
    docs = args.docs
    docs.mkdir(parents=True, exist_ok=True)
    found: dict[str, Any] = {}
    for short in args.only or list(SWEEPS):
        game, players, games, sweeps = SWEEPS[short]
        games = args.games or games
        for name, values in sweeps:
            plans = sweep_plans(game, ["heuristic"], players, {}, name, values, SEED)
            done = run_sweep(plans, name, games, args.out / short / name, jobs=args.jobs)
            found[f"{short}.{name}"] = sweep_figures(done, games)
            if name in SHIPPED[short]:
                write_quietly(
                    lambda path, done=done, name=name: write_sweep_report(
                        path, name, done, None, dpi=DPI
                    ),
                    docs / f"{short}-{name}.html",
                )
        for name in SKILL.get(short, []):
            values = dict(sweeps)[name]
            plans = sweep_plans(game, ["heuristic", "random"], players, {}, name, values, SEED)
            done = run_sweep(plans, name, games, args.out / short / "skill" / name, jobs=args.jobs)
            found[f"{short}.skill.{name}"] = sweep_figures(done, games)
        plans = ladder_plans(game, LADDER_AGENTS[short], 3, {}, SEED)
        pair_games = args.games or LADDER_GAMES[short]
        matrix = run_ladder(plans, pair_games, args.out / "ladder" / short, jobs=args.jobs)
        found[f"{short}.ladder"] = matrix
        write_quietly(
            lambda path, matrix=matrix: write_ladder_report(path, matrix, None, dpi=DPI),
            docs / f"{short}-ladder.html",
        )
        if EXAMPLE[0] == game:
            plan = SimPlan.make(game, EXAMPLE[1], None, {}, SEED)
            folder = args.out / "example" / short
            simulate(plan, args.games or EXAMPLE[2], folder, jobs=args.jobs)
            write_quietly(
                lambda path, folder=folder, matrix=matrix: write_report(
                    path, folder, None, dpi=DPI, ladder=matrix
                ),
                docs / f"example-{short}.html",
            )
    print(markdown(found))
    print(json.dumps(found, sort_keys=True))


def write_quietly(write: Any, target: Path) -> None:
    """Write a report in a scratch folder and keep only its self-contained HTML file."""
    scratch = Path(tempfile.mkdtemp(prefix="bazaar-balance-"))
    try:
        write(scratch / target.name)
        shutil.copyfile(scratch / target.name, target)
    finally:
        shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
