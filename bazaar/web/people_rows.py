"""The database rows of people (docs/web.md, "Your page"): a person, the seats they claimed,
each finished game's results, the turn notices sent and the browsers that take Web Push
(made with the rest by :class:`bazaar.web.store.Store`)."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bazaar.web.dbbase import Base


class PersonRow(Base):
    """A person: no password — their secret key (kept as a SHA-256 hash) opens their page."""

    __tablename__ = "people"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(160))
    lang: Mapped[str] = mapped_column(String(8))
    #: an e-mail address (optional) and whether its owner confirmed it (1)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    email_confirmed: Mapped[int] = mapped_column(Integer, default=0)
    #: the secret of the person's mail links (confirm, stop the mails): not their key
    mail_key: Mapped[str] = mapped_column(String(32))
    #: how turn notices are mailed: "each" (one per table per move), "digest" (one a day),
    #: "off"
    mails: Mapped[str] = mapped_column(String(8), default="each")
    #: 1: others may see the person's name and ratings (their public page)
    public: Mapped[int] = mapped_column(Integer, default=0)
    #: a classroom's student: a person of that classroom only
    classroom: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created: Mapped[float] = mapped_column(Float)
    #: when the last daily digest was sent
    digest_sent: Mapped[float | None] = mapped_column(Float, nullable=True)


class ClaimRow(Base):
    """A seat claimed by a person, with its token (so that their page links to the seat)."""

    __tablename__ = "claims"
    __table_args__ = (UniqueConstraint("table_id", "seat", name="one_person_per_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    person: Mapped[str] = mapped_column(ForeignKey("people.id"), index=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    token: Mapped[str] = mapped_column(String(100))
    created: Mapped[float] = mapped_column(Float)


class ResultRow(Base):
    """One seat's result in a finished game: its score and place (1: first; ties share)."""

    __tablename__ = "results"
    __table_args__ = (UniqueConstraint("table_id", "seat", name="one_result_per_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(40), index=True)
    players: Mapped[int] = mapped_column(Integer)
    #: the bot spec of a bot's seat (None: a person's)
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    score: Mapped[float] = mapped_column(Float)
    place: Mapped[int] = mapped_column(Integer)
    classroom: Mapped[str | None] = mapped_column(String(32), nullable=True)
    finished: Mapped[float] = mapped_column(Float)


class NoticeRow(Base):
    """A turn notice mailed: at most one per person, table and move (``seq``)."""

    __tablename__ = "notices"
    __table_args__ = (UniqueConstraint("person", "table_id", "seq", name="one_notice_per_move"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    person: Mapped[str] = mapped_column(ForeignKey("people.id"), index=True)
    table_id: Mapped[str] = mapped_column(String(32))
    seq: Mapped[int] = mapped_column(Integer)
    created: Mapped[float] = mapped_column(Float)


class PushRow(Base):
    """A browser of a person that takes Web Push turn notices (its push subscription)."""

    __tablename__ = "pushes"
    __table_args__ = (UniqueConstraint("endpoint", name="one_row_per_endpoint"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    person: Mapped[str] = mapped_column(ForeignKey("people.id"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1000))
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created: Mapped[float] = mapped_column(Float)
