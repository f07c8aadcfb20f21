"""The server's database: tables and their moves, event-sourced, through SQLAlchemy.

A table row holds what starts a game (game, players, seed, options) and its seats; each
accepted action is one ``moves`` row with a unique ``(table_id, seq)`` key, written before
the move is broadcast. A game's state is rebuilt by replaying its moves, so a restarted
server continues every game exactly, and two racing writers cannot both store move ``seq``.

SQLite (the default, a file in the user's data directory) and PostgreSQL (``postgresql://``
URLs, with the ``postgres`` extra installed) are supported.

Seeds are 64-bit unsigned numbers, more than a signed BIGINT holds, so ``tables.seed`` is
text (decimal digits). Databases made before that (an integer ``seed`` column, no ``salt``,
``commitment`` or ``fixed_seed``) are upgraded in place when a :class:`Store` opens them; the
``analyses`` table (stored post-game analyses) and the ``chats`` table (the talk at each
table) are created in an older database when it opens.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from bazaar.core.deal import public_deal
from bazaar.core.paths import data_folder
from bazaar.web.dbbase import Base
from bazaar.web.people_rows import ResultRow
from bazaar.web.shapes import ChatLine, ListedDeal, SeatRow


class TableRow(Base):
    """One game table: how the game starts, its seats, and whether it is over."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    #: decimal digits (0 <= seed < 2**64 does not fit a signed BIGINT)
    seed: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: [{"kind": "human"|"bot", "bot": spec|None, "name": str, "token_hash": str|None}]
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    lang: Mapped[str] = mapped_column(String(8))
    created: Mapped[float] = mapped_column(Float)
    over: Mapped[int] = mapped_column(Integer, default=0)
    #: the deal's salt and SHA-256 commitment (hex); NULL for tables made before commitments
    salt: Mapped[str | None] = mapped_column(String(64), nullable=True)
    commitment: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: 1 when the creator chose the seed, 0 when the server drew it, NULL: not known (old)
    fixed_seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: the turn timer in minutes per move (NULL: none; docs/web.md, "Absent players")
    turn_minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: how many moves were taken back (NULL: none, or a table made before undos were
    #: counted); with the stored moves it gives the table's position version
    undos: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: the classroom the table belongs to (NULL: none; docs/web.md, "Classrooms")
    classroom: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: 1 when the host turned the table's chat off (NULL or 0: on; docs/web.md, "Talk at
    #: the table")
    chat_off: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: the id of the rematch table made from this one, and the seat that asked for it first
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_by: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: "turn-based" (a time per move of hours or days; docs/web.md, "Turn-based tables"),
    #: NULL or "live": played in one sitting
    pace: Mapped[str | None] = mapped_column(String(12), nullable=True)
    #: a turn-based table's rule when a move's time runs out: "bot-move" or "standin"
    on_timeout: Mapped[str | None] = mapped_column(String(12), nullable=True)
    #: when (UNIX seconds) the time of the person to move runs out at a turn-based table
    #: (NULL: nobody is on the clock), so that due tables are found without loading them
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)


class ClassroomRow(Base):
    """A teacher's set of tables of one game (docs/web.md, "Classrooms")."""

    __tablename__ = "classrooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    #: "same" (duplicate: every table has one secret seed) or "different"
    deal: Mapped[str] = mapped_column(String(12))
    name: Mapped[str] = mapped_column(String(80))
    lang: Mapped[str] = mapped_column(String(8))
    #: SHA-256 of the teacher token (the token itself is never stored)
    token_hash: Mapped[str] = mapped_column(String(64))
    #: the table ids in the teacher's order
    tables: Mapped[list[str]] = mapped_column(JSON)
    created: Mapped[float] = mapped_column(Float)


#: Columns added to ``tables`` since the first schema, with their SQL types.
ADDED_COLUMNS = {
    "salt": "VARCHAR(64)",
    "commitment": "VARCHAR(64)",
    "fixed_seed": "INTEGER",
    "turn_minutes": "INTEGER",
    "undos": "INTEGER",
    "classroom": "VARCHAR(32)",
    "chat_off": "INTEGER",
    "rematch": "VARCHAR(32)",
    "rematch_by": "INTEGER",
    "pace": "VARCHAR(12)",
    "on_timeout": "VARCHAR(12)",
    "deadline": "FLOAT",
}


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


