"""Every option of ``bazaar serve`` in one typed, frozen object, built once at start-up.

``bazaar serve`` builds it from its command line, the tests from keyword arguments
(``tests/web/server.py``); the app, the hub and its parts read their options from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bazaar.bots.levels import Level
from bazaar.web.advice import ADVICE_JOBS, ADVICE_WORKERS
from bazaar.web.guard import CONNECTIONS_PER_ADDRESS, HEADER_TIMEOUT
from bazaar.web.outbox import CLOSE_TIMEOUT, QUEUE_LIMIT, SEND_TIMEOUT
from bazaar.web.pace import TIMEOUT_BOT
from bazaar.web.ratelimit import (
    ANALYSES_PER_ADDRESS,
    ANALYSES_PER_TABLE,
    SOCKETS_PER_MINUTE,
    TABLES_PER_MINUTE,
)

#: Seconds a bot waits before it moves: people can read its move, and take back their own
#: move before the bot answers it (docs/web.md, "Undo").
BOT_DELAY = 1.0
#: Seconds in one minute of a turn timer (tests shorten it).
TIMER_MINUTE = 60.0
#: Seconds a table with no socket open and no bot thinking stays in memory after its last use
#: (a request, a move, a socket closing); then it is replayed from the store when next asked for.
IDLE_SECONDS = 30.0
#: Seconds between two looks for idle tables.
SWEEP_SECONDS = 5.0
#: The sender of turn e-mails, and the contact given to push services.
MAIL_FROM = "bazaar@localhost"
VAPID_SUBJECT = "mailto:bazaar@localhost"
#: Seconds between two looks for the daily digests that are due.
DIGEST_SECONDS = 600.0
#: Seconds between two presence broadcasts (who is connected) of one table, at most.
PRESENCE_INTERVAL = 0.5


@dataclass(frozen=True)
class WebSettings:
    """How the server runs: its database, workers, limits, timeouts and allowed origins."""

    #: the database URL (None: the user's SQLite file)
    db_url: str | None = None
    # bots and advice
    bot_delay: float = BOT_DELAY
    workers: int = 1
    hint_level: str = "medium"
    #: the bot that plays for a person whose time ran out at a turn-based table
    timeout_bot: str = TIMEOUT_BOT
    #: whether a table's bot seat may name an outside agent (``module:Class``,
    #: ``openspiel:module:Name``, ``engine:COMMAND``): code or programs of the operator's
    #: machine run for it (docs/web.md, "Outside bots at a table")
    allow_outside_bots: bool = False
    analysis_level: Level = "easy"
    advice_workers: int = ADVICE_WORKERS
    advice_jobs: int = ADVICE_JOBS
    analyses_per_address: int = ANALYSES_PER_ADDRESS
    analyses_per_table: int = ANALYSES_PER_TABLE
    # limits per client address (0: none)
    rate_limit_tables: float = TABLES_PER_MINUTE
    rate_limit_sockets: float = SOCKETS_PER_MINUTE
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    #: other sites' pages that may open a table's WebSocket (``*``: any; see ``origins``)
    allowed_origins: frozenset[str] = field(default_factory=frozenset)
    #: the reverse proxies whose forwarded headers are believed ("": none)
    forwarded_allow_ips: str = ""
    # timeouts and intervals (seconds)
    header_timeout: float = HEADER_TIMEOUT
    timer_minute: float = TIMER_MINUTE
    idle_seconds: float = IDLE_SECONDS
    sweep_seconds: float = SWEEP_SECONDS
    presence_interval: float = PRESENCE_INTERVAL
    #: a socket's send queue: most messages waiting, and the timeouts of a send and a close
    queue_limit: int = QUEUE_LIMIT
    send_timeout: float = SEND_TIMEOUT
    close_timeout: float = CLOSE_TIMEOUT
    # turn notices (docs/web.md, "Turn notices")
    #: the address people reach the server at, for the links in e-mails ("": the local one)
    public_url: str = ""
    #: the SMTP server turn e-mails go through ("": no e-mail) and their sender address
    smtp_url: str = ""
    mail_from: str = MAIL_FROM
    #: the VAPID private key (a PEM file or the key) of Web Push, and the contact address
    #: push services are given ("": no Web Push)
    vapid_key: str = ""
    vapid_subject: str = VAPID_SUBJECT
    #: seconds between two looks for daily digests due
    digest_seconds: float = DIGEST_SECONDS
