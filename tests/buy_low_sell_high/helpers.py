"""State-building helpers for the Buy Low Sell High rule tests.

Tests create a state with :func:`new`, set up the position with the named helpers below
(hands, pile, price columns, market row, money, holdings, year, whose turn) and drive it with
notation via :func:`do`. Every helper builds a new state with ``GAME.restore`` from the
state's full view (docs/positions/buy-low-sell-high.md) with one change made, and returns it:
``s = give(s, 0, "K1+3")``. The position stays a real one (the 45-card deck, 12 tokens per
kind): cards a helper puts somewhere are taken from the pile (from its bottom; failing that
from another seat's hand, which gets a pile card instead) and cards it replaces go to the
bottom of the pile; tokens a seat's holdings gain or lose come off or go onto the top of
that kind's column, and tokens a column gains or loses go to or come from the holdings of
the seats not named in ``keep`` (the last seat first), so buy and sell prices stay as set.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bazaar.core.game import Event
from bazaar.games.buy_low_sell_high import GAME, BlshState
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high.components import (
    CARD_BY_NAME,
    CARD_NAMES,
    COMMISSION,
    COMPONENTS,
    DIVIDEND,
    NEWS,
    card_colour,
    card_type,
)
from bazaar.games.buy_low_sell_high.fields import PHASE_NAMES, PLAY, REDRAW, TRADE
from bazaar.games.buy_low_sell_high.positions import DERIVED

SPACES = COMPONENTS.price_spaces
TOP = len(SPACES) - 1


def new(players: int = 3, seed: int = 0, **options: Any) -> BlshState:
    """A fresh game; keyword arguments are rule options."""
    s = GAME.new(players, seed, options)
    assert isinstance(s, BlshState)
    return s


def card(name: str) -> int:
    """Card id from its name, e.g. ``K1+3``, ``K0div``, ``K2news``, ``K1com``."""
    return CARD_BY_NAME[name.lower()]


def name_of(name: str) -> str:
    """The canonical spelling of a card name (``k0DIV`` -> ``K0div``)."""
    return CARD_NAMES[card(name)]


# --------------------------------------------------------------------- full view -> restore
def stored(s: BlshState) -> dict[str, Any]:
    """The stored fields of ``s``'s full view (derived ones left out), ready to change."""
    data = {key: value for key, value in s.full_view().items() if key not in DERIVED}
    data["columns"] = [{"tokens": c["tokens"]} for c in data["columns"]]
    data["row"] = [{"card": r["card"], "covered": r["covered"]} for r in data["row"]]
    return data


def rebuilt(data: dict[str, Any]) -> BlshState:
    """The state restored from full-view ``data`` (BadRecord if inconsistent)."""
    state = GAME.restore(data)
    assert isinstance(state, BlshState)
    return state


def edited(s: BlshState, change: Callable[[dict[str, Any]], None]) -> BlshState:
    """A new state: ``s``'s stored full view with ``change`` applied to it, restored."""
    data = stored(s)
    change(data)
    return rebuilt(data)


def restored(s: BlshState, **changes: Any) -> BlshState:
    """A new state built by ``GAME.restore`` from the stored fields of ``s``'s full view with
    ``changes`` (e.g. ``money=[...]``, ``phase="forced-sale"``); BadRecord if inconsistent."""
    return edited(s, lambda data: data.update(changes))


def _take(data: dict[str, Any], name: str, keep: tuple[int, ...] = ()) -> None:
    """Remove one copy of card ``name`` from the pile, else from the hand of a seat not in
    ``keep`` (which gets the bottom pile card instead); AssertionError if none is left."""
    name = name_of(name)
    pile = data["pile_order"]
    if name in pile:
        pile.remove(name)
        return
    for q, hand in enumerate(data["hands"]):
        if q not in keep and name in hand:
            hand.remove(name)
            assert pile, f"no pile card left to replace {name} in seat {q}'s hand"
            hand.append(pile.pop(0))
            return
    raise AssertionError(f"no {name} left in the pile or another hand (the deck is 45 cards)")


