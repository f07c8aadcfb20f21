"""Positions as data (docs/positions/take-stock.md): ``full_view()`` holds everything a Take
Stock state holds and ``GAME.restore`` rebuilds the state from it, or refuses malformed data
with BadRecord naming the field. The random games: 30, or 300 with BAZAAR_LONG_TESTS=1."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bazaar.core.errors import BadRecord
from bazaar.core.rng import Rng
from bazaar.games.take_stock import GAME, TakeStockState
from bazaar.games.take_stock.positions import stored_part
from bazaar.games.take_stock.state import CHOOSE, EXERCISE
from tests.scale import examples
from tests.take_stock.helpers import do, give, hold, new, set_certs, set_row, slot_names, turn
from tests.take_stock.test_properties import OPTION_STRATEGY


def play_until(state: TakeStockState, phase: int, rng: Rng) -> TakeStockState:
    """Play random legal moves until ``phase`` (or the end)."""
    while state.phase != phase and not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def test_full_view_names_the_game_the_format_and_the_options() -> None:
    data = new(3, seed=2, audit="enforce_limit").full_view()
    assert (data["game"], data["format"], data["players"]) == ("take-stock", 1, 3)
    assert data["options"] == {**GAME.default_options(), "audit": "enforce_limit"}


def test_full_view_keeps_the_acting_seat_during_the_exercise() -> None:
    state = play_until(new(4, seed=3), EXERCISE, Rng(3))
    data = state.full_view()
    assert data["phase"] == "exercise" and data["turn_of"] is None
    assert data["actor"] == state.actor
    assert data["to_move"] == state.cur


def test_full_view_keeps_the_upturn_rows_and_the_enforced_limit_after_their_phase() -> None:
    s = new(4)
    hold(s, 0, "upturn", 1)
    turn(s, 0, round_no=2)
    give(s, 0, "M2", "C4", "O3", "G9")
    do(s, "trigger upturn M2", "play C4")
    assert s.full_view()["upturn_played"] == ["C"]
    do(s, "stop")
    data = s.full_view()
    assert (data["phase"], data["upturn_played"], data["upturn_stocks"]) == ("action", [], ["C"])
    assert (data["audit_limit"], data["enforced_limit"]) == (None, 0)


def test_full_view_keeps_the_enforced_audit_limit_after_the_audit() -> None:
    s = new(4, audit="enforce_limit")
    set_row(s, "O", 3)  # HoldLimit 2
    set_certs(s, 2, "G2", "G3", "G4")
    hold(s, 0, "audit", 1)
    turn(s, 0, round_no=2)
    give(s, 0, "M2", "M3", "M4")
    do(s, "trigger audit M2")
    assert (s.full_view()["audit_limit"], s.full_view()["enforced_limit"]) == (2, 2)
    do(s, "audit G3")
    data = s.full_view()
    assert (data["phase"], data["audit_limit"], data["enforced_limit"]) == ("action", None, 2)


# ------------------------------------------------------------------ restore: round trips
def round_trip(state: TakeStockState) -> TakeStockState:
    """``state`` through JSON text and back."""
    restored = GAME.restore(json.loads(json.dumps(state.full_view())))
    assert isinstance(restored, TakeStockState)
    return restored


def assert_same_slots(restored: TakeStockState, state: TakeStockState) -> None:
    """Every slot equal, with the same types (tuples stay tuples), the generator included."""
    for name in slot_names(state):
        mine, theirs = getattr(restored, name), getattr(state, name)
        if name in ("game", "rules"):
            assert mine is theirs, name
        elif name == "rng":
            assert mine.state == theirs.state
        else:
            assert mine == theirs and repr(mine) == repr(theirs), name


def observed(state: TakeStockState) -> list[Any]:
    """Everything the seats, the spectator and the referee see now."""
    views = [state.view(q) for q in (None, *range(state.num_players))]
    return [views, state.legal_actions(), state.to_move(), state.scores()]


def moved(state: TakeStockState, action: int) -> list[dict[str, Any]]:
    return [e.to_json() for e in state.apply(action)]


@settings(
    max_examples=examples(30, long=300),  # 300 games with BAZAAR_LONG_TESTS=1
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    seed=st.integers(0, 2**63),
    players=st.integers(2, 6),
    options=OPTION_STRATEGY,
    tail_at=st.integers(0, 120),
)
def test_every_state_of_random_games_restores_and_plays_on_identically(
    seed: int, players: int, options: dict[str, Any], tail_at: int
) -> None:
    """Every state restored from its JSON full view equals it slot by slot (``chain``: the
    game restored again after every move). That game, and copies restored once (``tails``: at
    the start, and at a random step if the game lasts that long), are seen alike and play on
    to the same events, views and scores as the original (the tails' full views compared at
    every move, their views at every 8th)."""
    state = new(players, seed, **options)
    rng = Rng(seed ^ 0x9051)
    chain = state.clone()
    tails = [round_trip(state)]
    steps = 0
    while True:
        chain = round_trip(chain)
        assert chain == state
        assert_same_slots(chain, state)
        seen = observed(state)
        assert observed(chain) == seen
        for other in tails:
            assert other == state
            if steps % 8 == 0 or state.is_over():
                assert observed(other) == seen
        if state.is_over():
            break
        if steps == tail_at:
            tails.append(round_trip(state))
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        events = moved(state, action)
        for other in (chain, *tails):
            assert moved(other, action) == events
        steps += 1
    assert chain.winners() == state.winners()
    for other in tails:
        assert_same_slots(other, state)


def test_restore_takes_the_full_view_itself_and_gives_a_state_of_its_own() -> None:
    state = play_until(new(5, seed=7), CHOOSE, Rng(7))
    copy = GAME.restore(state.full_view())
    assert copy == state and copy is not state
    legal = state.legal_actions()
    copy.apply(legal[0])
    assert copy != state and state.legal_actions() == legal


def test_restore_takes_the_stored_keys_alone() -> None:
    state = play_until(new(6, seed=4, freeze="player"), EXERCISE, Rng(4))
    data = json.loads(json.dumps(stored_part(state.full_view())))
    assert "hold_limit" not in data and "price" not in data["stocks"][0]
    assert "shares" not in data["seats"][0] and data["phase"] == "exercise"
    restored = GAME.restore(data)
    assert restored == state
    assert_same_slots(restored, state)


# ------------------------------------------------------------------ restore: refusals
def position() -> dict[str, Any]:
    """The JSON full view of a 3-player game after 40 random moves (seat 1 knows the
    discarded upturn; seat 0 holds an audit and a freeze)."""
    state = new(3, seed=11)
    rng = Rng(5)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    data = json.loads(json.dumps(state.full_view()))
    assert data["hands"][0] == ["T7", "O2", "M3"] and data["share_draw_order"][-1] == "T6"
    assert data["event_discard"][1] == {"event": "upturn", "known_by": 1}
    return data


def drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.pop(key)


def put(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Set the value at ``path``: keys and list indices separated by dots."""

    def change(data: dict[str, Any]) -> None:
        *parents, last = [int(k) if k.lstrip("-").isdigit() else k for k in path.split(".")]
        target: Any = data
        for key in parents:
            target = target[key]
        target[last] = value

    return change


