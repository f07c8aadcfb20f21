"""State-building helpers for the Taiwan Night Market rule tests.

Tests create a state with :func:`new`, set up the position with the named helpers (hands,
customers at entrances, lots and stalls) and drive it with notation via :func:`do`. The
named helpers change the position as data (``full_view``, docs/positions/night-market.md)
and rebuild it with ``GAME.restore`` (:func:`edit`): each returns the new state
(``s = stall(s, 3, 0, "T1")``), assigns no internal field and cannot build a position that
breaks the rules' bookkeeping. Lots are given as board numbers 1-30 and customers as kind
names such as ``T2D`` everywhere in these helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bazaar.core.game import Event
from bazaar.core.rng import Rng
from bazaar.games.night_market import GAME, NightMarketState
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.components import (
    KIND_BY_NAME,
    KIND_NAMES,
    LETTERS,
    NUM_LETTERS,
    TYPE_NAMES,
)
from bazaar.games.night_market.fields import BID, HIDE
from bazaar.games.night_market.positions import DERIVED


def random_options(rng: Rng) -> dict[str, Any]:
    """A value for every rule option, drawn with ``rng`` (varied rules for seeded games), at
    the normal size (tests/night_market/test_mini.py plays the mini variant)."""
    return {
        o.name: o.choices[rng.below(len(o.choices))] for o in GAME.option_specs if o.name != "size"
    }


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


Position = dict[str, Any]


def edit(s: NightMarketState, change: Callable[[Position], None]) -> NightMarketState:
    """The state restored from ``s``'s position (its ``full_view`` without the derived
    fields) after ``change`` edited it; ``s`` itself stays as it was."""
    data = {key: value for key, value in s.full_view().items() if key not in DERIVED}
    change(data)
    restored = GAME.restore(data)
    assert isinstance(restored, NightMarketState)
    return restored


def _take(data: Position, name: str) -> int:
    """Remove one card of kind ``name`` from the deck, discard, out pile, a hand or the hidden
    customers of ``data`` (in that order); return its id."""
    cards = data["cards"]
    for pile in (cards["deck"], cards["discard"], cards["left_game"], *cards["hands"]):
        for i, card in enumerate(pile):
            if cards["kinds"][card] == name.upper():
                return int(pile.pop(i))
    for pile in cards["hidden"]:
        for i, card in enumerate(pile):
            if cards["kinds"][card] == name.upper():
                return int(pile.pop(i))
    raise AssertionError(f"no free {name} card left")


def hand(s: NightMarketState, p: int, *names: str) -> NightMarketState:
    """Give seat ``p`` exactly the named customers (the old hand goes to the deck)."""

    def change(data: Position) -> None:
        cards = data["cards"]
        cards["deck"] += cards["hands"][p]
        cards["hands"][p] = []
        cards["hands"][p] = [_take(data, n) for n in names]

    return edit(s, change)


def stand(s: NightMarketState, *customers: str) -> NightMarketState:
    """Put customers at entrances: ``"T0D"`` stands at its own letter, ``"T0D@C"`` at C."""

    def change(data: Position) -> None:
        for text in customers:
            name, _, at = text.partition("@")
            data["cards"]["waiting"].append([_take(data, name), (at or name[-1]).upper()])

    return edit(s, change)


def waiting(s: NightMarketState) -> list[str]:
    """Customers at entrances as ``kind@entrance``, in order."""
    kinds = s.rules.kind
    return [f"{KIND_NAMES[kinds[x // NUM_LETTERS]]}@{LETTERS[x % NUM_LETTERS]}" for x in s.waiting]


def clear_board(s: NightMarketState) -> NightMarketState:
    """No lot owned, no customer waiting, no hidden customers: a blank market (owned lots go
    back to the bottom of the land deck, their stalls to the supply, the customers on top of
    the customer deck)."""

    def change(data: Position) -> None:
        for i, lot in enumerate(data["lots"]):
            if lot["status"] == "owned":
                data["free_markers"][lot["owner"]] += 1
                if lot["stall"] is not None:
                    data["supply"][TYPE_NAMES.index(lot["stall"])] += 1
                lot.update(status="deck", owner=None, stall=None, won_round=None)
                data["land_order"].insert(0, i + 1)
        cards = data["cards"]
        cards["deck"] += [card for card, _ in cards["waiting"]]
        cards["waiting"] = []
        for hidden in cards["hidden"]:
            cards["deck"] += hidden
            hidden.clear()

    return edit(s, change)


def clear_entrances(s: NightMarketState) -> NightMarketState:
    """No customer waiting at the entrances (they go back on top of the customer deck)."""

    def change(data: Position) -> None:
        cards = data["cards"]
        cards["deck"] += [card for card, _ in cards["waiting"]]
        cards["waiting"] = []

    return edit(s, change)


def keep_waiting(s: NightMarketState, n: int) -> NightMarketState:
    """Only the first ``n`` customers stay at the entrances (the others go back on top of
    the customer deck)."""

    def change(data: Position) -> None:
        cards = data["cards"]
        cards["deck"] += [card for card, _ in cards["waiting"][n:]]
        del cards["waiting"][n:]

    return edit(s, change)


def stall(
    s: NightMarketState, lot: int, owner: int, type_name: str | None, won: int = 1
) -> NightMarketState:
    """Seat ``owner`` owns lot ``lot`` (1-30) with a stall (``None`` = empty), won in round
    ``won`` (the game moves on to that round if it is later than the current one)."""

    def change(data: Position) -> None:
        row = data["lots"][lot - 1]
        if row["status"] == "auction":  # it leaves the auction, with its bids
            data["auction"] = [a for a in data["auction"] if a["lot"] != lot]
            for _, seat, _ in [b for b in data["bid_log"] if b[0] == lot]:
                data["free_markers"][seat] += 1
            data["bid_log"] = [b for b in data["bid_log"] if b[0] != lot]
        if row["status"] == "deck":
            data["land_order"].remove(lot)
        if row["owner"] is not None:
            data["free_markers"][row["owner"]] += 1
        data["free_markers"][owner] -= 1
        if row["stall"] is not None:
            data["supply"][TYPE_NAMES.index(row["stall"])] += 1
        if type_name is not None:
            data["supply"][TYPE_NAMES.index(type_name)] -= 1
        row.update(status="owned", owner=owner, stall=type_name, won_round=won)
        data["round"] = max(data["round"], won)

    return edit(s, change)


def money(
    s: NightMarketState, cash: list[int] | None = None, loans: list[int] | None = None
) -> NightMarketState:
    """Set every seat's cash and/or number of loans."""

    def change(data: Position) -> None:
        if cash is not None:
            data["cash"] = list(cash)
        if loans is not None:
            data["loans"] = list(loans)

    return edit(s, change)


