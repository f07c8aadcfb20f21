"""``engine:COMMAND`` agents (docs/engine.md, "Engine agents"): a program answers one seat's
moves in simulations, sweeps and ladders; it is told hello, its moves and the end; it is sent
only what its seat may see; it is ended with its game, and killed when the process that
started it dies; a program that misbehaves is refused by name, game and reason."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bazaar.cli import app
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.sim.engine_agent import EngineAgent, encode, hello_message, move_message
from bazaar.sim.plan import SimError, SimPlan
from bazaar.sim.run import simulate
from bazaar.sim.store import read_records, read_rows

GAME = "buy-low-sell-high"
PROGRAM = Path(__file__).with_name("engine_agent_prog.py")


def engine(*args: str) -> str:
    """The spec of the test program with ``args``."""
    return "engine:" + shlex.join([sys.executable, str(PROGRAM), *args])


def bazaar(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def log_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_engine_agents_play_the_same_rows_with_one_and_two_workers(tmp_path: Path) -> None:
    seeded, first = engine(), engine("--pick", "first")
    plan = SimPlan.make(GAME, [seeded, first, "random"], seed=5)
    one, two = tmp_path / "one", tmp_path / "two"
    assert simulate(plan, 6, one, jobs=1) == 6
    assert simulate(plan, 6, two, jobs=2) == 6
    rows = read_rows(one)
    assert rows == read_rows(two)
    assert {rows[0]["seat1_agent"], rows[0]["seat2_agent"]} == {seeded, first}
    checked = 0
    for _, record in read_records(one):
        state = get_game(record.game).new(record.players, record.seed, record.options)
        for text in record.actions:
            action = state.parse(text)
            seat = state.to_move()
            assert seat is not None
            legal = state.legal_actions()
            if record.seats[seat] == first and len(legal) > 1:
                assert action == legal[0]  # the program's rule: the first legal move
                checked += 1
            state.apply(action)
    assert checked > 20


def test_the_program_hears_hello_its_moves_and_the_end(tmp_path: Path) -> None:
    log = tmp_path / "heard.jsonl"
    spec = engine("--log", str(log))
    plan = SimPlan.make(GAME, [spec, "random"], seed=11)
    assert simulate(plan, 1, tmp_path / "out", jobs=1) == 1
    [row] = read_rows(tmp_path / "out")
    task = plan.task(0)
    seat = task.seats.index(spec)
    heard = log_lines(log)
    hello, moves, over = heard[0], heard[1:-1], heard[-1]
    assert hello == {
        "cmd": "hello",
        "dialect": 1,
        "game": GAME,
        "players": 2,
        "options": task.options,
        "seat": seat,
        "seed": task.bot_seeds[seat],
    }
    assert len(moves) == row[f"seat{seat + 1}_decisions"] - row[f"seat{seat + 1}_forced"]
    assert {m["cmd"] for m in moves} == {"move"}
    assert all(m["seat"] == seat and m["view"]["seat"] == seat for m in moves)
    assert all(len(m["legal"]) > 1 for m in moves)
    assert moves[0]["legal"][0].keys() == {"index", "action", "notation"}
    assert over["cmd"] == "over" and over["seat"] == seat
    assert over["scores"] == [row["seat1_score"], row["seat2_score"]]
    assert over["winners"] == [int(w) - 1 for w in row["winners"].split()]


@pytest.mark.parametrize("game_id", ["buy-low-sell-high", "take-stock", "night-market"])
def test_what_the_program_is_sent_does_not_depend_on_others_hidden_cards(game_id: str) -> None:
    """At every decision of a random game, the request for the mover is byte-identical in
    worlds that differ from the real one only in what the mover cannot see."""
    game = get_game(game_id)
    state = game.new(3, 17)
    rng = Rng(4)
    compared = differed = 0
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        legal = state.legal_actions()
        if len(legal) > 1 and len(state.legal_actions()) and compared < 60:
            sent = encode(move_message(state, seat)) + encode(hello_message(state, seat, 9))
            for _ in range(2):
                world = state.determinize(seat, rng)
                differed += world.full_view() != state.full_view()
                assert (
                    encode(move_message(world, seat)) + encode(hello_message(world, seat, 9))
                    == sent
                )
                compared += 1
        state.apply(legal[rng.below(len(legal))])
    assert compared >= 40 and differed >= compared // 2  # the worlds did differ


@pytest.mark.parametrize(
    ("fail", "says", "says_zh"),
    [
        ("garbage", "the answer 'e2e4' is not JSON", "不是 JSON"),
        ("die", "the program ended (exit status 3); its last error output: out of ideas", "3"),
        ("illegal", "'index' is", "合法"),
        ("hello", 'is not an object with "ok": true', "不是"),
        ("sleep", "no answer within 0.5 s (set BAZAAR_AGENT_TIMEOUT for more)", "0.5"),
    ],
)
def test_a_program_that_misbehaves_is_refused_naming_agent_game_and_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail: str, says: str, says_zh: str
) -> None:
    monkeypatch.setenv("BAZAAR_AGENT_TIMEOUT", "0.5")
    spec = engine("--fail", fail)
    plan = SimPlan.make(GAME, [spec, "random"], seed=2)
    with pytest.raises(SimError) as caught:
        simulate(plan, 2, tmp_path / "out", jobs=1)
    message = caught.value.message
    assert message.startswith(f"agent {spec!r} in game 0: ")
    assert says in message
    zh = caught.value.text("zh-TW")
    assert zh.startswith(f"玩家 {spec!r} 在第 0 局：") and says_zh in zh


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("engine:", "the command is empty"),
        ("engine:'unclosed", "the command cannot be split into words (No closing quotation)"),
        ("engine:no-such-program-here --x", "the program 'no-such-program-here' is not found"),
    ],
)
def test_a_command_that_cannot_start_is_refused_before_any_game(spec: str, says: str) -> None:
    with pytest.raises(SimError) as caught:
        SimPlan.make(GAME, [spec, "random"])
    assert says in caught.value.message


def test_a_bad_timeout_setting_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BAZAAR_AGENT_TIMEOUT", "soon")
    with pytest.raises(SimError) as caught:
        SimPlan.make(GAME, [engine(), "random"]).task(0)
        EngineAgent(engine(), 1)
    assert "BAZAAR_AGENT_TIMEOUT must be a number of seconds above 0, not 'soon'" in (
        caught.value.message
    )


def test_the_program_ends_with_its_game() -> None:
    state = get_game(GAME).new(2, 3)
    agent = EngineAgent(engine(), 1, 0)
    while state.to_move() != 0 or len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    state.apply(agent.choose(state))
    process = agent.process
    assert process is not None and process.poll() is None
    agent.end(state)  # abandoned: no "over", the program is ended at once
    assert process.poll() is not None


def _gone(pid: int) -> bool:
    """Whether ``pid`` has ended (no such process, or a zombie waiting to be reaped)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return "State:\tZ" in status


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_program_is_killed_when_the_process_that_started_it_is_killed() -> None:
    starter = (
        "import sys, time\n"
        "from bazaar.core.registry import get_game\n"
        "from bazaar.sim.engine_agent import EngineAgent\n"
        f"agent = EngineAgent({engine()!r}, 1, 0)\n"
        "state = get_game('buy-low-sell-high').new(2, 3)\n"
        "agent.choose(state)\n"
        "print(agent.process.pid, flush=True)\n"
        "time.sleep(120)\n"
    )
    worker = subprocess.Popen(
        [sys.executable, "-c", starter], stdout=subprocess.PIPE, cwd=Path(__file__).parents[2]
    )
    assert worker.stdout is not None
    program = int(worker.stdout.readline())
    assert not _gone(program)
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait()
    for _ in range(200):  # the kernel kills it at once; allow a loaded machine 10 s
        if _gone(program):
            break
        time.sleep(0.05)
    assert _gone(program)


