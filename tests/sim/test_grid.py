"""``bazaar sweep`` over several options at once: a grid, every cell on the same deals, its
tables (one option down, the other across) in the terminal and in the report, and refusals."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bazaar.cli import app
from bazaar.sim.report import table_html
from bazaar.sim.store import read_rows
from bazaar.sim.summary import wilson
from tests.no_english import english_tokens
from tests.sim.test_report import assert_self_contained, read_page

GAME = "night-market"
YELLOW = "yellow_face=none,min_bid"
CELLS = [
    "adjacency=row,yellow_face=none",
    "adjacency=row,yellow_face=min_bid",
    "adjacency=row+aisle,yellow_face=none",
    "adjacency=row+aisle,yellow_face=min_bid",
]


def bazaar(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def flat(text: str) -> str:
    return " ".join(text.split())


def seat1(rows: list[dict[str, object]]) -> str:
    """Seat 1's win share with its interval, recomputed from the rows."""
    win = wilson(sum(float(str(r["seat1_win"])) for r in rows), len(rows))
    pct = [f"{int(100 * win[k] + 0.5)}%" for k in ("mean", "low", "high")]
    return f"{pct[0]} (95%: {pct[1]}–{pct[2]})"


def test_a_two_option_grid_plays_every_cell_on_the_same_deals(tmp_path: Path) -> None:
    out, report = tmp_path / "grid", tmp_path / "grid.html"
    code, output = bazaar(
        "sweep", GAME, "--option", "adjacency=row,row+aisle", "--option", YELLOW,
        "--option", "unbid_lots=return", "--seats", "random", "--games", "4", "--seed", "5",
        "--out", str(out), "--report", str(report),
    )  # fmt: skip
    assert code == 0, output
    assert sorted(p.name for p in out.iterdir()) == sorted([*CELLS, "grid.json"])
    grid = json.loads((out / "grid.json").read_text())
    assert grid["options"] == ["adjacency", "yellow_face"] and grid["games"] == 4
    assert [c["folder"] for c in grid["cells"]] == CELLS
    rows = {cell: read_rows(out / cell) for cell in CELLS}
    seeds = {cell: [r["seed"] for r in rows[cell]] for cell in CELLS}
    assert len(seeds[CELLS[0]]) == 4 and all(s == seeds[CELLS[0]] for s in seeds.values())
    for cell in CELLS:  # rows tagged by their cell; the fixed option everywhere
        options = json.loads(str(rows[cell][0]["options"]))
        tagged = ",".join(f"{n}={options[n]}" for n in ("adjacency", "yellow_face"))
        assert tagged == cell and options["unbid_lots"] == "return"
    # the terminal: Seat 1's win share, adjacency down and yellow_face across
    lines = output.splitlines()
    start = lines.index("Seat 1's win share: Which lots touch down, Yellow bid-card face across")
    assert lines[start + 1].split() == ["Which", "lots", "touch", "no", "effect", "a", "minimum",
                                        "opening", "bid"]  # fmt: skip
    for offset, (none, min_bid) in enumerate([(CELLS[0], CELLS[1]), (CELLS[2], CELLS[3])]):
        line = lines[start + 2 + offset]
        assert line.endswith(seat1(rows[min_bid])) and seat1(rows[none]) in line
    # the report: the same 2x2 table, recomputed from the rows
    text, page = read_page(report)
    assert_self_contained(text, page)
    expected = table_html(
        ["Which lots touch", "no effect", "a minimum opening bid"],
        [
            ["same row", seat1(rows[CELLS[0]]), seat1(rows[CELLS[1]])],
            ["same row and across the street", seat1(rows[CELLS[2]]), seat1(rows[CELLS[3]])],
        ],
    )
    assert expected in text
    en = flat(" ".join(page.words["en"]))
    assert "for every combination of Which lots touch, Yellow bid-card face: 4 cells" in en
    assert "Deals played differently: Which lots touch down, Yellow bid-card face across" in en
    assert english_tokens(GAME, " ".join(page.words["zh-TW"])) == []
    assert sorted(p.name for p in tmp_path.glob("grid-*.en.png")) == [
        "grid-grid_first_player.en.png",
        "grid-grid_length.en.png",
    ]


