"""Taiwan Night Market's rules as functions of the state's fields (the forward model): set-up,
who moves, the legal actions, the transitions of every phase (§4 Steps 1-11, §5) and the
scores (§6).

A round runs: reveal lots and public customers (automatic), hidden-customer choices (HIDE,
one card per action), bidding (BID chooses a lot or passes, VALUE gives the amount),
payment (automatic; LOAN only with ``voluntary_loans``), building (BUILD, one lot per
action), then hidden customers, movement, income, refill and turn order (automatic).
"""

from __future__ import annotations

from bazaar.core.game import Event
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.board import Seats, move_customers
from bazaar.games.night_market.components import (
    KIND_NAMES,
    LETTERS,
    NUM_LETTERS,
    NUM_LOTS,
    NUM_TYPES,
    TYPE_NAMES,
)
from bazaar.games.night_market.fields import (
    AUCTION,
    BID,
    BUILD,
    HIDE,
    IN_DECK,
    LOAN,
    OVER,
    OWNED,
    REMOVED,
    VALUE,
    VOID,
    C,
    NightMarketFields,
    Rules,
)


# ------------------------------------------------------------------ protocol
def setup(s: NightMarketFields) -> None:
    """Set up a blank state (its game, players, options and rng given) to start (§3)."""
    players = s.num_players
    r = s.rules = Rules(players, s.options)
    s.order = tuple(range(players))
    s.cash = list(r.start_money)
    s.loans = [0] * players
    s.nlots = [0] * players
    s.owner = [-1] * NUM_LOTS
    s.stall = [-1] * NUM_LOTS
    s.won = [0] * NUM_LOTS
    s.status = [IN_DECK] * NUM_LOTS
    s.supply = [r.stalls_per_type] * NUM_TYPES
    s.deck = list(range(r.deck))
    s.rng.shuffle(s.deck)
    s.hands = [[] for _ in range(players)]
    for p in s.order:  # the start player draws first (§9.3)
        for _ in range(r.hand):
            s.hands[p].append(s.deck.pop())
    s.hidden = [[] for _ in range(players)]
    s.discard = []
    s.out = []
    s.waiting = []
    s.land = list(range(NUM_LOTS))
    s.rng.shuffle(s.land)
    for _ in range(r.removed):
        s.status[s.land.pop()] = REMOVED
    s.auction = ()
    s.top = []
    s.lead = []
    s.bidlog = []
    s.placed = [0] * players
    s.passed = [0] * players
    s.done = [0] * players
    s.last_income = (0,) * players
    s.last_bonus = (0,) * players
    s.round = 1
    s.phase = HIDE
    s.cur = 0
    s.step = 0
    s.need = 0
    s.slot = -1
    start_round(s, None)


def to_move(s: NightMarketFields) -> int | None:
    return None if s.phase == OVER else s.cur


def is_over(s: NightMarketFields) -> bool:
    return s.phase == OVER


def bid_range(s: NightMarketFields, p: int, i: int) -> tuple[int, int]:
    """(lowest, highest) amount seat ``p`` may bid on auction slot ``i`` (empty if lo > hi).

    Rule a/b (§4 Step 4): any amount on an empty lot (``yellow_face = min_bid``: at
    least the minimum on a star lot), else more than the top bid, own bids included.
    Affordability (A-7): all of p's winning bids, this one included, fit the budget.
    """
    top, lead, r = s.top, s.lead, s.rules
    spare = s.cash[p] + r.loan_amount * (r.loan_max - s.loans[p])
    for j in range(len(top)):
        if lead[j] == p and j != i:
            spare -= top[j]
    t = top[i]
    lo = r.min_bid[s.auction[i]] if t < 0 else t + 1
    return lo, spare if spare < A.MAX_BID else A.MAX_BID


def _bid_slots(s: NightMarketFields, p: int) -> list[int]:
    """Auction slots where seat ``p`` has a legal bid."""
    r = s.rules
    if r.free_markers - s.nlots[p] - s.placed[p] <= 0:
        return []
    top, lead = s.top, s.lead
    spare = s.cash[p] + r.loan_amount * (r.loan_max - s.loans[p])
    mine = 0
    for j in range(len(top)):
        if lead[j] == p:
            mine += top[j]
    spare -= mine
    min_bid = r.min_bid
    out = []
    for i, lot in enumerate(s.auction):
        t = top[i]
        if t < 0:
            lo, hi = min_bid[lot], spare
        else:
            lo, hi = t + 1, spare + t if lead[i] == p else spare
        if lo <= hi and lo <= A.MAX_BID:
            out.append(i)
    return out


