"""E-mail through a configured SMTP server (``bazaar serve --smtp-url``; docs/web.md, "Turn
notices"). ``smtp://host:port`` (plain, as a local relay takes it), ``smtp+starttls://user:
password@host:587`` or ``smtps://user:password@host:465``. Sending runs in a thread, so the
event loop never waits for the mail server; a failed send is logged and dropped (a notice is
a courtesy, the game does not depend on it)."""

from __future__ import annotations

import asyncio
import logging
import smtplib
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from urllib.parse import unquote, urlsplit

log = logging.getLogger("bazaar.web")

SCHEMES = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}
#: seconds a connection to the mail server may take
SMTP_TIMEOUT = 20.0


class BadSmtpUrl(ValueError):
    """The SMTP URL cannot be used (its scheme, host or port)."""


@dataclass(frozen=True)
class SmtpServer:
    """Where mail goes: host, port, how it is secured, and the login (if any)."""

    scheme: str
    host: str
    port: int
    user: str | None = None
    password: str | None = None

    @classmethod
    def parse(cls, url: str) -> SmtpServer:
        """An SmtpServer from ``url``; BadSmtpUrl naming what is wrong."""
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES:
            raise BadSmtpUrl(
                f"the SMTP URL must start with {', '.join(s + '://' for s in SCHEMES)}"
                f" (not {parts.scheme or 'nothing'}://)"
            )
        if not parts.hostname:
            raise BadSmtpUrl("the SMTP URL names no host (smtp://HOST:PORT)")
        try:
            port = parts.port or SCHEMES[parts.scheme]
        except ValueError as exc:
            raise BadSmtpUrl(f"the SMTP URL's port is not a number: {exc}") from exc
        user = unquote(parts.username) if parts.username else None
        password = unquote(parts.password) if parts.password else None
        return cls(parts.scheme, parts.hostname, port, user, password)


@dataclass(frozen=True)
class Mail:
    """One message: to whom, its subject, plain text, and extra headers."""

    to: str
    subject: str
    text: str
    headers: tuple[tuple[str, str], ...] = ()


class Mailer:
    """Sends :class:`Mail` from ``sender`` through ``server``; counts what was sent."""

    def __init__(self, server: SmtpServer, sender: str) -> None:
        self.server = server
        self.sender = sender
        #: messages handed to the mail server, and those that failed
        self.sent = 0
        self.failed = 0

    def message(self, mail: Mail) -> EmailMessage:
        message = EmailMessage()
        message["From"] = formataddr(("Bazaar", self.sender))
        message["To"] = mail.to
        message["Subject"] = mail.subject
        message["Message-ID"] = make_msgid(domain=self.sender.rpartition("@")[2] or None)
        message["Auto-Submitted"] = "auto-generated"
        for name, value in mail.headers:
            message[name] = value
        message.set_content(mail.text)
        return message

    def send_now(self, mail: Mail) -> None:
        """Send ``mail`` (blocking); smtplib's errors pass through."""
        server = self.server
        if server.scheme == "smtps":
            client: smtplib.SMTP = smtplib.SMTP_SSL(server.host, server.port, timeout=SMTP_TIMEOUT)
        else:
            client = smtplib.SMTP(server.host, server.port, timeout=SMTP_TIMEOUT)
        with client:
            if server.scheme == "smtp+starttls":
                client.starttls()
            if server.user is not None:
                client.login(server.user, server.password or "")
            client.send_message(self.message(mail))

    async def send(self, mail: Mail) -> bool:
        """Send ``mail`` in a thread; False (and a line in the log) if it failed."""
        try:
            await asyncio.to_thread(self.send_now, mail)
        except (OSError, smtplib.SMTPException) as exc:
            self.failed += 1
            log.warning("mail to %s not sent: %s", mail.to, exc)
            return False
        self.sent += 1
        return True


def mailer_of(smtp_url: str, sender: str) -> Mailer | None:
    """The mailer of ``bazaar serve --smtp-url`` (None: no e-mail)."""
    return Mailer(SmtpServer.parse(smtp_url), sender) if smtp_url else None
