"""How well calibrated are the shipped value models? Their held-out figures, as a table and a
reliability diagram.

Usage: python benchmarks/calibration.py [--plot docs/value-calibration.png]

Reads the JSON file beside every model (``bazaar/games/<game>/value/<n>p.json``, written by
``bazaar.bots.value_train`` from games it never trained on) and prints per game and player
count: the held-out rows, the Brier score of the observer's own win chance, the Brier score of
always saying 1/players, the skill (1 - Brier / uniform Brier) and the largest gap between the
predicted and the observed win share over the reliability bins with at least 100 rows. With
``--plot`` it draws the reliability diagram (matplotlib: the ``sim`` or ``learn`` extra). The
last line is one JSON object: {game: {players: {...}}}.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bazaar.core.registry import game_parts, get_game

GAMES = ("buy-low-sell-high", "take-stock", "night-market")
#: bins with fewer rows are left out of the largest gap (too few to judge)
MIN_ROWS = 100


def figures(game_id: str) -> dict[int, dict[str, Any]]:
    """Each player count's held-out calibration figures of ``game_id``'s models."""
    game = get_game(game_id)
    package = game_parts(game_id).package
    assert package is not None
    out = {}
    for n in range(game.min_players, game.max_players + 1):
        meta = json.loads(resources.files(package).joinpath(f"value/{n}p.json").read_text("utf-8"))
        cal = meta["calibration"]
        bins = [b for b in cal["reliability"] if b["rows"] >= MIN_ROWS]
        out[n] = {
            "rows": meta["held_out_rows"],
            "brier": cal["brier"],
            "brier_uniform": cal["brier_uniform"],
            "skill": round(1 - cal["brier"] / cal["brier_uniform"], 3),
            "largest_gap": round(max(abs(b["predicted"] - b["observed"]) for b in bins), 3),
            "reliability": cal["reliability"],
            "cpu_seconds": meta.get("cpu_seconds"),
        }
    return out


def plot(found: dict[str, dict[int, dict[str, Any]]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(found), figsize=(4.2 * len(found), 4.2), sharey=True)
    for ax, (game_id, counts) in zip(axes, found.items(), strict=True):
        ax.plot([0, 1], [0, 1], color="#888", linestyle="--", linewidth=1, label="perfect")
        for n, row in counts.items():
            bins = [b for b in row["reliability"] if b["rows"] >= MIN_ROWS]
            ax.plot(
                [b["predicted"] for b in bins],
                [b["observed"] for b in bins],
                marker="o",
                label=f"{n} players (Brier {row['brier']:.3f})",
            )
        ax.set_title(get_game(game_id).name_en)
        ax.set_xlabel("predicted win chance (held-out games)")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.legend(fontsize=8, loc="upper left")
    axes[0].set_ylabel("share of those positions won")
    fig.tight_layout()
    fig.savefig(path, dpi=90)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plot", type=Path)
    args = parser.parse_args()
    found = {game_id: figures(game_id) for game_id in GAMES}
    print(f"{'game':20}{'players':>8}{'rows':>8}{'Brier':>8}{'uniform':>9}{'skill':>7}{'gap':>7}")
    for game_id, counts in found.items():
        for n, row in counts.items():
            print(
                f"{game_id:20}{n:>8}{row['rows']:>8}{row['brier']:>8.3f}"
                f"{row['brier_uniform']:>9.3f}{row['skill']:>7.3f}{row['largest_gap']:>7.3f}"
            )
    if args.plot:
        plot(found, args.plot)
    print(
        json.dumps(
            {
                g: {n: {k: v for k, v in row.items() if k != "reliability"} for n, row in c.items()}
                for g, c in found.items()
            }
        )
    )


if __name__ == "__main__":
    main()
