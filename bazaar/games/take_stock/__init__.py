"""Take Stock (Simon Hunt, 2006; 股市大亨): raise stock prices, buy certificates, play events."""

from bazaar.games.take_stock.game import TakeStock
from bazaar.games.take_stock.state import TakeStockState

GAME = TakeStock()

__all__ = ["GAME", "TakeStock", "TakeStockState"]
