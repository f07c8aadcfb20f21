"""Rate limits per client address: token buckets, 429 replies, refused sockets, options."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse

from bazaar.web import ratelimit
from bazaar.web.app import create_app
from bazaar.web.ratelimit import RateLimit, retry_after
from tests.web.server import Server, app_settings

TABLE = {"game": "buy-low-sell-high", "players": 3, "seats": [{"kind": "human"}] * 3}


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_allows_a_burst_then_refills_at_its_rate() -> None:
    clock = Clock()
    limit = RateLimit(6, clock=clock)  # 6 a minute: one every 10 s
    assert [limit.take("a") for _ in range(6)] == [0.0] * 6
    assert limit.take("a") == pytest.approx(10.0)
    assert limit.take("b") == 0.0  # every address has its own bucket
    clock.now += 4
    assert limit.take("a") == pytest.approx(6.0)
    clock.now += 6
    assert limit.take("a") == 0.0
    assert limit.take("a") == pytest.approx(10.0)
    assert retry_after(0.2) == 1 and retry_after(6.0) == 6 and retry_after(6.1) == 7


def test_the_buckets_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratelimit, "MAX_BUCKETS", 3)
    clock = Clock()
    limit = RateLimit(6, clock=clock)
    for key in "abc":
        limit.take(key)
    limit.take("d")  # none has refilled: the oldest ("a") is forgotten
    assert len(limit) == 3
    clock.now += 60  # all refilled: they are forgotten when the next address comes
    limit.take("e")
    assert len(limit) == 1


def test_a_limit_of_zero_is_off() -> None:
    limit = RateLimit(0)
    assert not limit.enabled
    assert all(limit.take("a") == 0.0 for _ in range(10_000))


def test_too_many_tables_get_429_with_retry_after(tmp_path: Path) -> None:
    app = create_app(app_settings(tmp_path / "r.db", rate_limit_tables=2))
    with TestClient(app) as client:
        assert [client.post("/api/tables", json=TABLE).status_code for _ in range(2)] == [201] * 2
        refused = client.post("/api/tables", json=TABLE)
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "30"
        assert refused.json() == {
            "error": "too many new tables from your address: at most 2 a minute; try again in 30 s",
            "code": "rate-limit",
        }
        in_chinese = client.post("/api/tables", json={**TABLE, "lang": "zh-TW"})
        assert in_chinese.status_code == 429
        assert in_chinese.json()["error"] == (
            "你的網路位址開新桌太頻繁了：每分鐘最多 2 桌，請 30 秒後再試。"
        )
        assert len(client.get("/api/tables").json()["tables"]) == 2  # nothing was created


def test_too_many_sockets_are_refused_before_the_handshake(tmp_path: Path) -> None:
    app = create_app(app_settings(tmp_path / "r.db", rate_limit_sockets=3))
    with TestClient(app) as client:
        table = client.post("/api/tables", json=TABLE).json()["id"]
        for _ in range(3):
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                assert ws.receive_json()["type"] == "state"
        with (
            pytest.raises(WebSocketDenialResponse) as refused,
            client.websocket_connect(f"/ws/tables/{table}"),
        ):
            pass
        assert refused.value.status_code == 429
        assert refused.value.headers["retry-after"] == "20"
        assert refused.value.json() == {
            "error": "too many connections from your address: at most 3 a minute;"
            " try again in 20 s",
            "code": "rate-limit",
        }
        with (
            pytest.raises(WebSocketDenialResponse) as refused,
            client.websocket_connect(f"/ws/tables/{table}?lang=zh-TW"),
        ):
            pass
        assert refused.value.json()["error"] == (
            "你的網路位址連線太頻繁了：每分鐘最多 3 條連線，請 20 秒後再試。"
        )


def test_no_limits_when_switched_off(tmp_path: Path) -> None:
    app = create_app(app_settings(tmp_path / "r.db", rate_limit_tables=0, rate_limit_sockets=0))
    with TestClient(app) as client:
        codes = {client.post("/api/tables", json=TABLE).status_code for _ in range(70)}
        assert codes == {201}


@pytest.mark.parametrize(("allow", "created"), [(None, 2), ("127.0.0.1", 3)])
def test_forwarded_addresses_are_believed_only_from_named_proxies(
    tmp_path: Path, allow: str | None, created: int
) -> None:
    """``X-Forwarded-For`` does not get a client past the per-address limits unless the
    server was told to believe the proxy it comes from (``serve --forwarded-allow-ips``)."""
    args = ["--rate-limit-tables", "2"]
    if allow is not None:
        args += ["--forwarded-allow-ips", allow]
    server = Server(tmp_path / "f.db", args=args).start()
    try:
        codes = [
            httpx.post(
                server.url + "/api/tables", json=TABLE, headers={"X-Forwarded-For": f"10.0.0.{n}"}
            ).status_code
            for n in range(3)
        ]
    finally:
        server.stop()
    assert codes.count(201) == created
    assert codes == [201] * created + [429] * (3 - created)
