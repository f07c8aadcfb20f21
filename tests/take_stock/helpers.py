"""State-building helpers for the Take Stock rule tests.

Tests create a state with :func:`new`, arrange it with the helpers below (which move cards
from wherever they are, so the 60 share cards and 40 event cards stay accounted for) and
drive it with notation via :func:`do`.
"""

from __future__ import annotations

from typing import Any

from bazaar.core.game import Event
from bazaar.games.take_stock import GAME, TakeStockState
from bazaar.games.take_stock.components import (
    CARD_BY_NAME,
    CARD_NAMES,
    CLOSED,
    KIND_BY_NAME,
    STARTERS,
    STOCK_BY_LETTER,
    STOCK_OF,
    VALUE_OF,
)
from bazaar.games.take_stock.state import KIND_MASK, MAIN, TAG_SHIFT


def new(players: int = 4, seed: int = 0, **options: Any) -> TakeStockState:
    """A fresh game; keyword arguments are rule options."""
    s = GAME.new(players, seed, options)
    assert isinstance(s, TakeStockState)
    return s


def card(name: str) -> int:
    """Share card id from its name, e.g. ``O7``."""
    return CARD_BY_NAME[name.lower()]


def kind(name: str) -> int:
    """Event kind from its name, e.g. ``split-O``, ``audit``."""
    return KIND_BY_NAME[name.lower()]


def stock(letter: str) -> int:
    return STOCK_BY_LETTER[letter.lower()]


def names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def _take(s: TakeStockState, c: int) -> None:
    """Remove share card ``c`` from wherever it is (not a starter)."""
    assert c not in STARTERS
    for pile in (*s.hands, s.sdraw, s.sdiscard):
        if c in pile:
            pile.remove(c)
            return
    for q, certs in enumerate(s.certs):
        if c in certs:
            s.certs[q] = tuple(x for x in certs if x != c)
            return
    for k, row in enumerate(s.rows):
        if c in row:
            s.rows[k] = row = tuple(x for x in row if x != c)
            s.top[k] = VALUE_OF[row[-1]]
            return
    raise AssertionError(f"card {CARD_NAMES[c]} not found")


def give(s: TakeStockState, p: int, *cards: str) -> None:
    """Replace seat ``p``'s hand with exactly the named cards (old cards go under the pile)."""
    old = s.hands[p]
    s.hands[p] = []
    s.sdraw[:0] = old
    for name in cards:
        _take(s, card(name))
        s.hands[p].append(card(name))
    s.hands[p].sort()


def set_certs(s: TakeStockState, p: int, *cards: str) -> None:
    """Replace seat ``p``'s certificates with the named cards."""
    old = s.certs[p]
    s.certs[p] = ()
    s.sdraw[:0] = old
    for name in cards:
        _take(s, card(name))
    s.certs[p] = tuple(sorted(card(name) for name in cards))


def set_row(s: TakeStockState, letter: str, *values: int, splits: int | None = None) -> None:
    """Set row ``letter`` to its starter 1 followed by ``values`` (e.g. 3, 7)."""
    k = stock(letter)
    s.sdraw[:0] = s.rows[k][1:]
    s.rows[k] = s.rows[k][:1]
    for v in values:
        c = card(f"{letter}{v}")
        _take(s, c)
        s.rows[k] = (*s.rows[k], c)
    s.top[k] = values[-1] if values else 1
    if splits is not None:
        _set_table(s, "split", k, splits)
    s._refresh()


def _set_table(s: TakeStockState, base: str, k: int, count: int) -> None:
    """Put ``count`` copies of a table event (split of stock k) beside the row."""
    table_kind = kind(f"{base}-{'CGTOM'[k]}")
    current = s.splits[k]
    while current < count:
        _pull_event(s, table_kind)
        current += 1
    while current > count:
        s.edeck.insert(0, table_kind | 7 << TAG_SHIFT)
        current -= 1
    s.splits[k] = count


def set_frozen(s: TakeStockState, letter: str, count: int = 1) -> None:
    k = stock(letter)
    for _ in range(count - s.frozen[k]):
        _pull_event(s, kind("freeze"))
    s.frozen[k] = count
    s._refresh()


def _pull_event(s: TakeStockState, k: int) -> int:
    """Remove one event card of kind ``k`` from the deck, discard or held events."""
    for pile in (s.edeck, s.ediscard):
        for i, e in enumerate(pile):
            if e & KIND_MASK == k:
                del pile[i]
                return e
    for q, held in enumerate(s.held):
        for i, e in enumerate(held):
            if e & KIND_MASK == k:
                s.held[q] = held[:i] + held[i + 1 :]
                return e
    raise AssertionError(f"no event card of kind {k} left to move")


def stack_events(s: TakeStockState, *kinds: str) -> None:
    """Put event cards of the named kinds on top of the deck, drawn in this order."""
    for name in reversed(kinds):
        k = kind(name)
        if k == CLOSED:
            _pull_event(s, k)
            s.edeck.append(k)
        else:
            _pull_event(s, k)
            s.edeck.append(k | 7 << TAG_SHIFT)


def hold(s: TakeStockState, p: int, name: str, round_drawn: int = 1) -> None:
    """Give seat ``p`` a held event of kind ``name`` drawn in ``round_drawn`` (hold them in
    the order drawn, as in a game)."""
    k = kind(name)
    _pull_event(s, k)
    s.held[p] = (*s.held[p], k | round_drawn << TAG_SHIFT)


def stack_draw(s: TakeStockState, *cards: str) -> None:
    """Put the named share cards on top of the draw pile, drawn in this order."""
    for name in reversed(cards):
        _take(s, card(name))
        s.sdraw.append(card(name))


def turn(s: TakeStockState, p: int, round_no: int | None = None) -> TakeStockState:
    """Make it seat ``p``'s action phase (the draw already made)."""
    s.cur = s.actor = p
    s.phase = MAIN
    if round_no is not None:
        s.round = round_no
    s._refresh()
    return s


def do(s: TakeStockState, *moves: str) -> list[Event]:
    """Apply each move (notation) with full validation; return all events."""
    events: list[Event] = []
    for move in moves:
        events.extend(s.apply(s.parse(move)))
    return events


def legal(s: TakeStockState) -> set[str]:
    """Notations of the legal actions now."""
    return set(s.legal_notations())


def kinds_of(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: list[Event], kind_name: str) -> Event:
    return next(e for e in events if e.kind == kind_name)


def event_total(s: TakeStockState) -> int:
    return sum(len(v) for v in s.event_locations().values())


def share_total(s: TakeStockState) -> list[int]:
    return sorted(s.share_locations())


def stock_of(name: str) -> int:
    return STOCK_OF[card(name)]
