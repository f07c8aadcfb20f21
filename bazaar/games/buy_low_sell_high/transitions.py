"""The rules of Buy Low Sell High as functions of the state's fields (the forward model):
setup, whose move, the legal actions, every transition and the scores.

Section numbers (§) refer to the rules spec (shared/rules/buy_low_sell_high.md); why an
illegal action is refused is in refusals.py.
"""

from __future__ import annotations

from bazaar.core.game import Event
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high.components import (
    CARD_NAMES,
    COMMISSION,
    COMPONENTS,
    DIVIDEND,
    KINDS,
    NEWS,
    NUM_CARDS,
    TYPE_VALUE,
)
from bazaar.games.buy_low_sell_high.fields import (
    COLOUR_OF,
    FORCED,
    NEWS_CARDS,
    OVER,
    PLAY,
    REDRAW,
    SELLOFF,
    SPACES,
    TOP,
    TRADE,
    TYPE_OF,
    BlshFields,
    Rules,
)


# ------------------------------------------------------------------ protocol
def setup(s: BlshFields) -> None:
    """Set up a blank state (its game, players, options and rng given) to start (§2)."""
    players = s.num_players
    s.rules = Rules(players, s.options)
    c = COMPONENTS
    s.money = [c.start_money] * players
    s.held = [[1] * KINDS for _ in range(players)]
    on_board = c.tokens_per_kind - players
    top = SPACES.index(c.start_top)
    s.hi = [top] * KINDS
    s.lo = [top - on_board + 1] * KINDS
    s.n = [on_board] * KINDS
    s.pile = list(s.rules.deck)
    s.rng.shuffle(s.pile)
    s.hands = [[0] * NUM_CARDS for _ in range(players)]
    s.hand_n = [0] * players
    for p in range(players):
        draw(s, p, None)
    s.row = []
    s.row_covered = []
    s.news_on = []
    s.discards = [[] for _ in range(players)]
    s.skip_trading = [False] * players
    s.year = 1
    s.turn = 0
    s.start = 0
    s.cur = 0
    s.last_active = 0
    s.redrawn = 0
    s.forced_in_turn = False
    s.phase = TRADE


def to_move(s: BlshFields) -> int | None:
    return None if s.phase == OVER else s.cur


def is_over(s: BlshFields) -> bool:
    return s.phase == OVER


def legal_actions(s: BlshFields) -> list[int]:
    phase = s.phase
    if phase == TRADE:
        return _legal_trades(s)
    if phase == PLAY:
        return _legal_plays(s)
    p = s.cur
    held = s.held[p]
    if phase == REDRAW:
        hand = s.hands[p]
        return [A.DISCARD_BASE + c for c in range(NUM_CARDS) if hand[c]] + [A.KEEP]
    if phase == OVER:
        return []
    out = [A.SELL_BASE + k for k in range(KINDS) if held[k]]
    if phase == FORCED and s.money[p] >= 0:
        out.append(A.STOP)
    return out


def _legal_trades(s: BlshFields) -> list[int]:
    """Feasible trades (§4.1-4.5), filtered by the first-lap limits (§4.6).

    Option A combinations are generated as a product of per-kind choices ordered
    sell < none < buy, which is exactly the encoding order, so no sort is needed.
    """
    p = s.cur
    held = s.held[p]
    money = s.money[p]
    per_kind = []
    buy2 = []
    sell2 = []
    for k in range(KINDS):
        lo, n = s.lo[k], s.n[k]
        choices = [(-1, SPACES[lo - 1 if lo else 0])] if held[k] else []
        choices.append((0, 0))
        if n >= 2:
            b1 = SPACES[lo]
            choices.append((1, -b1))
            if n >= 3:
                b2 = SPACES[lo if lo == 0 and n - s.hi[k] > 1 else lo + 1]
                if b1 + b2 <= money:
                    buy2.append(A.BUY2_BASE + k)
        per_kind.append(choices)
        if held[k] >= 2:
            sell2.append(A.SELL2_BASE + k)
    index = A.TRADE_AT
    out = []
    c0, c1, c2 = per_kind  # the game has exactly three kinds (components.KINDS)
    for d0, m0 in c0:
        row0 = index[d0 + 1]
        for d1, m1 in c1:
            row1 = row0[d1 + 1]
            for d2, m2 in c2:
                if d0 == 1 or d1 == 1 or d2 == 1:
                    if money + m0 + m1 + m2 < 0:
                        continue
                elif not (d0 or d1 or d2):
                    continue
                out.append(row1[d2 + 1])
    out += buy2
    out += sell2
    out.append(A.PASS)
    lap = s.first_lap_seat()
    if lap:
        allowed = FIRST_LAP_ALLOWED[lap, s.rules.exact_first_lap]
        out = [a for a in out if a in allowed]
    return out


