"""Fair deals against a real server: random 64-bit seeds, the commitment, fixed-seed notices,
the reveal at the end with the game digest, and ``bazaar verify`` on a downloaded record."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from bazaar.core import deal
from bazaar.core.registry import get_game
from bazaar.web.hub import LiveTable
from bazaar.web.store import StoredTable
from tests.test_cli import invoke
from tests.web.server import Server

HUMANS = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def create(server: Server, **body: Any) -> dict[str, Any]:
    payload = {"game": "buy-low-sell-high", "players": 3, "seats": HUMANS, **body}
    res = httpx.post(server.url + "/api/tables", json=payload)
    assert res.status_code == 201, res.text
    return res.json()


def view(server: Server, table: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    res = httpx.get(f"{server.url}/api/tables/{table}", params=params)
    assert res.status_code == 200, res.text
    return res.json()


def first_socket_payload(server: Server, table: str, token: str | None) -> dict[str, Any]:
    query = "?lang=zh-TW" + (f"&token={token}" if token else "")
    with connect(f"{server.ws_url}/ws/tables/{table}{query}", open_timeout=30) as ws:
        return json.loads(ws.recv(timeout=30))


def listed(server: Server, table: str) -> dict[str, Any]:
    tables = httpx.get(server.url + "/api/tables").json()["tables"]
    return next(t for t in tables if t["id"] == table)


def stored_deal(server: Server, table: str) -> tuple[int, str]:
    """The seed and salt as the database holds them."""
    with sqlite3.connect(server.db_path) as db:
        seed, salt = db.execute("SELECT seed, salt FROM tables WHERE id = ?", (table,)).fetchone()
    return int(seed), salt


def stored_commitment(server: Server, table: str) -> str:
    """The v2 commitment recomputed from what the database holds (docs/web.md, "Fair deals")."""
    with sqlite3.connect(server.db_path) as db:
        row = db.execute(
            "SELECT game, players, options, seed, salt, fixed_seed FROM tables WHERE id = ?",
            (table,),
        ).fetchone()
    game, players, options, seed, salt, fixed = row
    return deal.commit(game, players, json.loads(options), int(seed), salt, bool(fixed))


def every_view(server: Server, made: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's and the spectator's payload, over HTTP and as the first socket message."""
    tokens = [s["token"] for s in made["seats"]] + [None]
    out = [view(server, made["id"], tok) for tok in tokens]
    out += [first_socket_payload(server, made["id"], tok) for tok in tokens]
    return out


