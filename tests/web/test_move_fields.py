"""Move fields (docs/web.md, "Move fields"): every action of every game, described as data,
says exactly what its notation says."""

from __future__ import annotations

from typing import Any

import pytest

from bazaar.games.buy_low_sell_high import actions as blsh
from bazaar.games.night_market import actions as nm
from bazaar.games.take_stock import actions as ts
from bazaar.web.payload import move_fields_of, sample_payloads


def blsh_notation(f: dict[str, Any]) -> str:
    kind = f["kind"]
    if kind == "trade":
        parts = [
            f"{'+' if d > 0 else '-'}{'2' if abs(d) == 2 else ''}K{k}"
            for k, d in enumerate(f["changes"])
            if d
        ]
        assert f["stocks"] == [k for k, d in enumerate(f["changes"]) if d]
        return " ".join(parts)
    if kind == "play":
        assert f["card"].startswith(f"K{f['stock']}")
        return f"play {f['card']}"
    if kind == "dud":
        assert f["card"] == f"K{f['stock']}news"
        return f"dud K{f['stock']}"
    if kind == "news":
        return f"news {f['space']}"
    if kind == "discard":
        return f"discard {f['card']}"
    if kind == "sell":
        return f"sell K{f['stock']}"
    return kind


def ts_notation(f: dict[str, Any]) -> str:
    kind = f["kind"]
    if kind in ("play", "insider", "audit"):
        assert f["stock"] == f["card"][0]
        return f"{kind} {f['card']}"
    if kind == "buy":
        return f"buy {f['card']} {f['discard']}"
    if kind in ("event1", "event2"):
        return f"{kind} {f['discard']}"
    if kind in ("trigger", "choose"):
        suffix = f"-{f['stock']}" if f["stock"] else ""
        assert f["event"] == f["base"] + suffix
        return f"{kind} {f['event']}" + (f" {f['discard']}" if kind == "trigger" else "")
    if kind == "target":
        return f"target {f['seat']}"
    if kind == "freeze":
        return f"freeze {f['stock']}"
    if kind == "exercise":
        return "exercise " + (" ".join(map(str, f["positions"])) or "none")
    return kind


def nm_notation(f: dict[str, Any]) -> str:
    kind = f["kind"]
    if kind == "hide":
        return f"hide {f['customer']}"
    if kind in ("bid", "empty"):
        return f"{kind} {f['lot']}"
    if kind == "amount":
        return f"${f['amount']}"
    if kind == "build":
        return f"build {f['lot']} {f['type']}"
    return "give up" if kind == "give-up" else kind


CASES = [
    ("buy-low-sell-high", blsh, blsh_notation),
    ("take-stock", ts, ts_notation),
    ("night-market", nm, nm_notation),
]


@pytest.mark.parametrize(("game_id", "actions", "notation"), CASES, ids=[c[0] for c in CASES])
def test_the_fields_of_every_action_spell_its_notation(
    game_id: str, actions: Any, notation: Any
) -> None:
    fields = move_fields_of(game_id)
    count = actions.NUM_ACTIONS
    assert [notation(fields(a)) for a in range(count)] == [
        actions.notation(a) for a in range(count)
    ]


def test_the_payload_gives_each_legal_move_its_fields() -> None:
    payload = sample_payloads("night-market", 3, 5)[0]
    assert payload["legal"][0] == {
        "action": 1,
        "notation": "hide T0B",
        "text": payload["legal"][0]["text"],
        "fields": {"kind": "hide", "customer": "T0B"},
    }
    assert all(set(m) == {"action", "notation", "text", "fields"} for m in payload["legal"])


def test_the_server_serves_each_board_and_the_bot_names(server: Any) -> None:
    import httpx

    from tests.web.render_harness import board_script

    for game_id in ("buy-low-sell-high", "take-stock", "night-market"):
        reply = httpx.get(f"{server.url}/games/{game_id}/board.js")
        assert reply.status_code == 200
        assert reply.headers["content-type"] == "text/javascript; charset=utf-8"
        assert reply.content == board_script(game_id).read_bytes()
    missing = httpx.get(f"{server.url}/games/chess/board.js")
    assert (missing.status_code, missing.json()["code"]) == (404, "unknown-game")
    games = httpx.get(f"{server.url}/api/games").json()
    assert games["bot_names"] == {
        "random": "Random bot",
        "heuristic": "Rule-based bot",
        "ismcts:easy": "Easy bot",
        "ismcts:medium": "Medium bot",
        "ismcts:hard": "Hard bot",
    }
    assert games["bot_descriptions"]["ismcts:easy"] == (
        "Thinks a moment before each move: beginners win often."
    )
    assert set(games["bot_descriptions"]) == set(games["bots"])
    zh = httpx.get(f"{server.url}/api/i18n/zh-TW").json()
    assert all(zh.get(name) for name in games["bot_names"].values())
    assert all(zh.get(line) for line in games["bot_descriptions"].values())
    assert zh["Rule-based bot"] == "規則型電腦"
    easy = zh["Thinks a moment before each move: beginners win often."]
    assert easy == "每步先想一下：新手也常能贏。"


def test_the_table_page_names_no_game() -> None:
    from tests.web.render_harness import STATIC

    page = (STATIC / "table.html").read_text("utf-8")
    page += "".join(p.read_text("utf-8") for p in sorted((STATIC / "table").glob("*.js")))
    page += (STATIC / "bazaar-ui.js").read_text("utf-8") + (STATIC / "lobby.js").read_text("utf-8")
    for word in ("buy-low-sell-high", "take-stock", "night-market", "Rule-based bot", "Easy bot"):
        assert word not in page
