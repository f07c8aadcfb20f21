"""Why an action is refused in Taiwan Night Market: one :class:`IllegalAction` per broken
rule, with an English message id and fields, translated by this game's catalog
(``locale/zh_TW/LC_MESSAGES/night_market.po``). Section numbers (§) refer to the rules.
"""

from __future__ import annotations

from bazaar.core.errors import IllegalAction, Refusals, Term
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.components import KIND_NAMES, NUM_TYPES, TYPE_NAMES
from bazaar.games.night_market.fields import BID, BUILD, HIDE, VALUE, NightMarketFields
from bazaar.games.night_market.transitions import bid_range

refuse = Refusals(__package__)


def explain_illegal(state: NightMarketFields, action: int) -> IllegalAction:
    """The refusal of ``action``, which is not legal in ``state``."""
    phase = state.phase
    seat = state.cur
    note = A.notation(action)
    if phase == HIDE:
        if action < A.BID_LOT_BASE:
            return refuse(
                "seat {seat} has no {kind} customer in hand to hide (§4 Step 3)",
                "hand",
                seat=seat + 1,
                kind=KIND_NAMES[action],
            )
        return refuse.plural(
            "{note!r}: seat {seat} must first choose {count} more hidden customer from "
            "their hand, e.g. 'hide T2D' (§4 Step 3)",
            "{note!r}: seat {seat} must first choose {count} more hidden customers from "
            "their hand, e.g. 'hide T2D' (§4 Step 3)",
            state.need,
            "phase",
            note=note,
            seat=seat + 1,
            count=state.need,
        )
    if phase == BID:
        return _explain_bid(state, action)
    if phase == VALUE:
        if A.VALUE_BASE <= action < A.PASS:
            return _explain_amount(state, action - A.VALUE_BASE, state.slot)
        return refuse(
            "{note!r}: seat {seat} chose lot {lot}; now give the amount of the bid, e.g. "
            "'${amount}' (§4 Step 4)",
            "phase",
            note=note,
            seat=seat + 1,
            lot=state.auction[state.slot] + 1,
            amount=bid_range(state, seat, state.slot)[0],
        )
    if phase == BUILD:
        lot = state.slot
        if A.BUILD_BASE <= action < A.LOAN:
            if action < A.EMPTY_BASE:
                target, t = divmod(action - A.BUILD_BASE, NUM_TYPES)
            else:
                target, t = action - A.EMPTY_BASE, -1
            if state.owner[target] != seat or state.stall[target] >= 0:
                return refuse(
                    "{note!r}: lot {lot} is not an unbuilt lot of seat {seat} (§4 Step 6)",
                    "build-own",
                    note=note,
                    lot=target + 1,
                    seat=seat + 1,
                )
            if target != lot:
                return refuse(
                    "{note!r}: seat {seat} decides their unbuilt lots in increasing order; "
                    "lot {lot} comes now (§4 Step 6)",
                    "build-order",
                    note=note,
                    seat=seat + 1,
                    lot=lot + 1,
                )
            return refuse(
                "{note!r}: the supply has no {stall} stall left (10 per type, §4 Step 6)",
                "supply",
                note=note,
                stall=TYPE_NAMES[t],
            )
        return refuse(
            "{note!r}: seat {seat} is building on lot {lot}: 'build {lot} T0'-'T3' or "
            "'empty {lot}' (§4 Step 6)",
            "phase",
            note=note,
            seat=seat + 1,
            lot=lot + 1,
        )
    return refuse(
        "{note!r}: seat {seat} may take a voluntary loan now: 'loan' or 'done' (§4 Step 5)",
        "phase",
        note=note,
        seat=seat + 1,
    )


def _explain_bid(state: NightMarketFields, action: int) -> IllegalAction:
    seat = state.cur
    note = A.notation(action)
    comp = state.in_compensation()
    if action == A.PASS and comp:
        return refuse(
            "'pass': seat {seat} is making a compensation bid; bid or 'give up' (§4 Step 4)",
            "give-up",
            seat=seat + 1,
        )
    if action == A.GIVE_UP and not comp:
        return refuse(
            "'give up' ends a compensation bid; at a regular bid seat {seat} may 'pass' "
            "(§4 Step 4)",
            "pass",
            seat=seat + 1,
        )
    if A.BID_LOT_BASE <= action < A.VALUE_BASE:
        lot = action - A.BID_LOT_BASE
        if lot not in state.auction:
            return refuse(
                "{note!r}: lot {lot} is not up for auction this round; the lots are {lots} "
                "(§4 Step 1)",
                "auction-lot",
                note=note,
                lot=lot + 1,
                lots=", ".join(str(x + 1) for x in state.auction),
            )
        if state.free_markers(seat) <= 0:
            return refuse(
                "{note!r}: seat {seat} has no free marker left for a bid (12 markers: one on "
                "the turn track, one per owned lot, one per bid this round; §9.3)",
                "markers",
                note=note,
                seat=seat + 1,
            )
        return _explain_amount(state, None, state.auction.index(lot))
    if A.VALUE_BASE <= action < A.PASS:
        return refuse(
            "{note!r}: seat {seat} must first choose a lot, e.g. 'bid {lot}', then the amount "
            "(§4 Step 4)",
            "phase",
            note=note,
            seat=seat + 1,
            lot=state.auction[0] + 1,
        )
    return refuse(
        "{note!r}: seat {seat} is bidding: 'bid LOT' then '$N', or {alt} (§4 Step 4)",
        "phase",
        note=note,
        seat=seat + 1,
        alt="'give up'" if comp else "'pass'",
    )


def _explain_amount(state: NightMarketFields, amount: int | None, i: int) -> IllegalAction:
    seat = state.cur
    lot = state.auction[i] + 1
    lo, hi = bid_range(state, seat, i)
    top = state.top[i]
    if amount is not None and amount < lo:
        if top >= 0:
            return refuse(
                "${amount} on lot {lot}: a bid must be higher than every marker on the lot, "
                "so at least ${least} (§4 Step 4 rule b)",
                "outbid",
                amount=amount,
                lot=lot,
                least=lo,
            )
        return refuse(
            "${amount} on lot {lot}: the opening bid on a yellow (star) lot is at least "
            "${least} (option yellow_face = min_bid, §4 Step 1)",
            "yellow-min",
            amount=amount,
            lot=lot,
            least=lo,
        )
    if lo > A.MAX_BID:
        return refuse(
            "lot {lot}: the top bid is already ${top}; bids go up to ${most}",
            "max-bid",
            lot=lot,
            top=top,
            most=A.MAX_BID,
        )
    spend = f"${hi}" if hi >= 0 else Term("nothing")
    if amount is not None:
        return refuse(
            "lot {lot} needs ${amount}, but seat {seat} can bid at most {spend} there: cash "
            "${cash} + ${loan} per loan still available, minus its other winning bids "
            "(affordability, A-7)",
            "afford",
            lot=lot,
            amount=amount,
            seat=seat + 1,
            spend=spend,
            cash=state.cash[seat],
            loan=state.rules.loan_amount,
        )
    return refuse(
        "lot {lot} needs at least ${least}, but seat {seat} can bid at most {spend} there: "
        "cash ${cash} + ${loan} per loan still available, minus its other winning bids "
        "(affordability, A-7)",
        "afford",
        lot=lot,
        least=lo,
        seat=seat + 1,
        spend=spend,
        cash=state.cash[seat],
        loan=state.rules.loan_amount,
    )
