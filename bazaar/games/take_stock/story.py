"""The story of one game of Take Stock: every stock's price after every move.

``story(record)`` replays the record and returns (JSON-able, SIM15 contract ``kind: prices``)::

    {"kind": "prices", "game": "take-stock", "players": P, "moves": n,
     "stocks": [{"id": "cereal", "name": {"en": "Cereal", "zh-TW": ...}, "color": "#936000"}, ...],
     "prices": [[price of each stock] after move i for i in 0..n],   # i = 0: the start
     "marks": [[0, {"en": "Round 1", ...}], [i, {"en": "Round 2", ...}], ...],
     "ends": [{"move": i, "label": {"en": "Round 1", ...}, "prices": [...]}, ...]}

A stock's price is its bottom card's value times (splits + 1), as the board shows it. The move
that ends a round also deals the next one, whose rows start again at the starter 1: its row
in ``prices`` holds the prices the round was scored at (the "score" event), so a path shows
each round's end, and the next move the new round's prices. ``ends`` lists the scored prices
with their move. Stocks by their short names and board colours (static/board.js).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bazaar.core.story import price_story
from bazaar.games.take_stock.components import COMPONENTS, STOCKS
from bazaar.games.take_stock.fields import TakeStockFields
from bazaar.i18n import LANGS, N_, Translator

if TYPE_CHECKING:
    from bazaar.core.record import GameRecord

t = Translator(__package__)

#: each stock's colour on the board (static/board.js ``STOCKS[letter].color``), in stock order
STOCK_HEX = {"C": "#936000", "G": "#8A3DB0", "T": "#1D6FB8", "O": "#3B4651", "M": "#CC2F2A"}
ROUND = N_("Round {round}")


def _words(msgid: str, **fields: Any) -> dict[str, str]:
    return {lang: t(msgid, lang, **fields) for lang in LANGS}


def stocks() -> list[dict[str, Any]]:
    """The five stocks by their short names ("Cereal") and board colours."""
    return [
        {"id": s.id, "name": _words(s.short_en), "color": STOCK_HEX[s.letter]}
        for s in COMPONENTS.stocks
    ]


def story(record: GameRecord) -> dict[str, Any]:
    """Replay ``record`` and tell its price story (see the module docstring)."""
    prices: list[list[int]] = []
    marks: list[list[Any]] = []
    ends: list[dict[str, Any]] = []
    current = 0
    for i, (state, _notation, events) in enumerate(record.states()):
        assert isinstance(state, TakeStockFields)
        row = [state.price(s) for s in range(STOCKS)]
        for event in events:
            if event.kind == "score":
                label = _words(ROUND, round=event.data["round"])
                row = list(event.data["prices"])
                ends.append({"move": i, "label": label, "prices": row})
        prices.append(row)
        if state.round != current:
            current = state.round
            marks.append([i, _words(ROUND, round=current)])
    return price_story(record, stocks(), prices, marks, ends)
