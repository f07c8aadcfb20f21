"""``bazaar simulate``, ``sweep`` and ``ladder`` from the command line (in-process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from bazaar.cli import app
from bazaar.sim.store import read_rows


def bazaar(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_simulate_writes_games_and_a_second_run_continues(tmp_path: Path) -> None:
    out = str(tmp_path / "sim")
    common = ("simulate", "buy-low-sell-high", "--seats", "heuristic,random", "--out", out)
    code, _ = bazaar(*common, "--games", "4", "--quiet", "--seed", "3")
    assert code == 0 and len(read_rows(Path(out))) == 4
    code, _ = bazaar(*common, "--games", "6", "--quiet", "--seed", "3")
    assert code == 0
    rows = read_rows(Path(out))
    assert [r["game_index"] for r in rows] == list(range(6))
    assert [r["seat1_agent"] for r in rows[:2]] == ["heuristic", "random"]


def test_simulate_refuses_bad_input_by_name_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    code, output = bazaar("simulate", "take-stock", "--seats", "heuristic,rando", "--out", str(out))
    assert code == 2 and "unknown agent 'rando'" in output
    code, output = bazaar(
        "simulate", "take-stock", "--seats", "rando", "--out", str(out), "--lang", "zh-TW"
    )
    assert code == 2 and "沒有 'rando' 這個電腦玩家" in output
    code, output = bazaar("simulate", "take-stock", "--option", "crash", "--out", str(out))
    assert code == 2 and "--option needs name=value, not 'crash'" in output
    code, output = bazaar("simulate", "go", "--out", str(out))
    assert code == 2 and "go" in output
    code, output = bazaar("simulate", "take-stock", "--format", "xlsx", "--out", str(out))
    assert code == 2 and "unknown format 'xlsx'" in output
    assert not out.exists()


def test_sweep_plays_each_value_on_the_same_seeds(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    code, _ = bazaar(
        "sweep", "take-stock", "--option", "crash=reset,drop_one",
        "--option", "audit=enforce_limit", "--seats", "heuristic", "--players", "3",
        "--games", "3", "--out", str(out), "--quiet",
    )  # fmt: skip
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == ["crash=drop_one", "crash=reset"]
    reset, drop = read_rows(out / "crash=reset"), read_rows(out / "crash=drop_one")
    assert [r["seed"] for r in reset] == [r["seed"] for r in drop]
    assert json.loads(reset[0]["options"])["crash"] == "reset"
    assert json.loads(drop[0]["options"])["crash"] == "drop_one"
    assert {json.loads(r["options"])["audit"] for r in reset + drop} == {"enforce_limit"}


def test_a_sweep_needs_one_option_with_several_values(tmp_path: Path) -> None:
    code, output = bazaar("sweep", "take-stock", "--option", "crash=reset", "--out", str(tmp_path))
    assert code == 2
    assert "a sweep needs at least one --option NAME=v1,v2,... with several values (got none)" in (
        " ".join(output.split())
    )
    code, output = bazaar("sweep", "take-stock", "--option", "crush=a,b", "--out", str(tmp_path))
    assert code == 2 and "take-stock has no rule option 'crush' to sweep" in " ".join(
        output.split()
    )
    code, output = bazaar("sweep", "take-stock", "--option", "crash=reset,oops")
    assert code == 2 and "option 'crash' cannot be 'oops'" in " ".join(output.split())


def test_the_command_line_imports_no_chart_table_or_cluster_package() -> None:
    code = (
        "import sys, bazaar.cli, bazaar.sim.run, bazaar.sim.sweep, bazaar.sim.ladder;"
        "print(sorted(m for m in ('matplotlib', 'pyarrow', 'ray', 'numpy') if m in sys.modules))"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert found.strip() == "[]"


def test_ladder_writes_the_win_rate_matrix_and_its_report(tmp_path: Path) -> None:
    out, report = tmp_path / "ladder", tmp_path / "ladder.html"
    code, output = bazaar(
        "ladder", "night-market", "--agents", "random,heuristic", "--games", "3",
        "--out", str(out), "--report", str(report), "--seed", "2",
    )  # fmt: skip
    assert code == 0, output
    assert sorted(p.name for p in out.iterdir()) == [
        "heuristic~random",
        "ladder.json",
        "random~heuristic",
    ]
    matrix = json.loads((out / "ladder.json").read_text())
    assert (matrix["agents"], matrix["players"], matrix["games"]) == (
        ["random", "heuristic"],
        3,
        [[0, 3], [3, 0]],
    )
    assert matrix["win"][0][0] is None and matrix["win"][1][1] is None
    strong = read_rows(out / "heuristic~random")
    share = sum(
        r[f"seat{k}_win"] for r in strong for k in (1, 2, 3) if r[f"seat{k}_agent"] == "heuristic"
    )
    assert matrix["win"][1][0]["mean"] == round(share / 3, 6)
    assert report.read_text().startswith("<!doctype html>")


def test_simulate_prints_the_summary_and_writes_the_report(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    code, output = bazaar(
        "simulate", "buy-low-sell-high", "--seats", "heuristic,random", "--games", "4",
        "--out", str(tmp_path / "sim"), "--report", str(report), "--lang", "zh-TW",
    )  # fmt: skip
    assert code == 0, output
    assert "玩家1" in output and "勝率" in output
    assert "報告：" in output
    assert 'lang="zh-TW"' in report.read_text() and 'lang="en"' in report.read_text()


def test_divergence_counts_the_deals_a_rule_changed() -> None:
    from bazaar.sim.sweep import divergence

    base = [
        {"game_index": 0, "options": "a", "decisions": 9, "winners": "1"},
        {"game_index": 1, "options": "a", "decisions": 9, "winners": "2"},
        {"game_index": 2, "options": "a", "decisions": 9, "winners": "2"},
        {"game_index": 3, "options": "a", "decisions": 9, "winners": "1"},
    ]
    other = [dict(row, options="b") for row in base]
    other[1]["decisions"] = 10  # played differently, same winner
    other[2]["winners"] = "1 2"  # another winner
    assert divergence(base, other) == {"games": 4, "played": 0.5, "winner": 0.25}
    assert divergence(base, [dict(row, options="b") for row in base])["played"] == 0.0


def test_ladder_and_game_errors_are_named_in_the_users_language(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    code, output = bazaar("ladder", "night-market", "--agents", "random", "--out", str(out))
    assert code == 2 and "a ladder needs at least two different agents in --agents" in output
    code, output = bazaar(
        "ladder", "night-market", "--agents", "random,rando", "--out", str(out), "--lang", "zh-TW"
    )
    assert code == 2 and "沒有 'rando' 這個電腦玩家" in output
    code, output = bazaar("simulate", "go", "--out", str(out), "--lang", "zh-TW")
    assert code == 2 and "沒有 'go' 這個遊戲" in output
    assert not out.exists()
