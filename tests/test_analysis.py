"""A finished game's analysis: the win curve of every seat, the turning points, the mistakes in
words, and ``bazaar analyse --html`` (tiny budgets)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bazaar.bots.analysis import (
    analyse_game,
    curve_moves,
    turning_points,
    win_chances,
    win_curve,
)
from bazaar.bots.estimator import outlook
from bazaar.bots.levels import LEVELS
from bazaar.bots.random_bot import RandomBot
from bazaar.cli import app
from bazaar.core.record import GameRecord, Match
from bazaar.core.registry import get_game
from tests.no_english import english_tokens

TINY = {"iterations": 8, "millis": None, "rollout": "random"}
GAME = "buy-low-sell-high"


def played(seed: int = 4, players: int = 2) -> GameRecord:
    """A whole game between random bots."""
    match = Match.new(get_game(GAME), players, seed, None, ["human", "random"])
    bots = [RandomBot(10 + q) for q in range(players)]
    while (seat := match.state.to_move()) is not None:
        match.play(bots[seat].choose(match.state))
    return match.record


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return played()


@pytest.fixture(scope="module")
def report(record: GameRecord) -> dict:
    return analyse_game(record, 0, TINY, points=20)


def test_curve_moves_sample_every_kth_move_and_the_end() -> None:
    assert curve_moves(10, 50) == list(range(11))
    assert curve_moves(100, 20) == [
        0,
        5,
        10,
        15,
        20,
        25,
        30,
        35,
        40,
        45,
        50,
        55,
        60,
        65,
        70,
        75,
        80,
        85,
        90,
        95,
        100,
    ]
    assert curve_moves(101, 20) == [*range(0, 101, 6), 101]


def test_the_curve_has_a_chance_per_seat_per_sampled_move_and_ends_at_the_result(
    record: GameRecord, report: dict
) -> None:
    curve = report["curve"]
    total = len(record.actions)
    assert curve["moves"] == curve_moves(total, 20) and curve["moves"][-1] == total
    assert curve["step"] == -(-total // 20)
    assert len(curve["win"]) == len(curve["moves"])
    states = list(record.states())
    for move, point in zip(curve["moves"], curve["win"], strict=True):
        assert len(point) == 2 and all(0 <= p <= 1 for p in point)
        state = states[move][0]
        if not state.is_over():  # each seat's chance as that seat saw it: the estimator's
            assert point == [round(outlook(state, q).win[q], 4) for q in range(2)]
    final = record.replay()
    assert curve["win"][-1] == final.returns()
    winner = final.winners()[0]
    assert curve["win"][-1][winner] == 1.0 and curve["win"][-1][1 - winner] == 0.0
    # a pure function of the record: the same again
    again = win_curve(record, points=20)
    assert again["win"] == curve["win"]


def test_win_chances_are_each_seats_own_outlook(record: GameRecord) -> None:
    start = get_game(GAME).new(2, record.seed)
    chances = win_chances(start)
    assert chances == [round(outlook(start, q).win[q], 4) for q in range(2)]
    assert all(0.2 < p < 0.8 for p in chances)  # nothing is decided at the start


def test_turning_points_are_the_biggest_steps_in_game_order(
    record: GameRecord, report: dict
) -> None:
    curve = report["curve"]
    turns = turning_points(record, curve, top=3, threshold=0.0)
    assert len(turns) == 3 and [t["index"] for t in turns] == sorted(t["index"] for t in turns)
    steps = sorted(
        (
            max(abs(a - b) for a, b in zip(curve["win"][i - 1], curve["win"][i], strict=True))
            for i in range(1, len(curve["moves"]))
        ),
        reverse=True,
    )
    assert sorted((abs(t["after"] - t["before"]) for t in turns), reverse=True) == pytest.approx(
        steps[:3]
    )
    for t in turns:
        i = curve["moves"].index(t["index"])
        assert t["from"] == curve["moves"][i - 1]
        assert (t["before"], t["after"]) == (
            curve["win"][i - 1][t["seat"]],
            curve["win"][i][t["seat"]],
        )
        assert [m["index"] for m in t["moves"]] == list(range(t["from"] + 1, t["index"] + 1))
        for m in t["moves"]:
            assert m["notation"] == record.actions[m["index"] - 1]
            assert english_tokens(GAME, m["text"]["zh-TW"]) == []


def test_the_mistakes_name_the_better_move_in_both_languages(report: dict) -> None:
    assert report["mistakes"], "random play makes mistakes"
    losses = [m["loss"] for m in report["mistakes"]]
    assert losses == sorted(losses, reverse=True) and all(x >= 0.03 for x in losses)
    for m in report["decisions"]:
        assert set(m["best_text"]) == {"en", "zh-TW"} and set(m["played_text"]) == {"en", "zh-TW"}
        # the move in words alone, in English too (the game's notation is for typing only)
        assert m["best"] not in m["best_text"]["en"] and m["best_text"]["en"]
        assert english_tokens(GAME, m["best_text"]["zh-TW"]) == []
        best, played = round(100 * m["win_best"]), round(100 * m["win_played"])
        assert m["change_text"]["en"].startswith(f"about {best}% to win instead of {played}%")
        assert m["change_text"]["zh-TW"].startswith(f"勝率約 {best}%，而不是 {played}%")


def test_analyse_html_writes_a_page_with_the_graph(
    tmp_path: Path, record: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(LEVELS, "easy", dict(TINY))
    path = tmp_path / "game.json"
    record.save(path)
    runner = CliRunner()
    args = ["analyse", str(path), "--seat", "0", "--samples", "2", "--top", "2"]
    en = runner.invoke(app, [*args, "--html", str(tmp_path / "en.html")])
    assert en.exit_code == 0, en.output
    assert "Turning points:" in en.stdout and "Wrote the analysis page" in en.stderr
    page = (tmp_path / "en.html").read_text("utf-8")
    assert page.count("<svg") == 1 and page.count('class="curve"') == 2
    assert "Turning points" in page and "Your biggest mistakes" in page
    assert 'id="move-1"' in page and f'id="move-{len(record.actions)}"' in page
    assert 'class="mistake"' in page and 'href="#move-' in page
    zh = runner.invoke(app, [*args, "--lang", "zh-TW", "--html", str(tmp_path / "zh.html")])
    assert zh.exit_code == 0, zh.output
    assert "關鍵轉折：" in zh.stdout
    page = (tmp_path / "zh.html").read_text("utf-8")
    for words in ("關鍵轉折", "你最大的失誤", "整局的每一步", "勝率", "更好的是"):
        assert words in page
    for english in ("Turning points", "Your biggest mistakes", "Win chance", "better:"):
        assert english not in page
    assert page.count('class="curve"') == 2 and '<html lang="zh-Hant-TW">' in page
