"""Puzzles (docs/puzzles.md): found and judged through the one estimator, in three
difficulties by a fixed rule, with the numbers a "hard" hint gives; the replies explain the
answer in both languages, and ``bazaar puzzle`` lets the player try again or see the answer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bazaar.bots import puzzles as pz
from bazaar.bots.advice import hint
from bazaar.bots.estimator import MoveValue, weigh_moves
from bazaar.bots.puzzle_find import MAX_LEGAL, MIN_LEGAL, MIN_MARGIN, Grade, grade
from bazaar.bots.puzzle_words import show_answer, try_move
from bazaar.cli import app
from bazaar.core.record import GameRecord
from bazaar.core.registry import game_ids

GAMES = [g for g in game_ids() if pz.shipped(g)]


def weighed(*figures: tuple[float, float], close: bool = False) -> list[MoveValue]:
    """Moves best first from (win, score) pairs, as weigh_moves gives them."""
    return [
        MoveValue(i, f"m{i}", win, win, win, score, 96, close and i > 0)
        for i, (win, score) in enumerate(figures)
    ]


# ---------------------------------------------------------------------- the difficulty rule
@pytest.mark.parametrize(
    ("figures", "points", "difficulty"),
    [
        # margin 0.8 (0), 3 moves (0), nothing tempting, no money trap: easy
        (((0.9, 50), (0.1, 40), (0.0, 30)), 0, "easy"),
        # margin 0.3 (1), 4 moves (0), one tempting move: easy
        (((1.0, 98), (0.7, 94), (0.3, 93), (0.0, 90)), 1, "easy"),
        # margin 0.3 (1), 5 moves (1): medium
        (((1.0, 98), (0.7, 94), (0.3, 93), (0.0, 90), (0.0, 80)), 2, "medium"),
        # margin 0.9 (0), 9 moves (2), another move ends richer (1): hard
        (((1.0, 50),) + ((0.1, 60),) + ((0.0, 10),) * 7, 3, "hard"),
        # margin 0.2 (2), 3 moves (0), two moves win at least half as often (1): hard
        (((0.6, 50), (0.4, 50), (0.3, 40)), 3, "hard"),
    ],
)
def test_the_difficulty_rule(
    figures: tuple[tuple[float, float], ...], points: int, difficulty: str
) -> None:
    found = grade(weighed(*figures))
    assert found is not None
    assert (found.points, found.difficulty) == (points, difficulty)


def test_a_position_is_no_puzzle_without_a_clear_margin() -> None:
    assert grade(weighed((0.6, 50), (0.5, 50), (0.0, 40))) is None  # margin 0.1 < 0.15
    assert grade(weighed((0.9, 50), (0.1, 50), close=True)) is None  # too close to call
    assert grade(weighed((0.9, 50))) is None  # one move is no question
    assert grade(weighed((0.9, 50), (0.7, 50))) == Grade(0.2, 2, 1, False)
    assert MIN_MARGIN == 0.15


# ---------------------------------------------------------------------- the shipped sets
def test_every_built_in_game_ships_puzzles_of_all_three_difficulties() -> None:
    assert GAMES == ["buy-low-sell-high", "take-stock", "night-market"]
    for game in GAMES:
        found = pz.shipped(game)
        assert 6 <= len(found) <= 12
        assert {p.difficulty for p in found} == {"easy", "medium", "hard"}, game


@pytest.mark.parametrize("game", GAMES)
def test_shipped_puzzles_are_the_estimators_judgement(game: str) -> None:
    for p in pz.shipped(game):
        state = p.position()
        assert state.to_move() == p.seat
        legal = state.legal_notations()
        assert MIN_LEGAL <= len(legal) <= MAX_LEGAL
        assert p.weighed["estimator"] == pz.estimator_id(game, p.players), (
            "the value model changed: remake the sets (scripts/make_puzzles.py)"
        )
        moves = weigh_moves(state, p.seat, "hard")
        assert pz.weighed_json(moves) == p.weighed["moves"]
        assert moves[0].notation == p.answer
        found = grade(moves)
        assert found is not None and (found.margin, found.difficulty) == (p.margin, p.difficulty)
        assert p.prompt == {
            "en": f"What would you do? You are Seat {p.seat + 1}, and one move is clearly best.",
            "zh-TW": f"換作是你會怎麼走？你是玩家{p.seat + 1}，有一步明顯最好。",
        }


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_shows_the_numbers_of_a_hard_hint(game: str) -> None:
    p = pz.shipped(game)[-1]
    state = p.position()
    hinted = {m["notation"]: m for m in hint(state, p.seat, "hard", top=MAX_LEGAL)}
    wrong = next(n for n in state.legal_notations() if n != p.answer)
    for reply in (try_move(p, state, p.answer, "en"), show_answer(p, state, "en", wrong)):
        for move in reply["compared"]:
            same = hinted[move["notation"]]
            assert (move["win"], move["score"]) == (same["win"], same["score"])
        assert reply["compared"][0]["notation"] == p.answer
    shown = show_answer(p, state, "en", wrong)
    assert shown["compared"][1]["notation"] == wrong
    wins = [round(100 * (hinted[n]["win"] or 0.0)) for n in (p.answer, wrong)]
    assert f"win about {wins[0]} with this move, and about {wins[1]} with yours" in " ".join(
        shown["lines"]
    )


def test_a_stale_estimator_weighs_the_puzzle_again() -> None:
    p = pz.shipped("buy-low-sell-high")[0]
    state = p.position()
    stale = pz.Puzzle.from_json({**p.to_json(), "weighed": {**p.weighed, "estimator": "old"}})
    stale.weighed["moves"] = [{**m, "win": 0.5} for m in p.weighed["moves"]]
    assert stale.moves(state) == p.weighed["moves"]


def test_a_puzzle_with_a_bad_action_seat_or_field_is_refused() -> None:
    p = pz.shipped("buy-low-sell-high")[0]
    bad = pz.Puzzle.from_json({**p.to_json(), "actions": ["no such move"]})
    with pytest.raises(pz.PuzzleError, match=r"puzzle action 1 \('no such move'\) does not"):
        bad.position()
    wrong_seat = pz.Puzzle.from_json({**p.to_json(), "seat": (p.seat + 1) % p.players})
    with pytest.raises(pz.PuzzleError, match="is not to move"):
        wrong_seat.position()
    with pytest.raises(pz.PuzzleError, match="puzzle field 'answer' must be a text"):
        pz.Puzzle.from_json({**p.to_json(), "answer": 3})
    with pytest.raises(pz.PuzzleError, match="'difficulty' must be easy, medium or hard"):
        pz.Puzzle.from_json({**p.to_json(), "difficulty": "tricky"})
    with pytest.raises(pz.PuzzleError, match="'weighed' must hold a whole number 'samples'"):
        pz.Puzzle.from_json({**p.to_json(), "weighed": {"moves": []}})


def test_an_older_puzzle_file_is_refused_with_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": 1, "puzzles": []}), encoding="utf-8")
    with pytest.raises(pz.PuzzleError) as err:
        pz.load_file(path)
    assert err.value.text("en") == (
        f"puzzles {str(path)!r} are in format 1, but this version reads format 2 only: make "
        "them again with 'bazaar puzzle make'"
    )
    assert "請用 'bazaar puzzle make' 重新產生" in err.value.text("zh-TW")


# ---------------------------------------------------------------------- the words
def test_the_answer_is_explained_in_both_languages() -> None:
    p = pz.shipped("take-stock")[0]
    state = p.position()
    assert (p.answer, p.margin, p.difficulty) == ("buy M11 T7", 0.5204, "easy")
    right = try_move(p, state, "buy M11 T7", "en")
    assert right["right"] is True and right["answer"] == "buy M11 T7"
    assert right["lines"] == [
        "Right!",
        "Best move: buy Movies 11 as a certificate, discard Tech 7 (3 shares, price now 15): "
        "about 82% to win, expected final points 303.",
        "What it changes: your Movies shares: 0 → 3; Movies: you get the most shares.",
        "Out of 100 games from here, you would win about 82 with this move, and about 30 with "
        "the next best (buy Tech 7 as a certificate, discard Movies 11 (2 shares, price now 1)).",
        "Your final points would be about 303 on average, instead of 252.",
    ]
    shown = show_answer(p, state, "zh-TW", "buy T7 M11")
    assert shown["right"] is False and shown["answer"] == "buy M11 T7"
    assert shown["lines"] == [
        "答案：購買電影11為股票憑證，棄掉科技7(3股，現價15)：勝率約82%，預期最終分數303。",
        "這步會改變：你的電影股票：0 → 3；電影：你成為持股最多的人。",
        "從這裡開始下 100 局，走這步大約會贏 82 局；"
        "走你選的那步（購買科技7為股票憑證，棄掉電影11(2股，現價1)）大約贏 30 局。",
        "平均下來，你最後的分數大約是 303，而不是 252。",
    ]


def test_a_wrong_try_gives_nothing_away() -> None:
    p = pz.shipped("night-market")[0]
    state = p.position()
    wrong = next(n for n in state.legal_notations() if n != p.answer)
    for lang, words in (("en", "Not this one — try again."), ("zh-TW", "不是這個，再試一次")):
        reply = try_move(p, state, wrong, lang)
        assert reply == {"right": False, "lines": [words], "answer": None, "compared": []}


# ---------------------------------------------------------------------- the terminal
def run(*args: str, stdin: str = "") -> tuple[int, list[str]]:
    result = CliRunner().invoke(app, ["puzzle", *args], input=stdin)
    return result.exit_code, [line.rstrip() for line in result.output.splitlines()]


def numbered(p: pz.Puzzle, notation: str) -> int:
    """A move's number in the terminal's list (from 1)."""
    return p.position().legal_notations().index(notation) + 1


def test_a_wrong_try_then_the_right_one_in_english() -> None:
    p = pz.shipped("take-stock")[0]
    wrong = numbered(p, "buy T7 M11")
    code, lines = run("take-stock", "--difficulty", "easy", stdin=f"{wrong}\nbuy M11 T7\nq\n")
    assert code == 0
    assert "Puzzle 1 of 4 (easy)" in " ".join(lines)
    at = lines.index("Not this one — try again.")
    assert lines[at + 1].startswith("Your move (number or notation, a = show the answer, q = quit")
    assert lines[at + 2] == "Right!"
    assert lines[at + 3].startswith("Best move: buy Movies 11 as a certificate, discard Tech 7")


def test_a_wrong_try_then_the_answer_shown_in_zh_tw() -> None:
    p = pz.shipped("take-stock")[0]
    wrong = numbered(p, "buy T7 M11")
    code, lines = run("take-stock", "--lang", "zh-TW", stdin=f"{wrong}\na\nq\n")
    assert code == 0
    at = lines.index("不是這個，再試一次")
    assert lines[at + 1].startswith("你的一步（編號或記譜，a = 看答案，q = 離開）：a")
    assert lines[at + 2] == (
        "答案：購買電影11為股票憑證，棄掉科技7(3股，現價15)：勝率約82%，預期最終分數303。"
    )
    assert lines[at + 4 : at + 6] == [  # the terminal wraps at 80 columns
        "從這裡開始下 100 局，走這步大約會贏 82",
        "局；走你選的那步（購買科技7為股票憑證，棄掉電影11(2股，現價1)）大約贏 30 局。",
    ]


def test_the_count_leaves_out_a_puzzle_whose_answer_was_shown() -> None:
    easy = pz.of_difficulty(pz.shipped("take-stock"), "easy")
    third, fourth = easy[2], easy[3]
    wrong = next(n for n in fourth.position().legal_notations() if n != fourth.answer)
    stdin = f"{third.answer}\n\n{wrong}\na\n"
    code, lines = run("take-stock", "--difficulty", "easy", "--number", "3", stdin=stdin)
    assert code == 0
    assert lines.count("Right!") == 1 and lines.count("Not this one — try again.") == 1
    assert lines[-1] == "1 of 2 right."


def test_bad_input_gives_clear_errors() -> None:
    code, lines = run("no-such-game")
    assert code == 2 and "unknown game" in " ".join(lines)
    total = len(pz.shipped("buy-low-sell-high"))
    code, lines = run("buy-low-sell-high", "--number", str(total + 1))
    assert (code, lines) == (
        2,
        [f"Error: puzzle number must be from 1 to {total}, not {total + 1}"],
    )
    code, lines = run("buy-low-sell-high", "--difficulty", "tricky", "--lang", "zh-TW")
    assert code == 2 and lines[-1].endswith("難度必須是 easy、medium 或 hard，不能是 'tricky'")
    code, lines = run("buy-low-sell-high", stdin="99\nnonsense\nq\n")
    assert code == 0
    assert "choose a move from 1 to 4" in lines
    assert "'nonsense' is not a move: use e.g. '+K0 -K2' (trade), '+2K1', 'pass', 'play" in lines
    code, lines = run("make", "record.json")
    assert (code, lines) == (2, ["Error: 'puzzle make' needs a RECORD, --seat K and --out FILE"])


def test_a_teacher_makes_puzzles_from_a_record_and_plays_them(tmp_path: Path) -> None:
    p = pz.shipped("buy-low-sell-high")[0]
    record = GameRecord(p.game, p.players, p.seed, p.options, [*p.actions, p.answer])
    path = tmp_path / "game.json"
    record.save(path)
    out = tmp_path / "mine.json"
    code, lines = run("make", str(path), "--seat", str(p.seat), "--out", str(out))
    assert code == 0, lines
    made = pz.load_file(out)
    count = f"{len(made)} puzzle{'s' if len(made) > 1 else ''}"
    assert lines == [f"{count} written to {out}."]
    last = made[-1]  # the record ends with the shipped puzzle's decision (earlier ones may be too)
    assert last.answer == p.answer
    assert last.weighed == p.weighed and last.difficulty == p.difficulty
    assert (last.actions, last.seat, last.source) == (
        p.actions,
        p.seat,
        {"kind": "record", "file": "game.json", "seat": p.seat, "move": len(p.actions) + 1},
    )
    code, lines = run("--file", str(out), "--number", str(len(made)), stdin=f"{p.answer}\n")
    assert code == 0 and "Right!" in lines and lines[-1] == "1 of 1 right."
    code, lines = run("make", str(path), "--seat", "5", "--out", str(out))
    assert (code, lines) == (2, [f"Error: --seat must be from 0 to {p.players - 1}"])
    assert json.loads(out.read_text())["format"] == 2
