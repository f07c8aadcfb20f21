"""The OpenSpiel games (bazaar.interop.openspiel): OpenSpiel's own random-simulation test,
parameters, serialisation, hidden information and OpenSpiel's Python ISMCTS bot."""

from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from bazaar.core.errors import IllegalAction
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.interop import openspiel as spiel
from bazaar.interop.openspiel import BadParameter, BazaarState, deal

#: (game, players, parameters): every game at two player counts, one with rule options
SIMULATIONS = [
    ("buy-low-sell-high", 2, {}),
    ("buy-low-sell-high", 3, {"first_lap_limits": "at_most", "forced_sale_may_exceed_zero": False}),
    ("take-stock", 2, {}),
    ("take-stock", 3, {"shares_table": "3_4_4", "crash": "drop_one"}),
    ("night-market", 3, {}),
    ("night-market", 4, {"yellow_face": "min_bid", "yellow_min_bid": 3}),
]


@pytest.mark.parametrize(("game_id", "players", "options"), SIMULATIONS)
def test_random_sim_test_passes_with_serialisation(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    game = spiel.load(game_id, players=players, **options)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_three_games_are_registered_with_their_parameters() -> None:
    names = {g.short_name: g for g in pyspiel.registered_games()}
    blsh = names["python_bazaar_buy_low_sell_high"]
    assert (blsh.min_num_players, blsh.max_num_players) == (2, 4)
    assert blsh.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert blsh.parameter_specification == {
        "players": 3,
        "seed": -1,
        "deals": 0,
        "first_lap_limits": "exact",
        "negative_money_timing": "start_of_next_year",
        "forced_sale_may_exceed_zero": True,
        "forced_sale_replaces_trading": False,
        "bn_may_target_covered_space": False,
        "short_column_shift": "full_net",
        "selloff_starts_with": "last_active",
        "dividend_table": "triangular",
        "deck": "even",
        "size": "normal",
    }
    take_stock = names["python_bazaar_take_stock"].parameter_specification
    assert take_stock["shares_table"] == "4_4_3"  # '4-4-3' would read as a number
    assert len(take_stock) == 3 + len(get_game("take-stock").option_specs)
    night = names["python_bazaar_night_market"].parameter_specification
    assert (night["players"], night["yellow_min_bid"], night["adjacency"]) == (3, 2, "row")


def test_a_game_string_sets_players_and_options() -> None:
    game = pyspiel.load_game(
        "python_bazaar_take_stock(players=5,shares_table=3_4_4,freeze_in_row_length=True)"
    )
    assert game.num_players() == 5
    assert game.num_distinct_actions() == 6401
    state = deal(game, 11)
    assert state.bazaar.options["shares_table"] == "3-4-4"
    assert state.bazaar.options["freeze_in_row_length"] is True
    assert state.bazaar == get_game("take-stock").new(5, 11, dict(state.bazaar.options))
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)


def test_bad_parameters_are_refused_by_name() -> None:
    with pytest.raises(BadParameter, match=r"take-stock is for 2-6 players, not 7"):
        pyspiel.load_game("python_bazaar_take_stock(players=7)")
    with pytest.raises(
        BadParameter, match=r"shares_table cannot be '4-4-3' \(allowed: '4_4_3', '4_3_4', '3_4_4'\)"
    ):
        spiel.load("take-stock", shares_table="4-4-3")
    with pytest.raises(
        BadParameter, match=r"yellow_min_bid cannot be 9 \(allowed: 2, 1, 3, 4, 5\)"
    ):
        spiel.load("night-market", yellow_min_bid=9)
    with pytest.raises(BadParameter, match=r"seed must be -1 \(drawn by chance\) or 0 to"):
        spiel.load("night-market", seed=-5)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("python_bazaar_night_market(colour=red)")
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter players"):
        pyspiel.load_game("python_bazaar_night_market(players=four)")


def test_the_seed_is_eight_chance_bytes_or_a_fixed_parameter() -> None:
    game = spiel.load("buy-low-sell-high", players=2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(b, 1 / 256) for b in range(256)]
    assert state.observation_string(0) == "dealing"
    assert not any(state.observation_tensor(1))
    seed = 0x0123456789ABCDEF
    dealt = deal(game, seed)
    assert dealt.history()[:8] == [0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF]
    assert dealt.seed == seed
    assert dealt.bazaar == get_game("buy-low-sell-high").new(2, seed)
    fixed = spiel.load("buy-low-sell-high", players=2, seed=42)
    first, second = fixed.new_initial_state(), fixed.new_initial_state()
    assert not first.is_chance_node()
    assert str(first) == str(second)
    assert first.bazaar == get_game("buy-low-sell-high").new(2, 42)
    assert deal(fixed, 42).history() == []
    with pytest.raises(BadParameter, match="deals every game from its seed parameter 42"):
        deal(fixed, 43)
    with pytest.raises(BadParameter, match=r"256 is not a chance outcome here \(0 to 255\)"):
        state.apply_action(256)
    assert state.history() == []