def finish(server: Server, table: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        payload = view(server, table)
        if payload["over"]:
            return payload
        time.sleep(0.2)
    raise AssertionError(f"table {table} did not finish within 60 s")


def test_random_seeds_are_64_bit_and_differ(server: Server) -> None:
    made = [create(server) for _ in range(8)]
    seeds = [stored_deal(server, m["id"])[0] for m in made]
    assert len(set(seeds)) == 8 and all(0 <= s < 2**64 for s in seeds)
    assert max(seeds) >= 2**40  # 31-bit seeds never get there; 64-bit ones: odds 2**-192
    salts = [stored_deal(server, m["id"])[1] for m in made]
    assert len(set(salts)) == 8 and all(len(s) == 64 for s in salts)


def test_a_random_seed_stays_secret_until_the_game_is_over(server: Server) -> None:
    made = create(server)
    seed, salt = stored_deal(server, made["id"])
    commitment = stored_commitment(server, made["id"])
    expected = {"fixed": False, "commitment": commitment, "seed": None, "salt": None}
    expected["digest"] = None
    token = made["seats"][0]["token"]
    first = view(server, made["id"], token)["legal"][0]["action"]
    moved = httpx.post(
        f"{server.url}/api/tables/{made['id']}/moves",
        json={"token": token, "action": first, "seq": 0},
    )
    assert moved.status_code == 200, moved.text
    token = made["seats"][view(server, made["id"])["to_move"]]["token"]
    replay = httpx.get(f"{server.url}/api/tables/{made['id']}/replay/0", params={"token": token})
    hint = httpx.get(
        f"{server.url}/api/tables/{made['id']}/hint", params={"token": token}, timeout=30
    )
    served = [*every_view(server, made), replay.json(), hint.json(), listed(server, made["id"])]
    for payload in served[:-2]:
        assert payload["deal"] == expected
    assert served[-1]["deal"] == {k: v for k, v in expected.items() if k != "digest"}
    for payload in served:
        text = json.dumps(payload)
        assert str(seed) not in text and salt not in text
    record = httpx.get(f"{server.url}/api/tables/{made['id']}/record")
    assert record.status_code == 409 and record.json()["code"] == "not-over"


def test_a_fixed_seed_is_announced_to_everyone_from_the_start(server: Server) -> None:
    seed = 2**64 - 1
    made = create(server, seed=seed)
    _, salt = stored_deal(server, made["id"])
    expected = {
        "fixed": True,
        "commitment": stored_commitment(server, made["id"]),
        "seed": "18446744073709551615",
        "salt": salt,
        "digest": None,  # shown from the start: the seed and salt, never the game's digest
    }
    for payload in every_view(server, made):
        assert payload["seq"] == 0 and payload["deal"] == expected
    assert listed(server, made["id"])["deal"] == {
        k: v for k, v in expected.items() if k != "digest"
    }


def test_the_end_reveals_the_deal_and_the_record_verifies(server: Server, tmp_path: Path) -> None:
    made = create(server, players=2, seats=BOTS)
    commitment = view(server, made["id"])["deal"]["commitment"]
    assert listed(server, made["id"])["deal"]["commitment"] == commitment
    end = finish(server, made["id"])
    seed, salt = int(end["deal"]["seed"]), end["deal"]["salt"]
    record = httpx.get(f"{server.url}/api/tables/{made['id']}/record").json()
    digest = deal.game_digest(commitment, record["actions"], record["scores"])
    assert end["deal"] == {
        "fixed": False,
        "commitment": commitment,
        "seed": str(seed),
        "salt": salt,
        "digest": digest,
    }
    replay = httpx.get(f"{server.url}/api/tables/{made['id']}/replay/1")
    served = [*every_view(server, made), replay.json()]
    assert {json.dumps(p["deal"]) for p in served} == {json.dumps(end["deal"])}
    without = {k: v for k, v in end["deal"].items() if k != "digest"}
    assert listed(server, made["id"])["deal"] == without  # the listing replays no game
    assert "digest" not in record  # worked out from the record, never trusted from it
    assert deal.commit("buy-low-sell-high", 2, end["options"], seed, salt, False) == commitment
    assert (record["seed"], record["salt"], record["commitment"]) == (seed, salt, commitment)
    assert record["fixed_seed"] is False and record["scores"] == end["scores"]
    assert record["format"] == 1 and len(record["actions"]) == end["seq"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    result = invoke("verify", str(path), "--commitment", commitment, "--digest", digest)
    assert result.returncode == 0, result.stdout
    assert "these are the moves and final scores the table showed at the end" in result.stdout
    result = invoke("verify", str(path), "--commitment", commitment)
    assert result.returncode == 0, result.stdout
    assert "Verified: this is the deal the table committed to" in result.stdout
    assert "The moves were not checked against the table" in result.stdout
    alone = invoke("verify", str(path))  # not compared with the table: only consistent
    assert alone.returncode == 1, alone.stdout
    assert "Consistent, not verified against the table" in alone.stdout


def test_a_held_classroom_deal_shows_no_digest(server: Server) -> None:
    """A duplicate-deal table that is over while its sibling plays on shows neither its deal
    nor its digest (to its seats, spectators or the teacher); both show once all are over."""
    people = [{"kind": "human"}, {"kind": "human"}]
    body = {"game": "take-stock", "players": 2, "tables": 2, "deal": "same", "seats": people}
    with httpx.Client(base_url=server.url, timeout=30) as client:
        res = client.post("/api/classrooms", json=body)
        assert res.status_code == 201, res.text
        room = res.json()
        first, second = room["tables"]

        def seat(table: dict[str, Any], n: int | None) -> dict[str, Any]:
            """Seat ``n``'s payload, or the teacher's (the classroom's spectator) for None."""
            token = room["token"] if n is None else table["seats"][n]["token"]
            res = client.get(f"/api/tables/{table['id']}", params={"token": token})
            assert res.status_code == 200, res.text
            return res.json()

        def teacher() -> list[dict[str, Any]]:
            res = client.get(f"/api/classrooms/{room['id']}", params={"token": room["token"]})
            return [t["deal"] for t in res.json()["tables"]]

        def play_out(table: dict[str, Any]) -> None:
            for seq in range(10_000):
                now = seat(table, 0)
                if now["over"]:
                    return
                mover = seat(table, now["to_move"])
                move = {"token": table["seats"][now["to_move"]]["token"], "seq": seq}
                move["action"] = mover["legal"][0]["notation"]
                assert client.post(f"/api/tables/{table['id']}/moves", json=move).status_code == 200
            raise AssertionError("the game did not end")

        play_out(first)
        held = [seat(first, n) for n in (0, 1, None)]
        assert all(p["over"] and p["deal"]["digest"] is None for p in held)
        assert all(p["deal"]["seed"] is None for p in held)
        assert [d["digest"] for d in teacher()] == [None, None]
        play_out(second)
        for table, shown in zip((first, second), teacher(), strict=True):
            token = {"token": table["seats"][0]["token"]}
            res = client.get(f"/api/tables/{table['id']}/record", params=token)
            assert res.status_code == 200, res.text
            record = res.json()
            digest = deal.game_digest(record["commitment"], record["actions"], record["scores"])
            assert shown["digest"] == seat(table, None)["deal"]["digest"] == digest


def test_seeds_outside_64_bits_are_refused(server: Server) -> None:
    for seed in (2**64, -1):
        body = {"game": "buy-low-sell-high", "players": 3, "seats": HUMANS, "seed": seed}
        res = httpx.post(server.url + "/api/tables", json=body)
        assert res.status_code == 422 and res.json()["code"] == "field", res.text
        assert res.json()["error"].startswith("seed: ")


def test_bots_hints_and_analyses_get_seeds_derived_through_sha256() -> None:
    """Their seeds are fixed by the stored table, yet reveal nothing of its seed."""
    seed, salt = 2**64 - 9, "c3" * deal.SALT_BYTES
    info = StoredTable(
        "t1", "buy-low-sell-high", 3, seed, {}, [], "en", 0.0, False, [], salt, None, False
    )
    table = LiveTable(info, get_game("buy-low-sell-high").new(3, seed), [])
    for purpose in ("bot", "hint", "analysis"):
        assert table.worker_seed(purpose, 5) == deal.derived_seed(seed, salt, purpose, 5)
    assert table.worker_seed("hint", 5) not in {seed + 5, (seed * 1_000_003 + 5) % (1 << 62)}
    assert len({table.worker_seed("bot", step) for step in range(50)}) == 50
