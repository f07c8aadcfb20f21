"""The terminal game loop, renderers, bots and translations, in process."""

from __future__ import annotations

import ast
import io
import re
import string
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

import bazaar
from bazaar.bots.random_bot import RandomBot
from bazaar.bots.registry import UnknownBot, make_bot
from bazaar.core.errors import BadRecord
from bazaar.core.record import GameRecord, Match
from bazaar.core.registry import get_game
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high import words as blsh
from bazaar.i18n import catalog, has_translation, normalize_lang, t
from bazaar.play import render
from bazaar.play.terminal import TerminalGame, default_record_path, replay, save_record

GAME = get_game("buy-low-sell-high")


def console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=100, color_system=None, force_terminal=False), buf


def feeder(answers: list[str] | Iterator[str]) -> Callable[[str], str]:
    it = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def new_game(
    seats: list[str], seed: int, lang: str = "en", answers: list[str] | None = None
) -> tuple[TerminalGame, io.StringIO]:
    match = Match.new(GAME, len(seats), seed, None, seats)
    bots = {i: RandomBot(100 + i) for i, s in enumerate(seats) if s != "you"}
    con, buf = console()
    return TerminalGame(match, seats, bots, lang, con, feeder(answers or [])), buf


# ---------------------------------------------------------------------- bots
def test_random_bot_is_deterministic_and_legal() -> None:
    def play(seed: int) -> list[int]:
        state = GAME.new(3, 9)
        bot = RandomBot(seed)
        chosen = []
        while not state.is_over():
            a = bot.choose(state)
            assert a in state.legal_actions()
            chosen.append(a)
            state.apply(a)
        return chosen

    assert play(1) == play(1)
    assert play(1) != play(2)


def test_make_bot() -> None:
    assert isinstance(make_bot("random", 3), RandomBot)
    assert isinstance(make_bot(" Random ", 3), RandomBot)
    with pytest.raises(UnknownBot, match=r"unknown bot 'genius' \(known bots: random, heuristic"):
        make_bot("genius", 0)


# ---------------------------------------------------------------------- the game loop
def test_bad_input_leaves_the_state_unchanged_and_quit_stops() -> None:
    game, buf = new_game(["you", "random", "random"], 4, answers=["xyz", "0", "-2K1", "q"])
    before = game.match.state.full_view()
    assert game.run() is False
    assert game.match.record.actions == []
    assert game.match.state.full_view() == before
    out = buf.getvalue()
    assert "'xyz' is not a move" in out
    assert "There is no move 0" in out
    assert "first-lap limit" in out


def test_a_game_typed_in_notation_reaches_the_end() -> None:
    def answers() -> Iterator[str]:
        while True:  # always type the notation of the last legal move, in lower case
            state = game.match.state
            yield state.notation(state.legal_actions()[-1]).lower()

    game, buf = new_game(["random", "you"], 8)
    game.input_fn = feeder(answers())
    assert game.run() is True
    state = game.match.state
    assert state.is_over()
    out = buf.getvalue()
    assert "Final result" in out
    assert "Seat 2 (you)" in out and "Seat 1 (Random bot)" in out  # people count seats from 1
    # replaying the record gives the same final state
    assert GameRecord.from_json(game.match.record.to_json()).replay() == state


def test_human_sees_only_own_hand_and_private_events() -> None:
    game, buf = new_game(["you", "random", "random"], 6, answers=["1"] * 60)
    game.run()
    out = buf.getvalue()
    assert "Seat 1 drew" in out  # seat 0, counted from 1
    assert "Seat 2 drew" not in out and "Seat 3 drew" not in out
    assert "Your hand" in out


def test_spectator_game_prints_nothing_but_the_result_unless_verbose() -> None:
    quiet, qbuf = new_game(["random", "random"], 3)
    assert quiet.run() is True
    assert "•" not in qbuf.getvalue()
    assert "Winner" in qbuf.getvalue() or "Shared win" in qbuf.getvalue()
    loud, lbuf = new_game(["random", "random"], 3)
    loud.verbose = True
    loud.run()
    assert "Seat 1 plays" in lbuf.getvalue()
    assert " drew " not in lbuf.getvalue()  # private events stay hidden from a spectator