def test_simulate_sweep_and_ladder_take_an_engine_agent(tmp_path: Path) -> None:
    spec = engine("--pick", "last")
    code, output = bazaar(
        "simulate", GAME, "--seats", f"{spec},heuristic", "--games", "2", "--quiet",
        "--out", str(tmp_path / "sim"), "--seed", "4",
    )  # fmt: skip
    assert code == 0, output
    rows = read_rows(tmp_path / "sim")
    assert [r["seat1_agent"] for r in rows] == [spec, "heuristic"]
    code, output = bazaar(
        "sweep", "take-stock", "--option", "crash=reset,drop_one", "--seats", f"{spec},random",
        "--players", "3", "--games", "2", "--out", str(tmp_path / "sweep"), "--quiet",
    )  # fmt: skip
    assert code == 0, output
    swept = [read_rows(tmp_path / "sweep" / f"crash={v}") for v in ("reset", "drop_one")]
    assert [r["seat1_agent"] for r in swept[0]] == [spec, "random"]
    assert [r["seed"] for r in swept[0]] == [r["seed"] for r in swept[1]]
    out = tmp_path / "ladder"
    code, output = bazaar(
        "ladder", GAME, "--agents", f"{spec},random", "--games", "2", "--out", str(out),
        "--seed", "1",
    )  # fmt: skip
    assert code == 0, output
    matrix = json.loads((out / "ladder.json").read_text())
    assert matrix["agents"] == [spec, "random"]
    assert matrix["games"] == [[0, 2], [2, 0]]


def test_the_example_engine_agent_plays_the_same_games_twice(tmp_path: Path) -> None:
    example = Path(__file__).parents[2] / "examples" / "engine_agent.py"
    spec = "engine:" + shlex.join([sys.executable, str(example)])
    plan = SimPlan.make("night-market", [spec, "heuristic"], players=3, seed=6)
    assert simulate(plan, 2, tmp_path / "one", jobs=1) == 2
    assert simulate(plan, 2, tmp_path / "two", jobs=1) == 2
    rows = read_rows(tmp_path / "one")
    assert rows == read_rows(tmp_path / "two")
    assert [r["seat1_agent"] for r in rows] == [spec, "heuristic"]
