"""The real ``bazaar`` command line, run in a subprocess with piped input."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bazaar.bots.random_bot import RandomBot
from bazaar.cli import app
from bazaar.core import registry
from bazaar.core.record import GameRecord, Match
from bazaar.core.registry import game_parts, get_game

GAME = "buy-low-sell-high"


def data_home(cwd: Path | None) -> Path:
    """The XDG data home of a test command: ``data/`` in its folder (or in a fresh one)."""
    return (cwd or Path(tempfile.mkdtemp())) / "data"


@pytest.fixture(autouse=True)
def user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """In-process commands keep their records in the test's own user data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "bazaar"


def run(
    *args: str, stdin: str = "", cwd: Path | None = None, lang: str | None = None
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "BAZAAR_LANG"}
    env["XDG_DATA_HOME"] = str(data_home(cwd))  # the user data folder of platformdirs
    env["COLUMNS"] = "100"
    env["PYTHONIOENCODING"] = "utf-8"
    if lang:
        env["BAZAAR_LANG"] = lang
    return subprocess.run(
        [sys.executable, "-m", "bazaar.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        timeout=60,
    )


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str


def invoke(*args: str, stdin: str = "") -> Result:
    """The same command line in process (faster; used where a subprocess adds nothing)."""
    result = CliRunner().invoke(app, list(args), input=stdin)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Result(result.exit_code, result.stdout, result.stderr)


@pytest.fixture(scope="module")
def played(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """One full game as seat 0 against two random bots: bad inputs first, then always "1"."""
    folder = tmp_path_factory.mktemp("played")
    answers = ["xyz", "999", "pass", "+2K0"] + ["1"] * 3000
    proc = run(
        "play", GAME, "--seats", "you,random,random", "--seed", "11",
        stdin="\n".join(answers) + "\n", cwd=folder,
    )  # fmt: skip
    return proc, folder


def test_full_game_with_bad_inputs_finishes_and_saves_a_replayable_record(
    played: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    proc, folder = played
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    # Bad inputs are explained and the same prompt comes back.
    assert "'xyz' is not a move" in out
    assert "There is no move 999: type a number from 1 to 6" in out
    assert "first-lap limit (§4.6)" in out
    assert out.count("Your move (number or notation") >= 5
    # The default record path is <user data>/records/<game>-<seed>-<timestamp>.json.
    files = list((folder / "data" / "bazaar" / "records").glob(f"{GAME}-11-*.json"))
    assert len(files) == 1
    assert not (folder / "records").exists()
    assert f"Game record saved to {files[0]}" in " ".join(out.split())
    data = json.loads(files[0].read_text(encoding="utf-8"))
    assert data["game"] == GAME and data["seed"] == 11 and data["players"] == 3
    assert data["seats"] == ["you", "random", "random"]
    record = GameRecord.load(files[0])
    final = record.replay()
    assert final.is_over()
    # After the bad inputs the human's "1" was the first legal move, nothing else changed.
    start = Match.new(get_game(GAME), 3, 11).state
    assert record.actions[0] == start.notation(start.legal_actions()[0])
    # The end shows money and the winner(s) of the replayed game.
    assert "Final result" in out
    names = ", ".join(
        f"Seat {w + 1} ({'you' if w == 0 else 'Random bot'})" for w in final.winners()
    )
    assert (f"Winner: {names}" in out) or (f"Shared win: {names}" in out)


def test_human_sees_only_own_private_events(
    played: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    out = played[0].stdout
    assert "Seat 1 drew" in out  # seat 0: people count seats from 1
    assert "Seat 2 drew" not in out and "Seat 3 drew" not in out
    assert "Seat 2 draws" in out  # the public half of the same event


def test_all_bot_game_prints_the_winner(tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    proc = run(
        "play", GAME, "--seats", "random,random,random", "--seed", "7", "--record", str(path),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    final = GameRecord.load(path).replay()
    assert final.is_over()
    winners = final.winners()
    label = ", ".join(f"Seat {w + 1} (Random bot)" for w in winners)
    assert (f"Winner: {label}" if len(winners) == 1 else f"Shared win: {label}") in proc.stdout
    assert f"Game record saved to {path}" in proc.stdout
    # Bot seats are seeded from the game seed: the same command plays the same game.
    again = tmp_path / "again.json"
    run("play", GAME, "--seats", "random,random,random", "--seed", "7", "--record", str(again))
    assert GameRecord.load(again).actions == GameRecord.load(path).actions


def test_players_option_fills_seats_with_bots(tmp_path: Path) -> None:
    path = tmp_path / "four.json"
    proc = invoke("play", GAME, "--players", "4", "--seed", "3", "--record", str(path), stdin="q\n")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["players"] == 4
    assert data["seats"] == ["you", "random", "random", "random"]
    assert data["actions"] == []
    assert "Game stopped after 0 moves" in proc.stdout


def test_quit_saves_the_game_so_far(tmp_path: Path) -> None:
    path = tmp_path / "quit.json"
    proc = invoke("play", GAME, "--seed", "5", "--record", str(path), stdin="1\n1\nquit\n")
    assert proc.returncode == 0, proc.stderr
    record = GameRecord.load(path)
    assert len(record.actions) >= 2  # our two moves plus the bots' turns in between
    state = record.replay()
    assert not state.is_over()
    assert state.to_move() == 0
    assert f"Game stopped after {len(record.actions)} moves" in proc.stdout


def test_records_go_to_the_user_data_folder_and_quit_says_how_to_resume(
    user_data: Path,
) -> None:
    proc = invoke("play", GAME, "--seed", "5", stdin="1\nq\n")
    assert proc.returncode == 0, proc.stderr
    (path,) = (user_data / "records").glob(f"{GAME}-5-*.json")
    out = " ".join(proc.stdout.split())
    assert f"record saved to {path}" in out
    assert f"Continue it with: bazaar play {GAME} --resume {path}" in out


def test_resume_continues_a_quit_game_with_the_same_seats_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    seats = "you,heuristic,random"
    first = invoke("play", GAME, "--seats", seats, "--seed", "8", "--record", str(path),
                   stdin="1\n1\nq\n")  # fmt: skip
    assert first.returncode == 0, first.stderr
    saved = GameRecord.load(path)
    assert saved.seats == ["you", "heuristic", "random"]
    assert not saved.replay().is_over()
    again = invoke("play", GAME, "--resume", str(path), stdin="1\n" * 3000)
    assert again.returncode == 0, again.stderr
    assert f"Continuing the saved game after {len(saved.actions)} moves." in again.stdout
    assert "Seat 2 (Rule-based bot)" in again.stdout
    done = GameRecord.load(path)  # saved again to the same file
    assert done.actions[: len(saved.actions)] == saved.actions
    assert (done.game, done.seed, done.seats, done.options) == (
        saved.game, saved.seed, saved.seats, saved.options,
    )  # fmt: skip
    assert done.replay().is_over()
    assert "Final result" in again.stdout


def test_resume_refuses_a_finished_game_another_game_and_extra_settings(
    tmp_path: Path, bot_record: Path
) -> None:
    over = invoke("play", GAME, "--resume", str(bot_record))
    assert over.returncode == 2
    assert f"the game in {bot_record} is over; watch it with: bazaar replay {bot_record}" in (
        " ".join(over.stderr.split())
    )
    zh = invoke("play", GAME, "--resume", str(bot_record), "--lang", "zh-TW")
    assert f"{bot_record}裡的遊戲已經結束" in "".join(zh.stderr.split())
    other = invoke("play", "take-stock", "--resume", str(bot_record))
    assert other.returncode == 2
    assert "is a game of Buy Low Sell High, not of Take Stock" in " ".join(other.stderr.split())
    other_zh = invoke("play", "take-stock", "--resume", str(bot_record), "--lang", "zh-TW")
    assert "是傻瓜炒股的棋譜，不是股市大亨的" in "".join(other_zh.stderr.split())
    extra = invoke("play", GAME, "--resume", str(bot_record), "--seed", "3")
    assert extra.returncode == 2
    assert "--resume takes the seats, players, seed and options from the record" in (
        " ".join(extra.stderr.split())
    )
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    bad = invoke("play", GAME, "--resume", str(broken), "--lang", "zh-TW")
    assert bad.returncode == 2
    said = "".join(bad.stderr.split())  # the reason is translated too, not just "unreadable"
    assert f"無法接著玩{broken}：無法讀取棋譜'{broken}'：它不是有效的JSON(第1行第2欄)" in said


def test_end_of_input_saves_the_game(tmp_path: Path) -> None:
    path = tmp_path / "eof.json"
    proc = invoke("play", GAME, "--seed", "5", "--record", str(path), stdin="1\n")
    assert proc.returncode == 0, proc.stderr
    assert "Input ended" in proc.stdout
    assert GameRecord.load(path).actions[0] == "-K0"


def test_options_are_parsed_as_json_and_recorded(tmp_path: Path) -> None:
    path = tmp_path / "opts.json"
    proc = invoke(
        "play", GAME, "--seats", "random,random", "--seed", "2", "--record", str(path),
        "-o", "first_lap_limits=at_most", "--option", "bn_may_target_covered_space=true",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    options = json.loads(path.read_text(encoding="utf-8"))["options"]
    assert options["first_lap_limits"] == "at_most"
    assert options["bn_may_target_covered_space"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nope"], "unknown game 'nope' (known games: buy-low-sell-high"),
        (["play", GAME, "-o", "first_lap_limits=maybe"], "option 'first_lap_limits' cannot be"),
    ],
)
def test_usage_errors_exit_2_with_a_clear_message(
    args: list[str], message: str, tmp_path: Path
) -> None:
    proc = run(*args, cwd=tmp_path)
    assert proc.returncode == 2
    assert "Error:" in proc.stderr
    assert message in " ".join(proc.stderr.split())
    assert not (tmp_path / "records").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "nope"], "unknown game 'nope'"),
        (["replay", "nope.json", "--lang", "xx"], "unknown language 'xx'"),
        (["play", GAME, "-o", "colour=red"], "unknown option 'colour'"),
        (["play", GAME, "-o", "first_lap_limits"], "--option needs name=value"),
        (["play", GAME, "-o", "selloff_starts_with=1"], "cannot be 1"),
        (["play", GAME, "--players", "7"], "buy-low-sell-high is for 2-4 players, not 7"),
        (["play", GAME, "--players", "2", "--seats", "you,random,random"], "does not match"),
        (["play", GAME, "--seats", "you,you"], "only one seat can be 'you'"),
        (["play", GAME, "--seats", "you,,random"], "--seats has an empty entry"),
        (
            ["play", GAME, "--seats", "you,genius"],
            "unknown bot 'genius' (known bots: random, heuristic, ismcts,",
        ),
        (["play", GAME, "--lang", "fr"], "unknown language 'fr'"),
    ],
)
def test_more_usage_errors_in_process(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())
    assert not (tmp_path / "records").exists()


def test_rules_in_both_languages() -> None:
    zh = run("rules", GAME, "--lang", "zh-TW", "--spec")  # the specification
    assert zh.returncode == 0, zh.stderr
    for word in ("傻瓜炒股", "手續費", "突發新聞", "first_lap_limits", "如何輸入行動"):
        assert word in zh.stdout
    en = run("rules", GAME, "--lang", "en", "--spec")
    assert en.returncode == 0, en.stderr
    for word in ("Buy Low Sell High", "Breaking News", "Commission", "How to type moves"):
        assert word in en.stdout


def test_rules_without_a_text_in_that_language_is_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    get_game(GAME)  # loaded, so that only the rules lookup goes to the folder below
    parts = dataclasses.replace(game_parts(GAME), package="bazaar.core")  # no rules texts there
    monkeypatch.setitem(registry._registry(), GAME, parts)
    for lang, message in (
        ("en", "Error: there is no en rules text for buy-low-sell-high"),
        ("zh-TW", "錯誤：buy-low-sell-high 沒有 zh-TW 的規則說明"),
    ):
        result = CliRunner().invoke(app, ["rules", GAME, "--lang", lang])
        assert result.exit_code == 2
        assert " ".join(result.stderr.split()) == message


def test_play_help_explains_seats_options_notation_and_languages() -> None:
    proc = run("play", "--help")
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    for needle in ("--seats", "'you'", "'random'", "first_lap_limits", "selloff_starts_with",
                   "'+K0 -K2'", "zh-TW", "--record"):  # fmt: skip
        assert needle in text


def test_top_help_imports_no_game_bot_renderer_or_web_module() -> None:
    """``bazaar --help`` stays fast (issue 11: under 0.3 s): it lists the commands without
    importing a game, a bot, a renderer, the engine or the web app."""
    code = (
        "import sys\n"
        "sys.argv = ['bazaar', '--help']\n"
        "from bazaar.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('bazaar'))))\n"
    )
    env = {**os.environ, "COLUMNS": "200", "BAZAAR_LANG": "en"}
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=True,
    )
    loaded = proc.stdout.splitlines()[-1].split()
    assert "bazaar.cli" in loaded
    heavy = ("bazaar.games", "bazaar.bots", "bazaar.play", "bazaar.interop", "bazaar.web.app")
    assert [m for m in loaded if m.startswith(heavy)] == []
    assert "Play GAME in the terminal against bots, or watch bots play each other." in proc.stdout


def test_help_follows_bazaar_lang() -> None:
    proc = run("play", "--help", lang="zh-TW")
    assert proc.returncode == 0
    assert "座位" in proc.stdout and "繁體中文" in proc.stdout


def test_games_lists_player_counts_and_options() -> None:
    proc = invoke("games")
    assert proc.returncode == 0
    assert "buy-low-sell-high — Buy Low Sell High, 2–4 players" in proc.stdout
    assert 'short_column_shift = "full_net"' in proc.stdout
    zh = invoke("games", "--lang", "zh-TW")
    assert "傻瓜炒股，2–4人" in zh.stdout


@pytest.fixture(scope="module")
def bot_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished two-player game between random bots, saved as a record."""
    match = Match.new(get_game(GAME), 2, 4, None, ["random", "random"])
    bots = [RandomBot(1), RandomBot(2)]
    while not match.state.is_over():
        match.play(bots[match.state.to_move()].choose(match.state))
    path = tmp_path_factory.mktemp("records") / "bots.json"
    match.record.save(path)
    return path


def test_replay_all_shows_every_move_and_the_winner(bot_record: Path) -> None:
    record = GameRecord.load(bot_record)
    n = len(record.actions)
    proc = run("replay", str(bot_record), "--all")
    assert proc.returncode == 0, proc.stderr
    assert f"Move 1 of {n} · Seat 1 (Random bot) · {record.actions[0]}" in proc.stdout
    assert f"Move {n} of {n}" in proc.stdout
    winners = record.replay().winners()
    assert "Winner: Seat" in proc.stdout if len(winners) == 1 else "Shared win" in proc.stdout
    assert "Your hand" not in proc.stdout  # public view: no hands


def test_replay_as_one_seat_in_zh_tw(bot_record: Path, tmp_path: Path) -> None:
    record = GameRecord.load(bot_record)
    record.actions = record.actions[:12]
    short = tmp_path / "short.json"
    record.save(short)
    proc = run("replay", str(short), "--all", "--seat", "1", "--lang", "zh-TW")
    assert proc.returncode == 0, proc.stderr
    assert "你的手牌" in proc.stdout and "重播" in proc.stdout
    assert "第12/12步" in proc.stdout
    assert "以玩家2(隨機電腦)的視角" in proc.stdout  # --seat 1 is the second seat
    assert "玩家2抽到" in proc.stdout and "玩家1抽到" not in proc.stdout
    bad_seat = invoke("replay", str(short), "--seat", "5")
    assert bad_seat.returncode == 2 and "--seat must be from 0 to 1" in bad_seat.stderr


def test_replay_steps_on_enter_and_stops_on_q(bot_record: Path) -> None:
    proc = invoke("replay", str(bot_record), stdin="\n\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert "Move 2 of" in proc.stdout and "Move 3 of" not in proc.stdout


def test_replay_rejects_a_bad_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"game": "buy-low-sell-high", "players": 3, "seed": 1, "actions": ["zz"]}')
    proc = invoke("replay", str(path), "--all")
    assert proc.returncode == 2
    assert "does not replay" in proc.stderr
    missing = invoke("replay", str(tmp_path / "none.json"))
    assert missing.returncode == 2 and "cannot read record" in missing.stderr


def test_zh_tw_interface(tmp_path: Path) -> None:
    path = tmp_path / "zh.json"
    proc = run(
        "play", GAME, "--lang", "zh-TW", "--seed", "1", "--record", str(path),
        stdin="abc\n1\nq\n",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    expected = ["傻瓜炒股", "你的行動(輸入編號或記法", "輪到玩家1(你)", "買賣股票階段"]
    expected += ["你的手牌", "股價區", "第1年首輪", "棋譜已存到"]
    for words in expected:
        assert words in out
    assert "請輸入清單中的行動編號" in out  # the Chinese hint for the notation error
    assert "玩家1賣出" in out or "玩家1買進" in out  # events in Chinese


def test_engine_command_speaks_json_lines() -> None:
    proc = run("engine", stdin='{"cmd": "games", "id": 1}\n{"cmd": "quit"}\n')
    assert proc.returncode == 0, proc.stderr
    first = json.loads(proc.stdout.splitlines()[0])
    assert first["ok"] is True and first["id"] == 1
    assert GAME in [g["id"] for g in first["games"]]


def test_help_command_in_game(tmp_path: Path) -> None:
    proc = invoke("play", GAME, "--seed", "1", "--record", str(tmp_path / "h.json"), stdin="?\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert "'+K0' buys one red share" in " ".join(proc.stdout.split())


def test_serve_help_names_its_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--bot-delay", "--workers"):
        assert option in result.output
    assert "127.0.0.1" in result.output and "8000" in result.output
    words = " ".join(result.output.replace("│", " ").split())
    assert "--rate-limit-tables" in words and "--rate-limit-sockets" in words
    # each option's variable between its help and its default (cut short at 80 columns)
    tables = r"Tables one client address may create per minute \(0 = no limit\)\."
    assert re.search(tables + r" \[env var: BAZAAR_\S+ \[default: 60\]", words)
    sockets = r"may open per minute \(0 = no limit\)\."
    assert re.search(sockets + r" \[env var: BAZAAR_\S+ \[default: 300\]", words)
