"""Positions as data: ``GAME.restore(full_view)`` rebuilds the exact state (docs/positions/).

Over seeded random games (3 and 4 players, varied options): every state reached restores,
after a JSON round trip, to a state equal to it in every slot, with the same views for every
seat and spectators and the same legal actions; one step played from every restored state,
and the rest of the game played from a few of them, give the same events, views and scores.
Malformed positions are refused with a BadRecord naming the field.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from bazaar.core.errors import BadRecord
from bazaar.core.game import Event
from bazaar.core.rng import Rng
from bazaar.games.night_market import GAME, NightMarketState
from bazaar.games.night_market.fields import NightMarketFields
from bazaar.games.night_market.positions import DERIVED
from bazaar.games.night_market.state import BID, PHASE_NAMES, POSITION_FORMAT

from .helpers import do, new, random_options

GAMES = 16  # half with 3 players, half with 4; a random game takes about 110 actions
PLAY_ON = 2  # restored states per game played on to the end


def round_trip(s: NightMarketState) -> NightMarketState:
    restored = GAME.restore(json.loads(json.dumps(s.full_view())))
    assert isinstance(restored, NightMarketState)
    return restored


def slots(s: NightMarketState) -> dict[str, Any]:
    """Every slot's value (the rules object and the generator by their contents)."""
    out = {name: getattr(s, name) for name in NightMarketFields.__slots__}
    out["rules"] = {name: getattr(s.rules, name) for name in type(s.rules).__slots__}
    out["rng"] = s.rng.state
    if s.is_over():
        del out["cur"]  # the last mover is not part of a finished position (docs)
    return out


def seen(s: NightMarketState) -> list[Any]:
    """What every seat and a spectator see, the legal actions and the scores."""
    views: list[Any] = [s.view(seat) for seat in [*range(s.num_players), None]]
    return [*views, s.legal_actions(), s.scores()]


def events(evs: list[Event]) -> list[dict[str, Any]]:
    return [e.to_json() for e in evs]


def test_full_view_is_json_with_game_and_format() -> None:
    s = new(3, seed=2, voluntary_loans=True)
    data = s.full_view()
    assert data["game"] == "night-market" and data["format"] == POSITION_FORMAT == 1
    assert data["options"] == s.options and data["options"] is not s.options
    assert json.loads(json.dumps(data)) == data
    kinds = data["cards"]["kinds"]
    assert [kinds[c] for c in data["cards"]["deck"]] == data["deck_order"]
    assert sorted(kinds[c] for c in data["cards"]["hands"][0]) == data["hands"][0]


