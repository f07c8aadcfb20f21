"""Buy Low Sell High (Reiner Knizia, 1996; 傻瓜炒股): stock trading and price manipulation."""

from bazaar.games.buy_low_sell_high.game import BuyLowSellHigh
from bazaar.games.buy_low_sell_high.state import BlshState

GAME = BuyLowSellHigh()

__all__ = ["GAME", "BlshState", "BuyLowSellHigh"]
