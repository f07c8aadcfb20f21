"""The rules of Take Stock as functions of the state's fields (the forward model): set-up,
whose move it is, the legal actions, every transition of the rules spec
(shared/rules/take_stock.md, § numbers) and the scores. Refusals are in refusals.py.
"""

from __future__ import annotations

from bisect import insort
from itertools import permutations

from bazaar.core.game import Event
from bazaar.core.rng import Rng
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import (
    AUDIT,
    CARD_NAMES,
    CLOSED,
    CRASH,
    DOWNTURN,
    EFFECT_OF,
    FREEZE,
    INSIDER,
    KIND_NAMES,
    KIND_STOCK,
    MARKET_CRASH,
    NUM_CARDS,
    OPTION_GAINED,
    OPTION_LOST,
    SPLIT,
    STARTERS,
    STOCK_OF,
    STOCKS,
    UPTURN,
    VALUE_OF,
    VALUES,
)
from bazaar.games.take_stock.fields import (
    AUDIT_P,
    CHOOSE,
    DECK_END,
    END_VALUES,
    EXERCISE,
    FREEZE_KIND,
    FREEZE_P,
    FULL_LOCK,
    HAND_END,
    INSIDER_P,
    KIND_MASK,
    MAIN,
    MARKET_CLOSED_END,
    MC_ENTRY,
    NO_END,
    OVER,
    PLAYER_LOCK,
    REASON_NAMES,
    SPLIT_KIND,
    TAG_NOBODY,
    TAG_SHIFT,
    TARGET_P,
    UPTURN_P,
    VALUE_END,
    C,
    TakeStockFields,
    rules_for,
)

POPCOUNT = tuple(bin(m).count("1") for m in range(1 << A.MAX_HAND))
_BUY_ROW = tuple(A.BUY_BASE + c * NUM_CARDS for c in range(NUM_CARDS))
_EV1 = A.EVENT1_BASE
_EV2 = A.EVENT2_BASE
_STOCK_BITS = tuple(((1 << VALUES) - 1) << s * VALUES for s in range(STOCKS))


def shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher–Yates shuffle of ``items`` drawing two 32-bit numbers from each ``next64``.

    Half the generator calls of :meth:`Rng.shuffle` (the set-up of every round shuffles 94
    cards); with at most 55 items the modulo bias is below 2**-26.
    """
    i = len(items) - 1
    while i > 0:
        x = rng.next64()
        j = (x & 0xFFFFFFFF) % (i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
        if i:
            j = (x >> 32) % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1


_EXERCISE_CACHE: dict[tuple[int, int], list[int]] = {}


def exercise_actions(hand_size: int, tokens: int) -> list[int]:
    """The exercise actions of a hand of ``hand_size`` cards with ``tokens`` tokens."""
    hand_size = min(hand_size, A.MAX_HAND)
    key = (hand_size, min(tokens, hand_size))
    out = _EXERCISE_CACHE.get(key)
    if out is None:
        out = [A.EXERCISE_BASE + m for m in range(1 << hand_size) if POPCOUNT[m] <= key[1]]
        _EXERCISE_CACHE[key] = out
    return out


def setup(st: TakeStockFields) -> None:
    """Set up a blank state (its game, players, options and rng given) to start (§3)."""
    players = st.num_players
    st.rules = rules_for(players, st.options)
    st.tokens = [C.tokens_each] * players
    st.supply = C.tokens_total - C.tokens_each * players
    st.totals = [0] * players
    st.history = []
    st.hands = [[] for _ in range(players)]
    st.certs = [()] * players
    st.held = [()] * players
    st.pfrozen = [0] * players
    st.exmask = [-1] * players
    st.rows = [(c,) for c in STARTERS]
    st.top = [C.starter_value] * STOCKS
    st.splits = [0] * STOCKS
    st.frozen = [0] * STOCKS
    st.sdraw = []
    st.sdiscard = []
    st.edeck = []
    st.eblocks = []
    st.ediscard = []
    st.pending = []
    st.mc_aside = False
    st.executing = -1
    st.upturn_mask = 0
    st.audit_limit = 0
    st.limit = 1
    st.playmask = 0
    st.round = 0
    st.reason = NO_END
    st.phase = MAIN
    st.dealer = st.rng.below(players) if st.rules.first_dealer_random else 0
    st.start = st.cur = st.actor = (st.dealer + 1) % players
    build_event_deck(st)
    start_round(st, None)


def build_event_deck(st: TakeStockFields) -> None:
    """All event cards of the game's size but Market Closed shuffled, Market Closed 11th from
    the bottom."""
    others = [k for k in st.rules.event_deck if k != CLOSED]
    shuffle(st.rng, others)
    nobody = TAG_NOBODY << TAG_SHIFT
    below = C.closed_from_bottom - 1
    st.edeck = [k | nobody for k in others[:below]]
    st.edeck.append(MC_ENTRY)
    st.edeck.extend(k | nobody for k in others[below:])
    st.eblocks = []
    st.ediscard = []
    st.mc_aside = False
    st.held = [()] * len(st.held)


def start_round(st: TakeStockFields, events: list[Event] | None) -> None:
    """Shuffle the 55 share cards (those of the game's size) and deal from the dealer's left
    (§3 step 4, §9.2)."""
    st.round += 1
    st.rows = [(c,) for c in STARTERS]
    st.top = [C.starter_value] * STOCKS
    st.certs = [()] * st.num_players
    pile = list(st.rules.dealt_cards)
    shuffle(st.rng, pile)
    n = st.num_players
    hands: list[list[int]] = [[] for _ in range(n)]
    for _ in range(st.rules.deal):
        for i in range(1, n + 1):
            hands[(st.dealer + i) % n].append(pile.pop())
    for h in hands:
        h.sort()
    st.hands = hands
    st.sdraw = pile
    st.sdiscard = []
    st.start = (st.dealer + 1) % n
    st.reason = NO_END
    st._refresh()
    st.exmask = [-1] * n
    if events is not None:
        events.append(
            Event(
                "round_start",
                {
                    "round": st.round,
                    "dealer": st.dealer,
                    "start": st.start,
                    "cards_each": st.rules.deal,
                },
            )
        )
        for p in range(n):
            cards = [CARD_NAMES[c] for c in hands[p]]
            events.append(Event("dealt", {"seat": p, "cards": cards}, to=p))
    _begin_turn(st, st.start, events)


# ------------------------------------------------------------------ protocol
def to_move(st: TakeStockFields) -> int | None:
    return None if st.phase == OVER else st.cur


def is_over(st: TakeStockFields) -> bool:
    return st.phase == OVER


def legal_actions(st: TakeStockFields) -> list[int]:
    phase = st.phase
    if phase == MAIN:  # actions A-D, built in increasing order (the hand is sorted)
        p = st.cur
        hand = st.hands[p]
        mask = st.playmask
        out = [c for c in hand if mask >> c & 1]
        if (
            len(st.certs[p]) < st.limit + st.rules.buy_extra
            and len(hand) >= 2
            and not st.pfrozen[p]
        ):
            out += [_BUY_ROW[c] + d for c, d in permutations(hand, 2)]
        if st.edeck:
            out += [_EV2 + d for d in hand]
            out += [_EV1 + d for d in hand]
        if st.held[p]:
            for k in st.usable_held(p):
                base = A.TRIGGER_BASE + k * NUM_CARDS
                out += [base + d for d in hand]
        return out
    if phase == OVER:
        return []
    p = st.cur
    if phase == EXERCISE:
        return exercise_actions(len(st.hands[p]), st.tokens[p])[:]
    if phase == CHOOSE:
        return [A.CHOOSE_BASE + k for k in sorted(set(st.pending))]
    if phase == UPTURN_P:
        return [*_upturn_plays(st), A.STOP]
    if phase == INSIDER_P:
        s = KIND_STOCK[st.executing]
        return [A.INSIDER_BASE + c for c in st.hands[p] if STOCK_OF[c] == s] + [A.DECLINE]
    if phase == AUDIT_P:
        return [A.AUDIT_BASE + c for c in _audit_cards(st)]
    if phase == TARGET_P:
        return [A.TARGET_BASE + q for q in _targets(st)]
    return [A.FREEZE_BASE + s for s in range(STOCKS)]


def _upturn_plays(st: TakeStockFields) -> list[int]:
    done = st.upturn_mask
    mask = st.playmask
    return [c for c in st.hands[st.cur] if mask >> c & 1 and not done >> STOCK_OF[c] & 1]


def _audit_cards(st: TakeStockFields) -> list[int]:
    """Certificates that may be audited now (Stock Audit, §6)."""
    if st.rules.audit == 0:  # actor_chooses: any certificate of another player
        actor = st.actor
        cards: list[int] = []
        for q in range(st.num_players):
            if q != actor:
                cards.extend(st.certs[q])
        return sorted(cards)
    return list(st.certs[st.cur])


def _targets(st: TakeStockFields) -> list[int]:
    """Seats that may be chosen now (Audit target, Option Lost, Freeze on a player)."""
    effect = EFFECT_OF[st.executing]
    actor = st.actor
    n = st.num_players
    if effect == AUDIT:
        return [q for q in range(n) if q != actor and st.certs[q]]
    if effect == OPTION_LOST:
        return [q for q in range(n) if st.tokens[q]]
    return [q for q in range(n) if q != actor]


def others_to_exercise(st: TakeStockFields) -> bool:
    """Whether a player besides the one deciding now has still to decide on exercising."""
    return any(
        q != st.cur and st.exmask[q] < 0 and st.hands[q] and st.tokens[q]
        for q in range(st.num_players)
    )


# ------------------------------------------------------------------ transitions
def apply_unchecked(st: TakeStockFields, action: int) -> None:
    """Apply a legal action without events (the fast path of searches and playouts)."""
    if st.phase == MAIN:
        _do_main(st, action, None)
    else:
        apply(st, action, None)


def apply(st: TakeStockFields, action: int, events: list[Event] | None) -> None:
    phase = st.phase
    if phase == MAIN:
        _do_main(st, action, events)
    elif phase == EXERCISE:
        _do_exercise(st, action - A.EXERCISE_BASE, events)
    elif phase == CHOOSE:
        _do_choose(st, action - A.CHOOSE_BASE, events)
    elif phase == UPTURN_P:
        _do_upturn(st, action, events)
    elif phase == INSIDER_P:
        _do_insider(st, action, events)
    elif phase == AUDIT_P:
        _do_audit(st, action - A.AUDIT_BASE, events)
    elif phase == TARGET_P:
        _do_target(st, action - A.TARGET_BASE, events)
    else:
        _do_freeze(st, action - A.FREEZE_BASE, events)


def _begin_turn(st: TakeStockFields, p: int, events: list[Event] | None) -> None:
    """Seat ``p`` draws a share card (§5.1 step 1); the round ends if none is left."""
    st.cur = st.actor = p
    st.phase = MAIN
    draw = st.sdraw
    if not draw:
        if not st.sdiscard:
            _end_round(st, DECK_END, events)
            return
        draw = st.sdraw = st.sdiscard
        st.sdiscard = []
        shuffle(st.rng, draw)
        if events is not None:
            events.append(Event("reshuffle", {"cards": len(draw)}))
    card = draw.pop()
    insort(st.hands[p], card)
    if events is not None:
        events.append(Event("draw", {"seat": p}))
        events.append(Event("drew", {"seat": p, "card": CARD_NAMES[card]}, to=p))


def _next_turn(st: TakeStockFields, events: list[Event] | None) -> None:
    if st.pending:  # the unchosen card of a draw-2, after the chosen one resolved
        st.ediscard.append(st.pending.pop() | (st.actor + 1) << TAG_SHIFT)
    _begin_turn(st, (st.actor + 1) % st.num_players, events)


def _discard(st: TakeStockFields, p: int, card: int, events: list[Event] | None) -> None:
    st.hands[p].remove(card)
    st.sdiscard.append(card)
    if events is not None:
        events.append(Event("discard", {"seat": p, "card": CARD_NAMES[card]}))


def _place(st: TakeStockFields, card: int, events: list[Event] | None, why: str) -> bool:
    """Put ``card`` at the bottom of its row; True if that ended the round (§7)."""
    p = st.cur
    hand = st.hands[p]
    hand.remove(card)
    s = STOCK_OF[card]
    row = st.rows[s] = (*st.rows[s], card)
    value = VALUE_OF[card]
    st.top[s] = value
    st.playmask = st.playmask & ~_STOCK_BITS[s] | st.rules.window[s][value]
    length = len(row) + st.splits[s] + (st.frozen[s] if st.rules.freeze_in_length else 0)
    if length > st.limit:
        st.limit = length
    if events is not None:
        events.append(Event(why, {"seat": p, "card": CARD_NAMES[card], "stock": s}))
    if value in END_VALUES:
        _end_round(st, VALUE_END, events)
        return True
    if not hand:
        _end_round(st, HAND_END, events)
        return True
    return False


def _do_main(st: TakeStockFields, action: int, events: list[Event] | None) -> None:
    p = st.cur
    if action < A.BUY_BASE:  # A. Manipulate (§5.3A)
        if not _place(st, action, events, "play"):
            _next_turn(st, events)
        return
    if action < A.EVENT2_BASE:  # B. Buy (§5.3B)
        cert, discard = divmod(action - A.BUY_BASE, NUM_CARDS)
        hand = st.hands[p]
        hand.remove(cert)
        st.certs[p] = _with(st.certs[p], cert)
        if events is not None:
            shares = st.rules.shares[cert]
            events.append(Event("buy", {"seat": p, "card": CARD_NAMES[cert], "shares": shares}))
        _discard(st, p, discard, events)
        if hand:
            _next_turn(st, events)
        else:
            _end_round(st, HAND_END, events)
        return
    if action < A.EVENT1_BASE:  # C①. draw 2, execute 1 (§5.3C)
        _discard(st, p, action - A.EVENT2_BASE, events)
        _draw_two(st, p, events)
        return
    if action < A.TRIGGER_BASE:  # C②. draw 1 and hold it
        _discard(st, p, action - A.EVENT1_BASE, events)
        entry = st.edeck.pop()
        kind = entry & KIND_MASK
        if events is not None:
            events.append(Event("make_event", {"seat": p, "mode": 1}))
        if kind == CLOSED:
            _market_closed(st, events)
            return
        st.held[p] = (*st.held[p], kind | st.round << TAG_SHIFT)
        if events is not None:
            events.append(Event("hold", {"seat": p}))
            events.append(Event("held", {"seat": p, "event": KIND_NAMES[kind]}, to=p))
        _next_turn(st, events)
        return
    # D. Trigger a held event (§5.3D): the oldest usable copy of that kind
    kind, discard = divmod(action - A.TRIGGER_BASE, NUM_CARDS)
    _discard(st, p, discard, events)
    held = st.held[p]
    r = st.round if st.rules.later_round else 1 << 20
    for i, e in enumerate(held):
        if e & KIND_MASK == kind and e >> TAG_SHIFT < r:
            st.held[p] = held[:i] + held[i + 1 :]
            break
    if events is not None:
        events.append(Event("trigger", {"seat": p, "event": KIND_NAMES[kind]}))
    _execute(st, kind, events)


def _draw_two(st: TakeStockFields, p: int, events: list[Event] | None) -> None:
    deck = st.edeck
    first = deck.pop() & KIND_MASK
    second = deck.pop() & KIND_MASK if deck else -1
    if events is not None:
        events.append(Event("make_event", {"seat": p, "mode": 2}))
    if first == CLOSED or second == CLOSED:
        other = second if first == CLOSED else first
        if other >= 0:  # face down, unexecuted, to the event discard (§14.5)
            st.ediscard.append(other | (p + 1) << TAG_SHIFT)
            if events is not None:
                events.append(Event("event_discard_hidden", {"seat": p}))
                events.append(
                    Event("event_discarded", {"seat": p, "event": KIND_NAMES[other]}, to=p)
                )
        _market_closed(st, events)
        return
    st.pending = [first, second]
    st.phase = CHOOSE
    if events is not None:
        names = [KIND_NAMES[first], KIND_NAMES[second]]
        events.append(Event("events_seen", {"seat": p, "events": names}, to=p))


def _market_closed(st: TakeStockFields, events: list[Event] | None) -> None:
    st.mc_aside = True
    if events is not None:
        events.append(Event("market_closed", {"seat": st.actor}))
    _end_round(st, MARKET_CLOSED_END, events)


def _do_choose(st: TakeStockFields, kind: int, events: list[Event] | None) -> None:
    """Execute the chosen card; the other stays in ``pending`` until the event is over and
    then goes face down on the event discard pile (seed: 立即執行…接著…正面朝下)."""
    p = st.actor
    pending = st.pending
    pending.remove(kind)
    other = pending[0]
    if events is not None:
        events.append(Event("choose", {"seat": p, "event": KIND_NAMES[kind]}))
        events.append(Event("event_discarded", {"seat": p, "event": KIND_NAMES[other]}, to=p))
    _execute(st, kind, events)


# ------------------------------------------------------------------ event effects (§6)
def _execute(st: TakeStockFields, kind: int, events: list[Event] | None) -> None:
    """Execute event ``kind`` for the actor; events needing a choice open a phase."""
    st.executing = kind
    effect = EFFECT_OF[kind]
    p = st.actor
    rules = st.rules
    if effect == SPLIT:
        s = KIND_STOCK[kind]
        if rules.freeze == FULL_LOCK and st.frozen[s]:
            _no_effect(st, events)
            return
        st.splits[s] += 1
        st._refresh()
        st.executing = -1  # stays on the table beside the row
        if events is not None:
            events.append(Event("split", {"stock": s, "splits": st.splits[s]}))
        _next_turn(st, events)
        return
    if effect == CRASH:
        _crash(st, KIND_STOCK[kind], events)
        st._refresh()
    elif effect == MARKET_CRASH:
        for s in range(STOCKS):
            _crash(st, s, events)
        st._refresh()
    elif effect == DOWNTURN:
        _downturn(st, events)
        st._refresh()
    elif effect == OPTION_GAINED:
        got = min(rules.gained_tokens, st.supply)
        st.supply -= got
        st.tokens[p] += got
        if events is not None:
            events.append(Event("option_gained", {"seat": p, "tokens": got}))
    elif effect == OPTION_LOST:
        if not rules.lost_any:
            _lose_tokens(st, p, events)
        elif any(st.tokens):
            st.phase = TARGET_P
            return
        else:
            _no_effect(st, events)
            return
    elif effect == INSIDER:
        s = KIND_STOCK[kind]
        if (rules.insider_ignore or st.may_certify(p)) and any(
            STOCK_OF[c] == s for c in st.hands[p]
        ):
            st.phase = INSIDER_P
            return
        _no_effect(st, events)
        return
    elif effect == AUDIT:
        if rules.audit == 2:
            st.audit_limit = st.hold_limit()
            if _next_over_limit(st):
                st.phase = AUDIT_P
                return
        elif any(st.certs[q] for q in range(st.num_players) if q != p):
            st.phase = AUDIT_P if rules.audit == 0 else TARGET_P
            return
        _no_effect(st, events)
        return
    elif effect == FREEZE:
        st.phase = TARGET_P if rules.freeze == PLAYER_LOCK else FREEZE_P
        return
    elif effect == UPTURN:
        st.upturn_mask = 0
        st.phase = UPTURN_P
        if _upturn_plays(st):
            return
        st.phase = MAIN
        _no_effect(st, events)
        return
    elif events is not None:  # No Market Change
        events.append(Event("no_change", {}))
    _finish_event(st, events)


def _downturn(st: TakeStockFields, events: list[Event] | None) -> None:
    rules = st.rules
    removed = []
    for s in range(STOCKS):
        if rules.freeze == FULL_LOCK and st.frozen[s]:
            continue
        row = st.rows[s]
        for _ in range(rules.downturn_cards):
            if len(row) > 1:
                card = row[-1]
                row = row[:-1]
                st.sdiscard.append(card)
                removed.append(CARD_NAMES[card])
        st.rows[s] = row
        st.top[s] = VALUE_OF[row[-1]]
    if events is not None:
        events.append(Event("downturn", {"removed": removed}))


def _no_effect(st: TakeStockFields, events: list[Event] | None) -> None:
    if events is not None:
        events.append(Event("no_effect", {"event": KIND_NAMES[st.executing]}))
    _finish_event(st, events)


def _finish_event(st: TakeStockFields, events: list[Event] | None) -> None:
    """The executed card goes to the event discard pile, face up; next player's turn."""
    if st.executing >= 0:
        st.ediscard.append(st.executing)
        st.executing = -1
    _next_turn(st, events)


def _crash(st: TakeStockFields, s: int, events: list[Event] | None) -> None:
    rules = st.rules
    if rules.freeze == FULL_LOCK and st.frozen[s]:
        return
    row = st.rows[s]
    removed = row[1:] if rules.crash_reset else row[-1:] if len(row) > 1 else ()
    if removed:
        row = st.rows[s] = row[: len(row) - len(removed)]
        st.sdiscard.extend(removed)
        st.top[s] = VALUE_OF[row[-1]]
    splits = 0
    if rules.crash_splits_discard and st.splits[s]:
        splits = st.splits[s]
        st.ediscard.extend([SPLIT_KIND[s]] * splits)
        st.splits[s] = 0
    if events is not None:
        data = {"stock": s, "removed": [CARD_NAMES[c] for c in removed], "splits": splits}
        events.append(Event("crash", data))


def _lose_tokens(st: TakeStockFields, q: int, events: list[Event] | None) -> None:
    lost = min(st.rules.lost_tokens, st.tokens[q])
    st.tokens[q] -= lost
    st.supply += lost
    if events is not None:
        events.append(Event("option_lost", {"seat": q, "tokens": lost}))


def _next_over_limit(st: TakeStockFields) -> bool:
    """Audit under enforce_limit: the next player above the limit, clockwise from the actor."""
    n = st.num_players
    for i in range(n):
        q = (st.actor + i) % n
        if len(st.certs[q]) > st.audit_limit:
            st.cur = q
            return True
    st.cur = st.actor
    return False


def _do_insider(st: TakeStockFields, action: int, events: list[Event] | None) -> None:
    p = st.cur
    if action == A.DECLINE:
        if events is not None:
            events.append(Event("insider_decline", {"seat": p}))
        _finish_event(st, events)
        return
    card = action - A.INSIDER_BASE
    hand = st.hands[p]
    hand.remove(card)
    st.certs[p] = _with(st.certs[p], card)
    if events is not None:
        shares = st.rules.shares[card]
        events.append(Event("insider", {"seat": p, "card": CARD_NAMES[card], "shares": shares}))
    if hand:
        _finish_event(st, events)
    else:
        _end_round(st, HAND_END, events)


def _do_audit(st: TakeStockFields, card: int, events: list[Event] | None) -> None:
    owner = next(q for q in range(st.num_players) if card in st.certs[q])
    st.certs[owner] = tuple(c for c in st.certs[owner] if c != card)
    st.sdiscard.append(card)
    if events is not None:
        data = {"seat": st.actor, "target": owner, "card": CARD_NAMES[card]}
        events.append(Event("audit", data))
    if st.rules.audit == 2 and _next_over_limit(st):
        return
    st.cur = st.actor
    _finish_event(st, events)


def _do_target(st: TakeStockFields, q: int, events: list[Event] | None) -> None:
    effect = EFFECT_OF[st.executing]
    if effect == AUDIT:  # target_chooses: the audited player picks the certificate
        st.cur = q
        st.phase = AUDIT_P
        if events is not None:
            events.append(Event("audit_target", {"seat": st.actor, "target": q}))
        return
    if effect == OPTION_LOST:
        _lose_tokens(st, q, events)
        _finish_event(st, events)
        return
    st.pfrozen[q] += 1  # freeze=player: the card lies in front of that player
    st.executing = -1
    if events is not None:
        events.append(Event("freeze_player", {"seat": st.actor, "target": q}))
    _next_turn(st, events)


def _do_freeze(st: TakeStockFields, s: int, events: list[Event] | None) -> None:
    st.frozen[s] += 1
    st._refresh()
    st.executing = -1
    if events is not None:
        events.append(Event("freeze", {"seat": st.actor, "stock": s}))
    _next_turn(st, events)


def _do_upturn(st: TakeStockFields, action: int, events: list[Event] | None) -> None:
    if action == A.STOP:
        if events is not None:
            events.append(Event("upturn_stop", {"seat": st.cur}))
        _finish_event(st, events)
        return
    st.upturn_mask |= 1 << STOCK_OF[action]
    if _place(st, action, events, "upturn_play"):
        return
    if not _upturn_plays(st):
        _finish_event(st, events)


# ------------------------------------------------------------------ round end (§7)
def _end_round(st: TakeStockFields, reason: int, events: list[Event] | None) -> None:
    """Complete the event bookkeeping (§6), then start the option exercise (§7.1)."""
    if st.executing >= 0:
        st.ediscard.append(st.executing)
        st.executing = -1
    for kind in st.pending:
        st.ediscard.append(kind | (st.actor + 1) << TAG_SHIFT)
    st.pending = []
    st.reason = reason
    if events is not None:
        events.append(Event("round_end", {"round": st.round, "reason": REASON_NAMES[reason]}))
    st.phase = EXERCISE
    st.exmask = [-1] * st.num_players
    _next_exerciser(st, events)


def _next_exerciser(st: TakeStockFields, events: list[Event] | None) -> None:
    n = st.num_players
    for i in range(n):
        q = (st.start + i) % n
        if st.exmask[q] < 0 and st.hands[q] and st.tokens[q]:
            st.cur = q
            return
    _score_round(st, events)


def _do_exercise(st: TakeStockFields, mask: int, events: list[Event] | None) -> None:
    p = st.cur
    st.exmask[p] = mask
    if events is not None:
        events.append(Event("exercise_decided", {"seat": p}))
        cards = [CARD_NAMES[st.hands[p][j]] for j in A.mask_positions(mask)]
        events.append(Event("exercise_chosen", {"seat": p, "cards": cards}, to=p))
    _next_exerciser(st, events)


def _score_round(st: TakeStockFields, events: list[Event] | None) -> None:
    n = st.num_players
    for i in range(n):  # reveal the options, then discard the hands (§7.1 steps 1-2)
        q = (st.start + i) % n
        mask = st.exmask[q]
        hand = st.hands[q]
        if mask > 0:
            cards = [hand[j] for j in A.mask_positions(mask)]
            for c in cards:
                hand.remove(c)
            st.certs[q] = tuple(sorted(st.certs[q] + tuple(cards)))
            st.tokens[q] -= len(cards)
            st.supply += len(cards)
            if events is not None:
                names = [CARD_NAMES[c] for c in cards]
                events.append(Event("exercise", {"seat": q, "cards": names}))
    for q in range(n):
        hand = st.hands[q]
        if hand:
            st.sdiscard.extend(hand)
            if events is not None:
                names = [CARD_NAMES[c] for c in hand]
                events.append(Event("hand_discard", {"seat": q, "cards": names}))
            st.hands[q] = []
    st.exmask = [-1] * n
    prices = [st.price(s) for s in range(STOCKS)]
    shares = st.rules.shares
    scores = [sum(shares[c] * prices[STOCK_OF[c]] for c in st.certs[q]) for q in range(n)]
    for q in range(n):
        st.totals[q] += scores[q]
    st.history.extend(scores)
    if events is not None:
        events.append(
            Event(
                "score",
                {
                    "round": st.round,
                    "values": list(st.top),
                    "splits": list(st.splits),
                    "prices": prices,
                    "certificates": [[CARD_NAMES[c] for c in h] for h in st.certs],
                    "scores": scores,
                    "totals": list(st.totals),
                },
            )
        )
    if st.round >= st.rules.rounds:
        st.phase = OVER
        st.cur = -1
        if events is not None:
            events.append(Event("game_over", {"scores": list(st.totals), "winners": winners(st)}))
        return
    _next_round(st, events)


# ------------------------------------------------------------------ next round (§9)
def _next_round(st: TakeStockFields, events: list[Event] | None) -> None:
    n = st.num_players
    full = st.reason == MARKET_CLOSED_END
    if full:  # (a) all 40 event cards, Market Closed 11th from the bottom
        build_event_deck(st)
    else:  # (b) discard pile + table cards shuffled under the remaining deck
        gathered = st.ediscard
        for s in range(STOCKS):
            gathered.extend([SPLIT_KIND[s]] * st.splits[s])
        freezes = sum(st.frozen) + sum(st.pfrozen)
        gathered.extend([FREEZE_KIND] * freezes)
        shuffle(st.rng, gathered)
        size = len(gathered)
        if size:
            old = len(st.edeck)
            st.eblocks = [size] + [b + size for b in st.eblocks if b < old]
            st.edeck[:0] = gathered
        st.ediscard = []
    st.splits = [0] * STOCKS
    st.frozen = [0] * STOCKS
    st.pfrozen = [0] * n
    if st.rules.refill:
        for q in range(n):
            got = min(max(0, C.tokens_each - st.tokens[q]), st.supply)
            st.tokens[q] += got
            st.supply -= got
    st.dealer = next_dealer(st)
    if events is not None:
        events.append(Event("event_deck", {"rebuilt": full, "cards": len(st.edeck)}))
    start_round(st, events)


def next_dealer(st: TakeStockFields) -> int:
    """Lowest cumulative score deals; ties by the option ``dealer_tie`` (§9.3)."""
    n = st.num_players
    low = min(st.totals)
    if st.rules.dealer_tie_lowest:
        return st.totals.index(low)
    for i in range(1, n + 1):
        q = (st.dealer + i) % n
        if st.totals[q] == low:
            return q
    raise AssertionError("unreachable")


# ------------------------------------------------------------------ information (§11)
def scores(st: TakeStockFields) -> list[float]:
    return list(st.totals)


def winners(st: TakeStockFields) -> list[int]:
    """Seats with the best total (ties share); empty until the game is over."""
    if st.phase != OVER:
        return []
    best = max(st.totals)
    return [q for q, total in enumerate(st.totals) if total == best]


def _with(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` (sorted) with ``card`` inserted in order."""
    out = list(cards)
    insort(out, card)
    return tuple(out)
