"""The story of one game of Taiwan Night Market: the lots over the board and the customers.

``story(record)`` replays the record and returns (JSON-able, SIM15 contract ``kind: market``)::

    {"kind": "market", "game": "night-market", "players": P, "moves": n,
     "board": {"width": 1000, "height": 618, "lot_width": 114, "lot_height": 74},
     "stalls": [{"id": "T0", "name": {"en": "food", "zh-TW": "食物"}, "color": "#ff9f43"}, ...],
     "lots": [{"lot": 1..30, "x": f, "y": f, "street": 1..3, "star": bool,
               "status": "owned" | "void" | "removed" | "deck",
               "price": paid | None, "round": round won | None, "owner": seat 1.. | None,
               "stall": "T0".."T3" | None, "bids": bids placed on it, "served": customers}],
     "rounds": [{"round": r, "entered": n, "carried": n, "served": n, "left": n,
                 "stayed": n, "income": $}]}

``x``, ``y`` is the centre of the lot's card in the browser board's units (static/board.js:
1000 wide, y grows downwards; street 3 with lots 21-30 on top, street 1 with 1-10 at the
bottom). ``status`` is the lot's at the end: owned, void (auctioned without a bid), removed
at setup, or still in the land deck. ``served`` counts the customers a stall served, at the
lot where they met it (a connected stall is met at its first lot on the customer's path).
Per round: ``entered`` new customers at the entrances (public ones and the revealed hidden
ones), ``carried`` those still waiting from the round before, ``served`` and ``left`` (walked
out of the market) in the movement, and ``stayed`` those waiting for the next round, so
``carried + entered = served + left + stayed`` (in an unfinished round nobody has walked
yet, so all of them count as staying); ``income`` is the gold stalls earned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bazaar.games.night_market.components import NUM_LOTS, TYPE_NAMES
from bazaar.games.night_market.fields import STATUS_NAMES, NightMarketFields
from bazaar.games.night_market.text import TYPE_WORDS
from bazaar.i18n import LANGS, Translator

if TYPE_CHECKING:
    from bazaar.core.record import GameRecord

t = Translator(__package__)

#: the stall types' colours on the board (static/board.js ``TYPE_COLORS``)
STALL_HEX = ("#ff9f43", "#4dd0e1", "#f48fb1", "#ffe066")
#: the board's geometry (static/board.js ``W``, ``LOT``, ``ROAD_H`` and ``STREETS``): the
#: streets from the top of the board down, each with its upper and lower row of lots
WIDTH = 1000
LOT_W, LOT_H, LOT_PITCH, LOT_X = 114, 74, 120, 212
ROAD_H = 38
STREET_H = 2 * LOT_H + ROAD_H
STREETS = (
    (3, ((21, 22, 23, 24, 25), (26, 27, 28, 29, 30))),
    (2, ((11, 12, 13, 14, 15), (16, 17, 18, 19, 20))),
    (1, ((6, 7, 8, 9, 10), (1, 2, 3, 4, 5))),
)
HEIGHT = 3 * STREET_H + 60


def lot_places() -> dict[int, tuple[float, float, int]]:
    """Lot number -> (x, y) of its card's centre on the board, and its street."""
    places = {}
    for i, (name, rows) in enumerate(STREETS):
        top = 18 + i * (STREET_H + 20)
        for r, row in enumerate(rows):
            y = top if r == 0 else top + LOT_H + ROAD_H
            for k, lot in enumerate(row):
                places[lot] = (LOT_X + k * LOT_PITCH + LOT_W / 2, y + LOT_H / 2, name)
    return places


PLACES = lot_places()


def stalls() -> list[dict[str, Any]]:
    """The four stall types by their food and board colour."""
    return [
        {"id": name, "name": {lang: t(TYPE_WORDS[i], lang) for lang in LANGS}, "color": hex_}
        for i, (name, hex_) in enumerate(zip(TYPE_NAMES, STALL_HEX, strict=True))
    ]


def _round_row(number: int) -> dict[str, int]:
    keys = ("entered", "carried", "served", "left", "stayed", "income")
    return {"round": number, **dict.fromkeys(keys, 0)}


def story(record: GameRecord) -> dict[str, Any]:
    """Replay ``record`` and tell its market story (see the module docstring)."""
    price: list[int | None] = [None] * NUM_LOTS
    bids = [0] * NUM_LOTS
    served = [0] * NUM_LOTS
    rounds: list[dict[str, int]] = []
    state: NightMarketFields | None = None
    moves = 0
    for i, (now, _notation, events) in enumerate(record.states()):
        assert isinstance(now, NightMarketFields)
        state, moves = now, i
        if i == 0:  # set-up drew round 1's public customers without events
            rounds.append(_round_row(1))
            rounds[0]["entered"] = len(now.waiting)
        for event in events:
            row, d = rounds[-1], event.data
            if event.kind == "round_start":
                row["stayed"] = row["carried"] + row["entered"] - row["served"] - row["left"]
                rounds.append(_round_row(d["round"]))
                rounds[-1]["carried"] = row["stayed"]
            elif event.kind in ("customers", "reveal"):  # public, then hidden customers
                row["entered"] += len(d["customers"])
            elif event.kind == "bid":
                bids[d["lot"] - 1] += 1
            elif event.kind == "pay":
                price[d["lot"] - 1] = d["amount"]
            elif event.kind == "move":
                if d["lot"] is not None:
                    served[d["lot"] - 1] += 1
                    row["served"] += 1
                elif d["to"] == "out":
                    row["left"] += 1
            elif event.kind == "income":
                row["income"] += sum(d["income"])
    assert state is not None
    last = rounds[-1]
    last["stayed"] = last["carried"] + last["entered"] - last["served"] - last["left"]
    lots = []
    for lot in range(NUM_LOTS):
        x, y, street = PLACES[lot + 1]
        owner, stall, won = state.owner[lot], state.stall[lot], state.won[lot]
        lots.append(
            {
                "lot": lot + 1,
                "x": x,
                "y": y,
                "street": street,
                "star": lot in state.rules.stars,
                "status": STATUS_NAMES[state.status[lot]],
                "price": price[lot],
                "round": won or None,
                "owner": owner + 1 if owner >= 0 else None,
                "stall": TYPE_NAMES[stall] if stall >= 0 else None,
                "bids": bids[lot],
                "served": served[lot],
            }
        )
    return {
        "kind": "market",
        "game": record.game,
        "players": record.players,
        "moves": moves,
        "board": {"width": WIDTH, "height": HEIGHT, "lot_width": LOT_W, "lot_height": LOT_H},
        "stalls": stalls(),
        "lots": lots,
        "rounds": rounds,
    }
