"""Engine protocol v2 across a process boundary: ``python -m bazaar.interop.engine`` driven
through pipes through a whole game of each game, and the Node.js example bot
(examples/node_bot/bot.js) playing a whole game through it."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bazaar.interop.engine import Engine

ROOT = Path(__file__).resolve().parents[2]
ENGINE = [sys.executable, "-m", "bazaar.interop.engine"]
BOT_JS = ROOT / "examples" / "node_bot" / "bot.js"
GAMES = (("buy-low-sell-high", 3), ("take-stock", 4), ("night-market", 3))


class Pipe:
    """The engine as a child process: one request line in, exactly one reply line out."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            ENGINE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT
        )

    def ask(self, **request: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request).encode() + b"\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line.endswith(b"\n"), f"no reply to {request}"
        reply: dict[str, Any] = json.loads(line)
        assert reply["ok"], (request, reply)
        return reply

    def finish(self) -> None:
        assert self.ask(cmd="quit") == {"ok": True, "bye": True}
        out, err = self.proc.communicate(timeout=20)
        assert (out, err, self.proc.returncode) == (b"", b"", 0)


def test_a_whole_game_of_each_game_through_a_pipe() -> None:
    pipe = Pipe()
    try:
        assert pipe.ask(cmd="hello", protocol=2)["protocols"] == [1, 2]
        for game, players in GAMES:
            rng = random.Random(game)
            turn = pipe.ask(
                cmd="new", game=game, players=players, seed=7, names=["py"] + [""] * (players - 1)
            )
            mine = theirs = 0
            while turn["to_move"] is not None:
                if turn["to_move"] == 0:
                    # the last reply holds seat 0's moves (in words from the second move on)
                    move = rng.choice(turn["legal"])
                    assert mine + theirs == 0 or move["text"]
                    turn = pipe.ask(cmd="play", index=move["index"], seat=0, lang="zh-TW")
                    assert turn["move"]["notation"] == move["notation"] and turn["by"] == 0
                    mine += 1
                else:
                    bot = {"level": "heuristic", "seed": 3, "play": True, "seat": 0}
                    turn = pipe.ask(cmd="bot", lang="zh-TW", **bot)
                    assert all(e["to"] in (None, 0) for e in turn["events"])
                    theirs += 1
                assert (turn["legal"] != []) == (turn["to_move"] == 0)
                assert mine + theirs < 1000
            result = pipe.ask(cmd="result")
            assert result["over"] is True and result["winners"] and sum(result["returns"]) == 1
            assert mine > 10 and theirs > mine
            record = pipe.ask(cmd="record")["record"]
            assert len(record["actions"]) == mine + theirs and record["seats"][0] == "py"
            replay = Engine()  # the record replays to the same result in this process
            replay.handle('{"cmd": "hello", "protocol": 2}')
            assert replay.handle(json.dumps({"cmd": "load", "record": record}))["ok"]
            assert replay.handle('{"cmd": "result"}') == result
    finally:
        if pipe.proc.poll() is None:
            pipe.finish()


def in_process_game(game: str, players: int, seed: int) -> dict[str, Any]:
    """What bot.js --pick first plays, here: seat 0 the first legal move, the others the
    engine's heuristic bot."""
    engine = Engine()
    engine.handle('{"cmd": "hello", "protocol": 2}')
    turn = engine.handle(json.dumps({"cmd": "new", "game": game, "players": players, "seed": seed}))
    while turn["to_move"] is not None:
        if turn["to_move"] == 0:
            turn = engine.handle('{"cmd": "play", "index": 0, "seat": 0}')
        else:
            bot = {"cmd": "bot", "level": "heuristic", "seed": seed, "play": True, "seat": 0}
            turn = engine.handle(json.dumps(bot))
    return engine.handle('{"cmd": "result"}')


@pytest.mark.skipif(shutil.which("node") is None, reason="node (Node.js) is not installed")
def test_the_node_bot_plays_a_whole_game() -> None:
    game, players, seed = "night-market", 3, 5
    flags = {"--game": game, "--players": players, "--seed": seed, "--pick": "first"}
    args = [str(x) for pair in flags.items() for x in pair]
    proc = subprocess.run(
        ["node", str(BOT_JS), *args, "--engine", json.dumps(ENGINE)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=60,
    )
    assert (proc.returncode, proc.stderr) == (0, ""), proc.stderr
    lines = proc.stdout.splitlines()
    summary = json.loads(lines[-1])
    expected = in_process_game(game, players, seed)
    assert summary["scores"] == expected["scores"]
    assert summary["winners"] == expected["winners"]
    assert summary["returns"] == expected["returns"]
    assert summary["my_moves"] == sum(1 for line in lines if line.startswith("me  (seat 0)"))
    assert summary["bot_moves"] == sum(1 for line in lines if line.startswith("bot (seat "))
    assert lines[-2].startswith("game over: scores ")


@pytest.mark.skipif(shutil.which("node") is None, reason="node (Node.js) is not installed")
def test_the_node_bot_reports_an_engine_error() -> None:
    """bot.js stops with the engine's error sentence and code (a stand-in engine that refuses
    the first request, so the test needs no game)."""
    refusal = {"ok": False, "error": "field 'protocol' is 2, but ...", "code": "protocol"}
    stand_in = [sys.executable, "-c", f"input(); print({json.dumps(json.dumps(refusal))})"]
    proc = subprocess.run(
        ["node", str(BOT_JS), "--engine", json.dumps(stand_in)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr == "hello: field 'protocol' is 2, but ... (code protocol)\n"
