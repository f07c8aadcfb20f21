"""Hints, post-game analysis and bots at the table (in process and through the CLI)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from bazaar.bots.advice import (
    analyse_record,
    decisions,
    hint,
    level_label,
    move_changes,
    ranking_violations,
)
from bazaar.bots.levels import LEVELS
from bazaar.bots.random_bot import RandomBot
from bazaar.cli import app
from bazaar.core.record import GameRecord, Match
from bazaar.core.registry import get_game
from bazaar.play.terminal import TerminalGame

GAME = get_game("buy-low-sell-high")
TINY = {"iterations": 16, "millis": None, "rollout": "random"}


def feeder(answers: list[str]) -> Callable[[str], str]:
    it = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def random_record(moves: int, seed: int = 4, players: int = 2) -> GameRecord:
    """A game between random bots, cut after ``moves`` moves."""
    match = Match.new(GAME, players, seed, None, ["random"] * players)
    bots = [RandomBot(10 + q) for q in range(players)]
    while not match.state.is_over() and len(match.record.actions) < moves:
        match.play(bots[match.state.to_move()].choose(match.state))  # type: ignore[index]
    return match.record


@pytest.fixture(scope="module")
def short_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("advice") / "short.json"
    random_record(14).save(path)
    return path


# ---------------------------------------------------------------------- hints
def test_hint_gives_the_top_moves_for_the_mover_without_changing_the_state() -> None:
    state = GAME.new(3, 2)
    before = state.full_view()
    moves = hint(state, level=TINY, top=3, seed=1)
    assert state.full_view() == before
    assert 1 <= len(moves) <= 3
    assert ranking_violations(moves) == 0  # ordered by the estimate they show
    legal = state.legal_actions()
    for m in moves:
        assert m["action"] in legal and m["notation"] == state.notation(m["action"])
        assert 0.0 <= m["win"] <= 1.0
        assert isinstance(m["score"], float)
        assert (
            f"% (±{max(1, round(100 * m['margin']))}) to win, expected final money $"
            in (m["text"]["en"])
        )
        assert "勝率約" in m["text"]["zh-TW"] and "預期最終資金" in m["text"]["zh-TW"]
        assert m["win_low"] <= m["win"] <= m["win_high"]
        assert m["margin"] == pytest.approx((m["win_high"] - m["win_low"]) / 2, abs=1e-4)
    (alone,) = hint(state, seat=0, level=TINY, top=1, seed=1)
    assert alone == moves[0]  # seeded: repeatable, whatever the number of moves asked
    with pytest.raises(ValueError, match="seat 1 is not to move"):
        hint(state, seat=1, level=TINY)


def test_too_close_to_call_when_the_difference_interval_holds_zero() -> None:
    state = GAME.new(3, 2)
    moves = hint(state, level=TINY, top=50, seed=1)  # every legal move
    assert len(moves) == len(state.legal_actions())
    assert moves[0]["close"] == any(m["close"] for m in moves[1:])
    for m in moves[1:]:
        if m["win"] < moves[0]["win_low"] - 0.05:  # clearly worse: never too close
            assert not m["close"]


def test_hint_says_what_the_move_changes() -> None:
    state = GAME.new(3, 2)
    (sell,) = [a for a in state.legal_actions() if state.notation(a) == "-K0"]
    changes = move_changes(state, 0, sell, seed=5)
    assert [c["data"] for c in changes] == [
        ["money", 50, 65],
        ["shares", 0, 1, 0],
        ["price", 0, 16, 15, 15, 14],
    ]
    assert [c["text"]["en"] for c in changes] == [
        "your money: $50 → $65",
        "your red shares: 1 → 0",
        "red price: buy $16 → $15, sell $15 → $14",
    ]
    assert changes[0]["text"]["zh-TW"] == "你的資金：$50 → $65"


def test_hint_with_a_single_legal_move() -> None:
    state = GAME.new(2, 3)
    bot = RandomBot(0)
    while len(state.legal_actions()) != 1:
        state.apply(bot.choose(state))
    (only,) = hint(state, level=TINY)
    assert only["visits"] == 8 and 0 <= only["win"] <= 1  # still weighed: one number
    assert only["text"]["en"].endswith(": the only legal move")


def test_level_label() -> None:
    assert level_label("hard", "zh-TW") == "困難"
    assert level_label("easy") == "easy"
    assert level_label(TINY, "en") == "custom"


# ---------------------------------------------------------------------- post-game analysis
def test_decisions_skip_single_choices_and_other_seats() -> None:
    record = random_record(30)
    found = decisions(record, 1)
    assert found
    for index, state, played in found:
        assert state.to_move() == 1 and len(state.legal_actions()) > 1
        assert state.notation(played) == record.actions[index - 1]
    with pytest.raises(ValueError, match="seat must be from 0 to 1"):
        decisions(record, 2)


def test_analyse_record_ranks_the_mistakes(short_record: Path) -> None:
    record = GameRecord.load(short_record)
    calls: list[tuple[int, int]] = []
    entries = analyse_record(record, 0, level=TINY, progress=lambda d, n: calls.append((d, n)))
    expected = [i for i, _, _ in decisions(record, 0)]
    assert sorted(e["index"] for e in entries) == expected
    assert calls[0] == (0, len(expected)) and calls[-1] == (len(expected), len(expected))
    losses = [e["loss"] for e in entries]
    assert losses == sorted(losses, reverse=True)
    for e in entries:
        assert e["played"] == record.actions[e["index"] - 1]
        assert e["loss"] >= 0
        assert 0 <= e["win_played"] <= 1 and 0 <= e["win_best"] <= 1
        assert e["loss"] == pytest.approx(max(0.0, e["win_best"] - e["win_played"]), abs=1e-3)
        assert e["visits_played"] > 0 and e["legal"] > 1
        if e["best"] == e["played"]:
            assert e["loss"] == 0
    assert any(e["best"] != e["played"] for e in entries)  # random moves: some mistakes
    assert analyse_record(record, 0, level=TINY) == entries  # one position, one judgement


# ---------------------------------------------------------------------- the terminal
def test_hint_command_in_a_terminal_game(monkeypatch: pytest.MonkeyPatch) -> None:
    seats = ["you", "random"]
    match = Match.new(GAME, 2, 5, None, seats)
    buf = io.StringIO()
    con = Console(file=buf, width=100, color_system=None, force_terminal=False)
    game = TerminalGame(
        match, seats, {1: RandomBot(1)}, "en", con, feeder(["h", "1", "hint", "q"]), hint_level=TINY
    )
    assert game.run() is False
    out = buf.getvalue()
    head = "Suggested moves, best first, by their numbers in the list:"
    assert out.count("Thinking (custom)…") == 2 and out.count(head) == 2
    assert "to win, expected final" in out and "% (±" in out
    # a hinted move is named by its number in the move list above it, not by its rank
    menu, _, hinted = out.partition(head)
    first = re.search(r"^ +(\d+)\. ([^:]+):", hinted, re.M)  # its number, then its words
    assert first is not None
    listed = re.search(rf"(^| ){first[1]}\. (.*)$", menu, re.M)  # the menu's line of that number
    assert listed is not None and first[2] in listed[2], (first[0], listed)
    assert "       · your money: $" in out  # what the suggested moves change
    assert match.record.actions  # the game went on after the hint
    assert "✗" not in out  # 'h' and 'hint' are not read as moves

    zh_match = Match.new(GAME, 2, 5, None, seats)
    zh_buf = io.StringIO()
    zh_con = Console(file=zh_buf, width=100, color_system=None, force_terminal=False)
    zh = TerminalGame(zh_match, seats, {1: RandomBot(1)}, "zh-TW", zh_con, feeder(["h", "q"]))
    zh.hint_level = "easy"
    monkeypatch.setitem(LEVELS, "easy", dict(TINY))
    zh.run()
    assert "思考中(簡單)…" in zh_buf.getvalue() and "建議的行動(最好的在前" in zh_buf.getvalue()
    assert "       · 你的資金：$" in zh_buf.getvalue() and "（±" in zh_buf.getvalue()
    assert zh_match.record.actions == []


# ---------------------------------------------------------------------- the command line
def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "BAZAAR_LANG"}
    env["COLUMNS"] = "100"
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "bazaar.cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )


def test_analyse_json_in_a_subprocess(short_record: Path) -> None:
    proc = run_cli("analyse", str(short_record), "--seat", "1", "--json", "--samples", "4")
    assert proc.returncode == 0, proc.stderr
    entries = json.loads(proc.stdout)
    assert isinstance(entries, list) and entries
    for e in entries:
        assert {"index", "played", "best", "loss", "win_played", "win_best"} <= set(e)
        assert e["loss"] >= 0
    assert [e["loss"] for e in entries] == sorted((e["loss"] for e in entries), reverse=True)


def test_analyse_table_and_errors(short_record: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "easy", dict(TINY))
    runner = CliRunner()
    result = runner.invoke(app, ["analyse", str(short_record), "--seat", "0", "--top", "2"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Analysis of Seat 1 (Random bot)" in out and "level easy" in out  # --seat 0
    for word in ("Played", "Best", "Loss", "Average loss:"):
        assert word in out
    zh = runner.invoke(app, ["analyse", str(short_record), "--seat", "0", "--lang", "zh-TW"])
    assert zh.exit_code == 0 and "難度：簡單" in zh.stdout and "平均損失" in zh.stdout
    bad_seat = runner.invoke(app, ["analyse", str(short_record), "--seat", "2"])
    assert bad_seat.exit_code == 2 and "--seat must be from 0 to 1" in bad_seat.stderr
    bad_level = runner.invoke(app, ["analyse", str(short_record), "--seat", "0", "--level", "x"])
    assert bad_level.exit_code == 2 and "unknown level 'x'" in bad_level.stderr


def test_all_bot_game_finishes_without_input_and_saves_a_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(LEVELS, "easy", dict(TINY))
    path = tmp_path / "bots.json"
    args = ["play", "buy-low-sell-high", "--seats", "heuristic,random,ismcts:easy"]
    result = CliRunner().invoke(app, [*args, "--seed", "7", "--record", str(path)], input="")
    assert result.exit_code == 0, result.output
    assert "Final result" in result.stdout
    assert "Winner:" in result.stdout or "Shared win:" in result.stdout
    assert "Game record saved to" in result.stdout
    record = GameRecord.load(path)
    assert record.seats == ["heuristic", "random", "ismcts:easy"]
    assert record.replay().is_over()


def test_play_rejects_a_heuristic_seat_without_a_heuristic(tmp_path: Path) -> None:
    from bazaar.bots.heuristics import has_heuristic

    missing = [g for g in ("night-market", "take-stock") if not has_heuristic(g)]
    if not missing:
        pytest.skip("every game has a heuristic")
    args = ["play", missing[0], "--seats", "heuristic,random,random", "--record", "x.json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert f"no heuristic bot for game '{missing[0]}'" in " ".join(result.stderr.split())


def test_play_help_lists_the_seat_specs_and_the_hint_command() -> None:
    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "100"})
    text = " ".join(result.stdout.split())
    for needle in ("ismcts:easy", "ismcts:hard", "'heuristic'", "'h' (or 'hint')", "--jobs"):
        assert needle in text
    assert "--hint-level" in text
