"""The Take Stock heuristic: legal complete games, sensible choices, no peeking, a quick strength
check against random play, and the public ``estimate_scores`` (take_stock/estimate.py) that
the search uses."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bazaar.bots.heuristics import HeuristicBot, heuristic_for
from bazaar.bots.random_bot import RandomBot
from bazaar.core.registry import game_parts
from bazaar.core.rng import Rng
from bazaar.games.take_stock import GAME, TakeStockState
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import CARD_NAMES
from bazaar.games.take_stock.estimate import estimate_scores
from bazaar.games.take_stock.heuristic import TakeStockHeuristic, _View
from bazaar.games.take_stock.state import CHOOSE, EXERCISE, MAIN
from tests.bots.helpers import check_no_peeking, check_reused_bot, play_out
from tests.take_stock.helpers import (
    card,
    give,
    new,
    set_certs,
    set_row,
    set_tokens,
    set_totals,
    stack_events,
    to_choose,
    to_execute,
    to_exercise,
    turn,
)


def play(
    players: int, seed: int, heuristic_seats: set[int], options: dict | None = None
) -> TakeStockState:
    """One complete game; every action is checked legal before it is applied."""
    state = GAME.new(players, seed, options or {})
    bots = [
        TakeStockHeuristic(seed=seed * 10 + q) if q in heuristic_seats else RandomBot(seed + q)
        for q in range(players)
    ]
    return play_out(state, bots)


# ---------------------------------------------------------------------- complete games
def test_registered_for_take_stock() -> None:
    assert game_parts("take-stock").heuristic is TakeStockHeuristic
    assert isinstance(heuristic_for("take-stock", seed=1, noise=0.5), TakeStockHeuristic)
    state = GAME.new(4, 3)
    assert HeuristicBot(5).choose(state) in state.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_full_tables_of_heuristics_finish(players: int) -> None:
    for seed in range(4):
        state = play(players, seed, set(range(players)))
        assert state.winners()
        assert state.round == 4


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_heuristic_among_random_seats_finishes(players: int) -> None:
    for seed in range(4):
        assert play(players, 100 + seed, {seed % players}).winners()


def option_variants() -> Iterator[dict]:
    for spec in GAME.option_specs:
        for choice in spec.choices[1:]:
            yield {spec.name: choice}
    yield {"audit": "target_chooses", "freeze": "player", "held_usable": "later_turn"}
    yield {"crash": "drop_one", "crash_splits": "discard", "insider_limit": "ignore"}


@pytest.mark.parametrize("options", list(option_variants()), ids=repr)
def test_every_rule_option(options: dict) -> None:
    state = play(4, 7, {0, 2, 3}, options)
    assert state.winners()


def test_noise_still_legal_and_seeded() -> None:
    state = GAME.new(4, 11)
    bots = [TakeStockHeuristic(seed=q, noise=1.0) for q in range(4)]
    twins = [TakeStockHeuristic(seed=q, noise=1.0) for q in range(4)]
    assert play_out(state, bots, twins).winners()


# ---------------------------------------------------------------------- sensible choices
def exercise_state(round_no: int, tokens: int, *hand: str) -> TakeStockState:
    """Seat 0 decides its option exercise at the end of round ``round_no``."""
    s = new(4, 5)
    give(s, 0, *hand)
    set_tokens(s, [tokens, *s.tokens[1:]])
    return to_exercise(s, 0, round_no)


def test_exercises_every_token_on_the_best_cards_in_the_last_round() -> None:
    s = exercise_state(4, 2, "C3", "M7", "O12")
    set_row(s, "O", 4, 8)
    set_row(s, "M", 5)
    # hand sorted by card: C3 (1 point), O12 (3 x 8 = 24), M7 (2 x 5 = 10)
    assert s.notation(TakeStockHeuristic().choose(s)) == "exercise 2 3"


def test_keeps_tokens_for_later_rounds_when_the_cards_are_cheap() -> None:
    s = exercise_state(1, 4, "C3", "T4")
    assert s.notation(TakeStockHeuristic().choose(s)) == "exercise none"
    set_row(s, "T", 2, 6, 9, splits=1)  # T4 is now worth 18 points
    assert s.notation(TakeStockHeuristic().choose(s)) == "exercise 2"


def last_round_turn(totals: list[int]) -> TakeStockState:
    """Seat 0's turn in round 4 with Market Closed second from the top of the event deck."""
    s = turn(new(4, 8), 0, round_no=4)
    give(s, 0, "C3", "G4", "T2", "M5", "O3", "C6")
    set_totals(s, totals)
    set_tokens(s, [0, 0, 0, 0])
    stack_events(s, "no-change", "market-closed")
    assert s.market_closed_position() == 2
    return s


def test_ends_the_last_round_with_market_closed_when_ahead() -> None:
    s = last_round_turn([200, 20, 20, 20])
    action = TakeStockHeuristic().choose(s)
    assert A.EVENT2_BASE <= action < A.EVENT1_BASE, s.notation(action)


def test_does_not_end_the_last_round_when_behind() -> None:
    s = last_round_turn([20, 200, 20, 20])
    action = TakeStockHeuristic().choose(s)
    assert not A.EVENT2_BASE <= action < A.EVENT1_BASE, s.notation(action)


def test_buys_the_many_share_card_of_a_high_split_stock() -> None:
    s = turn(new(4, 2), 0, round_no=1)
    set_row(s, "O", 5, 9, splits=1)
    give(s, 0, "O10", "C10", "T2", "G3", "M4")
    set_tokens(s, [0, *s.tokens[1:]])
    action = TakeStockHeuristic().choose(s)
    assert A.BUY_BASE <= action < A.EVENT2_BASE, s.notation(action)
    assert (action - A.BUY_BASE) // 60 == card("O10")


