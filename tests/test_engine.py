"""The JSON-lines engine protocol (bazaar.interop.engine, docs/engine.md).

Most tests drive a real subprocess through pipes, as a client in another language would;
the rest use the in-process :class:`Engine` for speed.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bazaar.interop.engine import COMMANDS, Engine, main

ROOT = Path(__file__).resolve().parents[1]
ENGINE_CMD = [sys.executable, "-c", "from bazaar.interop.engine import main; main()"]
BLSH = "buy-low-sell-high"


class EngineProcess:
    """An engine subprocess: send one line, read exactly one reply line."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            ENGINE_CMD,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )

    def raw(self, line: str | bytes) -> bytes:
        """Send one request line; return the raw reply line (with its newline)."""
        data = line.encode("utf-8") if isinstance(line, str) else line
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        assert reply.endswith(b"\n"), f"no reply line to {data!r} (got {reply!r})"
        assert reply.count(b"\n") == 1
        return reply

    def send(self, request: dict[str, Any] | str | bytes) -> dict[str, Any]:
        line = json.dumps(request) if isinstance(request, dict) else request
        reply = json.loads(self.raw(line))
        assert isinstance(reply, dict) and isinstance(reply["ok"], bool)
        return reply

    def close(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        rc = self.proc.wait(timeout=30)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        assert self.proc.stdout.read() == b""  # nothing but replies
        assert self.proc.stderr.read() == b""  # and no traceback
        self.proc.stdout.close()
        self.proc.stderr.close()
        return rc


@pytest.fixture
def engine_proc():
    proc = EngineProcess()
    yield proc
    if proc.proc.poll() is None:
        assert proc.close() == 0


def new_game(players: int = 3, seed: int = 7, **fields: Any) -> dict[str, Any]:
    return {"cmd": "new", "game": BLSH, "players": players, "seed": seed, **fields}


# ---------------------------------------------------------------------- subprocess tests
def test_games_lists_buy_low_sell_high_with_options(engine_proc: EngineProcess) -> None:
    reply = engine_proc.send({"cmd": "games"})
    assert reply["ok"] is True
    games = {g["id"]: g for g in reply["games"]}
    blsh = games[BLSH]
    assert blsh["min_players"] == 2 and blsh["max_players"] == 4
    assert blsh["name"]["en"] == "Buy Low Sell High"
    options = {o["name"]: o for o in blsh["options"]}
    assert options["first_lap_limits"]["default"] == "exact"
    assert options["first_lap_limits"]["choices"] == ["exact", "at_most"]
    assert all({"name", "default", "choices", "help"} <= set(o) for o in blsh["options"])


def play_random_game(proc: EngineProcess, rng: random.Random) -> int:
    """Play to the end choosing from 'legal'; return the number of actions played."""
    played = 0
    while True:
        legal = proc.send({"cmd": "legal"})
        assert legal["ok"] and len(legal["actions"]) == len(legal["numbers"])
        if legal["to_move"] is None:
            assert legal["actions"] == []
            return played
        # notation and action numbers are both accepted
        if rng.random() < 0.5:
            action: str | int = rng.choice(legal["actions"])
        else:
            action = rng.choice(legal["numbers"])
        reply = proc.send({"cmd": "play", "action": action})
        assert reply["ok"], reply
        assert reply["by"] == legal["to_move"]
        assert reply["action"] in legal["actions"] and reply["number"] in legal["numbers"]
        assert all("kind" in e and "to" in e for e in reply["events"])
        played += 1
        assert played < 2000, "the game does not end"


def test_full_game_record_and_load_in_fresh_process(engine_proc: EngineProcess) -> None:
    start = engine_proc.send(new_game(players=3, seed=2024))
    assert start["ok"] and start["to_move"] == 0 and start["legal"]
    assert start["options"]["first_lap_limits"] == "exact"
    played = play_random_game(engine_proc, random.Random(11))
    result = engine_proc.send({"cmd": "result"})
    assert result["over"] is True
    assert result["winners"] and set(result["winners"]) <= {0, 1, 2}
    best = max(result["scores"])
    assert [s for s, v in enumerate(result["scores"]) if v == best] == result["winners"]

    record = engine_proc.send({"cmd": "record"})["record"]
    assert record["game"] == BLSH and record["seed"] == 2024 and len(record["actions"]) == played
    view_line = engine_proc.raw('{"cmd": "view"}')
    result_line = engine_proc.raw('{"cmd": "result"}')

    fresh = EngineProcess()
    try:
        loaded = fresh.send({"cmd": "load", "record": record})
        assert loaded["ok"] and loaded["actions"] == played and loaded["to_move"] is None
        assert fresh.raw('{"cmd": "view"}') == view_line
        assert fresh.raw('{"cmd": "result"}') == result_line
        assert fresh.send({"cmd": "record"})["record"] == record
    finally:
        assert fresh.close() == 0


def test_seat_view_shows_own_hand_only(engine_proc: EngineProcess) -> None:
    engine_proc.send(new_game(players=4, seed=3))
    full = engine_proc.send({"cmd": "view"})["view"]
    hands = full["hands"]
    assert len(hands) == 4 and all(len(h) == 5 for h in hands)
    for seat in range(4):
        view = engine_proc.send({"cmd": "view", "seat": seat})["view"]
        assert view["seat"] == seat and view["hand"] == hands[seat]
        assert "hands" not in view and "pile_order" not in view
        text = json.dumps(view)
        for other in range(4):
            if other != seat and sorted(hands[other]) != sorted(hands[seat]):
                assert view["hand"] != hands[other]
        assert '"rng"' not in text
    public = engine_proc.send({"cmd": "view", "seat": None})["view"]
    assert public["seat"] is None and "hand" not in public and "hands" not in public


# (request line, code, words the error must contain)
BAD_INPUTS: list[tuple[str | bytes, str, str]] = [
    ("not json at all", "json", "not JSON"),
    ("", "json", "empty line"),
    (b"\xff\xfe{}", "json", "UTF-8"),
    ('{"cmd": "help", "id": NaN}', "json", "NaN"),
    ("[" * 100_000, "json", "JSON"),
    ('["cmd", "games"]', "request", "JSON object"),
    ('"games"', "request", "JSON object"),
    ("{}", "request", "missing field 'cmd'"),
    ('{"action": "pass"}', "request", "missing field 'cmd'"),
    ('{"cmd": 5}', "field", "'cmd'"),
    ('{"cmd": "dance"}', "unknown-command", "dance"),
    ('{"cmd": "view", "seta": 1}', "field", "seta"),
    ('{"cmd": "new", "game": "chess", "players": 2}', "unknown-game", "chess"),
    ('{"cmd": "new", "game": 7, "players": 2}', "field", "'game'"),
    ('{"cmd": "new", "players": 2}', "field", "'game'"),
    ('{"cmd": "new", "game": "buy-low-sell-high"}', "field", "'players'"),
    ('{"cmd": "new", "game": "buy-low-sell-high", "players": 9}', "options", "2-4 players"),
    ('{"cmd": "new", "game": "buy-low-sell-high", "players": 1}', "options", "2-4 players"),
    ('{"cmd": "new", "game": "buy-low-sell-high", "players": "3"}', "field", "'players'"),
    ('{"cmd": "new", "game": "buy-low-sell-high", "players": true}', "field", "'players'"),
    ('{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "seed": "x"}', "field", "'seed'"),
    (
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, '
        '"options": {"first_lap_limits": "maybe"}}',
        "options",
        "first_lap_limits",
    ),
    (
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "options": {"turbo": true}}',
        "options",
        "turbo",
    ),
    (
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "options": [1]}',
        "field",
        "'options'",
    ),
    (
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "seats": ["a"]}',
        "field",
        "'seats'",
    ),
    ('{"cmd": "play", "action": "pass"}', "illegal", "first-lap"),
    ('{"cmd": "play", "action": "-2K0"}', "illegal", "first-lap"),
    ('{"cmd": "play", "action": "play K0+3"}', "illegal", "trading phase"),
    ('{"cmd": "play", "action": "fly K9"}', "illegal", "not a move"),
    ('{"cmd": "play", "action": "+K7"}', "illegal", "K7"),
    ('{"cmd": "play", "action": "+K0 +2K1"}', "illegal", "option B"),
    ('{"cmd": "play", "action": ""}', "illegal", "empty move"),
    ('{"cmd": "play", "action": 999}', "illegal", "999"),
    ('{"cmd": "play", "action": -1}', "illegal", "-1"),
    ('{"cmd": "play", "action": true}', "field", "'action'"),
    ('{"cmd": "play", "action": 21.0}', "field", "'action'"),
    ('{"cmd": "play"}', "field", "'action'"),
    ('{"cmd": "play", "action": "+K0", "seat": 9}', "field", "seats 0-2"),
    ('{"cmd": "play", "action": "+K0", "lang": "fr"}', "field", "'lang'"),
    ('{"cmd": "check", "action": "pass"}', "illegal", "first-lap"),
    ('{"cmd": "view", "seat": 3}', "field", "seats 0-2"),
    ('{"cmd": "view", "seat": -1}', "field", "seats 0-2"),
    ('{"cmd": "view", "seat": "1"}', "field", "'seat'"),
    ('{"cmd": "view", "seat": false}', "field", "'seat'"),
    ('{"cmd": "undo"}', "field", "'count'"),
    ('{"cmd": "undo", "count": 0}', "field", "'count'"),
    ('{"cmd": "log", "lang": 3}', "field", "'lang'"),
    ('{"cmd": "load"}', "field", "'record'"),
    ('{"cmd": "load", "record": [1, 2]}', "record", "object"),
    ('{"cmd": "load", "record": {"game": "buy-low-sell-high", "seed": 1}}', "record", "players"),
    (
        '{"cmd": "load", "record": {"game": "chess", "players": 2, "seed": 1}}',
        "record",
        "chess",
    ),
    (
        '{"cmd": "load", "record": {"game": "buy-low-sell-high", "players": 7, "seed": 1}}',
        "record",
        "2-4 players",
    ),
    (
        '{"cmd": "load", "record": {"game": "buy-low-sell-high", "players": 3, "seed": 1, '
        '"options": {"first_lap_limits": 1}}}',
        "record",
        "first_lap_limits",
    ),
    (
        '{"cmd": "load", "record": {"game": "buy-low-sell-high", "players": 3, "seed": 1, '
        '"actions": ["+K0", "pass"]}}',
        "record",
        "does not replay",
    ),
    (
        '{"cmd": "load", "record": {"game": "buy-low-sell-high", "players": 3, "seed": 1, '
        '"actions": [21]}}',
        "record",
        "actions",
    ),
]


