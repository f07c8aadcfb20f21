"""Puzzles (docs/puzzles.md): the shipped sets replay and hold their stored search figures, a
finding search at the stored budget reproduces its figures, and ``bazaar puzzle`` answers
right and wrong in both languages, with clear errors for bad input.

The confirming search of every shipped puzzle (budget B) is rerun only with
BAZAAR_LONG_TESTS=1 (tests/scale.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bazaar.bots import puzzles as pz
from bazaar.cli import app
from bazaar.core.describe import describe_action
from bazaar.core.record import GameRecord
from bazaar.core.registry import game_ids
from tests.scale import LONG

GAMES = [g for g in game_ids() if pz.shipped(g)]


def test_every_built_in_game_ships_puzzles() -> None:
    assert GAMES == ["buy-low-sell-high", "take-stock", "night-market"]
    for game in GAMES:
        assert 4 <= len(pz.shipped(game)) <= 12


@pytest.mark.parametrize("game", GAMES)
def test_shipped_puzzles_replay_and_keep_their_search_figures(game: str) -> None:
    for p in pz.shipped(game):
        state = p.position()
        assert state.to_move() == p.seat
        legal = state.legal_notations()
        assert pz.MIN_LEGAL <= len(legal) <= pz.MAX_LEGAL
        assert p.answer in legal and set(p.alternatives) <= set(legal)
        assert p.margin >= pz.FIND_MARGIN
        assert p.found["iterations"] == pz.FIND["iterations"] == 300
        assert p.confirmed["iterations"] == pz.CONFIRM["iterations"] == 1200
        assert p.confirmed["seed"] == p.found["seed"] + pz.CONFIRM_SEED_OFFSET
        # both stored searches rank the answer first and the stored margins follow from them
        for search, threshold in ((p.found, pz.FIND_MARGIN), (p.confirmed, pz.CONFIRM_MARGIN)):
            stats = [
                pz.MoveStats(state.parse(m["notation"]), m["notation"], m["visits"], m["win"], 0)
                for m in search["moves"]
            ]
            judged = pz.judge(stats, search["iterations"])
            assert judged is not None and judged[0] == p.answer
            assert judged[2] >= threshold - 1e-9
        assert set(p.prompt) == {"en", "zh-TW"}
        assert p.prompt == {
            "en": f"What would you do? You are Seat {p.seat + 1}, and one move is clearly best.",
            "zh-TW": f"換作是你會怎麼走？你是玩家{p.seat + 1}，有一步明顯最好。",
        }


@pytest.mark.parametrize("game", GAMES)
def test_the_finding_search_reproduces_the_first_puzzles_figures(game: str) -> None:
    p = pz.shipped(game)[0]
    again = pz.search(p.position(), pz.FIND, p.found["seed"])
    assert pz.moves_json(again) == p.found["moves"]


@pytest.mark.skipif(not LONG, reason="the confirming searches take minutes: BAZAAR_LONG_TESTS=1")
@pytest.mark.parametrize("game", GAMES)
def test_the_confirming_search_reproduces_every_puzzle(game: str) -> None:
    for p in pz.shipped(game):
        again = pz.search(p.position(), pz.CONFIRM, p.confirmed["seed"])
        assert pz.moves_json(again) == p.confirmed["moves"]


def test_a_puzzle_with_a_bad_action_or_seat_is_refused() -> None:
    p = pz.shipped("buy-low-sell-high")[0]
    bad = pz.Puzzle.from_json({**p.to_json(), "actions": ["no such move"]})
    with pytest.raises(pz.PuzzleError, match=r"puzzle action 1 \('no such move'\) does not"):
        bad.position()
    wrong_seat = pz.Puzzle.from_json({**p.to_json(), "seat": (p.seat + 1) % p.players})
    with pytest.raises(pz.PuzzleError, match="is not to move"):
        wrong_seat.position()
    with pytest.raises(pz.PuzzleError, match="puzzle field 'answer' must be a text"):
        pz.Puzzle.from_json({**p.to_json(), "answer": 3})


# ---------------------------------------------------------------------- the terminal
def run(*args: str, stdin: str = "") -> tuple[int, list[str]]:
    result = CliRunner().invoke(app, ["puzzle", *args], input=stdin)
    return result.exit_code, [line.rstrip() for line in result.output.splitlines()]


def first_wrong(p: pz.Puzzle) -> tuple[int, str]:
    """(number in the list, notation) of the first legal move that is not right."""
    state = p.position()
    for i, notation in enumerate(state.legal_notations(), 1):
        if notation not in p.right():
            return i, notation
    raise AssertionError("no wrong move")


def test_the_right_answer_in_english() -> None:
    p = pz.shipped("buy-low-sell-high")[0]
    assert (p.answer, p.confirmed["margin"], p.win_of(p.answer)) == ("news 1", 0.1112, 0.2793)
    code, lines = run("buy-low-sell-high", stdin="news 1\nq\n")
    assert code == 0
    at = lines.index("Right!")
    assert lines[at + 1 : at + 5] == [
        "Best: purple Breaking News covers space 1 (purple bear -3) and cancels it, about",
        "11 points of win chance ahead of any other move.",
        "The best move wins about 28% of the time.",
        "Enter = next puzzle, q = quit: q",
    ]
    assert "What would you do? You are Seat 1, and one move is clearly best." in lines


def test_a_wrong_answer_in_zh_tw_by_its_number() -> None:
    p = pz.shipped("buy-low-sell-high")[0]
    number, notation = first_wrong(p)
    assert (number, notation, p.win_of(notation)) == (1, "play K1+2", 0.0)
    code, lines = run("buy-low-sell-high", "--lang", "zh-TW", stdin="1\nq\n")
    assert code == 0
    at = lines.index("不太對。")
    assert lines[at + 1 : at + 5] == [
        "最佳：紫色突發新聞覆蓋第1格(紫色熊市 -3)並取消其效果，勝率比其他任何一步高出約",
        "11 個百分點。",
        "最佳的一步約有 28% 的勝率。",
        "你選的打出綠色牛市 +2：年終時綠色股票股價 +2約有 0% 的勝率。",
    ]


def test_a_wrong_answer_in_english_and_the_next_puzzle() -> None:
    code, lines = run("buy-low-sell-high", "--number", "10", stdin="1\n")
    p = pz.shipped("buy-low-sell-high")[9]
    _, notation = first_wrong(p)
    assert code == 0
    assert lines[-1] == "0 of 1 right."
    assert "Not quite." in lines
    # the move in words alone (Buy Low Sell High's notation is for typing only)
    words = describe_action("buy-low-sell-high", p.position().parse(notation), "en", None)
    assert any(line.startswith(f"Your move, {words.split(':')[0]}") for line in lines)


def test_bad_input_gives_clear_errors() -> None:
    code, lines = run("no-such-game")
    assert code == 2 and "unknown game" in " ".join(lines)
    code, lines = run("buy-low-sell-high", "--number", "11")
    assert (code, lines) == (2, ["Error: puzzle number must be from 1 to 10, not 11"])
    code, lines = run("buy-low-sell-high", "--number", "0", "--lang", "zh-TW")
    assert code == 2 and lines[-1].endswith("題號必須是 1 到 10，不能是 0")
    code, lines = run("buy-low-sell-high", stdin="99\nnonsense\nq\n")
    assert code == 0
    assert "choose a move from 1 to 8" in lines
    assert "'nonsense' is not a move: use e.g. '+K0 -K2' (trade), '+2K1', 'pass', 'play" in lines
    code, lines = run("make", "record.json")
    assert (code, lines) == (2, ["Error: 'puzzle make' needs a RECORD, --seat K and --out FILE"])


def test_a_teacher_makes_puzzles_from_a_record_and_plays_them(tmp_path: Path) -> None:
    p = pz.shipped("buy-low-sell-high")[1]  # its record's only puzzle for that seat: ~2 s
    record = GameRecord(p.game, p.players, p.seed, p.options, [*p.actions, p.answer])
    path = tmp_path / "game.json"
    record.save(path)
    out = tmp_path / "mine.json"
    code, lines = run("make", str(path), "--seat", str(p.seat), "--out", str(out))
    assert code == 0, lines
    made = pz.load_file(out)
    assert lines == [f"{len(made)} puzzles written to {out}."]
    assert [m.answer for m in made] == [p.answer] == ["play K0div"]
    last = made[-1]
    assert (last.actions, last.seat, last.source) == (
        p.actions,
        p.seat,
        {"kind": "record", "file": "game.json", "seat": p.seat, "move": len(p.actions) + 1},
    )
    code, lines = run("--file", str(out), "--number", str(len(made)), stdin=f"{p.answer}\n")
    assert code == 0 and "Right!" in lines and lines[-1] == "1 of 1 right."
    code, lines = run("make", str(path), "--seat", "5", "--out", str(out))
    assert (code, lines) == (2, [f"Error: --seat must be from 0 to {p.players - 1}"])
    assert json.loads(out.read_text())["format"] == 1
