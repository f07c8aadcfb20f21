"""The database layer on SQLite and on PostgreSQL (see tests/web/databases.py)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from bazaar.web.store import DuplicateMove, Store, normalize_url, token_hash


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    db = Store(db_url)
    yield db
    db.close()


def _table(table_id: str) -> dict[str, object]:
    return {
        "id": table_id,
        "game": "night-market",
        "players": 3,
        "seed": 12,
        "options": {"rounds": 5},
        "seats": [
            {"kind": "human", "bot": None, "name": "Ann", "token_hash": token_hash("secret")},
            {"kind": "bot", "bot": "random", "name": ""},
            {"kind": "bot", "bot": "heuristic", "name": ""},
        ],
        "lang": "zh-TW",
    }


def test_tables_and_moves_round_trip(store: Store) -> None:
    table_id = uuid.uuid4().hex[:12]
    store.create_table(_table(table_id))
    store.add_move(table_id, 0, 0, "hide T1E", over=False)
    store.add_move(table_id, 1, 1, "pass", over=True)
    loaded = store.load(table_id)
    assert loaded is not None
    assert loaded.moves == [(0, "hide T1E"), (1, "pass")]
    assert loaded.over and loaded.seed == 12 and loaded.lang == "zh-TW"
    assert loaded.seats[0]["token_hash"] == token_hash("secret")
    listed = next(t for t in store.list_tables() if t["id"] == table_id)
    assert listed["moves"] == 2 and listed["over"] is True
    assert "token_hash" not in str(listed)


def test_a_sequence_number_is_stored_once(store: Store) -> None:
    table_id = uuid.uuid4().hex[:12]
    store.create_table(_table(table_id))
    store.add_move(table_id, 0, 0, "hide T1E", over=False)
    with pytest.raises(DuplicateMove):
        store.add_move(table_id, 0, 0, "hide T2F", over=False)
    loaded = store.load(table_id)
    assert loaded is not None and loaded.moves == [(0, "hide T1E")]


def test_rename_and_missing_table(store: Store) -> None:
    table_id = uuid.uuid4().hex[:12]
    store.create_table(_table(table_id))
    store.set_seat_name(table_id, 0, "小明")
    loaded = store.load(table_id)
    assert loaded is not None and loaded.seats[0]["name"] == "小明"
    assert store.load("no-such-table") is None


def test_postgres_urls_use_psycopg() -> None:
    assert normalize_url("postgresql://me@host/db") == "postgresql+psycopg://me@host/db"
    assert normalize_url("postgres://me@host/db") == "postgresql+psycopg://me@host/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"


def test_an_undo_deletes_only_the_newest_move(store: Store) -> None:
    table_id = uuid.uuid4().hex[:12]
    store.create_table({**_table(table_id), "turn_minutes": 5})
    store.add_move(table_id, 0, 0, "hide T1E", over=False)
    store.add_move(table_id, 1, 1, "pass", over=False)
    assert store.delete_move(table_id, 0) is False  # not the newest: it stands
    assert store.delete_move(table_id, 1) is True
    assert store.delete_move(table_id, 1) is False  # gone already
    store.add_move(table_id, 1, 1, "bid 3", over=False)  # its number is free again
    loaded = store.load(table_id)
    assert loaded is not None and loaded.moves == [(0, "hide T1E"), (1, "bid 3")]
    assert loaded.turn_minutes == 5


def test_a_stand_in_is_stored_with_its_seat(store: Store) -> None:
    table_id = uuid.uuid4().hex[:12]
    store.create_table(_table(table_id))
    store.set_seat(table_id, 0, "standin", "ismcts:easy")
    loaded = store.load(table_id)
    assert loaded is not None and loaded.seats[0]["standin"] == "ismcts:easy"
    assert loaded.turn_minutes is None
    listed = next(t for t in store.list_tables() if t["id"] == table_id)
    assert listed["seats"][0]["standin"] == "ismcts:easy" and listed["turn_minutes"] is None
    store.set_seat(table_id, 0, "standin", None)
    loaded = store.load(table_id)
    assert loaded is not None and loaded.seats[0]["standin"] is None