def turn_order(s: NightMarketState, order: list[int]) -> NightMarketState:
    """Make ``order`` this round's turn order (the seat to move stays the one to move)."""
    return edit(s, lambda data: data.update(turn_order=list(order)))


def own_lots(s: NightMarketState, counts: list[int]) -> NightMarketState:
    """Seat ``q`` gets ``counts[q]`` more unbuilt lots, the lowest lots still in the land deck."""
    free = [lot["lot"] for lot in s.full_view()["lots"] if lot["status"] == "deck"]
    for q, n in enumerate(counts):
        for _ in range(n):
            s = stall(s, free.pop(0), q, None)
    return s


def at_round(s: NightMarketState, round_: int) -> NightMarketState:
    """The game is in round ``round_`` (the rest of the position stays)."""
    return edit(s, lambda data: data.update(round=round_))


def hide(s: NightMarketState, p: int, *names: str) -> NightMarketState:
    """Seat ``p`` has also put the named customers face down this round."""

    def change(data: Position) -> None:
        data["cards"]["hidden"][p] += [_take(data, n) for n in names]

    return edit(s, change)


def hiding(s: NightMarketState, seat: int, need: int = 1) -> NightMarketState:
    """``seat`` must now choose ``need`` hidden customers from its hand."""
    return edit(s, lambda data: data.update(phase="hide", to_move=seat, hidden_to_choose=need))


def building(s: NightMarketState, seat: int, lot: int) -> NightMarketState:
    """``seat`` must now decide its unbuilt lot ``lot`` (1-30)."""
    return edit(
        s,
        lambda data: data.update(phase="build", to_move=seat, building_lot=lot, hidden_to_choose=0),
    )


