"""The engine reply shapes (bazaar/interop/shapes.py) match what a protocol 2 session
answers: the game, legal moves, played moves (by the referee and by the mover), whose turn
it is, the result and the command list, validated strictly."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bazaar.core.shapes import GameInfo, validate
from bazaar.interop import shapes as engine
from bazaar.interop.engine import Engine


def ask(session: Engine, **request: Any) -> dict[str, Any]:
    reply = session.handle(json.dumps(request))
    assert reply["ok"], reply
    return reply


def parts(reply: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {key: reply[key] for key in keys}


@pytest.mark.parametrize("game_id", ["buy-low-sell-high", "take-stock", "night-market"])
def test_protocol_2_replies_have_their_shapes(game_id: str) -> None:
    session = Engine()
    ask(session, cmd="hello", protocol=2)
    for info in ask(session, cmd="games")["games"]:
        validate(GameInfo, info)
    for command in ask(session, cmd="help")["commands"].values():
        validate(engine.CommandHelp, command)
    new = ask(session, cmd="new", game=game_id, players=3, seed=2)
    validate(engine.EngineAbout, parts(new, *engine.EngineAbout.__annotations__))
    r = random.Random(game_id)
    for step in range(60):
        lang = "zh-TW" if step % 2 else None
        turn = ask(session, cmd="legal", **({"lang": lang} if lang else {}))
        validate(engine.EngineTurn, parts(turn, "to_move", "legal"))
        if turn["to_move"] is None:
            break
        move = r.choice(turn["legal"])
        request = {"cmd": "play", "action": move["action"], "lang": "en"}
        played = ask(session, **request, **({"seat": turn["to_move"]} if step % 3 else {}))
        validate(engine.PlayedMove, played["move"])
        validate(engine.EngineTurn, parts(played, "to_move", "legal"))
    result = ask(session, cmd="result")
    validate(engine.EngineResult, parts(result, "over", "scores", "winners", "returns"))