def _legal_plays(s: BlshFields) -> list[int]:
    hand = s.hands[s.cur]
    plays = [A.PLAY_BASE + c for c in range(NUM_CARDS) if hand[c] and TYPE_OF[c] != NEWS]
    news_colours = [k for k in range(KINDS) if hand[NEWS_CARDS[k]]]
    if news_colours:
        plays.extend(A.COVER_BASE + j for j in _news_targets(s, news_colours))
        if not plays:
            plays = [A.PLAY_BASE + NEWS_CARDS[k] for k in news_colours]
    return plays


def _news_targets(s: BlshFields, colours: list[int]) -> list[int]:
    """Market spaces a Breaking News card of one of ``colours`` may cover (§5.3)."""
    covered_ok = s.rules.bn_covered
    row, cov = s.row, s.row_covered
    return [
        j
        for j in range(len(row))
        if COLOUR_OF[row[j]] in colours and (covered_ok or (not cov[j] and TYPE_OF[row[j]] != NEWS))
    ]


# ------------------------------------------------------------------ transitions
def buy(s: BlshFields, p: int, k: int) -> int:
    lo = s.lo[k]
    price = SPACES[lo]
    s.money[p] -= price
    s.held[p][k] += 1
    n = s.n[k]
    if not (lo == 0 and n - s.hi[k] > 1):
        s.lo[k] = lo + 1
    s.n[k] = n - 1
    return price


def sell(s: BlshFields, p: int, k: int) -> int:
    lo = s.lo[k]
    if lo:
        lo -= 1
        s.lo[k] = lo
    price = SPACES[lo]
    s.money[p] += price
    s.held[p][k] -= 1
    s.n[k] += 1
    return price


def _shift(s: BlshFields, k: int, net: int) -> None:
    """Year-end price movement of kind ``k`` by ``net`` spaces (§6 step 2)."""
    steps = abs(net)
    if s.rules.token_count_shift:
        steps = min(steps, s.n[k])
    lo, hi, n = s.lo[k], s.hi[k], s.n[k]
    if net > 0:
        for _ in range(steps):
            if hi == TOP:
                break
            hi += 1
            if not (lo == 0 and n - (hi - 1) > 1):
                lo += 1
    else:
        for _ in range(steps):
            if lo == 0:
                break
            lo -= 1
            hi -= 1
    s.lo[k], s.hi[k] = lo, hi


def apply(s: BlshFields, action: int, events: list[Event] | None) -> None:
    phase = s.phase
    if phase == TRADE:
        _do_trade(s, action, events)
    elif phase == PLAY:
        _do_play(s, action, events)
    elif phase == REDRAW:
        _do_redraw(s, action, events)
    elif phase == FORCED:
        _do_forced(s, action, events)
    else:
        _do_selloff(s, action, events)


def _do_trade(s: BlshFields, action: int, events: list[Event] | None) -> None:
    p = s.cur
    d = A.TRADES[action]
    got = paid = 0
    for k in range(KINDS):  # sales first, then purchases (§4.5)
        for _ in range(-d[k]):
            got += sell(s, p, k)
    for k in range(KINDS):
        for _ in range(d[k]):
            paid += buy(s, p, k)
    if events is not None:
        events.append(Event("trade", {"seat": p, "trade": list(d), "received": got, "paid": paid}))
    _start_market_phase(s, events)


def _start_market_phase(s: BlshFields, events: list[Event] | None) -> None:
    if s.hand_n[s.cur]:
        s.phase = PLAY
    else:  # §5.5 [A]: no card in hand, the market phase is skipped
        _end_turn(s, events)


