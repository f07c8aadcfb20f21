"""The story of one game of Buy Low Sell High: every stock's price after every move.

``story(record)`` replays the record and returns (JSON-able, SIM15 contract ``kind: prices``)::

    {"kind": "prices", "game": "buy-low-sell-high", "players": P, "moves": n,
     "stocks": [{"id": "K0", "name": {"en": "red", "zh-TW": "紅色"}, "color": "#d23c3c"}, ...],
     "prices": [[red, green, purple] after move i for i in 0..n],   # i = 0: the start
     "marks": [[0, {"en": "Year 1", ...}], [i, {"en": "Year 2", ...}], ...,
               [i, {"en": "Final sell-off", ...}]],
     "ends": [{"move": i, "label": {"en": "Year 1", ...}, "prices": [...]}, ...]}

A stock's price is its buy price, the price space of its lowest token (what the board shows
as "Buy" and the year-end event reports). A mark is the move after which a year (or the final
sell-off) began; ``ends`` are the prices just after each year end moved them. Colours are
the board's (static/board.js ``KIND``), names the colours people call the stocks by.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bazaar.core.story import price_story
from bazaar.games.buy_low_sell_high.components import KINDS
from bazaar.games.buy_low_sell_high.fields import SELLOFF, BlshFields
from bazaar.games.buy_low_sell_high.text import STOCK_COLOURS
from bazaar.i18n import LANGS, N_, Translator

if TYPE_CHECKING:
    from bazaar.core.record import GameRecord

t = Translator(__package__)

#: the main colour of each stock's column on the board (static/board.js ``KIND[k].main``)
STOCK_HEX = ("#d23c3c", "#188449", "#7a4bd3")
YEAR = N_("Year {year}")
SELLOFF_WORDS = N_("Final sell-off")


def _words(msgid: str, **fields: Any) -> dict[str, str]:
    return {lang: t(msgid, lang, **fields) for lang in LANGS}


def stocks() -> list[dict[str, Any]]:
    """The three stocks by the names and colours people see."""
    return [
        {"id": f"K{k}", "name": _words(STOCK_COLOURS[k]), "color": STOCK_HEX[k]}
        for k in range(KINDS)
    ]


def _prices(state: BlshFields) -> list[int]:
    return [state.buy_price(k) for k in range(KINDS)]


def story(record: GameRecord) -> dict[str, Any]:
    """Replay ``record`` and tell its price story (see the module docstring)."""
    prices: list[list[int]] = []
    marks: list[list[Any]] = []
    ends: list[dict[str, Any]] = []
    year, selloff = 0, False
    for i, (state, _notation, events) in enumerate(record.states()):
        assert isinstance(state, BlshFields)
        prices.append(_prices(state))
        for event in events:
            if event.kind == "year_end":
                label = _words(YEAR, year=event.data["year"])
                ends.append({"move": i, "label": label, "prices": list(event.data["prices"])})
        if state.year != year:
            year = state.year
            marks.append([i, _words(YEAR, year=year)])
        if state.phase == SELLOFF and not selloff:
            selloff = True
            marks.append([i, _words(SELLOFF_WORDS)])
    return price_story(record, stocks(), prices, marks, ends)