def _can_bid(s: NightMarketFields, p: int) -> bool:
    """Whether seat ``p`` has any legal bid (``_bid_slots`` stopping at the first)."""
    r = s.rules
    if r.free_markers - s.nlots[p] - s.placed[p] <= 0:
        return False
    top, lead = s.top, s.lead
    spare = s.cash[p] + r.loan_amount * (r.loan_max - s.loans[p])
    for j in range(len(top)):
        if lead[j] == p:
            spare -= top[j]
    min_bid = r.min_bid
    for i, lot in enumerate(s.auction):
        t = top[i]
        if t < 0:
            if min_bid[lot] <= spare and min_bid[lot] <= A.MAX_BID:
                return True
        elif t < (spare + t if lead[i] == p else spare) and t < A.MAX_BID:
            return True
    return False


def legal_actions(s: NightMarketFields) -> list[int]:
    phase = s.phase
    p = s.cur
    if phase == BID:
        auction = s.auction
        out = [A.BID_LOT_BASE + auction[i] for i in _bid_slots(s, p)]
        out.append(A.GIVE_UP if s.step >= 2 * s.num_players else A.PASS)
        return out
    if phase == VALUE:
        lo, hi = bid_range(s, p, s.slot)
        return list(range(A.VALUE_BASE + lo, A.VALUE_BASE + hi + 1))
    if phase == BUILD:
        lot = s.slot
        supply = s.supply
        base = A.BUILD_BASE + lot * NUM_TYPES
        out = [base + t for t in range(NUM_TYPES) if supply[t]]
        out.append(A.EMPTY_BASE + lot)
        return out
    if phase == HIDE:
        kind = s.rules.kind
        return sorted({kind[c] for c in s.hands[p]})
    if phase == LOAN:
        return [A.LOAN, A.DONE]
    return []


# ------------------------------------------------------------------ transitions
def apply(s: NightMarketFields, action: int, events: list[Event] | None) -> None:
    phase = s.phase
    if phase == BID:
        _do_bid(s, action, events)
    elif phase == VALUE:
        _place_bid(s, s.cur, s.slot, action - A.VALUE_BASE, events)
    elif phase == BUILD:
        _do_build(s, action, events)
    elif phase == HIDE:
        _do_hide(s, action, events)
    else:
        _do_loan(s, action, events)


# --- round start: steps 1-3 ---------------------------------------------------
def start_round(s: NightMarketFields, events: list[Event] | None) -> None:
    r = s.rules
    n = min(r.lots_per_round, len(s.land))
    lots = sorted(s.land.pop() for _ in range(n))
    for lot in lots:
        s.status[lot] = AUCTION
    s.auction = tuple(lots)
    s.top = [-1] * n
    s.lead = [-1] * n
    s.bidlog = []
    players = s.num_players
    s.placed = [0] * players
    s.passed = [0] * players
    s.done = [0] * players
    if events is not None:
        events.append(
            Event(
                "round_start",
                {
                    "round": s.round,
                    "lots": [x + 1 for x in lots],
                    "yellow": [x + 1 for x in lots if x in r.stars],
                },
            )
        )
    public = []
    kind = r.kind
    for _ in range(r.public_customers):
        card = _draw(s, events)
        if card < 0:
            break
        s.waiting.append(card * NUM_LETTERS + kind[card] % NUM_LETTERS)
        public.append(KIND_NAMES[kind[card]])
    if events is not None:
        events.append(Event("customers", {"customers": public}))
    s.step = 0
    _next_hider(s, events)


def _draw(s: NightMarketFields, events: list[Event] | None) -> int:
    """Top card of the customer deck (reshuffling the discards if empty), or -1 (§4 Step 10)."""
    if not s.deck:
        if not s.discard:
            return -1
        s.deck = s.discard
        s.discard = []
        s.rng.shuffle(s.deck)
        if events is not None:
            events.append(Event("reshuffle", {"cards": len(s.deck)}))
    return s.deck.pop()


