"""The PettingZoo environments (bazaar.interop.pettingzoo) with the real pettingzoo package:
its api_test, parallel_api_test and seed_test, compact actions, state(), truncation,
observations against the game's features, masks against the legal actions, rewards, seeds,
options, render, and observations blind to other seats' hidden cards."""

from __future__ import annotations

import dataclasses
import pickle
import random
import sys
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pettingzoo  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():  # pettingzoo.test imports connect_four_v3, which warns so
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import (  # type: ignore[import-untyped]
        api_test,
        parallel_api_test,
        seed_test,
    )

from bazaar.core.errors import BadOptions, IllegalAction, UnknownGame
from bazaar.core.features import FeatureGroup, FeatureLayout, offsets
from bazaar.core.registry import get_game, register, unregister
from bazaar.core.rng import Rng
from bazaar.interop.pettingzoo import (
    env,
    env_name,
    game_with_features,
    parallel_env,
    raw_env,
    register_envs,
    registry_id,
)
from tests.fourth_game import PARTS as NINES_PARTS

API_TEST = sys.modules["pettingzoo.test.api_test"]  # the module (its name is the function's)
GAMES = ("buy-low-sell-high", "take-stock", "night-market")
#: (game, players): each game at its smallest and largest table
TABLES = [
    ("buy-low-sell-high", 2),
    ("buy-low-sell-high", 4),
    ("take-stock", 2),
    ("take-stock", 6),
    ("night-market", 3),
    ("night-market", 4),
]
#: what api_test says of ANY environment with PettingZoo's classic Dict observation whose
#: name is not in its own lists of classic games (env_obs_dicts, env_obs_space)
DICT_ADVICE = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


@pytest.fixture
def classic_dict_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """List our environments with PettingZoo's classic Dict-observation games, as its own
    texas_holdem_v4 or chess_v6 are, so api_test checks them the same way."""
    names = [env_name(g) for g in (*GAMES, NINES_PARTS.id)]
    monkeypatch.setattr(API_TEST, "env_obs_dicts", [*API_TEST.env_obs_dicts, *names])
    monkeypatch.setattr(API_TEST, "env_obs_space", [*API_TEST.env_obs_space, *names])


def strict_api_test(environment: object, cycles: int) -> None:
    """api_test with every warning an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api_test(environment, num_cycles=cycles)


def random_turns(e: raw_env, seed: int) -> Iterator[str]:
    """Play ``e`` (reset with ``seed``) to the end with random legal actions from the mask;
    yield each agent to move, before its action."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    while e.game_state is not None and not e.game_state.is_over():
        agent = e.agent_selection
        yield agent
        mask = e.observe(agent)["action_mask"]
        e.step(rng.choice(np.flatnonzero(mask).tolist()))


# ---------------------------------------------------------------------- PettingZoo's own tests
def test_every_game_has_an_environment_named_as_pettingzoo_names_them() -> None:
    assert game_with_features() == list(GAMES)
    assert [env_name(g) for g in GAMES] == [
        "bazaar_buy_low_sell_high_v0",
        "bazaar_take_stock_v0",
        "bazaar_night_market_v0",
    ]
    e = env("night-market", players=4)
    assert str(e) == "bazaar_night_market_v0"
    assert e.metadata["is_parallelizable"] is False
    assert e.metadata["render_modes"] == ["ansi", "human"]
    assert e.possible_agents == ["player_0", "player_1", "player_2", "player_3"]


def test_the_environments_are_in_pettingzoos_registry() -> None:
    assert register_envs() == [
        "bazaar/buy_low_sell_high-v0",
        "bazaar/take_stock-v0",
        "bazaar/night_market-v0",
    ]
    made = pettingzoo.make("aec", registry_id("take-stock"), players=5, crash="drop_one")
    assert str(made) == "bazaar_take_stock_v0" and made.unwrapped.num_players == 5
    assert made.unwrapped.options["crash"] == "drop_one"


