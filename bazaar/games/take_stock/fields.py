"""The fields of a Take Stock state: constants, the option flags (:class:`Rules`) and
:class:`TakeStockFields`, the fields as data (clone generated from them, the hidden ones'
position keys) with the small read-only helpers that the rules and the views share.

Section numbers (§) refer to the rules spec (shared/rules/take_stock.md). Representation
(all lists of ints):

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

from typing import Any

from bazaar.core.game import Game
from bazaar.core.rng import Rng
from bazaar.core.statedata import Codec, StateData, kept, state_data
from bazaar.games.take_stock.components import (
    CARD_NAMES,
    CLOSED,
    COMPONENTS,
    DOWNTURN,
    FREEZE,
    KIND_NAMES,
    LETTERS,
    NUM_CARDS,
    OPTION_GAINED,
    OPTION_LOST,
    SIZES,
    STOCKS,
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


class Rules:
    """The option flags of one game, read once (shared by all clones)."""

    __slots__ = (
        "audit",
        "buy_extra",
        "crash_reset",
        "crash_splits_discard",
        "deal",
        "dealer_tie_lowest",
        "dealt_cards",
        "downturn_cards",
        "either_direction",
        "event_deck",
        "first_dealer_random",
        "freeze",
        "freeze_in_length",
        "gained_tokens",
        "insider_ignore",
        "later_round",
        "lost_any",
        "lost_tokens",
        "refill",
        "rounds",
        "shares",
        "window",
    )

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        table = C.shares_tables[options["shares_table"]]
        self.shares = tuple(table[VALUE_OF[c] - 1] for c in range(NUM_CARDS))
        size = SIZES[options["size"]]
        #: option ``size``: the rounds, the share cards dealt and the event cards of the game
        self.rounds = size.rounds
        self.dealt_cards = size.dealt_cards
        self.event_deck = size.event_deck
        self.deal = size.cards_dealt or C.deal_tables[options["deal_counts"]][players]
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


def _names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def known_by(entry: int) -> str | int:
    """Who knows which event card ``entry`` is: "all", "nobody" or a seat."""
    tag = entry >> TAG_SHIFT
    if tag == 0:
        return "all"
    if tag == TAG_NOBODY:
        return "nobody"
    return tag - 1


def _entries(entries: list[int]) -> list[dict[str, Any]]:
    return [{"event": KIND_NAMES[e & KIND_MASK], "known_by": known_by(e)} for e in entries]


#: how the hidden fields are written in the position (the public view writes the others)
SAME: Codec[int] = Codec()
OPTIONS: Codec[dict[str, Any]] = Codec(write=dict)
UPTURN_STOCKS: Codec[int] = Codec(
    write=lambda mask: [LETTERS[s] for s in range(STOCKS) if mask >> s & 1]
)
HANDS: Codec[list[list[int]]] = Codec(write=lambda hands: [_names(h) for h in hands])
HELD: Codec[list[tuple[int, ...]]] = Codec(
    write=lambda held: [
        [{"event": KIND_NAMES[e & KIND_MASK], "round": e >> TAG_SHIFT} for e in h] for h in held
    ]
)
ENTRIES: Codec[list[int]] = Codec(write=_entries)
LIST: Codec[list[int]] = Codec(write=list)
CARDS: Codec[list[int]] = Codec(write=_names)
KINDS: Codec[list[int]] = Codec(write=lambda kinds: [KIND_NAMES[k] for k in kinds])
RNG: Codec[Rng] = Codec(write=lambda rng: rng.state)


@state_data
class TakeStockFields(StateData):
    """The fields of a Take Stock state, each written once: its annotation says how it is
    copied (:func:`~bazaar.core.statedata.state_data`), ``kept`` under which key and codec a
    hidden field is written in the position, in this order (restore: positions.py)."""

    game: Game
    num_players: int
    options: dict[str, Any] = kept("options", OPTIONS)
    rules: Rules
    #: option tokens of each seat, and the tokens left in the supply
    tokens: list[int]
    supply: int
    #: cumulative scores, and every round's scores (round r of seat q at ``r * players + q``)
    totals: list[int]
    history: list[int]
    certs: list[tuple[int, ...]]
    pfrozen: list[int]
    rows: list[tuple[int, ...]]
    top: list[int]
    splits: list[int]
    frozen: list[int]
    sdiscard: list[int]
    mc_aside: bool
    #: kind of the event card being executed, -1 if none
    executing: int
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
    actor: int = kept("actor", SAME)
    #: bit mask of the stocks that have had their Market Upturn play
    upturn_mask: int = kept("upturn_stocks", UPTURN_STOCKS)
    audit_limit: int = kept("enforced_limit", SAME)
    hands: list[list[int]] = kept("hands", HANDS)
    held: list[tuple[int, ...]] = kept("held_events", HELD)
    ediscard: list[int] = kept("event_discard", ENTRIES)
    edeck: list[int] = kept("event_deck_order", ENTRIES)
    eblocks: list[int] = kept("event_blocks", LIST)
    sdraw: list[int] = kept("share_draw_order", CARDS)
    #: the kinds of the event cards drawn by a draw-2 and not yet chosen or discarded
    pending: list[int] = kept("drawn_events", KINDS)
    #: exercise choice (hand position bit mask) of each seat, -1 while undecided
    exmask: list[int] = kept("exercise_masks", LIST)
    rng: Rng = kept("rng", RNG)

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

    def market_closed_position(self) -> int | None:
        """Market Closed's position in the event deck counted from the top (1 = top)."""
        deck = self.edeck
        for i in range(len(deck) - 1, -1, -1):
            if deck[i] & KIND_MASK == CLOSED:
                return len(deck) - i
        return None

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
