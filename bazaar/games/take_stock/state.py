"""The state and rules of Take Stock (rules spec: shared/rules/take_stock.md).

Section numbers (§) refer to that spec. Representation (all lists of ints):

* ``hands[p]``: sorted share card ids (a list, changed every turn).
* ``certs[p]``: sorted share card ids; ``rows[s]``: the cards of row ``s`` from the starter 1
  to the bottom card, ``top[s]`` the bottom card's value. These and ``held[p]`` are tuples,
  replaced when they change, so :meth:`clone` shares them instead of copying them.
* ``sdraw`` / ``sdiscard``: share draw and discard piles, top card last.
* ``edeck`` / ``ediscard``: event cards, top card last, each entry ``kind | tag << 5``;
  the tag says who knows which card it is: 0 everyone, ``seat + 1`` that seat only, 7 nobody.
  ``eblocks`` are the offsets from the deck bottom where the blocks shuffled under the deck at
  a round end (§9.1b) stop: everybody knows which public cards went into which block.
* ``held[p]``: held events in the order drawn (a tuple), each ``kind | round << 5``.
* ``splits[s]``, ``frozen[s]``: event cards on the table beside / on row ``s``;
  ``pfrozen[p]``: Freeze cards lying in front of player ``p`` (``freeze=player``).
"""

from __future__ import annotations

from bisect import insort
from itertools import pairwise, permutations
from typing import Any

from bazaar.core.errors import IllegalAction
from bazaar.core.game import Event, Game, State
from bazaar.core.rng import Rng
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock import refusals
from bazaar.games.take_stock.components import (
    AUDIT,
    CARD_BY_NAME,
    CARD_NAMES,
    CLOSED,
    COMPONENTS,
    CRASH,
    DEALT_CARDS,
    DOWNTURN,
    EFFECT_OF,
    FREEZE,
    INSIDER,
    KIND_NAMES,
    KIND_STOCK,
    LETTERS,
    MARKET_CRASH,
    NUM_CARDS,
    OPTION_GAINED,
    OPTION_LOST,
    SPLIT,
    STARTERS,
    STOCK_OF,
    STOCKS,
    UPTURN,
    VALUE_OF,
    VALUES,
)

#: The version of the position format of :meth:`TakeStockState.full_view` (docs/positions/).
POSITION_FORMAT = 1
MAIN, CHOOSE, INSIDER_P, AUDIT_P, TARGET_P, FREEZE_P, UPTURN_P, EXERCISE, OVER = range(9)
PHASE_NAMES = (
    "action",
    "choose-event",
    "insider",
    "audit",
    "target",
    "freeze",
    "upturn",
    "exercise",
    "over",
)
NO_END, MARKET_CLOSED_END, VALUE_END, HAND_END, DECK_END = range(5)
REASON_NAMES = (None, "market-closed", "value-11-12", "hand-empty", "deck-empty")

KIND_MASK = 31
TAG_SHIFT = 5
TAG_NOBODY = 7
MC_ENTRY = CLOSED  # Market Closed is always public (tag 0)
C = COMPONENTS
ROUNDS = C.rounds
MAX_STEP = C.max_step
END_VALUES = C.end_values
SPLIT_KIND = tuple(C.kind_of("split", s) for s in range(STOCKS))
FREEZE_KIND = next(k.index for k in C.kinds if k.effect == FREEZE)
AUDIT_MODES = ("actor_chooses", "target_chooses", "enforce_limit")
FREEZE_MODES = ("row_lock", "full_lock", "player")
ROW_LOCK, FULL_LOCK, PLAYER_LOCK = range(3)
POPCOUNT = tuple(bin(m).count("1") for m in range(1 << A.MAX_HAND))
_BUY_ROW = tuple(A.BUY_BASE + c * NUM_CARDS for c in range(NUM_CARDS))
_EV1 = A.EVENT1_BASE
_EV2 = A.EVENT2_BASE
_STOCK_BITS = tuple(((1 << VALUES) - 1) << s * VALUES for s in range(STOCKS))


class Rules:
    """The option flags of one game, read once (shared by all clones)."""

    __slots__ = (
        "audit",
        "buy_extra",
        "crash_reset",
        "crash_splits_discard",
        "deal",
        "dealer_tie_lowest",
        "downturn_cards",
        "either_direction",
        "first_dealer_random",
        "freeze",
        "freeze_in_length",
        "gained_tokens",
        "insider_ignore",
        "later_round",
        "lost_any",
        "lost_tokens",
        "refill",
        "shares",
        "window",
    )

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        table = C.shares_tables[options["shares_table"]]
        self.shares = tuple(table[VALUE_OF[c] - 1] for c in range(NUM_CARDS))
        self.deal = C.deal_tables[options["deal_counts"]][players]
        self.first_dealer_random = options["first_dealer"] == "random"
        self.later_round = options["held_usable"] == "later_round"
        self.crash_reset = options["crash"] == "reset"
        self.crash_splits_discard = options["crash_splits"] == "discard"
        self.insider_ignore = options["insider_limit"] == "ignore"
        self.audit = AUDIT_MODES.index(options["audit"])
        self.freeze = FREEZE_MODES.index(options["freeze"])
        self.lost_any = options["option_lost"] == "any_player"
        self.buy_extra = 1 if options["buy_limit"] == "inclusive" else 0
        self.freeze_in_length = options["freeze_in_row_length"]
        self.either_direction = options["manipulate_direction"] == "either"
        self.dealer_tie_lowest = options["dealer_tie"] == "lowest_seat"
        self.refill = options["tokens_between_rounds"] == "refill"
        params = {k.effect: k.params for k in C.kinds}
        self.gained_tokens = params[OPTION_GAINED].get("tokens", 1)
        self.lost_tokens = params[OPTION_LOST].get("tokens", 1)
        self.downturn_cards = params[DOWNTURN].get("cards_per_row", 1)
        #: window[s][t]: bit mask of the cards playable on row s when its bottom card is t
        self.window = _WINDOWS[self.either_direction]