@pytest.mark.parametrize(("game", "players"), TABLES)
@pytest.mark.usefixtures("classic_dict_observation")
def test_api_test_passes_with_no_warning(game: str, players: int) -> None:
    # 120 cycles finish at least one whole game, so the end and the dead steps are checked too
    strict_api_test(env(game, players=players), cycles=120)


def test_unlisted_api_test_gives_only_its_dict_observation_advice() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env("buy-low-sell-high", players=3), num_cycles=20)
    assert {str(w.message) for w in caught} == DICT_ADVICE


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_seed_test_passes(game: str, players: int) -> None:
    seed_test(lambda: env(game, players=players), num_cycles=40)


@pytest.mark.usefixtures("classic_dict_observation")
def test_a_game_with_features_just_works_and_one_without_is_refused() -> None:
    register(NINES_PARTS)
    try:
        with pytest.raises(BadOptions) as refused:
            env("hidden-nines", players=2)
        assert str(refused.value) == (
            "hidden-nines: the game declares no features (GameParts.features), so it has no "
            "PettingZoo environment (games with features: buy-low-sell-high, take-stock, "
            "night-market)"
        )
        register(dataclasses.replace(NINES_PARTS, features=nines_layout))
        strict_api_test(env("hidden-nines", players=2), cycles=30)
        seed_test(lambda: env("hidden-nines", players=2), num_cycles=10)
    finally:
        unregister("hidden-nines")


def nines_layout(players: int) -> FeatureLayout:
    """A small feature set for the test game Hidden Nines: own hand, turn, pile."""

    def encode(state: object, seat: int) -> list[float]:
        hand = state.hands[seat]  # type: ignore[attr-defined]
        return [
            *(1.0 if c in hand else 0.0 for c in range(1, 10)),
            state.turn / 20,  # type: ignore[attr-defined]
            len(state.pile) / 20,  # type: ignore[attr-defined]
        ]

    groups = (
        FeatureGroup("hand", 9, "1 for each card 1..9 in the own hand."),
        FeatureGroup("turn", 1, "Turns played / 20."),
        FeatureGroup("pile", 1, "Cards in the pile / 20."),
    )
    return FeatureLayout(groups, encode)


# ---------------------------------------------------------------------- observations and masks
@pytest.mark.parametrize(("game", "players"), TABLES)
def test_observations_are_the_features_and_masks_the_legal_actions(game: str, players: int) -> None:
    e = raw_env(game, players)
    layout = e.layout
    n = get_game(game).num_actions
    space = e.observation_space("player_0")
    assert space["observation"].shape == (layout.size,)
    assert space["action_mask"].shape == (n,)
    assert e.action_space("player_0").n == n
    turns = 0
    for agent in random_turns(e, seed=players):
        state = e.game_state
        assert state is not None and agent == f"player_{state.to_move()}"
        for seat, name in enumerate(e.possible_agents):
            obs = e.observe(name)
            assert obs["observation"].dtype == np.float32
            assert obs["action_mask"].dtype == np.int8
            expected = np.array(layout.encode(state, seat), np.float32)
            assert obs["observation"].tobytes() == expected.tobytes()
            legal = state.legal_actions() if name == agent else []
            assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(legal)
        turns += 1
    assert turns > 50


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_an_observation_is_blind_to_other_seats_hidden_information(game: str, players: int) -> None:
    e = raw_env(game, players)
    other = raw_env(game, players)
    rng = Rng(7)
    for turn, _agent in enumerate(random_turns(e, seed=11)):
        if turn % 9:
            continue
        state = e.game_state
        assert state is not None
        for seat, name in enumerate(e.possible_agents):
            other.load_state(state.determinize(seat, rng))
            mine, theirs = e.observe(name), other.observe(name)
            assert mine["observation"].tobytes() == theirs["observation"].tobytes()
            assert mine["action_mask"].tobytes() == theirs["action_mask"].tobytes()


