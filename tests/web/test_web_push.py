"""Web Push turn notices (docs/web.md, "Turn notices"): the server signs each push with its
VAPID key (RFC 8292) and encrypts it for the browser's subscription (RFC 8291); a push
service that calls a subscription gone has it forgotten. The push service here is a small
HTTP server the test runs, which checks the signature and decrypts the message with the
browser's own keys, made by the test as a browser makes them; the browser's side (the
service worker showing a push) is tested in Chromium by tests/web/test_turn_notice.py."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid

from bazaar.web.people_store import PeopleStore
from bazaar.web.push import Pusher
from bazaar.web.store import Store


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService(ThreadingHTTPServer):
    """Takes pushes like a browser vendor's push service; ``gone``: endpoints it calls gone."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), PushHandler)
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        self.gone: set[str] = set()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class PushHandler(BaseHTTPRequestHandler):
    server: PushService

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        headers = {name.lower(): value for name, value in self.headers.items()}
        self.server.received.append((self.path, headers, body))
        status = 410 if self.path in self.server.gone else 201
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def service() -> Iterator[PushService]:
    server = PushService()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()


class Browser:
    """A browser's push subscription keys, as PushManager.subscribe makes them."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self, endpoint: str) -> tuple[str, str, str]:
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return endpoint, b64(public), b64(self.auth)

    def read(self, body: bytes) -> dict[str, Any]:
        text = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth)
        return dict(json.loads(text))


def check_vapid(headers: dict[str, str], pusher: Pusher, audience: str) -> dict[str, Any]:
    """The VAPID claims of a push, once its signature is checked against the server's key."""
    scheme, _, params = headers["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"] == pusher.public_key()
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    point = unb64(fields["k"])
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if bad
    decoded = dict(json.loads(unb64(claims)))
    assert decoded["aud"] == audience
    return decoded


def test_a_push_is_signed_encrypted_and_a_gone_browser_forgotten(
    tmp_path: Path, service: PushService
) -> None:
    key_file = tmp_path / "vapid.pem"
    vapid = Vapid()
    vapid.generate_keys()
    vapid.save_key(str(key_file))
    pusher = Pusher(str(key_file), "mailto:it@school.example")
    store = PeopleStore(Store(f"sqlite:///{tmp_path / 'push.db'}"))
    store.create_person(
        {"id": "ann", "key_hash": "h", "name": "Ann", "lang": "zh-TW", "mail_key": "m"}
    )
    phone, laptop = Browser(), Browser()
    store.add_push("ann", *phone.subscription(f"{service.base}/push/phone"))
    store.add_push("ann", *laptop.subscription(f"{service.base}/push/laptop"))
    service.gone.add("/push/laptop")  # that browser unsubscribed long ago
    note = {"title": "輪到你了", "body": "傻瓜炒股：你這一步還有 1 天。", "url": "/t/x", "tag": "x"}

    with ThreadPoolExecutor(1) as runner:  # a loop of its own, whatever this thread runs
        took = runner.submit(asyncio.run, pusher.send_all(store, "ann", note)).result()

    assert took == 1 and (pusher.sent, pusher.failed) == (1, 1)
    paths = sorted(path for path, _, _ in service.received)
    assert paths == ["/push/laptop", "/push/phone"]
    _, headers, body = next(r for r in service.received if r[0] == "/push/phone")
    assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
    claims = check_vapid(headers, pusher, service.base)
    assert claims["sub"] == "mailto:it@school.example"
    assert phone.read(body) == note  # only the phone's own keys open it
    with pytest.raises(Exception):  # noqa: B017 (any failure to decrypt)
        laptop.read(body)
    assert [p["endpoint"] for p in store.pushes_of("ann")] == [f"{service.base}/push/phone"]
