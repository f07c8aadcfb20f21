"""The Buy Low Sell High game definition: id, player counts and rule options (spec §8)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import ClassVar

from bazaar.core.game import Event, Game, Option
from bazaar.games.buy_low_sell_high import actions
from bazaar.games.buy_low_sell_high.state import BlshState
from bazaar.games.buy_low_sell_high.text import describe

OPTIONS = (
    Option(
        "first_lap_limits", "exact", ("exact", "at_most"),
        "Year 1 first lap (§4.6): 'exact' = seat 1 trades exactly one token and seat 2 exactly "
        "two kinds in one direction, no pass; 'at_most' = those are upper limits.",
        "第1年首輪限制(§4.6)：'exact' 起始玩家只能買或賣1張、次順位只能買或賣2種各1張，不可不交易；"
        "'at_most' 視為上限。",
    ),
    Option(
        "negative_money_timing", "start_of_next_year", ("start_of_next_year", "next_turn"),
        "When negative money must be repaid by selling (§4.7): at the start of the next year "
        "(default) or at the start of the player's next turn.",
        "資金為負時何時須賣股(§4.7)：次一年開始時(預設)，或該玩家下個行動回合開始時。",
    ),
    Option(
        "forced_sale_may_exceed_zero", True, (True, False),
        "A forced seller may keep selling after reaching $0 (§4.7, 至少).",
        "被迫賣股的玩家回到0元後可繼續賣(§4.7「至少」)。",
    ),
    Option(
        "forced_sale_replaces_trading", False, (False, True),
        "A forced sale replaces the player's next trading phase (§4.7).",
        "被迫賣股取代該玩家下一次的買賣股票階段(§4.7)。",
    ),
    Option(
        "bn_may_target_covered_space", False, (False, True),
        "Breaking News may cover an already covered card or a dud, with no effect (§5.3).",
        "突發新聞可覆蓋已被覆蓋的卡或廢牌(無效果)(§5.3)。",
    ),
    Option(
        "short_column_shift", "full_net", ("full_net", "token_count"),
        "Year-end move larger than the column (§6): shift by the full net, or move each token "
        "at most once.",
        "年終漲跌大於股票數量時(§6)：依完整數值移動，或每個指示物最多移動一次。",
    ),
    Option(
        "selloff_starts_with", "last_active", ("last_active", "next"),
        "Final sell-off (§7) starts with the player who filled the last space, or the next one.",
        "最後賣股(§7)由放滿市場區的玩家開始，或由其下一位開始。",
    ),
)  # fmt: skip


class BuyLowSellHigh(Game):
    """Reiner Knizia's Buy Low Sell High (1996), 2–4 players."""

    id = "buy-low-sell-high"
    name_en = "Buy Low Sell High"
    name_zh = "傻瓜炒股"
    min_players = 2
    max_players = 4
    num_actions = actions.NUM_ACTIONS
    option_specs = OPTIONS

    actions_module: ClassVar[ModuleType] = actions
    state_class: ClassVar[type[BlshState]] = BlshState
    event_text: ClassVar[Callable[[Event, str], str]] = staticmethod(describe)