P = "take-stock position: field"
REFUSALS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("game", put("game", "night-market"), f"{P} 'game' must be 'take-stock', not \"night-market\""),
    ("format", put("format", 2), f"{P} 'format' must be 1, not 2"),
    ("missing", drop("rng"), "take-stock position: missing field 'rng'"),
    ("players", put("players", 7), f"{P} 'players' must be an integer from 2 to 6, not 7"),
    ("rng", put("rng", 2**64), f"{P} 'rng' must be an integer from 0 to {2**64 - 1}, not {2**64}"),
    (
        "option",
        put("options.crash", "boom"),
        f"{P} 'options' is not valid: take-stock: option 'crash' cannot be 'boom' (allowed: "
        "'reset', 'drop_one')",
    ),
    (
        "options",
        lambda d: d["options"].pop("audit"),
        f"{P} 'options' must give every rule option; 'audit' is missing",
    ),
    ("phase", put("phase", "lunch"), f"{P} 'phase' must be a phase name, not \"lunch\""),
    ("to_move", put("to_move", None), f"{P} 'to_move' must be an integer from 0 to 2, not null"),
    (
        "card",
        put("hands.0.1", "O13"),
        f"{P} 'hands[0][1]' must be a share card such as 'O7', not \"O13\"",
    ),
    (
        "sorted",
        put("hands.0", ["T7", "M3", "O2"]),
        f"{P} 'hands[0]' must be sorted by stock and value",
    ),
    (
        "starter",
        put("stocks.2.cards", ["T2"]),
        f"{P} 'stocks[2].cards' must begin with the starter T1",
    ),
    (
        "row",
        put("stocks.2.cards", ["T1", "O4"]),
        f"{P} 'stocks[2].cards[1]' cannot be O4 in the T row",
    ),
    (
        "twice",
        put("hands.0", ["T6", "T7", "O2", "M3"]),
        f"{P} 'share_draw_order' holds T6, which is already in hands[0]",
    ),
    (
        "lost card",
        put("hands.0", ["T7", "M3"]),
        f"{P} 'share_draw_order' and the other piles miss these share cards: ['O2']",
    ),
    (
        "known_by",
        put("event_discard.1.known_by", 3),
        f"{P} 'event_discard[1].known_by' must be 'all', 'nobody' or a seat, not 3",
    ),
    (
        "closed",
        put("event_deck_order.10.known_by", "nobody"),
        f"{P} 'event_deck_order[10].known_by' must be 'all': Market Closed is always public",
    ),
    (
        "event count",
        put("event_discard.1.event", "audit"),
        f"{P} 'event_deck_order' and the other places of event cards hold audit cards: 5; "
        "the game has 4",
    ),
    (
        "held round",
        put("held_events.0.1.round", 5),
        f"{P} 'held_events[0][1].round' must be an integer from 1 to 4, not 5",
    ),
    (
        "tokens",
        put("token_supply", 19),
        f"{P} 'token_supply' and the seats' tokens must add up to 30",
    ),
    (
        "executing",
        put("executing", "audit"),
        f"{P} 'executing' must be null in the action phase",
    ),
    (
        "mask",
        put("exercise_masks.1", 0),
        f"{P} 'exercise_masks[1]' must be -1 outside the exercise phase",
    ),
    (
        "aside",
        put("market_closed_aside", 1),
        f"{P} 'market_closed_aside' must be true or false, not 1",
    ),
    (
        "derived",
        put("stocks.2.price", 5),
        f"{P} 'stocks[2].price' is 5, but the rest of the position gives 4",
    ),
    (
        "derived seat",
        put("seats.1.hand_size", 3),
        f"{P} 'seats[1].hand_size' is 3, but the rest of the position gives 2",
    ),
    ("unknown", put("colour", "red"), f"{P} 'colour' is not a field of a take-stock position"),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [pytest.param(change, message, id=name) for name, change, message in REFUSALS],
)
def test_restore_refuses_malformed_data_naming_the_field(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = position()
    assert GAME.restore(data).full_view() == data
    change(data)
    with pytest.raises(BadRecord) as refused:
        GAME.restore(data)
    assert refused.value.message == message
    assert refused.value.rule == "record"


@pytest.mark.parametrize("data", [[], "position", None])
def test_restore_refuses_what_is_not_an_object(data: Any) -> None:
    with pytest.raises(BadRecord) as refused:
        GAME.restore(data)
    assert (
        refused.value.message
        == f"a take-stock position must be a JSON object, not {json.dumps(data)}"
    )