def _step_ok(diff: int, either: bool) -> bool:
    """Manipulate step rule (§5.3A): +1..+4, or also -1..-4 under ``either``."""
    if either:
        return diff != 0 and -MAX_STEP <= diff <= MAX_STEP
    return 0 < diff <= MAX_STEP


_WINDOWS = {
    either: tuple(
        tuple(
            sum(
                1 << c
                for c in range(s * VALUES, (s + 1) * VALUES)
                if _step_ok(VALUE_OF[c] - t, either)
            )
            for t in range(VALUES + 1)
        )
        for s in range(STOCKS)
    )
    for either in (False, True)
}
_RULES_CACHE: dict[tuple[int, tuple[tuple[str, Any], ...]], Rules] = {}


def rules_for(players: int, options: dict[str, Any]) -> Rules:
    """The (shared, read-only) Rules of ``players`` and ``options``."""
    key = (players, tuple(sorted(options.items())))
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = _RULES_CACHE[key] = Rules(players, options)
    return rules


def shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher–Yates shuffle of ``items`` drawing two 32-bit numbers from each ``next64``.

    Half the generator calls of :meth:`Rng.shuffle` (the set-up of every round shuffles 94
    cards); with at most 55 items the modulo bias is below 2**-26.
    """
    i = len(items) - 1
    while i > 0:
        x = rng.next64()
        j = (x & 0xFFFFFFFF) % (i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
        if i:
            j = (x >> 32) % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1


_EXERCISE_CACHE: dict[tuple[int, int], list[int]] = {}


def exercise_actions(hand_size: int, tokens: int) -> list[int]:
    """The exercise actions of a hand of ``hand_size`` cards with ``tokens`` tokens."""
    hand_size = min(hand_size, A.MAX_HAND)
    key = (hand_size, min(tokens, hand_size))
    out = _EXERCISE_CACHE.get(key)
    if out is None:
        out = [A.EXERCISE_BASE + m for m in range(1 << hand_size) if POPCOUNT[m] <= key[1]]
        _EXERCISE_CACHE[key] = out
    return out


class TakeStockState(State):
    """A game of Take Stock in progress."""

    __slots__ = (
        "actor",
        "audit_limit",
        "certs",
        "cur",
        "dealer",
        "eblocks",
        "edeck",
        "ediscard",
        "executing",
        "exmask",
        "frozen",
        "game",
        "hands",
        "held",
        "history",
        "limit",
        "mc_aside",
        "num_players",
        "options",
        "pending",
        "pfrozen",
        "phase",
        "playmask",
        "reason",
        "rng",
        "round",
        "rows",
        "rules",
        "sdiscard",
        "sdraw",
        "splits",
        "start",
        "supply",
        "tokens",
        "top",
        "totals",
        "upturn_mask",
    )
    # The slots with their types (annotations without values keep the class slotted).
    game: Game
    num_players: int
    options: dict[str, Any]
    rules: Rules
    rng: Rng
    #: option tokens of each seat, and the tokens left in the supply
    tokens: list[int]
    supply: int
    #: cumulative scores, and every round's scores (round r of seat q at ``r * players + q``)
    totals: list[int]
    history: list[int]
    hands: list[list[int]]
    certs: list[tuple[int, ...]]
    held: list[tuple[int, ...]]
    pfrozen: list[int]
    #: exercise choice (hand position bit mask) of each seat, -1 while undecided
    exmask: list[int]
    rows: list[tuple[int, ...]]
    top: list[int]
    splits: list[int]
    frozen: list[int]
    sdraw: list[int]
    sdiscard: list[int]
    edeck: list[int]
    eblocks: list[int]
    ediscard: list[int]
    #: the kinds of the event cards drawn by a draw-2 and not yet chosen or discarded
    pending: list[int]
    mc_aside: bool
    #: kind of the event card being executed, -1 if none
    executing: int
    #: bit mask of the stocks that have had their Market Upturn play
    upturn_mask: int
    audit_limit: int
    #: HoldLimit and playable-card mask, derived from the rows (see :meth:`_refresh`)
    limit: int
    playmask: int
    round: int
    reason: int
    phase: int
    dealer: int
    start: int
    #: the seat deciding now (``cur``) and the seat whose turn it is (``actor``)
    cur: int
    actor: int

    # ------------------------------------------------------------------ setup (§3)
    @classmethod
    def setup(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> TakeStockState:
        s = object.__new__(cls)
        s.game = game
        s.num_players = players
        s.options = options
        s.rules = rules_for(players, options)
        s.rng = Rng(seed)
        s.tokens = [C.tokens_each] * players
        s.supply = C.tokens_total - C.tokens_each * players
        s.totals = [0] * players
        s.history = []
        s.hands = [[] for _ in range(players)]
        s.certs = [()] * players
        s.held = [()] * players
        s.pfrozen = [0] * players
        s.exmask = [-1] * players
        s.rows = [(c,) for c in STARTERS]
        s.top = [C.starter_value] * STOCKS
        s.splits = [0] * STOCKS
        s.frozen = [0] * STOCKS
        s.sdraw = []
        s.sdiscard = []
        s.edeck = []
        s.eblocks = []
        s.ediscard = []
        s.pending = []
        s.mc_aside = False
        s.executing = -1
        s.upturn_mask = 0
        s.audit_limit = 0
        s.limit = 1
        s.playmask = 0
        s.round = 0
        s.reason = NO_END
        s.phase = MAIN
        s.dealer = s.rng.below(players) if s.rules.first_dealer_random else 0
        s.start = s.cur = s.actor = (s.dealer + 1) % players
        s._build_event_deck()
        s._start_round(None)
        return s

    @classmethod
    def restore(cls, game: Game, data: dict[str, Any]) -> TakeStockState:
        """The state whose :meth:`full_view` is ``data`` (docs/positions/take-stock.md), also
        after a JSON round trip; BadRecord naming the field if ``data`` is not such a view."""
        from bazaar.games.take_stock.positions import restore  # it reads this module's names

        return restore(cls, game, data)

    def clone(self) -> TakeStockState:
        s = object.__new__(TakeStockState)
        s.game = self.game
        s.num_players = self.num_players
        s.options = self.options
        s.rules = self.rules
        s.rng = Rng(self.rng.state)
        s.tokens = self.tokens[:]
        s.supply = self.supply
        s.totals = self.totals[:]
        s.history = self.history[:]
        s.hands = [h[:] for h in self.hands]
        s.certs = self.certs[:]
        s.held = self.held[:]
        s.pfrozen = self.pfrozen[:]
        s.exmask = self.exmask[:]
        s.rows = self.rows[:]
        s.top = self.top[:]
        s.splits = self.splits[:]
        s.frozen = self.frozen[:]
        s.sdraw = self.sdraw[:]
        s.sdiscard = self.sdiscard[:]
        s.edeck = self.edeck[:]
        s.eblocks = self.eblocks[:]
        s.ediscard = self.ediscard[:]
        s.pending = self.pending[:]
        s.mc_aside = self.mc_aside
        s.executing = self.executing
        s.upturn_mask = self.upturn_mask
        s.audit_limit = self.audit_limit
        s.limit = self.limit
        s.playmask = self.playmask
        s.round = self.round
        s.reason = self.reason
        s.phase = self.phase
        s.dealer = self.dealer
        s.start = self.start
        s.cur = self.cur
        s.actor = self.actor
        return s

    def _build_event_deck(self) -> None:
        """All event cards but Market Closed shuffled, Market Closed 11th from the bottom."""
        others = [k for k in C.event_deck if k != CLOSED]
        shuffle(self.rng, others)
        nobody = TAG_NOBODY << TAG_SHIFT
        below = C.closed_from_bottom - 1
        self.edeck = [k | nobody for k in others[:below]]
        self.edeck.append(MC_ENTRY)
        self.edeck.extend(k | nobody for k in others[below:])
        self.eblocks = []
        self.ediscard = []
        self.mc_aside = False
        self.held = [()] * len(self.held)

    def _start_round(self, events: list[Event] | None) -> None:
        """Shuffle the 55 share cards and deal from the dealer's left (§3 step 4, §9.2)."""
        self.round += 1
        self.rows = [(c,) for c in STARTERS]
        self.top = [C.starter_value] * STOCKS
        self.certs = [()] * self.num_players
        pile = list(DEALT_CARDS)
        shuffle(self.rng, pile)
        n = self.num_players
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(self.rules.deal):
            for i in range(1, n + 1):
                hands[(self.dealer + i) % n].append(pile.pop())
        for h in hands:
            h.sort()
        self.hands = hands
        self.sdraw = pile
        self.sdiscard = []
        self.start = (self.dealer + 1) % n
        self.reason = NO_END
        self._refresh()
        self.exmask = [-1] * n
        if events is not None:
            events.append(
                Event(
                    "round_start",
                    {
                        "round": self.round,
                        "dealer": self.dealer,
                        "start": self.start,
                        "cards_each": self.rules.deal,
                    },
                )
            )
            for p in range(n):
                cards = [CARD_NAMES[c] for c in hands[p]]
                events.append(Event("dealt", {"seat": p, "cards": cards}, to=p))
        self._begin_turn(self.start, events)

    # ------------------------------------------------------------------ derived values (§4)
    def _refresh(self) -> None:
        """Recompute ``limit`` (HoldLimit) and ``playmask`` after rows, splits or freezes change.

        ``playmask`` has bit ``c`` set iff card ``c`` may be played on its row now (§5.3A).
        """
        rows, splits, frozen, top = self.rows, self.splits, self.frozen, self.top
        window = self.rules.window
        with_freeze = self.rules.freeze_in_length
        limit = mask = 0
        for s in range(STOCKS):
            n = len(rows[s]) + splits[s]
            if with_freeze:
                n += frozen[s]
            if n > limit:
                limit = n
            if not frozen[s]:
                mask |= window[s][top[s]]
        self.limit = limit
        self.playmask = mask

    def hold_limit(self) -> int:
        """HoldLimit: the longest row, counting its Stock Split cards (§4)."""
        return self.limit

    def row_length(self, s: int) -> int:
        extra = self.frozen[s] if self.rules.freeze_in_length else 0
        return len(self.rows[s]) + self.splits[s] + extra

    def price(self, s: int) -> int:
        """Price = value of the bottom card × (splits + 1) (§4, §8)."""
        return self.top[s] * (self.splits[s] + 1)

    def may_certify(self, p: int) -> bool:
        """Whether seat ``p``'s certificate count allows one more under HoldLimit (§5.3B)."""
        return len(self.certs[p]) < self.limit + self.rules.buy_extra

    def _playable(self, card: int) -> bool:
        """Manipulate legality of ``card`` ignoring the hand (§5.3A, Stock Freeze §6)."""
        return bool(self.playmask >> card & 1)

    def usable_held(self, p: int) -> list[int]:
        """Kinds of seat ``p``'s held events that may be triggered now (§5.3D), sorted."""
        held = self.held[p]
        if not held:
            return []
        if self.rules.later_round:
            r = self.round
            if held[0] >> TAG_SHIFT >= r:  # drawn in order: none is from an earlier round
                return []
            return sorted({e & KIND_MASK for e in held if e >> TAG_SHIFT < r})
        return sorted({e & KIND_MASK for e in held})

    # ------------------------------------------------------------------ protocol
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.cur

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == MAIN:  # actions A-D, built in increasing order (the hand is sorted)
            p = self.cur
            hand = self.hands[p]
            mask = self.playmask
            out = [c for c in hand if mask >> c & 1]
            if (
                len(self.certs[p]) < self.limit + self.rules.buy_extra
                and len(hand) >= 2
                and not self.pfrozen[p]
            ):
                out += [_BUY_ROW[c] + d for c, d in permutations(hand, 2)]
            if self.edeck:
                out += [_EV2 + d for d in hand]
                out += [_EV1 + d for d in hand]
            if self.held[p]:
                for k in self.usable_held(p):
                    base = A.TRIGGER_BASE + k * NUM_CARDS
                    out += [base + d for d in hand]
            return out
        if phase == OVER:
            return []
        p = self.cur
        if phase == EXERCISE:
            return exercise_actions(len(self.hands[p]), self.tokens[p])[:]
        if phase == CHOOSE:
            return [A.CHOOSE_BASE + k for k in sorted(set(self.pending))]
        if phase == UPTURN_P:
            return [*self._upturn_plays(), A.STOP]
        if phase == INSIDER_P:
            s = KIND_STOCK[self.executing]
            return [A.INSIDER_BASE + c for c in self.hands[p] if STOCK_OF[c] == s] + [A.DECLINE]
        if phase == AUDIT_P:
            return [A.AUDIT_BASE + c for c in self._audit_cards()]
        if phase == TARGET_P:
            return [A.TARGET_BASE + q for q in self._targets()]
        return [A.FREEZE_BASE + s for s in range(STOCKS)]

    def _upturn_plays(self) -> list[int]:
        done = self.upturn_mask
        mask = self.playmask
        return [c for c in self.hands[self.cur] if mask >> c & 1 and not done >> STOCK_OF[c] & 1]

    def _audit_cards(self) -> list[int]:
        """Certificates that may be audited now (Stock Audit, §6)."""
        if self.rules.audit == 0:  # actor_chooses: any certificate of another player
            actor = self.actor
            cards: list[int] = []
            for q in range(self.num_players):
                if q != actor:
                    cards.extend(self.certs[q])
            return sorted(cards)
        return list(self.certs[self.cur])

    def _targets(self) -> list[int]:
        """Seats that may be chosen now (Audit target, Option Lost, Freeze on a player)."""
        effect = EFFECT_OF[self.executing]
        actor = self.actor
        n = self.num_players
        if effect == AUDIT:
            return [q for q in range(n) if q != actor and self.certs[q]]
        if effect == OPTION_LOST:
            return [q for q in range(n) if self.tokens[q]]
        return [q for q in range(n) if q != actor]

    # ------------------------------------------------------------------ parsing
    def parse(self, text: str) -> int:
        """Notation → action; ``exercise`` may also name the cards (``exercise O7 C3``)."""
        words = text.strip().lower().replace(",", " ").split() if isinstance(text, str) else []
        if (
            len(words) > 1
            and words[0] == "exercise"
            and words[1:] != ["none"]
            and all(w in CARD_BY_NAME for w in words[1:])
        ):
            if self.phase != EXERCISE:
                raise refusals.exercise_out_of_phase(text)
            mask = A.parse_exercise_cards(words[1:], self.hands[self.cur], text)
            action = A.EXERCISE_BASE + mask
        else:
            action = self.game.parse(text)
        self.check(action)
        return action

    # ------------------------------------------------------------------ illegal moves
    def public_notation(self, action: int) -> str:
        """An option exercise (§7.1) stays secret until everybody has decided: others see
        ``exercise ?`` (also later: its hand positions would tell about the rest of the hand).
        The last player to decide reveals every choice and hand at once, so theirs is public."""
        if action >= A.EXERCISE_BASE and self._others_to_exercise():
            return "exercise ?"
        return self.notation(action)

    def _others_to_exercise(self) -> bool:
        """Whether a player besides the one deciding now has still to decide on exercising."""
        return any(
            q != self.cur and self.exmask[q] < 0 and self.hands[q] and self.tokens[q]
            for q in range(self.num_players)
        )

    def explain_illegal(self, action: int) -> IllegalAction:
        return refusals.explain_illegal(self, action)

    # ------------------------------------------------------------------ transitions
    def apply_unchecked(self, action: int) -> None:
        """Apply a legal action without events (the fast path of searches and playouts)."""
        if self.phase == MAIN:
            self._do_main(action, None)
        else:
            self._apply(action, None)

    def _apply(self, action: int, events: list[Event] | None) -> None:
        phase = self.phase
        if phase == MAIN:
            self._do_main(action, events)
        elif phase == EXERCISE:
            self._do_exercise(action - A.EXERCISE_BASE, events)
        elif phase == CHOOSE:
            self._do_choose(action - A.CHOOSE_BASE, events)
        elif phase == UPTURN_P:
            self._do_upturn(action, events)
        elif phase == INSIDER_P:
            self._do_insider(action, events)
        elif phase == AUDIT_P:
            self._do_audit(action - A.AUDIT_BASE, events)
        elif phase == TARGET_P:
            self._do_target(action - A.TARGET_BASE, events)
        else:
            self._do_freeze(action - A.FREEZE_BASE, events)

    def _begin_turn(self, p: int, events: list[Event] | None) -> None:
        """Seat ``p`` draws a share card (§5.1 step 1); the round ends if none is left."""
        self.cur = self.actor = p
        self.phase = MAIN
        draw = self.sdraw
        if not draw:
            if not self.sdiscard:
                self._end_round(DECK_END, events)
                return
            draw = self.sdraw = self.sdiscard
            self.sdiscard = []
            shuffle(self.rng, draw)
            if events is not None:
                events.append(Event("reshuffle", {"cards": len(draw)}))
        card = draw.pop()
        insort(self.hands[p], card)
        if events is not None:
            events.append(Event("draw", {"seat": p}))
            events.append(Event("drew", {"seat": p, "card": CARD_NAMES[card]}, to=p))

    def _next_turn(self, events: list[Event] | None) -> None:
        if self.pending:  # the unchosen card of a draw-2, after the chosen one resolved
            self.ediscard.append(self.pending.pop() | (self.actor + 1) << TAG_SHIFT)
        self._begin_turn((self.actor + 1) % self.num_players, events)

    def _discard(self, p: int, card: int, events: list[Event] | None) -> None:
        self.hands[p].remove(card)
        self.sdiscard.append(card)
        if events is not None:
            events.append(Event("discard", {"seat": p, "card": CARD_NAMES[card]}))

    def _place(self, card: int, events: list[Event] | None, why: str) -> bool:
        """Put ``card`` at the bottom of its row; True if that ended the round (§7)."""
        p = self.cur
        hand = self.hands[p]
        hand.remove(card)
        s = STOCK_OF[card]
        row = self.rows[s] = (*self.rows[s], card)
        value = VALUE_OF[card]
        self.top[s] = value
        self.playmask = self.playmask & ~_STOCK_BITS[s] | self.rules.window[s][value]
        length = len(row) + self.splits[s] + (self.frozen[s] if self.rules.freeze_in_length else 0)
        if length > self.limit:
            self.limit = length
        if events is not None:
            events.append(Event(why, {"seat": p, "card": CARD_NAMES[card], "stock": s}))
        if value in END_VALUES:
            self._end_round(VALUE_END, events)
            return True
        if not hand:
            self._end_round(HAND_END, events)
            return True
        return False

    def _do_main(self, action: int, events: list[Event] | None) -> None:
        p = self.cur
        if action < A.BUY_BASE:  # A. Manipulate (§5.3A)
            if not self._place(action, events, "play"):
                self._next_turn(events)
            return
        if action < A.EVENT2_BASE:  # B. Buy (§5.3B)
            cert, discard = divmod(action - A.BUY_BASE, NUM_CARDS)
            hand = self.hands[p]
            hand.remove(cert)
            self.certs[p] = _with(self.certs[p], cert)
            if events is not None:
                shares = self.rules.shares[cert]
                events.append(Event("buy", {"seat": p, "card": CARD_NAMES[cert], "shares": shares}))
            self._discard(p, discard, events)
            if hand:
                self._next_turn(events)
            else:
                self._end_round(HAND_END, events)
            return
        if action < A.EVENT1_BASE:  # C①. draw 2, execute 1 (§5.3C)
            self._discard(p, action - A.EVENT2_BASE, events)
            self._draw_two(p, events)
            return
        if action < A.TRIGGER_BASE:  # C②. draw 1 and hold it
            self._discard(p, action - A.EVENT1_BASE, events)
            entry = self.edeck.pop()
            kind = entry & KIND_MASK
            if events is not None:
                events.append(Event("make_event", {"seat": p, "mode": 1}))
            if kind == CLOSED:
                self._market_closed(events)
                return
            self.held[p] = (*self.held[p], kind | self.round << TAG_SHIFT)
            if events is not None:
                events.append(Event("hold", {"seat": p}))
                events.append(Event("held", {"seat": p, "event": KIND_NAMES[kind]}, to=p))
            self._next_turn(events)
            return
        # D. Trigger a held event (§5.3D): the oldest usable copy of that kind
        kind, discard = divmod(action - A.TRIGGER_BASE, NUM_CARDS)
        self._discard(p, discard, events)
        held = self.held[p]
        r = self.round if self.rules.later_round else 1 << 20
        for i, e in enumerate(held):
            if e & KIND_MASK == kind and e >> TAG_SHIFT < r:
                self.held[p] = held[:i] + held[i + 1 :]
                break
        if events is not None:
            events.append(Event("trigger", {"seat": p, "event": KIND_NAMES[kind]}))
        self._execute(kind, events)

    def _draw_two(self, p: int, events: list[Event] | None) -> None:
        deck = self.edeck
        first = deck.pop() & KIND_MASK
        second = deck.pop() & KIND_MASK if deck else -1
        if events is not None:
            events.append(Event("make_event", {"seat": p, "mode": 2}))
        if first == CLOSED or second == CLOSED:
            other = second if first == CLOSED else first
            if other >= 0:  # face down, unexecuted, to the event discard (§14.5)
                self.ediscard.append(other | (p + 1) << TAG_SHIFT)
                if events is not None:
                    events.append(Event("event_discard_hidden", {"seat": p}))
                    events.append(
                        Event("event_discarded", {"seat": p, "event": KIND_NAMES[other]}, to=p)
                    )
            self._market_closed(events)
            return
        self.pending = [first, second]
        self.phase = CHOOSE
        if events is not None:
            names = [KIND_NAMES[first], KIND_NAMES[second]]
            events.append(Event("events_seen", {"seat": p, "events": names}, to=p))

    def _market_closed(self, events: list[Event] | None) -> None:
        self.mc_aside = True
        if events is not None:
            events.append(Event("market_closed", {"seat": self.actor}))
        self._end_round(MARKET_CLOSED_END, events)

    def _do_choose(self, kind: int, events: list[Event] | None) -> None:
        """Execute the chosen card; the other stays in ``pending`` until the event is over and
        then goes face down on the event discard pile (seed: 立即執行…接著…正面朝下)."""
        p = self.actor
        pending = self.pending
        pending.remove(kind)
        other = pending[0]
        if events is not None:
            events.append(Event("choose", {"seat": p, "event": KIND_NAMES[kind]}))
            events.append(Event("event_discarded", {"seat": p, "event": KIND_NAMES[other]}, to=p))
        self._execute(kind, events)

    # ------------------------------------------------------------------ event effects (§6)
    def _execute(self, kind: int, events: list[Event] | None) -> None:
        """Execute event ``kind`` for the actor; events needing a choice open a phase."""
        self.executing = kind
        effect = EFFECT_OF[kind]
        p = self.actor
        rules = self.rules
        if effect == SPLIT:
            s = KIND_STOCK[kind]
            if rules.freeze == FULL_LOCK and self.frozen[s]:
                self._no_effect(events)
                return
            self.splits[s] += 1
            self._refresh()
            self.executing = -1  # stays on the table beside the row
            if events is not None:
                events.append(Event("split", {"stock": s, "splits": self.splits[s]}))
            self._next_turn(events)
            return
        if effect == CRASH:
            self._crash(KIND_STOCK[kind], events)
            self._refresh()
        elif effect == MARKET_CRASH:
            for s in range(STOCKS):
                self._crash(s, events)
            self._refresh()
        elif effect == DOWNTURN:
            self._downturn(events)
            self._refresh()
        elif effect == OPTION_GAINED:
            got = min(rules.gained_tokens, self.supply)
            self.supply -= got
            self.tokens[p] += got
            if events is not None:
                events.append(Event("option_gained", {"seat": p, "tokens": got}))
        elif effect == OPTION_LOST:
            if not rules.lost_any:
                self._lose_tokens(p, events)
            elif any(self.tokens):
                self.phase = TARGET_P
                return
            else:
                self._no_effect(events)
                return
        elif effect == INSIDER:
            s = KIND_STOCK[kind]
            if (rules.insider_ignore or self.may_certify(p)) and any(
                STOCK_OF[c] == s for c in self.hands[p]
            ):
                self.phase = INSIDER_P
                return
            self._no_effect(events)
            return
        elif effect == AUDIT:
            if rules.audit == 2:
                self.audit_limit = self.hold_limit()
                if self._next_over_limit():
                    self.phase = AUDIT_P
                    return
            elif any(self.certs[q] for q in range(self.num_players) if q != p):
                self.phase = AUDIT_P if rules.audit == 0 else TARGET_P
                return
            self._no_effect(events)
            return
        elif effect == FREEZE:
            self.phase = TARGET_P if rules.freeze == PLAYER_LOCK else FREEZE_P
            return
        elif effect == UPTURN:
            self.upturn_mask = 0
            self.phase = UPTURN_P
            if self._upturn_plays():
                return
            self.phase = MAIN
            self._no_effect(events)
            return
        elif events is not None:  # No Market Change
            events.append(Event("no_change", {}))
        self._finish_event(events)

    def _downturn(self, events: list[Event] | None) -> None:
        rules = self.rules
        removed = []
        for s in range(STOCKS):
            if rules.freeze == FULL_LOCK and self.frozen[s]:
                continue
            row = self.rows[s]
            for _ in range(rules.downturn_cards):
                if len(row) > 1:
                    card = row[-1]
                    row = row[:-1]
                    self.sdiscard.append(card)
                    removed.append(CARD_NAMES[card])
            self.rows[s] = row
            self.top[s] = VALUE_OF[row[-1]]
        if events is not None:
            events.append(Event("downturn", {"removed": removed}))

    def _no_effect(self, events: list[Event] | None) -> None:
        if events is not None:
            events.append(Event("no_effect", {"event": KIND_NAMES[self.executing]}))
        self._finish_event(events)

    def _finish_event(self, events: list[Event] | None) -> None:
        """The executed card goes to the event discard pile, face up; next player's turn."""
        if self.executing >= 0:
            self.ediscard.append(self.executing)
            self.executing = -1
        self._next_turn(events)

    def _crash(self, s: int, events: list[Event] | None) -> None:
        rules = self.rules
        if rules.freeze == FULL_LOCK and self.frozen[s]:
            return
        row = self.rows[s]
        removed = row[1:] if rules.crash_reset else row[-1:] if len(row) > 1 else ()
        if removed:
            row = self.rows[s] = row[: len(row) - len(removed)]
            self.sdiscard.extend(removed)
            self.top[s] = VALUE_OF[row[-1]]
        splits = 0
        if rules.crash_splits_discard and self.splits[s]:
            splits = self.splits[s]
            self.ediscard.extend([SPLIT_KIND[s]] * splits)
            self.splits[s] = 0
        if events is not None:
            data = {"stock": s, "removed": [CARD_NAMES[c] for c in removed], "splits": splits}
            events.append(Event("crash", data))

    def _lose_tokens(self, q: int, events: list[Event] | None) -> None:
        lost = min(self.rules.lost_tokens, self.tokens[q])
        self.tokens[q] -= lost
        self.supply += lost
        if events is not None:
            events.append(Event("option_lost", {"seat": q, "tokens": lost}))

    def _next_over_limit(self) -> bool:
        """Audit under enforce_limit: the next player above the limit, clockwise from the actor."""
        n = self.num_players
        for i in range(n):
            q = (self.actor + i) % n
            if len(self.certs[q]) > self.audit_limit:
                self.cur = q
                return True
        self.cur = self.actor
        return False

    def _do_insider(self, action: int, events: list[Event] | None) -> None:
        p = self.cur
        if action == A.DECLINE:
            if events is not None:
                events.append(Event("insider_decline", {"seat": p}))
            self._finish_event(events)
            return
        card = action - A.INSIDER_BASE
        hand = self.hands[p]
        hand.remove(card)
        self.certs[p] = _with(self.certs[p], card)
        if events is not None:
            shares = self.rules.shares[card]
            events.append(Event("insider", {"seat": p, "card": CARD_NAMES[card], "shares": shares}))
        if hand:
            self._finish_event(events)
        else:
            self._end_round(HAND_END, events)

    def _do_audit(self, card: int, events: list[Event] | None) -> None:
        owner = next(q for q in range(self.num_players) if card in self.certs[q])
        self.certs[owner] = tuple(c for c in self.certs[owner] if c != card)
        self.sdiscard.append(card)
        if events is not None:
            data = {"seat": self.actor, "target": owner, "card": CARD_NAMES[card]}
            events.append(Event("audit", data))
        if self.rules.audit == 2 and self._next_over_limit():
            return
        self.cur = self.actor
        self._finish_event(events)

    def _do_target(self, q: int, events: list[Event] | None) -> None:
        effect = EFFECT_OF[self.executing]
        if effect == AUDIT:  # target_chooses: the audited player picks the certificate
            self.cur = q
            self.phase = AUDIT_P
            if events is not None:
                events.append(Event("audit_target", {"seat": self.actor, "target": q}))
            return
        if effect == OPTION_LOST:
            self._lose_tokens(q, events)
            self._finish_event(events)
            return
        self.pfrozen[q] += 1  # freeze=player: the card lies in front of that player
        self.executing = -1
        if events is not None:
            events.append(Event("freeze_player", {"seat": self.actor, "target": q}))
        self._next_turn(events)

    def _do_freeze(self, s: int, events: list[Event] | None) -> None:
        self.frozen[s] += 1
        self._refresh()
        self.executing = -1
        if events is not None:
            events.append(Event("freeze", {"seat": self.actor, "stock": s}))
        self._next_turn(events)

    def _do_upturn(self, action: int, events: list[Event] | None) -> None:
        if action == A.STOP:
            if events is not None:
                events.append(Event("upturn_stop", {"seat": self.cur}))
            self._finish_event(events)
            return
        self.upturn_mask |= 1 << STOCK_OF[action]
        if self._place(action, events, "upturn_play"):
            return
        if not self._upturn_plays():
            self._finish_event(events)

    # ------------------------------------------------------------------ round end (§7)
    def _end_round(self, reason: int, events: list[Event] | None) -> None:
        """Complete the event bookkeeping (§6), then start the option exercise (§7.1)."""
        if self.executing >= 0:
            self.ediscard.append(self.executing)
            self.executing = -1
        for kind in self.pending:
            self.ediscard.append(kind | (self.actor + 1) << TAG_SHIFT)
        self.pending = []
        self.reason = reason
        if events is not None:
            events.append(Event("round_end", {"round": self.round, "reason": REASON_NAMES[reason]}))
        self.phase = EXERCISE
        self.exmask = [-1] * self.num_players
        self._next_exerciser(events)

    def _next_exerciser(self, events: list[Event] | None) -> None:
        n = self.num_players
        for i in range(n):
            q = (self.start + i) % n
            if self.exmask[q] < 0 and self.hands[q] and self.tokens[q]:
                self.cur = q
                return
        self._score_round(events)

    def _do_exercise(self, mask: int, events: list[Event] | None) -> None:
        p = self.cur
        self.exmask[p] = mask
        if events is not None:
            events.append(Event("exercise_decided", {"seat": p}))
            cards = [CARD_NAMES[self.hands[p][j]] for j in A.mask_positions(mask)]
            events.append(Event("exercise_chosen", {"seat": p, "cards": cards}, to=p))
        self._next_exerciser(events)

    def _score_round(self, events: list[Event] | None) -> None:
        n = self.num_players
        for i in range(n):  # reveal the options, then discard the hands (§7.1 steps 1-2)
            q = (self.start + i) % n
            mask = self.exmask[q]
            hand = self.hands[q]
            if mask > 0:
                cards = [hand[j] for j in A.mask_positions(mask)]
                for c in cards:
                    hand.remove(c)
                self.certs[q] = tuple(sorted(self.certs[q] + tuple(cards)))
                self.tokens[q] -= len(cards)
                self.supply += len(cards)
                if events is not None:
                    names = [CARD_NAMES[c] for c in cards]
                    events.append(Event("exercise", {"seat": q, "cards": names}))
        for q in range(n):
            hand = self.hands[q]
            if hand:
                self.sdiscard.extend(hand)
                if events is not None:
                    names = [CARD_NAMES[c] for c in hand]
                    events.append(Event("hand_discard", {"seat": q, "cards": names}))
                self.hands[q] = []
        self.exmask = [-1] * n
        prices = [self.price(s) for s in range(STOCKS)]
        shares = self.rules.shares
        scores = [sum(shares[c] * prices[STOCK_OF[c]] for c in self.certs[q]) for q in range(n)]
        for q in range(n):
            self.totals[q] += scores[q]
        self.history.extend(scores)
        if events is not None:
            events.append(
                Event(
                    "score",
                    {
                        "round": self.round,
                        "values": list(self.top),
                        "splits": list(self.splits),
                        "prices": prices,
                        "certificates": [[CARD_NAMES[c] for c in h] for h in self.certs],
                        "scores": scores,
                        "totals": list(self.totals),
                    },
                )
            )
        if self.round >= ROUNDS:
            self.phase = OVER
            self.cur = -1
            if events is not None:
                events.append(
                    Event("game_over", {"scores": list(self.totals), "winners": self.winners()})
                )
            return
        self._next_round(events)

    # ------------------------------------------------------------------ next round (§9)
    def _next_round(self, events: list[Event] | None) -> None:
        n = self.num_players
        full = self.reason == MARKET_CLOSED_END
        if full:  # (a) all 40 event cards, Market Closed 11th from the bottom
            self._build_event_deck()
        else:  # (b) discard pile + table cards shuffled under the remaining deck
            gathered = self.ediscard
            for s in range(STOCKS):
                gathered.extend([SPLIT_KIND[s]] * self.splits[s])
            freezes = sum(self.frozen) + sum(self.pfrozen)
            gathered.extend([FREEZE_KIND] * freezes)
            shuffle(self.rng, gathered)
            size = len(gathered)
            if size:
                old = len(self.edeck)
                self.eblocks = [size] + [b + size for b in self.eblocks if b < old]
                self.edeck[:0] = gathered
            self.ediscard = []
        self.splits = [0] * STOCKS
        self.frozen = [0] * STOCKS
        self.pfrozen = [0] * n
        if self.rules.refill:
            for q in range(n):
                got = min(max(0, C.tokens_each - self.tokens[q]), self.supply)
                self.tokens[q] += got
                self.supply -= got
        self.dealer = self.next_dealer()
        if events is not None:
            events.append(Event("event_deck", {"rebuilt": full, "cards": len(self.edeck)}))
        self._start_round(events)

    def next_dealer(self) -> int:
        """Lowest cumulative score deals; ties by the option ``dealer_tie`` (§9.3)."""
        n = self.num_players
        low = min(self.totals)
        if self.rules.dealer_tie_lowest:
            return self.totals.index(low)
        for i in range(1, n + 1):
            q = (self.dealer + i) % n
            if self.totals[q] == low:
                return q
        raise AssertionError("unreachable")

    # ------------------------------------------------------------------ information (§11)
    def scores(self) -> list[float]:
        return list(self.totals)

    def market_closed_position(self) -> int | None:
        """Market Closed's position in the event deck counted from the top (1 = top)."""
        deck = self.edeck
        for i in range(len(deck) - 1, -1, -1):
            if deck[i] & KIND_MASK == CLOSED:
                return len(deck) - i
        return None

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

    def determinize(self, seat: int, rng: Rng) -> TakeStockState:
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

    # ------------------------------------------------------------------ accounting helpers
    def event_locations(self) -> dict[str, list[int]]:
        """Kinds of every event card by location (the 40 are always accounted for, §6)."""
        table = [SPLIT_KIND[s] for s in range(STOCKS) for _ in range(self.splits[s])]
        freezes = sum(self.frozen) + sum(self.pfrozen)
        table.extend([FREEZE_KIND] * freezes)
        return {
            "deck": [e & KIND_MASK for e in self.edeck],
            "discard": [e & KIND_MASK for e in self.ediscard],
            "table": table,
            "held": [e & KIND_MASK for h in self.held for e in h],
            "pending": list(self.pending),
            "executing": [self.executing] if self.executing >= 0 else [],
            "aside": [CLOSED] if self.mc_aside else [],
        }

    def share_locations(self) -> list[int]:
        """Every share card id in hands, certificates, rows, draw and discard piles."""
        out = [c for h in self.hands for c in h]
        out += [c for h in self.certs for c in h]
        out += [c for r in self.rows for c in r]
        return out + self.sdraw + self.sdiscard


def _with(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` (sorted) with ``card`` inserted in order."""
    out = list(cards)
    insort(out, card)
    return tuple(out)


def _known_by(entry: int) -> str | int:
    tag = entry >> TAG_SHIFT
    if tag == 0:
        return "all"
    if tag == TAG_NOBODY:
        return "nobody"
    return tag - 1
