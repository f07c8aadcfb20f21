"""Engine protocol v2 in-process (bazaar.interop.engine_v2, docs/engine.md "Version 2"):
every command, its errors (state unchanged), protocol 1 untouched, and hidden information by
invariance (a determinization for the asking seat changes nothing it is served)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bazaar.core.record import Match
from bazaar.core.rng import Rng
from bazaar.interop.engine import Engine
from bazaar.interop.engine_v2 import BOT_LEVELS, COMMANDS_V2, search_seed
from tests.fuzz import fuzz_settings

ROOT = Path(__file__).resolve().parents[2]
BLSH, TS, NM = "buy-low-sell-high", "take-stock", "night-market"
#: a search of a few playouts, so bots and hints answer in milliseconds
TINY = {"iterations": 4}
#: a hint's or an analysis's samples of the hidden cards
FEW = {"samples": 4}


def v2() -> Engine:
    engine = Engine()
    assert engine.handle('{"cmd": "hello", "protocol": 2}')["protocol"] == 2
    return engine


def ask(engine: Engine, **request: Any) -> dict[str, Any]:
    return engine.handle(json.dumps(request))


def started(game: str = BLSH, players: int = 3, seed: int = 42, **fields: Any) -> Engine:
    engine = v2()
    reply = ask(engine, cmd="new", game=game, players=players, seed=seed, **fields)
    assert reply["ok"], reply
    return engine


def advance(engine: Engine, moves: int) -> None:
    """Play ``moves`` moves by the heuristic bot (or until the game ends)."""
    for _ in range(moves):
        reply = ask(engine, cmd="bot", level="heuristic", play=True)
        assert reply["ok"], reply
        if reply["over"]:
            return


def snapshot(engine: Engine) -> tuple[str, str]:
    return (
        json.dumps(ask(engine, cmd="record"), sort_keys=True),
        json.dumps(ask(engine, cmd="view"), sort_keys=True),
    )


# ---------------------------------------------------------------------- choosing the version
V1_SCRIPT = [
    {"cmd": "help"},
    {"cmd": "new", "game": BLSH, "players": 3, "seed": 42, "seats": ["Ann", "", "Bo"]},
    {"cmd": "legal"},
    {"cmd": "play", "action": "+K1", "lang": "en"},
    {"cmd": "play", "action": "pass"},
    {"cmd": "play", "action": 51, "seat": 1},
    {"cmd": "log", "seat": 2, "lang": "zh-TW"},
    {"cmd": "bot"},
    {"cmd": "undo"},
    {"cmd": "result"},
]


def test_protocol_1_replies_are_unchanged_before_and_after_a_switch_back() -> None:
    plain, switched = Engine(), Engine()
    assert ask(switched, cmd="hello", protocol=2)["ok"]
    assert ask(switched, cmd="hello", protocol=1) == {
        "ok": True,
        "engine": "bazaar",
        "version": ask(plain, cmd="help")["version"],
        "protocol": 1,
        "protocols": [1, 2],
    }
    for request in V1_SCRIPT:
        line = json.dumps(request)
        assert plain.handle_json(line) == switched.handle_json(line)
    help_v1 = ask(Engine(), cmd="help")
    assert help_v1["protocol"] == 1 and "hello" not in help_v1["commands"]
    assert "bot" not in help_v1["commands"]  # v1 has no bots: the session must say hello
    assert ask(Engine(), cmd="bot")["code"] == "unknown-command"


def test_hello_errors_keep_the_session_as_it_was() -> None:
    engine = Engine()
    missing = ask(engine, cmd="hello")
    assert missing == {
        "ok": False,
        "error": "missing field 'protocol' (the protocol version to speak: 1, 2)",
        "code": "field",
    }
    bad = ask(engine, cmd="hello", protocol=3, id=5)
    assert bad == {
        "ok": False,
        "id": 5,
        "error": "field 'protocol' is 3, but this engine speaks protocol 1, 2",
        "code": "protocol",
    }
    assert engine.protocol == 1
    again = v2()
    assert ask(again, cmd="hello", protocol="2")["field"] == "protocol"
    assert again.protocol == 2


def test_help_lists_every_v2_command() -> None:
    reply = ask(v2(), cmd="help")
    assert reply["protocol"] == 2 and reply["protocols"] == [1, 2]
    assert reply["games"] == [BLSH, TS, NM]
    assert list(reply["commands"]) == list(COMMANDS_V2)
    assert reply["commands"]["bot"]["fields"] == [
        "level",
        "seed",
        "iterations",
        "millis",
        "play",
        "seat",
        "lang",
    ]


def test_games_have_labels_in_both_languages_and_the_bot_levels() -> None:
    reply = ask(v2(), cmd="games")
    games = {g["id"]: g for g in reply["games"]}
    assert list(games) == [BLSH, TS, NM]
    assert games[BLSH]["name"] == {"en": "Buy Low Sell High", "zh-TW": "傻瓜炒股"}
    first = games[BLSH]["options"][0]
    assert first["name"] == "first_lap_limits" and first["choices"] == ["exact", "at_most"]
    assert first["label"] == {"en": "Year 1 first-lap limits", "zh-TW": "第1年首輪限制"}
    assert first["choice_labels"]["en"] == ["exactly, no pass", "at most"]
    assert all(set(o["label"]) == {"en", "zh-TW"} for g in games.values() for o in g["options"])
    levels = reply["levels"]
    assert [lv["level"] for lv in levels] == list(BOT_LEVELS)
    assert [lv["search"] for lv in levels] == [False, False, True, True, True]
    assert levels[4]["name"] == {"en": "Hard bot", "zh-TW": levels[4]["name"]["zh-TW"]}
    assert all(lv["name"]["zh-TW"] != lv["name"]["en"] for lv in levels)


# ---------------------------------------------------------------------- games and moves
def test_new_reports_the_game_names_and_moves() -> None:
    engine = v2()
    reply = ask(engine, cmd="new", game=BLSH, players=3, seed=42, names=[" Ann ", "", "小明"])
    assert reply["names"] == ["Ann", "", "小明"] and reply["seed"] == 42
    assert reply["options"]["first_lap_limits"] == "exact" and reply["to_move"] == 0
    assert reply["legal"][:2] == [
        {"index": 0, "action": 4, "notation": "-K0"},
        {"index": 1, "action": 10, "notation": "-K1"},
    ]
    assert ask(engine, cmd="record")["record"]["seats"] == ["Ann", "", "小明"]


@pytest.mark.parametrize(
    ("fields", "code", "field", "error"),
    [
        ({}, "field", "game", "missing field 'game' (a game id: "),
        ({"game": "chess"}, "unknown-game", "game", "unknown game 'chess'"),
        ({"game": BLSH}, "field", "players", "missing field 'players' (the number of players"),
        ({"game": BLSH, "players": 5}, "field", "players", "field 'players' is 5, but it must"),
        ({"game": BLSH, "players": 2, "seed": 2**64}, "field", "seed", "field 'seed' must be"),
        ({"game": BLSH, "players": 2, "options": {"x": 1}}, "options", "options", ""),
        ({"game": BLSH, "players": 2, "names": ["a"]}, "field", "names", "field 'names' names 1"),
        (
            {"game": BLSH, "players": 2, "names": ["a", "b\u202e"]},
            "name",
            "names",
            "field 'names': seat 1: a name",
        ),
        ({"game": BLSH, "players": 2, "seats": []}, "field", "seats", "unknown field 'seats'"),
    ],
)
def test_new_errors_name_the_field_and_keep_the_game(
    fields: dict[str, Any], code: str, field: str, error: str
) -> None:
    engine = started()
    before = snapshot(engine)
    reply = ask(engine, cmd="new", **fields)
    assert reply["ok"] is False and reply["code"] == code and reply["field"] == field, reply
    assert reply["error"].startswith(error), reply
    assert snapshot(engine) == before


def test_legal_moves_in_words_in_both_languages() -> None:
    engine = started()
    en = ask(engine, cmd="legal", lang="en")
    assert en["to_move"] == 0
    assert en["legal"][3] == {
        "index": 3,
        "action": 13,
        "notation": "+K2",
        "text": "buy 1 purple: pay $16 → $34",
    }
    zh = ask(engine, cmd="legal", lang="zh-TW", seat=0)
    assert zh["legal"][3]["text"] == "買進1張紫色股票：付 $16 → $34"
    assert ask(engine, cmd="legal", seat=1) == {"ok": True, "to_move": 0, "legal": []}


def test_play_by_index_action_or_notation_is_the_same() -> None:
    engines = [started(NM, 3, seed=s) for s in (5, 5, 5)]
    for _ in range(12):
        legal = ask(engines[0], cmd="legal")["legal"]
        move = legal[len(legal) // 2]
        replies = [
            ask(engines[0], cmd="play", index=move["index"]),
            ask(engines[1], cmd="play", action=move["action"]),
            ask(engines[2], cmd="play", notation=move["notation"].lower()),
        ]
        assert replies[0] == replies[1] == replies[2]
        assert replies[0]["move"] == move and replies[0]["ok"]
    assert snapshot(engines[0]) == snapshot(engines[2])


def test_play_reply_as_the_mover_sees_it() -> None:
    engine = started()
    ask(engine, cmd="play", notation="+K1")
    reply = ask(engine, cmd="play", notation="play K2+3", seat=0, lang="en")
    assert reply["move"] == {
        "index": 1,
        "action": 51,
        "notation": "play K2+3",
        "text": "play purple bull +3: purple price +3 at year end",
    }
    kinds = [(e["kind"], e["to"]) for e in reply["events"]]
    assert kinds == [("play", None), ("draw", None), ("drew", 0)]
    assert reply["events"][2]["text"] == "Seat 1 drew green bear -3"
    assert reply["to_move"] == 1 and reply["legal"] == [] and reply["over"] is False


@pytest.mark.parametrize(
    ("fields", "code", "field", "rule"),
    [
        ({}, "field", "index", None),
        ({"index": 6}, "field", "index", None),
        ({"index": -1}, "field", "index", None),
        ({"index": "0"}, "field", "index", None),
        ({"index": 0, "notation": "+K0"}, "field", "notation", None),
        ({"action": 3}, "illegal", "action", "first-lap"),
        ({"action": 9999}, "illegal", "action", "encoding"),
        ({"action": "+K0"}, "field", "action", None),
        ({"action": True}, "field", "action", None),
        ({"notation": "pass"}, "illegal", "notation", "first-lap"),
        ({"notation": "fly K9"}, "illegal", "notation", "notation"),
        ({"notation": 4}, "field", "notation", None),
        ({"index": 0, "seat": 1}, "turn", "seat", None),
        ({"index": 0, "seat": 3}, "field", "seat", None),
        ({"index": 0, "seat": None}, "field", "seat", None),
        ({"index": 0, "lang": "fr"}, "field", "lang", None),
        ({"index": 0, "what": 1}, "field", "what", None),
    ],
)
def test_play_errors_name_the_field_and_change_nothing(
    fields: dict[str, Any], code: str, field: str, rule: str | None
) -> None:
    engine = started()
    before = snapshot(engine)
    reply = ask(engine, cmd="play", **fields)
    assert reply["ok"] is False and reply["code"] == code and reply["field"] == field, reply
    assert reply.get("rule") == rule
    assert f"'{field}'" in reply["error"] or rule is not None
    assert snapshot(engine) == before


def test_check_validates_without_playing() -> None:
    engine = started()
    before = snapshot(engine)
    reply = ask(engine, cmd="check", notation=" +k0 ", seat=0)
    assert reply == {
        "ok": True,
        "move": {"index": 5, "action": 21, "notation": "+K0"},
        "by": 0,
    }
    assert ask(engine, cmd="check", index=2, seat=2)["code"] == "turn"
    assert snapshot(engine) == before


def test_view_result_undo_record_load() -> None:
    engine = started(TS, 3, seed=3)
    advance(engine, 20)
    view0 = ask(engine, cmd="view", seat=0)["view"]
    assert view0["seat"] == 0 and "hands" not in view0
    public = ask(engine, cmd="view", seat=None)["view"]
    assert "hand" not in public and "hands" not in public
    assert "hands" in ask(engine, cmd="view")["view"]
    record = ask(engine, cmd="record")["record"]
    assert len(record["actions"]) == 20
    result = ask(engine, cmd="result")
    assert result["over"] is False and result["winners"] == [] and len(result["scores"]) == 3
    undone = ask(engine, cmd="undo", count=5)
    assert undone["undone"] == record["actions"][15:]
    assert ask(engine, cmd="record")["record"]["actions"] == record["actions"][:15]
    bad = ask(engine, cmd="undo", count=16)
    assert bad["code"] == "field" and bad["field"] == "count" and "from 1 to 15" in bad["error"]
    loaded = ask(engine, cmd="load", record=record)
    assert loaded["actions"] == 20 and loaded["game"] == TS and loaded["names"] == []
    assert ask(engine, cmd="view", seat=0)["view"] == view0
    broken = dict(record, actions=[*record["actions"], "fly"])
    before = snapshot(engine)
    reply = ask(engine, cmd="load", record=broken)
    assert reply["code"] == "record" and reply["field"] == "record"
    assert reply["error"].startswith("action 21 ('fly') does not replay")
    assert snapshot(engine) == before


def test_no_game_yet() -> None:
    for cmd in ("legal", "play", "view", "result", "undo", "record", "log", "bot", "hint"):
        reply = ask(v2(), cmd=cmd)
        assert reply["code"] == "no-game" and '"cmd": "new"' in reply["error"], (cmd, reply)


def test_log_redacts_another_seats_private_move() -> None:
    engine = started(NM, 3, seed=1)
    for _ in range(60):
        state = engine.match.state  # type: ignore[union-attr]
        private = [
            a for a in state.legal_actions() if state.public_notation(a) != state.notation(a)
        ]
        if private:
            break
        advance(engine, 1)
    assert private, "no private move in 60 moves"
    mover = state.to_move()
    other = (mover + 1) % 3
    reply = ask(engine, cmd="play", action=private[0])
    assert reply["move"]["notation"] == state.game.notation(private[0])
    last_mine = ask(engine, cmd="log", seat=mover)["log"][-1]
    last_theirs = ask(engine, cmd="log", seat=other)["log"][-1]
    assert last_mine["action"] == private[0] and last_mine["notation"] != "hide ?"
    assert last_theirs["action"] is None and last_theirs["notation"] == "hide ?"


# ---------------------------------------------------------------------- bots, hints, analysis
@pytest.mark.parametrize("level", BOT_LEVELS)
def test_bot_suggests_a_legal_move_at_every_level(level: str) -> None:
    engine = started(TS, 3, seed=8)
    advance(engine, 3)
    budget = TINY if level in ("easy", "medium", "hard") else {}
    before = snapshot(engine)
    first = ask(engine, cmd="bot", level=level, seed=4, lang="en", **budget)
    again = ask(engine, cmd="bot", level=level, seed=4, lang="en", **budget)
    assert first == again and first["level"] == level and first["by"] == 0
    legal = ask(engine, cmd="legal", lang="en")["legal"]
    assert first["move"] == legal[first["move"]["index"]]
    assert snapshot(engine) == before  # a suggestion plays nothing
    played = ask(engine, cmd="bot", level=level, seed=4, play=True, **budget)
    assert played["move"]["action"] == first["move"]["action"] and played["by"] == 0
    assert len(ask(engine, cmd="record")["record"]["actions"]) == 4


def test_the_bot_seed_and_move_number_make_the_choice() -> None:
    assert search_seed(0, 0) != search_seed(0, 1) != search_seed(1, 1)
    a, b = started(BLSH, 2, seed=1), started(BLSH, 2, seed=1)
    for _ in range(30):
        ra = ask(a, cmd="bot", level="random", seed=9, play=True)
        rb = ask(b, cmd="bot", level="random", seed=9, play=True)
        assert ra == rb
    assert snapshot(a) == snapshot(b)
    c = started(BLSH, 2, seed=1)
    moves = [ask(c, cmd="bot", level="random", seed=s)["move"]["action"] for s in range(8)]
    assert len(set(moves)) > 1


def test_bot_plays_another_seat_and_shows_only_what_the_asker_sees() -> None:
    engine = started(NM, 3, seed=1)
    for _ in range(60):
        state = engine.match.state  # type: ignore[union-attr]
        if any(state.public_notation(a) != state.notation(a) for a in state.legal_actions()):
            break
        advance(engine, 1)
    mover = state.to_move()
    asker = (mover + 1) % 3
    refused = ask(engine, cmd="bot", level="heuristic", seat=asker)
    assert refused["code"] == "turn" and refused["field"] == "seat"
    assert "would show its cards" in refused["error"]
    reply = ask(engine, cmd="bot", level="random", seed=3, seat=asker, play=True, lang="en")
    assert reply["by"] == mover and reply["move"]["index"] is None
    if reply["move"]["notation"] == "hide ?":
        assert reply["move"] == {"index": None, "action": None, "notation": "hide ?", "text": None}
    assert all(e["to"] in (None, asker) for e in reply["events"])


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"level": "ismcts"}, "level"),
        ({"level": 3}, "level"),
        ({"level": "random", "iterations": 5}, "iterations"),
        ({"level": "easy", "iterations": 0}, "iterations"),
        ({"level": "easy", "millis": -1}, "millis"),
        ({"level": "easy", "millis": "fast"}, "millis"),
        ({"play": "yes"}, "play"),
        ({"seed": 1.5}, "seed"),
    ],
)
def test_bot_errors_name_the_field(fields: dict[str, Any], field: str) -> None:
    engine = started()
    before = snapshot(engine)
    reply = ask(engine, cmd="bot", **fields)
    assert reply["ok"] is False and reply["code"] == "field" and reply["field"] == field, reply
    assert f"'{field}'" in reply["error"]
    assert snapshot(engine) == before


def test_hint_gives_the_best_moves_in_words() -> None:
    engine = started()
    reply = ask(engine, cmd="hint", level="easy", top=2, **FEW)
    assert reply["by"] == 0 and reply["level"] == "easy" and len(reply["hints"]) == 2
    best = reply["hints"][0]
    assert set(best) == {
        "action",
        "notation",
        "win",
        "win_low",
        "win_high",
        "margin",
        "score",
        "visits",
        "close",
        "move",
        "text",
        "changes",
        "why",
    }
    assert "why" not in reply["hints"][1]  # why the best move beats the next best
    assert set(best["why"]) == {"en", "zh-TW"}
    # the move in words alone, in English too (Buy Low Sell High's notation is for typing only)
    assert set(best["text"]) == {"en", "zh-TW"} and best["notation"] not in best["text"]["en"]
    assert best["visits"] > 0 and 0 <= best["win_low"] <= best["win"] <= best["win_high"] <= 1
    assert best["visits"] == 4
    assert reply == ask(engine, cmd="hint", level="easy", top=2, seat=0, **FEW)
    assert ask(engine, cmd="hint", seat=1, **FEW)["code"] == "turn"
    assert ask(engine, cmd="hint", samples=0)["field"] == "samples"
    # a search budget belongs to bots: a hint weighs moves by samples
    assert ask(engine, cmd="hint", **TINY)["field"] == "iterations"
    assert ask(engine, cmd="hint", level="heuristic")["field"] == "level"
    assert ask(engine, cmd="hint", top=0)["field"] == "top"


def test_analysis_of_a_finished_game_only() -> None:
    engine = started(BLSH, 2, seed=3)
    advance(engine, 5)
    early = ask(engine, cmd="analysis", seat=0, **FEW)
    assert early["code"] == "not-over" and "not over" in early["error"]
    advance(engine, 400)
    assert ask(engine, cmd="result")["over"] is True
    assert ask(engine, cmd="bot")["code"] == "game-over"
    assert ask(engine, cmd="hint")["code"] == "game-over"
    assert ask(engine, cmd="play", index=0)["rule"] == "game-over"
    assert ask(engine, cmd="analysis")["field"] == "seat"
    reply = ask(engine, cmd="analysis", seat=1, points=4, samples=4)
    analysis = reply["analysis"]
    assert reply["level"] == "easy" and analysis["seat"] == 1
    assert set(analysis) == {"seat", "curve", "turning_points", "decisions", "mistakes"}
    assert len(analysis["curve"]["moves"]) <= 6
    assert analysis["curve"]["win"][-1] == ask(engine, cmd="result")["returns"]
    assert analysis["decisions"] and {"played", "best", "loss"} <= set(analysis["decisions"][0])


# ---------------------------------------------------------------------- hidden information
def seat_requests(seat: int, mover: bool) -> list[dict[str, Any]]:
    """Every request that answers as ``seat`` (with the mover's bot and hint requests)."""
    requests: list[dict[str, Any]] = [
        {"cmd": "view", "seat": seat},
        {"cmd": "legal", "seat": seat, "lang": "en"},
        {"cmd": "legal", "seat": seat, "lang": "zh-TW"},
        {"cmd": "result"},
    ]
    if mover:
        requests.append({"cmd": "hint", "seat": seat, "level": "easy", "top": 2, **FEW})
        requests.append({"cmd": "check", "index": 0, "seat": seat})
        for level in ("random", "heuristic"):
            requests.append({"cmd": "bot", "seat": seat, "level": level, "seed": 2, "lang": "en"})
        requests.append({"cmd": "bot", "seat": seat, "level": "medium", "seed": 2, **TINY})
    return requests


@pytest.mark.parametrize(("game", "players", "moves"), [(BLSH, 3, 14), (TS, 4, 25), (NM, 3, 18)])
def test_a_seat_is_served_the_same_bytes_whatever_it_cannot_see(
    game: str, players: int, moves: int
) -> None:
    """Two games that differ only in what the seat cannot see (the others' hands, the pile
    order, the random generator: a determinization for the seat) answer it byte for byte
    alike, bots and hints included; the other seats' views do differ."""
    engine = started(game, players, seed=11)
    checked = 0
    for step in range(2):
        advance(engine, moves if step == 0 else 3)
        state = engine.match.state  # type: ignore[union-attr]
        mover = state.to_move()
        record = engine.match.record  # type: ignore[union-attr]
        assert mover is not None
        for seat in (mover, (mover + 1) % players):
            twins = []
            for k in (1, 2):
                twin = started(game, players, seed=11)
                twin.match = Match(
                    state.game, state.determinize(seat, Rng(k)), copy.deepcopy(record)
                )
                twins.append(twin)
            for request in seat_requests(seat, seat == mover):
                line = json.dumps(request)
                real = engine.handle_json(line)
                assert json.loads(real)["ok"], real
                assert [t.handle_json(line) for t in twins] == [real, real], request
                checked += 1
            others = [q for q in range(players) if q != seat]
            views = {
                json.dumps([t.match.state.view(q) for q in others])  # type: ignore[union-attr]
                for t in [engine, *twins]
            }
            assert len(views) > 1  # the twins really differ in what the seat cannot see
    assert checked >= 20


# ---------------------------------------------------------------------- the documented session
def doc_session() -> list[tuple[str, str]]:
    """The (request, reply) lines of docs/engine.md's version 2 example session."""
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- v2 session -->\n```text\n(.*?)```", text, re.S)
    assert block, "docs/engine.md has no version 2 example session"
    lines = block.group(1).splitlines()
    pairs = []
    for request, reply in zip(lines[::2], lines[1::2], strict=True):
        assert request.startswith("> ") and reply.startswith("< "), (request, reply)
        pairs.append((request[2:], reply[2:]))
    return pairs


def test_the_documented_example_session_replays_exactly() -> None:
    pairs = doc_session()
    assert len(pairs) >= 12
    commands = {json.loads(request)["cmd"] for request, _ in pairs}
    assert {"hello", "new", "legal", "play", "bot", "hint", "view", "undo", "result"} <= commands
    engine = Engine()
    for request, reply in pairs:
        assert engine.handle_json(request) == reply, request


def test_another_seats_hand_changes_nothing_the_seat_is_served() -> None:
    """Buy Low Sell High with four seats: swapping the hands of two other seats (same sizes,
    same pile) leaves the mover's replies byte-identical, its own move's reply included."""
    engine = started(BLSH, 4, seed=3)
    advance(engine, 6)
    state = engine.match.state  # type: ignore[union-attr]
    record = engine.match.record  # type: ignore[union-attr]
    mover = state.to_move()
    assert mover is not None
    a, b = [q for q in range(4) if q != mover][:2]
    full = state.full_view()
    assert full["hands"][a] != full["hands"][b] and full["hand_sizes"][a] == full["hand_sizes"][b]
    full["hands"][a], full["hands"][b] = full["hands"][b], full["hands"][a]
    twin = started(BLSH, 4, seed=3)
    twin.match = Match(state.game, state.game.restore(full), copy.deepcopy(record))
    requests = [
        *seat_requests(mover, True),
        {"cmd": "play", "index": 0, "seat": mover, "lang": "en"},
        {"cmd": "view", "seat": mover},
        {"cmd": "legal", "seat": mover},
    ]
    for request in requests:
        line = json.dumps(request)
        assert engine.handle_json(line) == twin.handle_json(line), request
    assert ask(engine, cmd="view", seat=a) != ask(twin, cmd="view", seat=a)


# ---------------------------------------------------------------------- fuzzing
PLAUSIBLE = st.one_of(
    st.sampled_from([BLSH, TS, NM, *BOT_LEVELS, "en", "zh-TW", "pass", "+K0", "", None]),
    st.integers(-3, 12),
    st.integers(),
    st.booleans(),
    st.lists(st.sampled_from(["Ann", "  ", "Bo\u202e", ""]), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(0, 3), max_size=2),
)


@st.composite
def v2_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A v2 request with random values for some of its fields (searches kept tiny)."""
    cmd = draw(st.sampled_from(sorted(set(COMMANDS_V2) - {"quit", "hello"})))
    names = draw(st.lists(st.sampled_from([*COMMANDS_V2[cmd][0], "id", "bogus"]), max_size=4))
    request = {"cmd": cmd, **{name: draw(PLAUSIBLE) for name in names}}
    if cmd in ("bot", "hint", "analysis"):
        request["iterations"] = 2  # whatever else was drawn, the search stays tiny
    return request


@fuzz_settings(25)
@given(requests=st.lists(v2_requests(), min_size=1, max_size=6))
def test_fuzzed_v2_requests_get_one_reply_and_errors_change_nothing(
    requests: list[dict[str, Any]],
) -> None:
    engine = started(NM, 3, seed=5)
    ask(engine, cmd="play", index=0)
    for request in requests:
        before = snapshot(engine)
        reply = json.loads(engine.handle_json(json.dumps(request)))
        assert isinstance(reply["ok"], bool)
        if not reply["ok"]:
            assert reply["code"] != "internal", (request, reply)
            assert isinstance(reply["error"], str) and reply["error"]
            assert snapshot(engine) == before, request


def test_two_private_moves_look_the_same_to_the_other_seats() -> None:
    """Night Market: two different hidden customers (``hide ?`` to the others) leave every
    reply to another seat byte-identical: log, view, legal, and its bot and hint if it moves
    next."""
    engines = [started(NM, 3, seed=2), started(NM, 3, seed=2)]
    for _ in range(60):
        state = engines[0].match.state  # type: ignore[union-attr]
        private = [a for a in state.legal_actions() if state.public_notation(a) == "hide ?"]
        if len(private) > 1:
            break
        for engine in engines:
            advance(engine, 1)
    assert len(private) > 1, "no choice of hidden customers in 60 moves"
    mover = state.to_move()
    for engine, action in zip(engines, private[:2], strict=True):
        assert ask(engine, cmd="play", action=action)["ok"]
    after = engines[0].match.state  # type: ignore[union-attr]
    for seat in (q for q in range(3) if q != mover):
        requests = [
            {"cmd": "log", "seat": seat, "lang": "en"},
            {"cmd": "view", "seat": seat},
            {"cmd": "legal", "seat": seat, "lang": "zh-TW"},
        ]
        if after.to_move() == seat:
            requests += [
                {"cmd": "bot", "seat": seat, "level": "heuristic"},
                {"cmd": "hint", "seat": seat, "level": "easy", **FEW},
            ]
        for request in requests:
            line = json.dumps(request)
            assert engines[0].handle_json(line) == engines[1].handle_json(line), request
    mine = [ask(engine, cmd="log", seat=mover)["log"][-1]["notation"] for engine in engines]
    assert mine[0] != mine[1]  # the mover still sees its own move
