"""Classrooms are a closed room (issue 21, items 1 and 2; docs/web.md, "Classrooms").

A classroom table is not in the public lobby and has no spectators but its teacher; while a
duplicate deal is in play at any table, nothing worked out from a sibling's whole deal (record,
analysis, puzzles) is served. The no-leak property, extended to siblings: a player of table B
receives byte-identical bytes whatever the sibling tables' moves (and so their hidden state).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from bazaar.core import deal
from bazaar.core.rng import Rng
from bazaar.web.app import create_app
from tests.scale import examples
from tests.web.server import app_settings

#: the fixed shared deal of every classroom in the invariance test (both worlds alike)
SEED, SALT = 2026_12_02, "5a" * 32
GAMES = {"buy-low-sell-high": 2, "take-stock": 2, "night-market": 3}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("secrets") / "s.db"
    app = create_app(app_settings(db, rate_limit_tables=0, rate_limit_sockets=0, bot_delay=0.0))
    with TestClient(app) as test_client:
        yield test_client


def classroom(client: TestClient, game: str, tables: int = 2) -> dict[str, Any]:
    players = GAMES[game]
    body = {
        "game": game,
        "players": players,
        "tables": tables,
        "seats": [{"kind": "human"}] * players,
        "deal": "same",
    }
    res = client.post("/api/classrooms", json=body)
    assert res.status_code == 201, res.text
    return res.json()


def token(table: dict[str, Any], seat: int) -> str:
    return str(table["seats"][seat]["token"])


def view(client: TestClient, table: dict[str, Any], seat: int) -> dict[str, Any]:
    res = client.get(f"/api/tables/{table['id']}", params={"token": token(table, seat)})
    assert res.status_code == 200, res.text
    return res.json()


def play(client: TestClient, table: dict[str, Any], moves: int | None, rng: Rng | None) -> int:
    """Play ``moves`` moves (None: to the end), each the mover's legal move drawn by ``rng``
    (None: the first legal move), straight on the server's hub (the moves are not what is
    tested here); return the moves played."""
    hub = client.app.state.web.hub  # type: ignore[attr-defined]

    async def moving() -> int:
        live = await hub.keeper.get(table["id"])
        played = 0
        while (moves is None or played < moves) and not live.state.is_over():
            legal = live.state.legal_actions()
            action = legal[rng.below(len(legal))] if rng else legal[0]
            await hub.moves.submit(live, live.state.to_move(), action, live.seq)
            played += 1
        return played

    assert client.portal is not None
    return int(client.portal.call(moving))


# ------------------------------------------------------------------ the closed room
def test_classroom_tables_are_not_listed_and_have_no_spectators(client: TestClient) -> None:
    room = classroom(client, "night-market")
    a, b = room["tables"]
    listed = {t["id"] for t in client.get("/api/tables").json()["tables"]}
    assert not listed & {a["id"], b["id"]}
    for path in ("", "/replay/0", "/record", "/puzzles/1"):
        res = client.get(f"/api/tables/{a['id']}{path}", params={"lang": "zh-TW"})
        assert (res.status_code, res.json()["code"]) == (403, "classroom"), path
        assert res.json()["explain"] == "這一桌屬於一個課堂：請用你的座位連結或老師的課堂頁面打開"
    made = client.post(f"/api/tables/{a['id']}/puzzles")
    assert (made.status_code, made.json()["code"]) == (403, "classroom")
    english = client.get(f"/api/tables/{a['id']}").json()
    assert english["error"].startswith("this table belongs to a classroom")
    with client.websocket_connect(f"/ws/tables/{a['id']}") as ws:
        assert ws.receive_json()["code"] == "classroom"
    # a seat of table B is no key to its sibling A
    res = client.get(f"/api/tables/{a['id']}", params={"token": token(b, 0)})
    assert (res.status_code, res.json()["code"]) == (403, "token")


def test_the_teacher_watches_every_table(client: TestClient) -> None:
    room = classroom(client, "night-market")
    a = room["tables"][0]
    assert a["spectator"].endswith(f"/t/{a['id']}?token={room['token']}&lang=en")
    watched = client.get(f"/api/tables/{a['id']}", params={"token": room["token"]}).json()
    assert watched["seat"] is None and watched["table"] == a["id"]
    with client.websocket_connect(f"/ws/tables/{a['id']}?token={room['token']}") as ws:
        first = ws.receive_json()
        assert (first["type"], first["seat"]) == ("state", None)
    other = classroom(client, "night-market")  # another classroom's teacher is not
    res = client.get(f"/api/tables/{a['id']}", params={"token": other["token"]})
    assert (res.status_code, res.json()["code"]) == (403, "token")


def test_a_held_deal_serves_no_analysis_record_or_puzzles(client: TestClient) -> None:
    """Item 2: with table A over and B still playing, A's full-information analysis is not
    served early (it was: 202 then 200), nor its record or puzzles; once B is over, all are."""
    room = classroom(client, "buy-low-sell-high")
    a, b = room["tables"]
    play(client, a, None, None)
    mine = {"token": token(a, 0), "lang": "zh-TW"}
    for method, path in [
        ("GET", "/analysis"),
        ("GET", "/record"),
        ("POST", "/puzzles"),
    ]:
        res = client.request(method, f"/api/tables/{a['id']}{path}", params=mine)
        assert (res.status_code, res.json()["code"]) == (409, "deal-held"), path
        assert res.json()["explain"].startswith("這一桌和課堂裡還在玩的其他桌拿到一樣的牌")
    teacher = client.get(f"/api/classrooms/{room['id']}", params={"token": room["token"]}).json()
    assert [t["held"] for t in teacher["tables"]] == [True, False]
    play(client, b, None, None)
    record = client.get(f"/api/tables/{a['id']}/record", params={"token": room["token"]})
    assert record.status_code == 200 and int(record.json()["seed"]) >= 0
    analysis = client.get(f"/api/tables/{a['id']}/analysis", params=mine)
    assert analysis.status_code in (200, 202) and "status" in analysis.json()


# ------------------------------------------------------------------ siblings leak nothing
def sibling_world(
    client: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    sibling_seed: int,
    b_moves: int | None,
    a_moves: int | None,
) -> tuple[list[str], list[Any]]:
    """Every reply a player of table B gets (B's payload, replays, record, analysis, puzzles,
    socket, the lobby, and what it asks of sibling A), with the sibling played by
    ``sibling_seed``: table ids, tokens and timestamps replaced by names; and what the
    siblings' seats saw (which must differ between two worlds for the pair to count)."""
    monkeypatch.setattr(deal, "new_seed", lambda: SEED)
    monkeypatch.setattr(deal, "new_salt", lambda: SALT)
    room = classroom(client, game, tables=3)
    a, b, c = room["tables"]
    play(client, a, a_moves, Rng(sibling_seed))
    play(client, c, 3, Rng(sibling_seed + 1))
    steps = play(client, b, b_moves, None)
    unload(client, b)
    replies: list[str] = []
    for seat in range(GAMES[game]):
        mine = token(b, seat)
        for lang in ("en", "zh-TW"):
            asked = {"token": mine, "lang": lang}
            base = f"/api/tables/{b['id']}"
            for path in ("", "/record", "/analysis", f"/replay/{steps}", f"/replay/{steps // 2}"):
                replies.append(client.get(base + path, params=asked).text)
            replies.append(client.post(base + "/puzzles", params=asked).text)
            for sibling in (a, c):
                for path in ("", "/record", "/analysis", "/replay/1"):
                    url = f"/api/tables/{sibling['id']}{path}"
                    replies.append(client.get(url, params=asked).text)
                    replies.append(client.get(url, params={"lang": lang}).text)
            with client.websocket_connect(f"/ws/tables/{b['id']}?token={mine}&lang={lang}") as ws:
                replies.append(ws.receive_text())
            gone(client, b)
    replies.append(client.get("/api/tables").text)
    names = {room["id"]: "ROOM", room["token"]: "TEACHER"}
    for i, table in enumerate((a, b, c)):
        names[table["id"]] = f"TABLE{i}"
        names.update({s["token"]: f"TOKEN{i}.{s['seat']}" for s in table["seats"]})
    pattern = re.compile("|".join(re.escape(k) for k in sorted(names, key=len, reverse=True)))
    clock = re.compile(r'"(away|deadline|created)":[0-9.]+')
    seen = [view(client, t, seat)["view"] for t in (a, c) for seat in range(GAMES[game])]
    named = [clock.sub(r'"\1":T', pattern.sub(lambda m: names[m.group()], r)) for r in replies]
    return named, seen