def _next_hider(s: NightMarketFields, events: list[Event] | None) -> None:
    want = s.rules.hidden[s.round - 1]
    order = s.order
    while s.step < s.num_players:
        p = order[s.step]
        hand = s.hands[p]
        k = want if want < len(hand) else len(hand)
        if k == 0:
            s.step += 1
            continue
        if k == len(hand):  # the whole hand: no choice to make (§9.3)
            while hand:
                _hide(s, p, 0, events)
            s.step += 1
            continue
        s.phase = HIDE
        s.cur = p
        s.need = k
        return
    s.step = 0
    _next_bidder(s, events)


def _hide(s: NightMarketFields, p: int, index: int, events: list[Event] | None) -> None:
    card = s.hands[p].pop(index)
    s.hidden[p].append(card)
    if events is not None:
        events.append(Event("hide", {"seat": p, "count": len(s.hidden[p])}))
        events.append(Event("hid", {"seat": p, "customer": KIND_NAMES[s.rules.kind[card]]}, to=p))


def _do_hide(s: NightMarketFields, action: int, events: list[Event] | None) -> None:
    p = s.cur
    kind = s.rules.kind
    hand = s.hands[p]
    index = 0
    while kind[hand[index]] != action:
        index += 1
    _hide(s, p, index, events)
    s.need -= 1
    if not s.need:
        s.step += 1
        _next_hider(s, events)


# --- bidding: step 4 (§4 Step 4, §7.2) -------------------------------------
def _next_bidder(s: NightMarketFields, events: list[Event] | None) -> None:
    players = s.num_players
    order = s.order
    passed = s.passed
    while s.step < 2 * players:
        p = order[s.step % players]
        if passed[p]:
            s.step += 1
            continue
        if not _can_bid(s, p):
            if events is not None:
                events.append(Event("no_legal_bid", {"seat": p, "compensation": False}))
            if s.rules.no_bid_pass:
                passed[p] = 1
            s.step += 1
            continue
        s.phase = BID
        s.cur = p
        return
    done = s.done
    lead = s.lead
    while True:
        for p in order:
            if not passed[p] and not done[p] and p not in lead:
                break
        else:
            break
        if not _can_bid(s, p):
            done[p] = 1
            if events is not None:
                events.append(Event("no_legal_bid", {"seat": p, "compensation": True}))
            continue
        if events is not None:
            events.append(Event("compensation", {"seat": p}))
        s.phase = BID
        s.cur = p
        return
    _payment(s, events)


def _do_bid(s: NightMarketFields, action: int, events: list[Event] | None) -> None:
    p = s.cur
    if action == A.PASS:
        s.passed[p] = 1
        s.step += 1
        if events is not None:
            events.append(Event("pass", {"seat": p}))
        _next_bidder(s, events)
        return
    if action == A.GIVE_UP:
        s.done[p] = 1
        if events is not None:
            events.append(Event("give_up", {"seat": p}))
        _next_bidder(s, events)
        return
    i = s.auction.index(action - A.BID_LOT_BASE)
    lo, hi = bid_range(s, p, i)
    if lo == hi:  # only one amount is possible: no question to ask (§9.3)
        _place_bid(s, p, i, lo, events)
        return
    s.phase = VALUE
    s.slot = i


def _place_bid(
    s: NightMarketFields, p: int, i: int, amount: int, events: list[Event] | None
) -> None:
    comp = s.step >= 2 * s.num_players
    s.top[i] = amount
    s.lead[i] = p
    s.bidlog += (i, p, amount)
    s.placed[p] += 1
    s.slot = -1
    if events is not None:
        events.append(
            Event(
                "bid",
                {
                    "seat": p,
                    "lot": s.auction[i] + 1,
                    "amount": amount,
                    "compensation": comp,
                },
            )
        )
    if not comp:
        s.step += 1
    _next_bidder(s, events)


