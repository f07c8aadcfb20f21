"""Positions as data: full_view() holds the whole state (docs/positions/buy-low-sell-high.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from bazaar.core.errors import BadRecord
from bazaar.core.rng import Rng
from bazaar.games.buy_low_sell_high import GAME
from bazaar.games.buy_low_sell_high.fields import BlshFields
from bazaar.games.buy_low_sell_high.positions import DERIVED
from bazaar.games.buy_low_sell_high.state import FORCED, PHASE_NAMES, REDRAW, BlshState
from tests.buy_low_sell_high.helpers import do, new, restored

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
    assert set(SLOT_CHANGES) == set(BlshFields.__slots__) - {"game", "rules"}
    base = restored(new(4, seed=9), year=2, turn=3)  # outside the first lap: "turn" alone
    for slot, change in SLOT_CHANGES.items():
        s = base.clone()
        change(s)
        assert s.full_view() != base.full_view(), slot


# --------------------------------------------------------------------- restore: round trip
GAMES_PER_PLAYER_COUNT = 12
#: Play on to the end from every 20th state, and every 4th one in a redraw or forced sale.
CONTINUE_EVERY, CONTINUE_EVERY_SPECIAL = 20, 4


def random_options(rng: Rng) -> dict[str, Any]:
    """Every rule option drawn with ``rng``, at the normal size (tests/buy_low_sell_high/
    test_mini.py restores mini games)."""
    return {
        o.name: o.choices[rng.below(len(o.choices))] for o in GAME.option_specs if o.name != "size"
    }


def all_views(s: BlshState) -> list[dict[str, Any]]:
    return [s.view(seat) for seat in (*range(s.num_players), None)]


def round_trip(s: BlshState) -> BlshState:
    restored = GAME.restore(json.loads(json.dumps(s.full_view())))
    assert isinstance(restored, BlshState)
    return restored


def play_random_game(index: int) -> tuple[list[BlshState], list[int], list[list[str]]]:
    """The states (clones) of one seeded random game, its actions and each action's events."""
    rng = Rng(index)
    players = 2 + index % 3
    s = GAME.new(players, index * 7919, random_options(rng))
    assert isinstance(s, BlshState)
    states, actions, events = [s.clone()], [], []
    while not s.is_over():
        legal = s.legal_actions()
        action = legal[rng.below(len(legal))]
        events.append([json.dumps(e.to_json(), sort_keys=True) for e in s.apply(action)])
        actions.append(action)
        states.append(s.clone())
    return states, actions, events


def test_restore_rebuilds_every_state_of_random_games() -> None:
    phases: set[str] = set()
    forced_in_turn = continued = 0
    for index in range(3 * GAMES_PER_PLAYER_COUNT):
        states, actions, events = play_random_game(index)
        final = states[-1]
        views = [all_views(s) for s in states]
        for i, s in enumerate(states):
            restored = round_trip(s)
            assert restored == s  # == compares the full views
            assert all_views(restored) == views[i]
            assert restored.legal_actions() == s.legal_actions()
            assert restored.to_move() == s.to_move()
            phases.add(s.full_view()["phase"])
            forced_in_turn += s.forced_in_turn
            special = s.phase in (REDRAW, FORCED)
            if i % (CONTINUE_EVERY_SPECIAL if special else CONTINUE_EVERY):
                continue
            continued += 1
            seat = i % s.num_players
            assert restored.determinize(seat, Rng(i)) == s.determinize(seat, Rng(i))
            for j in range(i, len(actions)):
                got = restored.apply(actions[j])
                assert [json.dumps(e.to_json(), sort_keys=True) for e in got] == events[j]
                assert all_views(restored) == views[j + 1]
            assert restored.is_over() and restored == final
            assert restored.scores() == final.scores()
            assert restored.winners() == final.winners()
    assert phases == set(PHASE_NAMES)
    assert forced_in_turn > 0 and continued > 300, continued


