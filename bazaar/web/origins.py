"""Which web pages may open a table's WebSocket: the server's own, and those it is told of.

A browser sends the page's ``Origin`` with every WebSocket handshake, and a page of any site
could otherwise connect to a table with a token it has learned. The server accepts a
handshake whose ``Origin`` names the address the client asked for (the ``Host`` header), one
of ``serve --allowed-origins`` (``*`` for any), or no ``Origin`` at all (bots and programs,
which are no browser page).
"""

from __future__ import annotations

from collections.abc import Set
from urllib.parse import urlsplit

from bazaar.i18n import N_

#: The refusal's sentence ({origin}: the page's origin as sent).
FOREIGN_ORIGIN = N_(
    "a page at {origin} may not connect to this server's tables: open the table from the "
    "server's own address"
)


def normal_origin(origin: str) -> str:
    """An origin as compared: no spaces around it, no trailing slash, lowercase."""
    return origin.strip().rstrip("/").lower()


def parse_origins(text: str) -> frozenset[str]:
    """The ``--allowed-origins`` list: comma-separated origins (``https://host:port``)."""
    return frozenset(normal_origin(part) for part in text.split(",") if part.strip())


def origin_allowed(origin: str | None, host: str | None, allowed: Set[str] = frozenset()) -> bool:
    """May a handshake with ``Origin: origin`` to ``Host: host`` be accepted? ``allowed``:
    origins as :func:`parse_origins` gives them."""
    if origin is None:
        return True
    wanted = normal_origin(origin)
    if "*" in allowed or wanted in allowed:
        return True
    if not host:
        return False
    parts = urlsplit(wanted)
    return parts.scheme in ("http", "https") and parts.netloc == host.lower()