# ---------------------------------------------------------------------- rewards and the end
@pytest.mark.parametrize(("game", "players"), TABLES)
def test_rewards_come_at_the_end_as_win_shares(game: str, players: int) -> None:
    e = env(game, players=players)
    e.reset(seed=3)
    rng = random.Random(3)
    got: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _info = e.last()
        assert truncation is False
        if termination:
            got[agent] = reward
            e.step(None)
            continue
        assert reward == 0.0
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    state = e.unwrapped.game_state
    assert state.is_over() and e.agents == []
    assert list(got) == e.possible_agents  # each agent told once, in seat order
    assert [got[a] for a in e.possible_agents] == state.returns()
    assert sum(got.values()) == pytest.approx(1.0)
    assert max(got.values()) == 1.0 / len(state.winners())


def test_a_finished_agent_may_only_step_none() -> None:
    e = raw_env("night-market", 3)
    for _ in random_turns(e, seed=1):
        pass
    with pytest.raises(ValueError, match="when an agent is dead, the only valid action is None"):
        e.step(0)


# ---------------------------------------------------------------------- actions, seeds, options
def test_an_illegal_action_is_refused_with_the_rule_and_changes_nothing() -> None:
    e = env("buy-low-sell-high", players=3)
    e.reset(seed=2)
    state = e.unwrapped.game_state
    before = state.full_view()
    for action, rule in ((32, "first-lap"), (105, "encoding"), (-1, "encoding")):
        with pytest.raises(IllegalAction) as refused:
            e.step(action)
        assert refused.value.rule == rule
    with pytest.raises(IllegalAction, match=r"1\.5 is not an action"):
        e.step(1.5)
    assert state.full_view() == before and e.agent_selection == "player_0"
    legal = state.legal_actions()[0]
    e.step(np.int64(legal))  # numpy integers are actions too
    assert state.full_view() != before


def test_a_seed_starts_that_game_and_seedless_resets_follow_from_it() -> None:
    a = raw_env("take-stock", 4)
    a.reset(seed=21)
    assert a.game_state is not None
    assert a.game_state.full_view() == get_game("take-stock").new(4, seed=21).full_view()
    b = raw_env("take-stock", 4)
    b.reset(seed=21)
    views = []
    for e in (a, b):
        e.reset()
        e.reset()
        assert e.game_state is not None
        views.append(e.game_state.full_view())
    assert views[0] == views[1]
    assert views[0] != get_game("take-stock").new(4, seed=21).full_view()
    a.reset(seed=np.int64(-5))  # numpy and negative seeds are seeds too
    assert a.game_state is not None
    assert a.game_state.full_view() == get_game("take-stock").new(4, seed=-5).full_view()
    with pytest.raises(BadOptions, match="seed must be an integer, not 'x'"):
        a.reset(seed="x")  # type: ignore[arg-type]
    fresh = raw_env("take-stock", 4)
    fresh.reset()  # no seed at all: one from the system
    assert fresh.game_state is not None
    assert fresh.agent_selection == f"player_{fresh.game_state.to_move()}"


def test_rule_options_reach_the_game_and_bad_ones_are_named() -> None:
    e = raw_env("buy-low-sell-high", 3, first_lap_limits="at_most")
    e.reset(seed=1, options={"ignored": True})  # reset's options are ignored, as in classic
    assert e.game_state is not None
    assert e.game_state.options["first_lap_limits"] == "at_most"
    assert 32 in e.game_state.legal_actions()  # 'pass' is allowed under at_most
    assert e.observe("player_0")["observation"][-7] == 0.0  # options group: exact_first_lap
    cases: list[tuple[dict[str, Any], str]] = [
        (
            {"first_lap_limits": "nope"},
            "buy-low-sell-high: option 'first_lap_limits' cannot be 'nope' "
            "(allowed: 'exact', 'at_most')",
        ),
        ({"players": 5}, "buy-low-sell-high is for 2-4 players, not 5"),
        (
            {"render_mode": "rgb_array"},
            "render_mode 'rgb_array' is not one of ansi, human (or None)",
        ),
    ]
    for kwargs, message in cases:
        with pytest.raises(BadOptions) as refused:
            env("buy-low-sell-high", **kwargs)
        assert str(refused.value) == message
    with pytest.raises(BadOptions, match=r"unknown option 'colour' \(known options: bn_may"):
        env("buy-low-sell-high", players=3, colour="red")
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        env("chess")


