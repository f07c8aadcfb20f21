"""What each seat sees of a Buy Low Sell High state, the whole position, and determinize."""

from __future__ import annotations

from typing import Any, Self

from bazaar.core.rng import Rng
from bazaar.games.buy_low_sell_high.components import CARD_NAMES, COMPONENTS, KINDS, NEWS, NUM_CARDS
from bazaar.games.buy_low_sell_high.fields import (
    OVER,
    PHASE_NAMES,
    POSITION_FORMAT,
    TYPE_OF,
    BlshFields,
)


class BlshViews(BlshFields):
    """The views of a Buy Low Sell High state: per seat, the whole position, determinized."""

    __slots__ = ()

    # ------------------------------------------------------------------ information
    def _public(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "players": self.num_players,
            "year": self.year,
            "years": COMPONENTS.years,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move(),
            "start_player": self.start,
            "turn": self.turn,
            "first_lap": self.first_lap_seat(),
            "money": list(self.money),
            "holdings": [list(h) for h in self.held],
            "columns": [
                {
                    "tokens": self.column(k),
                    "buy": self.buy_price(k) if self.n[k] >= 2 else None,
                    "sell": self.sell_price(k),
                }
                for k in range(KINDS)
            ],
            "row": [
                {
                    "card": CARD_NAMES[c],
                    "covered": cov,
                    "dud": TYPE_OF[c] == NEWS,
                }
                for c, cov in zip(self.row, self.row_covered, strict=True)
            ],
            "row_length": self.rules.row_length,
            "news_played": [CARD_NAMES[c] for c in self.news_on],
            "pile": len(self.pile),
            "hand_sizes": list(self.hand_n),
            "discarded": [len(d) for d in self.discards],
            "skip_trading": list(self.skip_trading),
            "over": self.phase == OVER,
            "scores": self.scores() if self.phase == OVER else None,
            "winners": self.winners(),
        }

    def _hand(self, p: int) -> list[str]:
        return [CARD_NAMES[c] for c in range(NUM_CARDS) for _ in range(self.hands[p][c])]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        out = self._public()
        out["seat"] = seat
        if seat is not None:
            out["hand"] = self._hand(seat)
            out["my_discards"] = [CARD_NAMES[c] for c in self.discards[seat]]
        return out

    def full_view(self) -> dict[str, Any]:
        """The whole position, hidden parts included (schema: docs/positions/buy-low-sell-high.md).

        :meth:`restore` rebuilds the identical state from it.
        """
        out = self._public()
        out["format"] = POSITION_FORMAT
        out["options"] = dict(self.options)
        out["hands"] = [self._hand(p) for p in range(self.num_players)]
        out["discards"] = [[CARD_NAMES[c] for c in d] for d in self.discards]
        out["pile_order"] = [CARD_NAMES[c] for c in self.pile]
        out["current_seat"] = self.cur
        out["last_active"] = self.last_active
        out["redrawn"] = self.redrawn
        out["forced_sale_in_turn"] = self.forced_in_turn
        out["rng"] = self.rng.state
        return out

    def determinize(self, seat: int, rng: Rng) -> Self:
        """Resample other hands, their set-aside discards and the pile order; keep sizes."""
        s = self.clone()
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

    # ------------------------------------------------------------------ helpers for tests
    def hand_of(self, p: int) -> list[str]:
        """Card names in seat ``p``'s hand (sorted)."""
        return self._hand(p)
