"""Buy Low Sell High's observation features (bazaar.core.features): what one seat knows, as numbers.

The groups, in order, are listed by :func:`layout` (and in docs/features.md). Seat groups are
seat-relative: entry 0 is the observing seat, then the seats after it in seat order. The
encoder reads the state's fields directly (for speed) but only those that ``view(seat)``
shows: the observing seat's own hand and set-aside cards, everything public, and counts of
the hidden cards (other hands, others' set-aside cards, the pile).
"""

from __future__ import annotations

from functools import cache

from bazaar.core.features import FeatureGroup, FeatureLayout
from bazaar.games.buy_low_sell_high.components import (
    CARD_TYPES,
    COMMISSION,
    COMPONENTS,
    DECK_SIZE,
    DECKS,
    DIVIDEND,
    DIVIDEND_TABLES,
    KINDS,
    NEWS,
    NUM_CARDS,
    TYPE_VALUE,
)
from bazaar.games.buy_low_sell_high.fields import (
    COLOUR_OF,
    OVER,
    PHASE_NAMES,
    SPACES,
    TOP,
    TRADE,
    TYPE_OF,
    Rules,
)
from bazaar.games.buy_low_sell_high.state import BlshState

#: the most copies of one card in any deck of option ``deck`` (scale of the per-card counts)
MAX_COPIES = max(deck.count(c) for deck in DECKS.values() for c in range(NUM_CARDS))
MONEY_SCALE = 100.0
TOKENS = float(COMPONENTS.tokens_per_kind)
HAND = float(COMPONENTS.hand_size)
TOP_PRICE = float(SPACES[TOP])


def _bull_total(deck: tuple[int, ...]) -> int:
    """The bull values of one colour in ``deck`` added up (every colour has the same cards)."""
    return sum(max(TYPE_VALUE[TYPE_OF[c]], 0) for c in deck if COLOUR_OF[c] == 0)


#: the largest net move of one colour in one year (all its bull cards, in the deck with most)
MAX_NET = float(max(_bull_total(deck) for deck in DECKS.values()))
#: the entries of one market-row space: colour one-hot, card type one-hot, covered
SPACE_SIZE = KINDS + len(CARD_TYPES) + 1
OPTION_FLAGS = (
    "exact_first_lap",
    "next_turn_forced",
    "may_exceed_zero",
    "replaces_trading",
    "bn_covered",
    "token_count_shift",
    "selloff_next",
)
DECK_NAMES = tuple(DECKS)
TABLE_NAMES = tuple(DIVIDEND_TABLES)
OPTION_WORDS = (
    "first_lap_limits is 'exact'",
    "negative_money_timing is 'next_turn'",
    "forced_sale_may_exceed_zero",
    "forced_sale_replaces_trading",
    "bn_may_target_covered_space",
    "short_column_shift is 'token_count'",
    "selloff_starts_with is 'next'",
    *(f"dividend_table is {name!r}" for name in TABLE_NAMES),
    *(f"deck is {name!r}" for name in DECK_NAMES),
)


