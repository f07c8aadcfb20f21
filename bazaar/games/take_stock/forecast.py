"""Where a Take Stock row is expected to stand at the round end, as one seat can project it
from the public row and its own hand (:func:`projected_top`; the heuristic player's projection).

Session 16 also tried each seat's forecast of the round at these prices as extra value-model
inputs: a better one-ply player, a weaker search, so it was taken out again
(``docs/plans/take-stock-model.md`` has the recipe).
"""

from __future__ import annotations

from bazaar.games.take_stock.components import COMPONENTS, STOCK_OF, VALUE_OF

MAX_STEP = COMPONENTS.max_step
END_VALUES = COMPONENTS.end_values
TOP_SAFE = min(END_VALUES) - 1  # the highest value that does not end the round


def projected_top(
    top: int, frozen: int, hand: list[int], stock: int, drift: float, push: float
) -> float:
    """Row ``stock``'s value expected at the round end: a frozen row or one at
    :data:`TOP_SAFE` keeps its top; an open row rises by ``drift`` plus ``push`` of what
    ``hand`` can push it to (one card at a time, each at most ``MAX_STEP`` higher, in the
    hand's order, never past :data:`TOP_SAFE`), at most to :data:`TOP_SAFE`."""
    if frozen or top >= TOP_SAFE:
        return float(top)
    reach = top
    for c in hand:
        if STOCK_OF[c] == stock:
            val = VALUE_OF[c]
            if reach < val <= reach + MAX_STEP and val <= TOP_SAFE:
                reach = val
    x = top + drift + push * (reach - top)
    return TOP_SAFE if x > TOP_SAFE else x
