"""What each seat of a Take Stock game may see: functions of the fields build the seat and
spectator views, the full view (the position format, docs/positions/take-stock.md) and
``determinize`` (a copy resampling everything a seat cannot see, §11).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any, TypeVar, cast

from bazaar.core.rng import Rng
from bazaar.core.statedata import write_position
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import (
    CARD_NAMES,
    CLOSED,
    KIND_NAMES,
    LETTERS,
    STOCK_OF,
    STOCKS,
    VALUES,
)
from bazaar.games.take_stock.fields import (
    AUDIT_P,
    EXERCISE,
    KIND_MASK,
    OVER,
    PHASE_NAMES,
    POSITION_FORMAT,
    REASON_NAMES,
    TAG_SHIFT,
    UPTURN_P,
    C,
    TakeStockFields,
)
from bazaar.games.take_stock.shapes import (
    TakeStockHeldEvent,
    TakeStockPosition,
    TakeStockPublic,
    TakeStockSeatSummary,
    TakeStockStock,
    TakeStockView,
)
from bazaar.games.take_stock.transitions import exercise_actions, to_move, winners

F = TypeVar("F", bound=TakeStockFields)


def public(st: TakeStockFields) -> TakeStockPublic:
    n = st.num_players
    shares = st.rules.shares
    limit = st.hold_limit()
    stocks: list[TakeStockStock] = []
    for s in range(STOCKS):
        stocks.append(
            {
                "stock": C.stocks[s].id,
                "letter": LETTERS[s],
                "cards": [CARD_NAMES[c] for c in st.rows[s]],
                "value": st.top[s],
                "splits": st.splits[s],
                "frozen": st.frozen[s],
                "price": st.price(s),
                "length": st.row_length(s),
            }
        )
    seats: list[TakeStockSeatSummary] = []
    for q in range(n):
        per_stock = [0] * STOCKS
        for c in st.certs[q]:
            per_stock[STOCK_OF[c]] += shares[c]
        seats.append(
            {
                "hand_size": len(st.hands[q]),
                "certificates": [CARD_NAMES[c] for c in st.certs[q]],
                "shares": per_stock,
                "tokens": st.tokens[q],
                "held": len(st.held[q]),
                "held_rounds": [e >> TAG_SHIFT for e in st.held[q]],
                "frozen": st.pfrozen[q],
                "total": st.totals[q],
                "round_scores": st.history[q::n],
                "exercise_decided": st.exmask[q] >= 0 if st.phase == EXERCISE else None,
            }
        )
    over = st.phase == OVER
    return {
        "game": st.game.id,
        "players": n,
        "round": st.round,
        "rounds": st.rules.rounds,
        "phase": PHASE_NAMES[st.phase],
        "to_move": to_move(st),
        "turn_of": None if over or st.phase == EXERCISE else st.actor,
        "dealer": st.dealer,
        "start_player": st.start,
        "stocks": stocks,
        "hold_limit": limit,
        "share_symbols": [shares[c] for c in range(VALUES)],
        "seats": seats,
        "share_draw": len(st.sdraw),
        "share_discard": [CARD_NAMES[c] for c in st.sdiscard],
        "event_deck": len(st.edeck),
        "market_closed_position": st.market_closed_position(),
        "market_closed_aside": st.mc_aside,
        "token_supply": st.supply,
        "executing": KIND_NAMES[st.executing] if st.executing >= 0 else None,
        "upturn_played": [LETTERS[s] for s in range(STOCKS) if st.upturn_mask >> s & 1]
        if st.phase == UPTURN_P
        else [],
        "audit_limit": st.audit_limit if st.phase == AUDIT_P else None,
        "round_end": REASON_NAMES[st.reason],
        "over": over,
        "scores": list(st.totals) if over else None,  # the scores (transitions)
        "winners": winners(st),
    }


def _discard_view(st: TakeStockFields, seat: int | None) -> list[str]:
    out = []
    for e in st.ediscard:
        tag = e >> TAG_SHIFT
        mine = seat is not None and tag == seat + 1
        out.append(KIND_NAMES[e & KIND_MASK] if tag == 0 or mine else "?")
    return out


def view(st: TakeStockFields, seat: int | None = None) -> TakeStockView:
    discard = _discard_view(st, seat)
    if seat is None:
        return {**public(st), "seat": None, "event_discard": discard}
    held: list[TakeStockHeldEvent] = [
        {
            "event": KIND_NAMES[e & KIND_MASK],
            "round": e >> TAG_SHIFT,
            "usable": not st.rules.later_round or e >> TAG_SHIFT < st.round,
        }
        for e in st.held[seat]
    ]
    mine = st.actor == seat and st.phase != OVER
    mask = st.exmask[seat] if st.phase == EXERCISE else -1
    hand = st.hands[seat]
    return {
        **public(st),
        "seat": seat,
        "event_discard": discard,
        "hand": [CARD_NAMES[c] for c in hand],
        "held_events": held,
        "drawn_events": [KIND_NAMES[k] for k in st.pending] if mine else [],
        "exercising": [CARD_NAMES[hand[j]] for j in A.mask_positions(mask)] if mask >= 0 else None,
    }


def full_view(st: TakeStockFields) -> TakeStockPosition:
    """Everything the state holds (the position format of docs/positions/take-stock.md):
    the spectator view's keys plus the hidden parts and the state's memory."""
    out: dict[str, Any] = {**public(st), "format": POSITION_FORMAT}
    write_position(st, out)
    return cast(TakeStockPosition, out)  # the hidden part's keys: TakeStockFields' kept fields


def determinize(st: F, seat: int, rng: Rng) -> F:
    """A copy in which everything ``seat`` cannot see is resampled with ``rng``.

    Resampled, keeping every pile's size: the other hands and the share draw pile (dealt
    back from one shuffled pool); the other players' held events (their rounds kept), the
    face-down event discards the seat did not see, another player's undecided draw-2 cards
    and the event deck, from one shuffled pool of the event cards the seat cannot identify;
    the other players' secret option choices (a random legal choice). Kept: the seat's
    hand, held events and own choices, all public cards, the cards it discarded face down,
    Market Closed's position, and which cards went into each block shuffled under the
    deck (§9.1b), whose order inside the block is reshuffled. Not modelled: what the seat
    could infer from when cards were drawn (e.g. the composition of a draw pile rebuilt
    from the public discard pile).
    """
    s = st.clone()
    n = s.num_players
    others = [q for q in range(n) if q != seat]
    # share cards: other hands and the draw pile
    pool = s.sdraw[:]
    for q in others:
        pool.extend(s.hands[q])
    pool.sort()  # forget where the hidden cards were: only which cards is known
    rng.shuffle(pool)
    pos = 0
    for q in others:
        size = len(s.hands[q])
        s.hands[q] = sorted(pool[pos : pos + size])
        pos += size
    s.sdraw = pool[pos:]
    if s.phase == EXERCISE:  # others' secret option choices are not known yet
        for q in others:
            if s.exmask[q] >= 0:
                choices = exercise_actions(len(s.hands[q]), s.tokens[q])
                s.exmask[q] = choices[rng.below(len(choices))] - A.EXERCISE_BASE
    # event cards: every card whose identity the seat does not know
    known = (0, seat + 1)
    unknown: list[int] = []
    for e in s.edeck:
        if e >> TAG_SHIFT not in known:
            unknown.append(e & KIND_MASK)
    for e in s.ediscard:
        if e >> TAG_SHIFT not in known:
            unknown.append(e & KIND_MASK)
    for q in others:
        unknown.extend(e & KIND_MASK for e in s.held[q])
    hidden_pending = bool(s.pending) and s.actor != seat
    if hidden_pending:
        unknown.extend(s.pending)
    unknown.sort()
    rng.shuffle(unknown)
    it = iter(unknown)
    s.edeck = [e if e >> TAG_SHIFT in known else next(it) | (e & ~KIND_MASK) for e in s.edeck]
    s.ediscard = [e if e >> TAG_SHIFT in known else next(it) | (e & ~KIND_MASK) for e in s.ediscard]
    for q in others:
        s.held[q] = tuple(next(it) | (e & ~KIND_MASK) for e in s.held[q])
    if hidden_pending:
        s.pending = [next(it) for _ in s.pending]
    # the order inside each block shuffled under the deck is unknown to everybody
    deck = s.edeck
    bounds = [0, *(b for b in s.eblocks if b < len(deck)), len(deck)]
    for lo, hi in pairwise(bounds):
        slots = [i for i in range(lo, hi) if deck[i] & KIND_MASK != CLOSED]
        cards = sorted(deck[i] for i in slots)
        rng.shuffle(cards)
        for i, e in zip(slots, cards, strict=True):
            deck[i] = e
    s.rng = Rng(rng.next64())
    return s