@pytest.fixture(scope="module")
def shared_proc():
    """One engine process with a 3-player game at its start (bad inputs must not change it)."""
    proc = EngineProcess()
    assert proc.send(new_game(players=3, seed=7))["ok"]
    yield proc
    assert proc.close() == 0


@pytest.mark.parametrize(("line", "code", "words"), BAD_INPUTS)
def test_bad_input_is_an_error_and_changes_nothing(
    shared_proc: EngineProcess, line: str | bytes, code: str, words: str
) -> None:
    view_before = shared_proc.raw('{"cmd": "view"}')
    record_before = shared_proc.raw('{"cmd": "record"}')
    reply = shared_proc.send(line)
    assert reply["ok"] is False
    assert reply["code"] == code, reply
    message = reply["error"] + " " + reply.get("rule", "")
    assert words.lower() in message.lower(), reply
    assert len(reply["error"]) > 10
    assert ("rule" in reply) == (code == "illegal")
    assert shared_proc.raw('{"cmd": "view"}') == view_before
    assert shared_proc.raw('{"cmd": "record"}') == record_before


def test_bad_input_after_moves_changes_nothing(engine_proc: EngineProcess) -> None:
    engine_proc.send(new_game(players=2, seed=5))
    for _ in range(6):
        legal = engine_proc.send({"cmd": "legal"})
        assert engine_proc.send({"cmd": "play", "action": legal["actions"][-1]})["ok"]
    view_before = engine_proc.raw('{"cmd": "view"}')
    legal = engine_proc.send({"cmd": "legal"})["numbers"]
    illegal = next(a for a in range(105) if a not in legal)
    for bad in (
        {"cmd": "play", "action": illegal},
        {"cmd": "play", "action": "keep"},
        {"cmd": "play", "action": legal[0], "seat": 2},
        new_game(players=5),
        {"cmd": "load", "record": {"game": BLSH, "players": 2, "seed": 5, "actions": ["x"]}},
    ):
        reply = engine_proc.send(bad)
        assert reply["ok"] is False and reply["error"]
        assert engine_proc.raw('{"cmd": "view"}') == view_before