def _to_pile_bottom(data: dict[str, Any], names: list[str]) -> None:
    data["pile_order"][:0] = names


# --------------------------------------------------------------------- cards
def _give(data: dict[str, Any], p: int, names: tuple[str, ...]) -> None:
    _to_pile_bottom(data, data["hands"][p])
    data["hands"][p] = []
    for name in names:
        _take(data, name, keep=(p,))
    data["hands"][p] = [name_of(n) for n in names]


def give(s: BlshState, p: int, *names: str) -> BlshState:
    """Replace seat ``p``'s hand with exactly the named cards (its old cards go to the pile)."""
    return edited(s, lambda data: _give(data, p, names))


def give_all(s: BlshState, hands: list[list[str]]) -> BlshState:
    """Every seat's hand, seat 0 first (the old hands go to the pile first)."""

    def change(data: dict[str, Any]) -> None:
        for p in range(len(hands)):
            _to_pile_bottom(data, data["hands"][p])
            data["hands"][p] = []
        for p, names in enumerate(hands):
            for name in names:
                _take(data, name, keep=tuple(range(len(hands))))
            data["hands"][p] = [name_of(n) for n in names]

    return edited(s, change)


def stack_pile(s: BlshState, *names: str) -> BlshState:
    """Put the named cards on top of the pile so they are drawn in this order."""

    def change(data: dict[str, Any]) -> None:
        for name in names:
            _take(data, name)
        data["pile_order"].extend(name_of(n) for n in reversed(names))

    return edited(s, change)


def _set_row(data: dict[str, Any], names: tuple[str, ...], covered: tuple[int, ...]) -> None:
    _to_pile_bottom(data, [r["card"] for r in data["row"]] + data["news_played"])
    data["row"], data["news_played"] = [], []
    news = [f"K{card_colour(card(names[j - 1]))}news" for j in covered]
    for name in (*names, *news):
        _take(data, name)
    data["row"] = [{"card": name_of(n), "covered": j + 1 in covered} for j, n in enumerate(names)]
    data["news_played"] = news


def set_row(s: BlshState, *names: str, covered: tuple[int, ...] = ()) -> BlshState:
    """Fill the market row with the named cards; ``covered`` lists 1-based covered spaces."""
    return edited(s, lambda data: _set_row(data, names, covered))


def simple_hands(s: BlshState) -> BlshState:
    """Every seat's hand and the top of the pile hold only cards that fill a space and pay
    no commission (bulls, bears, dividends), so each seat plays one card per turn."""

    def change(data: dict[str, Any]) -> None:
        players = data["players"]
        for p in range(players):
            _to_pile_bottom(data, data["hands"][p])
            data["hands"][p] = []
        pile = data["pile_order"]
        plain = [n for n in pile if card_type(card(n)) not in (NEWS, COMMISSION)]
        news = [n for n in pile if card_type(card(n)) == NEWS]
        commissions = [n for n in pile if card_type(card(n)) == COMMISSION]
        size = COMPONENTS.hand_size
        for p in range(players):
            data["hands"][p] = plain[p * size : (p + 1) * size]
        rest = plain[players * size :]
        data["pile_order"] = commissions + news + rest[::-1]  # the plain cards on top

    return edited(s, change)


# --------------------------------------------------------------------- tokens
def _column_tokens(values: list[int]) -> list[int]:
    values = sorted(values)
    lo, hi = SPACES.index(values[0]), SPACES.index(values[-1])
    stack = len(values) - (hi - lo)
    assert stack == 1 or (lo == 0 and stack > 1), values
    assert values[stack - 1 :] == list(SPACES[lo : hi + 1]), values
    return values


