"""People in the database (docs/web.md, "Your page"): their rows, claimed seats, results,
mailed notices and push subscriptions, one short transaction per call (thread-safe)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bazaar.web.people_rows import ClaimRow, NoticeRow, PersonRow, PushRow, ResultRow
from bazaar.web.store import Store, TableRow

#: The columns of a person handed out as a dict (never the key's hash).
PERSON_FIELDS = (
    "id",
    "name",
    "lang",
    "email",
    "email_confirmed",
    "mail_key",
    "mails",
    "public",
    "classroom",
    "created",
    "digest_sent",
)


#: A result joined with the claim of its seat.
CLAIMED_RESULT = and_(ClaimRow.table_id == ResultRow.table_id, ClaimRow.seat == ResultRow.seat)


class SeatTaken(Exception):
    """The seat is claimed by another person already."""


def person_dict(row: PersonRow) -> dict[str, Any]:
    return {name: getattr(row, name) for name in PERSON_FIELDS}


class PeopleStore:
    """The people's rows in ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def engine(self) -> Any:
        return self.store.engine

    def create_person(self, row: dict[str, Any]) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(PersonRow(created=self.store.clock(), **row))

    def person(self, person_id: str) -> dict[str, Any] | None:
        with Session(self.engine) as session:
            row = session.get(PersonRow, person_id)
            return None if row is None else person_dict(row)

    def person_by_key(self, key_hash: str) -> dict[str, Any] | None:
        with Session(self.engine) as session:
            row = session.scalars(select(PersonRow).where(PersonRow.key_hash == key_hash)).first()
            return None if row is None else person_dict(row)

    def update_person(self, person_id: str, fields: dict[str, Any]) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(PersonRow).where(PersonRow.id == person_id).values(**fields))

    def claim(self, person_id: str, table_id: str, seat: int, token: str) -> None:
        """Give ``seat`` of ``table_id`` to the person (again: nothing changes); SeatTaken if
        another person has it."""
        try:
            with self.engine.begin() as connection:
                row = {
                    "person": person_id,
                    "table_id": table_id,
                    "seat": seat,
                    "token": token,
                    "created": self.store.clock(),
                }
                connection.execute(insert(ClaimRow), [row])
        except IntegrityError as exc:
            owner = self.claimant(table_id, seat)
            if owner != person_id:
                raise SeatTaken(f"seat {seat} of table {table_id} is claimed already") from exc

    def claimant(self, table_id: str, seat: int) -> str | None:
        with Session(self.engine) as session:
            return session.scalar(
                select(ClaimRow.person).where(ClaimRow.table_id == table_id, ClaimRow.seat == seat)
            )

    def claimants(self, table_id: str) -> dict[int, dict[str, Any]]:
        """seat -> the person who claimed it (with the seat's ``token``)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(ClaimRow.seat, ClaimRow.token, PersonRow)
                .join(PersonRow, PersonRow.id == ClaimRow.person)
                .where(ClaimRow.table_id == table_id)
            ).all()
            return {seat: {**person_dict(p), "token": token} for seat, token, p in rows}

    def claims_of(self, person_id: str) -> list[dict[str, Any]]:
        """The person's seats, newest table first, with what the table row says."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(ClaimRow, TableRow)
                .join(TableRow, TableRow.id == ClaimRow.table_id)
                .where(ClaimRow.person == person_id)
                .order_by(TableRow.created.desc())
            ).all()
            return [
                {
                    "table": table.id,
                    "seat": claim.seat,
                    "token": claim.token,
                    "game": table.game,
                    "players": table.players,
                    "over": bool(table.over),
                    "pace": table.pace or "live",
                    "created": table.created,
                    "classroom": table.classroom,
                }
                for claim, table in rows
            ]

    def results(self, game: str, classroom: str | None) -> list[dict[str, Any]]:
        """Every seat's result of ``game`` among the people of ``classroom`` (None: outside
        classrooms), with the claiming person (or None), oldest game first."""
        where = (
            ResultRow.classroom.is_(None)
            if classroom is None
            else (ResultRow.classroom == classroom)
        )
        with Session(self.engine) as session:
            rows = session.execute(
                select(ResultRow, ClaimRow.person)
                .outerjoin(
                    ClaimRow,
                    CLAIMED_RESULT,
                )
                .where(ResultRow.game == game, where)
                .order_by(ResultRow.finished, ResultRow.table_id, ResultRow.seat)
            ).all()
            return [
                {
                    "table": r.table_id,
                    "seat": r.seat,
                    "players": r.players,
                    "bot": r.bot,
                    "score": r.score,
                    "place": r.place,
                    "finished": r.finished,
                    "person": person,
                }
                for r, person in rows
            ]

    def finished_of(self, person_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """The person's finished games, newest first: the claim, their result, the seats."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(ClaimRow, ResultRow, TableRow)
                .join(
                    ResultRow,
                    CLAIMED_RESULT,
                )
                .join(TableRow, TableRow.id == ClaimRow.table_id)
                .where(ClaimRow.person == person_id)
                .order_by(ResultRow.finished.desc())
                .limit(limit)
            ).all()
            return [
                {
                    "table": table.id,
                    "seat": claim.seat,
                    "token": claim.token,
                    "game": table.game,
                    "players": table.players,
                    "pace": table.pace or "live",
                    "created": table.created,
                    "seats": list(table.seats),
                    "place": result.place,
                    "score": result.score,
                    "finished": result.finished,
                }
                for claim, result, table in rows
            ]

    def games_played(self, person_id: str) -> list[str]:
        """The games of which the person has a finished result."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ResultRow.game)
                .join(
                    ClaimRow,
                    CLAIMED_RESULT,
                )
                .where(ClaimRow.person == person_id)
                .distinct()
            )
            return sorted(rows)

    def has_results(self, table_id: str) -> bool:
        with Session(self.engine) as session:
            found = session.scalar(select(ResultRow.id).where(ResultRow.table_id == table_id))
            return found is not None

    def add_results(self, rows: list[dict[str, Any]], finished: float) -> None:
        """Store a finished game's results (written already by another request: ignored)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(ResultRow), [{**r, "finished": finished} for r in rows])
        except IntegrityError:
            pass

    def add_notice(self, person_id: str, table_id: str, seq: int) -> bool:
        """Note a turn notice of move ``seq``; False if one was noted already (by any
        server process): at most one per person, table and move."""
        row = {"person": person_id, "table_id": table_id, "seq": seq}
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(NoticeRow), [{**row, "created": self.store.clock()}])
        except IntegrityError:
            return False
        return True

    def digest_people(self, before: float) -> list[dict[str, Any]]:
        """People who take a daily digest at a confirmed address and had none since
        ``before``."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(PersonRow).where(
                    PersonRow.mails == "digest",
                    PersonRow.email_confirmed == 1,
                    (PersonRow.digest_sent.is_(None)) | (PersonRow.digest_sent < before),
                )
            )
            return [person_dict(row) for row in rows]

    def take_digest(self, person_id: str, before: float, now: float) -> bool:
        """Mark the person's digest sent at ``now`` unless one was since ``before`` (by any
        server process); True if this caller is the one to send it."""
        with self.engine.begin() as connection:
            done = connection.execute(
                update(PersonRow)
                .where(
                    PersonRow.id == person_id,
                    (PersonRow.digest_sent.is_(None)) | (PersonRow.digest_sent < before),
                )
                .values(digest_sent=now)
            )
            return bool(done.rowcount)

    def add_push(self, person_id: str, endpoint: str, p256dh: str, auth: str) -> None:
        """Keep a browser's push subscription (the same endpoint again replaces its keys)."""
        with Session(self.engine) as session, session.begin():
            row = session.scalars(select(PushRow).where(PushRow.endpoint == endpoint)).first()
            if row is None:
                session.add(
                    PushRow(
                        person=person_id,
                        endpoint=endpoint,
                        p256dh=p256dh,
                        auth=auth,
                        created=self.store.clock(),
                    )
                )
            else:
                row.person, row.p256dh, row.auth = person_id, p256dh, auth

    def pushes_of(self, person_id: str) -> list[dict[str, str]]:
        with Session(self.engine) as session:
            rows = session.scalars(select(PushRow).where(PushRow.person == person_id))
            return [{"endpoint": r.endpoint, "p256dh": r.p256dh, "auth": r.auth} for r in rows]

    def remove_push(self, endpoint: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(PushRow).where(PushRow.endpoint == endpoint))
