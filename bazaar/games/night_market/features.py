"""Taiwan Night Market's observation features: a fixed-size vector of what one seat sees
(bazaar.core.features; every group is listed in docs/features.md).

``layout(players)`` gives the groups and the encoder for a player count. The encoder reads
the state's fields directly (for speed) but only what :meth:`NightMarketViews.view` shows the
seat: its own hand and hidden customers, and the public rest. Seat groups are seat-relative:
entry 0 is the observing seat, then the seats after it in seat order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache

from bazaar.core.features import FeatureGroup, FeatureLayout, offsets
from bazaar.games.night_market.components import (
    ADJACENCY_SETS,
    CUSTOMER_DECKS,
    LETTERS,
    NEXT_ENTRANCE_SETS,
    NUM_KINDS,
    NUM_LETTERS,
    NUM_LOTS,
    NUM_TYPES,
    TYPE_NAMES,
)
from bazaar.games.night_market.fields import (
    BID,
    BUILD,
    FREE_MARKERS,
    HAND,
    HIDE,
    LOAN_MAX,
    OVER,
    PHASE_NAMES,
    STATUS_NAMES,
    VALUE,
    C,
    Rules,
)
from bazaar.games.night_market.state import NightMarketState

MAX_ROUNDS = max(C.rounds, C.rounds_long)
#: money (cash, bids, scores) is divided by this and clipped to [-1, 2]
MONEY_SCALE = 40.0
INCOME_SCALE = 30.0
CLIP = 2.0
#: the most copies of one customer kind in any customer deck (counts per kind / this)
KIND_MAX = float(max(max(Counter(deck).values()) for deck in CUSTOMER_DECKS.values()))
#: customers of one type standing at one entrance / this (a type has 10 cards)
WAITING_SCALE = 10.0
BONUS_MAX = C.majority_bonus * NUM_TYPES
DECK_SIZE = float(max(len(deck) for deck in CUSTOMER_DECKS.values()))
ADJACENCY_NAMES = tuple(ADJACENCY_SETS)
DECK_NAMES = tuple(CUSTOMER_DECKS)
#: the rule options that change play, one entry each (then adjacency and deck one-hot)
RULE_FLAGS = (
    "movement_order is 'table'",
    "next_entrance is 'letter'",
    "connected_entry is 'per_lot'",
    "no_legal_bid is 'pass'",
    "leavers is 'discard'",
    "unbid_lots is 'return'",
    "voluntary_loans",
    "three_player_long (and 3 players)",
    *(f"adjacency is {name!r}" for name in ADJACENCY_NAMES),
    *(f"customer_deck is {name!r}" for name in DECK_NAMES),
)
KINDS = "customer kinds type-major (T0A, T0B … T3H: type × 8 + entrance)"


def _groups(n: int) -> tuple[FeatureGroup, ...]:
    G = FeatureGroup
    return (
        G("rules", len(RULE_FLAGS), "Rule options, 1 if: " + "; ".join(RULE_FLAGS) + "."),
        G(
            "yellow_min_bid",
            1,
            "The least first bid on a star lot / 5 (0 unless yellow_face is 'min_bid').",
        ),
        G("phase", len(PHASE_NAMES), "Decision kind, one-hot: " + ", ".join(PHASE_NAMES) + "."),
        G("round", MAX_ROUNDS, f"Round 1-{MAX_ROUNDS}, one-hot (6 only in the long variant)."),
        G("final_round", 1, "This is the game's final round: 0/1."),
        G("rounds_left", 1, f"Rounds after this one / {MAX_ROUNDS - 1}."),
        G("to_move", n, "The seat deciding now, one-hot (entry 0: the observing seat)."),
        G(
            "turn_order",
            n * n,
            "Each seat's place in this round's turn order, one-hot, seat-major (n per seat).",
        ),
        G("compensation", 1, "The bidding is in its compensation bids: 0/1."),
        G("regular_turns_left", 1, "Regular bidding turns left / (2 × players)."),
        G("hidden_to_choose", 1, f"Hidden customers the seat to move must still choose / {HAND}."),
        G("bid_lot", NUM_LOTS, "The lot whose bid amount is being chosen, one-hot (lots 1-30)."),
        G("building_lot", NUM_LOTS, "The lot being built on, one-hot."),
        G(
            "lot_status",
            NUM_LOTS * len(STATUS_NAMES),
            "Each lot's status, one-hot, lot-major (5 per lot): " + ", ".join(STATUS_NAMES) + ".",
        ),
        G("lot_owner", NUM_LOTS * n, "Each lot's owner, one-hot, lot-major (n per lot)."),
        G(
            "lot_stall",
            NUM_LOTS * NUM_TYPES,
            "Each lot's stall type, one-hot, lot-major (4 per lot: " + ", ".join(TYPE_NAMES) + ").",
        ),
        G("lot_won_round", NUM_LOTS, f"The round each lot was won in / {MAX_ROUNDS} (0: never)."),
        G("lot_star", NUM_LOTS, "Star lots (yellow bid card face): 0/1."),
        G(
            "lot_top_bid",
            NUM_LOTS,
            f"This auction: the top bid on each lot / {MONEY_SCALE:g} (clipped at 2).",
        ),
        G(
            "lot_leader",
            NUM_LOTS * n,
            "This auction: each lot's top bidder, one-hot, lot-major (n per lot).",
        ),
        G(
            "waiting",
            NUM_KINDS,
            f"Customers standing at the entrances, count per type × entrance / "
            f"{WAITING_SCALE:g} (type-major, entrances {LETTERS}).",
        ),
        G("hand", NUM_KINDS, f"Own hand, count per kind / {KIND_MAX:g}; {KINDS}."),
        G("hidden", NUM_KINDS, f"Own hidden customers, count per kind / {KIND_MAX:g}."),
        G("discard", NUM_KINDS, f"Discarded (served) customers, count per kind / {KIND_MAX:g}."),
        G("left_game", NUM_KINDS, f"Customers who left the game, count per kind / {KIND_MAX:g}."),
        G(
            "unseen",
            NUM_KINDS,
            "Customers this seat has not seen (deck, other hands, others' hidden), count per "
            f"kind / {KIND_MAX:g}.",
        ),
        G("customer_deck", 1, f"Cards in the customer deck / {DECK_SIZE:g}."),
        G("land_deck", 1, f"Land cards still in the deck / {NUM_LOTS}."),
        G("stall_supply", NUM_TYPES, f"Stalls left per type / {C.stalls_per_type}."),
        G("cash", n, f"Each seat's cash / {MONEY_SCALE:g} (clipped to [-1, 2])."),
        G("loans", n, f"Each seat's loans / {LOAN_MAX}."),
        G("score", n, f"Each seat's score (cash − 7 per loan) / {MONEY_SCALE:g} (clipped)."),
        G("lots_owned", n, f"Lots owned by each seat / {FREE_MARKERS}."),
        G("free_markers", n, f"Each seat's free markers / {FREE_MARKERS} (clipped at -1)."),
        G("bids_placed", n, "Bids each seat placed this round / 4 (clipped at 2)."),
        G("passed", n, "The seat passed this round: 0/1."),
        G("gave_up", n, "The seat gave up its compensation bid: 0/1."),
        G("hand_size", n, f"Customers in each seat's hand / {HAND}."),
        G("hidden_count", n, f"Hidden customers of each seat / {HAND}."),
        G("stalls", n * NUM_TYPES, "Each seat's built stalls per type / 10, seat-major (4 each)."),
        G("last_income", n, f"Each seat's income of the last round / {INCOME_SCALE:g} (clipped)."),
        G(
            "last_bonus",
            n,
            f"Each seat's majority bonuses of the last round / {BONUS_MAX} (all four types).",
        ),
    )


@cache
def layout(players: int) -> FeatureLayout:
    """The feature layout of a ``players``-seat game (one object per player count)."""
    groups = _groups(players)
    return FeatureLayout(groups, _encoder(players, groups))


def _clip(x: float) -> float:
    return CLIP if x > CLIP else -1.0 if x < -1.0 else x


def _flags(rules: Rules) -> list[float]:
    """The entries of the ``rules`` group."""
    flags = [
        rules.order[0] != 0,
        rules.next_entrance is NEXT_ENTRANCE_SETS.get("letter"),
        rules.per_lot,
        rules.no_bid_pass,
        rules.leavers_discard,
        rules.unbid_return,
        bool(rules.voluntary_loans),
        rules.long,
        *(rules.adjacency is ADJACENCY_SETS[name] for name in ADJACENCY_NAMES),
        *(rules.kind is CUSTOMER_DECKS[name] for name in DECK_NAMES),
    ]
    return [float(x) for x in flags]


def _encoder(
    n: int, groups: tuple[FeatureGroup, ...]
) -> Callable[[NightMarketState, int], list[float]]:
    """The encoder of ``n`` seats: group offsets and scales are bound once, here."""
    o = offsets(groups)
    size = sum(g.size for g in groups)
    o_rules = o["rules"]
    o_yellow = o["yellow_min_bid"]
    o_phase = o["phase"]
    o_round = o["round"]
    o_final = o["final_round"]
    o_left = o["rounds_left"]
    o_to_move = o["to_move"]
    o_order = o["turn_order"]
    o_comp = o["compensation"]
    o_turns = o["regular_turns_left"]
    o_need = o["hidden_to_choose"]
    o_bid_lot = o["bid_lot"]
    o_build_lot = o["building_lot"]
    o_status = o["lot_status"]
    o_owner = o["lot_owner"]
    o_stall = o["lot_stall"]
    o_won = o["lot_won_round"]
    o_star = o["lot_star"]
    o_top = o["lot_top_bid"]
    o_leader = o["lot_leader"]
    o_waiting = o["waiting"]
    o_hand = o["hand"]
    o_hidden = o["hidden"]
    o_discard = o["discard"]
    o_left_game = o["left_game"]
    o_unseen = o["unseen"]
    o_deck = o["customer_deck"]
    o_land = o["land_deck"]
    o_supply = o["stall_supply"]
    o_cash = o["cash"]
    o_loans = o["loans"]
    o_score = o["score"]
    o_lots = o["lots_owned"]
    o_markers = o["free_markers"]
    o_placed = o["bids_placed"]
    o_passed = o["passed"]
    o_gave_up = o["gave_up"]
    o_hsize = o["hand_size"]
    o_hcount = o["hidden_count"]
    o_stalls = o["stalls"]
    o_income = o["last_income"]
    o_bonus = o["last_bonus"]
    n_status = len(STATUS_NAMES)
    inv_kind = 1.0 / KIND_MAX
    won_scaled = tuple(r / MAX_ROUNDS for r in range(MAX_ROUNDS + 1))
    stall_step = 1.0 / C.stalls_per_type
    #: the seats in seat-relative order, for each observing seat
    seats_from = tuple(tuple((seat + i) % n for i in range(n)) for seat in range(n))
    #: the constants of the last rules object seen (Night Market makes one per game, so a
    #: one-entry memo: holding it keeps the identity test exact): the rules, star lots, the
    #: copies of each kind / KIND_MAX, the rules group and the yellow minimum
    memo: list[tuple[Rules, list[float], list[float], list[float], float]] = []

    def encode(state: NightMarketState, seat: int) -> list[float]:
        out = [0.0] * size
        phase = state.phase
        rules = state.rules
        kind = rules.kind
        repay, markers = rules.loan_repay, rules.free_markers  # option size sets them
        if not memo or memo[0][0] is not rules:
            counts = Counter(kind)
            memo[:] = [
                (
                    rules,
                    [1.0 if lot in rules.stars else 0.0 for lot in range(NUM_LOTS)],
                    [counts[k] * inv_kind for k in range(NUM_KINDS)],
                    _flags(rules),
                    max(rules.min_bid) / 5.0,
                )
            ]
        _, star, copies, flags, yellow = memo[0]
        unseen = copies[:]
        out[o_rules : o_rules + len(RULE_FLAGS)] = flags
        out[o_yellow] = yellow
        rnd = state.round
        last = rules.last_round
        out[o_phase + phase] = 1.0
        out[o_round + rnd - 1] = 1.0
        if rnd == last:
            out[o_final] = 1.0
        out[o_left] = (last - rnd) / (MAX_ROUNDS - 1)
        if phase != OVER:
            out[o_to_move + (state.cur - seat) % n] = 1.0
        for place, q in enumerate(state.order):
            out[o_order + (q - seat) % n * n + place] = 1.0
        if phase in (BID, VALUE):
            step = state.step
            if step >= 2 * n:
                out[o_comp] = 1.0
            else:
                out[o_turns] = (2 * n - step) / (2 * n)
            if phase == VALUE:
                out[o_bid_lot + state.auction[state.slot]] = 1.0
        elif phase == HIDE:
            out[o_need] = state.need / HAND
        elif phase == BUILD:
            out[o_build_lot + state.slot] = 1.0
        # the lots
        status, owner, stall, won = state.status, state.owner, state.stall, state.won
        for lot in range(NUM_LOTS):
            out[o_status + lot * n_status + status[lot]] = 1.0
            q = owner[lot]
            if q >= 0:
                i = (q - seat) % n
                out[o_owner + lot * n + i] = 1.0
                t = stall[lot]
                if t >= 0:
                    out[o_stall + lot * NUM_TYPES + t] = 1.0
                    out[o_stalls + i * NUM_TYPES + t] += stall_step
                out[o_won + lot] = won_scaled[won[lot]]
        out[o_star : o_star + NUM_LOTS] = star
        top, lead = state.top, state.lead
        for i, lot in enumerate(state.auction):
            if lead[i] >= 0:
                out[o_top + lot] = _clip(top[i] / MONEY_SCALE)
                out[o_leader + lot * n + (lead[i] - seat) % n] = 1.0
        # the customers
        for w in state.waiting:
            card = w // NUM_LETTERS
            k = kind[card]
            out[o_waiting + k - k % NUM_LETTERS + w % NUM_LETTERS] += 1.0 / WAITING_SCALE
            unseen[k] -= inv_kind
        for c in state.hands[seat]:
            k = kind[c]
            out[o_hand + k] += inv_kind
            unseen[k] -= inv_kind
        for c in state.hidden[seat]:
            k = kind[c]
            out[o_hidden + k] += inv_kind
            unseen[k] -= inv_kind
        for c in state.discard:
            k = kind[c]
            out[o_discard + k] += inv_kind
            unseen[k] -= inv_kind
        for c in state.out:
            k = kind[c]
            out[o_left_game + k] += inv_kind
            unseen[k] -= inv_kind
        out[o_unseen : o_unseen + NUM_KINDS] = [u if u > 1e-9 else 0.0 for u in unseen]
        out[o_deck] = len(state.deck) / DECK_SIZE
        out[o_land] = len(state.land) / NUM_LOTS
        out[o_supply : o_supply + NUM_TYPES] = [k / C.stalls_per_type for k in state.supply]
        # the seats, seat-relative
        cash, loans, nlots = state.cash, state.loans, state.nlots
        placed, passed, done = state.placed, state.passed, state.done
        hands, hidden = state.hands, state.hidden
        income, bonus = state.last_income, state.last_bonus
        over = phase == OVER
        for i, q in enumerate(seats_from[seat]):
            x = cash[q] / MONEY_SCALE
            out[o_cash + i] = x if -1.0 <= x <= CLIP else _clip(x)
            if loans[q]:
                out[o_loans + i] = loans[q] / LOAN_MAX
                if not over:
                    x = (cash[q] - repay * loans[q]) / MONEY_SCALE
            out[o_score + i] = x if -1.0 <= x <= CLIP else _clip(x)
            out[o_lots + i] = nlots[q] / FREE_MARKERS
            x = (markers - nlots[q] - placed[q]) / FREE_MARKERS
            out[o_markers + i] = x if x >= -1.0 else -1.0
            if placed[q]:
                out[o_placed + i] = placed[q] / 4.0 if placed[q] < 8 else CLIP
            if passed[q]:
                out[o_passed + i] = 1.0
            if done[q]:
                out[o_gave_up + i] = 1.0
            out[o_hsize + i] = len(hands[q]) / HAND
            if hidden[q]:
                out[o_hcount + i] = len(hidden[q]) / HAND
            if income[q]:
                x = income[q] / INCOME_SCALE
                out[o_income + i] = x if x <= CLIP else CLIP
            if bonus[q]:
                out[o_bonus + i] = bonus[q] / BONUS_MAX
        return out

    return encode
