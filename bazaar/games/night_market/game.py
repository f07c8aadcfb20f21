"""The Taiwan Night Market game definition: id, player counts and rule options (spec §9.2)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any, ClassVar

from bazaar.core.game import Event, Game, Option
from bazaar.games.night_market import actions
from bazaar.games.night_market.components import (
    ADJACENCY_SETS,
    CUSTOMER_DECKS,
    NEXT_ENTRANCE_SETS,
    STAR_LOT_SETS,
)
from bazaar.games.night_market.state import NightMarketState
from bazaar.games.night_market.text import describe


def _first(default: str, names: Any) -> tuple[str, ...]:
    """``names`` as a tuple with ``default`` first."""
    return (default, *(n for n in names if n != default))


OPTIONS = (
    Option(
        "movement_order", "chain", ("chain", "table"),
        "Order in which the entrance groups walk (§4 Step 8, A-13): 'chain' = D-H, then B/C, "
        "then A (the customers' route); 'table' = A, then B/C, then D-H (the seed table's "
        "order).",
        "客人移動時各入口群組的處理順序(§4 步驟8，A-13)：'chain' 依客人路線先 D-H、再 B/C、最後 A；"
        "'table' 依規則表格順序先 A、再 B/C、最後 D-H。",
    ),
    Option(
        "next_entrance", "chain", _first("chain", NEXT_ENTRANCE_SETS),
        "Where an unserved customer goes (§2.2, A-12): 'chain' = from D-H to C, from B/C to "
        "A, from A out of the market; 'letter' = to the next letter down (H, G, ... B, A).",
        "沒有消費的客人移往哪個入口(§2.2，A-12)：'chain' 由 D-H 到 C、由 B/C 到 A、由 A 離開夜市；"
        "'letter' 依字母往前一個入口(H、G……B、A)。",
    ),
    Option(
        "connected_entry", "unit", ("unit", "per_lot"),
        "How customers meet a connected stall (§2.5, A-11): 'unit' = one stall with one seat "
        "per lot, met at its first lot on the path; 'per_lot' = each lot is met at its own "
        "place and holds one customer (the connected pay rate still applies).",
        "客人如何進入連攤(§2.5，A-11)：'unit' 連攤視為一間攤位、每個攤位一個座位，"
        "在路線上第一次經過時進入；'per_lot' 每個攤位各自在自己的位置接待一位客人"
        "(收入仍以連攤計算)。",
    ),
    Option(
        "yellow_face", "none", ("none", "min_bid"),
        "Effect of the yellow bid-card face on star lots (§4 Step 1, A-19): 'none' = no "
        "effect; 'min_bid' = the opening bid there is at least yellow_min_bid.",
        "星星攤位出價卡黃色面的效果(§4 步驟1，A-19)：'none' 沒有效果；"
        "'min_bid' 該攤位第一個出價至少為 yellow_min_bid。",
    ),
    Option(
        "yellow_min_bid", 2, (2, 1, 3, 4, 5),
        "Minimum opening bid on a yellow (star) lot when yellow_face = min_bid.",
        "yellow_face = min_bid 時，黃色(星星)攤位的最低起標價。",
    ),
    Option(
        "no_legal_bid", "skip", ("skip", "pass"),
        "A player with no legal bid (§4 Step 4, A-22): 'skip' = the turn is lost but the "
        "player keeps later turns and compensation; 'pass' = it counts as passing.",
        "沒有任何合法出價的玩家(§4 步驟4，A-22)：'skip' 只失去這次出價，之後的出價與補償出價照常；"
        "'pass' 視同跳過。",
    ),
    Option(
        "leavers", "removed", ("removed", "discard"),
        "Customers who leave the market from A (§4 Step 10, A-17): 'removed' = out of the "
        "game; 'discard' = to the discard pile (reshuffled later).",
        "從入口 A 離開夜市的客人(§4 步驟10，A-17)：'removed' 離開遊戲；"
        "'discard' 放入棄牌堆(之後會洗回)。",
    ),
    Option(
        "unbid_lots", "void", ("void", "return"),
        "Lots that got no bid (§4 Step 5, A-8): 'void' = unused for the rest of the game; "
        "'return' = the land card is shuffled back into the land deck.",
        "沒有人出價的攤位(§4 步驟5，A-8)：'void' 本局不再使用；'return' 土地卡洗回土地牌堆。",
    ),
    Option(
        "voluntary_loans", False, (False, True),
        "At payment a player may also take loans without a shortfall, one at a time "
        "(§4 Step 5, A-9).",
        "付錢時，玩家即使現金足夠也可以自願貸款，一次一筆(§4 步驟5，A-9)。",
    ),
    Option(
        "three_player_long", False, (False, True),
        "Preview-edition variant for 3 players (§10): remove 6 lots at setup and play 6 "
        "rounds, hidden customers 1/1/1/1/2/4. No effect with 4 players.",
        "預覽版3人變體(§10)：開局移除6塊土地並進行6回合，隱藏客人依序為1/1/1/1/2/4。4人局無效果。",
    ),
    Option(
        "star_lots", "seed", _first("seed", STAR_LOT_SETS),
        "Star lots with a yellow bid card (§2.6): 'seed' = 1 and 7 (the seed's example); "
        "'symmetric' = 1, 7, 15, 19, 22, 26.",
        "有星星(黃色出價卡)的攤位(§2.6)：'seed' 為第1與第7攤(原文範例)；"
        "'symmetric' 為 1、7、15、19、22、26。",
    ),
    Option(
        "adjacency", "row", _first("row", ADJACENCY_SETS),
        "Which lots touch for connected stalls (§2.4, A-10): 'row' = neighbours in the same "
        "row; '+aisle' adds facing lots across the street; '+corners' adds 10-14 and 16-21.",
        "連攤的相鄰方式(§2.4，A-10)：'row' 同一排相鄰的攤位；'+aisle' 加上街道兩側相對的攤位；"
        "'+corners' 加上 10-14 與 16-21。",
    ),
    Option(
        "customer_deck", "spec", _first("spec", CUSTOMER_DECKS),
        "The 40 customer cards (§7.5): 'spec' = 10 per stall type and 5 per entrance letter.",
        "40張顧客卡的組成(§7.5)：'spec' 每種攤位類型10張、每個入口字母5張。",
    ),
)  # fmt: skip


class NightMarket(Game):
    """Zong-Ger's Taiwan Night Market (台灣夜市-貓老闆的路邊攤), 3-4 players."""

    id = "night-market"
    name_en = "Taiwan Night Market"
    name_zh = "台灣夜市-貓老闆的路邊攤"
    min_players = 3
    max_players = 4
    num_actions = actions.NUM_ACTIONS
    option_specs = OPTIONS

    actions_module: ClassVar[ModuleType] = actions
    state_class: ClassVar[type[NightMarketState]] = NightMarketState
    event_text: ClassVar[Callable[[Event, str], str]] = staticmethod(describe)