def test_load_state_goes_on_from_a_position_of_the_same_table_only() -> None:
    e = raw_env("night-market", 3)
    state = get_game("night-market").new(3, seed=4)
    e.load_state(state)
    assert e.game_state is not state and e.game_state == state
    with pytest.raises(BadOptions, match="the state is a 3-player night-market game; this "):
        raw_env("night-market", 4).load_state(state)


def test_a_game_in_progress_pickles_and_plays_on_identically() -> None:
    e = env("take-stock", players=3)
    e.reset(seed=8)
    for _ in range(25):
        e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[-1]))
    copy = pickle.loads(pickle.dumps(e))
    for _ in range(25):
        mine, theirs = e.last()[0], copy.last()[0]
        assert mine["observation"].tobytes() == theirs["observation"].tobytes()
        action = int(np.flatnonzero(mine["action_mask"])[0])
        e.step(action)
        copy.step(action)
    assert copy.unwrapped.game_state == e.unwrapped.game_state


# ---------------------------------------------------------------------- render
def test_render_gives_the_board_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env("buy-low-sell-high", 3, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str)
    assert text.startswith("Year 1 of 3  ·  Trading phase  ·  Seat 1 to move")
    assert "Your hand" in text  # the view of the seat to move
    for game in ("take-stock", "night-market"):
        other = raw_env(game, 3, render_mode="ansi")
        other.reset(seed=1)
        assert "Seat 1" in (other.render() or "")
    for game, players in (("buy-low-sell-high", 4), ("take-stock", 6), ("night-market", 4)):
        wide = raw_env(game, players, render_mode="ansi")
        wide.reset(seed=3)
        lines = (wide.render() or "").splitlines()
        assert len(lines) > 10 and max(map(len, lines)) <= 80  # drawn for an 80-column terminal
    human = raw_env("night-market", 3, render_mode="human")
    human.reset(seed=1)  # human mode prints at reset and after each step
    assert "Seat 1" in capsys.readouterr().out
    assert human.render() is None
    silent = raw_env("night-market", 3)
    silent.reset(seed=1)
    with pytest.warns(UserWarning, match="calling render method without specifying any render"):
        assert silent.render() is None


# ---------------------------------------------------------------------- compact actions
def test_compact_mode_numbers_take_stock_by_hand_slot_and_keeps_the_other_games() -> None:
    sizes = {
        g: raw_env(g, 4 if g != "take-stock" else 2, action_mode="compact")
        .action_space("player_0")
        .n
        for g in GAMES
    }
    assert sizes == {"buy-low-sell-high": 105, "take-stock": 1501, "night-market": 472}
    e = raw_env("take-stock", 2, action_mode="compact")
    assert e.observation_space("player_0")["action_mask"].shape == (1501,)
    e.reset(seed=5)
    state = e.game_state
    assert state is not None
    hand = state.hands[state.cur]  # type: ignore[attr-defined]
    codes = e.legal_codes()
    assert codes == sorted(codes) and len(codes) == len(state.legal_actions())
    # code 0 plays the first card of the sorted hand; 10 + 10 x 1 + 0 buys slot 1, discards 0
    assert e.action_of(10 + 10 * 1 + 0) == 60 + 60 * hand[1] + hand[0]
    assert state.notation(e.action_of(10 + 10 * 1 + 0)) == (
        f"buy {state.notation(hand[1])[5:]} {state.notation(hand[0])[5:]}"
    )