def test_raises_its_own_stock_not_a_rivals() -> None:
    s = turn(new(4, 6), 0, round_no=2)
    set_certs(s, 0, "O10", "O11")
    set_certs(s, 1, "C10", "C12")
    set_row(s, "O", 3)
    set_row(s, "C", 3)
    give(s, 0, "O7", "C7", "T2", "G3", "M4")
    set_tokens(s, [0, *s.tokens[1:]])
    bot = TakeStockHeuristic()
    action = bot.choose(s)
    assert s.notation(action) != "play C7"
    scored = {a: x for x, a in bot._score_main(s, _View(s, bot), s.legal_actions())}
    assert scored[card("O7")] > scored[card("C7")]


def test_audits_the_rivals_most_valuable_certificate() -> None:
    s = new(4, 4)
    set_row(s, "O", 4, 8)
    set_certs(s, 1, "O10", "C2")
    set_certs(s, 2, "G5")
    to_execute(s, 0, "audit", "audit")
    assert s.notation(TakeStockHeuristic().choose(s)) == "audit O10"


def test_chooses_the_split_of_its_own_stock() -> None:
    s = new(4, 9)
    set_certs(s, 0, "O10")
    set_certs(s, 1, "C10")
    set_row(s, "O", 4)
    set_row(s, "C", 4)
    to_choose(s, 0, "split-C", "split-O")
    assert s.notation(TakeStockHeuristic().choose(s)) == "choose split-O"
    to_choose(s, 0, "split-C", "crash-C")
    assert s.notation(TakeStockHeuristic().choose(s)) == "choose crash-C"


# ---------------------------------------------------------------------- no peeking
def sampled_states(players: int, seed: int, every: int = 5) -> Iterator[TakeStockState]:
    """States along a game of heuristics and random seats where the mover has a choice."""
    state = GAME.new(players, seed)
    bots = [TakeStockHeuristic(seed=q) if q % 2 else RandomBot(seed + q) for q in range(players)]
    step = 0
    while not state.is_over():
        if (step % every == 2 or state.phase != MAIN) and len(state.legal_actions()) > 1:
            yield state.clone()
        state.apply(bots[state.to_move()].choose(state))  # type: ignore[index]
        step += 1


@pytest.mark.parametrize("players", [3, 4])
def test_no_peeking(players: int) -> None:
    """The move depends only on the seat's view: the same on every determinization."""
    phases, changed = check_no_peeking(
        lambda seed: sampled_states(players, seed),
        lambda n, noise: TakeStockHeuristic(seed=n, noise=noise),
        noises=(0.0, 1.0),
        draws=3,
    )
    assert {MAIN, CHOOSE, EXERCISE} <= phases
    assert changed  # the samples really did change hidden information


def test_no_peeking_with_a_reused_bot() -> None:
    """A bot used for many positions still answers from the view alone."""
    states = sampled_states(4, 5, every=4)
    check_reused_bot(states, TakeStockHeuristic(seed=4), lambda: TakeStockHeuristic(seed=4))


# ---------------------------------------------------------------------- strength
def test_beats_random_players() -> None:
    """60 games, one heuristic seat (rotated) against three random seats: it should win far
    more than its fair 25% (measured over 2000 games: about 92%)."""
    games = 60
    share = 0.0
    for g in range(games):
        seat = g % 4
        state = play(4, 5000 + g, {seat})
        share += state.returns()[seat]
    assert share / games >= 0.5


# ---------------------------------------------------------------------- estimate_scores
def test_estimate_scores_counts_totals_certificates_tokens_and_hands() -> None:
    s = new(4, 3)
    turn(s, s.cur, round_no=2)
    set_totals(s, [40, 10, 0, 25])
    set_row(s, "O", 4, 8, splits=1)  # price 16
    set_row(s, "C", 3)  # price 3
    set_certs(s, 0, "O10", "C2")  # 3 x 16 + 1 x 3
    set_certs(s, 1, "O6")  # 2 x 16
    set_tokens(s, [4, 2, 0, 1])
    hands = [5.0 * len(h) for h in s.hands]
    assert estimate_scores(s) == [
        40 + 48 + 3 + 40 + hands[0],
        10 + 32 + 20 + hands[1],
        0 + hands[2],
        25 + 10 + hands[3],
    ]
    to_exercise(s, 0)  # the hands are about to be discarded: only the tokens count
    assert estimate_scores(s) == [131, 62, 0, 35]


def test_estimate_scores_in_the_last_round_and_at_the_end() -> None:
    s = new(4, 3)
    turn(s, s.cur, round_no=4)
    set_tokens(s, [2, 0, 5, 1])
    give(s, 2, CARD_NAMES[s.hands[2][0]])
    set_row(s, "T", 4)  # prices 1, 1, 4, 1, 1: an average card is 21/11 x 8/5 points
    card_worth = 21 / 11 * 8 / 5
    est = estimate_scores(s)
    hands = [5.0 * len(h) for h in s.hands]
    assert est[0] == pytest.approx(s.totals[0] + 2 * card_worth + hands[0])
    assert est[1] == s.totals[1] + hands[1]
    assert est[2] == pytest.approx(s.totals[2] + 1 * card_worth + 5)  # one card in hand
    over = play(4, 12, {0})
    assert estimate_scores(over) == over.scores()


def test_estimate_scores_use_public_information_only() -> None:
    for n, state in enumerate(sampled_states(4, 3, every=3)):
        seat = state.to_move()
        assert seat is not None
        ref = estimate_scores(state)
        assert len(ref) == 4
        for x in (1, 2):
            assert estimate_scores(state.determinize(seat, Rng(n * 7 + x))) == ref
