"""The server's database: tables and their moves, event-sourced, through SQLAlchemy.

A table row holds what starts a game (game, players, seed, options) and its seats; each
accepted action is one ``moves`` row with a unique ``(table_id, seq)`` key, written before
the move is broadcast. A game's state is rebuilt by replaying its moves, so a restarted
server continues every game exactly, and two racing writers cannot both store move ``seq``.

SQLite (the default, a file in the user's data directory) and PostgreSQL (``postgresql://``
URLs, with the ``postgres`` extra installed) are supported.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir
from sqlalchemy import (
    JSON,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One game table: how the game starts, its seats, and whether it is over."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: [{"kind": "human"|"bot", "bot": spec|None, "name": str, "token_hash": str|None}]
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    lang: Mapped[str] = mapped_column(String(8))
    created: Mapped[float] = mapped_column(Float)
    over: Mapped[int] = mapped_column(Integer, default=0)


class MoveRow(Base):
    """One accepted action: the ``seq``-th action (from 0) of a table, in notation."""

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="one_move_per_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(80))
    created: Mapped[float] = mapped_column(Float)


@dataclass
class StoredTable:
    """A table as read from the database, with its moves in order."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    lang: str
    created: float
    over: bool
    moves: list[tuple[int, str]]  # (seat, notation)


class DuplicateMove(Exception):
    """Another writer already stored this table's move ``seq``."""


def default_db_url() -> str:
    """``sqlite:///<user data dir>/bazaar.db`` (the folder is created)."""
    folder = Path(user_data_dir("bazaar", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'bazaar.db'}"


def normalize_url(url: str) -> str:
    """Use the psycopg 3 driver for plain ``postgresql://`` URLs."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """Tables and moves in a SQL database (thread-safe; one short session per call)."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        if self.url.startswith("sqlite"):
            path = self.url.split("///", 1)[-1]
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self.engine: Engine = create_engine(
                self.url, connect_args={"check_same_thread": False, "timeout": 30}
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(self.url, pool_pre_ping=True)
        Base.metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create_table(self, row: dict[str, Any]) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(TableRow(created=time.time(), over=0, **row))

    def add_move(self, table_id: str, seq: int, seat: int, action: str, over: bool) -> None:
        """Store move ``seq``; raise DuplicateMove if that sequence number is taken."""
        row = {"table_id": table_id, "seq": seq, "seat": seat, "action": action}
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(MoveRow), [{**row, "created": time.time()}])
                if over:
                    connection.execute(
                        update(TableRow).where(TableRow.id == table_id).values(over=1)
                    )
        except IntegrityError as exc:
            raise DuplicateMove(f"move {seq} of table {table_id} is already stored") from exc

    def set_seat_name(self, table_id: str, seat: int, name: str) -> None:
        with Session(self.engine) as session, session.begin():
            row = session.get_one(TableRow, table_id)
            seats = json.loads(json.dumps(row.seats))
            seats[seat]["name"] = name
            row.seats = seats

    def load(self, table_id: str) -> StoredTable | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            moves = session.execute(
                select(MoveRow.seat, MoveRow.action)
                .where(MoveRow.table_id == table_id)
                .order_by(MoveRow.seq)
            ).all()
            return StoredTable(
                row.id,
                row.game,
                row.players,
                row.seed,
                dict(row.options),
                list(row.seats),
                row.lang,
                row.created,
                bool(row.over),
                [(m.seat, m.action) for m in moves],
            )

    def list_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest tables first: id, game, players, seats (no token hashes), over, moves."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TableRow).order_by(TableRow.created.desc()).limit(limit)
            ).all()
            out = []
            for row in rows:
                count = session.query(MoveRow).filter(MoveRow.table_id == row.id).count()
                out.append(
                    {
                        "id": row.id,
                        "game": row.game,
                        "players": row.players,
                        "seats": [public_seat(i, s) for i, s in enumerate(row.seats)],
                        "over": bool(row.over),
                        "moves": count,
                        "created": row.created,
                    }
                )
            return out


def public_seat(seat: int, info: dict[str, Any]) -> dict[str, Any]:
    """A seat as anyone may see it (never the token hash)."""
    return {"seat": seat, "name": info["name"], "kind": info["kind"], "bot": info.get("bot")}