def play_compact(game: str, players: int, seed: int) -> raw_env:
    """A whole random game in compact mode, checking at every turn that the compact mask's
    codes name exactly the legal full actions."""
    e = raw_env(game, players, action_mode="compact")
    rng = random.Random(seed)
    e.reset(seed=seed)
    while e.game_state is not None and not e.game_state.is_over():
        mask = e.observe(e.agent_selection)["action_mask"]
        codes = np.flatnonzero(mask).tolist()
        assert sorted(e.action_of(c) for c in codes) == sorted(e.game_state.legal_actions())
        e.step(rng.choice(codes))
    return e


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), table=st.sampled_from(TABLES))
def test_a_game_through_compact_codes_is_the_same_game_in_full_numbers(
    seed: int, table: tuple[str, int]
) -> None:
    game, players = table
    compact = play_compact(game, players, seed)
    full = raw_env(game, players)
    full.reset(seed=seed)
    for action in compact.history:
        assert full.observe(full.agent_selection)["action_mask"][action] == 1
        full.step(action)
    assert full.history == compact.history and len(full.history) > 50
    assert full.game_state == compact.game_state and full.rewards == compact.rewards


def test_a_bad_compact_code_is_refused_with_a_reason_and_changes_nothing() -> None:
    e = raw_env("take-stock", 2, action_mode="compact")
    e.reset(seed=3)
    state = e.game_state
    assert state is not None
    before = state.full_view()
    with pytest.raises(IllegalAction) as beyond:
        e.step(9)  # play the card in slot 9 of a hand of fewer cards
    assert beyond.value.rule == "encoding"
    assert str(beyond.value).startswith("9 is not a compact action code here (0-1500")
    with pytest.raises(IllegalAction, match="audit"):
        e.step(406)  # audit: not now
    with pytest.raises(IllegalAction):
        e.step(1501)
    assert state.full_view() == before and e.history == []


@pytest.mark.parametrize(("game", "players"), [("take-stock", 2), ("take-stock", 6)])
@pytest.mark.usefixtures("classic_dict_observation")
def test_api_and_seed_tests_pass_in_compact_mode(game: str, players: int) -> None:
    strict_api_test(env(game, players=players, action_mode="compact"), cycles=120)
    seed_test(lambda: env(game, players=players, action_mode="compact"), num_cycles=40)


def test_bad_action_modes_and_turn_limits_are_named() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"action_mode": "tiny"}, "action_mode 'tiny' is not one of full, compact"),
        ({"max_turns": 0}, "max_turns must be a positive integer or None, not 0"),
        ({"max_turns": 2.5}, "max_turns must be a positive integer or None, not 2.5"),
    ]
    for kwargs, message in cases:
        for make in (env, parallel_env):
            with pytest.raises(BadOptions) as refused:
                make("take-stock", players=2, **kwargs)
            assert str(refused.value) == message


# ---------------------------------------------------------------------- state() and truncation
@pytest.mark.parametrize(("game", "players"), TABLES)
def test_state_is_every_seats_features_side_by_side(game: str, players: int) -> None:
    e = raw_env(game, players)
    size = e.layout.size
    assert e.state_space.shape == (players * size,)
    assert e.state_space.dtype == np.float32
    for turn, _agent in enumerate(random_turns(e, seed=4)):
        if turn % 17:
            continue
        state = e.game_state
        assert state is not None
        vector = e.state()
        assert vector.shape == (players * size,) and vector.dtype == np.float32
        assert e.state_space.contains(vector)
        for seat, name in enumerate(e.possible_agents):
            part = vector[seat * size : (seat + 1) * size]
            assert part.tobytes() == e.observe(name)["observation"].tobytes()


def test_state_shows_every_hand_so_it_is_for_training_only() -> None:
    e = raw_env("take-stock", 2)
    e.reset(seed=9)
    state = e.game_state
    assert state is not None
    hand_offset = offsets(e.layout.groups)["hand"]
    size = e.layout.size
    vector = e.state()
    for seat in (0, 1):
        shown = np.flatnonzero(vector[seat * size + hand_offset :][:60]).tolist()
        assert shown == sorted(state.hands[seat])  # type: ignore[attr-defined]
    assert state.hands[0] != state.hands[1]  # type: ignore[attr-defined]
    with pytest.raises(BadOptions, match=r"state\(\): the game has not started"):
        raw_env("take-stock", 2).state()