# --- payment: step 5 ------------------------------------------------------------
def _payment(s: NightMarketFields, events: list[Event] | None) -> None:
    players = s.num_players
    due = [0] * players
    returned = []
    void = []
    for i, lot in enumerate(s.auction):
        p = s.lead[i]
        if p < 0:
            if s.rules.unbid_return:
                s.status[lot] = IN_DECK
                returned.append(lot)
            else:
                s.status[lot] = VOID
                void.append(lot)
            continue
        s.status[lot] = OWNED
        s.owner[lot] = p
        s.won[lot] = s.round
        s.nlots[p] += 1
        due[p] += s.top[i]
        if events is not None:
            events.append(Event("pay", {"seat": p, "lot": lot + 1, "amount": s.top[i]}))
    if returned:
        s.land += returned
        s.rng.shuffle(s.land)
    if events is not None and (returned or void):
        lots = sorted(x + 1 for x in returned + void)
        events.append(Event("unbid", {"lots": lots, "returned": bool(returned)}))
    loan = s.rules.loan_amount
    for p in s.order:
        short = due[p] - s.cash[p]
        if short > 0:
            n = -(-short // loan)
            s.loans[p] += n
            s.cash[p] += n * loan
            if events is not None:
                data = {"seat": p, "count": n, "amount": n * loan, "forced": True}
                events.append(Event("loan", data))
        s.cash[p] -= due[p]
    s.auction = ()
    s.top = []
    s.lead = []
    s.bidlog = []
    s.step = 0
    if s.rules.voluntary_loans:
        _next_loaner(s, events)
    else:
        _next_builder(s, events)


def _next_loaner(s: NightMarketFields, events: list[Event] | None) -> None:
    while s.step < s.num_players:
        p = s.order[s.step]
        if s.loans[p] < s.rules.loan_max:
            s.phase = LOAN
            s.cur = p
            return
        s.step += 1
    s.step = 0
    _next_builder(s, events)


def _do_loan(s: NightMarketFields, action: int, events: list[Event] | None) -> None:
    p, r = s.cur, s.rules
    if action == A.LOAN:
        s.loans[p] += 1
        s.cash[p] += r.loan_amount
        if events is not None:
            data = {"seat": p, "count": 1, "amount": r.loan_amount, "forced": False}
            events.append(Event("loan", data))
        if s.loans[p] < r.loan_max:
            return
    s.step += 1
    _next_loaner(s, events)


# --- building: step 6 -------------------------------------------------------------
def _first_unbuilt(s: NightMarketFields, p: int, after: int) -> int:
    owner, stall = s.owner, s.stall
    for lot in range(after + 1, NUM_LOTS):
        if owner[lot] == p and stall[lot] < 0:
            return lot
    return -1


def _next_builder(s: NightMarketFields, events: list[Event] | None) -> None:
    while s.step < s.num_players:
        p = s.order[s.step]
        lot = _first_unbuilt(s, p, -1)
        if lot >= 0 and any(s.supply):
            s.phase = BUILD
            s.cur = p
            s.slot = lot
            return
        s.step += 1
    s.slot = -1
    end_of_round(s, events)


def _do_build(s: NightMarketFields, action: int, events: list[Event] | None) -> None:
    p = s.cur
    lot = s.slot
    if action < A.EMPTY_BASE:
        t = (action - A.BUILD_BASE) % NUM_TYPES
        s.stall[lot] = t
        s.supply[t] -= 1
        if events is not None:
            events.append(Event("build", {"seat": p, "lot": lot + 1, "type": TYPE_NAMES[t]}))
    elif events is not None:
        events.append(Event("empty", {"seat": p, "lot": lot + 1}))
    nxt = _first_unbuilt(s, p, lot)
    if nxt >= 0 and any(s.supply):
        s.slot = nxt
        return
    s.step += 1
    _next_builder(s, events)


# --- steps 7-11 and the final round (§4 Steps 7-11, §5, §6) ---------------------
def end_of_round(s: NightMarketFields, events: list[Event] | None) -> None:
    r = s.rules
    kind = r.kind
    players = s.num_players
    for p in s.order:  # step 7: hidden customers go to their entrances
        hidden = s.hidden[p]
        if not hidden:
            continue
        for card in hidden:
            s.waiting.append(card * NUM_LETTERS + kind[card] % NUM_LETTERS)
        if events is not None:
            names = [KIND_NAMES[kind[c]] for c in hidden]
            events.append(Event("reveal", {"seat": p, "customers": names}))
        s.hidden[p] = []
    final = s.round == r.last_round
    seats = Seats(s.owner, s.stall, s.won, s.round if final else 0, r.adjacency, r.per_lot)
    trace: list[tuple[int, int, int, int]] | None = [] if events is not None else None
    served, held, left = move_customers(
        s.waiting, seats, r.ctype, r.order, r.next_entrance, final, trace
    )
    if events is not None and trace is not None:
        owner = s.owner
        for card, e, lot, e2 in trace:
            data = {
                "customer": KIND_NAMES[kind[card]],
                "from": LETTERS[e],
                "lot": lot + 1 if lot >= 0 else None,
                "owner": owner[lot] if lot >= 0 else None,
                "to": None if lot >= 0 else (LETTERS[e2] if e2 >= 0 else "out"),
            }
            events.append(Event("move", data))
    s.waiting = held
    income = [0] * players
    count = [0] * players
    seat_owner, rate, ctype = seats.owner, seats.rate, r.ctype
    served_by = [[0] * NUM_TYPES for _ in range(players)]
    for card, g in served:
        q = seat_owner[g]
        income[q] += rate[g]
        count[q] += 1
        if final:
            served_by[q][ctype[card]] += 1
    s.discard += [card for card, _ in served]
    if r.leavers_discard:
        s.discard += left
    else:
        s.out += left
    bonus = [0] * players
    if final:  # majority bonus, before income (§5.3)
        winners_by_type = []
        for t in range(NUM_TYPES):
            best = max(served_by[q][t] for q in range(players))
            won = [q for q in range(players) if best and served_by[q][t] == best]
            for q in won:
                bonus[q] += C.majority_bonus // len(won)
            winners_by_type.append(won)
        for q in range(players):
            s.cash[q] += bonus[q]
        if events is not None:
            events.append(Event("bonus", {"bonus": bonus, "winners": winners_by_type}))
    for q in range(players):
        s.cash[q] += income[q]
    s.last_income = tuple(income)
    s.last_bonus = tuple(bonus)
    if events is not None:
        events.append(Event("income", {"round": s.round, "income": income, "customers": count}))
    if final:
        _end_game(s, events)
        return
    for p in s.order:  # step 10: refill in this round's turn order
        hand = s.hands[p]
        drawn = []
        while len(hand) < r.hand:
            card = _draw(s, events)
            if card < 0:
                break
            hand.append(card)
            drawn.append(card)
        if events is not None and drawn:
            events.append(Event("refill", {"seat": p, "count": len(drawn)}))
            names = [KIND_NAMES[kind[c]] for c in drawn]
            events.append(Event("drew", {"seat": p, "customers": names}, to=p))
    nlots, cash = s.nlots, s.cash  # step 11: lots, then cash, then old order
    s.order = tuple(sorted(s.order, key=lambda q: (-nlots[q], -cash[q])))
    if events is not None:
        events.append(Event("turn_order", {"order": list(s.order)}))
    s.round += 1
    start_round(s, events)


def _end_game(s: NightMarketFields, events: list[Event] | None) -> None:
    repaid = [s.rules.loan_repay * n for n in s.loans]
    for q in range(s.num_players):
        s.cash[q] -= repaid[q]
    s.phase = OVER
    if events is not None:
        events.append(Event("repay", {"repaid": repaid}))
        events.append(Event("game_over", {"scores": scores(s), "winners": winners(s)}))


# ------------------------------------------------------------------ outcome (§6)
def scores(s: NightMarketFields) -> list[float]:
    """Cash; before the end, cash minus 7 per unpaid loan (§9.3)."""
    if s.phase == OVER:
        return list(s.cash)
    repay = s.rules.loan_repay
    return [c - repay * n for c, n in zip(s.cash, s.loans, strict=True)]


def winners(s: NightMarketFields) -> list[int]:
    """Most cash, then most lots; still tied players share the win."""
    if s.phase != OVER:
        return []
    best = max(zip(s.cash, s.nlots, strict=True))
    return [q for q in range(s.num_players) if (s.cash[q], s.nlots[q]) == best]
