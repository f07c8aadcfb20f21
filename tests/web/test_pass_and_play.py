"""Pass and play (docs/web.md, "Pass and play"): several seats of one table on one device.

The API: a new table's device link holds the local seats' tokens only; a bot cannot be local;
``GET /api/tables/ID/device`` names the seats of a device link's tokens and refuses an unknown
one clearly in English and Traditional Chinese. In Chromium: two local seats and a bot (and,
once, a remote person in a second browser context) play by clicking across several hand-overs;
while the curtain is up the page's text and markup, its storage and every WebSocket frame it
receives hold no private fact of any seat; after the tap the right seat's own view shows.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

from tests.web.server import Server

TWO_HERE_AND_A_BOT = [
    {"kind": "human", "name": "Grandma", "local": True},
    {"kind": "human", "name": "Ming", "local": True},
    {"kind": "bot", "bot": "random", "name": ""},
]


def new_table(server: Server, game: str, seats: list[dict[str, Any]], seed: int) -> Any:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed}
    res = httpx.post(server.url + "/api/tables", json=body)
    assert res.status_code == 201, res.text
    return res.json()


def device_tokens(link: str) -> list[str]:
    return parse_qs(urlparse(link).query)["tokens"][0].split(",")


def test_a_device_link_holds_the_local_seats_tokens_only(server: Server) -> None:
    seats = [*TWO_HERE_AND_A_BOT[:1], {"kind": "human", "name": "Remote"}, TWO_HERE_AND_A_BOT[1]]
    res = new_table(server, "night-market", seats, 3)
    tokens = [s["token"] for s in res["seats"]]
    assert [s["local"] for s in res["seats"]] == [True, False, True]
    assert res["device"]["seats"] == [0, 2]
    assert device_tokens(res["device"]["link"]) == [tokens[0], tokens[2]]
    assert tokens[1] not in res["device"]["link"]
    assert res["seats"][1]["link"].endswith(f"?token={tokens[1]}&lang=en")  # still invited
    asked = httpx.get(
        f"{server.url}/api/tables/{res['id']}/device", params={"tokens": f"{tokens[2]},{tokens[0]}"}
    )
    assert asked.status_code == 200 and asked.json() == {"seats": [2, 0]}
    no_local = new_table(server, "night-market", [{"kind": "human"}] * 3, 3)
    assert no_local["device"] is None


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "seat 3 is a bot"), ("zh-TW", "座位 3 是機器人")],
)
def test_a_local_bot_is_refused_in_the_creators_language(
    server: Server, lang: str, words: str
) -> None:
    seats = [*TWO_HERE_AND_A_BOT[:2], {"kind": "bot", "bot": "random", "local": True}]
    before = httpx.get(server.url + "/api/tables").json()["tables"][:1]
    body = {"game": "night-market", "players": 3, "seats": seats, "lang": lang}
    res = httpx.post(server.url + "/api/tables", json=body)
    assert res.status_code == 422, res.text
    reply = res.json()
    assert reply["code"] == "local" and "seats.2.local" in reply["error"]
    assert "seat 3 is a bot" in reply["error"] and words in reply["explain"]
    assert httpx.get(server.url + "/api/tables").json()["tables"][:1] == before  # no table


@pytest.mark.parametrize(
    ("tokens", "status", "code", "en", "zh"),
    [
        ("{0},forged", 403, "token", "token 2 of the device link", "第 2 個憑證不是這一桌的座位"),
        ("{0},{0}", 400, "tokens", "tokens 1 and 2", "是同一個座位"),
        (",", 400, "tokens", "names no seat token", "沒有任何座位憑證"),
        ("{0}" + ",x" * 8, 400, "tokens", "at most 8", "最多只能有 8 個"),
    ],
)
def test_a_bad_device_link_is_refused_clearly(
    server: Server, tokens: str, status: int, code: str, en: str, zh: str
) -> None:
    res = new_table(server, "take-stock", TWO_HERE_AND_A_BOT, 5)
    url = f"{server.url}/api/tables/{res['id']}/device"
    asked = tokens.format(res["seats"][0]["token"])
    for lang, words in (("en", en), ("zh-TW", zh)):
        reply = httpx.get(url, params={"tokens": asked, "lang": lang})
        assert reply.status_code == status, reply.text
        assert reply.json()["code"] == code and en in reply.json()["error"]
        assert words in reply.json()["explain"]