def _random_moves(state: BazaarState, moves: int, seed: int) -> BazaarState:
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    return state


def test_serialisation_round_trip_continues_identically() -> None:
    game = spiel.load("night-market", players=4, voluntary_loans=True)
    state = _random_moves(deal(game, 5), 40, 1)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    assert state2.information_state_string(2) == state.information_state_string(2)
    # the history alone is the game: replaying it gives the same state
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    assert str(replayed) == str(state)
    pickled = pickle.loads(pickle.dumps(state))
    assert (str(pickled), pickled.history()) == (str(state), state.history())
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    _random_moves(state, 30, 9)
    _random_moves(state2, 30, 9)
    assert str(state2) == str(state)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = _random_moves(deal(spiel.load("buy-low-sell-high"), 3), 5, 2)
    before, history = str(state), state.history()
    illegal = next(a for a in range(105) if a not in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply_action(illegal)
    assert (str(state), state.history()) == (before, history)


def _served(state: BazaarState, seat: int) -> tuple[object, ...]:
    return (
        state.observation_string(seat),
        state.information_state_string(seat),
        np.asarray(state.observation_tensor(seat), np.float32).tobytes(),
        np.asarray(state.information_state_tensor(seat), np.float32).tobytes(),
    )


@pytest.mark.parametrize(
    ("game_id", "players"), [("buy-low-sell-high", 3), ("take-stock", 4), ("night-market", 3)]
)
def test_a_seat_is_served_the_same_bytes_in_every_world_it_cannot_tell_apart(
    game_id: str, players: int
) -> None:
    game = spiel.load(game_id, players=players)
    state = deal(game, 21)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    rng = Rng(4)
    checked = changed = 0
    while not state.is_terminal() and checked < 12:
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        if rng.below(6) or state.is_terminal():
            continue
        seat = state.current_player()
        world = state.resample_from_infostate(seat, sampler)
        assert _served(world, seat) == _served(state, seat)
        assert world.legal_actions() == state.legal_actions()
        changed += str(world) != str(state)
        checked += 1
    assert checked == 12
    assert changed == 12  # the worlds really differ in what the seat cannot see


@pytest.mark.parametrize("game_id", ["buy-low-sell-high", "take-stock", "night-market"])
def test_a_private_choice_serves_the_other_seats_the_same_bytes(game_id: str) -> None:
    """Two different private moves (same public notation) leave every other seat's strings and
    tensors byte-identical; the mover's own information-state string tells them apart."""
    game = spiel.load(game_id, players=3)
    pairs = 0
    for seed in range(6):
        state = deal(game, seed)
        rng = Rng(seed)
        while not state.is_terminal() and pairs < 3 * (seed + 1):
            s = state.bazaar
            mover = state.current_player()
            by_public: dict[str, int] = {}
            pair = None
            for a in state.legal_actions():
                public = s.public_notation(a)
                if public != s.notation(a) and by_public.setdefault(public, a) != a:
                    pair = (by_public[public], a)
                    break
            if pair is not None:
                one, two = state.clone(), state.clone()
                one.apply_action(pair[0])
                two.apply_action(pair[1])
                for seat in range(3):
                    if seat != mover:
                        assert _served(one, seat) == _served(two, seat)
                assert one.information_state_string(mover) != two.information_state_string(mover)
                pairs += 1
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
        if pairs >= 3:
            break
    assert pairs >= 3


def test_openspiel_ismcts_plays_a_full_game() -> None:
    game = spiel.load("night-market", players=3)
    rs = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, max_simulations=2, random_state=rs)
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = deal(game, 8)
    moves = 0
    while not state.is_terminal():
        state.apply_action(bot.step(state))
        moves += 1
    assert moves > 50
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    assert returns == state.bazaar.returns()


def test_the_doc_lists_every_parameter_with_its_default() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "openspiel.md").read_text("utf-8")
    for game_id, name in spiel.SHORT_NAMES.items():
        section = doc.split(f"### `{name}`", 1)[1].split("\n\n", 2)[1]
        spec = pyspiel.load_game(name).get_type().parameter_specification
        rows = [line for line in section.splitlines() if line.startswith("| `")]
        listed = {line.split("`")[1]: line.split("|")[2].strip().strip("`") for line in rows}
        assert listed == {key: str(value) for key, value in spec.items()}, game_id
