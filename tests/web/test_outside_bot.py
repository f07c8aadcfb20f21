"""Your own bot at a web table: ``examples/web_bot.py`` plays whole games against the real
server (docs/web.md, "Your own bot at a web table"), and a wrong seat token is refused."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from bazaar.core.registry import get_game
from tests.web.server import Server

CLIENT = Path(__file__).resolve().parents[2] / "examples" / "web_bot.py"
TOKEN_REFUSED = "this seat token does not belong to any seat of the table"


def start_client(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(CLIENT), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(client: subprocess.Popen[str]) -> tuple[int, list[str], str]:
    """(exit status, stdout lines, stderr) of a client, once it has ended (killed after 60 s)."""
    try:
        out, err = client.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        client.kill()
        out, err = client.communicate()
        pytest.fail(f"the client did not finish within 60 s: {out[-500:]} {err[-500:]}")
    return client.returncode, out.splitlines(), err


def new_table(server: Server, game: str, seed: int, seats: list[str]) -> dict[str, Any]:
    """A table with ``seats`` ("outside" for a seat token, else a built-in bot spec)."""
    specs = [{"kind": "human"} if s == "outside" else {"kind": "bot", "bot": s} for s in seats]
    body = {"game": game, "players": len(seats), "seats": specs, "seed": seed}
    res = httpx.post(server.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    table: dict[str, Any] = res.json()
    return table


def moves_by_seat(game: str, record: dict[str, Any]) -> dict[int, list[str]]:
    """Replay the server's record: every seat's moves, in order."""
    state = get_game(game).new(record["players"], record["seed"], record["options"])
    out: dict[int, list[str]] = {}
    for text in record["actions"]:
        seat = state.to_move()
        assert seat is not None
        out.setdefault(seat, []).append(text)
        state.apply(state.parse(text))
    assert state.is_over()
    return out


def check_against_server(
    server: Server, game: str, table_id: str, seat: int, lines: list[str]
) -> dict[str, Any]:
    """The client's printed summary agrees with the server's record and final payload; the
    server's record (replayed) shows the client's moves at its seat, in order."""
    summary = json.loads(lines[-1])
    record: dict[str, Any] = httpx.get(f"{server.url}/api/tables/{table_id}/record").json()
    final = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert final["over"] is True and summary["table"] == table_id and summary["seat"] == seat
    assert summary["result"] == final["result"] and len(summary["result"]["ranking"]) > 1
    assert summary["scores"] == final["scores"] == record["scores"]
    assert summary["winners"] == final["winners"]
    mine = moves_by_seat(game, record)[seat]
    assert summary["moves"] == mine and len(mine) > 3
    printed = [re.match(r"move (\d+): (.+?) \(", line) for line in lines[:-1]]
    assert [m.group(2) for m in printed if m] == mine
    return record


@pytest.mark.parametrize(
    "game, seed, seats",
    [
        ("take-stock", 4, ["outside", "random", "outside"]),
        ("night-market", 5, ["random", "outside", "random"]),
    ],
)
def test_outside_bots_play_a_whole_game(
    server: Server, game: str, seed: int, seats: list[str]
) -> None:
    table = new_table(server, game, seed, seats)
    outside = [i for i, s in enumerate(seats) if s == "outside"]
    clients = {
        i: start_client("--link", table["seats"][i]["link"], "--seed", str(i)) for i in outside
    }
    for seat, client in clients.items():
        status, lines, err = finish(client)
        assert status == 0, err
        record = check_against_server(server, game, table["id"], seat, lines)
    assert record["seats"] == ["human" if s == "outside" else s for s in seats]


def test_the_client_creates_its_own_table_and_plays_the_first_moves(server: Server) -> None:
    status, lines, err = finish(
        start_client(
            "--server", server.url + "/", "--game", "buy-low-sell-high", "--players", "3",
            "--bots", "random", "--table-seed", "9", "--first",
        )
    )  # fmt: skip
    assert status == 0, err
    table_id = json.loads(lines[-1])["table"]
    record = check_against_server(server, "buy-low-sell-high", table_id, 0, lines)
    assert (record["seed"], record["seats"]) == (9, ["human", "random", "random"])
    state = get_game("buy-low-sell-high").new(3, 9)
    for text in record["actions"]:  # --first: seat 0 always played its first legal move
        if state.to_move() == 0:
            assert text == state.notation(state.legal_actions()[0])
        state.apply(state.parse(text))


def test_a_wrong_token_or_a_spectator_link_gets_no_seat(server: Server) -> None:
    table = new_table(server, "take-stock", 1, ["outside", "random", "random"])
    wrong = f"{server.url}/t/{table['id']}?token=not-a-seat-token"
    status, lines, err = finish(start_client("--link", wrong))
    assert (status, lines) == (2, [])
    assert err.strip() == f"refused: token: {TOKEN_REFUSED}"
    status, lines, err = finish(start_client("--link", f"{server.url}/t/{table['id']}"))
    assert (status, lines) == (2, [])
    assert "no seat token" in err
    # the protocol itself: the error message, then close code 4400 (4404: no such table)
    with connect(f"{server.ws_url}/ws/tables/{table['id']}?token=nope") as ws:
        assert json.loads(ws.recv(timeout=30)) == {
            "type": "error",
            "error": TOKEN_REFUSED,
            "code": "token",
        }
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
    with connect(f"{server.ws_url}/ws/tables/nosuchtable?token=nope") as ws:
        assert json.loads(ws.recv(timeout=30))["code"] == "unknown-table"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    # nothing was played at the table meanwhile
    first = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
    assert first["seq"] == 0 and first["to_move"] == 0