def test_requests_before_a_game_need_new_or_load(engine_proc: EngineProcess) -> None:
    for cmd in ("legal", "play", "check", "view", "result", "record", "undo", "log"):
        request: dict[str, Any] = {"cmd": cmd}
        if cmd in ("play", "check"):
            request["action"] = "pass"
        reply = engine_proc.send(request)
        assert reply["ok"] is False and reply["code"] == "no-game", reply
        assert '"cmd": "new"' in reply["error"]
    assert engine_proc.send({"cmd": "games"})["ok"]
    assert engine_proc.send({"cmd": "help"})["protocol"] == 1


def test_id_is_echoed(engine_proc: EngineProcess) -> None:
    for ident in (1, "abc", {"n": [1, 2]}, None, 2.5):
        ok = engine_proc.send({"cmd": "games", "id": ident})
        assert ok["ok"] and ok["id"] == ident and "id" in ok
        bad = engine_proc.send({"cmd": "nope", "id": ident})
        assert not bad["ok"] and bad["id"] == ident
        nogame = engine_proc.send({"cmd": "legal", "id": ident})
        assert nogame["id"] == ident
    assert "id" not in engine_proc.send({"cmd": "games"})
    assert "id" not in engine_proc.send("garbage")
    assert list(engine_proc.send({"id": 9, "cmd": "help"}))[:2] == ["ok", "id"]