def _groups(players: int) -> tuple[FeatureGroup, ...]:
    p, row = players, COMPONENTS.row_length[players]
    g = FeatureGroup
    return (
        g("phase", len(PHASE_NAMES), "One-hot phase: " + ", ".join(PHASE_NAMES) + "."),
        g("first_lap", 2, "1 if the mover trades under the year-1 first-lap limit of seat 1 / 2."),
        g("year", COMPONENTS.years, "One-hot year (1 to 3)."),
        g("row_filled", 1, f"Cards in the market row / its length ({row})."),
        g("pile", 1, f"Cards in the draw pile / {DECK_SIZE}."),
        g("to_move", p, "One-hot seat to move (all 0 once the game is over)."),
        g("start_player", p, "One-hot start player of this year."),
        g("money", p, f"Money of each seat / {MONEY_SCALE:g}, clipped to [-1, 2] (< 0 below $0)."),
        g("holdings", KINDS * p, f"Tokens of K0, K1, K2 held by each seat / {TOKENS:g}."),
        g("hand_sizes", p, f"Cards in each seat's hand / {HAND:g}."),
        g("set_aside", p, f"Cards each seat set aside in this year-end redraw / {HAND:g}."),
        g("skip_trading", p, "1 if a forced sale replaced the seat's next trading phase."),
        g("column_tokens", KINDS, f"Tokens on each price column (K0, K1, K2) / {TOKENS:g}."),
        g(
            "buy_price",
            KINDS,
            f"Buy price of each kind / {TOP_PRICE:g} (0 if it cannot be bought).",
        ),
        g("sell_price", KINDS, f"Sale price of each kind / {TOP_PRICE:g}."),
        g("top_price", KINDS, f"Space of each column's highest token / {TOP_PRICE:g}."),
        g(
            "row_net",
            KINDS,
            f"Net bull/bear value of each colour's uncovered row cards / {MAX_NET:g}.",
        ),
        g("row_dividends", KINDS, f"Uncovered Dividend cards of each colour / {MAX_COPIES}."),
        g("row_commissions", KINDS, f"Commission cards of each colour in the row / {MAX_COPIES}."),
        g(
            "news_played",
            KINDS,
            f"Breaking News cards of each colour played this year / {MAX_COPIES}.",
        ),
        g(
            "row_cards",
            SPACE_SIZE * row,
            f"Per market space 1..{row}: one-hot colour (3), one-hot card type "
            f"({', '.join(CARD_TYPES)}), covered; all 0 while empty.",
        ),
        g(
            "hand",
            NUM_CARDS,
            f"Copies of each card (K0+3 ... K2com) in the own hand / {MAX_COPIES}.",
        ),
        g(
            "my_set_aside",
            NUM_CARDS,
            f"Copies of each card the seat set aside this redraw / {MAX_COPIES}.",
        ),
        g(
            "unseen",
            NUM_CARDS,
            f"Copies of each card the seat cannot see (pile, other hands, others' set-aside cards)"
            f" / {MAX_COPIES}.",
        ),
        g("options", len(OPTION_WORDS), "Rule options, 1 if: " + "; ".join(OPTION_WORDS) + "."),
    )


def _option_entries(rules: Rules) -> list[float]:
    """The ``options`` group of one game's rules: the flags, then the one-hot tables."""
    flags = [1.0 if getattr(rules, f) else 0.0 for f in OPTION_FLAGS]
    flags += [1.0 if rules.dividend_table is DIVIDEND_TABLES[n] else 0.0 for n in TABLE_NAMES]
    flags += [1.0 if rules.deck is DECKS[n] else 0.0 for n in DECK_NAMES]
    return flags


