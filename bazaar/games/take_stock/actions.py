"""The fixed integer action encoding of Take Stock and its text notation.

Cards are written stock letter + value (``O7`` = oil 7; stocks C cereal, G gems, T tech,
O oil, M movies); event kinds by name (``split-O``, ``audit``, ``market-crash``). ``card``
is a share card id (0..59) and ``kind`` an event kind (0..23), see ``components``.

=============  ======================  ===================================================
actions        notation                meaning
=============  ======================  ===================================================
0–59           ``play O7``             A. Manipulate: play a card onto its row (also the
                                       plays of a Market Upturn)
60–3659        ``buy O7 C3``           B. Buy: O7 becomes a certificate, C3 is discarded
                                       (60 + 60 × certificate + discard)
3660–3719      ``event2 C3``           C①. Discard C3, draw 2 events, execute one
3720–3779      ``event1 C3``           C②. Discard C3, draw 1 event and hold it
3780–5219      ``trigger audit C3``    D. Discard C3, execute a held event of that kind
                                       (3780 + 60 × kind + discard)
5220–5243      ``choose split-O``      after ``event2``: the drawn event to execute
5244–5303      ``insider O7``          Insider Trading: O7 becomes a certificate
5304           ``decline``             Insider Trading: take no certificate
5305           ``stop``                Market Upturn: make no more plays
5306–5365      ``audit O7``            Stock Audit: certificate O7 is discarded
5366–5371      ``target 2``            choose seat 2 (Audit target, Option Lost, Freeze on
                                       a player)
5372–5376      ``freeze O``            Stock Freeze on the oil row
5377–6400      ``exercise 1 3``        round end: exercise options on hand cards 1 and 3
                                       (positions in the hand sorted by card; ``exercise
                                       none`` = mask 0); 5377 + bit mask of positions
=============  ======================  ===================================================
"""

from __future__ import annotations

from bazaar.core.errors import NotationError, Refusals, Term
from bazaar.games.take_stock.components import (
    CARD_BY_NAME,
    CARD_NAMES,
    COMPONENTS,
    KIND_BY_NAME,
    KIND_NAMES,
    LETTERS,
    NUM_CARDS,
    NUM_KINDS,
    STOCK_BY_LETTER,
    STOCKS,
)

MAX_SEATS = 6
MAX_HAND = COMPONENTS.max_hand

PLAY_BASE = 0
BUY_BASE = PLAY_BASE + NUM_CARDS
EVENT2_BASE = BUY_BASE + NUM_CARDS * NUM_CARDS
EVENT1_BASE = EVENT2_BASE + NUM_CARDS
TRIGGER_BASE = EVENT1_BASE + NUM_CARDS
CHOOSE_BASE = TRIGGER_BASE + NUM_KINDS * NUM_CARDS
INSIDER_BASE = CHOOSE_BASE + NUM_KINDS
DECLINE = INSIDER_BASE + NUM_CARDS
STOP = DECLINE + 1
AUDIT_BASE = STOP + 1
TARGET_BASE = AUDIT_BASE + NUM_CARDS
FREEZE_BASE = TARGET_BASE + MAX_SEATS
EXERCISE_BASE = FREEZE_BASE + STOCKS
NUM_ACTIONS = EXERCISE_BASE + (1 << MAX_HAND)

EXAMPLES = (
    "'play O7', 'buy O7 C3', 'event2 C3', 'event1 C3', 'trigger audit C3', 'choose split-O', "
    "'insider O7', 'decline', 'stop', 'audit O7', 'target 2', 'freeze O', 'exercise 1 3', "
    "'exercise none'"
)


def mask_positions(mask: int) -> list[int]:
    """0-based hand positions in an exercise mask."""
    return [j for j in range(MAX_HAND) if mask >> j & 1]


