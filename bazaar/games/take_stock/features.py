"""Take Stock's observation features: a fixed-size vector of what one seat sees
(bazaar.core.features; every group is listed in docs/features.md).

``layout(players)`` gives the groups and the encoder for a player count. The encoder reads
the state's fields directly (for speed) but only what :meth:`TakeStockViews.view` shows the
seat: its own hand, held events, drawn events and option choice, and the public rest. Seat
groups are seat-relative: entry 0 is the observing seat, then the seats after it in order.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from bazaar.core.features import FeatureGroup, FeatureLayout
from bazaar.games.take_stock.actions import MAX_HAND
from bazaar.games.take_stock.components import (
    COMPONENTS,
    NUM_CARDS,
    NUM_EVENTS,
    NUM_KINDS,
    STOCK_OF,
    STOCKS,
    VALUE_OF,
    VALUES,
)
from bazaar.games.take_stock.fields import (
    AUDIT_P,
    EXERCISE,
    KIND_MASK,
    OVER,
    PHASE_NAMES,
    REASON_NAMES,
    ROUNDS,
    TAG_SHIFT,
    UPTURN_P,
    Rules,
)
from bazaar.games.take_stock.state import TakeStockState

CLIP = 2.0
#: Scales (a count divided by its usual maximum; money-like totals may reach 2, then clip).
TOTAL_SCALE = 500.0
ROUND_VALUE_SCALE = 250.0
MAX_PRICE = VALUES * 4  # the 12 with all three splits of a stock
LENGTH_SCALE = 16.0  # 12 cards + 3 splits, +1 for a freeze counted in the length
HELD_SCALE = 8.0
TOKEN_SCALE = 8.0
SHARES_SCALE = 10.0
SHARES_CLIP = CLIP * SHARES_SCALE
#: copies of each event kind in the deck (for counts scaled to [0, 1])
KIND_COPIES = tuple(k.copies for k in COMPONENTS.kinds)
DRAWN_MAX = 2.0
#: the rule options that change what a move does, one entry each (the last two triples are
#: the one-hot audit and freeze modes)
RULE_FLAGS = (
    "held_usable is 'later_turn'",
    "crash is 'drop_one'",
    "crash_splits is 'discard'",
    "insider_limit is 'ignore'",
    "audit is 'actor_chooses'",
    "audit is 'target_chooses'",
    "audit is 'enforce_limit'",
    "freeze is 'row_lock'",
    "freeze is 'full_lock'",
    "freeze is 'player'",
    "option_lost is 'self'",
    "buy_limit is 'inclusive'",
    "freeze_in_row_length",
    "manipulate_direction is 'either'",
    "tokens_between_rounds is 'refill'",
)


def _groups(n: int) -> tuple[FeatureGroup, ...]:
    G = FeatureGroup
    stock_names = ", ".join(s.letter for s in COMPONENTS.stocks)
    kinds = "event kinds in the order of the action list (split-C … market-closed)"
    return (
        G("phase", len(PHASE_NAMES), "Decision kind, one-hot: " + ", ".join(PHASE_NAMES) + "."),
        G("round", ROUNDS, f"Round 1-{ROUNDS}, one-hot."),
        G("to_move", n, "The seat deciding now, one-hot (entry 0: the observing seat)."),
        G("turn_of", n, "Whose turn it is, one-hot (all 0 in the option phase and at the end)."),
        G("dealer", n, "This round's dealer, one-hot."),
        G("start_player", n, "This round's starting player, one-hot."),
        G("executing", NUM_KINDS, f"The event being executed, one-hot over the {kinds}."),
        G(
            "round_end",
            len(REASON_NAMES) - 1,
            "Why the round ended (set in the option phase), one-hot: "
            + ", ".join(str(r) for r in REASON_NAMES[1:])
            + ".",
        ),
        G("row_value", STOCKS, f"Each row's bottom card value / {VALUES}, stocks {stock_names}."),
        G("row_splits", STOCKS, "Stock Split cards beside each row / 3."),
        G("row_frozen", STOCKS, "Stock Freeze cards on each row / 3."),
        G("row_price", STOCKS, f"Each stock's price (value × (splits + 1)) / {MAX_PRICE}."),
        G("row_length", STOCKS, f"Each row's length (cards + splits) / {LENGTH_SCALE:g}."),
        G("row_cards", NUM_CARDS, "Share cards lying in the rows, multi-hot by card (C1 … M12)."),
        G("hold_limit", 1, f"The holding limit (longest row) / {LENGTH_SCALE:g}."),
        G("upturn_played", STOCKS, "Rows already played on in this Market Upturn (0/1 each)."),
        G("audit_limit", 1, f"The limit enforced by a Stock Audit / {LENGTH_SCALE:g} (or 0)."),
        G("share_draw", 1, f"Cards in the share draw pile / {NUM_CARDS - STOCKS}."),
        G("share_discard", NUM_CARDS, "Cards in the face-up share discard pile, multi-hot."),
        G("event_deck", 1, f"Cards in the event deck / {NUM_EVENTS}."),
        G(
            "market_closed_position",
            1,
            f"Market Closed's place in the event deck from the top / {NUM_EVENTS} (0: not in).",
        ),
        G("market_closed_aside", 1, "Market Closed lies aside (drawn this round): 0/1."),
        G("token_supply", 1, f"Option tokens in the supply / {COMPONENTS.tokens_total}."),
        G(
            "event_discard_known",
            NUM_KINDS,
            "Event discards this seat can identify, count per kind / the kind's copies.",
        ),
        G("event_discard_hidden", 1, f"Face-down event discards it cannot / {NUM_EVENTS}."),
        G("share_symbols", VALUES, "Share symbols of the cards of value 1-12 / 3 (rule option)."),
        G("rules", len(RULE_FLAGS), "Rule options, 1 if: " + "; ".join(RULE_FLAGS) + "."),
        G("hand", NUM_CARDS, "The seat's own hand, multi-hot by card."),
        G(
            "hand_slot_stock",
            MAX_HAND * STOCKS,
            f"Hand position 1-{MAX_HAND} (sorted, as the exercise moves number them): the "
            "card's stock, one-hot (5 per position).",
        ),
        G("hand_slot_value", MAX_HAND, f"Hand position 1-{MAX_HAND}: the card's value / 12."),
        G("hand_slot_shares", MAX_HAND, f"Hand position 1-{MAX_HAND}: its share symbols / 3."),
        G("exercising", MAX_HAND, "Own secret option choice, by hand position (0/1 each)."),
        G("held_events", NUM_KINDS, "Own held events, count per kind / the kind's copies."),
        G("held_usable", NUM_KINDS, "Own held event kinds that may be triggered now (0/1)."),
        G("drawn_events", NUM_KINDS, "Events drawn by own draw-2, count per kind / 2."),
        G("hand_size", n, f"Cards in each seat's hand / {MAX_HAND}."),
        G("tokens", n, f"Option tokens of each seat / {TOKEN_SCALE:g} (clipped at 2)."),
        G("certificate_count", n, f"Certificates of each seat / {LENGTH_SCALE:g}."),
        G(
            "shares",
            n * STOCKS,
            f"Shares held per stock, seat-major (5 per seat) / {SHARES_SCALE:g} (clipped at 2).",
        ),
        G(
            "round_value",
            n,
            f"Each seat's certificates at today's prices / {ROUND_VALUE_SCALE:g} (clipped at 2).",
        ),
        G("total", n, f"Each seat's total score / {TOTAL_SCALE:g} (clipped at 2)."),
        G("held_count", n, f"Held events of each seat / {HELD_SCALE:g} (clipped at 2)."),
        G(
            "held_old",
            n,
            f"Held events drawn in an earlier round (usable) / {HELD_SCALE:g} (clipped at 2).",
        ),
        G("player_frozen", n, "Stock Freeze cards lying in front of each seat / 3."),
        G("exercise_decided", n, "In the option phase: the seat has decided (0/1)."),
        G(
            "certificates",
            n * NUM_CARDS,
            "Each seat's certificates, multi-hot by card, seat-major (60 per seat).",
        ),
    )


def _offsets(groups: tuple[FeatureGroup, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    pos = 0
    for g in groups:
        out[g.name] = pos
        pos += g.size
    return out


@cache
def layout(players: int) -> FeatureLayout:
    """The feature layout of a ``players``-seat game (one object per player count)."""
    groups = _groups(players)
    return FeatureLayout(groups, _encoder(players, groups))


def _flags(rules: Rules) -> list[float]:
    """The entries of the ``rules`` group."""
    audit = [0.0] * 3
    audit[rules.audit] = 1.0
    freeze = [0.0] * 3
    freeze[rules.freeze] = 1.0
    flags = [
        not rules.later_round,
        not rules.crash_reset,
        rules.crash_splits_discard,
        rules.insider_ignore,
        *audit,
        *freeze,
        not rules.lost_any,
        rules.buy_extra > 0,
        rules.freeze_in_length,
        rules.either_direction,
        rules.refill,
    ]
    return [float(x) for x in flags]


def _encoder(
    n: int, groups: tuple[FeatureGroup, ...]
) -> Callable[[TakeStockState, int], list[float]]:
    """The encoder of ``n`` seats: group offsets and scales are bound once, here."""
    o = _offsets(groups)
    size = sum(g.size for g in groups)
    o_phase = o["phase"]
    o_round = o["round"]
    o_to_move = o["to_move"]
    o_turn = o["turn_of"]
    o_dealer = o["dealer"]
    o_start = o["start_player"]
    o_exec = o["executing"]
    o_end = o["round_end"]
    o_value = o["row_value"]
    o_splits = o["row_splits"]
    o_frozen = o["row_frozen"]
    o_price = o["row_price"]
    o_length = o["row_length"]
    o_rows = o["row_cards"]
    o_limit = o["hold_limit"]
    o_upturn = o["upturn_played"]
    o_audit = o["audit_limit"]
    o_draw = o["share_draw"]
    o_sdiscard = o["share_discard"]
    o_edeck = o["event_deck"]
    o_mc = o["market_closed_position"]
    o_aside = o["market_closed_aside"]
    o_supply = o["token_supply"]
    o_eknown = o["event_discard_known"]
    o_ehidden = o["event_discard_hidden"]
    o_symbols = o["share_symbols"]
    o_hand = o["hand"]
    o_slot_stock = o["hand_slot_stock"]
    o_slot_value = o["hand_slot_value"]
    o_slot_shares = o["hand_slot_shares"]
    o_exercising = o["exercising"]
    o_held = o["held_events"]
    o_usable = o["held_usable"]
    o_drawn = o["drawn_events"]
    o_hsize = o["hand_size"]
    o_tokens = o["tokens"]
    o_ccount = o["certificate_count"]
    o_shares = o["shares"]
    o_rvalue = o["round_value"]
    o_total = o["total"]
    o_hcount = o["held_count"]
    o_hold = o["held_old"]
    o_pfrozen = o["player_frozen"]
    o_decided = o["exercise_decided"]
    o_certs = o["certificates"]
    inv_kind = tuple(1.0 / c for c in KIND_COPIES)
    value_scaled = tuple(VALUE_OF[c] / VALUES for c in range(NUM_CARDS))
    mc_entry = COMPONENTS.kind_of("market-closed")  # always public: tag 0, the bare kind
    o_rules = o["rules"]
    #: per rules object (rules_for shares one by all states of an option set, and the entry
    #: keeps it alive so its id stays its own): share symbols / 3 by card, the rule flags
    per_rules: dict[int, tuple[Rules, tuple[float, ...], list[float]]] = {}

    def encode(state: TakeStockState, seat: int) -> list[float]:
        out = [0.0] * size
        phase = state.phase
        rules = state.rules
        shares = rules.shares
        entry = per_rules.get(id(rules))
        if entry is None or entry[0] is not rules:
            entry = per_rules[id(rules)] = (rules, tuple(x / 3.0 for x in shares), _flags(rules))
        sym = entry[1]
        out[o_rules : o_rules + len(RULE_FLAGS)] = entry[2]
        out[o_phase + phase] = 1.0
        out[o_round + state.round - 1] = 1.0
        if phase != OVER:
            out[o_to_move + (state.cur - seat) % n] = 1.0
            if phase != EXERCISE:
                out[o_turn + (state.actor - seat) % n] = 1.0
        out[o_dealer + (state.dealer - seat) % n] = 1.0
        out[o_start + (state.start - seat) % n] = 1.0
        if state.executing >= 0:
            out[o_exec + state.executing] = 1.0
        if state.reason:
            out[o_end + state.reason - 1] = 1.0
        # the market
        top, splits, frozen, rows = state.top, state.splits, state.frozen, state.rows
        prices = [0] * STOCKS
        with_freeze = rules.freeze_in_length
        for s in range(STOCKS):
            t, k, f = top[s], splits[s], frozen[s]
            price = prices[s] = t * (k + 1)
            out[o_value + s] = t / VALUES
            out[o_price + s] = price / MAX_PRICE
            length = len(rows[s]) + k
            if k:
                out[o_splits + s] = k / 3.0
            if f:
                out[o_frozen + s] = f / 3.0
                if with_freeze:
                    length += f
            out[o_length + s] = length / LENGTH_SCALE
        for row in rows:
            for c in row:
                out[o_rows + c] = 1.0
        out[o_limit] = state.limit / LENGTH_SCALE
        if phase == UPTURN_P:
            mask = state.upturn_mask
            for s in range(STOCKS):
                if mask >> s & 1:
                    out[o_upturn + s] = 1.0
        elif phase == AUDIT_P:
            out[o_audit] = state.audit_limit / LENGTH_SCALE
        out[o_draw] = len(state.sdraw) / (NUM_CARDS - STOCKS)
        for c in state.sdiscard:
            out[o_sdiscard + c] = 1.0
        deck = state.edeck
        out[o_edeck] = len(deck) / NUM_EVENTS
        if mc_entry in deck:
            out[o_mc] = (len(deck) - deck.index(mc_entry)) / NUM_EVENTS
        if state.mc_aside:
            out[o_aside] = 1.0
        out[o_supply] = state.supply / COMPONENTS.tokens_total
        mine_tag = seat + 1
        hidden = 0
        for e in state.ediscard:
            tag = e >> TAG_SHIFT
            if tag == 0 or tag == mine_tag:
                k = e & KIND_MASK
                out[o_eknown + k] += inv_kind[k]
            else:
                hidden += 1
        out[o_ehidden] = hidden / NUM_EVENTS
        out[o_symbols : o_symbols + VALUES] = sym[:VALUES]
        # the seat's own secrets
        hand = state.hands[seat]
        for j, c in enumerate(hand):
            out[o_hand + c] = 1.0
            if j < MAX_HAND:
                out[o_slot_stock + j * STOCKS + STOCK_OF[c]] = 1.0
                out[o_slot_value + j] = value_scaled[c]
                out[o_slot_shares + j] = sym[c]
        if phase == EXERCISE:
            mask = state.exmask[seat]
            if mask > 0:
                for j in range(MAX_HAND):
                    if mask >> j & 1:
                        out[o_exercising + j] = 1.0
        held = state.held[seat]
        if held:
            r = state.round
            later = rules.later_round
            for e in held:
                k = e & KIND_MASK
                out[o_held + k] += inv_kind[k]
                if not later or e >> TAG_SHIFT < r:
                    out[o_usable + k] = 1.0
        if state.pending and state.actor == seat and phase != OVER:
            for k in state.pending:
                out[o_drawn + k] += 1.0 / DRAWN_MAX
        # every seat's public side, seat-relative
        hands, tokens, certs, totals = state.hands, state.tokens, state.certs, state.totals
        held_all, pfrozen = state.held, state.pfrozen
        exercise = phase == EXERCISE
        exmask = state.exmask
        old_below = state.round << TAG_SHIFT  # held entries: kind | round drawn << TAG_SHIFT
        for i in range(n):
            q = seat + i
            if q >= n:
                q -= n
            out[o_hsize + i] = len(hands[q]) / MAX_HAND
            tk = tokens[q] / TOKEN_SCALE
            out[o_tokens + i] = tk if tk < CLIP else CLIP
            cq = certs[q]
            if cq:
                out[o_ccount + i] = len(cq) / LENGTH_SCALE
                base_certs = o_certs + i * NUM_CARDS
                per_stock = [0] * STOCKS
                for c in cq:
                    per_stock[STOCK_OF[c]] += shares[c]
                    out[base_certs + c] = 1.0
                value = 0
                base = o_shares + i * STOCKS
                for s, k in enumerate(per_stock):
                    if k:
                        value += k * prices[s]
                        out[base + s] = k / SHARES_SCALE if k < SHARES_CLIP else CLIP
                v = value / ROUND_VALUE_SCALE
                out[o_rvalue + i] = v if v < CLIP else CLIP
            v = totals[q] / TOTAL_SCALE
            out[o_total + i] = v if v < CLIP else CLIP
            hq = held_all[q]
            if hq:
                v = len(hq) / HELD_SCALE
                out[o_hcount + i] = v if v < CLIP else CLIP
                if hq[-1] < old_below:  # drawn in order: all from earlier rounds
                    old = len(hq)
                else:
                    old = 0
                    for e in hq:
                        if e < old_below:
                            old += 1
                v = old / HELD_SCALE
                out[o_hold + i] = v if v < CLIP else CLIP
            if pfrozen[q]:
                out[o_pfrozen + i] = pfrozen[q] / 3.0
            if exercise and exmask[q] >= 0:
                out[o_decided + i] = 1.0
        return out

    return encode