def test_one_reply_per_line_in_order() -> None:
    lines = [
        '{"cmd": "help", "id": 0}',
        "oops",
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 2, "id": 2}',
        "",
        '{"cmd": "legal", "id": 4}',
        "[]",
        '{"cmd": "play", "action": "+K1", "id": 6}',
        '{"cmd": "result", "id": 7}',
    ]
    proc = subprocess.run(
        ENGINE_CMD,
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=20,
        check=True,
    )
    assert proc.stderr == ""
    out = proc.stdout.split("\n")
    assert out[-1] == "" and len(out) == len(lines) + 1
    replies = [json.loads(line) for line in out[:-1]]
    assert [r["ok"] for r in replies] == [True, False, True, False, True, False, True, True]
    for i, reply in enumerate(replies):
        if i % 2 == 0 or i == 7:
            assert reply["id"] == i
    assert replies[6]["action"] == "+K1"


def test_quit_ends_the_process(engine_proc: EngineProcess) -> None:
    assert engine_proc.send({"cmd": "quit", "id": "q"}) == {"ok": True, "id": "q", "bye": True}
    assert engine_proc.proc.wait(timeout=30) == 0


def test_utf8_in_and_out(engine_proc: EngineProcess) -> None:
    engine_proc.send(new_game(players=2, seats=["小明", "Zoë"]))
    reply = engine_proc.send({"cmd": "play", "action": "+K0", "lang": "zh-TW", "id": "買"})
    assert reply["id"] == "買" and "買進" in reply["events"][0]["text"]
    assert engine_proc.send({"cmd": "record"})["record"]["seats"] == ["小明", "Zoë"]


# ---------------------------------------------------------------------- in-process tests
def ask(engine: Engine, **request: Any) -> dict[str, Any]:
    return engine.handle(json.dumps(request))


def started(players: int = 3, seed: int = 7, **fields: Any) -> Engine:
    engine = Engine()
    assert engine.handle(json.dumps(new_game(players, seed, **fields)))["ok"]
    return engine


