"""The rules of Buy Low Sell High: whose move, the legal actions, and every transition.

Section numbers (§) refer to the rules spec (shared/rules/buy_low_sell_high.md); why an
illegal action is refused is in refusals.py.
"""

from __future__ import annotations

from bazaar.core.errors import IllegalAction
from bazaar.core.game import Event
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high import refusals
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
)


class BlshTransitions(BlshFields):
    """The rules of Buy Low Sell High on top of the state's fields."""

    __slots__ = ()

    # ------------------------------------------------------------------ protocol
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.cur

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == TRADE:
            return self._legal_trades()
        if phase == PLAY:
            return self._legal_plays()
        p = self.cur
        held = self.held[p]
        if phase == REDRAW:
            hand = self.hands[p]
            return [A.DISCARD_BASE + c for c in range(NUM_CARDS) if hand[c]] + [A.KEEP]
        if phase == OVER:
            return []
        out = [A.SELL_BASE + k for k in range(KINDS) if held[k]]
        if phase == FORCED and self.money[p] >= 0:
            out.append(A.STOP)
        return out

    def _legal_trades(self) -> list[int]:
        """Feasible trades (§4.1-4.5), filtered by the first-lap limits (§4.6).

        Option A combinations are generated as a product of per-kind choices ordered
        sell < none < buy, which is exactly the encoding order, so no sort is needed.
        """
        p = self.cur
        held = self.held[p]
        money = self.money[p]
        per_kind = []
        buy2 = []
        sell2 = []
        for k in range(KINDS):
            lo, n = self.lo[k], self.n[k]
            choices = [(-1, SPACES[lo - 1 if lo else 0])] if held[k] else []
            choices.append((0, 0))
            if n >= 2:
                b1 = SPACES[lo]
                choices.append((1, -b1))
                if n >= 3:
                    b2 = SPACES[lo if lo == 0 and n - self.hi[k] > 1 else lo + 1]
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
        lap = self.first_lap_seat()
        if lap:
            allowed = FIRST_LAP_ALLOWED[lap, self.rules.exact_first_lap]
            out = [a for a in out if a in allowed]
        return out

    def _legal_plays(self) -> list[int]:
        hand = self.hands[self.cur]
        plays = [A.PLAY_BASE + c for c in range(NUM_CARDS) if hand[c] and TYPE_OF[c] != NEWS]
        news_colours = [k for k in range(KINDS) if hand[NEWS_CARDS[k]]]
        if news_colours:
            plays.extend(A.COVER_BASE + j for j in self._news_targets(news_colours))
            if not plays:
                plays = [A.PLAY_BASE + NEWS_CARDS[k] for k in news_colours]
        return plays

    def _news_targets(self, colours: list[int]) -> list[int]:
        """Market spaces a Breaking News card of one of ``colours`` may cover (§5.3)."""
        covered_ok = self.rules.bn_covered
        row, cov = self.row, self.row_covered
        return [
            j
            for j in range(len(row))
            if COLOUR_OF[row[j]] in colours
            and (covered_ok or (not cov[j] and TYPE_OF[row[j]] != NEWS))
        ]

    # ------------------------------------------------------------------ illegal moves
    def public_notation(self, action: int) -> str:
        """A year-end discard (§6 step 5) is set aside face down: others see ``discard ?``."""
        if A.DISCARD_BASE <= action < A.KEEP:
            return "discard ?"
        return self.notation(action)

    def explain_illegal(self, action: int) -> IllegalAction:
        return refusals.explain_illegal(self, action)

    # ------------------------------------------------------------------ transitions
    def _buy(self, p: int, k: int) -> int:
        lo = self.lo[k]
        price = SPACES[lo]
        self.money[p] -= price
        self.held[p][k] += 1
        n = self.n[k]
        if not (lo == 0 and n - self.hi[k] > 1):
            self.lo[k] = lo + 1
        self.n[k] = n - 1
        return price

    def _sell(self, p: int, k: int) -> int:
        lo = self.lo[k]
        if lo:
            lo -= 1
            self.lo[k] = lo
        price = SPACES[lo]
        self.money[p] += price
        self.held[p][k] -= 1
        self.n[k] += 1
        return price

    def _shift(self, k: int, net: int) -> None:
        """Year-end price movement of kind ``k`` by ``net`` spaces (§6 step 2)."""
        steps = abs(net)
        if self.rules.token_count_shift:
            steps = min(steps, self.n[k])
        lo, hi, n = self.lo[k], self.hi[k], self.n[k]
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
        self.lo[k], self.hi[k] = lo, hi

    def _apply(self, action: int, events: list[Event] | None) -> None:
        phase = self.phase
        if phase == TRADE:
            self._do_trade(action, events)
        elif phase == PLAY:
            self._do_play(action, events)
        elif phase == REDRAW:
            self._do_redraw(action, events)
        elif phase == FORCED:
            self._do_forced(action, events)
        else:
            self._do_selloff(action, events)

    def _do_trade(self, action: int, events: list[Event] | None) -> None:
        p = self.cur
        d = A.TRADES[action]
        got = paid = 0
        for k in range(KINDS):  # sales first, then purchases (§4.5)
            for _ in range(-d[k]):
                got += self._sell(p, k)
        for k in range(KINDS):
            for _ in range(d[k]):
                paid += self._buy(p, k)
        if events is not None:
            events.append(
                Event("trade", {"seat": p, "trade": list(d), "received": got, "paid": paid})
            )
        self._start_market_phase(events)

    def _start_market_phase(self, events: list[Event] | None) -> None:
        if self.hand_n[self.cur]:
            self.phase = PLAY
        else:  # §5.5 [A]: no card in hand, the market phase is skipped
            self._end_turn(events)

    def _do_play(self, action: int, events: list[Event] | None) -> None:
        p = self.cur
        hand = self.hands[p]
        if action >= A.COVER_BASE:  # Breaking News covers a card (§5.2 D, §5.3)
            j = action - A.COVER_BASE
            card = NEWS_CARDS[COLOUR_OF[self.row[j]]]
            hand[card] -= 1
            self.hand_n[p] -= 1
            self.news_on.append(card)
            self.row_covered[j] = True
            if events is not None:
                events.append(Event("cover", {"seat": p, "card": CARD_NAMES[card], "space": j + 1}))
            self._end_turn(events)
            return
        card = action - A.PLAY_BASE
        hand[card] -= 1
        self.hand_n[p] -= 1
        self.row.append(card)
        self.row_covered.append(False)
        if events is not None:
            kind = "dud" if TYPE_OF[card] == NEWS else "play"
            events.append(
                Event(kind, {"seat": p, "card": CARD_NAMES[card], "space": len(self.row)})
            )
        full = len(self.row) >= self.rules.row_length
        if TYPE_OF[card] == COMMISSION:
            self._pay_commission(COLOUR_OF[card], events)
            if not full and self.hand_n[p]:
                return  # §5.4: the same player must play one more card
        if full:
            self.last_active = p
            self._year_end(events)
        else:
            self._end_turn(events)

    def _pay_commission(self, k: int, events: list[Event] | None) -> None:
        fee = COMPONENTS.commission
        paid = []
        for q in range(self.num_players):
            due = fee * self.held[q][k]
            self.money[q] -= due
            paid.append(due)
        if events is not None:
            events.append(Event("commission", {"kind": k, "paid": paid}))

    def _end_turn(self, events: list[Event] | None) -> None:
        """Draw back up to the hand size (§5.5) and pass the turn clockwise."""
        self._draw(self.cur, events)
        self.turn += 1
        self._begin_turn((self.cur + 1) % self.num_players, events)

    def _draw(self, p: int, events: list[Event] | None) -> None:
        hand, pile = self.hands[p], self.pile
        drawn = []
        while self.hand_n[p] < COMPONENTS.hand_size and pile:
            card = pile.pop()
            hand[card] += 1
            self.hand_n[p] += 1
            drawn.append(card)
        if events is not None and drawn:
            events.append(Event("draw", {"seat": p, "count": len(drawn)}))
            events.append(Event("drew", {"seat": p, "cards": [CARD_NAMES[c] for c in drawn]}, to=p))

    def _begin_turn(self, p: int, events: list[Event] | None) -> None:
        self.cur = p
        if self.rules.next_turn_forced and self.money[p] < 0 and self._open_forced_sale(p):
            self.forced_in_turn = True
            return
        self._begin_trading(events)

    def _begin_trading(self, events: list[Event] | None) -> None:
        p = self.cur
        if self.skip_trading[p]:  # §4.7 variant: the forced sale replaced this trading phase
            self.skip_trading[p] = False
            if events is not None:
                events.append(Event("skip_trading", {"seat": p}))
            self._start_market_phase(events)
        else:
            self.phase = TRADE

    def _open_forced_sale(self, p: int) -> bool:
        """Start a forced sale for ``p`` (money < 0); False if ``p`` holds no token."""
        if self.rules.replaces_trading:
            self.skip_trading[p] = True
        if not any(self.held[p]):
            return False
        self.cur = p
        self.phase = FORCED
        return True

    # ------------------------------------------------------------------ year end (§6)
    def _year_end(self, events: list[Event] | None) -> None:
        net = [0] * KINDS
        dividends = [0] * KINDS
        for card, covered in zip(self.row, self.row_covered, strict=True):
            if covered:
                continue
            t = TYPE_OF[card]
            if t < DIVIDEND:
                net[COLOUR_OF[card]] += TYPE_VALUE[t]
            elif t == DIVIDEND:
                dividends[COLOUR_OF[card]] += 1
        for k in range(KINDS):
            if net[k]:
                self._shift(k, net[k])
        per_share = [self.rules.dividend(c) for c in dividends]
        paid = []
        for q in range(self.num_players):
            amount = sum(per_share[k] * self.held[q][k] for k in range(KINDS))
            self.money[q] += amount
            paid.append(amount)
        if events is not None:
            events.append(
                Event(
                    "year_end",
                    {
                        "year": self.year,
                        "net": net,
                        "dividend_cards": dividends,
                        "dividend_per_share": per_share,
                        "dividends": paid,
                        "prices": [self.buy_price(k) for k in range(KINDS)],
                    },
                )
            )
        nxt = (self.cur + 1) % self.num_players
        if self.year == COMPONENTS.years:
            self._start_selloff(nxt if self.rules.selloff_next else self.cur, events)
            return
        self.pile.extend(self.row)  # step 4: covered and Breaking News cards included
        self.pile.extend(self.news_on)
        self.row, self.row_covered, self.news_on = [], [], []
        self.rng.shuffle(self.pile)
        self.phase = REDRAW  # step 5, from the next player
        self.cur = nxt
        self.redrawn = 0

    def _do_redraw(self, action: int, events: list[Event] | None) -> None:
        p = self.cur
        if action != A.KEEP:
            card = action - A.DISCARD_BASE
            self.hands[p][card] -= 1
            self.hand_n[p] -= 1
            self.discards[p].append(card)
            if events is not None:
                events.append(Event("discard", {"seat": p}))
                events.append(Event("discarded", {"seat": p, "card": CARD_NAMES[card]}, to=p))
            return
        self._draw(p, events)
        self.redrawn += 1
        if self.redrawn < self.num_players:
            self.cur = (p + 1) % self.num_players
            return
        for d in self.discards:  # step 6
            self.pile.extend(d)
            d.clear()
        self.rng.shuffle(self.pile)
        self.year += 1
        self.turn = 0
        self.start = self.cur = (p + 1) % self.num_players
        if events is not None:
            events.append(Event("year_start", {"year": self.year, "start": self.start}))
        if not self.rules.next_turn_forced:
            self.forced_in_turn = False
            if self._next_forced_seller(0):
                return
        self._begin_turn(self.start, events)

    def _next_forced_seller(self, offset: int) -> bool:
        """Year handover (§4.7): open the forced sale of the next negative seat, if any."""
        for i in range(offset, self.num_players):
            q = (self.start + i) % self.num_players
            if self.money[q] < 0 and self._open_forced_sale(q):
                return True
        return False

    def _do_forced(self, action: int, events: list[Event] | None) -> None:
        p = self.cur
        done = action == A.STOP
        if not done:
            k = action - A.SELL_BASE
            price = self._sell(p, k)
            if events is not None:
                data = {"seat": p, "kind": k, "price": price, "why": "forced"}
                events.append(Event("sell", data))
            if not any(self.held[p]) or (self.money[p] >= 0 and not self.rules.may_exceed_zero):
                done = True
        if not done:
            return
        if self.forced_in_turn:
            self.forced_in_turn = False
            self._begin_trading(events)
            return
        offset = (p - self.start) % self.num_players + 1
        if not self._next_forced_seller(offset):
            self._begin_turn(self.start, events)

    # ------------------------------------------------------------------ game end (§7)
    def _start_selloff(self, first: int, events: list[Event] | None) -> None:
        self.phase = SELLOFF
        self._next_seller(first, events)

    def _next_seller(self, first: int, events: list[Event] | None) -> None:
        for i in range(self.num_players):
            q = (first + i) % self.num_players
            if any(self.held[q]):
                self.cur = q
                return
        self.phase = OVER
        if events is not None:
            events.append(Event("game_over", {"scores": self.scores(), "winners": self.winners()}))

    def _do_selloff(self, action: int, events: list[Event] | None) -> None:
        p = self.cur
        k = action - A.SELL_BASE
        price = self._sell(p, k)
        if events is not None:
            events.append(Event("sell", {"seat": p, "kind": k, "price": price, "why": "selloff"}))
        self._next_seller((p + 1) % self.num_players, events)

    # ------------------------------------------------------------------ outcome
    def scores(self) -> list[float]:
        return list(self.money)


def _first_lap_allows(d: tuple[int, ...], lap: int, exact: bool) -> bool:
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
    (lap, exact): frozenset(i for i, d in enumerate(A.TRADES) if _first_lap_allows(d, lap, exact))
    for lap in (1, 2)
    for exact in (True, False)
}