def test_restore_needs_only_the_stored_fields() -> None:
    """Derived fields (to_move, prices, counts, ...) may be left out: a puzzle need not
    compute them."""
    s = new(3, seed=4)
    s.apply(s.parse("-K0"))
    data = {key: value for key, value in s.full_view().items() if key not in DERIVED}
    data["columns"] = [{"tokens": c["tokens"]} for c in data["columns"]]
    assert GAME.restore(data) == s


@pytest.mark.parametrize(("in_turn", "then"), [(True, ("trade", 1)), (False, ("trade", 0))])
def test_a_restored_forced_sale_goes_on_where_it_was(in_turn: bool, then: tuple) -> None:
    """Seat 1 sells K0 back to $1: within its own turn it then trades; at the year handover
    the year's first turn (start player 0) begins."""
    s = restored(
        new(3, seed=4, negative_money_timing="next_turn"),
        year=2,
        turn=4,
        phase="forced-sale",
        current_seat=1,
        money=[50, -14, 50],
        forced_sale_in_turn=in_turn,
    )
    assert s.legal_notations() == ["sell K0", "sell K1", "sell K2"]
    do(s, "sell K0", "stop")
    assert s.money[1] == 1
    assert (s.full_view()["phase"], s.to_move()) == then


def test_restore_takes_hands_in_any_order_and_keeps_nothing_of_the_data() -> None:
    s = new(3, seed=4)
    data = s.full_view()
    data["hands"][1].reverse()
    restored = GAME.restore(data)
    assert restored == s
    data["money"][0] = 999
    data["pile_order"].clear()
    assert restored == s


# --------------------------------------------------------------------- restore: bad data
def position() -> dict[str, Any]:
    """Seat 0's market phase of a 3-player game (seed 4) after its trade '-K0'."""
    s = new(3, seed=4)
    s.apply(s.parse("-K0"))
    return json.loads(json.dumps(s.full_view()))


