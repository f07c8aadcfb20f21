"""The story of a stock game's play, in one shape for every such game (``GameParts.story``).

:func:`price_story` assembles what a game's ``story.py`` read off its replay: each stock's price
after every move, the marks at year or round starts and the prices each year or round ended at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bazaar.core.record import GameRecord


def price_story(
    record: GameRecord,
    stocks: list[dict[str, Any]],
    prices: list[list[int]],
    marks: list[list[Any]],
    ends: list[dict[str, Any]],
) -> dict[str, Any]:
    """``{"kind": "prices", ...}``: ``prices[i]`` is every stock's price after move ``i``
    (``i = 0`` the start); ``marks`` are ``[move, words]``; ``ends`` the prices at each end."""
    return {
        "kind": "prices",
        "game": record.game,
        "players": record.players,
        "moves": len(prices) - 1,
        "stocks": stocks,
        "prices": prices,
        "marks": marks,
        "ends": ends,
    }
