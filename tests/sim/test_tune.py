"""``bazaar tune``: NTBEA on a synthetic objective, a tiny real tuning run (the same result
twice and at --jobs 2; the best is the best confirmed), its report, and refusals."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bazaar.cli import app
from bazaar.sim.ntbea import NTupleModel, neighbour, search
from bazaar.sim.store import read_plan, read_rows
from bazaar.sim.summary import wilson
from tests.no_english import english_tokens
from tests.sim.test_report import assert_self_contained, read_page

GAME = "night-market"
#: a small space (2 x 2 x 2 settings) and a tiny budget
TINY = (
    "tune", GAME, "--seats", "random", "--evaluations", "5", "--games", "3", "--confirm", "6",
    "--finalists", "2", "--seed", "4", "--option", "adjacency=row,row+aisle",
    "--option", "yellow_face=none,min_bid", "--option", "leavers=removed,discard",
    *(f"--option={name}" for name in (
        "movement_order=chain", "next_entrance=chain", "connected_entry=unit",
        "yellow_min_bid=2", "no_legal_bid=skip", "unbid_lots=void", "voluntary_loans=false",
        "three_player_long=false", "star_lots=seed", "customer_deck=spec",
    )),
)  # fmt: skip


def bazaar(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def flat(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------------------------ NTBEA
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_ntbea_finds_a_known_optimum_under_noise(seed: int) -> None:
    best = (3, 0, 2, 1)
    noise = random.Random(seed)

    def score(point: tuple[int, ...]) -> float:
        return -sum(abs(a - b) for a, b in zip(point, best, strict=True)) + noise.gauss(0, 0.5)

    found = search((4, 4, 4, 3), score, 60, seed=seed)
    assert len(found.history) == 60
    assert found.ranked[0][0] == best and found.model_best == best
    # the same seed and scores: the same points
    noise = random.Random(seed)
    assert search((4, 4, 4, 3), score, 60, seed=seed).history == found.history


def test_the_model_pools_tuples_and_neighbours_move() -> None:
    model = NTupleModel((2, 3))
    assert model.tuples == [(0,), (1,), (0, 1)]
    model.add((0, 1), 1.0)
    model.add((1, 1), 3.0)
    # (0, 1): tuple means 1 (scaled 0), 2 (0.5) and 1 (0) -> 1/6
    assert model.estimate((0, 1)) == pytest.approx(0.5 / 3)
    assert model.estimate((1, 2)) == pytest.approx(1.0)  # only (1,) seen: scaled 1
    rng = random.Random(0)
    moved = [neighbour((0, 1), (2, 3), 0.0, rng) for _ in range(50)]
    assert all(sum(a != b for a, b in zip(m, (0, 1), strict=True)) == 1 for m in moved)
    assert neighbour((0,), (1,), 1.0, rng) == (0,)  # nothing to move


# ------------------------------------------------------------------------------ tuning
def test_a_tiny_tuning_run_is_deterministic_and_keeps_the_best_confirmed(tmp_path: Path) -> None:
    code, output = bazaar(*TINY, "--out", str(tmp_path / "a"), "--report", str(tmp_path / "t.html"))
    assert code == 0, output
    code, _ = bazaar(*TINY, "--out", str(tmp_path / "b"), "--quiet")
    assert code == 0
    code, _ = bazaar(*TINY, "--out", str(tmp_path / "c"), "--quiet", "--jobs", "2")
    assert code == 0
    result = json.loads((tmp_path / "a" / "tune.json").read_text())
    for other in ("b", "c"):
        assert (tmp_path / other / "tune.json").read_text() == (
            tmp_path / "a" / "tune.json"
        ).read_text()
        last = result["confirmed"][-1]["folder"]
        assert read_rows(tmp_path / other / last) == read_rows(tmp_path / "a" / last)
    assert [s["name"] for s in result["space"]] == ["yellow_face", "leavers", "adjacency"]
    assert result["target"] == pytest.approx(1 / 3) and result["goal"] == "target"
    assert [run["number"] for run in result["runs"]] == [1, 2, 3, 4, 5]
    # the search starts at the game's own setting
    assert result["runs"][0]["setting"] == {
        "yellow_face": "none",
        "leavers": "removed",
        "adjacency": "row",
    }
    for run in result["runs"] + result["confirmed"]:  # each score from its own rows
        rows = read_rows(tmp_path / "a" / run["folder"])
        assert len(rows) == run["games"]
        share = wilson(sum(float(r["seat1_win"]) for r in rows), len(rows))["mean"]
        assert run["figure"]["mean"] == share
        assert run["score"] == pytest.approx(-abs(share - 1 / 3), abs=1e-6)
        plan = read_plan(tmp_path / "a" / run["folder"])
        assert {k: plan.options[k] for k in run["setting"]} == run["setting"]
    confirmed = result["confirmed"]
    assert [c["finalist"] for c in confirmed] == [0, 1, 2]
    assert all(c["games"] == 6 for c in confirmed)
    seeds = {c["folder"]: [r["seed"] for r in read_rows(tmp_path / "a" / c["folder"])]
             for c in confirmed}  # fmt: skip
    assert len({tuple(s) for s in seeds.values()}) == 1  # the same deals side by side
    assert result["best"]["score"] == max(c["score"] for c in confirmed)
    assert result["best"] in confirmed and result["default"] == confirmed[0]
    assert result["changes"] == {
        name: [confirmed[0]["setting"][name], value]
        for name, value in result["best"]["setting"].items()
        if value != confirmed[0]["setting"][name]
    }
    # the terminal and the report show the runs behind the answer
    assert "Confirmed on 6 games each, on the same deals:" in output
    assert "Every evaluation:" in output and "(best)" in output
    text, page = read_page(tmp_path / "t.html")
    assert_self_contained(text, page)
    en = flat(" ".join(page.words["en"]))
    assert "evaluated 5 settings of 3 games each" in en
    assert page.h2["en"] == [
        "Best settings",
        "Confirmation",
        "What was searched",
        "Every evaluation",
    ]
    tokens = english_tokens(GAME, " ".join(page.words["zh-TW"]))
    assert [w for w in tokens if w not in ("NTBEA", "N")] == []  # the algorithm's name


def test_tuning_refusals_name_the_field_in_both_languages(tmp_path: Path) -> None:
    out = tmp_path / "t"
    code, output = bazaar("tune", GAME, "--objective", "fun", "--out", str(out))
    assert code == 2 and "unknown objective 'fun' (known objectives: first_player_advantage" in (
        flat(output)
    )
    code, output = bazaar("tune", GAME, "--objective", "fun", "--out", str(out), "--lang", "zh-TW")
    assert code == 2 and "沒有 'fun' 這個目標" in flat(output)
    code, output = bazaar("tune", GAME, "--objective", "game_length", "--out", str(out))
    assert code == 2 and "--objective game_length needs --target (decisions per game)" in flat(
        output
    )
    code, output = bazaar(
        "tune", GAME, "--objective", "skill", "--seats", "random", "--out", str(out)
    )
    assert code == 2 and "--objective skill needs two different agents in --seats" in flat(output)
    code, output = bazaar("tune", GAME, "--option", "adjacency=row,diagonal", "--out", str(out))
    assert code == 2 and "option 'adjacency' cannot be 'diagonal'" in flat(output)
    code, output = bazaar("tune", GAME, "--option", "adjacenc=row", "--out", str(out))
    assert code == 2 and "unknown option 'adjacenc'" in flat(output)
    fixed = [  # every option of TINY with one value
        a.replace(",row+aisle", "").replace(",min_bid", "").replace(",discard", "")
        for a in TINY[TINY.index("--finalists") + 2 :]
    ]
    code, output = bazaar("tune", GAME, *fixed, "--out", str(out), "--lang", "zh-TW")
    assert code == 2 and "沒有可調整的選項" in flat(output)
    code, output = bazaar("tune", GAME, *fixed, "--out", str(out))
    assert code == 2 and "nothing to tune: every option of night-market is fixed by --option" in (
        flat(output)
    )
    assert not out.exists()
