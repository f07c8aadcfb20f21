"""A heuristic player for Taiwan Night Market.

Reasoning, in the game's own terms:

* **Customers are scarce, stalls are not.** A round brings 8-20 new customers for up to 25
  lots, and each customer eats at the *first* stall of its liked type with room on its path
  (the right-hand lot first: the path order has that built in). So a stall is worth the
  customers of its type that reach it: those walking its path (from the entrances that feed
  the path, plus those passed on unserved from the previous path) minus the seats of the same
  type met before it. A lot early on the busy D-H street is worth more than one at the end
  of the A street, and the first stall of a type on a path far more than the third.
* **The flow model.** For every path, stall type and remaining round the bot estimates how
  many customers of that type walk the path: the customers it can see at the entrances, its
  own hidden customers, the others' hidden customers (their number is public; their kinds are
  taken in expectation from the cards it cannot see), and for later rounds the expected new
  customers (4 public plus everyone's hidden) and those passed on unserved from the previous
  path (in the final round they walk on at once). The count is a known part plus a Poisson
  part, so ``G[path][type][c]`` = the expected number of customers that reach the ``c``-th
  seat of that type on that path, summed over the remaining rounds (later rounds discounted,
  since rivals keep building in front). A stall group's customers are the ``G`` values of its
  seats after the seats of its type met before it on each path it lies on; its income is that
  times its pay rate ($3, or lots + 2 for a connected stall). In the final round, lots won in
  that round get their extra seat, and the $4 majority bonus per type is estimated from the
  expected customers each seat serves.
* **What a stall is worth.** Building type ``t`` on a lot changes everyone's income from type
  ``t``. The bot counts its own gain (the new stall's customers; the higher rate and pooled
  seats when it joins its own neighbouring stall of the same type; minus the customers it
  takes from its own stalls further down the path) plus a part of what its rivals lose (the
  customers it intercepts in front of their stalls). The best type gives the lot's value.
* **Bidding.** The bot bids on the lot with the largest surplus: value minus the lowest legal
  bid, minus $2 for each loan the payment would force (a loan gives $5 and costs $7), minus a
  safety margin for a rough model. It passes or gives up when no lot is worth its price: cash
  is the score. It never raises its own winning bid. The amount is the lowest legal bid plus
  ``JUMP`` (0.6) of the surplus: with only two bids each plus compensation bids, a minimum bid
  invites a one-dollar raise from the next bidder, and bidding the whole value leaves no
  profit. In 4-player test matches, one bot jumping by 0.35 won 62% of the games against
  three minimum bidders; against tables jumping by 0.5 or 0.6, one jumping by 0.65-0.75 did a
  little better and one jumping by 0.8 worse; against three bots of this rule, one bidding
  its whole value won 7%. It never bids more than one above what the seats that may still bid
  could afford there. The model's value of a lot matched the income the lots really earned
  within about 15% in every round.
* **Building.** Each unbuilt lot gets the type with the largest gain under the same model,
  which now also counts this round's customers exactly (those at the entrances and its own
  hidden ones), so it builds for the customers it has just hidden. A lot whose best type gains
  almost nothing stays empty for a later round (never in the final round).
* **Hidden customers.** A hidden customer joins the queue behind the customers the bot can
  see; the model gives the chance that it reaches each seat of its type on its path, so the
  bot knows whose stall it will feed. Its own stall is worth the pay rate, a rival's costs a
  part of it. A customer nobody would serve is worth what the bot could still catch by
  building on its own empty lots or on a lot of this auction on that path, or what it will be
  worth walking the next path next round.

It reads only what its seat can see: the board, cash, loans, bids, the customers at the
entrances, the discard and out piles, hand and hidden-customer *counts*, and its own hand and
hidden customers; never another seat's hand or hidden customers, the deck or land order or the
rng. So ``choose`` gives the same move on every determinization of its view.
"""

from __future__ import annotations

from bisect import bisect_left
from math import exp