def _do_play(s: BlshFields, action: int, events: list[Event] | None) -> None:
    p = s.cur
    hand = s.hands[p]
    if action >= A.COVER_BASE:  # Breaking News covers a card (§5.2 D, §5.3)
        j = action - A.COVER_BASE
        card = NEWS_CARDS[COLOUR_OF[s.row[j]]]
        hand[card] -= 1
        s.hand_n[p] -= 1
        s.news_on.append(card)
        s.row_covered[j] = True
        if events is not None:
            events.append(Event("cover", {"seat": p, "card": CARD_NAMES[card], "space": j + 1}))
        _end_turn(s, events)
        return
    card = action - A.PLAY_BASE
    hand[card] -= 1
    s.hand_n[p] -= 1
    s.row.append(card)
    s.row_covered.append(False)
    if events is not None:
        kind = "dud" if TYPE_OF[card] == NEWS else "play"
        events.append(Event(kind, {"seat": p, "card": CARD_NAMES[card], "space": len(s.row)}))
    full = len(s.row) >= s.rules.row_length
    if TYPE_OF[card] == COMMISSION:
        _pay_commission(s, COLOUR_OF[card], events)
        if not full and s.hand_n[p]:
            return  # §5.4: the same player must play one more card
    if full:
        s.last_active = p
        _year_end(s, events)
    else:
        _end_turn(s, events)


def _pay_commission(s: BlshFields, k: int, events: list[Event] | None) -> None:
    fee = COMPONENTS.commission
    paid = []
    for q in range(s.num_players):
        due = fee * s.held[q][k]
        s.money[q] -= due
        paid.append(due)
    if events is not None:
        events.append(Event("commission", {"kind": k, "paid": paid}))


def _end_turn(s: BlshFields, events: list[Event] | None) -> None:
    """Draw back up to the hand size (§5.5) and pass the turn clockwise."""
    draw(s, s.cur, events)
    s.turn += 1
    _begin_turn(s, (s.cur + 1) % s.num_players, events)


def draw(s: BlshFields, p: int, events: list[Event] | None) -> None:
    hand, pile = s.hands[p], s.pile
    drawn = []
    while s.hand_n[p] < s.rules.hand_size and pile:
        card = pile.pop()
        hand[card] += 1
        s.hand_n[p] += 1
        drawn.append(card)
    if events is not None and drawn:
        events.append(Event("draw", {"seat": p, "count": len(drawn)}))
        events.append(Event("drew", {"seat": p, "cards": [CARD_NAMES[c] for c in drawn]}, to=p))


def _begin_turn(s: BlshFields, p: int, events: list[Event] | None) -> None:
    s.cur = p
    if s.rules.next_turn_forced and s.money[p] < 0 and _open_forced_sale(s, p):
        s.forced_in_turn = True
        return
    _begin_trading(s, events)


def _begin_trading(s: BlshFields, events: list[Event] | None) -> None:
    p = s.cur
    if s.skip_trading[p]:  # §4.7 variant: the forced sale replaced this trading phase
        s.skip_trading[p] = False
        if events is not None:
            events.append(Event("skip_trading", {"seat": p}))
        _start_market_phase(s, events)
    else:
        s.phase = TRADE


def _open_forced_sale(s: BlshFields, p: int) -> bool:
    """Start a forced sale for ``p`` (money < 0); False if ``p`` holds no token."""
    if s.rules.replaces_trading:
        s.skip_trading[p] = True
    if not any(s.held[p]):
        return False
    s.cur = p
    s.phase = FORCED
    return True


# ------------------------------------------------------------------ year end (§6)
def _year_end(s: BlshFields, events: list[Event] | None) -> None:
    net = [0] * KINDS
    dividends = [0] * KINDS
    for card, covered in zip(s.row, s.row_covered, strict=True):
        if covered:
            continue
        t = TYPE_OF[card]
        if t < DIVIDEND:
            net[COLOUR_OF[card]] += TYPE_VALUE[t]
        elif t == DIVIDEND:
            dividends[COLOUR_OF[card]] += 1
    for k in range(KINDS):
        if net[k]:
            _shift(s, k, net[k])
    per_share = [s.rules.dividend(c) for c in dividends]
    paid = []
    for q in range(s.num_players):
        amount = sum(per_share[k] * s.held[q][k] for k in range(KINDS))
        s.money[q] += amount
        paid.append(amount)
    if events is not None:
        events.append(
            Event(
                "year_end",
                {
                    "year": s.year,
                    "net": net,
                    "dividend_cards": dividends,
                    "dividend_per_share": per_share,
                    "dividends": paid,
                    "prices": [s.buy_price(k) for k in range(KINDS)],
                },
            )
        )
    nxt = (s.cur + 1) % s.num_players
    if s.year == s.rules.years:
        _start_selloff(s, nxt if s.rules.selloff_next else s.cur, events)
        return
    s.pile.extend(s.row)  # step 4: covered and Breaking News cards included
    s.pile.extend(s.news_on)
    s.row, s.row_covered, s.news_on = [], [], []
    s.rng.shuffle(s.pile)
    s.phase = REDRAW  # step 5, from the next player
    s.cur = nxt
    s.redrawn = 0


