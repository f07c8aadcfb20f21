"""The Take Stock game definition: id, player counts and rule options (spec §14, §15a)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import ClassVar

from bazaar.core.game import Event, Game, Option
from bazaar.games.take_stock import actions
from bazaar.games.take_stock.components import COMPONENTS
from bazaar.games.take_stock.state import TakeStockState
from bazaar.games.take_stock.text import describe

_SHARES = tuple(COMPONENTS.shares_tables)
_DEALS = tuple(COMPONENTS.deal_tables)

OPTIONS = (
    Option(
        "shares_table", _SHARES[0], _SHARES,
        "Share symbols on the cards of value 1..12 (§2.2, unsourced): '4-4-3' = 0 on the "
        "starter 1, 1 share on 2-5, 2 on 6-9, 3 on 10-12; other tables are in data.json.",
        "股票卡1至12的股票標誌數量(§2.2，無出處)：'4-4-3' 即起始的1為0、2至5為1股、6至9為2股、"
        "10至12為3股；其他表格見 data.json。",
    ),
    Option(
        "deal_counts", _DEALS[0], _DEALS,
        "Cards dealt to each player (§3): 'code' = 7/6/5/4/4 for 2/3/4/5/6 players; "
        "'nine_minus' = 9 minus the player count (3 with 6 players).",
        "每位玩家發牌數(§3)：'code' 為2/3/4/5/6人各7/6/5/4/4張；'nine_minus' 為9減玩家人數"
        "(6人時3張)。",
    ),
    Option(
        "first_dealer", "random", ("random", "seat0"),
        "Dealer of round 1 (§3): chosen at random from the seed, or seat 0 (then seat 1 starts).",
        "第1回合的發牌玩家(§3)：依亂數種子隨機選出，或固定為座位0(由座位1開始)。",
    ),
    Option(
        "held_usable", "later_round", ("later_round", "later_turn"),
        "When a held event may be triggered (§5.3D): only in a round after the one in which it "
        "was drawn (後續回合), or on any later turn.",
        "保留事件卡何時可引發(§5.3D)：只能在抽到它之後的回合(後續回合)，或之後任何一個行動回合。",
    ),
    Option(
        "crash", "reset", ("reset", "drop_one"),
        "Stock Crash / Market Crash (§6): the row goes back to its starter 1, or loses only its "
        "bottom card.",
        "股票崩盤／股市崩盤(§6)：該列退回只剩起始的1，或只移除最下方一張。",
    ),
    Option(
        "crash_splits", "keep", ("keep", "discard"),
        "Whether a crash also sends the stock's Split cards to the event discard pile (§6).",
        "崩盤時該股票的分割卡是否一併丟入事件卡棄牌堆(§6)：保留(keep)或丟棄(discard)。",
    ),
    Option(
        "insider_limit", "respect", ("respect", "ignore"),
        "Insider Trading (§6) obeys the holding limit like a Buy ('respect') or ignores it.",
        "內線交易(§6)是否和購買股票一樣受持股上限限制：遵守(respect)或忽略(ignore)。",
    ),
    Option(
        "audit", "actor_chooses", ("actor_chooses", "target_chooses", "enforce_limit"),
        "Stock Audit (§6): the player picks another player's certificate to discard; or names "
        "a player who picks; or everyone above the holding limit discards down to it.",
        "股票查核(§6)：由執行者挑選另一玩家的一張股票憑證棄掉；或指定玩家、由被查核者自選；"
        "或所有超過持股上限的玩家棄到上限為止。",
    ),
    Option(
        "freeze", "row_lock", ("row_lock", "full_lock", "player"),
        "Stock Freeze (§6): no card may be played on the chosen row this round; 'full_lock' "
        "also makes the row ignore splits, crashes and downturns; 'player' = lay it before an "
        "opponent, who may not Buy this round.",
        "股票凍結(§6)：本回合不能再打牌到所選股票列；'full_lock' 另使該列不受分割、崩盤、下滑影響；"
        "'player' 則放在一位對手面前，該玩家本回合不能購買股票。",
    ),
    Option(
        "option_lost", "any_player", ("any_player", "self"),
        "Stock Option Lost (§6): choose any player with a token to lose one, or lose one "
        "yourself.",
        "失去認股權(§6)：選擇任一有認股標記的玩家失去1個，或由自己失去1個。",
    ),
    Option(
        "buy_limit", "strict", ("strict", "inclusive"),
        "Holding limit comparison (§5.3B, §14.6): a Buy needs fewer certificates than the "
        "longest row ('strict', the seed's example), or at most as many ('inclusive').",
        "持股上限的比較方式(§5.3B、§14.6)：購買前憑證數須少於最長股票列張數('strict'，依原文範例)，"
        "或不多於('inclusive')。",
    ),
    Option(
        "freeze_in_row_length", False, (False, True),
        "Whether Freeze cards on a row count toward its length for the holding limit (§4).",
        "股票列上的凍結卡是否計入持股上限的卡牌張數(§4)。",
    ),
    Option(
        "manipulate_direction", "up", ("up", "either"),
        "Manipulate (§5.3A, §14.1): the card must be higher than the row's bottom card by 1-4 "
        "('up'), or may also be 1-4 lower ('either', the literal 差額不能超過4).",
        "炒作股票(§5.3A、§14.1)：打出的卡須比該列最下方的卡大1至4('up')，或也可小1至4"
        "('either'，依「差額不能超過4」字面)。",
    ),
    Option(
        "dealer_tie", "clockwise", ("clockwise", "lowest_seat"),
        "Tied lowest totals at a new round (§9.3): the tied player first clockwise from the "
        "previous dealer's left deals, or the lowest seat number.",
        "新回合累計分數最低者同分時(§9.3)：由前任發牌玩家左手邊起順時針第一位同分者發牌，"
        "或由座位編號最小者發牌。",
    ),
    Option(
        "tokens_between_rounds", "keep", ("keep", "refill"),
        "Option tokens at a new round (§9.4): unspent tokens carry over and none are handed "
        "out, or every player is refilled to 4 from the supply.",
        "新回合的認股標記(§9.4)：未用完的保留、不再補發，或每位玩家從公區補回4個。",
    ),
)  # fmt: skip


class TakeStock(Game):
    """Simon Hunt's Take Stock (2006), 2–6 players."""

    id = "take-stock"
    name_en = "Take Stock"
    name_zh = "股市大亨"
    min_players = 2
    max_players = 6
    num_actions = actions.NUM_ACTIONS
    option_specs = OPTIONS

    actions_module: ClassVar[ModuleType] = actions
    state_class = TakeStockState
    event_text: ClassVar[Callable[[Event, str], str]] = staticmethod(describe)
