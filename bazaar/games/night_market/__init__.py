"""Taiwan Night Market (台灣夜市-貓老闆的路邊攤, Zong-Ger, 2022): bid for lots, build stalls."""

from bazaar.games.night_market.game import NightMarket
from bazaar.games.night_market.state import NightMarketState

GAME = NightMarket()

__all__ = ["GAME", "NightMarket", "NightMarketState"]
