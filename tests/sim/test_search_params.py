"""An ismcts agent's search settings in its spec (``ismcts:easy@20+exploration=1.5``) and
``bazaar tune --agent-param``: parsed, checked, applied to the search, left out when equal to
the level's own, and tuned like an option."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bazaar.sim.agents import make_agent, own_params
from bazaar.sim.errors import SimError
from bazaar.sim.plan import SimPlan
from bazaar.sim.search_params import search_params, with_params
from bazaar.sim.store import read_plan
from tests.sim.test_tune import bazaar, flat

GAME = "buy-low-sell-high"


def test_a_spec_sets_search_settings_and_keeps_them_normalised() -> None:
    plan = SimPlan.make(GAME, ["ISMCTS:Easy@20 + Exploration=1.5+rollout_depth=4", "random"])
    assert plan.agents[0] == "ismcts:easy@20+exploration=1.5+rollout_depth=4"
    assert search_params(plan.agents[0]) == {"exploration": 1.5, "rollout_depth": 4}
    bot = make_agent(plan.agents[0], 7, GAME)
    assert bot.level["exploration"] == 1.5  # type: ignore[attr-defined]
    assert bot.level["rollout_depth"] == 4  # type: ignore[attr-defined]
    assert bot.level["iterations"] == 20  # type: ignore[attr-defined]


def test_a_setting_equal_to_the_levels_own_is_left_out_of_the_spec() -> None:
    own = own_params("ismcts:easy@20", GAME)
    assert own["exploration"] == 0.7  # the search's own default: easy sets none
    assert with_params("ismcts:easy@20", {"exploration": 0.7}, own) == "ismcts:easy@20"
    assert (
        with_params("ismcts:easy@20+blend=0.5", {"exploration": 2.0}, own)
        == "ismcts:easy@20+exploration=2.0+blend=0.5"
    )


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("ismcts+speed=1", "'speed=1' is no search setting"),
        ("ismcts+exploration", "'exploration' is no search setting"),
        ("ismcts+exploration=1+exploration=2", "'exploration=2' is no search setting"),
        ("random+exploration=1", "only ismcts agents take +NAME=VALUE"),
        ("ismcts+blend=1.5", "blend takes a number from 0.0 to 1.0, not '1.5'"),
        ("ismcts+rollout_depth=2.5", "rollout_depth takes a number from 0 to 1000, not '2.5'"),
        ("ismcts+exploration=nan", "exploration takes a number from 0.0 to 10.0, not 'nan'"),
    ],
)
def test_a_bad_search_setting_is_refused_naming_it(spec: str, words: str) -> None:
    with pytest.raises(SimError) as caught:
        SimPlan.make(GAME, [spec])
    assert words in str(caught.value)


def test_simulate_plays_the_tuned_agent_and_refuses_in_chinese(tmp_path: Path) -> None:
    code, out = bazaar(
        "simulate", GAME, "--seats", "ismcts:easy@10+exploration=2,random", "--games", "2",
        "--out", str(tmp_path / "sim"), "--quiet",
    )  # fmt: skip
    assert code == 0, out
    assert read_plan(tmp_path / "sim").agents[0] == "ismcts:easy@10+exploration=2"
    code, out = bazaar(
        "simulate", GAME, "--seats", "ismcts+blend=3", "--games", "1", "--lang", "zh-TW",
        "--out", str(tmp_path / "bad"),
    )  # fmt: skip
    assert code != 0 and "blend" in out and "0.0" in out and "1.0" in out and "不是" in out


def test_tune_searches_the_first_agents_settings(tmp_path: Path) -> None:
    args = (
        "tune", GAME, "--objective", "skill", "--seats", "ismcts:easy@8,random",
        "--agent-param", "exploration=0.7,2.5", "--agent-param", "rollout_depth=0,6",
        "--evaluations", "4", "--games", "2", "--confirm", "4", "--finalists", "2",
        "--seed", "3", "--quiet",
    )  # fmt: skip
    code, out = bazaar(*args, "--out", str(tmp_path / "one"))
    assert code == 0, out
    result = json.loads((tmp_path / "one" / "tune.json").read_text(encoding="utf-8"))
    # only the agent's settings are searched (no option was named)
    assert result["space"] == [
        {"name": "agent.exploration", "values": [0.7, 2.5]},
        {"name": "agent.rollout_depth", "values": [0, 6]},
    ]
    for run in result["runs"]:
        setting = run["setting"]
        agents = read_plan(tmp_path / "one" / run["folder"]).agents
        tuned = {name: setting["agent." + name] for name in ("exploration", "rollout_depth")}
        expected = with_params("ismcts:easy@8", tuned, own_params("ismcts:easy@8", GAME))
        assert agents == (expected, "random")
    # the level's own exploration (0.7) is the own setting's
    assert result["default"]["setting"]["agent.exploration"] == 0.7
    assert max(c["score"] for c in result["confirmed"]) == result["best"]["score"]
    code, _ = bazaar(*args, "--out", str(tmp_path / "two"))
    again = json.loads((tmp_path / "two" / "tune.json").read_text(encoding="utf-8"))
    assert code == 0 and again["runs"] == result["runs"] and again["best"] == result["best"]


def test_tune_refuses_agent_settings_for_a_bot_without_them(tmp_path: Path) -> None:
    code, out = bazaar(
        "tune", GAME, "--seats", "heuristic,random", "--agent-param", "exploration=1,2",
        "--out", str(tmp_path / "t"),
    )  # fmt: skip
    assert code != 0
    assert "--agent-param tunes the first agent of --seats, which must be ismcts" in flat(out)
    code, out = bazaar(
        "tune", GAME, "--seats", "ismcts:easy@8,random", "--agent-param", "exploration=1",
        "--agent-param", "exploration=2", "--lang", "zh-TW", "--out", str(tmp_path / "t"),
    )  # fmt: skip
    assert code != 0 and "--agent-param exploration" in out
