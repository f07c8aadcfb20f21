"""Outside bots at a table (docs/web.md, "Outside bots at a table"): a bot seat may name an
outside agent only when the server's operator allows it (``bazaar serve
--allow-outside-bots``); then an engine program plays the seat through the bots' workers."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from bazaar.core.record import GameRecord
from bazaar.web.app import create_app
from tests.web.server import app_settings

PROGRAM = Path(__file__).parents[1] / "sim" / "engine_agent_prog.py"
ENGINE = "engine:" + shlex.join([sys.executable, str(PROGRAM), "--pick", "last"])
SWITCH = "bazaar serve --allow-outside-bots (BAZAAR_ALLOW_OUTSIDE_BOTS=1)"


def new_table(client: TestClient, bot: str, lang: str = "en", people: bool = True) -> Any:
    """A night-market table whose seat 0 is the bot ``bot``, seat 1 a random bot, and seat 2
    a person (or, without ``people``, another random bot)."""
    last = {"kind": "human"} if people else {"kind": "bot", "bot": "random"}
    seats = [{"kind": "bot", "bot": bot}, {"kind": "bot", "bot": "random"}, last]
    body = {"game": "night-market", "players": 3, "seats": seats}
    sent = {**body, "lang": lang, "seed": 4}
    return client.post("/api/tables", json=sent, params={"lang": lang})


def test_an_outside_bot_is_refused_unless_the_operator_allows_it(tmp_path: Path) -> None:
    app = create_app(app_settings(tmp_path / "off.db", rate_limit_tables=0))
    with TestClient(app) as client:
        for bot in (ENGINE, "tests.sim.outside_agents:LastLegal"):
            res = new_table(client, bot, "zh-TW")
            assert res.status_code == 422
            reply = res.json()
            assert (reply["code"], reply["rule"]) == ("bot", "outside-bot")
            assert reply["error"].startswith("seats[0].bot names an outside agent")
            assert SWITCH in reply["error"]
            assert SWITCH in reply["explain"] and reply["explain"] != reply["error"]
        assert new_table(client, "rando").status_code == 400  # a typo stays a typo
        assert client.get("/api/tables").json()["tables"] == []  # nothing was made


def test_an_allowed_engine_program_plays_its_seat(tmp_path: Path) -> None:
    settings = app_settings(
        tmp_path / "on.db", rate_limit_tables=0, bot_delay=0.0, allow_outside_bots=True
    )
    app = create_app(settings)
    with TestClient(app) as client:
        bad = new_table(client, "engine:no-such-program-here")
        assert bad.status_code == 422
        assert "the program 'no-such-program-here' is not found" in bad.json()["error"]
        res = new_table(client, ENGINE, people=False)
        assert res.status_code == 201, res.text
        table = res.json()
        deadline = time.monotonic() + 300  # a liveness bound for a loaded machine
        got = client.get(f"/api/tables/{table['id']}/record")
        while got.status_code == 409 and time.monotonic() < deadline:
            time.sleep(0.2)
            got = client.get(f"/api/tables/{table['id']}/record")
        assert got.status_code == 200, got.text
        record = got.json()
        assert record["seats"] == [ENGINE, "random", "random"]
    state = GameRecord.from_json({**record, "actions": []}).replay()
    checked = 0
    for text in record["actions"]:
        seat = state.to_move()
        legal = state.legal_actions()
        action = state.parse(text)
        if seat == 0 and len(legal) > 1:
            assert action == legal[-1]  # the program's rule: the last legal move
            checked += 1
        state.apply(action)
    assert state.is_over() and checked >= 10
