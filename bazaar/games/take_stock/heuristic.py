"""A heuristic player for Take Stock (股市大亨).

Reasoning, in the game's own terms:

* **What the round is worth.** Each round scores shares × price at the moment it ends, so the
  bot values the market *relative to its rivals*: for every stock, its own shares minus a
  weighted average of the rivals' shares (half the weight on the rival who stands best, by
  total plus what their certificates are worth now, half spread over all rivals). Raising a
  stock by one step is worth ``(splits + 1) × relative shares``: good on stocks the bot holds
  more of, bad on those its rivals hold. The hand cards that this round's option tokens will
  exercise (the bot spreads its tokens evenly over the rounds left) already count as part of
  its shares, so it pushes the stocks it is going to exercise into.
* **Where prices will end.** A stock is expected to end a little above its bottom card (less
  so when the round may end soon: Market Closed near the top of the event deck, a rival down
  to one card, a row that an unseen 11 or 12 could end), and higher when the bot's own hand
  can push it (a chain of cards each at most 4 above the last). Certificates are valued at
  that projected price.
* **Buying.** A certificate is worth its share symbols × projected price, so the bot buys the
  many-symbol cards of stocks that are high, split or that its hand can push up, and pays with
  the card it needs least. A card in hand is worth only a part of its best use (it scores
  nothing unless it is bought, played or exercised), except the best cards that this round's
  tokens will exercise, which are worth most of their certificate value; taking one of those
  lets the next best card move up. The buy limit (certificates < longest row) is respected by
  the rules; a play onto the longest row while the bot is at the limit is credited for the buy
  it opens up. A Buy with the last two cards empties the hand and ends the round.
* **Playing a card.** Worth the price rise times the relative shares, minus what the card was
  worth in hand. Playing an 11 or 12 ends the round: done only when that round end is good.
* **Events.** Every event kind has a value for the bot: a Split adds the projected price on
  its relative shares, a Crash, Market Crash or Downturn helps when the rivals hold more of
  the stocks it lowers, Insider Trading is a free certificate, an Audit discards the most
  valuable certificate of the most dangerous rival, a Freeze stops the rivals' best stock,
  Option Gained and Lost move a token's worth, Upturn plays the best card on each row. A
  draw-2 is valued as the expected better of two cards drawn from the event cards the bot
  cannot identify (face-down event discards and other players' held events count as unknown),
  plus a bonus: every event card it takes is one its rivals will not get, and drawing brings
  Market Closed nearer. A draw-1 is a modest amount for a card usable in a later round
  (nothing in the last round); triggering a held event is worth that event.
* **Round end.** The Market Closed position is public, so the bot knows when a draw-2
  (position ≤ 2) or a draw-1 (position 1) ends the round. An action that ends the round is
  scored as the round's final relative score (current prices, plus the option tokens it will
  exercise, minus an estimate of the rivals' exercise from the cards it cannot see) against
  the projected one, with a margin: the bot ends rounds when it is ahead and avoids ending
  them when behind. In the last round ending it also earns (or costs) a bonus for finishing
  ahead of (or behind) every rival's estimated final total.
* **Option tokens.** At round end prices are final and each token turns a hand card into a
  certificate. The bot exercises its best cards while a card scores more than a token is
  expected to be worth in a later round (nothing in the last round, so every token is used
  then).

It reads only what its seat may see: rows, splits, freezes, certificates, tokens, totals, hand
sizes, the Market Closed position, the public discards, and its own hand, held events and
drawn events; never another seat's hand or held events, the deck orders or ``state.rng``. So
``choose`` gives the same move on every determinization of its view.
"""

from __future__ import annotations

from bazaar.core.rng import Rng
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import (
    AUDIT,
    CLOSED,
    COMPONENTS,
    CRASH,
    DOWNTURN,
    EFFECT_OF,
    FREEZE,
    INSIDER,
    KIND_STOCK,
    MARKET_CRASH,
    NUM_CARDS,
    NUM_KINDS,
    OPTION_GAINED,
    OPTION_LOST,
    SPLIT,
    STOCK_OF,
    STOCKS,
    UPTURN,
    VALUE_OF,
    card_id,
)
from bazaar.games.take_stock.fields import (
    AUDIT_P,
    CHOOSE,
    EXERCISE,
    FULL_LOCK,
    INSIDER_P,
    KIND_MASK,
    MAIN,
    PLAYER_LOCK,
    TAG_SHIFT,
    TARGET_P,
    UPTURN_P,
)
from bazaar.games.take_stock.forecast import END_VALUES, MAX_STEP, TOP_SAFE, projected_top
from bazaar.games.take_stock.state import TakeStockState

