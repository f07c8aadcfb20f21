"""The databases the store, restart and race tests run on: SQLite, and PostgreSQL.

``scripts/postgres.sh`` (run by ``scripts/test.sh``) installs and starts Debian's PostgreSQL
and prints a URL, which ``BAZAAR_TEST_POSTGRES`` carries to pytest. Each test session (each
xdist worker) creates a fresh database on that server and drops it at the end, so runs never
see each other's rows. Without the variable the PostgreSQL tests are skipped, unless
``BAZAAR_REQUIRE_POSTGRES=1`` (scripts/test.sh sets it when run as root, as in CI): then they
fail.
"""

from __future__ import annotations

import os
import secrets

from sqlalchemy import create_engine, make_url, text

from bazaar.web.store import normalize_url

DATABASES = ["sqlite", "postgres"]
URL_VARIABLE = "BAZAAR_TEST_POSTGRES"
REQUIRE_VARIABLE = "BAZAAR_REQUIRE_POSTGRES"


def postgres_required() -> bool:
    return os.environ.get(REQUIRE_VARIABLE, "") == "1"


def postgres_unavailable() -> str | None:
    """Why the PostgreSQL tests cannot run here, or None when they can."""
    if not os.environ.get(URL_VARIABLE):
        return (
            f"{URL_VARIABLE} is not set (scripts/postgres.sh installs and starts Debian's"
            " PostgreSQL and prints the URL; it needs root or sudo)"
        )
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed: pip install -e '.[postgres]'"
    return None


def _run(url: str, statement: str) -> None:
    engine = create_engine(normalize_url(url), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text(statement))
    finally:
        engine.dispose()


def create_database(server_url: str) -> str:
    """Create an empty UTF-8 database next to ``server_url``'s and return its URL."""
    name = f"bazaar_test_{os.getpid()}_{secrets.token_hex(4)}"
    _run(server_url, f"CREATE DATABASE {name} ENCODING 'UTF8' LOCALE 'C' TEMPLATE template0")
    return make_url(server_url).set(database=name).render_as_string(hide_password=False)


def drop_database(server_url: str, url: str) -> None:
    """Drop the database of ``url`` (closing what is still connected to it)."""
    name = make_url(url).database
    _run(server_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def stored_moves(url: str, table_id: str) -> list[tuple[int, str]]:
    """The ``(seq, action)`` rows of a table's moves, read straight from the database."""
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text("SELECT seq, action FROM moves WHERE table_id = :id ORDER BY seq"),
                {"id": table_id},
            )
            return [(seq, action) for seq, action in rows]
    finally:
        engine.dispose()