def _set(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.__setitem__(key, value)


BAD_POSITIONS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("unknown", _set("colour", "red"), "position field 'colour': unknown field"),
    ("missing", lambda d: d.pop("redrawn"), "position field 'redrawn': missing"),
    (
        "game",
        _set("game", "take-stock"),
        "position field 'game': this is 'buy-low-sell-high', not 'take-stock'",
    ),
    ("format", _set("format", 2), "position field 'format': only format 1 is known, not 2"),
    (
        "players",
        _set("players", 5),
        "position field 'players': buy-low-sell-high is for 2-4 players, not 5",
    ),
    (
        "option value",
        lambda d: d["options"].__setitem__("first_lap_limits", "none"),
        "position field 'options': buy-low-sell-high: option 'first_lap_limits' cannot be "
        "'none' (allowed: 'exact', 'at_most')",
    ),
    (
        "option missing",
        lambda d: d["options"].pop("selloff_starts_with"),
        "position field 'options': every rule option must be given; missing: selloff_starts_with",
    ),
    ("year", _set("year", 4), "position field 'year': expected an integer from 1 to 3, got 4"),
    (
        "phase",
        _set("phase", "auction"),
        "position field 'phase': expected one of trade, play, redraw, forced-sale, selloff, "
        "over, got 'auction'",
    ),
    (
        "seat",
        _set("current_seat", 3),
        "position field 'current_seat': expected an integer from 0 to 2, got 3",
    ),
    (
        "bool as int",
        _set("redrawn", True),
        "position field 'redrawn': expected an integer from 0 to 3, got True",
    ),
    (
        "flag",
        _set("forced_sale_in_turn", 0),
        "position field 'forced_sale_in_turn': expected true or false, got 0",
    ),
    (
        "rng",
        _set("rng", 2**64),
        "position field 'rng': expected an integer from 0 to 2**64 - 1, got 18446744073709551616",
    ),
    (
        "money",
        _set("money", [65, 50]),
        "position field 'money': expected a list of 3, got [65, 50]",
    ),
    (
        "money type",
        _set("money", [65, 50, 50.5]),
        "position field 'money': expected a list of 3 integers, got [65, 50, 50.5]",
    ),
    (
        "holding",
        lambda d: d["holdings"][2].__setitem__(1, -1),
        "position field 'holdings[2]': expected a list of 3 integers >= 0, got [1, -1, 1]",
    ),
    (
        "skip flag",
        lambda d: d["skip_trading"].__setitem__(1, "no"),
        "position field 'skip_trading[1]': expected true or false, got 'no'",
    ),
    (
        "column gap",
        lambda d: d["columns"][1].__setitem__("tokens", [16, 18, 19]),
        "position field 'columns[1].tokens': tokens sit one per space upward from the lowest, "
        "extra ones stacked on the floor space 2; [16, 18, 19] is not such a column",
    ),
    (
        "column stack",
        lambda d: d["columns"][1].__setitem__("tokens", [16, 16, 17]),
        "position field 'columns[1].tokens': tokens sit one per space upward from the lowest, "
        "extra ones stacked on the floor space 2; [16, 16, 17] is not such a column",
    ),
    (
        "column value",
        lambda d: d["columns"][2].__setitem__("tokens", []),
        "position field 'columns[2].tokens': expected price-space values 2-30, got []",
    ),
    (
        "tokens",
        lambda d: d["holdings"][1].__setitem__(0, 2),
        "position fields 'columns' and 'holdings': K0 tokens: 10 on the board and 3 "
        "held, 13 in all, not 12",
    ),
    (
        "card name",
        lambda d: d["hands"][2].__setitem__(0, "K3+1"),
        "position field 'hands[2]': 'K3+1' is not a card name (such as 'K1+3' or 'K0div')",
    ),
    (
        "card swapped",
        lambda d: d["pile_order"].__setitem__(0, "K0+3"),
        "position fields 'hands', 'discards', 'pile_order', 'row' and 'news_played' must hold "
        "the 45-card deck exactly; extra: ['K0+3'], missing: ['K0div']",
    ),
    (
        "hand size",
        lambda d: d["hands"][1].append(d["pile_order"].pop()),
        "position field 'hands[1]': 6 cards exceed the hand size",
    ),
    (
        "discards outside the redraw",
        lambda d: d.update(
            discards=[[], [d["pile_order"][0]], []],
            pile_order=d["pile_order"][1:],
            discarded=[0, 1, 0],
            pile=29,
        ),
        "position field 'discards': cards are set aside only during the year-end redraw",
    ),
    (
        "news",
        _set("news_played", ["K1news"]),
        "position field 'news_played': Breaking News cards played: 1, but market spaces covered: 0",
    ),
    (
        "row object",
        _set("row", ["K0div"]),
        "position field 'row[0]': expected an object with 'card' and 'covered', got 'K0div'",
    ),
    (
        "to_move",
        _set("to_move", 1),
        "position field 'to_move': the position gives 0, not 1",
    ),
    (
        "pile count",
        _set("pile", 29),
        "position field 'pile': the position gives 30, not 29",
    ),
    (
        "not JSON",
        _set("winners", {1, 2}),
        "position field 'winners': the position gives [], not {1, 2}",
    ),
    (
        "buy price",
        lambda d: d["columns"][0].__setitem__("buy", 14),
        "position field 'columns[0].buy': the position gives 15, not 14",
    ),
    (
        "column key",
        lambda d: d["columns"][2].__setitem__("colour", "red"),
        "position field 'columns[2].colour': unknown field",
    ),
    (
        "no legal move",
        lambda d: d.update(
            hands=[[], *d["hands"][1:]],
            pile_order=d["pile_order"] + d["hands"][0],
            hand_sizes=[0, 5, 5],
            pile=35,
        ),
        "position field 'phase': seat 0 has no legal action in the 'play' phase",
    ),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [case[1:] for case in BAD_POSITIONS],
    ids=[case[0] for case in BAD_POSITIONS],
)
def test_restore_refuses_bad_data_naming_the_field(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = position()
    GAME.restore(data)  # the unchanged position is fine
    change(data)
    with pytest.raises(BadRecord) as caught:
        GAME.restore(data)
    assert str(caught.value).startswith(message)
    assert caught.value.rule == "record"


def test_restore_refuses_what_is_not_an_object() -> None:
    with pytest.raises(BadRecord) as caught:
        GAME.restore([])  # type: ignore[arg-type]
    assert str(caught.value) == "a position is a JSON object, not list"