def test_the_customers_at_the_entrances_keep_their_placement_order() -> None:
    s = new(4, seed=11)
    waiting = s.full_view()["cards"]["waiting"]
    assert len(waiting) == 4  # the round's public customers, as [card id, entrance]
    assert [[x // 8, "ABCDEFGH"[x % 8]] for x in s.waiting] == waiting
    s.waiting.reverse()  # the same customers per entrance in another order: another position
    assert s.full_view()["cards"]["waiting"] == waiting[::-1]
    assert round_trip(s).waiting == s.waiting


def test_every_state_of_random_games_restores_exactly() -> None:
    states = played_on = 0
    phases: set[tuple[int, bool]] = set()
    for g in range(GAMES):
        rng = Rng(900 + g)
        s = new(3 + g % 2, seed=1000 + g, **random_options(rng))
        trail: list[tuple[int, list[Any], list[Any]]] = []  # (action, its events, what follows)
        starts: list[tuple[int, NightMarketState]] = []  # (moves played, restored state)
        while True:
            r = round_trip(s)
            assert r == s and slots(r) == slots(s) and seen(r) == seen(s)
            states += 1
            phases.add((s.phase, s.in_compensation()))
            if s.is_over():
                break
            legal = s.legal_actions()
            action = legal[rng.below(len(legal))]
            if rng.below(100) < PLAY_ON:
                starts.append((len(trail), r.clone()))
            step = events(s.apply(action))
            assert events(r.apply(action)) == step and slots(r) == slots(s)
            trail.append((action, step, seen(s)))
        for played, start in starts:  # the rest of the game from a restored state
            for action, step, after in trail[played:]:
                assert events(start.apply(action)) == step and seen(start) == after
            assert start.is_over() and start.scores() == s.scores() and start == s
            played_on += 1
    assert states > 1500 and played_on >= GAMES  # not vacuous
    assert {p for p, _ in phases} == set(range(len(PHASE_NAMES)))  # every phase, and
    assert (BID, True) in phases  # compensation bids


def bidding_position() -> dict[str, Any]:
    """Round 2, seat 1 to bid; lot 22 has seat 2's $5, lot 1 seat 3's $0; seat 0 passed."""
    s = new(4, seed=7)
    rng = Rng(7)
    while not (s.round == 2 and s.phase == BID and len(s.bidlog) >= 6):
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    data = s.full_view()
    assert data["bid_log"] == [[22, 2, 5], [1, 3, 0]] and data["to_move"] == 1
    assert data["cards"]["deck"][0] == 21 and data["lots"][3]["lot"] == 4
    return data


def put(*path: Any, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def card_in_two_places(data: dict[str, Any]) -> None:
    data["cards"]["hands"][2][0] = data["cards"]["deck"][0]


def card_lost(data: dict[str, Any]) -> None:
    data["cards"]["deck"].pop()


def field_missing(data: dict[str, Any]) -> None:
    del data["cash"]


def option_missing(data: dict[str, Any]) -> None:
    del data["options"]["leavers"]


P = "night-market position: field "
DISAGREES = "does not agree with the rest of the position"
BAD = [
    (put("format", value=2), P + "'format' must be 1 (the format this version reads), not 2"),
    (put("format", value="1"), P + "'format' must be 1 (the format this version reads), not '1'"),
    (put("game", value="take-stock"), P + "'game' must be 'night-market', not 'take-stock'"),
    (put("players", value=5), P + "'players' must be an integer 3-4, not 5"),
    (field_missing, P + "'cash' is missing"),
    (put("notes", value="x"), P + "'notes' is not a field of a night-market position"),
    (
        put("options", "leavers", value="nowhere"),
        P + "'options' is refused: night-market: option 'leavers' cannot be 'nowhere' "
        "(allowed: 'removed', 'discard')",
    ),
    (option_missing, P + "'options' lacks leavers (every option is stored)"),
    (
        put("cash", 1, value="12"),
        P + "'cash[1]' must be an integer -1000000000-1000000000, not '12'",
    ),
    (put("loans", 0, value=4), P + "'loans[0]' must be an integer 0-3, not 4"),
    (
        put("phase", value="dance"),
        P + "'phase' must be one of 'hide', 'bid', 'bid-amount', 'loan', 'build', 'over', "
        "not 'dance'",
    ),
    (
        put("turn_order", value=[0, 0, 1, 2]),
        P + "'turn_order' must hold every seat once, not [0, 0, 1, 2]",
    ),
    (card_in_two_places, P + "'cards.hands[2]' holds card 21, which is also in cards.deck"),
    (card_lost, P + "'cards' lacks card 25: every one of the 40 cards is in one place"),
    (
        put("cards", "waiting", 0, 1, value="Z"),
        P + "'cards.waiting[0][1]' must be one of 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', not 'Z'",
    ),
    (
        put("lots", 0, "owner", value=1),
        P + "'lots[0]' must have an owner and a round won exactly when it is owned",
    ),
    (put("lots", 3, "stall", value="T1"), P + "'lots[3].stall' is on a lot nobody owns"),
    (put("supply", 0, value=10), P + "'supply[0]' plus the built T0 stalls must be 10"),
    (
        put("land_order", value=[]),
        P + "'land_order' must hold each lot whose status is 'deck' once",
    ),
    (
        put("auction", 3, "leader", value=1),
        P + "'auction[3]' must show the last bid on lot 22 in bid_log",
    ),
    (put("bid_log", 0, 0, value=2), P + "'bid_log[0][0]' must be a lot of the auction, not 2"),
    (put("to_move", value=2), P + "'to_move' must be the seat whose turn it is to bid, not 2"),
    (
        put("phase", value="loan"),
        P + "'phase' cannot be 'loan' without the voluntary_loans option",
    ),
    (put("rng", value=-1), P + "'rng' must be an integer 0-18446744073709551615, not -1"),
    (put("scores", 0, value=99), P + "'scores[0]' " + DISAGREES),
    (put("lots", 4, "star", value=True), P + "'lots[4].star' " + DISAGREES),
    (put("over", value=0), P + "'over' " + DISAGREES),  # types are exact: 0 is not false
    (put("hands", 0, value=[]), P + "'hands[0]' " + DISAGREES),
]


@pytest.mark.parametrize(("change", "message"), BAD)
def test_a_malformed_position_is_refused_naming_the_field(change: Any, message: str) -> None:
    data = bidding_position()
    assert GAME.restore(copy.deepcopy(data)) == GAME.restore(data)  # the unchanged one restores
    change(data)
    before = copy.deepcopy(data)
    with pytest.raises(BadRecord) as caught:
        GAME.restore(data)
    assert str(caught.value) == message and caught.value.rule == "record"
    assert data == before  # restore never changes its argument


def test_a_position_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(BadRecord) as caught:
        GAME.restore([1])  # type: ignore[arg-type]
    assert str(caught.value) == "a night-market position must be a JSON object, not list"


def test_the_seat_hiding_must_have_a_choice_to_make() -> None:
    data = new(4, seed=3).full_view()
    assert data["phase"] == "hide" and data["hidden_to_choose"] == 1
    data["hidden_to_choose"] = 4  # a hand of 4: at most 3 to choose (4 would be no choice)
    with pytest.raises(BadRecord) as caught:
        GAME.restore(data)
    assert str(caught.value) == P + "'hidden_to_choose' must be an integer 1-3, not 4"


def test_a_restored_state_is_independent_of_its_data() -> None:
    s = new(3, seed=4)
    data = json.loads(json.dumps(s.full_view()))
    r = GAME.restore(data)
    do(r, r.legal_notations()[0])
    assert data == json.loads(json.dumps(s.full_view()))  # playing on leaves the data alone
    assert GAME.restore(data) == s


def test_the_derived_fields_may_be_left_out() -> None:
    s = new(4, seed=8, voluntary_loans=True)
    stored = {key: value for key, value in s.full_view().items() if key not in DERIVED}
    stored["lots"] = [
        {k: v for k, v in lot.items() if k not in ("lot", "star")} for lot in stored["lots"]
    ]
    del stored["cards"]["kinds"]
    assert len(stored) == 23 and "scores" not in stored
    assert GAME.restore(stored) == s