def _board_gains(tokens: list[int], count: int) -> list[int]:
    """The column with ``count`` tokens added (above its top) or removed (from its top)."""
    tokens = list(tokens)
    for _ in range(count):
        top = SPACES.index(tokens[-1])
        if top < TOP:
            tokens.append(SPACES[top + 1])
        else:
            assert tokens[0] == SPACES[0], f"no room for another token in column {tokens}"
            tokens.insert(0, SPACES[0])
    for _ in range(-count):
        assert len(tokens) > 1, "a column keeps at least one token"
        tokens.pop()
    return tokens


def _set_holdings(data: dict[str, Any], p: int, tokens: list[int]) -> None:
    for k, count in enumerate(tokens):
        gained = count - data["holdings"][p][k]
        column = data["columns"][k]
        column["tokens"] = _board_gains(column["tokens"], -gained)
    data["holdings"][p] = list(tokens)


def set_holdings(s: BlshState, p: int, tokens: list[int]) -> BlshState:
    """Seat ``p`` holds ``tokens[k]`` tokens of kind ``k`` (taken from or put back on the top
    of that kind's column, so the prices stay)."""
    return edited(s, lambda data: _set_holdings(data, p, tokens))


def set_all_holdings(s: BlshState, holdings: list[list[int]]) -> BlshState:
    """Every seat's holdings, seat 0 first (the column tops absorb the difference)."""

    def change(data: dict[str, Any]) -> None:
        for p, tokens in enumerate(holdings):
            _set_holdings(data, p, tokens)

    return edited(s, change)


def set_column(s: BlshState, k: int, values: list[int], keep: tuple[int, ...] = ()) -> BlshState:
    """Set kind ``k``'s column from the space values under its tokens, e.g. [2, 2, 3, 4]; the
    tokens it gains or loses come from or go to the seats not in ``keep``, last seat first."""

    def change(data: dict[str, Any]) -> None:
        old = len(data["columns"][k]["tokens"])
        data["columns"][k] = {"tokens": _column_tokens(values)}
        spare = old - len(values)
        seats = [q for q in reversed(range(data["players"])) if q not in keep]
        while spare > 0:  # tokens left the board: seats hold them
            data["holdings"][seats[0]][k] += 1
            spare -= 1
        while spare < 0:  # tokens came onto the board from the seats
            q = next((q for q in seats if data["holdings"][q][k]), None)
            assert q is not None, f"no seat outside {keep} holds a K{k} token for the column"
            data["holdings"][q][k] -= 1
            spare += 1

    return edited(s, change)


# --------------------------------------------------------------------- money, turn, year
def set_money(s: BlshState, p: int, amount: int) -> BlshState:
    """Seat ``p`` has ``amount`` dollars (negative: it owes a forced sale)."""

    def change(data: dict[str, Any]) -> None:
        data["money"][p] = amount

    return edited(s, change)


def set_all_money(s: BlshState, amounts: list[int]) -> BlshState:
    """Every seat's money, seat 0 first."""
    return restored(s, money=list(amounts))


def set_year(s: BlshState, year: int) -> BlshState:
    """The game is in ``year`` (1-3)."""
    return restored(s, year=year)


def set_start_player(s: BlshState, p: int) -> BlshState:
    """Seat ``p`` started the current year."""
    return restored(s, start_player=p)


def turn_of(s: BlshState, p: int, year: int = 2, turn: int = 5, phase: int = TRADE) -> BlshState:
    """Make it seat ``p``'s turn in ``year`` outside the year-1 first lap."""
    return restored(s, year=year, turn=turn, current_seat=p, phase=PHASE_NAMES[phase])


def play_phase(s: BlshState, p: int, year: int = 2) -> BlshState:
    """Make it seat ``p``'s market phase (the trade already made)."""
    return turn_of(s, p, year=year, phase=PLAY)


def do(s: BlshState, *moves: str) -> list[Event]:
    """Apply each move (notation) with full validation; return all events."""
    events: list[Event] = []
    for move in moves:
        events.extend(s.apply(s.parse(move)))
    return events