def unload(client: TestClient, table: dict[str, Any]) -> None:
    """Unload ``table`` from the server's memory, as its last socket closing may do (whether
    that happens before the next request depends on the machine's load). Reloaded, its moves
    so far are sealed (undo: false), as after a restart, so every world serves the same."""
    hub = client.app.state.web.hub  # type: ignore[attr-defined]

    async def unloading() -> bool:
        return bool(hub.keeper.maybe_unload(await hub.keeper.get(table["id"])))

    assert client.portal is not None
    assert client.portal.call(unloading)


def gone(client: TestClient, table: dict[str, Any]) -> None:
    """Wait until the server has seen the socket just closed go (on a busy machine it may
    not have yet), so that the next reply's presence flags are the same in every world."""
    deadline = time.monotonic() + 30
    while any(s["connected"] for s in view(client, table, 0)["seats"]):
        assert time.monotonic() < deadline, "the closed socket still counts as connected"
        time.sleep(0.01)


#: (B's moves, sibling A's moves) of each kind of pair: B playing while A is over; B over
#: while A plays (None: to the end). A third sibling always plays a few moves.
PHASES = [(4, None), (None, 5)]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize(("b_moves", "a_moves"), PHASES)
@settings(
    max_examples=examples(1, long=10),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seeds=st.lists(st.integers(1, 10**6), min_size=2, max_size=2, unique=True))
def test_a_sibling_tables_moves_change_no_byte_b_receives(
    client: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    b_moves: int | None,
    a_moves: int | None,
    seeds: list[int],
) -> None:
    (first, siblings_one), (second, siblings_two) = (
        sibling_world(client, monkeypatch, game, seed, b_moves, a_moves) for seed in seeds
    )
    assert siblings_one != siblings_two  # the siblings played differently
    assert len(first) == len(second) > 50
    for index, (one, two) in enumerate(zip(first, second, strict=True)):
        if one != two:
            at = next(i for i in range(len(one) + 1) if one[i : i + 1] != two[i : i + 1])
            pytest.fail(f"reply {index} differs from {at}: {one[at:][:80]!r} vs {two[at:][:80]!r}")