class AnalysisRow(Base):
    """A finished game's stored analysis: ``seat`` -1 holds the seat-independent part (the
    win curve and turning points), ``seat`` k that seat's judged decisions. Computed once."""

    __tablename__ = "analyses"
    __table_args__ = (UniqueConstraint("table_id", "seat", name="one_analysis_per_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """One chat line of a table: written by ``seat`` under ``name``; ``kind`` ``text`` (the
    words) or ``reaction`` (a quick reaction's id: each reader sees it in their language)."""

    __tablename__ = "chats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(160))
    kind: Mapped[str] = mapped_column(String(12))
    text: Mapped[str] = mapped_column(String(800))
    created: Mapped[float] = mapped_column(Float)


#: How many of a table's newest chat lines a page gets when it opens.
CHAT_LAST = 50

#: the ``analyses`` seat of the seat-independent part
CURVE_SEAT = -1


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
    salt: str | None = None
    commitment: str | None = None
    fixed_seed: bool | None = None
    turn_minutes: int | None = None
    #: moves taken back so far (docs/web.md, "Undo": the position version)
    undos: int = 0
    #: the classroom of the table (docs/web.md, "Classrooms"), or None
    classroom: str | None = None
    #: the seed is shared with other tables of a duplicate classroom that are not all over:
    #: the deal stays hidden even once this table is over
    deal_held: bool = False
    #: SHA-256 of the classroom's teacher token (the teacher may watch every table of it)
    teacher_hash: str | None = None
    #: the host turned the chat off
    chat_off: bool = False
    #: the rematch table's id and the seat that asked for it (None: no rematch yet)
    rematch: str | None = None
    rematch_by: int | None = None
    #: the newest :data:`CHAT_LAST` chat lines, oldest first
    chats: list[ChatLine] = field(default_factory=list)
    #: "live" or "turn-based", and a turn-based table's rule when time runs out
    pace: str = "live"
    on_timeout: str = "bot-move"
    #: when the time of the person to move runs out (turn-based tables; None: nobody's)
    deadline: float | None = None


class DuplicateMove(Exception):
    """Another writer already stored this table's move ``seq``."""


def default_db_url() -> str:
    """``sqlite:///<user data dir>/bazaar.db`` (the folder is created)."""
    folder = data_folder()
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


#: The advisory lock under which a PostgreSQL database's tables are made.
SCHEMA_LOCK = 0x62617A00
#: The PostgreSQL channel on which server processes tell each other of a table's change.
CHANNEL = "bazaar_tables"


class Store:
    """Tables and moves in a SQL database (thread-safe; one short session per call).
    ``clock`` gives the UNIX time every row's ``created`` is stamped with (the hub sets its
    own, so that tests which move the clock move the stored times too)."""

    def __init__(self, url: str, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        #: this process's name in the notices of changes to other server processes (None:
        #: no other process shares the database; docs/web.md, "More than one process")
        self.origin: str | None = None
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
        with self.engine.begin() as connection:
            if self.shared:  # server processes starting together make the tables once
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            Base.metadata.create_all(connection)
        self.upgrade()

    def _outdated(self, columns: dict[str, str]) -> bool:
        return "INT" in columns["seed"].upper() or any(c not in columns for c in ADDED_COLUMNS)

    def upgrade(self) -> None:
        """Bring a ``tables`` table of an older schema up to date (idempotent)."""
        found = {c["name"]: str(c["type"]) for c in inspect(self.engine).get_columns("tables")}
        if not self._outdated(found):
            return
        if self.engine.dialect.name == "sqlite":
            self._upgrade_sqlite()
        else:
            self._upgrade_postgres()

    def _upgrade_sqlite(self) -> None:
        """SQLite cannot change a column's type: copy ``seed`` into a text column that
        takes its place, all in one write transaction (a second server waits for it)."""
        path = self.engine.url.database
        assert path and path != ":memory:"  # a new in-memory database is already current
        db = sqlite3.connect(path, isolation_level=None, timeout=30)
        try:
            db.execute("BEGIN IMMEDIATE")
            columns = {row[1]: row[2] for row in db.execute("PRAGMA table_info(tables)")}
            for name, kind in ADDED_COLUMNS.items():
                if name not in columns:
                    db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
            if "INT" in columns["seed"].upper():
                db.execute("ALTER TABLE tables ADD COLUMN seed_text VARCHAR(20)")
                db.execute("UPDATE tables SET seed_text = CAST(seed AS TEXT)")
                db.execute("ALTER TABLE tables DROP COLUMN seed")
                db.execute("ALTER TABLE tables RENAME COLUMN seed_text TO seed")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        finally:
            db.close()

    def _upgrade_postgres(self) -> None:
        with self.engine.begin() as connection:
            connection.execute(text("LOCK TABLE tables IN ACCESS EXCLUSIVE MODE"))
            found = {c["name"]: str(c["type"]) for c in inspect(connection).get_columns("tables")}
            for name, kind in ADDED_COLUMNS.items():
                if name not in found:
                    connection.execute(text(f"ALTER TABLE tables ADD COLUMN {name} {kind}"))
            if "INT" in found["seed"].upper():
                connection.execute(
                    text("ALTER TABLE tables ALTER COLUMN seed TYPE VARCHAR(20) USING seed::text")
                )

    def close(self) -> None:
        self.engine.dispose()

    @property
    def shared(self) -> bool:
        """Can several server processes share this database (PostgreSQL)?"""
        return self.engine.dialect.name == "postgresql"

    def _notify(self, connection: Any, table_id: str, kind: str) -> None:
        """Tell the other server processes, when this transaction commits, that ``table_id``
        changed (``kind``: move, undo, seat, chat, info)."""
        if self.origin is not None:
            payload = f"{table_id} {kind} {self.origin}"
            connection.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": payload},
            )

    def create_table(self, row: dict[str, Any]) -> None:
        with Session(self.engine) as session, session.begin():
            fields = {**row, "seed": str(row["seed"])}
            if "fixed_seed" in fields:
                fields["fixed_seed"] = int(fields["fixed_seed"])
            session.add(TableRow(created=self.clock(), over=0, **fields))

    def add_move(
        self,
        table_id: str,
        seq: int,
        seat: int,
        action: str,
        over: bool,
        deadline: float | None = None,
        *,
        timed: bool = False,
        results: list[dict[str, Any]] | None = None,
    ) -> None:
        """Store move ``seq`` (and, at a turn-based table, ``timed``, its new ``deadline``;
        the last move, the game's ``results``: rows of ``people_rows.ResultRow``) in one
        transaction; raise DuplicateMove if that sequence number is taken."""
        row = {"table_id": table_id, "seq": seq, "seat": seat, "action": action}
        changes: dict[str, Any] = {"over": 1} if over else {}
        if timed or over:
            changes["deadline"] = None if over else deadline
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(MoveRow), [{**row, "created": self.clock()}])
                if changes:
                    connection.execute(
                        update(TableRow).where(TableRow.id == table_id).values(**changes)
                    )
                if results:
                    now = self.clock()
                    connection.execute(insert(ResultRow), [{**r, "finished": now} for r in results])
                self._notify(connection, table_id, "move")
        except IntegrityError as exc:
            raise DuplicateMove(f"move {seq} of table {table_id} is already stored") from exc

    def delete_move(self, table_id: str, seq: int) -> bool:
        """Delete move ``seq`` if it is the table's newest (an undo) and count the undo in
        ``tables.undos``, in one transaction; False if it is not the newest."""
        with self.engine.begin() as connection:
            newest = connection.execute(
                select(MoveRow.seq)
                .where(MoveRow.table_id == table_id)
                .order_by(MoveRow.seq.desc())
                .limit(1)
            ).scalar()
            if newest != seq:
                return False
            connection.execute(
                delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.seq == seq)
            )
            connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(undos=func.coalesce(TableRow.undos, 0) + 1)
            )
            self._notify(connection, table_id, "undo")
            return True

    def save_analysis(self, table_id: str, seat: int, data: dict[str, Any]) -> None:
        """Store an analysis part (a second writer of the same part is ignored)."""
        try:
            with self.engine.begin() as connection:
                row = {"table_id": table_id, "seat": seat, "data": data, "created": self.clock()}
                connection.execute(insert(AnalysisRow), [row])
        except IntegrityError:
            pass  # the same analysis, stored by another request or server first

    def load_analysis(self, table_id: str, seat: int) -> dict[str, Any] | None:
        with Session(self.engine) as session:
            found = session.execute(
                select(AnalysisRow.data).where(
                    AnalysisRow.table_id == table_id, AnalysisRow.seat == seat
                )
            ).scalar()
            return None if found is None else dict(found)

    def set_seat_name(self, table_id: str, seat: int, name: str) -> None:
        self.set_seat(table_id, seat, "name", name)

    def set_seat(self, table_id: str, seat: int, key: str, value: Any) -> None:
        """Set one field of a seat's stored JSON (``name``, ``standin``)."""
        with Session(self.engine) as session, session.begin():
            row = session.get_one(TableRow, table_id)
            seats = json.loads(json.dumps(row.seats))
            seats[seat][key] = value
            row.seats = seats
            self._notify(session, table_id, "seat")

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
            room = session.get(ClassroomRow, row.classroom) if row.classroom else None
            return StoredTable(
                row.id,
                row.game,
                row.players,
                int(row.seed),
                dict(row.options),
                list(row.seats),
                row.lang,
                row.created,
                bool(row.over),
                [(m.seat, m.action) for m in moves],
                row.salt,
                row.commitment,
                None if row.fixed_seed is None else bool(row.fixed_seed),
                row.turn_minutes,
                row.undos or 0,
                row.classroom,
                self._deal_held(session, row.classroom),
                room.token_hash if room is not None else None,
                bool(row.chat_off),
                row.rematch,
                row.rematch_by,
                self._chats(session, table_id),
                row.pace or "live",
                row.on_timeout or "bot-move",
                row.deadline,
            )

    @staticmethod
    def _chats(session: Session, table_id: str) -> list[ChatLine]:
        rows = session.execute(
            select(ChatRow)
            .where(ChatRow.table_id == table_id)
            .order_by(ChatRow.id.desc())
            .limit(CHAT_LAST)
        ).scalars()
        return [chat_line(row) for row in reversed(list(rows))]

    def add_chat(self, table_id: str, seat: int, name: str, kind: str, text: str) -> ChatLine:
        """Store a chat line; return it as sent (:func:`chat_line`)."""
        with Session(self.engine) as session, session.begin():
            row = ChatRow(
                table_id=table_id, seat=seat, name=name, kind=kind, text=text, created=self.clock()
            )
            session.add(row)
            session.flush()
            self._notify(session, table_id, "chat")
            return chat_line(row)

    def set_deadline(self, table_id: str, deadline: float | None) -> None:
        """Set a turn-based table's ``deadline`` (after an undo or a stand-in change)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow).where(TableRow.id == table_id).values(deadline=deadline)
            )

    def moves_since(self, table_id: str, seq: int) -> tuple[list[tuple[int, int, str]], int]:
        """The table's moves from number ``seq`` on, as ``(seq, seat, notation)``, and its
        count of undos (a change in it means a move was taken back)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(MoveRow.seq, MoveRow.seat, MoveRow.action)
                .where(MoveRow.table_id == table_id, MoveRow.seq >= seq)
                .order_by(MoveRow.seq)
            ).all()
            undos = session.scalar(select(TableRow.undos).where(TableRow.id == table_id))
            return [(r.seq, r.seat, r.action) for r in rows], int(undos or 0)

    def chats_after(self, table_id: str, line_id: int) -> list[ChatLine]:
        """The table's chat lines written after line ``line_id``."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id, ChatRow.id > line_id)
                .order_by(ChatRow.id)
            )
            return [chat_line(row) for row in rows]

    def due_tables(self, now: float, limit: int = 100) -> list[str]:
        """The turn-based tables not over whose mover's time ran out by ``now``, the most
        overdue first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TableRow.id)
                .where(TableRow.deadline <= now, TableRow.over == 0)
                .order_by(TableRow.deadline)
                .limit(limit)
            )
            return list(rows)

    def set_chat_off(self, table_id: str, off: bool) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow).where(TableRow.id == table_id).values(chat_off=int(off))
            )
            self._notify(connection, table_id, "info")

    def set_rematch(self, table_id: str, rematch: str, by: int) -> tuple[str, int]:
        """Name ``rematch`` (asked for by seat ``by``) the rematch of ``table_id`` unless one
        is named already (two servers on one database agree on the first); return the
        (table, seat) that stands."""
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.rematch.is_(None))
                .values(rematch=rematch, rematch_by=by)
            )
            self._notify(connection, table_id, "info")
            stood = connection.execute(
                select(TableRow.rematch, TableRow.rematch_by).where(TableRow.id == table_id)
            ).one()
        return str(stood[0]), int(stood[1] if stood[1] is not None else by)

    def _deal_held(self, session: Session, classroom_id: str | None) -> bool:
        """True if ``classroom_id`` deals every table the same cards and one of its tables
        is not over yet (so no table may reveal the shared seed)."""
        if classroom_id is None:
            return False
        room = session.get(ClassroomRow, classroom_id)
        if room is None or room.deal != "same":
            return False
        running = session.scalar(
            select(func.count())
            .select_from(TableRow)
            .where(TableRow.classroom == classroom_id, TableRow.over == 0)
        )
        return bool(running)

    def deal_held(self, classroom_id: str | None) -> bool:
        """See :meth:`_deal_held`."""
        with Session(self.engine) as session:
            return self._deal_held(session, classroom_id)

    def create_classroom(self, row: dict[str, Any]) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(ClassroomRow(created=self.clock(), **row))

    def load_classroom(self, classroom_id: str) -> dict[str, Any] | None:
        """The classroom's row as a dict (with ``token_hash``), or None."""
        with Session(self.engine) as session:
            row = session.get(ClassroomRow, classroom_id)
            if row is None:
                return None
            return {
                "id": row.id,
                "game": row.game,
                "players": row.players,
                "deal": row.deal,
                "name": row.name,
                "lang": row.lang,
                "token_hash": row.token_hash,
                "tables": list(row.tables),
                "created": row.created,
            }

    def list_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest tables first: id, game, players, seats (no token hashes), over, moves.
        Classroom tables are not listed (docs/web.md, "Classrooms": a closed room)."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.classroom.is_(None))
                .order_by(TableRow.created.desc())
                .limit(limit)
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
                        "turn_minutes": row.turn_minutes,
                        "deal": listed_deal(row),
                    }
                )
            return out


def chat_line(row: ChatRow) -> ChatLine:
    """A stored chat line as the socket sends it."""
    return {
        "id": row.id,
        "seat": row.seat,
        "name": row.name,
        "kind": "reaction" if row.kind == "reaction" else "text",
        "text": row.text,
        "time": round(row.created, 3),
    }


def listed_deal(row: TableRow) -> ListedDeal:
    """A listed table's ``deal``: :func:`public_deal` without the game digest, which would
    mean replaying every listed game (the table's own payload has it)."""
    shown = public_deal(
        int(row.seed),
        row.salt,
        row.commitment,
        None if row.fixed_seed is None else bool(row.fixed_seed),
        bool(row.over),
    )
    return {
        "fixed": shown["fixed"],
        "commitment": shown["commitment"],
        "seed": shown["seed"],
        "salt": shown["salt"],
    }


def public_seat(seat: int, info: dict[str, Any]) -> SeatRow:
    """A seat as anyone may see it (never the token hash)."""
    return {
        "seat": seat,
        "name": info["name"],
        "kind": info["kind"],
        "bot": info.get("bot"),
        "standin": info.get("standin"),
    }
