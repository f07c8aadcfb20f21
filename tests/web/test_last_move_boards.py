"""Each board marks what the payload's ``last`` move touched with ``class="last-move"``."""

from __future__ import annotations

import re
from typing import Any

from bazaar.web.payload import sample_payloads
from tests.web.render_harness import load_renderer, render_svg


def marks(svg: str) -> int:
    return len(re.findall(r'class="last-move"', svg))


def test_buy_low_sell_high_marks_the_price_columns_and_row_card_of_the_last_move(
    page: Any,
) -> None:
    assert not load_renderer(page, "buy-low-sell-high")
    seen = set()
    for p in sample_payloads("buy-low-sell-high", 3, 4, every=7)[1:]:
        fields = p["last"]["fields"]
        kind = fields["kind"]
        svg = render_svg(page, {**p, "log": []})["svg"]
        if kind == "trade":
            assert marks(svg) == len(fields["stocks"]), fields
        elif kind == "sell":
            assert marks(svg) == 1
        elif kind in ("play", "dud"):
            assert marks(svg) >= 1  # its colour's column, and the card in the market row
        elif kind in ("pass", "keep", "stop", "discard"):
            assert marks(svg) == 0
        seen.add(kind)
    assert {"trade", "play"} <= seen


def test_night_market_marks_the_lot_of_the_last_move(page: Any) -> None:
    assert not load_renderer(page, "night-market")
    seen = set()
    for p in sample_payloads("night-market", 3, 5, every=3)[1:]:
        fields = p["last"]["fields"]
        svg = render_svg(page, {**p, "log": []})["svg"]
        if fields is None:  # another seat's hidden customer: nothing to show
            assert marks(svg) == 0
            continue
        if "lot" in fields:
            assert marks(svg) >= 1, fields
            seen.add(fields["kind"])
        else:
            assert marks(svg) == 0
    assert {"bid", "build"} <= seen


def test_take_stock_marks_the_row_of_the_last_move(page: Any) -> None:
    assert not load_renderer(page, "take-stock")
    seen = set()
    for p in sample_payloads("take-stock", 3, 6, every=5)[1:]:
        fields = p["last"]["fields"] or {}
        stock = fields.get("stock") or (fields.get("card") or "")[:1]
        svg = render_svg(page, {**p, "log": []})["svg"]
        assert marks(svg) == (1 if stock else 0), fields
        if stock:
            seen.add(fields["kind"])
    assert {"play", "buy"} <= seen