from bazaar.core.rng import Rng
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.board import PATH_POS, pay_rate, stall_units
from bazaar.games.night_market.components import (
    COMPONENTS,
    ENTRANCE_PATH,
    NUM_LETTERS,
    NUM_LOTS,
    NUM_PATHS,
    NUM_TYPES,
)
from bazaar.games.night_market.fields import AUCTION, BID, BUILD, HIDE, LOAN, VALUE
from bazaar.games.night_market.state import NightMarketState

_T = NUM_TYPES
_P = NUM_PATHS
_PT = _P * _T
#: Seats of one type on one path that the model follows (deeper seats are worth ~nothing).
DEPTH = 10
#: Weight of each later round relative to the one before (rivals keep building in front).
DISCOUNT = 0.85
_WEIGHTS = tuple(DISCOUNT**j for j in range(8))
#: ``LOT_POS[lot]``: the lot's position on each path (-1 where the path does not pass it).
LOT_POS = tuple(tuple(PATH_POS[p][lot] for p in range(_P)) for lot in range(NUM_LOTS))
#: A stall group: (owner, seats, pay rate, position met on each path, lots).
Group = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]
_Info = tuple[list[tuple[list[int], list[int], list[int]]], list[float], list[float], list[float]]


# ---------------------------------------------------------------------- customer counts
def _poisson_tail(known: int, lam: float, n: int) -> list[float]:
    """``S[m] = P(known + Y >= m)`` for ``m < n``, with ``Y`` Poisson(``lam``)."""
    out = [1.0] * n
    if known + 1 >= n:
        return out
    if lam <= 1e-9:
        for m in range(known + 1, n):
            out[m] = 0.0
        return out
    p = exp(-lam)
    cdf = 0.0
    for j, m in enumerate(range(known + 1, n), 1):
        cdf += p
        rest = 1.0 - cdf
        out[m] = rest if rest > 0.0 else 0.0
        p *= lam / j
    return out


_SEATS: dict[tuple[int, int, int], tuple[list[float], list[float], list[float]]] = {}


def _seats(known: int, lam: float, ahead: int) -> tuple[list[float], list[float], list[float]]:
    """Seat chances for ``X = known + Y``, ``Y`` Poisson(``lam``), in a round ``ahead`` rounds
    from now: ``S[m] = P(X >= m)`` for ``m <= DEPTH``; ``E[min(X, c)]`` for ``c <= DEPTH``
    (the expected customers in the first ``c`` seats) times the round's weight; and unweighted.

    Memoised with ``lam`` rounded to 1/50: a pure function of its arguments, so the cache
    carries nothing from one state to another.
    """
    key = (known, round(lam * 50), ahead)
    hit = _SEATS.get(key)
    if hit is None:
        s = _poisson_tail(known, key[1] / 50, DEPTH + 1)
        cum = [0.0]
        for m in range(1, DEPTH + 1):
            cum.append(cum[-1] + s[m])
        w = _WEIGHTS[ahead]
        hit = _SEATS[key] = (s, [w * x for x in cum], cum)
    return hit