def play_until(engine: Engine, rng: random.Random, want: str) -> dict[str, Any]:
    """Play random legal actions until a reply holds an event of kind ``want``."""
    for _ in range(500):
        legal = ask(engine, cmd="legal")
        reply = ask(engine, cmd="play", action=rng.choice(legal["actions"]))
        assert reply["ok"], reply
        if any(e["kind"] == want for e in reply["events"]):
            return reply
    raise AssertionError(f"no {want!r} event")


def test_help_lists_every_command() -> None:
    reply = ask(Engine(), cmd="help")
    assert reply["ok"] and reply["protocol"] == 1 and BLSH in reply["games"]
    assert set(reply["commands"]) == set(COMMANDS)
    assert {"games", "new", "legal", "play", "view", "result", "record", "load"} <= set(COMMANDS)


def test_new_defaults_seed_0_and_default_options() -> None:
    engine = Engine()
    reply = ask(engine, cmd="new", game=BLSH, players=2)
    assert reply["ok"] and reply["seed"] == 0 and reply["to_move"] == 0
    assert reply["options"]["selloff_starts_with"] == "last_active"
    again = Engine()
    ask(again, cmd="new", game=BLSH, players=2, seed=0, options={})
    assert ask(engine, cmd="view") == ask(again, cmd="view")
    other = Engine()
    ask(other, cmd="new", game=BLSH, players=2, seed=1)
    assert ask(engine, cmd="view") != ask(other, cmd="view")


def test_options_change_the_rules() -> None:
    exact = started(options={"first_lap_limits": "exact"})
    loose = started(options={"first_lap_limits": "at_most"})
    assert "pass" not in ask(exact, cmd="legal")["actions"]
    assert "pass" in ask(loose, cmd="legal")["actions"]
    assert ask(loose, cmd="record")["record"]["options"]["first_lap_limits"] == "at_most"


def test_notation_and_number_play_the_same() -> None:
    by_text, by_number = started(), started()
    rng = random.Random(3)
    for _ in range(30):
        legal = ask(by_text, cmd="legal")
        i = rng.randrange(len(legal["actions"]))
        a = ask(by_text, cmd="play", action=legal["actions"][i])
        b = ask(by_number, cmd="play", action=legal["numbers"][i])
        assert a == b
    assert ask(by_text, cmd="view") == ask(by_number, cmd="view")


def test_notation_is_read_leniently_and_answered_canonically() -> None:
    engine = started()
    check = ask(engine, cmd="check", action="  +k0 ")
    assert check == {"ok": True, "action": "+K0", "number": check["number"], "by": 0}
    assert ask(engine, cmd="view")["view"]["money"] == [50, 50, 50]  # check plays nothing
    assert ask(engine, cmd="play", action="+k0")["action"] == "+K0"


def test_play_events_all_by_default_or_filtered_by_seat() -> None:
    engine = started(players=3, seed=1)
    reply = play_until(engine, random.Random(5), "drew")
    drew = [e for e in reply["events"] if e["kind"] == "drew"]
    assert drew and all(e["to"] == e["seat"] for e in drew)
    seat = drew[0]["seat"]
    # replay the same move with a seat filter on an identical engine
    record = ask(engine, cmd="record")["record"]
    last = record["actions"].pop()
    for flt, allowed in ((seat, {None, seat}), ((seat + 1) % 3, {None, (seat + 1) % 3})):
        twin = Engine()
        assert ask(twin, cmd="load", record=record)["ok"]
        filtered = ask(twin, cmd="play", action=last, seat=flt)
        assert {e["to"] for e in filtered["events"]} <= allowed
        assert filtered["events"] == [e for e in reply["events"] if e["to"] in allowed]
    twin = Engine()
    ask(twin, cmd="load", record=record)
    public = ask(twin, cmd="play", action=last, seat=None)
    assert public["events"] == [e for e in reply["events"] if e["to"] is None]


def test_lang_adds_event_sentences() -> None:
    engine = started()
    en = ask(engine, cmd="play", action="+K2", lang="en")
    # sentences count seats from 1 and name stocks by colour; the data stays 0-based
    assert en["events"][0]["text"] == "Seat 1 buys 1 purple (paid $16)"
    assert en["events"][0]["seat"] == 0
    log = ask(engine, cmd="log", lang="zh-TW")["log"]
    assert log[0]["action"] == "+K2" and log[0]["by"] == 0
    assert "買進" in log[0]["events"][0]["text"]
    plain = ask(engine, cmd="log")["log"]
    assert "text" not in plain[0]["events"][0]