_ENDABLE = min(END_VALUES) - MAX_STEP  # a row this high may be ended with one card
_BUY = A.BUY_BASE
_EV2 = A.EVENT2_BASE
_EV1 = A.EVENT1_BASE
_TRIG = A.TRIGGER_BASE


class TakeStockHeuristic:
    """``choose(state)`` for the seat to move; ``noise`` > 0 randomises near-ties."""

    name = "heuristic"

    # Weights, in points of the relative round score (tuned in self-play and against random
    # players; see the module docstring for what each stands for).
    LEADER_WEIGHT = 0.5  # share of the rivals' weight put on the best-placed rival
    DRIFT = 1.5  # expected rise of an open row by the round end, besides the bot's own pushes
    PUSH = 0.3  # part of the rise the bot's own hand can make that the projection counts
    KEEP = 0.35  # part of a card's best use that holding it in hand is worth
    KEEP_TOKEN = 0.6  # part of its certificate value a card the tokens will exercise is worth
    EX_WEIGHT = 0.7  # those cards count as this much of a certificate in the relative shares
    LIMIT_BONUS = 3.0  # a play that lengthens the longest row while the bot is at the limit
    DRAW_TWO_BONUS = 12.0  # a draw-2 also takes the card from the rivals and speeds Market Closed
    HOLD_VALUE = 3.0  # a draw-1 event, usable in a later round
    TOKEN_VALUE = 14.0  # what an unspent option token is worth in a later round
    END_MARGIN = 4.0  # a round end must beat continuing by this much
    WIN_BONUS = 30.0  # last round: ending it while ahead of (or behind) every rival
    SMALL_HAND = 2.0  # cost of leaving the hand with a single card

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.noise = noise

    # ------------------------------------------------------------------ entry point
    def choose(self, state: TakeStockState) -> int:
        """The best-scoring legal action of the seat to move (options are decided directly)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.phase == EXERCISE:
            return self._exercise(state)
        scored = self._scored(state, legal)
        if self.noise:  # a random amount in [0, noise) per score, 16 bits at a time
            rng = self.rng
            unit = self.noise / 65536
            bits = 0
            noisy = []
            for i, (x, a) in enumerate(scored):
                if not i & 3:
                    bits = rng.next64()
                noisy.append((x + unit * (bits & 0xFFFF), a))
                bits >>= 16
            scored = noisy
        best = scored[0]
        for item in scored:
            if item[0] > best[0]:
                best = item
        return best[1]

    def rank(self, state: TakeStockState) -> list[int]:
        """The legal actions of the seat to move, best first by the noiseless scores (for a
        search that tries moves in the heuristic's order); the option exercise is the one
        move ``choose`` would make, first, then the others."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal
        if state.phase == EXERCISE:
            best = self._exercise(state)
            return [best] + [a for a in legal if a != best]
        scored = self._scored(state, legal)
        scored.sort(key=lambda item: -item[0])  # stable: ties keep the action order
        return [a for _, a in scored]

    def _scored(self, state: TakeStockState, legal: list[int]) -> list[tuple[float, int]]:
        """(score, action) for each legal action outside the option exercise."""
        phase = state.phase
        v = _View(state, self)
        if phase == MAIN:
            return self._score_main(state, v, legal)
        if phase == CHOOSE:
            values = v.kind_values()
            return [(values[a - A.CHOOSE_BASE], a) for a in legal]
        if phase == INSIDER_P:
            return self._score_insider(v, legal)
        if phase == UPTURN_P:
            return [(0.0, a) if a == A.STOP else (v.play_value(a) - v.keep(a), a) for a in legal]
        if phase == AUDIT_P:
            return self._score_audit(v, legal)
        if phase == TARGET_P:
            return self._score_target(state, v, legal)
        return [(v.freeze_value(a - A.FREEZE_BASE), a) for a in legal]  # FREEZE_P

    # ------------------------------------------------------------------ the main action
    def _score_main(
        self, state: TakeStockState, v: _View, legal: list[int]
    ) -> list[tuple[float, int]]:
        """Score actions A-D (§5.3) as the change they make to the bot's relative standing."""
        hand = v.hand
        size = len(hand)
        keep = {c: v.keep(c) for c in hand}
        order = sorted(hand, key=v.cert_value, reverse=True)
        tops = [self.KEEP_TOKEN * v.cert_value(c) for c in order]
        loss = _HandLoss(order, v.exercised, keep, tops)
        mc = v.mc
        ends_ev2 = mc is not None and mc <= 2
        ends_ev1 = mc == 1
        out: list[tuple[float, int]] = []
        ev2 = ev1 = ended = None
        cert_gain: dict[int, float] = {}
        for a in legal:
            if a < _BUY:  # A. Manipulate
                out.append((v.play_value(a) - loss.one(a), a))
            elif a < _EV2:  # B. Buy
                cert, discard = divmod(a - _BUY, NUM_CARDS)
                gain = cert_gain.get(cert)
                if gain is None:
                    if size == 2:  # the hand empties: the round ends now
                        gain = v.end_after_buy(cert) - v.cont
                    else:
                        gain = v.cert_value(cert)
                        if size == 3:
                            gain -= self.SMALL_HAND
                    cert_gain[cert] = gain
                if size != 2:
                    gain -= loss.two(cert, discard)
                out.append((gain, a))
            elif a < _TRIG:  # C. Make an event
                first = a < _EV1
                d = a - (_EV2 if first else _EV1)
                if ends_ev2 if first else ends_ev1:  # Market Closed will be drawn
                    if ended is None:
                        ended = v.end_now() - v.cont
                    out.append((ended - 0.2 * loss.one(d), a))
                elif first:
                    if ev2 is None:
                        ev2 = v.draw_two_value() + self.DRAW_TWO_BONUS
                    out.append((ev2 - loss.one(d), a))
                else:
                    if ev1 is None:
                        ev1 = self.HOLD_VALUE if state.round < state.rules.rounds else -1.0
                    out.append((ev1 - loss.one(d), a))
            else:  # D. Trigger a held event
                kind, d = divmod(a - _TRIG, NUM_CARDS)
                out.append((v.kind_values()[kind] - loss.one(d), a))
        return out

    # ------------------------------------------------------------------ event sub-decisions
    @staticmethod
    def _score_insider(v: _View, legal: list[int]) -> list[tuple[float, int]]:
        """Insider Trading: certify the best card of the stock (it costs no discard)."""
        out = []
        last = len(v.hand) == 1
        for a in legal:
            if a == A.DECLINE:
                out.append((0.0, a))
            else:
                c = a - A.INSIDER_BASE
                if last:  # the hand empties: the round ends
                    out.append((v.end_after_buy(c) - v.cont, a))
                else:
                    out.append((v.cert_value(c) - v.keep(c), a))
        return out

    @staticmethod
    def _score_audit(v: _View, legal: list[int]) -> list[tuple[float, int]]:
        """Discard the rival certificate that hurts most (or our own least valuable one)."""
        p = v.p
        out = []
        for a in legal:
            c = a - A.AUDIT_BASE
            owner = v.owner.get(c, p)
            worth = v.cert_value(c)
            out.append((worth * v.weight[owner] if owner != p else -worth, a))
        return out

    @staticmethod
    def _score_target(state: TakeStockState, v: _View, legal: list[int]) -> list[tuple[float, int]]:
        """Aim an Audit, Option Lost or player Freeze at the most dangerous rival."""
        effect = EFFECT_OF[state.executing]
        p = v.p
        out = []
        for a in legal:
            q = a - A.TARGET_BASE
            if q == p:
                out.append((-100.0, a))
                continue
            w = v.weight[q]
            if effect == AUDIT:  # the target discards its least valuable certificate
                worth = min((v.cert_value(c) for c in state.certs[q]), default=0.0)
                out.append((w * worth, a))
            elif effect == OPTION_LOST:
                out.append((w * (1.0 + state.tokens[q]), a))
            else:  # a Freeze in front of a player: no Buy for them this round
                out.append((w * (1.0 + len(state.hands[q])), a))
        return out

    # ------------------------------------------------------------------ option exercise
    def _exercise(self, state: TakeStockState) -> int:
        """Exercise tokens on the best hand cards while each beats a token kept for later."""
        p = state.cur
        hand = state.hands[p]
        shares = state.rules.shares
        prices = [state.price(s) for s in range(STOCKS)]
        values = sorted(
            ((shares[c] * prices[STOCK_OF[c]], j) for j, c in enumerate(hand)), reverse=True
        )
        tokens = state.tokens[p]
        later = state.rules.rounds - state.round
        mask = 0
        for worth, j in values:
            if not tokens or worth <= self.token_value(later, tokens):
                break
            mask |= 1 << j
            tokens -= 1
        return A.EXERCISE_BASE + mask

    def token_value(self, later_rounds: int, tokens: int) -> float:
        """What the last of ``tokens`` tokens is worth if kept for ``later_rounds`` rounds."""
        if later_rounds <= 0:
            return 0.0
        return self.TOKEN_VALUE * min(1.0, 1.5 * later_rounds / tokens)


class _HandLoss:
    """What removing cards from the hand costs: the best ``k`` cards (by certificate value)
    are worth ``top`` each (they are the ones the option tokens will exercise), the others
    their ``keep`` value; a card removed from the best ``k`` lets the next one move up."""

    __slots__ = ("cost", "gain", "index", "k", "m")

    def __init__(self, order: list[int], k: int, keep: dict[int, float], top: list[float]):
        self.k = k
        self.m = len(order)
        self.index = {c: i for i, c in enumerate(order)}
        tops = [max(t, keep[c]) for c, t in zip(order, top, strict=True)]
        keeps = [keep[c] for c in order]
        #: what each card contributes now, and what it gains by moving up into the best k
        self.cost = [tops[i] if i < k else keeps[i] for i in range(self.m)]
        self.gain = [tops[i] - keeps[i] for i in range(self.m)]

    def one(self, c: int) -> float:
        """The cost of giving up card ``c``."""
        i = self.index[c]
        loss = self.cost[i]
        if i < self.k < self.m:
            loss -= self.gain[self.k]
        return loss

    def two(self, c: int, d: int) -> float:
        """The cost of giving up cards ``c`` and ``d`` (a Buy)."""
        i, j = self.index[c], self.index[d]
        k = self.k
        loss = self.cost[i] + self.cost[j]
        moves = (i < k) + (j < k)
        x = k
        while moves and x < self.m:
            if x != i and x != j:
                loss -= self.gain[x]
                moves -= 1
            x += 1
        return loss


class _View:
    """What the seat to move knows, boiled down to per-stock numbers (public fields and its
    own hand only)."""

    __slots__ = (
        "_kinds",
        "_unseen",
        "base",
        "bot",
        "cont",
        "exercised",
        "hand",
        "held",
        "last",
        "mc",
        "mine",
        "mult",
        "n",
        "owner",
        "p",
        "proj",
        "rel",
        "shares",
        "state",
        "top",
        "weight",
    )

    def __init__(self, state: TakeStockState, bot: TakeStockHeuristic) -> None:
        self.state = state
        self.bot = bot
        self._kinds: list[float] | None = None
        self._unseen: list[int] | None = None
        p = self.p = state.cur
        n = self.n = state.num_players
        shares = self.shares = state.rules.shares
        top = self.top = state.top
        mult = self.mult = [x + 1 for x in state.splits]
        self.last = state.round >= state.rules.rounds
        held = self.held = [[0, 0, 0, 0, 0] for _ in range(n)]
        owner: dict[int, int] = {}
        for q in range(n):
            row = held[q]
            for c in state.certs[q]:
                row[STOCK_OF[c]] += shares[c]
                owner[c] = q
        self.owner = owner
        prices = [top[s] * mult[s] for s in range(STOCKS)]
        weight = self.weight = [0.0] * n
        totals = state.totals
        leader = -1
        best = 0.0
        lw = bot.LEADER_WEIGHT
        even = (1.0 - lw) / (n - 1)
        for q in range(n):
            if q == p:
                continue
            weight[q] = even
            row = held[q]
            standing = totals[q]
            for s in range(STOCKS):
                standing += row[s] * prices[s]
            if leader < 0 or standing > best:
                leader, best = q, standing
        weight[leader] += lw
        mine = self.mine = held[p]
        rel = self.rel = [float(x) for x in mine]
        for q in range(n):
            if q != p:
                w = weight[q]
                row = held[q]
                for s in range(STOCKS):
                    rel[s] -= w * row[s]
        self.base = list(rel)
        hand = self.hand = state.hands[p]
        # the tokens of this round (spread evenly over the rounds left) will turn the best
        # hand cards into certificates: count them as part-shares already
        tokens = state.tokens[p]
        k = self.exercised = -(-tokens // (state.rules.rounds - state.round + 1)) if hand else 0
        if k:
            ranked = sorted(hand, key=lambda c: shares[c] * prices[STOCK_OF[c]], reverse=True)
            for c in ranked[:k]:
                rel[STOCK_OF[c]] += bot.EX_WEIGHT * shares[c]
        self.mc = state.market_closed_position()
        # projected value at the round end: drift plus part of the bot's own reachable rise
        drift = bot.DRIFT * (1.0 - self._end_risk())
        frozen = state.frozen
        proj = []
        cont = 0.0
        for s in range(STOCKS):
            x = projected_top(top[s], frozen[s], hand, s, drift, bot.PUSH)
            proj.append(x)
            cont += mult[s] * x * rel[s]
        self.proj = proj
        self.cont = cont

    def _end_risk(self) -> float:
        """A rough chance that the round ends within about one lap of turns: Market Closed
        near the top of the event deck, a rival who can empty their hand with a Buy, a row
        that an 11 or 12 still unseen by the bot could end."""
        st = self.state
        stay = 1.0
        mc = self.mc
        if mc is not None:
            stay *= max(0.0, 1.0 - 2.5 / mc)
        for q in range(self.n):
            if q != self.p and len(st.hands[q]) <= 1:
                stay *= 0.5
        top = self.top
        if max(top) >= _ENDABLE:
            unseen = self.unseen()
            for s in range(STOCKS):
                t = top[s]
                if t >= _ENDABLE and not st.frozen[s]:
                    for value in END_VALUES:
                        if 0 < value - t <= MAX_STEP and unseen[card_id(s, value)]:
                            stay *= 0.8
                            break
        return 1.0 - stay

    def unseen(self) -> list[int]:
        """1 for each share card the bot cannot see (other hands or the draw pile)."""
        if self._unseen is None:
            st = self.state
            out = [1] * NUM_CARDS
            for row in st.rows:
                for c in row:
                    out[c] = 0
            for certs in st.certs:
                for c in certs:
                    out[c] = 0
            for c in st.sdiscard:
                out[c] = 0
            for c in self.hand:
                out[c] = 0
            self._unseen = out
        return self._unseen

    # ------------------------------------------------------------------ card values
    def cert_value(self, c: int) -> float:
        """A certificate of ``c``: its share symbols × the projected price."""
        s = STOCK_OF[c]
        return self.shares[c] * self.mult[s] * self.proj[s]

    def play_value(self, c: int) -> float:
        """Playing ``c`` onto its row: the price rise times the relative shares."""
        s = STOCK_OF[c]
        val = VALUE_OF[c]
        if val in END_VALUES:
            top = list(self.top)
            top[s] = val
            hand = [x for x in self.hand if x != c]
            return self.end_value(top, self.mine, hand) - self.cont
        gain = (val - self.top[s]) * self.mult[s] * self.rel[s]
        st = self.state
        limit = st.limit
        if len(st.certs[self.p]) + 1 >= limit + st.rules.buy_extra and st.row_length(s) == limit:
            gain += self.bot.LIMIT_BONUS
        return gain

    def keep(self, c: int) -> float:
        """What holding ``c`` is worth: a part of its best use (certificate or play)."""
        s = STOCK_OF[c]
        val = VALUE_OF[c]
        best = self.cert_value(c)
        t = self.top[s]
        if t < val <= TOP_SAFE:
            rise = (val - t) * self.mult[s] * self.rel[s]
            if rise > best:
                best = rise
        return self.bot.KEEP * best if best > 0 else 0.0

    # ------------------------------------------------------------------ round end
    def end_value(self, top: list[int], mine: list[int], hand: list[int]) -> float:
        """The relative round score if the round ended now with bottom values ``top``, the bot
        holding ``mine`` shares and ``hand`` left for its option tokens; in the last round
        also a bonus (or penalty) for finishing ahead of (or behind) every rival."""
        st = self.state
        bot = self.bot
        p = self.p
        mult = self.mult
        prices = [top[s] * mult[s] for s in range(STOCKS)]
        rel, own = self.base, self.mine
        total = -bot.END_MARGIN
        for s in range(STOCKS):
            total += prices[s] * (rel[s] + mine[s] - own[s])
        # the bot's own option exercise
        shares = self.shares
        later = st.rules.rounds - st.round
        tokens = st.tokens[p]
        values = sorted((shares[c] * prices[STOCK_OF[c]] for c in hand), reverse=True)
        exercise = 0.0
        for worth in values:
            if not tokens:
                break
            kept = bot.token_value(later, tokens)
            if worth <= kept:
                break
            exercise += worth - kept
            tokens -= 1
        total += exercise
        # the rivals' exercise: their best cards among those the bot cannot see
        unseen = self.unseen()
        count = 0
        worth_sum = 0.0
        for c in range(NUM_CARDS):
            if unseen[c]:
                count += 1
                worth_sum += shares[c] * prices[STOCK_OF[c]]
        average = 1.3 * worth_sum / count if count else 0.0
        rivals_best = None
        for q in range(self.n):
            if q == p:
                continue
            k = min(st.tokens[q], len(st.hands[q]))
            if later and k > 1:
                k = 1
            total -= self.weight[q] * k * average
            if self.last:
                final = st.totals[q] + k * average
                row = self.held[q]
                for s in range(STOCKS):
                    final += row[s] * prices[s]
                if rivals_best is None or final > rivals_best:
                    rivals_best = final
        if self.last and rivals_best is not None:
            mine_final = st.totals[p] + exercise
            for s in range(STOCKS):
                mine_final += mine[s] * prices[s]
            total += bot.WIN_BONUS if mine_final > rivals_best else -bot.WIN_BONUS
        return total

    def end_now(self) -> float:
        """The round ends now, nothing changed (Market Closed drawn)."""
        return self.end_value(self.top, self.mine, self.hand)

    def end_after_buy(self, c: int) -> float:
        """The round ends with ``c`` certified and the hand empty."""
        mine = list(self.mine)
        mine[STOCK_OF[c]] += self.shares[c]
        return self.end_value(self.top, mine, [])

    # ------------------------------------------------------------------ events
    def kind_values(self) -> list[float]:
        """The value for the bot of executing each event kind now (§6)."""
        if self._kinds is not None:
            return self._kinds
        st = self.state
        rules = st.rules
        bot = self.bot
        top, mult, rel, proj = self.top, self.mult, self.rel, self.proj
        full_lock = rules.freeze == FULL_LOCK
        frozen = st.frozen
        may_certify = rules.insider_ignore or st.may_certify(self.p)
        # per stock: split, crash, insider, downturn, freeze and the best upturn play
        split = [0.0] * STOCKS
        crash = [0.0] * STOCKS
        insider = [0.0] * STOCKS
        upturn = [0.0] * STOCKS
        downturn = 0.0
        for s in range(STOCKS):
            locked = full_lock and frozen[s]
            if locked:
                continue
            split[s] = proj[s] * rel[s] + 0.5
            row = st.rows[s]
            t = top[s]
            low = 1 if rules.crash_reset or len(row) < 2 else VALUE_OF[row[-2]]
            crash[s] = -(t - low) * mult[s] * rel[s]
            if len(row) > 1:
                downturn -= (t - VALUE_OF[row[-2]]) * mult[s] * rel[s]
        playmask = st.playmask
        for c in self.hand:
            s = STOCK_OF[c]
            if may_certify:
                worth = self.cert_value(c) - self.keep(c)
                if worth > insider[s]:
                    insider[s] = worth
            if playmask >> c & 1:
                gain = self.play_value(c) - self.keep(c)
                if gain > upturn[s]:
                    upturn[s] = gain
        values = [0.0] * NUM_KINDS
        token = bot.TOKEN_VALUE * 0.7
        for k in range(NUM_KINDS):
            effect = EFFECT_OF[k]
            s = KIND_STOCK[k]
            if effect == SPLIT:
                x = split[s]
            elif effect == CRASH:
                x = crash[s]
            elif effect == INSIDER:
                x = insider[s]
            elif effect == MARKET_CRASH:
                x = sum(crash)
            elif effect == DOWNTURN:
                x = downturn
            elif effect == UPTURN:
                x = sum(upturn)
            elif effect == AUDIT:
                x = self._audit()
            elif effect == FREEZE:
                if rules.freeze == PLAYER_LOCK:
                    x = 2.0
                else:
                    x = max(self.freeze_value(s) for s in range(STOCKS))
            elif effect == OPTION_GAINED:
                x = token if st.supply else 0.0
            elif effect == OPTION_LOST:
                x = -token
                if rules.lost_any:
                    for q in range(self.n):
                        if q != self.p and st.tokens[q]:
                            x = max(x, self.weight[q] * token)
            else:  # No Market Change (Market Closed is never chosen)
                x = 0.0
            values[k] = x
        self._kinds = values
        return values

    def _audit(self) -> float:
        """A Stock Audit: the weighted worth of the certificate it removes from a rival (the
        best one when the bot chooses, the rival's least valuable when the rival does)."""
        st = self.state
        mode = st.rules.audit
        if mode == 2:  # enforce_limit: only those above the limit discard
            return 0.0
        best = 0.0
        for q in range(self.n):
            if q == self.p or not st.certs[q]:
                continue
            values = [self.cert_value(c) for c in st.certs[q]]
            worth = self.weight[q] * (max(values) if mode == 0 else min(values))
            if worth > best:
                best = worth
        return best

    def freeze_value(self, s: int) -> float:
        """Freezing row ``s`` keeps its price where it is: good against the rivals' stocks."""
        room = self.proj[s] - self.top[s] + 1.0
        return -self.rel[s] * self.mult[s] * room

    def draw_two_value(self) -> float:
        """Expected value of the better of two event cards drawn from those the bot cannot
        name (the deck above Market Closed is a part of them)."""
        st = self.state
        p = self.p
        count = [0] * NUM_KINDS  # the game's event cards, Market Closed included
        for k in st.rules.event_deck:
            count[k] += 1
        count[CLOSED] = 0
        mine = p + 1
        for pile in (st.edeck, st.ediscard):
            for e in pile:
                tag = e >> TAG_SHIFT
                if tag == 0 or tag == mine:
                    count[e & KIND_MASK] -= 1
        for e in st.held[p]:
            count[e & KIND_MASK] -= 1
        for s in range(STOCKS):
            count[_SPLIT_KIND[s]] -= st.splits[s]
        count[_FREEZE_KIND] -= sum(st.frozen) + sum(st.pfrozen)
        kinds = self.kind_values()
        total = 0
        values = []
        for k in range(NUM_KINDS):
            c = count[k]
            if c > 0:
                total += c
                values.append((kinds[k], c))
        if total < 2:
            return values[0][0] if values else 0.0
        values.sort(reverse=True)
        pairs = total * (total - 1)
        rest = total  # cards not better than the current kind
        expect = 0.0
        for worth, c in values:
            after = rest - c
            # P(the better of two is this kind) = P(none better) - P(none this good)
            expect += (rest * (rest - 1) - after * (after - 1)) / pairs * worth
            rest = after
        return expect


_FREEZE_KIND = next(k.index for k in COMPONENTS.kinds if k.effect == FREEZE)
_SPLIT_KIND = tuple(COMPONENTS.kind_of("split", s) for s in range(STOCKS))