def notation(action: int) -> str:
    """The text notation of an action number."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise refuse(
            "{action!r} is not an action number of take-stock (0-{most})",
            action=action,
            most=NUM_ACTIONS - 1,
        )
    if action < BUY_BASE:
        return f"play {CARD_NAMES[action]}"
    if action < EVENT2_BASE:
        cert, discard = divmod(action - BUY_BASE, NUM_CARDS)
        return f"buy {CARD_NAMES[cert]} {CARD_NAMES[discard]}"
    if action < EVENT1_BASE:
        return f"event2 {CARD_NAMES[action - EVENT2_BASE]}"
    if action < TRIGGER_BASE:
        return f"event1 {CARD_NAMES[action - EVENT1_BASE]}"
    if action < CHOOSE_BASE:
        kind, discard = divmod(action - TRIGGER_BASE, NUM_CARDS)
        return f"trigger {KIND_NAMES[kind]} {CARD_NAMES[discard]}"
    if action < INSIDER_BASE:
        return f"choose {KIND_NAMES[action - CHOOSE_BASE]}"
    if action < DECLINE:
        return f"insider {CARD_NAMES[action - INSIDER_BASE]}"
    if action == DECLINE:
        return "decline"
    if action == STOP:
        return "stop"
    if action < TARGET_BASE:
        return f"audit {CARD_NAMES[action - AUDIT_BASE]}"
    if action < FREEZE_BASE:
        return f"target {action - TARGET_BASE}"
    if action < EXERCISE_BASE:
        return f"freeze {LETTERS[action - FREEZE_BASE]}"
    positions = mask_positions(action - EXERCISE_BASE)
    if not positions:
        return "exercise none"
    return "exercise " + " ".join(str(j + 1) for j in positions)


FORMS = Term(
    "'play O7' (or just 'O7'), 'buy O7 C3', 'event2 C3', 'event1 C3', 'trigger EVENT C3', "
    "'choose EVENT', 'insider O7', 'decline', 'stop', 'audit O7', 'target SEAT', "
    "'freeze STOCK', 'exercise 1 3' or 'exercise none'"
)
refuse = Refusals(__package__, NotationError)


def _card(text: str, original: str) -> int:
    card = CARD_BY_NAME.get(text)
    if card is None:
        raise refuse(
            "{original!r}: {text!r} is not a share card (stock letter C, G, T, O or M and a "
            "value 1-12, e.g. O7 or C12)",
            original=original,
            text=text,
        )
    return card


def _kind(text: str, original: str) -> int:
    kind = KIND_BY_NAME.get(text)
    if kind is None:
        raise refuse(
            "{original!r}: {text!r} is not an event (one of {kinds})",
            original=original,
            text=text,
            kinds=", ".join(KIND_NAMES),
        )
    return kind


def _stock(text: str, original: str) -> int:
    stock = STOCK_BY_LETTER.get(text)
    if stock is None:
        raise refuse(
            "{original!r}: {text!r} is not a stock (C, G, T, O or M)", original=original, text=text
        )
    return stock


def _arity(head: str, rest: list[str], n: int, form: str, original: str) -> None:
    if len(rest) != n:
        raise refuse(
            "{original!r}: '{head}' is written {form!r}", original=original, head=head, form=form
        )


def parse(text: str) -> int:
    """Read notation (case-insensitive, extra spaces or commas allowed) into an action number.

    ``exercise`` takes 1-based hand positions here; :meth:`TakeStockState.parse` also
    accepts card names, which need the hand.
    """
    original = text
    if not isinstance(text, str):
        raise refuse("{text!r} is not move notation (a string)", text=text)
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise refuse("empty move: type a move such as {forms}", forms=FORMS)
    head, rest = words[0], words[1:]
    if head in CARD_BY_NAME and not rest:
        return PLAY_BASE + CARD_BY_NAME[head]
    if head == "play":
        _arity(head, rest, 1, "play O7", original)
        return PLAY_BASE + _card(rest[0], original)
    if head == "buy":
        if len(rest) == 3 and rest[1] == "discard":
            rest = [rest[0], rest[2]]
        _arity(head, rest, 2, "buy CERTIFICATE DISCARD, e.g. buy O7 C3", original)
        return BUY_BASE + _card(rest[0], original) * NUM_CARDS + _card(rest[1], original)
    if head in ("event2", "event1"):
        _arity(head, rest, 1, f"{head} DISCARD, e.g. {head} C3", original)
        base = EVENT2_BASE if head == "event2" else EVENT1_BASE
        return base + _card(rest[0], original)
    if head == "trigger":
        _arity(head, rest, 2, "trigger EVENT DISCARD, e.g. trigger audit C3", original)
        return TRIGGER_BASE + _kind(rest[0], original) * NUM_CARDS + _card(rest[1], original)
    if head == "choose":
        _arity(head, rest, 1, "choose EVENT, e.g. choose split-O", original)
        return CHOOSE_BASE + _kind(rest[0], original)
    if head == "insider":
        _arity(head, rest, 1, "insider O7", original)
        return INSIDER_BASE + _card(rest[0], original)
    if head == "decline" and not rest:
        return DECLINE
    if head == "stop" and not rest:
        return STOP
    if head == "audit":
        _arity(head, rest, 1, "audit O7", original)
        return AUDIT_BASE + _card(rest[0], original)
    if head == "target":
        _arity(head, rest, 1, "target SEAT, e.g. target 2", original)
        seat = rest[0].removeprefix("seat")
        if not seat.isdigit() or int(seat) >= MAX_SEATS:
            raise refuse(
                "{original!r}: {text!r} is not a seat number (0-5)", original=original, text=rest[0]
            )
        return TARGET_BASE + int(seat)
    if head == "freeze":
        _arity(head, rest, 1, "freeze STOCK, e.g. freeze O", original)
        return FREEZE_BASE + _stock(rest[0], original)
    if head == "exercise":
        return EXERCISE_BASE + parse_positions(rest, original)
    raise refuse("{original!r} is not a move: use {forms}", original=original, forms=FORMS)


def parse_positions(words: list[str], original: str) -> int:
    """The mask of 1-based hand positions ``words`` (``none`` or nothing = 0)."""
    if not words or words == ["none"]:
        return 0
    mask = 0
    for word in words:
        if not word.isdigit() or not 1 <= int(word) <= MAX_HAND:
            raise refuse(
                "{original!r}: {text!r} is not a hand position (1-{most}); write "
                "'exercise 1 3' for the 1st and 3rd cards of your hand, or name the cards, "
                "e.g. 'exercise O7 C3'",
                original=original,
                text=word,
                most=MAX_HAND,
            )
        bit = 1 << (int(word) - 1)
        if mask & bit:
            raise refuse(
                "{original!r}: position {position} appears twice", original=original, position=word
            )
        mask |= bit
    return mask


def parse_exercise_cards(words: list[str], hand: list[int], original: str) -> int:
    """The mask of the named cards ``words`` in ``hand`` (sorted card ids)."""
    mask = 0
    for word in words:
        card = _card(word, original)
        if card not in hand:
            raise refuse(
                "{original!r}: {card} is not in your hand", original=original, card=CARD_NAMES[card]
            )
        bit = 1 << hand.index(card)
        if mask & bit:
            raise refuse(
                "{original!r}: {card} appears twice", original=original, card=CARD_NAMES[card]
            )
        mask |= bit
    return mask
