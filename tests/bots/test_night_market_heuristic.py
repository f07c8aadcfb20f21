"""The Taiwan Night Market heuristic: legal complete games, sensible choices, no peeking, and
a quick strength check against random play."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bazaar.bots.heuristics import HeuristicBot, heuristic_for
from bazaar.bots.random_bot import RandomBot
from bazaar.core.registry import game_parts
from bazaar.games.night_market import GAME, NightMarketState
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.heuristic import NightMarketHeuristic
from bazaar.games.night_market.state import BID, BUILD, HIDE, VALUE
from tests.bots.helpers import check_no_peeking, check_reused_bot, play_out
from tests.night_market.helpers import (
    at_round,
    bids,
    building,
    clear_board,
    hand,
    hide,
    hiding,
    kind,
    money,
    new,
    passed,
    stall,
    stand,
    to_bidding,
)


def play(
    players: int, seed: int, heuristic_seats: set[int], options: dict | None = None
) -> NightMarketState:
    """One complete game; every action is checked legal before it is applied."""
    state = GAME.new(players, seed, options or {})
    bots = [
        NightMarketHeuristic(seed=seed * 10 + q) if q in heuristic_seats else RandomBot(seed + q)
        for q in range(players)
    ]
    return play_out(state, bots)


# ---------------------------------------------------------------------- complete games
def test_registered_for_night_market() -> None:
    assert game_parts("night-market").heuristic is NightMarketHeuristic
    assert isinstance(heuristic_for("night-market", seed=1), NightMarketHeuristic)
    state = GAME.new(4, 3)
    assert HeuristicBot(5).choose(state) in state.legal_actions()


@pytest.mark.parametrize("players", [3, 4])
def test_full_tables_of_heuristics_finish(players: int) -> None:
    for seed in range(12):
        state = play(players, seed, set(range(players)))
        assert state.winners()
        assert all(n >= 1 for n in state.nlots)  # every heuristic seat bought lots


@pytest.mark.parametrize("players", [3, 4])
def test_heuristic_among_random_seats_finishes(players: int) -> None:
    for seed in range(12):
        assert play(players, 100 + seed, {seed % players}).winners()


def option_variants() -> Iterator[dict]:
    for spec in GAME.option_specs:
        for choice in spec.choices[1:]:
            yield {spec.name: choice}
    yield {"voluntary_loans": True, "yellow_face": "min_bid", "unbid_lots": "return"}
    yield {"movement_order": "table", "next_entrance": "letter", "connected_entry": "per_lot"}


@pytest.mark.parametrize("options", list(option_variants()), ids=repr)
def test_every_rule_option(options: dict) -> None:
    for players in (3, 4):
        state = play(players, 7, {0, players - 1}, options)
        assert state.winners()


def test_noise_still_legal_and_seeded() -> None:
    state = GAME.new(4, 11)
    bots = [NightMarketHeuristic(seed=q, noise=0.5) for q in range(4)]
    twins = [NightMarketHeuristic(seed=q, noise=0.5) for q in range(4)]
    assert play_out(state, bots, twins).winners()


# ---------------------------------------------------------------------- sensible choices
def blank_build(seat: int, lot: int, round_: int = 2) -> NightMarketState:
    """A 4-player game where ``seat`` must decide its unbuilt ``lot`` (1-30) now."""
    s = new(4, 5)
    s = clear_board(s)
    s = at_round(s, round_)
    s = stall(s, lot, seat, None, won=round_)
    s = building(s, seat, lot)
    return s


def test_builds_for_its_own_hidden_customer_at_the_front() -> None:
    s = blank_build(1, 1)
    s = hide(s, 1, "T2D")
    assert NightMarketHeuristic().choose(s) == A.build(0, 2)


def test_builds_for_the_customers_waiting_at_the_entrance() -> None:
    s = blank_build(2, 12)  # B/C street
    s = stand(s, "T3B", "T3C")
    assert NightMarketHeuristic().choose(s) == A.build(11, 3)


def test_joins_its_own_stall_when_rivals_are_ahead_in_other_types() -> None:
    s = blank_build(0, 3)
    s = stall(s, 2, 0, "T1")  # its own T1 next door
    for lot, name in ((1, "T0"), (6, "T2"), (7, "T3")):  # rivals ahead for every other type
        s = stall(s, lot, 1, name)
    assert NightMarketHeuristic().choose(s) == A.build(2, 1)


def hide_state(seat: int, names: tuple[str, ...]) -> NightMarketState:
    s = new(4, 9)
    s = clear_board(s)
    s = at_round(s, 2)
    s = hand(s, seat, *names)
    s = hiding(s, seat)
    return s


def test_hides_the_customer_that_eats_at_its_own_stall() -> None:
    s = hide_state(3, ("T0B", "T1A", "T3E", "T2H"))
    s = stall(s, 1, 3, "T3")
    s = stall(s, 2, 0, "T0")
    assert NightMarketHeuristic().choose(s) == A.hide(kind("T3E"))


def test_does_not_hide_a_customer_for_a_rival() -> None:
    s = hide_state(0, ("T1E", "T2E"))
    s = stall(s, 1, 2, "T1")  # a rival's T1 stall at the front of the D-H street
    assert NightMarketHeuristic().choose(s) == A.hide(kind("T2E"))


def test_bids_on_a_good_lot_below_its_value() -> None:
    s = to_bidding(new(4, 2), lots=[1, 2, 3, 4, 5], cash=[13, 12, 11, 10])
    s = clear_board(s)
    bot = NightMarketHeuristic()
    action = bot.choose(s)
    assert A.BID_LOT_BASE <= action < A.VALUE_BASE
    lot = action - A.BID_LOT_BASE
    value, _ = bot._model_for(s).lot_value(lot, s.cur, True)
    s.apply(action)
    assert s.phase == VALUE
    amount = bot.choose(s) - A.VALUE_BASE
    assert 0 < amount < value  # a jump over the minimum, but still below what the lot earns


def test_bids_the_minimum_when_nobody_else_can_bid() -> None:
    s = to_bidding(new(4, 2), lots=[1, 2, 3, 4, 5], cash=[13, 12, 11, 10])
    s = clear_board(s)
    s = passed(s, [q for q in range(4) if q != s.cur])
    bot = NightMarketHeuristic()
    s.apply(bot.choose(s))
    assert s.phase == VALUE
    assert bot.choose(s) == A.value(0)


def test_passes_when_every_lot_costs_more_than_it_earns() -> None:
    s = to_bidding(new(4, 2), lots=[21, 23, 25, 28, 30], cash=[13, 12, 11, 10])
    s = clear_board(s)
    s = at_round(s, s.rules.last_round)
    seat = s.cur
    s = bids(s, {lot + 1: (12, (seat + 1) % 4) for lot in s.auction})
    s = money(s, cash=[40 if q == seat else c for q, c in enumerate(s.cash)])
    assert NightMarketHeuristic().choose(s) == A.PASS


# ---------------------------------------------------------------------- no peeking
def sampled_states(players: int, seed: int, every: int = 7) -> Iterator[NightMarketState]:
    """States along a game of heuristics and random seats where the mover has a choice."""
    state = GAME.new(players, seed)
    bots = [NightMarketHeuristic(seed=q) if q % 2 else RandomBot(seed + q) for q in range(players)]
    step = 0
    while not state.is_over():
        if step % every == 3 and len(state.legal_actions()) > 1:
            yield state.clone()
        state.apply(bots[state.to_move()].choose(state))  # type: ignore[index]
        step += 1


@pytest.mark.parametrize("players", [3, 4])
def test_no_peeking(players: int) -> None:
    """The move depends only on the seat's view: the same on every determinization."""
    phases, changed = check_no_peeking(
        lambda seed: sampled_states(players, seed),
        lambda n, noise: NightMarketHeuristic(seed=n, noise=noise),
        noises=(0.0, 0.5),
        draws=4,
    )
    assert {HIDE, BID, VALUE, BUILD} <= phases
    assert changed  # the samples really did change hidden information


def test_no_peeking_with_a_reused_bot() -> None:
    """A bot that keeps its model between calls still answers from the view alone."""
    states = sampled_states(4, 5, every=5)
    check_reused_bot(states, NightMarketHeuristic(seed=4), lambda: NightMarketHeuristic(seed=4))


def test_a_kept_model_answers_like_a_fresh_bot() -> None:
    """One bot playing every seat of a game, keeping its model between calls while the state
    moves on, makes exactly the moves of a fresh bot at each step."""
    for players, seed in ((3, 12), (4, 13)):
        state = GAME.new(players, seed)
        shared = NightMarketHeuristic()
        while not state.is_over():
            action = shared.choose(state)
            assert NightMarketHeuristic().choose(state) == action
            state.apply(action)


# ---------------------------------------------------------------------- strength
def test_beats_random_players() -> None:
    """60 games, one heuristic seat (rotated) against three random seats: it should win far
    more than its fair 25% (it won all of 800 such games in a longer run)."""
    games = 60
    share = 0.0
    for g in range(games):
        seat = g % 4
        state = play(4, 5000 + g, {seat})
        share += state.returns()[seat]
    assert share / games >= 0.5