def legal(s: BlshState) -> set[str]:
    """Notations of the legal actions now."""
    return set(s.legal_notations())


def trades(s: BlshState) -> set[str]:
    """Notations of the legal trade actions now."""
    return {A.notation(a) for a in s.legal_actions() if a < A.PLAY_BASE}


def token_total(s: BlshState, k: int) -> int:
    """Tokens of kind ``k`` on the board plus in all players' hands (always 12)."""
    return s.n[k] + sum(h[k] for h in s.held)


def card_total(s: BlshState) -> int:
    """All cards in hands, pile, market row, under Breaking News and set aside (always 45)."""
    return (
        sum(s.hand_n) + len(s.pile) + len(s.row) + len(s.news_on) + sum(len(d) for d in s.discards)
    )


def finish_year(s: BlshState, trade: str = "pass") -> list[int]:
    """Every seat in turn trades ``trade`` (or its first legal trade if that is illegal) and
    plays its first legal card until the row is full; returns the seats that played."""
    seats = []
    year = s.year
    while s.year == year and s.phase in (TRADE, PLAY):
        if s.phase == TRADE:
            moves = s.legal_actions()
            s.apply(s.parse(trade) if s.game.parse(trade) in moves else moves[0])
        seats.append(s.cur)
        s.apply(s.legal_actions()[0])
    return seats


def play_any(s: BlshState) -> None:
    """Play the first card that fills a space (or a dud), whatever the hand holds."""
    s.apply(next(a for a in s.legal_actions() if A.PLAY_BASE <= a < A.COVER_BASE))


def close_year(
    s: BlshState,
    *cards: str,
    seat: int = 0,
    year: int | None = None,
    covered: tuple[int, ...] = (),
    hand: tuple[str, ...] | None = None,
) -> BlshState:
    """The state after the year ends with ``cards`` as the last cards of the market row.

    The row is padded in front with cards that have no year-end effect (Breaking News duds,
    then commissions, from the pile), then ``cards[:-1]`` are placed; ``seat`` holds
    ``cards[-1]`` plus ``hand`` (by default four such no-effect cards) and plays it into the
    last space. ``covered`` lists 1-based positions within ``cards`` that Breaking News covers.
    """
    pad = s.rules.row_length - len(cards)

    def change(data: dict[str, Any]) -> None:
        _to_pile_bottom(data, [r["card"] for r in data["row"]] + data["news_played"])
        _to_pile_bottom(data, data["hands"][seat])
        data["row"], data["news_played"], data["hands"][seat] = [], [], []
        news = [f"K{card_colour(card(cards[j - 1]))}news" for j in covered]
        held = [cards[-1], *(hand or ())]
        for name in (*cards, *news, *held[1:]):
            _take(data, name, keep=(seat,))
        pile = data["pile_order"]
        filler = [n for n in pile if card_type(card(n)) == NEWS]
        filler += [n for n in pile if card_type(card(n)) == COMMISSION]
        assert len(filler) >= pad, "not enough no-effect cards left to pad the row"
        for name in filler[:pad]:
            pile.remove(name)
        if hand is None:
            spare = [n for n in pile if card_type(card(n)) in (NEWS, COMMISSION, DIVIDEND)]
            held += spare[:4]
            for name in spare[:4]:
                pile.remove(name)
        row = filler[:pad] + [name_of(n) for n in cards[:-1]]
        data["row"] = [{"card": n, "covered": j - pad + 1 in covered} for j, n in enumerate(row)]
        data["news_played"] = news
        data["hands"][seat] = [name_of(n) for n in held]
        data["year"] = s.year if year is None else year
        data["turn"], data["current_seat"], data["phase"] = 5, seat, PHASE_NAMES[PLAY]

    state = edited(s, change)
    do(state, f"play {cards[-1]}")
    return state


def keep_all(s: BlshState) -> None:
    """Every seat keeps its hand in the year-end redraw."""
    while s.phase == REDRAW:
        do(s, "keep")