def test_the_divergence_table_counts_against_the_first_cell(tmp_path: Path) -> None:
    from bazaar.sim.sweep import divergence

    out = tmp_path / "grid"
    code, output = bazaar(
        "sweep", GAME, "--option", "adjacency=row,row+aisle", "--option", YELLOW,
        "--seats", "random", "--games", "3", "--out", str(out), "--lang", "zh-TW",
    )  # fmt: skip
    assert code == 0, output
    base = read_rows(out / CELLS[0])
    played = [divergence(base, read_rows(out / cell))["played"] for cell in CELLS]
    assert played[0] == 0.0
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("走向不同的牌局"))
    table = [line.split()[-2:] for line in lines[start + 3 : start + 5]]
    assert table == [
        [f"{int(100 * played[0] + 0.5)}%", f"{int(100 * played[1] + 0.5)}%"],
        [f"{int(100 * played[2] + 0.5)}%", f"{int(100 * played[3] + 0.5)}%"],
    ]


def test_three_options_give_one_row_per_cell(tmp_path: Path) -> None:
    out = tmp_path / "grid"
    code, output = bazaar(
        "sweep", GAME, "--option", "adjacency=row,row+aisle", "--option", YELLOW,
        "--option", "leavers=removed,discard", "--seats", "random", "--games", "2",
        "--out", str(out),
    )  # fmt: skip
    assert code == 0, output
    assert len(json.loads((out / "grid.json").read_text())["cells"]) == 8
    lines = output.splitlines()
    assert any(line.startswith("Each cell (against Which lots touch = same row") for line in lines)
    start = next(i for i, line in enumerate(lines) if line.startswith("adjacency "))
    body = lines[start + 1 : start + 9]
    assert lines[start].split()[:3] == ["adjacency", "yellow_face", "leavers"]
    assert [line.split()[:3] for line in (body[0], body[-1])] == [
        ["row", "none", "removed"],
        ["row+aisle", "min_bid", "discard"],
    ]
    assert body[0].split()[-2:] == ["0%", "0%"]  # the base cell against itself


def test_grid_refusals_name_the_option_in_both_languages(tmp_path: Path) -> None:
    out = tmp_path / "grid"
    code, output = bazaar(
        "sweep", GAME, "--option", "adjacency=row,row+aisle", "--option", "adjacency=row",
        "--out", str(out),
    )  # fmt: skip
    assert code == 2 and (
        "--option adjacency is given twice: give its values once, separated by commas "
        "(adjacency=v1,v2)"
    ) in flat(output)
    code, output = bazaar(
        "sweep", GAME, "--option", "adjacency=row,row+aisle", "--option", YELLOW,
        "--option", "adjacency=row", "--out", str(out), "--lang", "zh-TW",
    )  # fmt: skip
    assert code == 2 and "--option adjacency 給了兩次" in flat(output)
    code, output = bazaar(
        "sweep", GAME, "--option", "adjacency=row,row+aisle", "--option", "yelow=none,min_bid",
        "--out", str(out),
    )  # fmt: skip
    assert code == 2 and "night-market has no rule option 'yelow' to sweep" in flat(output)
    code, output = bazaar(
        "sweep", GAME, "--option", "adjacency=row,row+aisle", "--option", "yellow_face=none,max",
        "--out", str(out), "--lang", "zh-TW",
    )  # fmt: skip
    assert code == 2 and "'yellow_face'" in output and "'max'" in output
    assert "cannot be" not in output
    code, output = bazaar("sweep", GAME, "--option", "adjacency=row", "--out", str(out))
    assert code == 2 and (
        "a sweep needs at least one --option NAME=v1,v2,... with several values (got none)"
    ) in flat(output)
    code, output = bazaar(
        "sweep", GAME, "--option", "adjacency=row", "--out", str(out), "--lang", "zh-TW"
    )
    assert code == 2 and "至少需要一個" in output
    assert not out.exists()
