"""A fourth game that lives only under tests/ (tests/fourth_game: Hidden Nines), registered
by its parts and played through every generic layer: the terminal loop, the engine protocol,
ISMCTS and the web server (its API, its WebSocket and a bot in its worker process)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from starlette.testclient import TestClient

from bazaar.bots.heuristics import HeuristicBot, heuristic_for
from bazaar.bots.ismcts import Ismcts
from bazaar.bots.levels import HeuristicRollout, LevelBot, make_ismcts
from bazaar.core.errors import UnknownGame
from bazaar.core.record import Match
from bazaar.core.registry import game_ids, game_parts, get_game, register, unregister
from bazaar.interop.engine import Engine
from bazaar.play import render
from bazaar.play.terminal import TerminalGame
from tests.fourth_game import PARTS
from tests.fourth_game.actions import PASS
from tests.fourth_game.bots import HighestCard
from tests.fourth_game.game import GAME, HiddenNinesState

ID = "hidden-nines"


@pytest.fixture(autouse=True)
def fourth_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Hidden Nines registered here, and for the processes this test starts."""
    register(PARTS)
    monkeypatch.setenv("BAZAAR_GAMES", "tests.fourth_game.register")
    yield
    unregister(ID)


def dealt(seed: int = 5) -> HiddenNinesState:
    state = GAME.new(2, seed)
    assert isinstance(state, HiddenNinesState)
    return state


# ---------------------------------------------------------------------- the registry
def test_the_game_is_registered_by_its_parts_only_while_the_fixture_runs() -> None:
    assert game_ids()[-1] == ID and get_game(ID) is GAME and game_parts(ID) is PARTS
    assert (PARTS.ranker, PARTS.package) == (None, None)  # parts it lacks are None
    unregister(ID)
    with pytest.raises(UnknownGame, match="unknown game 'hidden-nines'"):
        get_game(ID)
    assert render.renderer(ID) is None  # an unknown game renders as its raw view
    register(PARTS)


# ---------------------------------------------------------------------- the terminal loop
def test_a_person_plays_it_in_the_terminal_against_its_heuristic() -> None:
    state = dealt()
    low, high = state.hands[0]
    match = Match.new(GAME, 2, 5, None, ["you", "heuristic"])
    buf = io.StringIO()
    con = Console(file=buf, width=100, color_system=None, force_terminal=False)
    answers = iter(["draw", "b", f"play {high}", "pass", f"play {low}"])
    game = TerminalGame(
        match, ["you", "heuristic"], {1: HeuristicBot(0)}, "en", con, lambda prompt: next(answers)
    )
    assert game.run() is True
    out = buf.getvalue()
    assert (low, high, state.pile[-1]) == (5, 7, 9)
    for line in ("• you drew 9", "• Seat 2 played 8", "Winner: Seat 2 (Rule-based bot)"):
        assert line in out
    assert "Moves: play 7, draw, pass" in game.help_text()
    assert match.record.actions == [
        "draw",
        "play 8",
        "play 7",
        "play 4",
        "pass",
        "draw",
        "play 5",
        "play 1",
    ]
    assert match.state.scores() == [12.0, 13.0]


# ---------------------------------------------------------------------- the engine protocol
def test_the_engine_protocol_plays_it_and_hides_the_other_hand() -> None:
    engine = Engine()

    def ask(**request: object) -> dict[str, object]:
        return engine.handle(json.dumps(request))

    assert ID in ask(cmd="help")["games"]  # type: ignore[operator]
    started = ask(cmd="new", game=ID, players=2, seed=5)
    assert started["ok"] and started["to_move"] == 0
    state = dealt()
    assert ask(cmd="legal")["actions"] == [f"play {c}" for c in state.hands[0]] + ["draw", "pass"]
    drew = ask(cmd="play", action="draw", seat=1, lang="en")
    assert drew["events"] == [{"kind": "draw", "seat": 0, "to": None, "text": "Seat 1 drew a card"}]
    mine = ask(cmd="view", seat=0)["view"]
    theirs = ask(cmd="view", seat=1)["view"]
    assert mine["hand"] == sorted([*state.hands[0], state.pile[-1]])  # type: ignore[index]
    assert theirs["hand"] == state.hands[1]  # type: ignore[index]
    assert "hands" not in theirs  # type: ignore[operator]
    refused = ask(cmd="play", action="jump")
    assert refused["ok"] is False and "cannot read 'jump'" in str(refused["error"])


