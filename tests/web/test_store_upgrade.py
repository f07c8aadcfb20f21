"""A database made with the first schema (integer seed, no salt or commitment) is upgraded in
place: its tables still load and replay, and new tables keep 64-bit seeds exactly."""

from __future__ import annotations

import json
import os
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from bazaar.bots.random_bot import RandomBot
from bazaar.core import deal
from bazaar.core.record import Match
from bazaar.core.registry import get_game
from bazaar.web.hub import LiveTable, replay_table
from bazaar.web.store import CURVE_SEAT, Store, token_hash
from tests.test_cli import invoke

#: The statements the first schema's ``create_all`` issued (SQLite and PostgreSQL).
OLD_SCHEMA = {
    "sqlite": [
        "CREATE TABLE tables (id VARCHAR(32) NOT NULL, game VARCHAR(40) NOT NULL, "
        "players INTEGER NOT NULL, seed INTEGER NOT NULL, options JSON NOT NULL, "
        "seats JSON NOT NULL, lang VARCHAR(8) NOT NULL, created FLOAT NOT NULL, "
        "over INTEGER NOT NULL, PRIMARY KEY (id))",
        "CREATE TABLE moves (id INTEGER NOT NULL, table_id VARCHAR(32) NOT NULL, "
        "seq INTEGER NOT NULL, seat INTEGER NOT NULL, action VARCHAR(80) NOT NULL, "
        "created FLOAT NOT NULL, PRIMARY KEY (id), "
        "CONSTRAINT one_move_per_seq UNIQUE (table_id, seq), "
        "FOREIGN KEY(table_id) REFERENCES tables (id))",
        "CREATE INDEX ix_moves_table_id ON moves (table_id)",
    ],
    "postgresql": [
        "CREATE TABLE tables (id VARCHAR(32) NOT NULL, game VARCHAR(40) NOT NULL, "
        "players INTEGER NOT NULL, seed INTEGER NOT NULL, options JSON NOT NULL, "
        "seats JSON NOT NULL, lang VARCHAR(8) NOT NULL, created FLOAT NOT NULL, "
        "over INTEGER NOT NULL, PRIMARY KEY (id))",
        "CREATE TABLE moves (id SERIAL NOT NULL, table_id VARCHAR(32) NOT NULL, "
        "seq INTEGER NOT NULL, seat INTEGER NOT NULL, action VARCHAR(80) NOT NULL, "
        "created FLOAT NOT NULL, PRIMARY KEY (id), "
        "CONSTRAINT one_move_per_seq UNIQUE (table_id, seq), "
        "FOREIGN KEY(table_id) REFERENCES tables (id))",
        "CREATE INDEX ix_moves_table_id ON moves (table_id)",
    ],
}
SEATS = json.dumps(
    [
        {"kind": "human", "bot": None, "name": "Ann", "token_hash": token_hash("secret")},
        {"kind": "human", "bot": None, "name": "", "token_hash": token_hash("other")},
        {"kind": "bot", "bot": "random", "name": ""},
    ]
)
OLD_SEED = 2147483000


def first_moves(count: int) -> list[tuple[int, str]]:
    """(seat, notation) of the first legal move, ``count`` times, from the old table's start."""
    state = get_game("buy-low-sell-high").new(3, OLD_SEED)
    out = []
    for _ in range(count):
        seat, action = state.to_move(), state.legal_actions()[0]
        assert seat is not None
        out.append((seat, state.notation(action)))
        state.apply(action)
    return out


MOVES = first_moves(2)
URLS = ["sqlite"] + (["postgres"] if os.environ.get("BAZAAR_TEST_POSTGRES") else [])


