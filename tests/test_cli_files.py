"""Every command that reads a file, on any file: one sentence on stderr and exit 2, never a
traceback (issue 21, item 6), in English and in Traditional Chinese.

The commands: ``verify``, ``replay``, ``analyse``, ``puzzle --file``, ``puzzle make``,
``play --resume`` (game records and puzzle files) and ``simulate --out`` (the folder's
``plan.json``, which ``sweep`` and ``ladder`` read the same way). The bad files: deep nesting,
numbers of 400 digits, lone surrogates (seat names, prompts), a key twice, bytes that are not
UTF-8, an empty file, a folder, a missing file, JSON that is not an object, ``NaN``. Then
hypothesis sends arbitrary bytes and records with a field replaced by any JSON value.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from bazaar.bots.puzzles import puzzle_path
from bazaar.cli import app
from tests.fuzz import fuzz_settings
from tests.test_verify import finished_record

GAME = "buy-low-sell-high"
BIG = 10**400
RECORD = finished_record()
#: the first moves only (replaying a whole game prints for a second and more)
SHORT = {k: v for k, v in RECORD.items() if k != "scores"} | {"actions": RECORD["actions"][:4]}
PUZZLES = json.loads((puzzle_path(GAME) or Path()).read_text(encoding="utf-8"))
PLAN = {"game": GAME, "players": 2, "agents": ["random", "random"], "seed": 0, "options": {}}


def commands(path: Path, tmp: Path) -> dict[str, list[str]]:
    """Each file-reading command line, on ``path``."""
    return {
        "verify": ["verify", str(path)],
        "replay": ["replay", str(path), "--all"],
        "analyse": ["analyse", str(path), "--seat", "0", "--samples", "2"],
        "puzzle make": ["puzzle", "make", str(path), "--seat", "0", "--out", str(tmp / "p.json")],
        "resume": ["play", GAME, "--resume", str(path)],
        "puzzle --file": ["puzzle", "--file", str(path)],
        "simulate --out": ["simulate", GAME, "--games", "1", "--quiet", "--out", str(path.parent)],
    }


RECORD_COMMANDS = ["verify", "replay", "analyse", "puzzle make", "resume"]
#: what each command reads, and a good file of that kind
KIND_OF = {**{c: "record" for c in RECORD_COMMANDS}, "puzzle --file": "puzzles"}
KIND_OF["simulate --out"] = "plan"
GOOD = {"record": RECORD, "puzzles": PUZZLES, "plan": PLAN}


def holding(kind: str, text: str) -> dict[str, Any]:
    """A good file of ``kind`` with ``text`` where a person's words go (a seat name, a
    puzzle's prompt, the game of a plan)."""
    if kind == "record":
        return {**RECORD, "seats": [text, "Bo"]}
    if kind == "plan":
        return {**PLAN, "game": text}
    first = PUZZLES["puzzles"][0]
    return {**PUZZLES, "puzzles": [{**first, "prompt": {"en": text}}]}


def dumped(data: Any) -> str:
    return json.dumps(data)  # ensure_ascii: a lone surrogate is written as \\udXXX


def duplicate(data: dict[str, Any]) -> str:
    key = next(iter(data))
    return dumped(data)[:-1] + f", {json.dumps(key)}: {json.dumps(data[key])}}}"


