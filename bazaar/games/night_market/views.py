"""What Taiwan Night Market shows: :class:`NightMarketViews` adds to the fields a seat's
``view``, the ``full_view`` position (schema: docs/positions/night-market.md) and
``determinize`` (the hidden parts resampled for a seat's search).
"""

from __future__ import annotations

from typing import Any, Self

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

#: Version of the position format of :meth:`NightMarketState.full_view` (docs/positions/).
POSITION_FORMAT = 1


class NightMarketViews(NightMarketFields):
    """The views and the determinization of a Taiwan Night Market state."""

    __slots__ = ()

    # ------------------------------------------------------------------ information
    def _entrances(self) -> dict[str, list[str]]:
        kind = self.rules.kind
        out: dict[str, list[str]] = {x: [] for x in LETTERS}
        for x in self.waiting:
            out[LETTERS[x % NUM_LETTERS]].append(KIND_NAMES[kind[x // NUM_LETTERS]])
        return out

    def _public(self) -> dict[str, Any]:
        r = self.rules
        kind = r.kind
        over = self.phase == OVER
        players = self.num_players
        lots = []
        for lot in range(NUM_LOTS):
            lots.append(
                {
                    "lot": lot + 1,
                    "status": STATUS_NAMES[self.status[lot]],
                    "owner": self.owner[lot] if self.owner[lot] >= 0 else None,
                    "stall": TYPE_NAMES[self.stall[lot]] if self.stall[lot] >= 0 else None,
                    "won_round": self.won[lot] or None,
                    "star": lot in r.stars,
                }
            )
        auction = []
        for i, lot in enumerate(self.auction):
            bids = [
                [self.bidlog[j + 1], self.bidlog[j + 2]]
                for j in range(0, len(self.bidlog), 3)
                if self.bidlog[j] == i
            ]
            auction.append(
                {
                    "lot": lot + 1,
                    "face": "yellow" if lot in r.stars else "white",
                    "top": self.top[i] if self.top[i] >= 0 else None,
                    "leader": self.lead[i] if self.lead[i] >= 0 else None,
                    "bids": bids,
                }
            )
        bidding = self.phase in (BID, VALUE)
        return {
            "game": self.game.id,
            "players": players,
            "round": self.round,
            "rounds": r.last_round,
            "final_round": self.round == r.last_round,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move(),
            "turn_order": list(self.order),
            "cash": list(self.cash),
            "loans": list(self.loans),
            "lots_owned": list(self.nlots),
            "free_markers": [self.free_markers(q) for q in range(players)],
            "lots": lots,
            "auction": auction,
            "bidding": {
                "compensation": bidding and self.in_compensation(),
                "regular_turns_left": max(0, 2 * players - self.step) if bidding else 0,
                "lot": self.auction[self.slot] + 1 if self.phase == VALUE else None,
                "passed": [q for q in range(players) if self.passed[q]],
                "gave_up": [q for q in range(players) if self.done[q]],
            },
            "building_lot": self.slot + 1 if self.phase == BUILD else None,
            "hidden_to_choose": self.need if self.phase == HIDE else 0,
            "entrances": self._entrances(),
            "hand_sizes": [len(h) for h in self.hands],
            "hidden_counts": [len(h) for h in self.hidden],
            "deck": len(self.deck),
            "discard": [KIND_NAMES[kind[c]] for c in self.discard],
            "left_game": [KIND_NAMES[kind[c]] for c in self.out],
            "land_deck": len(self.land),
            "supply": list(self.supply),
            "last_income": list(self.last_income),
            "last_bonus": list(self.last_bonus),
            "over": over,
            "scores": self.scores(),
            "winners": self.winners(),
        }

    def _names(self, cards: list[int]) -> list[str]:
        kind = self.rules.kind
        return sorted(KIND_NAMES[kind[c]] for c in cards)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        out = self._public()
        out["seat"] = seat
        if seat is not None:
            out["hand"] = self._names(self.hands[seat])
            out["hidden"] = self._names(self.hidden[seat])
        return out

    def full_view(self) -> dict[str, Any]:
        """Everything the state holds, hidden parts included: the position as data
        (schema: docs/positions/night-market.md); :meth:`restore` builds it back."""
        out = self._public()
        kind = self.rules.kind
        out["format"] = POSITION_FORMAT
        out["options"] = dict(self.options)
        out["hands"] = [self._names(h) for h in self.hands]
        out["hidden"] = [self._names(h) for h in self.hidden]
        out["deck_order"] = [KIND_NAMES[kind[c]] for c in self.deck]
        out["land_order"] = [lot + 1 for lot in self.land]
        log = self.bidlog
        out["bid_log"] = [
            [self.auction[log[j]] + 1, log[j + 1], log[j + 2]] for j in range(0, len(log), 3)
        ]
        out["cards"] = {
            "kinds": [KIND_NAMES[k] for k in kind],
            "deck": self.deck[:],
            "hands": [h[:] for h in self.hands],
            "hidden": [h[:] for h in self.hidden],
            "waiting": [[x // NUM_LETTERS, LETTERS[x % NUM_LETTERS]] for x in self.waiting],
            "discard": self.discard[:],
            "left_game": self.out[:],
        }
        out["rng"] = self.rng.state
        return out

    def determinize(self, seat: int, rng: Rng) -> Self:
        """Resample other hands, others' unrevealed hidden customers, the customer deck
        order and the land deck order; keep sizes and everything ``seat`` has seen."""
        s = self.clone()
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