@pytest.fixture(params=URLS)
def old_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a database with the first schema and one table with two moves."""
    if request.param == "sqlite":
        url, dialect = f"sqlite:///{tmp_path / 'old.db'}", "sqlite"
    else:
        url, dialect = os.environ["BAZAAR_TEST_POSTGRES"], "postgresql"
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    schema = f"s{uuid.uuid4().hex[:10]}"
    engine = create_engine(url)
    with engine.begin() as db:
        if dialect == "postgresql":  # a schema of its own: other tests share the database
            db.execute(text(f"CREATE SCHEMA {schema}"))
            db.execute(text(f"SET search_path TO {schema}"))
            url = url + ("&" if "?" in url else "?") + f"options=-csearch_path%3D{schema}"
        for statement in OLD_SCHEMA[dialect]:
            db.execute(text(statement))
        db.execute(
            text(
                "INSERT INTO tables VALUES ('old1', 'buy-low-sell-high', 3, :seed, "
                "'{}', :seats, 'en', 1.0, 0)"
            ),
            {"seats": SEATS, "seed": OLD_SEED},
        )
        for seq, (seat, action) in enumerate(MOVES):
            db.execute(
                text(
                    "INSERT INTO moves (table_id, seq, seat, action, created)"
                    " VALUES ('old1', :seq, :seat, :action, 1.0)"
                ),
                {"seq": seq, "seat": seat, "action": action},
            )
    engine.dispose()
    yield url
    if dialect == "postgresql":
        engine = create_engine(url)
        with engine.begin() as db:
            db.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()


def test_an_old_database_is_upgraded_and_its_tables_replay(old_db: str) -> None:
    store = Store(old_db)
    try:
        columns = {c["name"]: str(c["type"]) for c in inspect(store.engine).get_columns("tables")}
        assert columns["seed"] == "VARCHAR(20)"
        assert {"salt", "commitment", "fixed_seed", "turn_minutes"} <= set(columns)
        old = store.load("old1")
        assert old is not None and old.seed == OLD_SEED and old.moves == MOVES
        assert old.turn_minutes is None  # no timer on a table from before timers
        assert (old.salt, old.commitment, old.fixed_seed) == (None, None, None)
        state, history = replay_table(old)
        expected = get_game("buy-low-sell-high").new(3, OLD_SEED)
        for _, action in MOVES:
            expected.apply(expected.parse(action))
        assert state.view(0) == expected.view(0) and len(history) == 2
        table = LiveTable(old, state, history)
        nothing = {"fixed": None, "commitment": None, "seed": None, "salt": None}
        assert table.deal() == {**nothing, "digest": None}  # no commitment: no game digest
        assert "salt" not in table.record() and table.record()["seed"] == OLD_SEED
        listed = {t["id"]: t for t in store.list_tables()}["old1"]
        assert listed["deal"]["commitment"] is None and listed["moves"] == 2
        # New tables on the upgraded database keep a seed above 2**63 exactly.
        salt = deal.new_salt()
        top = 2**64 - 1
        store.create_table(_row("new1", top, salt, fixed=True))
        new = store.load("new1")
        assert new is not None and new.seed == top and new.salt == salt and new.fixed_seed
        assert new.commitment == deal.commit("night-market", 3, {}, top, salt, True)
    finally:
        store.close()
    again = Store(old_db)  # the upgrade is done once; opening again changes nothing
    try:
        loaded = again.load("new1")
        assert loaded is not None and loaded.seed == 2**64 - 1
        old = again.load("old1")
        assert old is not None and old.seed == OLD_SEED
    finally:
        again.close()


def _row(table_id: str, seed: int, salt: str, fixed: bool) -> dict[str, object]:
    return {
        "id": table_id,
        "game": "night-market",
        "players": 3,
        "seed": seed,
        "options": {},
        "seats": [{"kind": "bot", "bot": "random", "name": ""}] * 3,
        "lang": "en",
        "salt": salt,
        "commitment": deal.commit("night-market", 3, {}, seed, salt, fixed),
        "fixed_seed": fixed,
    }


def test_an_old_sqlite_file_stores_big_seeds_as_text(tmp_path: Path) -> None:
    """SQLite would turn digits above 2**63 into a float in an INTEGER column."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        for statement in OLD_SCHEMA["sqlite"]:
            db.execute(statement)
    store = Store(f"sqlite:///{path}")
    try:
        store.create_table(_row("big", 2**64 - 2, "ab" * 32, fixed=False))
    finally:
        store.close()
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT seed, typeof(seed), fixed_seed FROM tables").fetchone()
    assert row == (str(2**64 - 2), "text", 0)


def test_a_database_from_before_turn_timers_gains_the_column(tmp_path: Path) -> None:
    """A database of the schema before turn timers (seed text, salt, no ``turn_minutes``)."""
    url = f"sqlite:///{tmp_path / 'timers.db'}"
    store = Store(url)
    store.create_table(_row("before", 5, deal.new_salt(), fixed=False))
    store.close()
    with sqlite3.connect(tmp_path / "timers.db") as db:
        db.execute("ALTER TABLE tables DROP COLUMN turn_minutes")
    again = Store(url)
    try:
        columns = {c["name"] for c in inspect(again.engine).get_columns("tables")}
        assert "turn_minutes" in columns
        loaded = again.load("before")
        assert loaded is not None and loaded.turn_minutes is None and loaded.seed == 5
    finally:
        again.close()