#: bad file -> (content for each kind, or None: a folder or no file), English, Chinese
BAD: dict[str, tuple[Callable[[str], str | bytes | None], str, str]] = {
    "deep arrays": (lambda k: "[" * 100_000 + "]" * 100_000, "nested too deeply", "巢狀層數太深"),
    "deep objects": (
        lambda k: '{"a":' * 20_000 + "1" + "}" * 20_000,
        "nested too deeply",
        "巢狀層數太深",
    ),
    "a key twice": (lambda k: duplicate(GOOD[k]), "appears twice in one object", "出現了兩次"),
    "lone surrogate": (
        lambda k: dumped(holding(k, "\ud800")),
        "lone surrogate, which is not Unicode text",
        "落單的代理字元",
    ),
    "surrogate as UTF-8 bytes": (
        lambda k: dumped(holding(k, "@@")).encode().replace(b"@@", b"\xed\xa0\x80"),
        "is not UTF-8 text",
        "不是 UTF-8 文字",
    ),
    "not UTF-8": (lambda k: b'{"game": "\xff\xfe"}', "is not UTF-8 text", "不是 UTF-8 文字"),
    "empty": (lambda k: "", "is not valid JSON (line 1, column 1)", "不是有效的 JSON"),
    "NaN": (lambda k: '{"seed": NaN}', "NaN is not valid JSON", "NaN 不是有效的 JSON"),
    "1e400": (lambda k: '{"seed": 1e400}', "the number 1e400 is too large", "數字 1e400 太大"),
    "a folder": (lambda k: None, "it is a folder, not a file", "這是資料夾，不是檔案"),
}
#: 10**400 where each kind holds a number, and what is said about it
HUGE = {
    "record": (
        {**RECORD, "scores": [BIG, 1]},
        "record field 'scores' must be a list of numbers",
        "棋譜欄位 'scores' 必須是數字的清單",
    ),
    "puzzles": (
        {**PUZZLES, "puzzles": [{**PUZZLES["puzzles"][0], "seed": BIG}]},
        "puzzle field 'seed' must be a whole number below 2**64",
        "謎題欄位 'seed' 必須是小於 2**64 的整數",
    ),
    "plan": ({**PLAN, "players": BIG}, "holds another simulation", "裡是另一個模擬"),
}
NOT_OBJECT = {
    "record": ("a game record must be a JSON object", "棋譜必須是 JSON 物件"),
    "puzzles": ("expected an object with a 'puzzles' list", "應該是含有 'puzzles' 清單的物件"),
    "plan": ("its plan.json is not a simulation's plan", "不是模擬的計畫"),
}


def run(args: list[str], lang: str) -> tuple[int, str, str]:
    """The command in process; any exception but the exit is a failure of the test."""
    result = CliRunner().invoke(app, [*args, "--lang", lang], input="")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{args}: {result.exception!r}") from result.exception
    return result.exit_code, result.stdout, result.stderr


def refused(args: list[str], english: str, chinese: str | None = None) -> None:
    """In English and in Chinese: exit 2 with one line on stderr, starting with "Error" and
    holding ``english`` (``chinese``)."""
    said_in("en", args, english)
    if chinese is not None:
        said_in("zh-TW", args, chinese)


def said_in(lang: str, args: list[str], words: str) -> None:
    code, out, err = run(args, lang)
    said = err.strip()
    assert code == 2, (args, lang, out, err)
    assert "Traceback" not in out + err and "\n" not in said, (args, lang, err)
    assert said.startswith("Error: " if lang == "en" else "錯誤："), said
    assert words in said, (args, lang, said)


def place(tmp_path: Path, command: str, content: str | bytes | None) -> Path:
    """Write ``content`` where ``command`` reads it (None: a folder there)."""
    folder = tmp_path / "in"
    folder.mkdir(exist_ok=True)
    path = folder / ("plan.json" if command == "simulate --out" else "file.json")
    if content is None:
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


ALL = list(KIND_OF)


@pytest.mark.parametrize("bad", list(BAD))
@pytest.mark.parametrize("command", ALL)
def test_a_bad_file_is_one_sentence_and_exit_2(tmp_path: Path, command: str, bad: str) -> None:
    make, english, chinese = BAD[bad]
    path = place(tmp_path, command, make(KIND_OF[command]))
    refused(commands(path, tmp_path)[command], english, chinese)


