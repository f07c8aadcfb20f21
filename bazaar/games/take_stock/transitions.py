"""The rules of Take Stock as transitions: :class:`TakeStockTransitions` holds whose move it
is, the legal actions, notation, refusals (delegated to refusals.py), every transition of the
rules spec (shared/rules/take_stock.md, § numbers) and the scores.
"""

from __future__ import annotations

from bisect import insort
from itertools import permutations

from bazaar.core.errors import IllegalAction
from bazaar.core.game import Event
from bazaar.core.rng import Rng
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock import refusals
from bazaar.games.take_stock.components import (
    AUDIT,
    CARD_BY_NAME,
    CARD_NAMES,
    CLOSED,
    CRASH,
    DEALT_CARDS,
    DOWNTURN,
    EFFECT_OF,
    FREEZE,
    INSIDER,
    KIND_NAMES,
    KIND_STOCK,
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
from bazaar.games.take_stock.fields import (
    AUDIT_P,
    CHOOSE,
    DECK_END,
    END_VALUES,
    EXERCISE,
    FREEZE_KIND,
    FREEZE_P,
    FULL_LOCK,
    HAND_END,
    INSIDER_P,
    KIND_MASK,
    MAIN,
    MARKET_CLOSED_END,
    MC_ENTRY,
    NO_END,
    OVER,
    PLAYER_LOCK,
    REASON_NAMES,
    ROUNDS,
    SPLIT_KIND,
    TAG_NOBODY,
    TAG_SHIFT,
    TARGET_P,
    UPTURN_P,
    VALUE_END,
    C,
    TakeStockFields,
)

POPCOUNT = tuple(bin(m).count("1") for m in range(1 << A.MAX_HAND))
_BUY_ROW = tuple(A.BUY_BASE + c * NUM_CARDS for c in range(NUM_CARDS))
_EV1 = A.EVENT1_BASE
_EV2 = A.EVENT2_BASE
_STOCK_BITS = tuple(((1 << VALUES) - 1) << s * VALUES for s in range(STOCKS))


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


class TakeStockTransitions(TakeStockFields):
    """The rules: legal actions and the transitions they make."""

    __slots__ = ()

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


def _with(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` (sorted) with ``card`` inserted in order."""
    out = list(cards)
    insort(out, card)
    return tuple(out)