def test_an_old_database_gains_the_analyses_table(old_db: str) -> None:
    """Stored analyses (one row per table and seat; -1: the curve) on an upgraded database."""
    store = Store(old_db)
    try:
        assert "analyses" in inspect(store.engine).get_table_names()
        assert store.load_analysis("old1", CURVE_SEAT) is None
        curve = {"curve": {"moves": [0, 2], "win": [[0.5, 0.25, 0.25], [1.0, 0.0, 0.0]]}}
        store.save_analysis("old1", CURVE_SEAT, curve)
        store.save_analysis("old1", 0, {"decisions": [], "mistakes": []})
        store.save_analysis("old1", 0, {"decisions": ["later"], "mistakes": []})  # ignored
    finally:
        store.close()
    again = Store(old_db)
    try:
        assert again.load_analysis("old1", CURVE_SEAT) == curve
        assert again.load_analysis("old1", 0) == {"decisions": [], "mistakes": []}
        assert again.load_analysis("old1", 1) is None
    finally:
        again.close()


def test_a_table_stored_with_a_v1_commitment_keeps_it_and_still_verifies(
    tmp_path: Path,
) -> None:
    """A table made before the v2 commitment keeps the commitment the players saw (it is
    stored, never recomputed), replays to the same game and its record still verifies."""
    seed, salt = 2**64 - 3, "7e" * deal.SALT_BYTES
    match = Match.new(get_game("night-market"), 3, seed, {}, ["random"] * 3)
    bot = RandomBot(11)
    while not match.state.is_over():
        match.play(bot.choose(match.state))
    store = Store(f"sqlite:///{tmp_path / 'v1.db'}")
    try:
        row = _row("v1", seed, salt, fixed=False)
        row["commitment"] = old = deal.commit_v1(seed, salt)
        row["options"] = dict(match.state.options)
        store.create_table(row)
        replay = get_game("night-market").new(3, seed, row["options"])
        for seq, action in enumerate(match.record.actions):
            seat = replay.to_move()
            assert seat is not None
            replay.apply(replay.parse(action))
            store.add_move("v1", seq, seat, action, replay.is_over())
        info = store.load("v1")
        assert info is not None and info.commitment == old and info.over
        state, history = replay_table(info)
        assert state.scores() == match.state.scores() and len(history) == len(match.record.actions)
        assert all(state.view(s) == match.state.view(s) for s in range(3))
        record = LiveTable(info, state, history).record()
        assert record["commitment"] == old and record["actions"] == match.record.actions
    finally:
        store.close()
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = invoke("verify", str(path), "--commitment", old)
    assert result.returncode == 0, result.stdout
    assert f"SHA-256 of the seed and the salt is the commitment {old}." in result.stdout
    assert "This is a v1 commitment" in result.stdout


def test_an_old_database_gains_the_chat_and_the_rematch(old_db: str) -> None:
    """Talk at the table on an upgraded database: the ``chats`` table and the ``chat_off``,
    ``rematch`` and ``rematch_by`` columns are added; an old table has its chat on, no
    lines and no rematch, and what is stored then survives opening the database again."""
    store = Store(old_db)
    try:
        assert "chats" in inspect(store.engine).get_table_names()
        columns = {c["name"] for c in inspect(store.engine).get_columns("tables")}
        assert {"chat_off", "rematch", "rematch_by"} <= columns
        old = store.load("old1")
        assert old is not None and (old.chat_off, old.rematch, old.chats) == (False, None, [])
        line = store.add_chat("old1", 0, "Ann", "text", "hello")
        store.add_chat("old1", 1, "", "reaction", "thanks")
        store.set_chat_off("old1", True)
        assert store.set_rematch("old1", "next1", 1) == ("next1", 1)
        assert store.set_rematch("old1", "next2", 0) == ("next1", 1)  # the first one stands
    finally:
        store.close()
    again = Store(old_db)
    try:
        loaded = again.load("old1")
        assert loaded is not None and loaded.chat_off and loaded.rematch == "next1"
        assert loaded.rematch_by == 1 and loaded.chats[0] == line
        assert [(c["seat"], c["kind"], c["text"]) for c in loaded.chats] == [
            (0, "text", "hello"),
            (1, "reaction", "thanks"),
        ]
    finally:
        again.close()
