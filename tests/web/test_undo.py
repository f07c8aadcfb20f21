"""Undo by Board Game Arena's policy against a real server: a player takes back their own
newest move until the next player acts, unless it showed them something hidden; the record
keeps only what stands, also after a restart."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from bazaar.core.game import State
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.web.undo import learned_nothing
from tests.web.server import Server
from tests.web.test_socket import latest_state, open_socket, receive

#: game -> (players, seed, a kind of move that may be taken back, one that may not)
CASES = {
    # a public trade may be taken back; playing a card then draws one
    "buy-low-sell-high": (3, 5, "+K", "play"),
    # playing a card moves a price in public; an event draw shows a hidden card
    "take-stock": (3, 5, "play", "event1"),
    # a bid is public; the first build of a round turns up customers
    "night-market": (3, 5, "bid", "build"),
}


def create(server: Server, game: str, players: int, seed: int, **extra: Any) -> dict[str, Any]:
    body = {"game": game, "players": players, "seats": [{"kind": "human"}] * players}
    res = httpx.post(server.url + "/api/tables", json={**body, "seed": seed, **extra})
    assert res.status_code == 201, res.text
    return res.json()


def view(server: Server, table: str, token: str | None, lang: str = "en") -> dict[str, Any]:
    params = {"lang": lang, **({"token": token} if token else {})}
    res = httpx.get(f"{server.url}/api/tables/{table}", params=params)
    assert res.status_code == 200, res.text
    return res.json()


def post(server: Server, table: str, what: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.url}/api/tables/{table}/{what}", json=body)


def walk_to(state: State, kind: str, undoable: bool, rng: Rng) -> tuple[list[int], int]:
    """Random moves from ``state`` (changed) until its mover has a move of notation ``kind``
    whose undo check gives ``undoable``: (the moves played, that move)."""
    path: list[int] = []
    for _ in range(400):
        mover = state.to_move()
        assert mover is not None
        for action in state.legal_actions():
            if not state.notation(action).startswith(kind):
                continue
            after = state.clone()
            after.apply(action)
            if learned_nothing(state, action, after, mover) == undoable:
                return path, action
        action = rng.choice(state.legal_actions())
        state.apply(action)
        path.append(action)
    raise AssertionError(f"no {kind} move with undoable={undoable} found")


class Walk:
    """A table and its local twin: moves go to the server and to the same local state."""

    def __init__(self, server: Server, game: str, players: int, seed: int) -> None:
        self.server = server
        self.table = create(server, game, players, seed)
        self.state = get_game(game).new(players, seed)
        self.seq = 0
        #: the position version: one more for every move played and every move taken back
        self.version = 0

    def token(self, seat: int) -> str:
        return str(self.table["seats"][seat]["token"])

    def play(self, action: int) -> None:
        seat = self.state.to_move()
        assert seat is not None
        body = {"token": self.token(seat), "action": self.state.notation(action), "seq": self.seq}
        reply = post(self.server, self.table["id"], "moves", body)
        assert reply.status_code == 200, reply.text
        self.state.apply(action)
        self.seq += 1
        self.version += 1

    def walk(self, kind: str, undoable: bool, rng: Rng) -> int:
        """Play on until the mover has such a move (see :func:`walk_to`); return it."""
        probe = self.state.clone()
        path, action = walk_to(probe, kind, undoable, rng)
        for step in path:
            self.play(step)
        return action

    def undo(
        self, seat: int | None, seq: int, lang: str = "en", version: int | None = None
    ) -> httpx.Response:
        """Ask to take back move ``seq`` in position ``version`` (default: the newest)."""
        token = self.token(seat) if seat is not None else ""
        version = self.version if version is None else version
        body = {"token": token, "seq": seq, "version": version, "lang": lang}
        reply = post(self.server, self.table["id"], "undo", body)
        if reply.status_code == 200:
            self.version += 1
        return reply

    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self.server, self.table["id"], self.token(seat) if seat is not None else None)


def refused(reply: httpx.Response, rule: str) -> None:
    assert reply.status_code == 409, reply.text
    body = reply.json()
    assert (body["code"], body["rule"]) == ("undo", rule), body


@pytest.mark.parametrize("game", sorted(CASES))
def test_undo_allowed_and_refused_in_each_game(server: Server, game: str) -> None:
    players, seed, allowed, hidden = CASES[game]
    walk = Walk(server, game, players, seed)
    rng = Rng(seed)
    refused(walk.undo(walk.state.to_move(), 0), "undo-nothing")

    action = walk.walk(allowed, True, rng)
    mover = walk.state.to_move()
    assert mover is not None
    other = (mover + 1) % players
    before, seq = walk.state.clone(), walk.seq
    mine_before = walk.view(mover)
    walk.play(action)
    assert walk.view(mover)["undo"] is True
    assert walk.view(other)["undo"] is False and walk.view(None)["undo"] is False
    refused(walk.undo(other, seq), "undo-not-yours")
    refused(walk.undo(mover, seq + 1), "undo-nothing")
    spectator = walk.undo(None, seq)
    assert (spectator.status_code, spectator.json()["code"]) == (403, "token")
    reply = walk.undo(mover, seq)
    assert reply.status_code == 200 and reply.json() == {"ok": True, "seq": seq}
    again = walk.view(mover)
    assert again["seq"] == seq and again["view"] == before.view(mover)
    assert again["legal"] == mine_before["legal"] and again["log"] == mine_before["log"]
    assert again["undo"] == mine_before["undo"]
    refused(walk.undo(mover, seq), "undo-nothing")  # that move is gone

    walk.state, walk.seq = before, seq
    action = walk.walk(hidden, False, rng)
    mover = walk.state.to_move()
    assert mover is not None
    seq = walk.seq
    walk.play(action)
    assert walk.view(mover)["undo"] is False
    reply = walk.undo(mover, seq, lang="zh-TW")
    refused(reply, "undo-hidden")
    assert reply.json()["error"] == (
        "this move revealed hidden information or drew a chance outcome, so it stands"
    )
    assert reply.json()["explain"] == "這一步揭露了隱藏的資訊或抽出了隨機結果，不能收回"
    assert walk.view(mover)["seq"] == seq + 1


def test_the_next_players_move_ends_the_undo(server: Server) -> None:
    walk = Walk(server, "buy-low-sell-high", 3, 5)
    rng = Rng(1)
    action = walk.walk("+K", True, rng)
    first = walk.state.to_move()
    seq = walk.seq
    walk.play(action)
    while walk.state.to_move() == first:  # the rest of the turn
        walk.play(walk.state.legal_actions()[0])
    nxt = walk.state.to_move()
    assert nxt is not None
    walk.play(walk.state.legal_actions()[0])
    refused(walk.undo(first, walk.seq - 1), "undo-not-yours")
    refused(walk.undo(first, seq), "undo-moved-on")


def test_the_record_after_undo_replays_and_survives_a_restart(db_url: str, tmp_path: Path) -> None:
    log = tmp_path / "undo.log"
    srv = Server(db_url, log=log).start()
    try:
        walk = Walk(srv, "take-stock", 3, 9)
        rng = Rng(9)
        action = walk.walk("play", True, rng)
        mover = walk.state.to_move()
        assert mover is not None
        kept = walk.state.clone()
        walk.play(action)
        assert walk.undo(mover, walk.seq - 1).status_code == 200
        walk.seq -= 1
        walk.state = kept
        # another move in its place: the record holds it, not the one taken back
        other = next(a for a in kept.legal_actions() if a != action)
        walk.play(other)
        stored = walk.view(mover)
        assert (
            stored["version"] == walk.version == walk.seq + 2
        )  # + the move taken back, + its undo
    finally:
        srv.stop(kill=True)
    if srv.db_path is not None:
        import sqlite3

        with sqlite3.connect(srv.db_path) as db:
            rows = db.execute(
                "SELECT seq, action FROM moves WHERE table_id = ? ORDER BY seq",
                (walk.table["id"],),
            ).fetchall()
        assert [seq for seq, _ in rows] == list(range(walk.seq))
        assert rows[-1][1] == kept.notation(other)
    again = Server(db_url, log=log).start()
    try:
        after = view(again, walk.table["id"], walk.token(mover))
        assert after["seq"] == walk.seq and after["view"] == walk.state.view(mover)
        assert after["log"] == stored["log"] and after["undo"] is False
        assert after["version"] == walk.version  # stored moves + 2 x the undos counted
        replay = get_game("take-stock").new(3, 9)
        for entry in after["log"]:
            replay.apply(replay.parse(entry["notation"]))
        assert replay.full_view() == walk.state.full_view()
        refused(walk_undo(again, walk, mover), "undo-restarted")
    finally:
        again.stop()


def walk_undo(server: Server, walk: Walk, seat: int) -> httpx.Response:
    body = {"token": walk.token(seat), "seq": walk.seq - 1, "version": walk.version}
    return post(server, walk.table["id"], "undo", body)


def test_undo_over_the_socket_reaches_everyone(server: Server) -> None:
    walk = Walk(server, "night-market", 3, 5)
    action = walk.walk("bid", True, Rng(2))
    mover = walk.state.to_move()
    assert mover is not None
    other = (mover + 1) % 3
    tid = walk.table["id"]
    with (
        open_socket(server, tid, walk.token(mover)) as me,
        open_socket(server, tid, walk.token(other), "zh-TW") as friend,
        open_socket(server, tid, None) as spectator,
    ):
        latest_state(me, walk.seq)
        latest_state(friend, walk.seq)
        latest_state(spectator, walk.seq)
        seq = walk.seq
        walk.play(action)
        assert latest_state(me, seq + 1)["undo"] is True
        assert latest_state(friend, seq + 1)["log"][-1]["seq"] == seq
        version = walk.version
        friend.send(json.dumps({"type": "undo", "seq": seq, "version": version}))
        error = receive_error(friend)
        assert (error["code"], error["rule"]) == ("undo", "undo-not-yours")
        assert error["error"] == "only the player who made a move can take it back"
        assert error["explain"] == "只有走這一步的玩家可以收回這一步"
        spectator.send(json.dumps({"type": "undo", "seq": seq, "version": version}))
        error = receive_error(spectator)  # the documented code, not the socket's token
        assert (error["code"], error["rule"]) == ("undo", "undo-not-yours")
        me.send(json.dumps({"type": "undo", "seq": str(seq), "version": version}))
        assert receive_error(me)["code"] == "field"
        me.send(json.dumps({"type": "undo", "seq": seq}))
        error = receive_error(me)
        assert error["code"] == "field" and "'version'" in error["error"]
        me.send(json.dumps({"type": "undo", "seq": seq, "version": version}))
        mine = next_state(me)
        theirs = next_state(friend)
        assert mine["seq"] == theirs["seq"] == seq
        assert all(e["seq"] < seq for e in theirs["log"])
        assert mine["log"][-1]["seq"] < seq
        assert mine["version"] == theirs["version"] == version + 1
        me.send(json.dumps({"type": "undo", "seq": seq, "version": version + 1}))
        error = receive_error(me)
        assert (error["code"], error["rule"]) == ("undo", "undo-nothing")
        assert error["explain"] == "there is no move to take back"


def receive_error(ws: Any) -> dict[str, Any]:
    while True:
        msg = receive(ws)
        if msg["type"] == "error":
            return msg


def next_state(ws: Any) -> dict[str, Any]:
    while True:
        msg = receive(ws)
        if msg["type"] == "state":
            return msg


def test_a_paced_bot_leaves_time_to_undo(tmp_path: Path) -> None:
    """Take Stock, seed 0: seat 0's "play C4" ends its turn; the bot (seat 1) waits 1.5 s,
    so the move can be taken back, and the bot then does not move on the old position."""
    srv = Server(tmp_path / "paced.db", bot_delay=1.5).start()
    try:
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
        body = {"game": "take-stock", "players": 2, "seats": seats, "seed": 0}
        res = httpx.post(srv.url + "/api/tables", json=body).json()
        token = res["seats"][0]["token"]
        state = get_game("take-stock").new(2, 0)
        move = {"token": token, "action": "play C4", "seq": 0}
        assert post(srv, res["id"], "moves", move).status_code == 200
        assert view(srv, res["id"], token)["to_move"] == 1
        reply = post(srv, res["id"], "undo", {"token": token, "seq": 0, "version": 1})
        assert reply.status_code == 200, reply.text
        time.sleep(2.0)
        after = view(srv, res["id"], token)
        assert (after["seq"], after["to_move"]) == (0, 0) and after["view"] == state.view(0)
        assert post(srv, res["id"], "moves", move).status_code == 200
        deadline = time.monotonic() + 10
        while view(srv, res["id"], token)["seq"] < 2 and time.monotonic() < deadline:
            time.sleep(0.2)  # now the bot answers
        undo = {"token": token, "seq": 0, "version": 4}  # move, undo, move, the bot's move
        refused(post(srv, res["id"], "undo", undo), "undo-moved-on")
    finally:
        srv.stop()


def two_takebacks(state: State, rng: Rng) -> tuple[list[int], int, int]:
    """Random moves from ``state`` (changed) until its mover has a move that may be taken
    back after which they move again, with a second such move: (path, first, second)."""
    path: list[int] = []
    for _ in range(200):
        mover = state.to_move()
        for first in state.legal_actions():
            after = state.clone()
            after.apply(first)
            if after.to_move() != mover or not learned_nothing(state, first, after, mover):
                continue
            for second in after.legal_actions():
                last = after.clone()
                last.apply(second)
                if learned_nothing(after, second, last, mover):
                    return path, first, second
        action = rng.choice(state.legal_actions())
        state.apply(action)
        path.append(action)
    raise AssertionError("no two moves in a row that may be taken back")


def test_two_moves_in_a_row_are_taken_back_newest_first(server: Server) -> None:
    walk = Walk(server, "buy-low-sell-high", 3, 0)
    path, first, second = two_takebacks(walk.state.clone(), Rng(0))
    for action in path:
        walk.play(action)
    mover = walk.state.to_move()
    assert mover is not None
    start, seq = walk.state.clone(), walk.seq
    walk.play(first)
    walk.play(second)
    refused(walk.undo(mover, seq), "undo-newest-first")
    assert walk.undo(mover, seq + 1).json() == {"ok": True, "seq": seq + 1}
    assert walk.view(mover)["undo"] is True
    assert walk.undo(mover, seq).json() == {"ok": True, "seq": seq}
    for seat in (mover, (mover + 1) % 3, None):
        assert walk.view(seat)["view"] == start.view(seat)


def test_a_delayed_undo_after_undo_and_replay_is_stale(server: Server) -> None:
    """The undo race over HTTP and the socket: move, undo, the same move again; the first
    undo request arriving late (same ``seq``, older ``version``) is refused ``stale``."""
    walk = Walk(server, "buy-low-sell-high", 3, 5)
    action = walk.walk("+K", True, Rng(1))
    mover = walk.state.to_move()
    assert mover is not None
    seq = walk.seq
    walk.play(action)
    delayed = walk.version  # what the first undo request names
    assert walk.undo(mover, seq).status_code == 200
    body = {"token": walk.token(mover), "action": action, "seq": seq}
    assert post(walk.server, walk.table["id"], "moves", body).status_code == 200
    walk.seq, walk.version = seq + 1, delayed + 2
    before = walk.view(mover)
    assert (before["seq"], before["version"], before["undo"]) == (seq + 1, delayed + 2, True)
    reply = walk.undo(mover, seq, lang="zh-TW", version=delayed)
    assert reply.status_code == 409, reply.text
    body = reply.json()
    assert (body["code"], body["rule"]) == ("stale", "undo-stale")
    assert body["error"] == (
        "the board changed since you asked (a move was taken back or played);"
        " nothing was taken back: look again"
    )
    assert body["explain"] == (
        "你送出要求之後盤面已經改變（有一步被收回或走了新的一步），所以沒有收回任何一步：請再看一次盤面"
    )
    assert walk.view(mover) == before  # nothing changed
    with open_socket(server, walk.table["id"], walk.token(mover)) as me:
        assert latest_state(me, seq + 1)["version"] == delayed + 2
        me.send(json.dumps({"type": "undo", "seq": seq, "version": delayed}))
        error = receive_error(me)
        assert (error["code"], error["rule"]) == ("stale", "undo-stale")
        assert error["explain"] == body["error"]  # the socket speaks English here
        me.send(json.dumps({"type": "undo", "seq": seq, "version": delayed + 2}))
        assert next_state(me)["version"] == delayed + 3
    assert walk.view(mover)["seq"] == seq