def movement(
    s: NightMarketState,
    round_: int | None = None,
    change: Callable[[Position], None] | None = None,
) -> tuple[NightMarketState, list[Event]]:
    """Run steps 7-11 of the current round now (or of ``round_``); return the state after
    them and their events.

    The one helper that runs the engine out of its turn: the position is first edited into
    one whose bidding is over (the lots on auction got no bids and become void; ``change``
    may edit it further, such as hands smaller than a hiding seat may hold) and restored;
    then the end of the round runs on it, as it would after the last builder.
    """
    players = s.num_players

    def end_of_bidding(data: Position) -> None:
        if round_ is not None:
            data["round"] = round_
        for row in data["lots"]:
            if row["status"] == "auction":
                row["status"] = "void"
        for _, seat, _ in data["bid_log"]:
            data["free_markers"][seat] += 1
        data.update(auction=[], bid_log=[], phase="bid", hidden_to_choose=0, building_lot=None)
        data["to_move"] = data["turn_order"][0]
        data["bidding"].update(regular_turns_left=2 * players, lot=None, passed=[], gave_up=[])
        if change is not None:
            change(data)

    s = edit(s, end_of_bidding)
    events: list[Event] = []
    s._end_of_round(events)
    return s, events


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
    order: list[int] | None = None,
) -> NightMarketState:
    """Advance to the bidding; optionally set the auctioned lots (1-30; the others go back
    on top of the land deck), cash, loans and this round's turn order (its first seat bids
    first). Return the new state; the first bidder must have a legal bid."""
    hide_all(s)
    assert s.phase == BID and s.to_move() == s.order[0]
    players = s.num_players

    def change(data: Position) -> None:
        if lots is not None:
            rows = data["lots"]
            for row in rows:
                if row["status"] == "auction":
                    row["status"] = "deck"
                    data["land_order"].append(row["lot"])
            chosen = sorted(lots)
            for lot in chosen:
                if lot in data["land_order"]:
                    data["land_order"].remove(lot)
                rows[lot - 1]["status"] = "auction"
            data["auction"] = [
                {"lot": lot, "top": None, "leader": None, "bids": []} for lot in chosen
            ]
        if cash is not None:
            data["cash"] = list(cash)
        if loans is not None:
            data["loans"] = list(loans)
        if order is not None:
            data["turn_order"] = list(order)
        data["to_move"] = data["turn_order"][0]
        data["bidding"]["regular_turns_left"] = 2 * players

    s = edit(s, change)
    assert any(a != A.PASS for a in s.legal_actions()), "the engine would skip this bidder"
    return s


def passed(s: NightMarketState, seats: list[int]) -> NightMarketState:
    """The given seats have passed for this round's regular bids."""
    return edit(s, lambda data: data["bidding"].update(passed=sorted(seats)))


def bids(s: NightMarketState, leading: dict[int, tuple[int, int]]) -> NightMarketState:
    """Lot (1-30) -> (amount, seat): that seat's bid (one marker) leads the lot on auction."""

    def change(data: Position) -> None:
        for row in data["auction"]:
            if row["lot"] in leading:
                amount, seat = leading[row["lot"]]
                row.update(top=amount, leader=seat, bids=[[seat, amount]])
                data["bid_log"].append([row["lot"], seat, amount])
                data["free_markers"][seat] -= 1

    return edit(s, change)


def game_over(s: NightMarketState, cash: list[int], lots: list[int]) -> NightMarketState:
    """The game is over with this cash and ``lots[q]`` unbuilt lots owned by seat ``q`` (the
    lowest lots not removed at setup)."""
    free = [row["lot"] for row in s.full_view()["lots"] if row["status"] in ("deck", "auction")]
    for q, n in enumerate(lots):
        for _ in range(n):
            s = stall(s, free.pop(0), q, None)
    return edit(
        s,
        lambda data: data.update(phase="over", to_move=None, cash=list(cash), hidden_to_choose=0),
    )


def empty_supply(s: NightMarketState) -> None:
    """No stall of any type left in the supply. The engine guards against it, but no position
    holds it (4 types x 10 stalls do not fit on 30 lots), so ``restore`` refuses it: this
    helper alone sets the engine's field, in place."""
    s.supply = [0] * len(s.supply)


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