def test_a_game_still_going_at_max_turns_is_truncated_for_every_agent() -> None:
    e = env("night-market", players=3, max_turns=7)
    e.reset(seed=2)
    seen: list[tuple[str, bool, bool, float]] = []
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _info = e.last()
        seen.append((agent, termination, truncation, reward))
        if termination or truncation:
            assert not obs["action_mask"].any()  # nobody may move once truncated
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    raw = e.unwrapped
    assert raw.turns == 7 and len(raw.history) == 7
    assert raw.game_state is not None and not raw.game_state.is_over()
    assert [s[1:] for s in seen[:7]] == [(False, False, 0.0)] * 7
    assert sorted(s[0] for s in seen[7:]) == ["player_0", "player_1", "player_2"]
    assert all(s[1:] == (False, True, 0.0) for s in seen[7:])
    assert e.agents == []
    e.reset(seed=2)  # a new game starts the count again
    assert raw.turns == 0 and raw.history == [] and not any(raw.truncations.values())


# ---------------------------------------------------------------------- parallel API
@pytest.mark.parametrize(("game", "players"), TABLES)
@pytest.mark.parametrize("mode", ["full", "compact"])
def test_parallel_api_test_passes(game: str, players: int, mode: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parallel_api_test(parallel_env(game, players=players, action_mode=mode), 2000)
        parallel_api_test(parallel_env(game, players=players, max_turns=25), 100)


def test_the_parallel_env_plays_the_aec_game_with_only_the_mover_acting() -> None:
    par = parallel_env("take-stock", players=3, action_mode="compact")
    aec = raw_env("take-stock", 3, action_mode="compact")
    observations, infos = par.reset(seed=6)
    aec.reset(seed=6)
    assert str(par) == "bazaar_take_stock_v0" and par.state_space == aec.state_space
    rng = random.Random(6)
    steps = 0
    while par.agents:
        mover = infos["player_0"]["active_agent"]
        assert mover == aec.agent_selection
        assert {a: bool(o["action_mask"].any()) for a, o in observations.items()} == {
            a: a == mover for a in par.possible_agents
        }
        code = rng.choice(np.flatnonzero(observations[mover]["action_mask"]).tolist())
        # the others' actions are ignored, even illegal ones
        actions = {a: (code if a == mover else 10**6) for a in par.agents}
        observations, rewards, terminations, truncations, infos = par.step(actions)
        aec.step(code)
        steps += 1
        for name, obs in observations.items():
            assert obs["observation"].tobytes() == aec.observe(name)["observation"].tobytes()
        assert par.state().tobytes() == aec.state().tobytes()
    assert steps == len(aec.history) and all(terminations.values())
    assert not any(truncations.values())
    assert rewards == {a: r for a, r in aec.rewards.items()}
    assert sum(rewards.values()) == pytest.approx(1.0)
    with pytest.raises(BadOptions, match=r"step\(\): the game is over"):
        par.step({})


def test_the_parallel_env_needs_the_movers_action_and_is_in_the_registry() -> None:
    par = pettingzoo.make("parallel", registry_id("night-market"), players=3)
    _obs, infos = par.reset(seed=1)
    mover = infos["player_0"]["active_agent"]
    others = {a: 0 for a in par.agents if a != mover}
    with pytest.raises(BadOptions, match=f"step\\(\\): no action for {mover}, the agent to"):
        par.step(others)


def test_two_parallel_envs_with_one_seed_play_alike() -> None:
    runs = []
    for _ in range(2):
        par = parallel_env("buy-low-sell-high", players=3, max_turns=40)
        observations, infos = par.reset(seed=13)
        trace = []
        while par.agents:
            mover = infos[par.agents[0]]["active_agent"]
            code = int(np.flatnonzero(observations[mover]["action_mask"])[-1])
            observations, _rewards, _term, truncations, infos = par.step({mover: code})
            trace.append((mover, code, observations[mover]["observation"].tobytes()))
        runs.append(trace)
    assert runs[0] == runs[1] and len(runs[0]) == 40 and all(truncations.values())
