"""State-building helpers for the Taiwan Night Market rule tests.

Tests create a state with :func:`new`, then set fields directly (lots, cash, customers at
entrances, the auction) and drive it with notation via :func:`do`. Lots are given as board
numbers 1-30 and customers as kind names such as ``T2D`` everywhere in these helpers.
"""

from __future__ import annotations

from typing import Any

from bazaar.core.game import Event
from bazaar.core.rng import Rng
from bazaar.games.night_market import GAME, NightMarketState
from bazaar.games.night_market.components import (
    KIND_BY_NAME,
    KIND_NAMES,
    LETTERS,
    NUM_LETTERS,
    NUM_LOTS,
)
from bazaar.games.night_market.state import AUCTION, BID, HIDE, IN_DECK, OWNED


def random_options(rng: Rng) -> dict[str, Any]:
    """A value for every rule option, drawn with ``rng`` (varied rules for seeded games)."""
    return {o.name: o.choices[rng.below(len(o.choices))] for o in GAME.option_specs}


def new(players: int = 4, seed: int = 0, **options: Any) -> NightMarketState:
    """A fresh game; keyword arguments are rule options."""
    s = GAME.new(players, seed, options)
    assert isinstance(s, NightMarketState)
    return s


def do(s: NightMarketState, *moves: str) -> list[Event]:
    """Apply each move (notation) with full validation; return all events."""
    events: list[Event] = []
    for move in moves:
        events.extend(s.apply(s.parse(move)))
    return events


def legal(s: NightMarketState) -> set[str]:
    return set(s.legal_notations())


def kind(name: str) -> int:
    return KIND_BY_NAME[name.lower()]


def take(s: NightMarketState, name: str) -> int:
    """Remove one customer card of kind ``name`` from the deck or a hand; return its id."""
    k = kind(name)
    for pile in (s.deck, s.discard, s.out, *s.hands, *s.hidden):
        for i, card in enumerate(pile):
            if s.rules.kind[card] == k:
                return pile.pop(i)
    raise AssertionError(f"no free {name} card left")


def hand(s: NightMarketState, p: int, *names: str) -> None:
    """Give seat ``p`` exactly the named customers (the old hand goes to the deck)."""
    s.deck.extend(s.hands[p])
    s.hands[p] = []
    s.hands[p] = [take(s, n) for n in names]


def stand(s: NightMarketState, *customers: str) -> None:
    """Put customers at entrances: ``"T0D"`` stands at its own letter, ``"T0D@C"`` at C."""
    for text in customers:
        name, _, at = text.partition("@")
        entrance = LETTERS.index((at or name[-1]).upper())
        s.waiting.append(take(s, name) * NUM_LETTERS + entrance)


def waiting(s: NightMarketState) -> list[str]:
    """Customers at entrances as ``kind@entrance``, in order."""
    kinds = s.rules.kind
    return [f"{KIND_NAMES[kinds[x // NUM_LETTERS]]}@{LETTERS[x % NUM_LETTERS]}" for x in s.waiting]


def clear_board(s: NightMarketState) -> None:
    """No lot owned, no customer waiting, no hidden customers: a blank market."""
    for lot in range(NUM_LOTS):
        s.owner[lot] = -1
        s.stall[lot] = -1
        s.won[lot] = 0
        if s.status[lot] == OWNED:
            s.status[lot] = IN_DECK
    s.nlots = [0] * s.num_players
    for x in s.waiting:
        s.deck.append(x // NUM_LETTERS)
    s.waiting = []
    for p in range(s.num_players):
        s.deck.extend(s.hidden[p])
        s.hidden[p] = []


def stall(s: NightMarketState, lot: int, owner: int, type_name: str | None, won: int = 1) -> None:
    """Seat ``owner`` owns lot ``lot`` (1-30) with a stall (``None`` = empty), won in ``won``."""
    i = lot - 1
    if s.owner[i] < 0:
        s.nlots[owner] += 1
    elif s.owner[i] != owner:
        s.nlots[s.owner[i]] -= 1
        s.nlots[owner] += 1
    s.owner[i] = owner
    s.stall[i] = -1 if type_name is None else int(type_name[1])
    s.status[i] = OWNED
    s.won[i] = won


def movement(s: NightMarketState, round_: int | None = None) -> list[Event]:
    """Run steps 7-11 of the current round now (or of ``round_``); return the events."""
    if round_ is not None:
        s.round = round_
    events: list[Event] = []
    s._end_of_round(events)
    return events


def moves(events: list[Event]) -> list[tuple[str, str, int | None, str | None]]:
    """The ``move`` events as (customer, from, lot, to)."""
    return [
        (e.data["customer"], e.data["from"], e.data["lot"], e.data["to"])
        for e in events
        if e.kind == "move"
    ]


def income(events: list[Event]) -> list[int]:
    return next(e.data["income"] for e in events if e.kind == "income")


def bonus(events: list[Event]) -> list[int]:
    return next(e.data["bonus"] for e in events if e.kind == "bonus")


def hide_all(s: NightMarketState) -> None:
    """Everyone chooses the first legal hidden customer until bidding starts."""
    while s.phase == HIDE:
        s.apply(s.legal_actions()[0])


def to_bidding(
    s: NightMarketState,
    lots: list[int] | None = None,
    cash: list[int] | None = None,
    loans: list[int] | None = None,
) -> NightMarketState:
    """Advance to the bidding; optionally set the auctioned lots (1-30), cash and loans."""
    hide_all(s)
    assert s.phase == BID and s.step == 0
    if lots is not None:
        for lot in s.auction:
            s.status[lot] = IN_DECK
            s.land.append(lot)
        chosen = sorted(x - 1 for x in lots)
        for lot in chosen:
            if lot in s.land:
                s.land.remove(lot)
            s.status[lot] = AUCTION
        s.auction = chosen
        s.top = [-1] * len(chosen)
        s.lead = [-1] * len(chosen)
    if cash is not None:
        s.cash = list(cash)
    if loans is not None:
        s.loans = list(loans)
    s.step = 0
    s._next_bidder(None)
    return s


def leaders(s: NightMarketState) -> dict[int, tuple[int, int]]:
    """Current auction: lot (1-30) -> (top bid, leading seat) for lots with a bid."""
    return {lot + 1: (s.top[i], s.lead[i]) for i, lot in enumerate(s.auction) if s.lead[i] >= 0}


def card_total(s: NightMarketState) -> int:
    """Customer cards in deck, hands, hidden, at entrances, discarded and out (always 40)."""
    return (
        len(s.deck)
        + sum(len(h) for h in s.hands)
        + sum(len(h) for h in s.hidden)
        + len(s.waiting)
        + len(s.discard)
        + len(s.out)
    )