def _do_redraw(s: BlshFields, action: int, events: list[Event] | None) -> None:
    p = s.cur
    if action != A.KEEP:
        card = action - A.DISCARD_BASE
        s.hands[p][card] -= 1
        s.hand_n[p] -= 1
        s.discards[p].append(card)
        if events is not None:
            events.append(Event("discard", {"seat": p}))
            events.append(Event("discarded", {"seat": p, "card": CARD_NAMES[card]}, to=p))
        return
    draw(s, p, events)
    s.redrawn += 1
    if s.redrawn < s.num_players:
        s.cur = (p + 1) % s.num_players
        return
    for d in s.discards:  # step 6
        s.pile.extend(d)
        d.clear()
    s.rng.shuffle(s.pile)
    s.year += 1
    s.turn = 0
    s.start = s.cur = (p + 1) % s.num_players
    if events is not None:
        events.append(Event("year_start", {"year": s.year, "start": s.start}))
    if not s.rules.next_turn_forced:
        s.forced_in_turn = False
        if _next_forced_seller(s, 0):
            return
    _begin_turn(s, s.start, events)


def _next_forced_seller(s: BlshFields, offset: int) -> bool:
    """Year handover (§4.7): open the forced sale of the next negative seat, if any."""
    for i in range(offset, s.num_players):
        q = (s.start + i) % s.num_players
        if s.money[q] < 0 and _open_forced_sale(s, q):
            return True
    return False


def _do_forced(s: BlshFields, action: int, events: list[Event] | None) -> None:
    p = s.cur
    done = action == A.STOP
    if not done:
        k = action - A.SELL_BASE
        price = sell(s, p, k)
        if events is not None:
            data = {"seat": p, "kind": k, "price": price, "why": "forced"}
            events.append(Event("sell", data))
        if not any(s.held[p]) or (s.money[p] >= 0 and not s.rules.may_exceed_zero):
            done = True
    if not done:
        return
    if s.forced_in_turn:
        s.forced_in_turn = False
        _begin_trading(s, events)
        return
    offset = (p - s.start) % s.num_players + 1
    if not _next_forced_seller(s, offset):
        _begin_turn(s, s.start, events)


# ------------------------------------------------------------------ game end (§7)
def _start_selloff(s: BlshFields, first: int, events: list[Event] | None) -> None:
    s.phase = SELLOFF
    _next_seller(s, first, events)


def _next_seller(s: BlshFields, first: int, events: list[Event] | None) -> None:
    for i in range(s.num_players):
        q = (first + i) % s.num_players
        if any(s.held[q]):
            s.cur = q
            return
    s.phase = OVER
    if events is not None:
        events.append(Event("game_over", {"scores": scores(s), "winners": winners(s)}))


def _do_selloff(s: BlshFields, action: int, events: list[Event] | None) -> None:
    p = s.cur
    k = action - A.SELL_BASE
    price = sell(s, p, k)
    if events is not None:
        events.append(Event("sell", {"seat": p, "kind": k, "price": price, "why": "selloff"}))
    _next_seller(s, (p + 1) % s.num_players, events)


# ------------------------------------------------------------------ outcome
def scores(s: BlshFields) -> list[float]:
    return list(s.money)


def winners(s: BlshFields) -> list[int]:
    """Seats with the most money (ties share); empty until the game is over."""
    if s.phase != OVER:
        return []
    best = max(s.money)
    return [q for q, money in enumerate(s.money) if money == best]


def first_lap_allows(d: tuple[int, ...], lap: int, exact: bool) -> bool:
    """Whether trade ``d`` fits the year-1 first-lap limit of seat ``lap`` (1 or 2), §4.6."""
    nonzero = [x for x in d if x]
    if any(abs(x) > 1 for x in nonzero):
        return False
    if lap == 1:
        return len(nonzero) == 1 or (not exact and not nonzero)
    if len(nonzero) == 2:
        return nonzero[0] == nonzero[1]
    return not exact and len(nonzero) < 2


FIRST_LAP_ALLOWED = {
    (lap, exact): frozenset(i for i, d in enumerate(A.TRADES) if first_lap_allows(d, lap, exact))
    for lap in (1, 2)
    for exact in (True, False)
}