_DECKS: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _deck_tables(kind: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For a customer deck: each card's ``path * types + type``, and how many of each."""
    hit = _DECKS.get(kind)
    if hit is None:
        card_pt = tuple(ENTRANCE_PATH[k % NUM_LETTERS] * _T + k // NUM_LETTERS for k in kind)
        hit = _DECKS[kind] = (card_pt, tuple(card_pt.count(i) for i in range(_PT)))
    return hit


def _met(lots: tuple[int, ...]) -> tuple[int, ...]:
    """Where each path first meets a group of ``lots`` (-1: not on that path)."""
    if len(lots) == 1:
        return LOT_POS[lots[0]]
    return tuple(
        min((LOT_POS[lot][p] for lot in lots if LOT_POS[lot][p] >= 0), default=-1)
        for p in range(_P)
    )


# ---------------------------------------------------------------------- the model
class _Model:
    """One seat's picture of the market: the stall groups and the customer flow."""

    __slots__ = (
        "_G",
        "_base",
        "_carry",
        "_ctot",
        "_worth",
        "final",
        "groups_of",
        "me",
        "now",
        "players",
        "rival",
        "round",
        "rounds_w",
        "rules",
        "supply",
        "values",
        "won",
    )

    def __init__(self, state: NightMarketState, me: int, rival: float) -> None:
        """Read everything the model needs from ``state`` now (copies: the model may be
        kept while the state object itself moves on)."""
        self.me = me
        self.rival = rival
        self.rules = state.rules
        self.round = state.round
        self.players = state.num_players
        self.won = state.won[:]
        self.supply = state.supply[:]
        self.final = state.round == state.rules.last_round
        self.values: dict[tuple[int, int, bool], tuple[float, int]] = {}
        self._groups(state)
        self._this_round(state)
        self._G: list[list[list[float]]] | None = None
        self._base: list[_Info | None] = [None] * _T
        self._worth: dict[tuple[int, int], float] = {}

    # ----------------------------------------------------------------- stall groups
    def _group(self, who: int, part: tuple[int, ...], size: int, won: list[int]) -> Group:
        """A seat group: a whole connected stall, or one of its lots under ``per_lot``."""
        seats = len(part)
        if self.final:  # the final round's extra seat on lots won in that round (§5.1)
            last = self.round
            seats += sum(1 for lot in part if won[lot] == last)
        return (who, seats, pay_rate(size), _met(part), part)

    def _groups(self, state: NightMarketState) -> None:
        """The stall groups of each type on the board."""
        owner, stall, won = state.owner, state.stall, self.won
        per_lot = state.rules.per_lot
        self.groups_of: list[list[Group]] = [[] for _ in range(_T)]
        for unit in stall_units(owner, stall, state.rules.adjacency):
            who, t, size = owner[unit[0]], stall[unit[0]], len(unit)
            parts = [(lot,) for lot in unit] if per_lot else [tuple(unit)]
            for part in parts:
                self.groups_of[t].append(self._group(who, part, size, won))

    # ----------------------------------------------------------------- customer flow
    def _this_round(self, state: NightMarketState) -> None:
        """Seat chances of this round (``now[path][type]``) and what it passes on."""
        rules = state.rules
        me = self.me
        card_pt, _ = _deck_tables(rules.kind)
        # customers this seat knows will walk: at the entrances, and its own hidden ones
        known = [0] * _PT
        seen = [False] * len(card_pt)
        ctype = rules.ctype
        for x in state.waiting:
            card, e = divmod(x, NUM_LETTERS)
            known[ENTRANCE_PATH[e] * _T + ctype[card]] += 1
            seen[card] = True
        for card in state.hidden[me]:
            known[card_pt[card]] += 1
            seen[card] = True
        for pile in (state.hands[me], state.discard, state.out):
            for card in pile:
                seen[card] = True
        # the others' hidden customers: their number, with kinds from the unseen cards
        pool = [0] * _PT
        unseen = 0
        for card, i in enumerate(card_pt):
            if not seen[card]:
                pool[i] += 1
                unseen += 1
        want = rules.hidden[state.round - 1]
        others = 0
        for q in range(state.num_players):
            if q != me:
                n = len(state.hands[q]) + len(state.hidden[q])
                others += want if want < n else n
        ctot = [0] * _PT
        for t, groups in enumerate(self.groups_of):
            for _, seats, _, met, _ in groups:
                for p in range(_P):
                    if met[p] >= 0:
                        ctot[p * _T + t] += seats
        f = others / unseen if unseen else 0.0
        arrive = [f * x for x in pool]
        self._ctot = ctot
        self._carry, now = self._walk(known, arrive, 0, self.final)
        self.now = [now[p * _T : p * _T + _T] for p in range(_P)]

    def _walk(
        self, known: list[int], arrive: list[float], ahead: int, final: bool
    ) -> tuple[list[float], list[tuple[list[float], list[float], list[float]]]]:
        """One round: the seat chances per (path, type) and the customers passed on to the
        next round (in the final round they walk the next path at once)."""
        ctot = self._ctot
        nxt = [0.0] * _PT
        rows = []
        last_path = _PT - _T
        for i in range(_PT):
            k = known[i]
            lam = arrive[i]
            row = _seats(k, lam, ahead)
            rows.append(row)
            if i < last_path:
                c = ctot[i]
                left = k + lam - row[2][c if c < DEPTH else DEPTH]
                if left > 0.01:
                    if final:
                        arrive[i + _T] += left
                    else:
                        nxt[i + _T] += left
        return nxt, rows

    @property
    def G(self) -> list[list[list[float]]]:
        """``G[path][type][c]``: expected customers in the first ``c`` seats of that type on
        that path, summed over the remaining rounds (weighted); seats ``a..b-1`` hold
        ``G[b] - G[a]``."""
        if self._G is None:
            rules = self.rules
            cur, last = self.round, rules.last_round
            _, mix = _deck_tables(rules.kind)
            rounds = [[row[1] for row in self._now_rows()]]
            carry = self._carry
            zero = [0] * _PT
            self.rounds_w = 1.0
            n = len(rules.kind)
            for r in range(cur + 1, last + 1):
                f = (rules.public_customers + self.players * rules.hidden[r - 1]) / n
                arrive = [f * x + c for x, c in zip(mix, carry, strict=True)]
                carry, got = self._walk(zero, arrive, r - cur, r == last)
                rounds.append([row[1] for row in got])
                self.rounds_w += _WEIGHTS[r - cur]
            G: list[list[float]] = (
                rounds[0]
                if len(rounds) == 1
                else [list(map(sum, zip(*c, strict=False))) for c in zip(*rounds, strict=False)]
            )
            self._G = [G[p * _T : p * _T + _T] for p in range(_P)]
        return self._G

    def _now_rows(self) -> list[tuple[list[float], list[float], list[float]]]:
        """This round's seat chances, flat in ``path * types + type`` order."""
        return [row for path in self.now for row in path]

    # ----------------------------------------------------------------- incomes
    def income(self, groups: list[Group], t: int) -> tuple[list[float], list[float]]:
        """(income, customers) of each seat from the type-``t`` groups ``groups``: each group
        gets the seats after those of the groups met before it, on every path it lies on."""
        G = self.G
        served = [0.0] * len(groups)
        for p in range(_P):
            on = [(g[3][p], j) for j, g in enumerate(groups) if g[3][p] >= 0]
            if not on:
                continue
            on.sort()
            pg = G[p][t]
            c = 0
            for _, j in on:
                k = c + groups[j][1]
                served[j] += pg[k if k < DEPTH else DEPTH] - pg[c if c < DEPTH else DEPTH]
                c = k
        return self._tally(groups, served)

    def base(self, t: int) -> tuple[list[float], list[float]]:
        """Each seat's expected (income, customers) from type ``t`` on the board as it is."""
        return self._info(t)[2:]

    def _info(self, t: int) -> _Info:
        """The board's type-``t`` groups: per path (positions met, seats before each, group
        indices) in walking order; each group's customers (before the per-round limit); and
        each seat's (income, customers)."""
        info = self._base[t]
        if info is None:
            groups = self.groups_of[t]
            G = self.G
            served = [0.0] * len(groups)
            paths = []
            for p in range(_P):
                on = sorted((g[3][p], j) for j, g in enumerate(groups) if g[3][p] >= 0)
                pg = G[p][t]
                starts = [0]
                c = 0
                for _, j in on:
                    k = c + groups[j][1]
                    served[j] += pg[k if k < DEPTH else DEPTH] - pg[c if c < DEPTH else DEPTH]
                    c = k
                    starts.append(c)
                paths.append(([pos for pos, _ in on], starts, [j for _, j in on]))
            money, count = self._tally(groups, served)
            info = self._base[t] = (paths, served, money, count)
        return info

    def _tally(self, groups: list[Group], served: list[float]) -> tuple[list[float], list[float]]:
        """Each seat's (income, customers) from its groups' customers; a group serves at most
        its seats in each remaining round."""
        players = self.players
        money = [0.0] * players
        count = [0.0] * players
        rw = self.rounds_w
        for j, (who, seats, rate, _, _) in enumerate(groups):
            v = served[j]
            limit = seats * rw
            if v > limit:
                v = limit
            money[who] += rate * v
            count[who] += v
        return money, count

    def _gain_alone(
        self, lot: int, t: int, who: int, seats: int
    ) -> tuple[list[float], list[float]]:
        """(income, customers) per seat after a lone type-``t`` stall with ``seats`` seats is
        built on ``lot``: the same sums as :meth:`income`, but only the groups met after it
        change (they lose the seats it takes), so they are the only ones recomputed."""
        G = self.G
        paths, served, money, count = self._info(t)
        groups = self.groups_of[t]
        met = LOT_POS[lot]
        new = 0.0
        delta: dict[int, float] = {}
        for p in range(_P):
            m = met[p]
            if m < 0:
                continue
            pos, starts, js = paths[p]
            pg = G[p][t]
            k = bisect_left(pos, m)
            c = starts[k]
            if c >= DEPTH:
                continue
            e = c + seats
            new += pg[e if e < DEPTH else DEPTH] - pg[c]
            for q in range(k, len(js)):
                c = starts[q]
                if c >= DEPTH:
                    break
                e = starts[q + 1]
                a, b = c + seats, e + seats
                d = (pg[b if b < DEPTH else DEPTH] - pg[a if a < DEPTH else DEPTH]) - (
                    pg[e if e < DEPTH else DEPTH] - pg[c]
                )
                j = js[q]
                delta[j] = delta.get(j, 0.0) + d
        money = money[:]
        count = count[:]
        rw = self.rounds_w
        for j, d in delta.items():
            owner, cap, rate, _, _ = groups[j]
            limit = cap * rw
            old = served[j]
            old = old if old < limit else limit
            now = served[j] + d
            now = now if now < limit else limit
            money[owner] += rate * (now - old)
            count[owner] += now - old
        limit = seats * rw
        new = new if new < limit else limit
        money[who] += COMPONENTS.income_base * new
        count[who] += new
        return money, count

    def worth(self, money: list[float], count: list[float], who: int) -> float:
        """What a type's expected income and customers are worth to ``who``: its own income
        minus a part of each rival's, plus (final round) its expected share of the $4
        majority bonus, which goes to the seat serving the most customers of the type."""
        value = money[who] * (1.0 + self.rival) - self.rival * sum(money)
        if self.final:
            mine = count[who]
            best = max(c for q, c in enumerate(count) if q != who)
            if mine > 0.2:
                share = 0.5 + (mine - best) / 2
                value += COMPONENTS.majority_bonus * (0.0 if share < 0 else min(share, 1.0))
        return value

    def gain(self, lots: tuple[int, ...], t: int, who: int, won_now: bool) -> float:
        """Value to ``who`` of building type ``t`` on its ``lots`` (``won_now``: lots won in
        this round, which get the final round's extra seat)."""
        adjacency = self.rules.adjacency
        unit = set(lots)
        merged = []
        for g in self.groups_of[t]:
            if g[0] == who and any(n in unit for lot in g[4] for n in adjacency[lot]):
                merged.append(g)
        if not merged and len(lots) == 1:
            lot = lots[0]
            seats = 1
            if self.final and (won_now or self.won[lot] == self.round):
                seats = 2
            after = self.worth(*self._gain_alone(lot, t, who, seats), who)
        else:
            after = self.worth(*self._gain_merged(lots, merged, t, who, won_now), who)
        key = (t, who)
        before = self._worth.get(key)
        if before is None:
            before = self._worth[key] = self.worth(*self.base(t), who)
        return after - before

    def _gain_merged(
        self, lots: tuple[int, ...], merged: list[Group], t: int, who: int, won_now: bool
    ) -> tuple[list[float], list[float]]:
        """(income, customers) per seat after ``lots`` join ``who``'s ``merged`` groups."""
        unit = set(lots)
        for g in merged:
            unit.update(g[4])
        part = tuple(sorted(unit))
        won = self.won
        if won_now and self.final:
            won = won[:]
            for lot in lots:
                won[lot] = self.round
        if self.rules.per_lot:
            new = [self._group(who, (lot,), len(part), won) for lot in part]
        else:
            new = [self._group(who, part, len(part), won)]
        groups = [g for g in self.groups_of[t] if g not in merged] + new
        return self.income(groups, t)

    def lot_value(self, lot: int, who: int, won_now: bool) -> tuple[float, int]:
        """(gain, type) of the best stall ``who`` can build on ``lot``; type -1 if none."""
        key = (lot, who, won_now)
        hit = self.values.get(key)
        if hit is None:
            best, best_t = 0.0, -1
            supply = self.supply
            for t in range(_T):
                if supply[t]:
                    v = self.gain((lot,), t, who, won_now)
                    if best_t < 0 or v > best:
                        best, best_t = v, t
            hit = self.values[key] = (best, best_t)
        return hit

    # ----------------------------------------------------------------- one customer
    def landing(self, t: int, p: int) -> tuple[list[float], float]:
        """Where one more customer of type ``t`` entering path ``p`` this round would eat,
        behind the customers already expected there: (expected pay to each seat, chance
        that no stall on ``p`` serves it)."""
        s = self.now[p][t][0]
        on = sorted((g[3][p], g) for g in self.groups_of[t] if g[3][p] >= 0)
        pay = [0.0] * self.players
        c = 0
        for _, (who, seats, rate, _, _) in on:
            for _ in range(seats):
                if c >= DEPTH:
                    return pay, 0.0
                pay[who] += (s[c] - s[c + 1]) * rate
                c += 1
        return pay, s[c] if c <= DEPTH else 0.0


# ---------------------------------------------------------------------- the player
class NightMarketHeuristic:
    """``choose(state)`` for the seat to move; ``noise`` > 0 randomises near-ties."""

    name = "heuristic"
    #: How much a rival's income counts against the bot's own.
    RIVAL = 0.35
    #: Surplus a bid must leave after its price (the model is rough; cash is the score).
    MARGIN = 1.0
    #: Part of a lot's surplus over the lowest legal bid that the bot adds to its bid.
    JUMP = 0.6
    #: Below this gain a lot stays empty (except in the final round).
    BUILD_MIN = 0.3
    #: Chance of catching a hidden customer with a stall on an own empty lot, or on a lot of
    #: this auction, when no stall on its path would serve it.
    OWN_LOT_CHANCE = 0.8
    AUCTION_LOT_CHANCE = 0.3

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.noise = noise
        self._key: tuple[object, ...] | None = None
        self._model: _Model | None = None

    def choose(self, state: NightMarketState) -> int:
        """The best-scoring legal action of the seat to move (see the module docstring)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == BID:
            scored = self._score_bids(state, legal)
        elif phase == VALUE:
            target = A.VALUE_BASE + self._amount(state)
            scored = [(-abs(float(a - target)), a) for a in legal]
        elif phase == BUILD:
            scored = self._score_builds(state, legal)
        elif phase == HIDE:
            scored = self._score_hides(state, legal)
        elif phase == LOAN:
            scored = [(1.0 if a == A.DONE else 0.0, a) for a in legal]  # loans only cost
        else:
            scored = [(0.0, a) for a in legal]
        if self.noise:
            scored = [(v + self.noise * self.rng.below(1000) / 1000, a) for v, a in scored]
        return max(scored, key=lambda va: va[0])[1]

    def _model_for(self, state: NightMarketState) -> _Model:
        """The model of the seat to move. It is kept while everything it reads is unchanged
        (through a bidding phase); the key holds only what that seat can see."""
        me = state.cur
        key = (
            state.rules,
            state.round,
            me,
            tuple(state.owner),
            tuple(state.stall),
            tuple(state.won),
            tuple(state.supply),
            tuple(state.waiting),
            tuple(state.hidden[me]),
            tuple(state.hands[me]),
            tuple(state.discard),
            tuple(state.out),
            tuple(len(h) for h in state.hands),
            tuple(len(h) for h in state.hidden),
        )
        if key != self._key or self._model is None:
            self._key = key
            self._model = _Model(state, me, self.RIVAL)
        return self._model

    # ------------------------------------------------------------------ bidding
    def _cost(self, state: NightMarketState, me: int, amount: int) -> float:
        """Price of winning one more lot at ``amount``, with the extra cost of the loans it
        would force (normal size: each gives $5 and costs $7 at the end)."""
        cash, rules = state.cash[me], state.rules
        committed = sum(t for t, q in zip(state.top, state.lead, strict=True) if q == me)

        def loans(total: int) -> int:
            short = total - cash
            return -(-short // rules.loan_amount) if short > 0 else 0

        cost = rules.loan_repay - rules.loan_amount
        return amount + cost * (loans(committed + amount) - loans(committed))

    def _amount(self, state: NightMarketState) -> int:
        """The amount for the chosen lot: the lowest legal bid plus ``JUMP`` of the surplus
        left above it, so a rival's one-dollar raise no longer takes the lot; but never more
        than one above what any seat that may still bid could afford there."""
        me, i = state.cur, state.slot
        lo, hi = state.bid_range(me, i)
        value, _ = self._model_for(state).lot_value(state.auction[i], me, True)
        surplus = value - self._cost(state, me, lo) - self.MARGIN
        amount = lo + int(surplus * self.JUMP) if surplus > 0 else lo
        comp = state.in_compensation()
        reach = -1  # the most any other seat can still bid on this lot
        for q in range(state.num_players):
            if q == me or state.passed[q] or (comp and state.done[q]):
                continue
            if state.free_markers(q) > 0:
                reach = max(reach, state.bid_range(q, i)[1])
        amount = min(amount, max(lo, reach + 1))
        return max(lo, min(amount, hi))

    def _score_bids(self, state: NightMarketState, legal: list[int]) -> list[tuple[float, int]]:
        """Each lot: its value minus the price of the lowest legal bid and a margin; a lot the
        bot already leads is not raised. Passing (or giving up) scores 0."""
        me = state.cur
        model = self._model_for(state)
        slot_of = {lot: i for i, lot in enumerate(state.auction)}
        out = []
        for a in legal:
            if a in (A.PASS, A.GIVE_UP):
                out.append((0.0, a))
                continue
            lot = a - A.BID_LOT_BASE
            i = slot_of[lot]
            if state.lead[i] == me:
                out.append((-1.0, a))
                continue
            lo, _ = state.bid_range(me, i)
            value, _ = model.lot_value(lot, me, True)
            out.append((value - self._cost(state, me, lo) - self.MARGIN, a))
        return out

    # ------------------------------------------------------------------ building
    def _score_builds(self, state: NightMarketState, legal: list[int]) -> list[tuple[float, int]]:
        """Each type: its gain on this lot; leaving it empty scores ``BUILD_MIN``."""
        me = state.cur
        model = self._model_for(state)
        lot = state.slot
        out = []
        for a in legal:
            if a >= A.EMPTY_BASE:
                out.append((-1.0 if model.final else self.BUILD_MIN, a))
            else:
                t = (a - A.BUILD_BASE) % _T
                out.append((model.gain((lot,), t, me, False), a))
        return out

    # ------------------------------------------------------------------ hidden customers
    def _score_hides(self, state: NightMarketState, legal: list[int]) -> list[tuple[float, int]]:
        """Each customer kind in hand: whose stall it would feed this round (own stall +,
        rival's stall -), or if nobody's, what the bot could still catch with a new stall
        on that path or on the next path next round."""
        me = state.cur
        model = self._model_for(state)
        rival = self.RIVAL
        chance = [0.0] * _P  # chance the bot has a stall to build on each path this round
        for lot in range(NUM_LOTS):
            if state.owner[lot] == me and state.stall[lot] < 0:
                w = self.OWN_LOT_CHANCE
            elif state.status[lot] == AUCTION:
                w = self.AUCTION_LOT_CHANCE
            else:
                continue
            for p in range(_P):
                if LOT_POS[lot][p] >= 0 and w > chance[p]:
                    chance[p] = w
        out = []
        for a in legal:
            t, e = divmod(a - A.HIDE_BASE, NUM_LETTERS)
            p = ENTRANCE_PATH[e]
            pay, free = model.landing(t, p)
            value = pay[me] * (1.0 + rival) - rival * sum(pay)
            later = 0.0
            if p + 1 < _P:
                pay, _ = model.landing(t, p + 1)
                later = DISCOUNT * (pay[me] * (1.0 + rival) - rival * sum(pay))
            value += free * max(chance[p] * COMPONENTS.income_base, later)
            out.append((value, a))
        return out
