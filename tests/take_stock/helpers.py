"""State-building helpers for the Take Stock rule tests.

Tests create a state with :func:`new`, arrange it with the helpers below and drive it with
notation via :func:`do`. The helpers edit the position as data (:func:`position`, the stored
keys of ``full_view()``, docs/positions/take-stock.md) and restore it (:func:`set_position`),
moving cards from wherever they are, so the 60 share cards and 40 event cards stay accounted
for and every arranged position is checked whole by ``GAME.restore``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bazaar.core.game import Event
from bazaar.games.take_stock import GAME, TakeStockState
from bazaar.games.take_stock.components import (
    CARD_BY_NAME,
    CARD_NAMES,
    CLOSED,
    COMPONENTS,
    KIND_BY_NAME,
    KIND_NAMES,
    STARTERS,
    STOCK_BY_LETTER,
    STOCK_OF,
)
from bazaar.games.take_stock.positions import stored_part


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


def position(s: TakeStockState) -> dict[str, Any]:
    """The position of ``s`` as data to edit: the stored keys of its full view."""
    return stored_part(s.full_view())


def slot_names(s: TakeStockState) -> list[str]:
    """Every slot of the state, whichever class of the join (state.py) declares it."""
    return [name for cls in type(s).__mro__ for name in getattr(cls, "__slots__", ())]


def set_position(s: TakeStockState, data: dict[str, Any]) -> None:
    """Make ``s`` the position ``data``, through ``GAME.restore`` (which checks it is whole)."""
    fresh = GAME.restore(data)
    for name in slot_names(fresh):
        setattr(s, name, getattr(fresh, name))


def edit(s: TakeStockState, change: Callable[[dict[str, Any]], None]) -> None:
    """Apply ``change`` to the position of ``s`` as data."""
    data = position(s)
    change(data)
    set_position(s, data)


def _card_order(names: list[str]) -> list[str]:
    return sorted(names, key=card)


def _take(data: dict[str, Any], name: str) -> None:
    """Remove share card ``name`` from wherever it is (not a starter)."""
    assert card(name) not in STARTERS
    piles = [*data["hands"], data["share_draw_order"], data["share_discard"]]
    piles += [seat["certificates"] for seat in data["seats"]]
    piles += [row["cards"] for row in data["stocks"]]
    for pile in piles:
        if name in pile:
            pile.remove(name)
            return
    raise AssertionError(f"card {name} not found")


def give(s: TakeStockState, p: int, *cards: str) -> None:
    """Replace seat ``p``'s hand with exactly the named cards (old cards go under the pile)."""

    def change(data: dict[str, Any]) -> None:
        data["share_draw_order"][:0] = data["hands"][p]
        data["hands"][p] = []
        for name in cards:
            _take(data, name)
        data["hands"][p] = _card_order(list(cards))

    edit(s, change)


def set_certs(s: TakeStockState, p: int, *cards: str) -> None:
    """Replace seat ``p``'s certificates with the named cards."""

    def change(data: dict[str, Any]) -> None:
        seat = data["seats"][p]
        data["share_draw_order"][:0] = seat["certificates"]
        seat["certificates"] = []
        for name in cards:
            _take(data, name)
        seat["certificates"] = _card_order(list(cards))

    edit(s, change)


def set_row(s: TakeStockState, letter: str, *values: int, splits: int | None = None) -> None:
    """Set row ``letter`` to its starter 1 followed by ``values`` (e.g. 3, 7)."""

    def change(data: dict[str, Any]) -> None:
        row = data["stocks"][stock(letter)]
        data["share_draw_order"][:0] = row["cards"][1:]
        del row["cards"][1:]
        for v in values:
            _take(data, f"{letter}{v}")
            row["cards"].append(f"{letter}{v}")
        if splits is not None:
            _set_table(data, f"split-{letter}", row, "splits", splits)

    edit(s, change)


def _set_table(data: dict[str, Any], event: str, row: dict[str, Any], key: str, count: int) -> None:
    """Lay ``count`` ``event`` cards beside (``splits``) or on (``frozen``) ``row``: more come
    from the deck, discard or held events; fewer go to the bottom of the deck."""
    for _ in range(row[key], count):
        _pull_event(data, event)
    for _ in range(count, row[key]):
        data["event_deck_order"].insert(0, {"event": event, "known_by": "nobody"})
    row[key] = count


def set_frozen(s: TakeStockState, letter: str, count: int = 1) -> None:
    edit(s, lambda data: _set_table(data, "freeze", data["stocks"][stock(letter)], "frozen", count))


def _pull_event(data: dict[str, Any], event: str) -> None:
    """Remove one event card of kind ``event`` from the deck (the bottom first), the discard
    or the held events."""
    piles = [data["event_deck_order"], data["event_discard"], *data["held_events"]]
    for pile in piles:
        for i, entry in enumerate(pile):
            if entry["event"] == event:
                del pile[i]
                return
    raise AssertionError(f"no event card {event} left to move")


def stack_events(s: TakeStockState, *kinds: str) -> None:
    """Put event cards of the named kinds on top of the deck, drawn in this order."""

    def change(data: dict[str, Any]) -> None:
        for name in reversed(kinds):
            event = KIND_NAMES[kind(name)]
            _pull_event(data, event)
            known_by = "all" if kind(name) == CLOSED else "nobody"
            data["event_deck_order"].append({"event": event, "known_by": known_by})

    edit(s, change)


