"""The per-game shapes (bazaar/games/<game>/shapes.py) match what the states hand out: every
seat's and the spectator's view, the full view and every event's data, in seeded random
games of each game with random rule options, validated strictly (no missing, extra or
retyped key), so a renamed or added key fails here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bazaar.core.game import Event, Game, State
from bazaar.core.registry import get_game
from bazaar.core.shapes import validate
from bazaar.games.buy_low_sell_high import shapes as blsh
from bazaar.games.night_market import shapes as nm
from bazaar.games.take_stock import shapes as ts

#: game id -> (seat view, spectator view, position, event data by kind)
SHAPES: dict[str, tuple[Any, Any, Any, dict[str, type]]] = {
    "buy-low-sell-high": (
        blsh.BlshSeatView,
        blsh.BlshSpectatorView,
        blsh.BlshPosition,
        blsh.BLSH_EVENT_DATA,
    ),
    "take-stock": (
        ts.TakeStockSeatView,
        ts.TakeStockSpectatorView,
        ts.TakeStockPosition,
        ts.TAKE_STOCK_EVENT_DATA,
    ),
    "night-market": (
        nm.NightMarketSeatView,
        nm.NightMarketSpectatorView,
        nm.NightMarketPosition,
        nm.NIGHT_MARKET_EVENT_DATA,
    ),
}
GAMES = 30


def random_state(game: Game, seed: int) -> State:
    """A new game with a random player count and random rule options."""
    r = random.Random(seed)
    players = r.randint(game.min_players, game.max_players)
    for _ in range(20):
        options = {o.name: r.choice(o.choices) for o in game.option_specs}
        try:
            return game.new(players, seed, options)
        except Exception:  # some combinations of options are refused
            continue
    return game.new(players, seed)


def check_views(state: State, game_id: str) -> None:
    seat_view, spectator_view, position, _ = SHAPES[game_id]
    for seat in range(state.num_players):
        validate(seat_view, state.view(seat))
    validate(spectator_view, state.view(None))
    validate(position, state.full_view())


def check_event(event: Event, game_id: str) -> None:
    data_of = SHAPES[game_id][3]
    assert event.kind in data_of, f"{game_id}: event kind {event.kind!r} has no shape"
    validate(data_of[event.kind], event.data)


@pytest.mark.parametrize("game_id", sorted(SHAPES))
def test_views_positions_and_events_have_their_shapes(game_id: str) -> None:
    game = get_game(game_id)
    kinds: set[str] = set()
    for seed in range(GAMES):
        state = random_state(game, seed)
        r = random.Random(1000 + seed)
        check_views(state, game_id)
        while not state.is_over():
            for event in state.apply(r.choice(state.legal_actions())):
                check_event(event, game_id)
                kinds.add(event.kind)
            if r.random() < 0.2:
                check_views(state, game_id)
        check_views(state, game_id)
    assert len(kinds) >= len(SHAPES[game_id][3]) // 2


def test_a_renamed_or_added_key_fails() -> None:
    state = get_game("take-stock").new(3, 1)
    view = state.view(0)
    validate(ts.TakeStockSeatView, view)
    renamed = dict(view)
    renamed["hand_cards"] = renamed.pop("hand")
    added = {**view, "extra": 1}
    retyped = {**view, "over": 0}
    nested = {**view, "stocks": [{**view["stocks"][0], "colour": "red"}, *view["stocks"][1:]]}
    for wrong in (renamed, added, retyped, nested):
        with pytest.raises(ValueError):
            validate(ts.TakeStockSeatView, wrong)


MOVE_FIELDS = {
    "buy-low-sell-high": blsh.BlshMoveFields,
    "take-stock": ts.TakeStockMoveFields,
    "night-market": nm.NightMarketMoveFields,
}


@pytest.mark.parametrize("game_id", sorted(MOVE_FIELDS))
def test_every_action_has_the_move_fields_shape(game_id: str) -> None:
    from bazaar.core.registry import game_parts

    move_fields = game_parts(game_id).move_fields
    assert move_fields is not None
    for action in range(get_game(game_id).num_actions):
        validate(MOVE_FIELDS[game_id], move_fields(action))


def test_records_and_game_infos_have_their_shapes() -> None:
    from bazaar.core.record import Match, RecordJson
    from bazaar.core.shapes import GameInfo

    for game_id in sorted(SHAPES):
        game = get_game(game_id)
        validate(GameInfo, game.info())
        match = Match.new(game, game.min_players, 5, None, None)
        r = random.Random(5)
        while not match.state.is_over():
            match.play(r.choice(match.state.legal_actions()))
        validate(RecordJson, match.record.to_json())
        scored = match.record
        scored.salt, scored.commitment, scored.fixed_seed = "ab" * 16, "cd" * 32, False
        scored.scores = [float(s) for s in match.state.scores()]
        validate(RecordJson, scored.to_json())