def test_zh_tw_refusals_are_shown_in_chinese() -> None:
    game, buf = new_game(["you", "random"], 2, lang="zh-TW", answers=["pass", "q"])
    game.run()
    out = buf.getvalue()
    assert "✗ 第1年首輪限制(§4.6)：不能做 'pass'；第1年起始玩家的第一個行動回合只能買進1張" in out
    assert "第1年首輪的交易受到限制" in out  # the game's words for the rule
    assert "first-lap limit" not in out


def test_zh_tw_notation_errors_are_shown_in_chinese_with_the_rule_hint() -> None:
    game, buf = new_game(["you", "random"], 2, lang="zh-TW", answers=["fly K9", "q"])
    game.run()
    out = " ".join(buf.getvalue().split())
    assert "✗ 'fly K9' 不是行動：請輸入例如 '+K0 -K2'(交易)" in out
    assert "請輸入清單中的行動編號" in out  # the game's words for a notation error
    assert "is not a move" not in out


def test_menu_fits_100_columns() -> None:
    game, _ = new_game(["you", "random", "random"], 1)
    state = game.match.state
    bot = RandomBot(0)
    state.apply(bot.choose(state))
    while (
        state.to_move() != 0 or state.view(0)["phase"] != "trade" or len(state.legal_actions()) < 12
    ):
        state.apply(bot.choose(state))
    con, buf = console()
    con.print(game.menu(0, state.legal_actions()))
    lines = buf.getvalue().splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 100


def test_records_are_saved_under_records(tmp_path: Path) -> None:
    record = GameRecord("buy-low-sell-high", 2, 42, {}, ["-K0"], ["you", "random"])
    first = default_record_path(record, tmp_path / "records")
    assert re.fullmatch(r"buy-low-sell-high-42-\d{8}-\d{6}\.json", first.name)
    save_record(record, first)
    second = default_record_path(record, tmp_path / "records")
    assert second != first
    assert GameRecord.load(first).actions == ["-K0"]


def test_replay_in_process_steps_and_stops() -> None:
    match = Match.new(GAME, 2, 5, None, ["random", "random"])
    bot = RandomBot(1)
    for _ in range(10):
        match.play(bot.choose(match.state))
    con, buf = console()
    shown = replay(match.record, None, "en", True, con, feeder(["", "", "q"]))
    assert shown == 2
    con, buf = console()
    assert replay(match.record, 0, "en", False, con) == 10
    assert "Move 10 of 10" in buf.getvalue()
    bad = GameRecord("buy-low-sell-high", 2, 5, {}, ["keep"], [])
    with pytest.raises(BadRecord):
        replay(bad, None, "en", False, console()[0])


# ---------------------------------------------------------------------- rendering
def views_of_a_game(seed: int) -> Iterator[dict]:
    state = GAME.new(4, seed)
    bot = RandomBot(seed)
    while True:
        for seat in (None, *range(state.num_players)):
            yield state.view(seat)
        if state.is_over():
            return
        state.apply(bot.choose(state))


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_buy_low_sell_high_price_chart_is_whole_at_80_columns(lang: str) -> None:
    buf = io.StringIO()
    con = Console(file=buf, width=80, color_system=None, force_terminal=False)
    shown = 0
    for i, view in enumerate(views_of_a_game(12)):
        if i % 25:  # a sample keeps the test fast
            continue
        shown += 1
        con.print(render.render_view("buy-low-sell-high", view, lang, ["you", "random"] * 2))
    lines = buf.getvalue().splitlines()
    # Nothing was squeezed: every price line is whole (the stock's colour, a space, 29 spaces
    # of 2 cells); people read the colour (the notation's K0 is for typing only).
    words = ("red", "green", "purple") if lang == "en" else ("紅色", "綠色", "紫色")
    label = max(cell_len(w) for w in words) + 1
    pattern = "(?:" + "|".join(words) + r") +[·●0-9 ]+"
    chart = [line for line in lines if re.fullmatch(pattern, line.rstrip())]
    assert len(chart) == 3 * shown
    assert {cell_len(line.rstrip()) for line in chart} == {label + 29 * 2}
    assert max(cell_len(line) for line in lines) <= 80
    assert ("Stock prices" if lang == "en" else "股價區") in buf.getvalue()