def test_log_matches_the_play_replies() -> None:
    engine = started(players=2, seed=9)
    rng = random.Random(1)
    replies = []
    for _ in range(40):
        legal = ask(engine, cmd="legal")
        replies.append(ask(engine, cmd="play", action=rng.choice(legal["actions"]), seat=1))
    log = ask(engine, cmd="log", seat=1)["log"]
    assert [entry["events"] for entry in log] == [r["events"] for r in replies]
    assert [entry["by"] for entry in log] == [r["by"] for r in replies]
    assert [entry["n"] for entry in log] == list(range(1, 41))


def test_undo_restores_the_earlier_state() -> None:
    engine = started(players=4, seed=12)
    rng = random.Random(2)
    views = [ask(engine, cmd="view")]
    played = []
    for _ in range(25):
        legal = ask(engine, cmd="legal")
        played.append(ask(engine, cmd="play", action=rng.choice(legal["actions"]))["action"])
        views.append(ask(engine, cmd="view"))
    undone = ask(engine, cmd="undo")
    assert undone["undone"] == played[-1:]
    assert ask(engine, cmd="view") == views[-2]
    undone = ask(engine, cmd="undo", count=10)
    assert undone["undone"] == played[-11:-1]
    assert ask(engine, cmd="view") == views[14]
    assert ask(engine, cmd="record")["record"]["actions"] == played[:14]
    bad = ask(engine, cmd="undo", count=15)
    assert not bad["ok"] and "14" in bad["error"]


def test_game_over_rejects_further_play() -> None:
    engine = started(players=2, seed=4)
    rng = random.Random(4)
    while True:
        legal = ask(engine, cmd="legal")
        if legal["to_move"] is None:
            break
        reply = ask(engine, cmd="play", action=rng.choice(legal["actions"]))
    assert reply["over"] is True and reply["to_move"] is None and reply["legal"] == []
    assert any(e["kind"] == "game_over" for e in reply["events"])
    late = ask(engine, cmd="play", action="pass")
    assert late["ok"] is False and late["rule"] == "game-over"


def test_load_replaces_the_game_and_reports_it() -> None:
    first = started(players=2, seed=5)
    ask(first, cmd="play", action="+K0")
    record = ask(first, cmd="record")["record"]
    engine = started(players=4, seed=1)
    loaded = ask(engine, cmd="load", record=record)
    assert loaded["ok"] and loaded["players"] == 2 and loaded["actions"] == 1
    assert ask(engine, cmd="view") == ask(first, cmd="view")


def test_unexpected_error_is_a_reply_and_the_game_is_restored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = started(players=3, seed=8)
    ask(engine, cmd="play", action="+K0")
    before = ask(engine, cmd="view")
    state = engine.match.state  # type: ignore[union-attr]
    real_apply = type(state)._apply

    def broken(self: Any, action: int, events: Any) -> None:
        real_apply(self, action, events)  # mutate, then fail
        raise RuntimeError("boom")

    monkeypatch.setattr(type(state), "_apply", broken)
    reply = ask(engine, cmd="play", action=ask(engine, cmd="legal")["actions"][0])
    monkeypatch.undo()
    assert reply["ok"] is False and reply["code"] == "internal" and "boom" in reply["error"]
    assert ask(engine, cmd="view") == before
    assert ask(engine, cmd="record")["record"]["actions"] == ["+K0"]


def test_main_with_given_streams_stops_at_quit() -> None:
    stdin = io.BytesIO(b'{"cmd": "games"}\n{"cmd": "quit"}\n{"cmd": "games"}\n')
    stdout = io.BytesIO()
    main(stdin, stdout)
    lines = stdout.getvalue().decode("utf-8").splitlines()
    assert len(lines) == 2
    assert json.loads(lines[1]) == {"ok": True, "bye": True}
    assert stdin.read() == b'{"cmd": "games"}\n'  # nothing read after quit