def discard_from_deck(s: TakeStockState, top: bool = True) -> None:
    """Move the top (or bottom) event card of the deck onto the event discard pile, known to
    whoever knew it in the deck."""

    def change(data: dict[str, Any]) -> None:
        data["event_discard"].append(data["event_deck_order"].pop(-1 if top else 0))

    edit(s, change)


def leave_only_market_closed(s: TakeStockState) -> None:
    """Lay every event card of the deck but Market Closed face up on the discard pile."""

    def change(data: dict[str, Any]) -> None:
        deck = data["event_deck_order"]
        closed = KIND_NAMES[CLOSED]
        for entry in deck:
            if entry["event"] != closed:
                data["event_discard"].append({"event": entry["event"], "known_by": "all"})
        data["event_deck_order"] = [entry for entry in deck if entry["event"] == closed]

    edit(s, change)


def draw_pile_to_discard(s: TakeStockState) -> None:
    """Move the whole share draw pile onto the share discard pile (in its order)."""

    def change(data: dict[str, Any]) -> None:
        data["share_discard"].extend(data["share_draw_order"])
        data["share_draw_order"] = []

    edit(s, change)


def park_share_piles(s: TakeStockState, p: int) -> None:
    """Empty the share draw and discard piles into seat ``p``'s certificates."""

    def change(data: dict[str, Any]) -> None:
        seat = data["seats"][p]
        parked = seat["certificates"] + data["share_draw_order"] + data["share_discard"]
        seat["certificates"] = _card_order(parked)
        data["share_draw_order"], data["share_discard"] = [], []

    edit(s, change)


def set_dealer(s: TakeStockState, p: int) -> None:
    """Make seat ``p`` this round's dealer (who starts is not changed)."""

    def change(data: dict[str, Any]) -> None:
        data["dealer"] = p

    edit(s, change)


def set_round(s: TakeStockState, round_no: int) -> None:
    """Make it round ``round_no`` (1-4), nothing else changed."""

    def change(data: dict[str, Any]) -> None:
        data["round"] = round_no

    edit(s, change)


def hold(s: TakeStockState, p: int, name: str, round_drawn: int = 1) -> None:
    """Give seat ``p`` a held event of kind ``name`` drawn in ``round_drawn`` (hold them in
    the order drawn, as in a game)."""

    def change(data: dict[str, Any]) -> None:
        event = KIND_NAMES[kind(name)]
        _pull_event(data, event)
        data["held_events"][p].append({"event": event, "round": round_drawn})

    edit(s, change)


def stack_draw(s: TakeStockState, *cards: str) -> None:
    """Put the named share cards on top of the draw pile, drawn in this order."""

    def change(data: dict[str, Any]) -> None:
        for name in reversed(cards):
            _take(data, name)
            data["share_draw_order"].append(name)

    edit(s, change)


def set_tokens(s: TakeStockState, tokens: list[int]) -> None:
    """Give each seat its number of option tokens; the rest of the 30 make the supply."""

    def change(data: dict[str, Any]) -> None:
        for seat, count in zip(data["seats"], tokens, strict=True):
            seat["tokens"] = count
        data["token_supply"] = COMPONENTS.tokens_total - sum(tokens)

    edit(s, change)


def set_totals(s: TakeStockState, totals: list[int]) -> None:
    """Set each seat's cumulative score (as if earned in earlier rounds)."""

    def change(data: dict[str, Any]) -> None:
        for seat, total in zip(data["seats"], totals, strict=True):
            seat["total"] = total

    edit(s, change)


def freeze_player(s: TakeStockState, p: int) -> None:
    """Lay a Stock Freeze in front of seat ``p`` (``freeze=player``: it may not Buy)."""

    def change(data: dict[str, Any]) -> None:
        _pull_event(data, "freeze")
        data["seats"][p]["frozen"] += 1

    edit(s, change)


def to_exercise(s: TakeStockState, p: int, round_no: int | None = None) -> TakeStockState:
    """Make seat ``p`` decide its option exercise (nobody has decided yet)."""

    def change(data: dict[str, Any]) -> None:
        data["to_move"] = p
        data["phase"] = "exercise"
        data["exercise_masks"] = [-1] * data["players"]
        if round_no is not None:
            data["round"] = round_no

    edit(s, change)
    return s


def to_choose(s: TakeStockState, p: int, *events: str) -> TakeStockState:
    """Make seat ``p`` choose between the two drawn ``events`` (draw-2, §5.3C①); earlier
    drawn cards go to the bottom of the deck."""

    def change(data: dict[str, Any]) -> None:
        for event in data["drawn_events"]:
            data["event_deck_order"].insert(0, {"event": event, "known_by": "nobody"})
        for event in events:
            _pull_event(data, event)
        data["drawn_events"] = list(events)
        data["to_move"] = data["actor"] = p
        data["phase"] = "choose-event"

    edit(s, change)
    return s


def to_execute(s: TakeStockState, p: int, event: str, phase: str) -> TakeStockState:
    """Make seat ``p`` execute ``event`` (taken from the deck), which opened ``phase``."""

    def change(data: dict[str, Any]) -> None:
        _pull_event(data, event)
        data["executing"] = event
        data["to_move"] = data["actor"] = p
        data["phase"] = phase

    edit(s, change)
    return s


def turn(s: TakeStockState, p: int, round_no: int | None = None) -> TakeStockState:
    """Make it seat ``p``'s action phase (the draw already made)."""

    def change(data: dict[str, Any]) -> None:
        data["to_move"] = data["actor"] = p
        data["phase"] = "action"
        if round_no is not None:
            data["round"] = round_no

    edit(s, change)
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
