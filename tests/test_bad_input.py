"""Bad input never crashes: engine lines, game records, the CLI and player names."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bazaar.core.errors import BadName, BadRecord
from bazaar.core.names import RefusedName, check_name
from bazaar.core.record import GameRecord
from bazaar.interop.engine import MAX_LINE, Engine, main

BLSH = "buy-low-sell-high"


def run_engine(*lines: bytes) -> list[dict[str, Any]]:
    """Feed raw lines to the engine loop in-process; return every reply (one per line)."""
    stdout = io.BytesIO()
    main(io.BytesIO(b"".join(line + b"\n" for line in lines)), stdout)
    out = stdout.getvalue()
    assert out.endswith(b"\n")
    replies = [json.loads(raw) for raw in out.split(b"\n")[:-1]]
    assert len(replies) == len(lines)
    return replies


def test_lone_surrogate_id_is_echoed_and_the_session_goes_on() -> None:
    help_line = b'{"cmd":"help","id":"\\ud800"}'
    first, second = run_engine(help_line, b'{"cmd":"games","id":2}')
    assert first["ok"] is True and first["id"] == "\ud800" and first["protocol"] == 1
    assert second["ok"] is True and second["id"] == 2


def test_lone_surrogate_seat_name_is_refused() -> None:
    new = json.dumps({"cmd": "new", "game": BLSH, "players": 2, "seats": ["\ud800", "Bo"]})
    reply, record = run_engine(new.encode(), b'{"cmd":"record"}')
    assert reply == {
        "ok": False,
        "error": "field 'seats': seat 0: a name may not contain the character U+D800",
        "code": "name",
    }
    assert record["code"] == "no-game"


def test_engine_seat_names_are_trimmed_and_checked() -> None:
    engine = Engine()
    reply = engine.handle(
        json.dumps({"cmd": "new", "game": BLSH, "players": 2, "seats": ["  Ann ", "Bo"]})
    )
    assert reply["ok"] is True
    assert engine.handle('{"cmd":"record"}')["record"]["seats"] == ["Ann", "Bo"]
    before = engine.handle('{"cmd":"record"}')
    for seats, error in [
        (["   ", "Bo"], "seat 0: a name may not be empty (or only spaces)"),
        (["Ann", "Bo\u202e"], "seat 1: a name may not contain the character U+202E"),
        (["A\x07", "Bo"], "seat 0: a name may not contain the character U+0007"),
        (["x" * 41, "Bo"], "seat 0: a name may be at most 40 characters, not 41"),
    ]:
        line = json.dumps({"cmd": "new", "game": BLSH, "players": 2, "seats": seats})
        assert engine.handle(line) == {
            "ok": False,
            "error": f"field 'seats': {error}",
            "code": "name",
        }
    assert engine.handle('{"cmd":"record"}') == before


def test_deep_nesting_and_huge_lines_get_one_reply_each() -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    deep_id = b'{"cmd":"help","id":' + b"[" * 5000 + b"]" * 5000 + b"}"
    huge = b'{"cmd":"help","id":"' + b"x" * (MAX_LINE + 10) + b'"}'
    replies = run_engine(deep, deep_id, huge, b'{"cmd":"help","id":1}')
    assert [r["ok"] for r in replies] == [False, False, False, True]
    assert replies[0]["code"] == "json" and "nested too deeply" in replies[0]["error"]
    assert replies[1]["code"] == "json" and "nested too deeply" in replies[1]["error"]
    assert replies[2] == {
        "ok": False,
        "error": f"the request line is longer than {MAX_LINE} bytes",
        "code": "size",
    }
    assert replies[3]["id"] == 1


def test_engine_subprocess_answers_a_lone_surrogate() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bazaar.cli", "engine"],
        input=b'{"cmd":"help","id":"\\ud800"}\n{"cmd":"quit"}\n',
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 2 and json.loads(lines[0])["id"] == "\ud800"
    assert proc.stderr == b""


# ---------------------------------------------------------------------- records
def record_text(**fields: str) -> str:
    base = {"game": f'"{BLSH}"', "players": "3", "seed": "1", **fields}
    return "{" + ", ".join(f'"{k}": {v}' for k, v in base.items()) + "}"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "its JSON is nested too deeply"),
        (
            record_text(options="{" + '"x":' + "[" * 900 + "]" * 900 + "}"),
            "nested too deeply (more than 8",
        ),
        (record_text(seed="9" * 5000), "has a number with too many digits"),
        (record_text(seed="1e400"), "the number 1e400 is too large (out of range)"),
        (record_text(seed="NaN"), "NaN is not valid JSON"),
        (record_text(seed=str(10**30)), "record field 'seed' must be from"),
        (record_text(players=str(10**30)), "record field 'players' must be from 1 to 64"),
        (record_text(players="true"), "record field 'players' must be an integer, not true"),
    ],
)
def test_bad_records_give_a_clear_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(BadRecord) as err:
        GameRecord.load(path)
    assert message in err.value.message


@pytest.mark.parametrize("command", ["replay", "analyse"])
def test_cli_deeply_nested_record_exits_2_without_traceback(tmp_path: Path, command: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    args = (
        [command, str(path), "--all"]
        if command == "replay"
        else [command, str(path), "--seat", "0"]
    )
    proc = subprocess.run(
        [sys.executable, "-m", "bazaar.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)},
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "is nested too deeply" in proc.stderr


# ---------------------------------------------------------------------- names
@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("  Ann  ", "Ann"),
        ("Cafe\u0301", "Café"),  # NFC: e + combining acute -> é
        ("👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧"),  # ZWJ emoji sequence
        ("小明", "小明"),
    ],
)
def test_names_are_trimmed_normalised_and_kept(raw: str, name: str) -> None:
    assert check_name(raw) == name


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("   ", "a name may not be empty (or only spaces)"),
        ("\u3000", "a name may not be empty (or only spaces)"),
        ("a\nb", "a name may not contain the character U+000A"),
        ("a\u202eb", "a name may not contain the character U+202E"),
        ("a\u2066b", "a name may not contain the character U+2066"),
        ("a\u200fb", "a name may not contain the character U+200F"),
        ("a\u061cb", "a name may not contain the character U+061C"),
        ("\ud800", "a name may not contain the character U+D800"),
        ("y" * 41, "a name may be at most 40 characters, not 41"),
        ("\ufeff", "a name needs at least one visible character"),
        ("\u3164\u3164", "a name needs at least one visible character"),  # Hangul filler
        ("\U000e0041\U000e0042", "a name needs at least one visible character"),  # tags
        ("\ufeff\u2028\ufeff", "a name needs at least one visible character"),
        ("\u00ad\ufe0f\u2060", "a name needs at least one visible character"),
    ],
)
def test_bad_names_are_refused(raw: str, message: str) -> None:
    with pytest.raises(BadName) as err:
        check_name(raw)
    assert str(err.value) == message


@pytest.mark.parametrize("raw", ["\ufeffAnn", "小\u3164明", "🏳\ufe0f\u200d🌈", "A\u2028B"])
def test_a_name_with_one_visible_character_is_kept(raw: str) -> None:
    assert check_name(raw) == raw


def test_an_invisible_name_is_refused_in_traditional_chinese() -> None:
    with pytest.raises(RefusedName) as err:
        check_name("\u3164")
    assert err.value.text("zh-TW") == "名字至少要有一個看得見的字"


def test_refused_names_have_a_traditional_chinese_message() -> None:
    with pytest.raises(RefusedName) as err:
        check_name("z" * 50)
    assert err.value.text("zh-TW") == "名字最多 40 個字元，這個有 50 個"
    assert err.value.text("en") == "a name may be at most 40 characters, not 50"
