"""Fuzzing the engine protocol: every line gets exactly one JSON reply; errors change nothing."""

from __future__ import annotations

import io
import json
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bazaar.core.registry import game_ids
from bazaar.interop.engine import COMMANDS, LANGS, Engine, serve
from tests.fuzz import fuzz_settings, report

#: Any character, lone surrogates (U+D800-DFFF) included.
CHARS = st.characters() | st.characters(categories=["Cs"])
#: Any JSON value, small and nested.
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(CHARS),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
#: Field values a client might plausibly send, plus anything at all.
PLAUSIBLE = st.one_of(
    st.sampled_from([*game_ids(), *LANGS, "pass", "+K0", "", "x"]),
    st.integers(-3, 10),
    st.integers(),
    st.lists(st.sampled_from(["Ann", "  ", "Bo\u202e", "\ud800", "\x00", ""]), max_size=4),
    JSON,
)


@st.composite
def commands(draw: st.DrawFn) -> dict[str, Any]:
    """A request with a real command and random values for some of its fields."""
    cmd = draw(st.sampled_from(sorted(COMMANDS)))
    fields = draw(st.lists(st.sampled_from([*COMMANDS[cmd][0], "id", "bogus"]), max_size=4))
    return {"cmd": cmd, **{name: draw(PLAUSIBLE) for name in fields}}


def as_line(value: Any) -> bytes:
    """JSON text as a client sends it (surrogates escaped, so the line is UTF-8)."""
    return json.dumps(value, allow_nan=False).encode()


LINES = st.one_of(
    st.text(CHARS).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.binary(),
    JSON.map(as_line),
    commands().map(as_line),
    st.integers(1, 3000).map(lambda n: b'{"cmd": "help", "id": ' + b"[" * n + b"]" * n + b"}"),
).map(lambda line: line.replace(b"\n", b" ").replace(b"\r", b" "))

TALLY: Counter[str] = Counter()


def snapshot(engine: Engine) -> tuple[str, str]:
    return (
        json.dumps(engine.handle('{"cmd": "record"}'), sort_keys=True),
        json.dumps(engine.handle('{"cmd": "view"}'), sort_keys=True),
    )


@fuzz_settings(300)
@given(lines=st.lists(LINES, min_size=1, max_size=8))
def test_every_line_gets_one_reply_and_errors_change_nothing(lines: list[bytes]) -> None:
    engine = Engine()
    assert engine.handle('{"cmd": "new", "game": "night-market", "players": 3, "seed": 5}')["ok"]
    engine.handle('{"cmd": "play", "action": 0}')
    for line in lines:
        before = snapshot(engine)
        text = engine.handle_json(line)
        raw = text.encode("utf-8")  # the reply line is always valid UTF-8
        assert b"\n" not in raw
        reply = json.loads(raw)
        assert isinstance(reply, dict) and isinstance(reply["ok"], bool), reply
        TALLY["lines"] += 1
        if not reply["ok"]:
            TALLY["errors"] += 1
            assert isinstance(reply["error"], str) and isinstance(reply["code"], str)
            assert reply["code"] != "internal", reply
            assert snapshot(engine) == before, line
        if not engine.running:
            break
    report("engine lines", {"sent": TALLY["lines"], "errors": TALLY["errors"], "crashes": 0})


@fuzz_settings(100)
@given(lines=st.lists(LINES, min_size=1, max_size=10))
def test_the_loop_answers_each_line_once(lines: list[bytes]) -> None:
    lines = [line for line in lines if b'"quit"' not in line]
    stdout = io.BytesIO()
    serve(io.BytesIO(b"".join(line + b"\n" for line in lines)), stdout)
    replies = stdout.getvalue().split(b"\n")
    assert replies[-1] == b"" and len(replies) == len(lines) + 1
    assert all(isinstance(json.loads(r)["ok"], bool) for r in replies[:-1])
    TALLY["loop lines"] += len(lines)
    report("engine loop lines", {"sent": TALLY["loop lines"], "crashes": 0})
