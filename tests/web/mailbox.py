"""A real SMTP server for the tests (aiosmtpd, started by the ``inbox`` fixture of conftest.py)
and what the mail tests share: a clock the tests move and the links of a message."""

from __future__ import annotations

import email
import email.policy
import time
from email.message import EmailMessage
from typing import Any

#: a liveness limit for the mail server (not a speed bound)
LIVELY = 60.0
#: the tests' servers' clock starts here (UNIX seconds)
START = 1_800_000_000.0


class Clock:
    """UNIX seconds that only move when the test moves them."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


class Inbox:
    """An aiosmtpd handler keeping every message it is given."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.mails.append(message)
        return "250 OK"

    def wait(self, count: int) -> list[EmailMessage]:
        """The first ``count`` messages, once they are there (a liveness limit)."""
        limit = time.monotonic() + LIVELY
        while len(self.mails) < count and time.monotonic() < limit:
            time.sleep(0.02)
        assert len(self.mails) >= count, f"{len(self.mails)} of {count} mails came"
        return self.mails[:count]


def links_of(mail: EmailMessage, site: str = "https://games.example/") -> list[str]:
    """The links to ``site`` in a message's text, in order."""
    body = mail.get_body(("plain",))
    assert body is not None
    return [w for w in body.get_content().split() if w.startswith(site)]
