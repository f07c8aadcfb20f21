"""Positions as data: full_view() holds the whole state (docs/positions/buy-low-sell-high.md)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bazaar.games.buy_low_sell_high import GAME
from bazaar.games.buy_low_sell_high.state import BlshState
from tests.buy_low_sell_high.helpers import new

FULL_VIEW_KEYS = {
    # public view
    "game", "players", "year", "years", "phase", "to_move", "start_player", "turn",
    "first_lap", "money", "holdings", "columns", "row", "row_length", "news_played", "pile",
    "hand_sizes", "discarded", "skip_trading", "over", "scores", "winners",
    # hidden and bookkeeping parts
    "format", "options", "hands", "discards", "pile_order", "current_seat", "last_active",
    "redrawn", "forced_sale_in_turn", "rng",
}  # fmt: skip


def test_full_view_has_the_documented_keys_game_and_format() -> None:
    view = new(3, seed=4).full_view()
    assert set(view) == FULL_VIEW_KEYS
    assert view["game"] == "buy-low-sell-high"
    assert view["format"] == 1
    assert view["options"] == GAME.default_options()
    assert (view["current_seat"], view["last_active"], view["redrawn"]) == (0, 0, 0)
    assert view["forced_sale_in_turn"] is False


@pytest.mark.parametrize(
    ("slot", "value", "key"),
    [
        ("forced_in_turn", True, "forced_sale_in_turn"),
        ("redrawn", 2, "redrawn"),
        ("last_active", 1, "last_active"),
        ("cur", 2, "current_seat"),
    ],
)
def test_full_view_shows_every_bookkeeping_slot(slot: str, value: object, key: str) -> None:
    s = new(3, seed=4)
    before = s.full_view()
    setattr(s, slot, value)
    after = s.full_view()
    assert after[key] == value
    assert {k for k in before if before[k] != after[k]} <= {key, "to_move"}


def _bump(values: list[int], i: int = 0) -> None:
    values[i] += 1


#: One change per slot of the state; each must show in the full view.
SLOT_CHANGES: dict[str, Callable[[BlshState], None]] = {
    "cur": lambda s: setattr(s, "cur", 1),
    "discards": lambda s: s.discards[1].append(s.pile.pop()),
    "forced_in_turn": lambda s: setattr(s, "forced_in_turn", True),
    "hand_n": lambda s: _bump(s.hand_n, 1),
    "hands": lambda s: _bump(s.hands[1], 0),
    "held": lambda s: _bump(s.held[2], 1),
    "hi": lambda s: _bump(s.hi, 1),
    "last_active": lambda s: setattr(s, "last_active", 3),
    "lo": lambda s: _bump(s.lo, 2),
    "money": lambda s: _bump(s.money, 3),
    "n": lambda s: _bump(s.n, 0),
    "news_on": lambda s: s.news_on.append(7),
    "num_players": lambda s: setattr(s, "num_players", 3),
    "options": lambda s: setattr(s, "options", {**s.options, "selloff_starts_with": "next"}),
    "phase": lambda s: setattr(s, "phase", 1),
    "pile": lambda s: s.pile.reverse(),
    "redrawn": lambda s: setattr(s, "redrawn", 1),
    "rng": lambda s: s.rng.next64(),
    "row": lambda s: (s.row.append(5), s.row_covered.append(False)),
    "row_covered": lambda s: (s.row.append(5), s.row_covered.append(True)),
    "skip_trading": lambda s: s.skip_trading.__setitem__(2, True),
    "start": lambda s: setattr(s, "start", 2),
    "turn": lambda s: setattr(s, "turn", 4),
    "year": lambda s: setattr(s, "year", 3),
}


def test_every_slot_reaches_the_full_view() -> None:
    """Every slot but the shared game and the options-derived rules is in the full view."""
    assert set(SLOT_CHANGES) == set(BlshState.__slots__) - {"game", "rules"}
    base = new(4, seed=9)
    base.year, base.turn = 2, 3  # outside the first lap, so that "turn" shows on its own
    for slot, change in SLOT_CHANGES.items():
        s = base.clone()
        change(s)
        assert s.full_view() != base.full_view(), slot
