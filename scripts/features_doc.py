"""Keep the feature tables of docs/features.md equal to the code (bazaar.core.features).

Each game with features has one generated block in docs/features.md, between
``<!-- features:GAME -->`` and ``<!-- /features:GAME -->``: the size per player count and a
table of its groups. Everything outside the blocks is free text.

Usage (from the repository root):

    python scripts/features_doc.py --check   # exit 1 and say which block differs
    python scripts/features_doc.py --write   # rewrite the blocks from the code

tests/test_features.py runs the check, so the page cannot drift from the code.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from bazaar.core.features import FeatureLayout
from bazaar.core.registry import game_ids, game_parts, get_game

DOC = Path(__file__).resolve().parents[1] / "docs" / "features.md"
BLOCK = re.compile(
    r"<!-- features:(?P<id>[a-z0-9-]+) -->\n(?P<body>.*?)<!-- /features:(?P=id) -->", re.S
)


def stated_players(game_id: str) -> int:
    """The player count a game's table is written for: 4, or the nearest the game allows."""
    game = get_game(game_id)
    return min(max(4, game.min_players), game.max_players)


def _size_words(sizes: dict[int, int]) -> str:
    """A group's size as a formula in n (players) if one fits every count, else a list."""
    values = set(sizes.values())
    if len(values) == 1:
        return str(values.pop())
    for unit, word in ((1, "n"), (2, "n²")):
        factors = {size // n**unit for n, size in sizes.items() if size % n**unit == 0}
        if len(factors) == 1 and all(size % n**unit == 0 for n, size in sizes.items()):
            k = factors.pop()
            return word if k == 1 else f"{k}·{word}"
    return ", ".join(f"{n}: {size}" for n, size in sizes.items())


def block(game_id: str) -> str:
    """The generated text of ``game_id``'s block (without its marker lines)."""
    game = get_game(game_id)
    features = game_parts(game_id).features
    assert features is not None
    counts = range(game.min_players, game.max_players + 1)
    layouts: dict[int, FeatureLayout] = {n: features(n) for n in counts}
    stated = stated_players(game_id)
    layout = layouts[stated]
    totals = ", ".join(f"{n} players: {layouts[n].size}" for n in counts)
    lines = [
        f"Entries: {totals}. The table is written for **{stated} players** "
        f"(n = {stated} in the formulas).",
        "",
        f"| # | group | size in n | size at {stated} | first index | meaning |",
        "|---|---|---|---|---|---|",
    ]
    start = 0
    for i, g in enumerate(layout.groups, 1):
        sizes = {}
        for n in counts:
            match = [h for h in layouts[n].groups if h.name == g.name]
            if match:
                sizes[n] = match[0].size
        meaning = g.meaning.replace("|", "\\|")
        lines.append(
            f"| {i} | `{g.name}` | {_size_words(sizes)} | {g.size} | {start} | {meaning} |"
        )
        start += g.size
    return "\n".join(lines) + "\n"


def featured() -> list[str]:
    return [g for g in game_ids() if game_parts(g).features is not None]


def problems(text: str) -> list[str]:
    """What in ``text`` (the page) differs from the code: one sentence per game."""
    found = {m.group("id"): m.group("body") for m in BLOCK.finditer(text)}
    out = []
    for game_id in featured():
        if game_id not in found:
            out.append(f"{game_id}: no <!-- features:{game_id} --> block")
        elif found[game_id] != block(game_id):
            out.append(f"{game_id}: the table differs from the code")
    for game_id in found:
        if game_id not in featured():
            out.append(f"{game_id}: a block for a game without features")
    return out


def write(text: str) -> str:
    """``text`` with every block regenerated (blocks missing from the page are not added)."""

    def fill(m: re.Match[str]) -> str:
        game_id = m.group("id")
        return f"<!-- features:{game_id} -->\n{block(game_id)}<!-- /features:{game_id} -->"

    return BLOCK.sub(fill, text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="report blocks that differ")
    mode.add_argument("--write", action="store_true", help="regenerate the blocks")
    args = parser.parse_args()
    text = DOC.read_text("utf-8")
    if args.write:
        DOC.write_text(write(text), "utf-8")
        text = DOC.read_text("utf-8")
    found = problems(text)
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