def test_describe_every_action_in_both_languages() -> None:
    state = GAME.new(3, 2)
    view = state.view(0)
    for lang in ("en", "zh-TW"):
        for a in range(A.NUM_ACTIONS):
            plain = blsh.describe_action(a, lang)
            priced = blsh.describe_action(a, lang, view)
            assert plain and priced
            assert "{" not in plain + priced
    assert blsh.describe_action(A.PASS, "en") == "no trade (option C)"
    assert blsh.describe_action(A.PASS, "zh-TW") == "不交易(選項C)"
    buy_two = A.TRADE_INDEX[(2, 0, 0)]
    assert blsh.describe_action(buy_two, "en", view) == "buy 2 red: pay $33 → $17"  # 16 + 17
    assert blsh.describe_action(buy_two, "zh-TW", view) == "買進2張紅色股票：付 $33 → $17"
    sell_two = A.TRADE_INDEX[(0, -2, 0)]
    # A second sale goes one space lower, but seat 0 holds one token: the price is still shown.
    assert blsh.describe_action(sell_two, "en", view) == "sell 2 green: get $29 → $79"  # 15 + 14
    assert blsh.describe_action(A.SELL_BASE + 2, "zh-TW", view) == "賣出1張紫色股票，得 $15"
    assert blsh.describe_action(A.SELL_BASE + 2, "en", view) == "sell one purple for $15"


def test_unknown_game_renders_raw_view() -> None:
    assert render.renderer("no-such-game") is None
    assert render.describe_action("no-such-game", 3) == ""
    assert render.score_label("no-such-game", "zh-TW") == "分數"


# ---------------------------------------------------------------------- translations
def msgids() -> dict[str, str]:
    """Every literal message id passed to t(), N_(), h() or .tr() in the package, outside the
    games' folders (each game has its own catalog, its renderer's words included:
    tests/test_i18n.py checks those)."""
    found: dict[str, str] = {}
    root = Path(bazaar.__file__).parent
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).parts
        source = path.read_text(encoding="utf-8")
        if where[0] == "games":
            continue
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            named = isinstance(f, ast.Name) and f.id in ("t", "N_", "h")
            method = isinstance(f, ast.Attribute) and f.attr == "tr"
            arg = node.args[0]
            if (named or method) and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found[arg.value] = path.name
    return found


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_message_has_a_zh_tw_translation_with_the_same_fields() -> None:
    ids = msgids()
    assert len(ids) > 80
    missing = [m for m in ids if not has_translation(m, "zh-TW")]
    assert missing == []
    for msgid in ids:
        assert fields(catalog("zh-TW")[msgid]) == fields(msgid), msgid


def test_t_and_languages() -> None:
    assert t("Seat {seat}", "en", seat=2) == "Seat 2"
    assert t("Seat {seat}", "zh-TW", seat=2) == "玩家2"
    assert t("not a known message", "zh-TW") == "not a known message"
    assert normalize_lang("zh_tw") == "zh-TW" and normalize_lang("EN") == "en"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        normalize_lang("fr")


def test_records_go_to_the_user_data_folder_beside_the_server_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bazaar.core.paths import records_folder
    from bazaar.web.store import default_db_url

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    record = GameRecord("take-stock", 3, 9, {}, [], ["you", "random", "random"])
    path = default_record_path(record)
    assert path.parent == records_folder() == tmp_path / "bazaar" / "records"
    assert default_db_url() == f"sqlite:///{tmp_path / 'bazaar' / 'bazaar.db'}"
    assert save_record(record, path).exists()