@cache
def layout(players: int) -> FeatureLayout:
    """The feature layout of Buy Low Sell High for ``players`` seats (2-4)."""
    groups = _groups(players)
    start: dict[str, int] = {}
    pos = 0
    for g in groups:
        start[g.name] = pos
        pos += g.size
    size = pos
    p = players
    o_phase = start["phase"]
    o_lap = start["first_lap"]
    o_year = start["year"] - 1
    o_row_filled = start["row_filled"]
    o_pile = start["pile"]
    o_move = start["to_move"]
    o_start = start["start_player"]
    o_money = start["money"]
    o_held = start["holdings"]
    o_hand_n = start["hand_sizes"]
    o_aside = start["set_aside"]
    o_skip = start["skip_trading"]
    o_col = start["column_tokens"]
    o_buy = start["buy_price"]
    o_sell = start["sell_price"]
    o_top = start["top_price"]
    o_net = start["row_net"]
    o_div = start["row_dividends"]
    o_com = start["row_commissions"]
    o_news = start["news_played"]
    o_row = start["row_cards"]
    o_hand = start["hand"]
    o_my_aside = start["my_set_aside"]
    o_unseen = start["unseen"]
    o_opt = start["options"]
    row_length = float(COMPONENTS.row_length[players])
    # per card: its colour and its type's entry of a market space (relative to the space)
    colour_of = COLOUR_OF
    type_entry = tuple(KINDS + TYPE_OF[c] for c in range(NUM_CARDS))
    type_of = TYPE_OF
    net_of = tuple(TYPE_VALUE[TYPE_OF[c]] / MAX_NET for c in range(NUM_CARDS))
    inv_copies = 1.0 / MAX_COPIES
    inv_tokens = 1.0 / TOKENS
    inv_hand = 1.0 / HAND
    inv_money = 1.0 / MONEY_SCALE
    inv_price = 1.0 / TOP_PRICE
    buy_of = tuple(x * inv_price for x in SPACES)
    sell_of = tuple(SPACES[i - 1 if i else 0] * inv_price for i in range(len(SPACES)))
    covered_entry = SPACE_SIZE - 1
    blank = [0.0] * size
    seats_after = tuple(tuple((s + i) % p for i in range(p)) for s in range(p))
    held_slots = tuple(tuple(o_held + KINDS * i + k for k in range(KINDS)) for i in range(p))
    # the option entries of the last rules seen (one game's rules are shared by its clones)
    last_rules: object = None
    last_flags: list[float] = []
    last_deck: tuple[int, ...] = ()

    def encode(state: BlshState, seat: int) -> list[float]:
        nonlocal last_rules, last_flags, last_deck
        out = blank[:]
        phase = state.phase
        out[o_phase + phase] = 1.0
        year = state.year
        if year == 1 and state.turn < 2 and phase == TRADE:  # first-lap limits (§4.6)
            out[o_lap + state.turn] = 1.0
        out[o_year + year] = 1.0
        row = state.row
        out[o_row_filled] = len(row) / row_length
        out[o_pile] = len(state.pile) / DECK_SIZE
        if phase != OVER:
            out[o_move + (state.cur - seat) % p] = 1.0
        out[o_start + (state.start - seat) % p] = 1.0
        money, held, hand_n = state.money, state.held, state.hand_n
        discards, skip = state.discards, state.skip_trading
        for i, q in enumerate(seats_after[seat]):
            m = money[q] * inv_money
            out[o_money + i] = m if -1.0 <= m <= 2.0 else (-1.0 if m < 0 else 2.0)
            h = held[q]
            a, b, c = held_slots[i]
            out[a] = h[0] * inv_tokens
            out[b] = h[1] * inv_tokens
            out[c] = h[2] * inv_tokens
            out[o_hand_n + i] = hand_n[q] * inv_hand
            if discards[q]:
                out[o_aside + i] = len(discards[q]) * inv_hand
            if skip[q]:
                out[o_skip + i] = 1.0
        lo, hi, n = state.lo, state.hi, state.n
        for k in range(KINDS):
            out[o_col + k] = n[k] * inv_tokens
            if n[k] >= 2:
                out[o_buy + k] = buy_of[lo[k]]
            out[o_sell + k] = sell_of[lo[k]]
            out[o_top + k] = buy_of[hi[k]]
        rules = state.rules
        if last_rules is not rules:
            last_rules = rules
            last_flags = _option_entries(rules)
            last_deck = rules.deck_counts
        hand = state.hands[seat]
        unseen = [d - h for d, h in zip(last_deck, hand, strict=True)]
        news = [0, 0, 0]
        div = [0, 0, 0]
        com = [0, 0, 0]
        base = o_row
        for c, covered in zip(row, state.row_covered, strict=True):
            colour = colour_of[c]
            out[base + colour] = 1.0
            out[base + type_entry[c]] = 1.0
            unseen[c] -= 1
            t = type_of[c]
            if covered:
                out[base + covered_entry] = 1.0
            elif t < DIVIDEND:
                out[o_net + colour] += net_of[c]
            elif t == DIVIDEND:
                div[colour] += 1
            if t == COMMISSION:
                com[colour] += 1
            elif t == NEWS:
                news[colour] += 1
            base += SPACE_SIZE
        for c in state.news_on:
            news[colour_of[c]] += 1
            unseen[c] -= 1
        for k in range(KINDS):
            out[o_news + k] = news[k] * inv_copies
            out[o_div + k] = div[k] * inv_copies
            out[o_com + k] = com[k] * inv_copies
        out[o_hand : o_hand + NUM_CARDS] = [x * inv_copies for x in hand]
        for c in discards[seat]:
            out[o_my_aside + c] += inv_copies
            unseen[c] -= 1
        out[o_unseen : o_unseen + NUM_CARDS] = [x * inv_copies for x in unseen]
        out[o_opt : o_opt + len(last_flags)] = last_flags
        return out

    return FeatureLayout(groups, encode)
