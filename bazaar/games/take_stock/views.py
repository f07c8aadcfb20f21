"""What each seat of a Take Stock game may see: :class:`TakeStockViews` builds the seat and
spectator views, the full view (the position format, docs/positions/take-stock.md) and
``determinize`` (a copy resampling everything a seat cannot see, §11).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any, Self

from bazaar.core.rng import Rng
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
    ROUNDS,
    TAG_NOBODY,
    TAG_SHIFT,
    UPTURN_P,
    C,
    TakeStockFields,
)
from bazaar.games.take_stock.transitions import exercise_actions


class TakeStockViews(TakeStockFields):
    """The views of a state and its determinization."""

    __slots__ = ()

    def _public(self) -> dict[str, Any]:
        n = self.num_players
        shares = self.rules.shares
        limit = self.hold_limit()
        stocks = []
        for s in range(STOCKS):
            stocks.append(
                {
                    "stock": C.stocks[s].id,
                    "letter": LETTERS[s],
                    "cards": [CARD_NAMES[c] for c in self.rows[s]],
                    "value": self.top[s],
                    "splits": self.splits[s],
                    "frozen": self.frozen[s],
                    "price": self.price(s),
                    "length": self.row_length(s),
                }
            )
        seats = []
        for q in range(n):
            per_stock = [0] * STOCKS
            for c in self.certs[q]:
                per_stock[STOCK_OF[c]] += shares[c]
            seats.append(
                {
                    "hand_size": len(self.hands[q]),
                    "certificates": [CARD_NAMES[c] for c in self.certs[q]],
                    "shares": per_stock,
                    "tokens": self.tokens[q],
                    "held": len(self.held[q]),
                    "held_rounds": [e >> TAG_SHIFT for e in self.held[q]],
                    "frozen": self.pfrozen[q],
                    "total": self.totals[q],
                    "round_scores": self.history[q::n],
                    "exercise_decided": self.exmask[q] >= 0 if self.phase == EXERCISE else None,
                }
            )
        over = self.phase == OVER
        return {
            "game": self.game.id,
            "players": n,
            "round": self.round,
            "rounds": ROUNDS,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move(),
            "turn_of": None if over or self.phase == EXERCISE else self.actor,
            "dealer": self.dealer,
            "start_player": self.start,
            "stocks": stocks,
            "hold_limit": limit,
            "share_symbols": [shares[c] for c in range(VALUES)],
            "seats": seats,
            "share_draw": len(self.sdraw),
            "share_discard": [CARD_NAMES[c] for c in self.sdiscard],
            "event_deck": len(self.edeck),
            "market_closed_position": self.market_closed_position(),
            "market_closed_aside": self.mc_aside,
            "token_supply": self.supply,
            "executing": KIND_NAMES[self.executing] if self.executing >= 0 else None,
            "upturn_played": [LETTERS[s] for s in range(STOCKS) if self.upturn_mask >> s & 1]
            if self.phase == UPTURN_P
            else [],
            "audit_limit": self.audit_limit if self.phase == AUDIT_P else None,
            "round_end": REASON_NAMES[self.reason],
            "over": over,
            "scores": self.scores() if over else None,
            "winners": self.winners(),
        }

    def _discard_view(self, seat: int | None) -> list[str]:
        out = []
        for e in self.ediscard:
            tag = e >> TAG_SHIFT
            mine = seat is not None and tag == seat + 1
            out.append(KIND_NAMES[e & KIND_MASK] if tag == 0 or mine else "?")
        return out

    def view(self, seat: int | None = None) -> dict[str, Any]:
        out = self._public()
        out["seat"] = seat
        out["event_discard"] = self._discard_view(seat)
        if seat is not None:
            out["hand"] = [CARD_NAMES[c] for c in self.hands[seat]]
            out["held_events"] = [
                {
                    "event": KIND_NAMES[e & KIND_MASK],
                    "round": e >> TAG_SHIFT,
                    "usable": not self.rules.later_round or e >> TAG_SHIFT < self.round,
                }
                for e in self.held[seat]
            ]
            mine = self.actor == seat and self.phase != OVER
            out["drawn_events"] = [KIND_NAMES[k] for k in self.pending] if mine else []
            mask = self.exmask[seat] if self.phase == EXERCISE else -1
            hand = self.hands[seat]
            out["exercising"] = (
                [CARD_NAMES[hand[j]] for j in A.mask_positions(mask)] if mask >= 0 else None
            )
        return out

    def full_view(self) -> dict[str, Any]:
        """Everything the state holds (the position format of docs/positions/take-stock.md):
        the spectator view's keys plus the hidden parts and the state's memory."""
        out = self._public()
        out["format"] = POSITION_FORMAT
        out["options"] = dict(self.options)
        out["actor"] = self.actor
        out["upturn_stocks"] = [LETTERS[s] for s in range(STOCKS) if self.upturn_mask >> s & 1]
        out["enforced_limit"] = self.audit_limit
        out["hands"] = [[CARD_NAMES[c] for c in h] for h in self.hands]
        out["held_events"] = [
            [{"event": KIND_NAMES[e & KIND_MASK], "round": e >> TAG_SHIFT} for e in h]
            for h in self.held
        ]
        out["event_discard"] = [
            {"event": KIND_NAMES[e & KIND_MASK], "known_by": _known_by(e)} for e in self.ediscard
        ]
        out["event_deck_order"] = [
            {"event": KIND_NAMES[e & KIND_MASK], "known_by": _known_by(e)} for e in self.edeck
        ]
        out["event_blocks"] = list(self.eblocks)
        out["share_draw_order"] = [CARD_NAMES[c] for c in self.sdraw]
        out["drawn_events"] = [KIND_NAMES[k] for k in self.pending]
        out["exercise_masks"] = list(self.exmask)
        out["rng"] = self.rng.state
        return out

    def determinize(self, seat: int, rng: Rng) -> Self:
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
        s = self.clone()
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
        s.ediscard = [
            e if e >> TAG_SHIFT in known else next(it) | (e & ~KIND_MASK) for e in s.ediscard
        ]
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


def _known_by(entry: int) -> str | int:
    tag = entry >> TAG_SHIFT
    if tag == 0:
        return "all"
    if tag == TAG_NOBODY:
        return "nobody"
    return tag - 1
