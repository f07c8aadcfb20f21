"""State-building helpers for the Buy Low Sell High rule tests.

Tests create a state with :func:`new`, set up the position with the named helpers below
(hands, pile, price columns, market row, money, holdings, year, whose turn), the only place
that knows the state's fields, and drive it with notation via :func:`do`. A position that
must be consistent (45 cards, 12 tokens per kind) is better built with ``GAME.restore`` from
full-view data (docs/positions/buy-low-sell-high.md); these helpers also make the
deliberately partial positions rule tests use.
"""

from __future__ import annotations

from typing import Any

from bazaar.core.game import Event
from bazaar.games.buy_low_sell_high import GAME, BlshState
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high.components import (
    CARD_BY_NAME,
    COMPONENTS,
    NUM_CARDS,
    card_colour,
)
from bazaar.games.buy_low_sell_high.positions import DERIVED
from bazaar.games.buy_low_sell_high.state import PLAY, REDRAW, TRADE

SPACES = COMPONENTS.price_spaces


def new(players: int = 3, seed: int = 0, **options: Any) -> BlshState:
    """A fresh game; keyword arguments are rule options."""
    s = GAME.new(players, seed, options)
    assert isinstance(s, BlshState)
    return s


def card(name: str) -> int:
    """Card id from its name, e.g. ``K1+3``, ``K0div``, ``K2news``, ``K1com``."""
    return CARD_BY_NAME[name.lower()]


def give(s: BlshState, p: int, *names: str) -> None:
    """Replace seat ``p``'s hand with exactly the named cards."""
    hand = [0] * NUM_CARDS
    for name in names:
        hand[card(name)] += 1
    s.hands[p] = hand
    s.hand_n[p] = len(names)


def stack_pile(s: BlshState, *names: str) -> None:
    """Put the named cards on top of the pile so they are drawn in this order."""
    s.pile = s.pile + [card(name) for name in reversed(names)]


def set_column(s: BlshState, k: int, values: list[int]) -> None:
    """Set kind ``k``'s column from the space values under its tokens, e.g. [2, 2, 3, 4]."""
    values = sorted(values)
    lo, hi = SPACES.index(values[0]), SPACES.index(values[-1])
    stack = len(values) - (hi - lo)
    assert stack == 1 or (lo == 0 and stack > 1), values
    assert values[stack - 1 :] == list(SPACES[lo : hi + 1]), values
    s.lo[k], s.hi[k], s.n[k] = lo, hi, len(values)


def set_row(s: BlshState, *names: str, covered: tuple[int, ...] = ()) -> None:
    """Fill the market row with the named cards; ``covered`` lists 1-based covered spaces."""
    s.row = [card(name) for name in names]
    s.row_covered = [j + 1 in covered for j in range(len(names))]
    s.news_on = [card(f"K{card_colour(card(names[j - 1]))}news") for j in covered]


def set_money(s: BlshState, p: int, amount: int) -> None:
    """Seat ``p`` has ``amount`` dollars (negative: it owes a forced sale)."""
    s.money[p] = amount


def set_all_money(s: BlshState, amounts: list[int]) -> None:
    """Every seat's money, seat 0 first."""
    s.money = list(amounts)


def set_holdings(s: BlshState, p: int, tokens: list[int]) -> None:
    """Seat ``p`` holds ``tokens[k]`` tokens of kind ``k`` (the board is not adjusted)."""
    s.held[p] = list(tokens)


def set_all_holdings(s: BlshState, holdings: list[list[int]]) -> None:
    """Every seat's holdings, seat 0 first (the board is not adjusted)."""
    s.held = [list(h) for h in holdings]


def set_year(s: BlshState, year: int) -> None:
    """The game is in ``year`` (1-3)."""
    s.year = year


def set_start_player(s: BlshState, p: int) -> None:
    """Seat ``p`` started the current year."""
    s.start = p


def restored(s: BlshState, **changes: Any) -> BlshState:
    """A new state built by ``GAME.restore`` from the stored fields of ``s``'s full view with
    ``changes`` (e.g. ``money=[...]``, ``phase="forced-sale"``); BadRecord if inconsistent."""
    data = {key: value for key, value in s.full_view().items() if key not in DERIVED}
    data["columns"] = [{"tokens": c["tokens"]} for c in data["columns"]]
    data["row"] = [{"card": r["card"], "covered": r["covered"]} for r in data["row"]]
    data.update(changes)
    state = GAME.restore(data)
    assert isinstance(state, BlshState)
    return state


def turn_of(s: BlshState, p: int, year: int = 2, turn: int = 5, phase: int = TRADE) -> BlshState:
    """Make it seat ``p``'s turn in ``year`` outside the year-1 first lap."""
    s.year, s.turn, s.cur, s.phase = year, turn, p, phase
    return s


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


def simple_hands(s: BlshState, name: str = "K0div") -> None:
    """Give every seat five copies of one card and stack the pile with more of it."""
    for p in range(s.num_players):
        give(s, p, *[name] * 5)
    stack_pile(s, *[name] * 30)


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
    hand: tuple[str, ...] = ("K2div",) * 4,
) -> list[Event]:
    """End the year with ``cards`` as the last cards of the market row.

    The row is padded in front with K0 duds (no effect), then ``cards[:-1]`` are placed;
    ``seat`` holds ``cards[-1]`` plus ``hand`` and plays it into the last space.
    ``covered`` lists 1-based positions within ``cards`` that Breaking News covers.
    """
    length = s.rules.row_length
    pad = length - len(cards)
    set_row(s, *(["K0news"] * pad + list(cards[:-1])), covered=tuple(c + pad for c in covered))
    give(s, seat, cards[-1], *hand)
    play_phase(s, seat, year=s.year if year is None else year)
    return do(s, f"play {cards[-1]}")


def keep_all(s: BlshState) -> None:
    """Every seat keeps its hand in the year-end redraw."""
    while s.phase == REDRAW:
        do(s, "keep")
