"""What each seat sees of a Buy Low Sell High state, the whole position, and determinize."""

from __future__ import annotations

from typing import Any, TypeVar, cast

from bazaar.core.rng import Rng
from bazaar.core.statedata import write_position
from bazaar.games.buy_low_sell_high.codecs import card_names, hand_names
from bazaar.games.buy_low_sell_high.components import CARD_NAMES, KINDS, NEWS, NUM_CARDS
from bazaar.games.buy_low_sell_high.fields import (
    OVER,
    PHASE_NAMES,
    POSITION_FORMAT,
    TYPE_OF,
    BlshFields,
)
from bazaar.games.buy_low_sell_high.shapes import BlshPosition, BlshPublic, BlshView
from bazaar.games.buy_low_sell_high.transitions import to_move, winners

F = TypeVar("F", bound=BlshFields)


def public(s: BlshFields) -> BlshPublic:
    """What every seat and spectator sees."""
    return {
        "game": s.game.id,
        "players": s.num_players,
        "year": s.year,
        "years": s.rules.years,
        "phase": PHASE_NAMES[s.phase],
        "to_move": to_move(s),
        "start_player": s.start,
        "turn": s.turn,
        "first_lap": s.first_lap_seat(),
        "money": list(s.money),
        "holdings": [list(h) for h in s.held],
        "columns": [
            {
                "tokens": s.column(k),
                "buy": s.buy_price(k) if s.n[k] >= 2 else None,
                "sell": s.sell_price(k),
            }
            for k in range(KINDS)
        ],
        "row": [
            {"card": CARD_NAMES[c], "covered": cov, "dud": TYPE_OF[c] == NEWS}
            for c, cov in zip(s.row, s.row_covered, strict=True)
        ],
        "row_length": s.rules.row_length,
        "news_played": card_names(s.news_on),
        "pile": len(s.pile),
        "hand_sizes": list(s.hand_n),
        "discarded": [len(d) for d in s.discards],
        "skip_trading": list(s.skip_trading),
        "over": s.phase == OVER,
        "scores": list(s.money) if s.phase == OVER else None,  # the scores (transitions)
        "winners": winners(s),
    }


def view(s: BlshFields, seat: int | None = None) -> BlshView:
    """What ``seat`` sees (None: a spectator): the public part and its own cards."""
    if seat is None:
        return {**public(s), "seat": None}
    hand, discards = hand_names(s.hands[seat]), card_names(s.discards[seat])
    return {**public(s), "seat": seat, "hand": hand, "my_discards": discards}


def full_view(s: BlshFields) -> BlshPosition:
    """The whole position, hidden parts included (schema: docs/positions/buy-low-sell-high.md).

    ``restore`` rebuilds the identical state from it.
    """
    out: dict[str, Any] = {**public(s), "format": POSITION_FORMAT}
    write_position(s, out)
    return cast(BlshPosition, out)  # the hidden part's keys: BlshFields' kept fields


def determinize(s: F, seat: int, rng: Rng) -> F:
    """Resample other hands, their set-aside discards and the pile order; keep sizes."""
    s = s.clone()
    pool = list(s.pile)
    others = [q for q in range(s.num_players) if q != seat]
    for q in others:
        hand = s.hands[q]
        pool.extend(c for c in range(NUM_CARDS) for _ in range(hand[c]))
        pool.extend(s.discards[q])
    pool.sort()  # forget where the hidden cards were: only their multiset is known
    rng.shuffle(pool)
    pos = 0
    for q in others:
        hand = [0] * NUM_CARDS
        for c in pool[pos : pos + s.hand_n[q]]:
            hand[c] += 1
        s.hands[q] = hand
        pos += s.hand_n[q]
        size = len(s.discards[q])
        s.discards[q] = pool[pos : pos + size]
        pos += size
    s.pile = pool[pos:]
    s.rng = Rng(rng.next64())
    return s
