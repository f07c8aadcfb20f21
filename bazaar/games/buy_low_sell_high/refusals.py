"""Why an action is refused in Buy Low Sell High: one :class:`IllegalAction` per broken rule,
with an English message id and fields, translated by this game's catalog
(``locale/zh_TW/LC_MESSAGES/buy_low_sell_high.po``). Section numbers (§) refer to the rules.
"""

from __future__ import annotations

from bazaar.core.errors import IllegalAction, Refusals, Term
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high.components import CARD_NAMES, NEWS
from bazaar.games.buy_low_sell_high.fields import (
    COLOUR_OF,
    FORCED,
    NEWS_CARDS,
    PLAY,
    REDRAW,
    TRADE,
    TYPE_OF,
    BlshFields,
)
from bazaar.games.buy_low_sell_high.transitions import first_lap_allows

refuse = Refusals(__package__)


def explain_illegal(state: BlshFields, action: int) -> IllegalAction:
    """The refusal of ``action``, which is not legal in ``state``."""
    phase = state.phase
    seat = state.cur
    note = A.notation(action)
    if phase == TRADE and action >= A.PLAY_BASE:
        return refuse(
            "{note!r}: seat {seat} is in the trading phase (§4.1): choose a trade such as "
            "'+K0', '-2K1' or 'pass' first",
            "phase",
            note=note,
            seat=seat + 1,
        )
    if phase == TRADE:
        return _explain_trade(state, action)
    if phase == PLAY:
        return _explain_play(state, action)
    if phase == REDRAW:
        if A.DISCARD_BASE <= action < A.KEEP:
            card = CARD_NAMES[action - A.DISCARD_BASE]
            return refuse(
                "seat {seat} has no {card} in hand to discard", "redraw", seat=seat + 1, card=card
            )
        return refuse(
            "{note!r}: seat {seat} is redrawing at year end (§6 step 5): 'discard CARD' or 'keep'",
            "phase",
            note=note,
            seat=seat + 1,
        )
    if A.SELL_BASE <= action < A.STOP:
        return refuse(
            "seat {seat} holds no K{kind} token to sell (§4.4)",
            "sell-own",
            seat=seat + 1,
            kind=action - A.SELL_BASE,
        )
    if (
        phase == FORCED
        and action == A.STOP
        and (not state.rules.may_exceed_zero or state.money[seat] < 0)
    ):
        return refuse(
            "seat {seat} has ${money} and must sell until at least $0 (§4.7)",
            "forced-sale",
            seat=seat + 1,
            money=state.money[seat],
        )
    what = Term("a forced sale (§4.7)") if phase == FORCED else Term("the final sell-off (§7)")
    return refuse(
        "{note!r}: seat {seat} is in {what}: 'sell K0/K1/K2'",
        "phase",
        note=note,
        seat=seat + 1,
        what=what,
    )


def _explain_trade(state: BlshFields, action: int) -> IllegalAction:
    d = A.TRADES[action]
    seat = state.cur
    trade = A.trade_notation(d)
    lap = state.first_lap_seat()
    if lap and not first_lap_allows(d, lap, state.rules.exact_first_lap):
        if lap == 1:
            limit = Term("the start player's first turn of year 1 may only buy 1 or sell 1 token")
        else:
            limit = Term(
                "the second player's first turn of year 1 may only buy 2 different kinds "
                "or sell 2 different kinds"
            )
        return refuse(
            "first-lap limit (§4.6): {trade!r} is not allowed; {limit}",
            "first-lap",
            trade=trade,
            limit=limit,
        )
    for k, x in enumerate(d):
        if x < 0 and state.held[seat][k] < -x:
            return refuse(
                "seat {seat} holds {held} K{kind} and cannot sell {count} (§4.4)",
                "sell-own",
                seat=seat + 1,
                held=state.held[seat][k],
                kind=k,
                count=-x,
            )
        if x > 0 and state.n[k] <= x:
            return refuse.plural(
                "K{kind} has {count} token on the board; the last token of a kind "
                "cannot be bought (§4.3)",
                "K{kind} has {count} tokens on the board; the last token of a kind "
                "cannot be bought (§4.3)",
                state.n[k],
                "last-token",
                kind=k,
                count=state.n[k],
            )
    return refuse(
        "seat {seat} has ${money}: not enough money for {trade!r}, even after this trade's "
        "sales (§4.3, §4.5)",
        "money",
        seat=seat + 1,
        money=state.money[seat],
        trade=trade,
    )


def _explain_play(state: BlshFields, action: int) -> IllegalAction:
    seat = state.cur
    hand = state.hands[seat]
    note = A.notation(action)
    if action < A.PLAY_BASE:
        return refuse(
            "{note!r}: seat {seat} has traded already; now play a card (§5.1)",
            "phase",
            note=note,
            seat=seat + 1,
        )
    if action < A.COVER_BASE:
        card = action - A.PLAY_BASE
        if TYPE_OF[card] == NEWS:
            if hand[card]:
                return refuse(
                    "'dud K{kind}': a Breaking News card may be placed as a dud only when no "
                    "other card can be played (§5.3)",
                    "news-dud",
                    kind=COLOUR_OF[card],
                )
            return refuse(
                "seat {seat} has no K{kind}news in hand",
                "hand",
                seat=seat + 1,
                kind=COLOUR_OF[card],
            )
        return refuse(
            "seat {seat} has no {card} in hand", "hand", seat=seat + 1, card=CARD_NAMES[card]
        )
    if action < A.DISCARD_BASE:
        j = action - A.COVER_BASE
        if j >= len(state.row):
            return refuse(
                "market space {space} holds no card yet (Breaking News covers a placed card, §5.3)",
                "news-target",
                space=j + 1,
            )
        colour = COLOUR_OF[state.row[j]]
        if not hand[NEWS_CARDS[colour]]:
            return refuse(
                "space {space} holds a K{kind} card; seat {seat} has no K{kind}news (§5.3)",
                "news-colour",
                space=j + 1,
                kind=colour,
                seat=seat + 1,
            )
        return refuse(
            "space {space} is already covered or is Breaking News itself (§5.3)",
            "news-target",
            space=j + 1,
        )
    return refuse(
        "{note!r}: seat {seat} must play a card now (§5.1)", "phase", note=note, seat=seat + 1
    )