# ---------------------------------------------------------------------- ISMCTS
def test_ismcts_finds_the_best_last_move_through_the_parts() -> None:
    state = dealt()
    for _ in range(6):  # everybody passes until seat 0's last turn
        state.apply(PASS)
    assert state.to_move() == 0
    best = max(state.hands[0]) - 1
    assert Ismcts(iterations=200, seed=1).choose(state) == best
    assert LevelBot("medium", seed=2).search(state).rollout_depth == 20
    assert LevelBot({"iterations": 100, "rollout": "heuristic"}, seed=2).choose(state) == best


def test_the_levels_read_the_games_parts() -> None:
    assert make_ismcts("easy", ID).iterations == 30  # its own level override
    medium = make_ismcts("medium", ID)
    assert isinstance(medium.rollout, HeuristicRollout) and medium.ranker is None
    assert isinstance(heuristic_for(ID), HighestCard)
    state = dealt()
    assert HeuristicBot(0).choose(state) == max(state.hands[0]) - 1


# ---------------------------------------------------------------------- the web server
def test_the_web_server_serves_it_with_a_bot_in_its_worker(tmp_path: Path) -> None:
    from bazaar.web.app import create_app
    from tests.web.server import app_settings

    app = create_app(app_settings(tmp_path / "four.db", bot_delay=0.0))
    with TestClient(app) as client:
        games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        assert games[ID]["name"] == {"en": "Hidden Nines", "zh-TW": "Hidden Nines"}
        for path in (f"/games/{ID}/board.js", f"/api/games/{ID}/rules"):  # it has neither
            missing = client.get(path)
            assert missing.status_code == 404, path
            assert missing.json()["code"] == "not-found"
        body = {
            "game": ID,
            "players": 2,
            "seed": 5,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
        }
        created = client.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table = created.json()
        token = table["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
            first = ws.receive_json()
            assert first["type"] == "state" and first["to_move"] == 0
            assert [m["text"] for m in first["legal"]][-2:] == ["draw a card", "pass"]
            payload = first
            while not payload["over"]:
                if payload["to_move"] == 0 and payload["legal"]:
                    ws.send_json(
                        {
                            "type": "move",
                            "action": payload["legal"][0]["action"],
                            "seq": payload["seq"],
                        }
                    )
                payload = ws.receive_json()
                assert payload["type"] == "state", payload
    log = payload["log"]
    assert [e["notation"] for e in log] == [
        "play 5",
        "play 8",
        "play 7",
        "play 4",
        "draw",
        "draw",
        "play 9",
        "play 1",
    ]
    assert log[4]["lines"] == ["Seat 1 drew a card", "you drew 9"]  # seat 0 sees its card
    assert log[5]["lines"] == ["Seat 2 drew a card"]  # and not the bot's
    assert (payload["scores"], payload["winners"]) == ([21.0, 13.0], [0])


# ---------------------------------------------------------------------- nothing else to list
def test_every_list_of_games_is_derived_from_the_registry() -> None:
    """The game is its folder and one ``register`` call: the layers that list games find it
    through its parts, and the parts it lacks (files, guide, rulebook, OpenSpiel) are None."""
    from bazaar.bots.guide import game_guide
    from bazaar.bots.puzzles import puzzle_path
    from bazaar.core.rulebook import find_rulebook, games_with_rulebooks
    from bazaar.i18n_extract import catalog_sources

    assert ID in game_ids() and ID not in games_with_rulebooks()
    assert (game_guide(ID), puzzle_path(ID), find_rulebook(ID)) == (None, None, None)
    assert (PARTS.guide, PARTS.rulebook, PARTS.openspiel) == (None, None, None)
    assert all(ID not in s.name and "fourth_game" not in s.source for s in catalog_sources())
    assert len(catalog_sources()) == 3 + 2 * 3  # the program's three, two per built-in game
