"""The declarative base of every table of the server's database (bazaar/web/store.py,
bazaar/web/people_rows.py)."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass
