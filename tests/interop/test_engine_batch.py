"""Engine batches (``{"batch": [...]}``) and protocol 2's ``plays``: a batch answers each
request exactly as a line of its own would (the same view rules), ``plays`` plays a list of
moves at once and refuses a bad list whole, and both work through a real pipe."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bazaar.core.registry import get_game
from bazaar.interop.engine import MAX_BATCH, Engine
from tests.interop.test_engine_process import Pipe


def session(protocol: int, game: str = "take-stock", players: int = 3) -> Engine:
    engine = Engine()
    if protocol == 2:
        assert engine.handle('{"cmd": "hello", "protocol": 2}')["ok"]
    reply = engine.handle(json.dumps({"cmd": "new", "game": game, "players": players, "seed": 5}))
    assert reply["ok"]
    return engine


def mixed_requests(protocol: int) -> list[Any]:
    """Plays as the mover and as others, views and legal lists for each seat, errors."""
    move = {"action": 0} if protocol == 1 else {"index": 0}
    requests: list[Any] = []
    for turn in range(6):
        for seat in (0, 1, 2, None):
            requests.append({"cmd": "view", "seat": seat, "id": [turn, seat]})
            if seat is not None:
                requests.append({"cmd": "legal", **({"seat": seat} if protocol == 2 else {})})
        requests.append({"cmd": "play", **move, "seat": 1, "id": turn})  # may not be 1's turn
        requests.append({"cmd": "play", **move})
    requests += [{"cmd": "nope"}, 7, {"batch": []}, {"cmd": "record"}, {"cmd": "log", "seat": 2}]
    return requests


@pytest.mark.parametrize("protocol", [1, 2])
def test_a_batch_answers_each_request_as_its_own_line_would(protocol: int) -> None:
    lines, batched = session(protocol), session(protocol)
    requests = mixed_requests(protocol)
    one_by_one = [lines.handle(json.dumps(r)) for r in requests]
    reply = batched.handle(json.dumps({"batch": requests, "id": "b1"}))
    assert list(reply) == ["ok", "id", "replies"] and reply["id"] == "b1"
    replies = reply["replies"]
    # every view, legal list, play and error alike, but for the two items a line cannot hold
    assert replies[:-4] + replies[-2:] == one_by_one[:-4] + one_by_one[-2:]
    assert replies[-4] == {
        "ok": False,
        "error": "a batch item must be a request object, not a JSON number",
        "code": "request",
    }
    assert replies[-3] == {"ok": False, "error": "a batch may not hold a batch", "code": "request"}
    assert batched.handle('{"cmd": "record"}') == lines.handle('{"cmd": "record"}')


def test_a_batch_never_shows_a_seat_what_it_may_not_see() -> None:
    engine = session(2)
    mover = engine.handle('{"cmd": "legal"}')["to_move"]
    other = (mover + 1) % 3
    reply = engine.handle(
        json.dumps(
            {
                "batch": [
                    {"cmd": "legal", "seat": other},
                    {"cmd": "view", "seat": other},
                    {"cmd": "play", "index": 0, "seat": mover},
                    {"cmd": "play", "index": 0, "seat": mover},
                ]
            }
        )
    )
    legal, view, played, refused = reply["replies"]
    assert legal == {"ok": True, "to_move": mover, "legal": []}
    assert view["view"]["seat"] == other and "hands" not in view["view"]
    assert played["ok"] and played["by"] == mover
    next_mover = played["to_move"]
    assert next_mover != mover and played["legal"] == []  # the next mover's moves are its own
    assert refused["code"] == "turn" and refused["field"] == "seat"


def test_until_error_and_quit_end_a_batch_early() -> None:
    engine = session(2)
    plays = [{"cmd": "play", "pick": 3}, {"cmd": "play", "index": 999}, {"cmd": "play", "pick": 1}]
    reply = engine.handle(json.dumps({"batch": plays, "until_error": True}))
    assert [r["ok"] for r in reply["replies"]] == [True, False]
    assert reply["replies"][1]["field"] == "index"
    assert len(engine.handle('{"cmd": "record"}')["record"]["actions"]) == 1
    reply = engine.handle('{"batch": [{"cmd": "result"}, {"cmd": "quit"}, {"cmd": "result"}]}')
    assert [r.get("bye") for r in reply["replies"]] == [None, True] and not engine.running


BAD_BATCHES = [
    (
        '{"batch": []}',
        f"field 'batch' must be a list of 1-{MAX_BATCH} requests, not a list of 0",
        "batch",
    ),
    (
        '{"batch": {"cmd": "legal"}}',
        'field \'batch\' must be a list of 1-10000 requests, not {"cmd": "legal"}',
        "batch",
    ),
    (
        '{"batch": [{"cmd": "legal"}], "until_error": 1}',
        "field 'until_error' must be true or false, not 1",
        "until_error",
    ),
    (
        '{"batch": [{"cmd": "legal"}], "seat": 1}',
        "unknown field 'seat' for a batch (its fields: 'batch', 'id', 'until_error')",
        "seat",
    ),
]


@pytest.mark.parametrize(("line", "error", "field"), BAD_BATCHES)
def test_a_bad_batch_line_is_refused_naming_its_field(line: str, error: str, field: str) -> None:
    for protocol in (1, 2):
        engine = session(protocol)
        before = engine.handle('{"cmd": "record"}')
        reply = engine.handle(line)
        expected = {"ok": False, "error": error, "code": "field"}
        assert reply == (expected if protocol == 1 else {**expected, "field": field})
        assert engine.handle('{"cmd": "record"}') == before


# ---------------------------------------------------------------------- plays
def test_pick_plays_legal_move_n_modulo_their_count() -> None:
    engine = session(2)
    legal = engine.handle('{"cmd": "legal"}')["legal"]
    reply = engine.handle(json.dumps({"cmd": "check", "pick": 10**12 + 1}))
    assert reply["move"] == legal[(10**12 + 1) % len(legal)]
    reply = engine.handle('{"cmd": "play", "pick": -2}')
    assert reply["field"] == "pick" and reply["code"] == "field"


@pytest.mark.parametrize(
    ("game", "players"), [("buy-low-sell-high", 2), ("take-stock", 4), ("night-market", 3)]
)
def test_plays_is_the_same_game_as_one_play_per_line(game: str, players: int) -> None:
    rng = random.Random(players)
    picks = [rng.getrandbits(40) for _ in range(5000)]
    listed, single = session(2, game, players), session(2, game, players)
    reply = listed.handle(json.dumps({"cmd": "plays", "picks": picks}))
    assert reply["ok"] and reply["over"] is True and reply["to_move"] is None
    played = reply["played"]
    assert 20 < played < len(picks) == 5000 and len(reply["moves"]) == played
    for pick, move in zip(picks[:played], reply["moves"], strict=False):
        one = single.handle(json.dumps({"cmd": "play", "pick": pick}))
        assert one["move"] == move
    records = [e.handle('{"cmd": "record"}')["record"] for e in (listed, single)]
    assert records[0] == records[1] and len(records[0]["actions"]) == played
    again = get_game(game).new(players, 5)
    for move in reply["moves"]:
        again.apply(move["action"])
    assert again.is_over()


def test_a_bad_move_in_plays_refuses_the_whole_list() -> None:
    engine = session(2, "buy-low-sell-high", 2)
    first = engine.handle('{"cmd": "legal"}')["legal"][0]["action"]
    before = engine.handle('{"cmd": "record"}')
    reply = engine.handle(json.dumps({"cmd": "plays", "actions": [first, 104]}))
    assert reply["ok"] is False and reply["code"] == "illegal" and reply["field"] == "actions"
    assert reply["error"].startswith("move 1 of 'actions': ")
    mover = engine.handle('{"cmd": "legal"}')["to_move"]
    reply = engine.handle(json.dumps({"cmd": "plays", "picks": [0, 0], "seat": 1 - mover}))
    assert reply["code"] == "turn" and reply["error"] == (
        f"move 0 of 'picks' would be seat {mover}'s, but the request is seat {1 - mover}'s: "
        "a seat plays only its own moves"
    )
    cases = [
        ({}, "give exactly one of 'picks' (numbers n >= 0: legal move n modulo their count) "
             "and 'actions' (action numbers)"),
        ({"picks": [1], "actions": [1]}, None),
        ({"picks": []}, "field 'picks' must be a list of 1-100000 integers, not a list of 0"),
        ({"picks": [1, -1]}, "item 1 of 'picks' must be an integer (n >= 0), not -1"),
        ({"actions": ["pass"]},
         'item 0 of \'actions\' must be an integer (an action number), not "pass"'),
    ]  # fmt: skip
    for fields, error in cases:
        reply = engine.handle(json.dumps({"cmd": "plays", **fields}))
        assert reply["ok"] is False and reply["code"] == "field"
        assert error is None or reply["error"] == error
    assert engine.handle('{"cmd": "record"}') == before


def test_a_batch_and_plays_through_a_real_pipe() -> None:
    pipe = Pipe()
    pipe.ask(cmd="hello", protocol=2)
    pipe.ask(cmd="new", game="night-market", players=3, seed=2)
    reply = pipe.ask(batch=[{"cmd": "play", "pick": n} for n in range(40)], until_error=True)
    assert len(reply["replies"]) == 40 and all(r["ok"] for r in reply["replies"])
    reply = pipe.ask(cmd="plays", picks=list(range(100_000)))
    assert reply["over"] is True and 40 + reply["played"] == len(
        pipe.ask(cmd="record")["record"]["actions"]
    )
    pipe.finish()
