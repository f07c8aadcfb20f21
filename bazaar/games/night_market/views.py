"""What Taiwan Night Market shows, as functions of the fields: a seat's
``view``, the ``full_view`` position (schema: docs/positions/night-market.md) and
``determinize`` (the hidden parts resampled for a seat's search).
"""

from __future__ import annotations

from typing import TypeVar, cast

from bazaar.core.rng import Rng
from bazaar.games.night_market.components import (
    KIND_NAMES,
    LETTERS,
    NUM_LETTERS,
    NUM_LOTS,
    TYPE_NAMES,
)
from bazaar.games.night_market.fields import (
    BID,
    BUILD,
    HIDE,
    OVER,
    PHASE_NAMES,
    STATUS_NAMES,
    VALUE,
    NightMarketFields,
)
from bazaar.games.night_market.shapes import (
    NightMarketAuctionLot,
    NightMarketLot,
    NightMarketOptions,
    NightMarketPosition,
    NightMarketPublic,
    NightMarketView,
)
from bazaar.games.night_market.transitions import scores, to_move, winners

#: Version of the position format of :meth:`NightMarketState.full_view` (docs/positions/).
POSITION_FORMAT = 1
F = TypeVar("F", bound=NightMarketFields)


# ------------------------------------------------------------------ information
def _entrances(s: NightMarketFields) -> dict[str, list[str]]:
    kind = s.rules.kind
    out: dict[str, list[str]] = {x: [] for x in LETTERS}
    for x in s.waiting:
        out[LETTERS[x % NUM_LETTERS]].append(KIND_NAMES[kind[x // NUM_LETTERS]])
    return out


def public(s: NightMarketFields) -> NightMarketPublic:
    r = s.rules
    kind = r.kind
    over = s.phase == OVER
    players = s.num_players
    lots: list[NightMarketLot] = []
    for lot in range(NUM_LOTS):
        lots.append(
            {
                "lot": lot + 1,
                "status": STATUS_NAMES[s.status[lot]],
                "owner": s.owner[lot] if s.owner[lot] >= 0 else None,
                "stall": TYPE_NAMES[s.stall[lot]] if s.stall[lot] >= 0 else None,
                "won_round": s.won[lot] or None,
                "star": lot in r.stars,
            }
        )
    auction: list[NightMarketAuctionLot] = []
    for i, lot in enumerate(s.auction):
        bids = [
            [s.bidlog[j + 1], s.bidlog[j + 2]]
            for j in range(0, len(s.bidlog), 3)
            if s.bidlog[j] == i
        ]
        auction.append(
            {
                "lot": lot + 1,
                "face": "yellow" if lot in r.stars else "white",
                "top": s.top[i] if s.top[i] >= 0 else None,
                "leader": s.lead[i] if s.lead[i] >= 0 else None,
                "bids": bids,
            }
        )
    bidding = s.phase in (BID, VALUE)
    return {
        "game": s.game.id,
        "players": players,
        "round": s.round,
        "rounds": r.last_round,
        "final_round": s.round == r.last_round,
        "phase": PHASE_NAMES[s.phase],
        "to_move": to_move(s),
        "turn_order": list(s.order),
        "cash": list(s.cash),
        "loans": list(s.loans),
        "lots_owned": list(s.nlots),
        "free_markers": [s.free_markers(q) for q in range(players)],
        "lots": lots,
        "auction": auction,
        "bidding": {
            "compensation": bidding and s.in_compensation(),
            "regular_turns_left": max(0, 2 * players - s.step) if bidding else 0,
            "lot": s.auction[s.slot] + 1 if s.phase == VALUE else None,
            "passed": [q for q in range(players) if s.passed[q]],
            "gave_up": [q for q in range(players) if s.done[q]],
        },
        "building_lot": s.slot + 1 if s.phase == BUILD else None,
        "hidden_to_choose": s.need if s.phase == HIDE else 0,
        "entrances": _entrances(s),
        "hand_sizes": [len(h) for h in s.hands],
        "hidden_counts": [len(h) for h in s.hidden],
        "deck": len(s.deck),
        "discard": [KIND_NAMES[kind[c]] for c in s.discard],
        "left_game": [KIND_NAMES[kind[c]] for c in s.out],
        "land_deck": len(s.land),
        "supply": list(s.supply),
        "last_income": list(s.last_income),
        "last_bonus": list(s.last_bonus),
        "over": over,
        "scores": cast(list[int], scores(s)),
        "winners": winners(s),
    }


def _names(s: NightMarketFields, cards: list[int]) -> list[str]:
    kind = s.rules.kind
    return sorted(KIND_NAMES[kind[c]] for c in cards)


def view(s: NightMarketFields, seat: int | None = None) -> NightMarketView:
    if seat is None:
        return {**public(s), "seat": None}
    hand, hidden = _names(s, s.hands[seat]), _names(s, s.hidden[seat])
    return {**public(s), "seat": seat, "hand": hand, "hidden": hidden}


def full_view(s: NightMarketFields) -> NightMarketPosition:
    """Everything the state holds, hidden parts included: the position as data
    (schema: docs/positions/night-market.md); :meth:`restore` builds it back."""
    kind = s.rules.kind
    log = s.bidlog
    waiting: list[list[int | str]] = [
        [x // NUM_LETTERS, LETTERS[x % NUM_LETTERS]] for x in s.waiting
    ]
    return {
        **public(s),
        "format": POSITION_FORMAT,
        "options": cast(NightMarketOptions, dict(s.options)),
        "hands": [_names(s, h) for h in s.hands],
        "hidden": [_names(s, h) for h in s.hidden],
        "deck_order": [KIND_NAMES[kind[c]] for c in s.deck],
        "land_order": [lot + 1 for lot in s.land],
        "bid_log": [[s.auction[log[j]] + 1, log[j + 1], log[j + 2]] for j in range(0, len(log), 3)],
        "cards": {
            "kinds": [KIND_NAMES[k] for k in kind],
            "deck": s.deck[:],
            "hands": [h[:] for h in s.hands],
            "hidden": [h[:] for h in s.hidden],
            "waiting": waiting,
            "discard": s.discard[:],
            "left_game": s.out[:],
        },
        "rng": s.rng.state,
    }


def determinize(st: F, seat: int, rng: Rng) -> F:
    """Resample other hands, others' unrevealed hidden customers, the customer deck
    order and the land deck order; keep sizes and everything ``seat`` has seen."""
    s = st.clone()
    others = [q for q in range(s.num_players) if q != seat]
    pool = s.deck
    for q in others:
        pool += s.hands[q]
        pool += s.hidden[q]
    pool.sort()  # forget where the hidden cards were: only which cards is known
    rng.shuffle(pool)
    pos = 0
    for q in others:
        n = len(s.hands[q])
        s.hands[q] = pool[pos : pos + n]
        pos += n
        n = len(s.hidden[q])
        s.hidden[q] = pool[pos : pos + n]
        pos += n
    s.deck = pool[pos:]
    s.land = sorted(s.land)
    rng.shuffle(s.land)
    s.rng = Rng(rng.next64())
    return s
