"""Web Push turn notices (docs/web.md, "Turn notices"), sent where the server has VAPID keys
(``bazaar serve --vapid-key``): each browser a person subscribed gets ``{"title", "body",
"url", "tag"}``, encrypted for it (RFC 8291) and signed with the server's key (RFC 8292), which
the service worker (static/sw.js) shows as a notification. A subscription its push service
calls gone (404, 410) is forgotten."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
from pathlib import Path
from typing import Any

log = logging.getLogger("bazaar.web")

#: seconds a push service may take to answer
PUSH_TIMEOUT = 10.0
#: how long a push service keeps a notice for a browser that is off (seconds)
PUSH_TTL = 24 * 3600


class Pusher:
    """Sends Web Push messages signed with the VAPID private key ``key`` (a PEM file's path
    or the key itself, as ``vapid --gen`` makes it); ``subject``: a ``mailto:`` or ``https:``
    address the push services may contact."""

    def __init__(self, key: str, subject: str) -> None:
        from py_vapid import Vapid  # pywebpush's own dependency (the push extra)

        path = Path(key)
        self.vapid = Vapid.from_file(str(path)) if path.is_file() else Vapid.from_string(key)
        self.subject = subject
        #: messages accepted by push services, and those refused or failed
        self.sent = 0
        self.failed = 0

    def public_key(self) -> str:
        """The key browsers subscribe with (``applicationServerKey``): base64url text."""
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        raw = self.vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    def send_now(self, subscription: dict[str, str], note: dict[str, Any]) -> int:
        """Push ``note`` to one subscription (blocking); the push service's HTTP status."""
        from pywebpush import WebPushException, webpush

        info = {
            "endpoint": subscription["endpoint"],
            "keys": {"p256dh": subscription["p256dh"], "auth": subscription["auth"]},
        }
        try:
            reply = webpush(
                info,
                json.dumps(note, ensure_ascii=False),
                vapid_private_key=self.vapid,
                vapid_claims={"sub": self.subject},
                timeout=PUSH_TIMEOUT,
                ttl=PUSH_TTL,
            )
        except WebPushException as exc:
            return exc.response.status_code if exc.response is not None else 0
        return int(getattr(reply, "status_code", 201))

    async def send_all(self, store: Any, person_id: str, note: dict[str, Any]) -> int:
        """Push ``note`` to every browser of the person; return how many took it."""
        took = 0
        for sub in await asyncio.to_thread(store.pushes_of, person_id):
            try:
                status = await asyncio.to_thread(self.send_now, sub, note)
            except OSError as exc:
                status = 0
                log.warning("push to %s failed: %s", sub["endpoint"][:60], exc)
            if 200 <= status < 300:
                took += 1
                self.sent += 1
                continue
            self.failed += 1
            if status in (404, 410):
                await asyncio.to_thread(store.remove_push, sub["endpoint"])
        return took