@pytest.mark.parametrize("command", ALL)
def test_a_400_digit_number_is_refused(tmp_path: Path, command: str) -> None:
    data, english, chinese = HUGE[KIND_OF[command]]
    path = place(tmp_path, command, json.dumps(data))
    refused(commands(path, tmp_path)[command], english, chinese)


@pytest.mark.parametrize("command", ALL)
def test_json_that_is_not_an_object_is_refused(tmp_path: Path, command: str) -> None:
    english, chinese = NOT_OBJECT[KIND_OF[command]]
    for text in ("[1, 2]", '"a text"', "3", "null"):
        path = place(tmp_path, command, text)
        refused(commands(path, tmp_path)[command], english, chinese if text == "null" else None)
        path.unlink()


@pytest.mark.parametrize("command", [c for c in ALL if c != "simulate --out"])
def test_a_missing_file_is_refused(tmp_path: Path, command: str) -> None:
    """(A simulation folder without plan.json is a new simulation, not an error.)"""
    args = commands(tmp_path / "nowhere.json", tmp_path)[command]
    refused(args, "there is no such file", "沒有這個檔案")


@pytest.mark.parametrize("command", ["replay", "analyse", "verify"])
def test_seat_names_with_a_lone_surrogate_are_refused_not_printed(
    tmp_path: Path, command: str
) -> None:
    """The names were printed once and stopped the command with UnicodeEncodeError."""
    for seats in (["\udc80", "Bo"], ["Ann", "x\ud83d"]):
        path = place(tmp_path, command, json.dumps({**RECORD, "seats": seats}))
        refused(commands(path, tmp_path)[command], "holds a lone surrogate")
        path.unlink()


# ---------------------------------------------------------------------- hypothesis
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


def outcome_is_clean(args: list[str], lang: str) -> None:
    """Any outcome but a traceback; a refusal (exit 2) is one line."""
    code, out, err = run(args, lang)
    assert "Traceback" not in out + err
    if code == 2:
        said = err.strip()
        assert "\n" not in said and said.startswith(("Error: ", "錯誤：")), said


@fuzz_settings(25)
@given(raw=st.binary(max_size=200) | st.text(max_size=200).map(lambda s: s.encode("utf-8")))
def test_any_bytes_as_a_record(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "any.json"
    path.write_bytes(raw)
    code, out, err = run(commands(path, tmp_path)["verify"], "en")
    assert "Traceback" not in out + err and code in (1, 2)
    if code == 2:
        assert "\n" not in err.strip() and err.startswith("Error: ")


@fuzz_settings(25)
@given(
    key=st.sampled_from([*SHORT, "format", "extra"]),
    value=JSON_VALUES,
    lang=st.sampled_from(["en", "zh-TW"]),
)
def test_a_record_with_any_field_replaced(tmp_path: Path, key: str, value: Any, lang: str) -> None:
    path = tmp_path / "field.json"
    try:
        text = json.dumps({**SHORT, key: value})
    except ValueError:  # a float json.dumps refuses
        return
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    for command in ("verify", "replay"):
        outcome_is_clean(commands(path, tmp_path)[command], lang)


@fuzz_settings(15)
@given(key=st.sampled_from([*PUZZLES["puzzles"][0], "extra"]), value=JSON_VALUES)
def test_a_puzzle_with_any_field_replaced(tmp_path: Path, key: str, value: Any) -> None:
    path = tmp_path / "puzzles.json"
    puzzle = {**PUZZLES["puzzles"][0], key: value}
    try:
        path.write_text(json.dumps({**PUZZLES, "puzzles": [puzzle]}), encoding="utf-8")
    except ValueError:
        return
    outcome_is_clean(commands(path, tmp_path)["puzzle --file"], "en")


def test_a_puzzle_file_with_no_puzzles_is_refused(tmp_path: Path) -> None:
    path = place(tmp_path, "puzzle --file", json.dumps({"format": 2, "puzzles": []}))
    refused(["puzzle", "--file", str(path)], "the file holds no puzzles", "檔案裡沒有任何題目")
