"""Property tests over random games of Buy Low Sell High (hypothesis): 270, or 1,000 with
BAZAAR_LONG_TESTS=1. Hypothesis draws every move, so a failure shrinks to a short move list,
reported as notation and as a record (tests/drawn_moves.py).

Invariants checked after every action: 12 tokens per kind, 45 cards, money changes only
through the events that pay money (trades, commissions, dividends, sales), the game ends,
replaying the record reproduces every view, a seat's view ignores what it cannot see, and
every action is either legal and applies or illegal and raises with the state untouched,
and a position restored from its full view equals the state (tests/buy_low_sell_high/
test_positions.py checks every state of other random games and plays on from them).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bazaar.core.errors import IllegalAction
from bazaar.core.record import GameRecord
from bazaar.core.rng import Rng
from bazaar.games.buy_low_sell_high import GAME
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high.components import COMPONENTS, KINDS, NUM_CARDS
from bazaar.games.buy_low_sell_high.fields import BlshFields
from bazaar.games.buy_low_sell_high.state import TRADE, BlshState
from tests.drawn_moves import (
    MOVES,
    PROPERTY_SETTINGS,
    StateCheck,
    choose,
    moves_noted,
    options_of,
    report_moves,
)

MAX_ACTIONS = 2000  # a game of random moves takes about 100; a bound proves it ends


def tokens(state: BlshState, k: int) -> int:
    return state.n[k] + sum(state.held[p][k] for p in range(state.num_players))


def cards(state: BlshState) -> int:
    return (
        len(state.pile)
        + sum(state.hand_n)
        + len(state.row)
        + len(state.news_on)
        + sum(len(d) for d in state.discards)
    )


def money_delta_from_events(events, players: int) -> list[int]:
    """Money change per seat that the events account for."""
    delta = [0] * players
    for e in events:
        d = e.data
        if e.kind == "trade":
            delta[d["seat"]] += d["received"] - d["paid"]
        elif e.kind == "commission":
            for q, paid in enumerate(d["paid"]):
                delta[q] -= paid
        elif e.kind == "year_end":
            for q, got in enumerate(d["dividends"]):
                delta[q] += got
        elif e.kind == "sell":
            delta[d["seat"]] += d["price"]
    return delta


def reference_trade_legal(state: BlshState, action: int) -> bool:
    """Brute force: a trade is legal iff every sale then every purchase is legal in turn."""
    p = state.cur
    lap = state.first_lap_seat()
    if lap:
        from bazaar.games.buy_low_sell_high.state import _first_lap_allows

        if not _first_lap_allows(A.TRADES[action], lap, state.rules.exact_first_lap):
            return False
    s = state.clone()
    d = A.TRADES[action]
    for k in range(KINDS):
        for _ in range(-d[k]):
            if s.held[p][k] < 1:
                return False
            s._sell(p, k)
    for k in range(KINDS):
        for _ in range(d[k]):
            if s.n[k] < 2 or s.money[p] < s.buy_price(k):
                return False
            s._buy(p, k)
    return True


def snapshot(state: BlshState) -> str:
    """Every field of the state, as text (fast to compare)."""
    fields = [getattr(state, name) for name in BlshFields.__slots__ if name != "game"]
    return repr(fields) + repr(state.rng.state)


def check_all_actions(state: BlshState) -> None:
    """Every legal action applies; every other one raises and leaves the state untouched."""
    legal = set(state.legal_actions())
    assert legal, "a game that is not over always has a legal action"
    before = snapshot(state)
    for action in range(A.NUM_ACTIONS):
        if state.phase == TRADE and action < A.PLAY_BASE:
            assert (action in legal) == reference_trade_legal(state, action), A.notation(action)
        if action in legal:
            state.clone().apply(action)
        else:
            try:
                state.apply(action)
            except IllegalAction as exc:
                assert exc.rule and str(exc)
            else:
                raise AssertionError(f"illegal {A.notation(action)!r} was accepted")
            assert snapshot(state) == before


def check_no_leak(state: BlshState, rng: Rng) -> None:
    """Resampling everything a seat cannot see leaves its view byte-identical."""
    for seat in range(state.num_players):
        view = json.dumps(state.view(seat), sort_keys=True)
        other = state.determinize(seat, rng)
        assert json.dumps(other.view(seat), sort_keys=True) == view
        assert json.dumps(other.view(None), sort_keys=True) == json.dumps(
            state.view(None), sort_keys=True
        )


@PROPERTY_SETTINGS
@given(
    seed=st.integers(0, 2**63),
    players=st.sampled_from(range(2, 5)),
    options=options_of(GAME),
    deep_every=st.sampled_from(range(30, 91)),
    moves=MOVES,
)
def test_random_games_keep_every_invariant(seed, players, options, deep_every, moves):
    play_checked_game(seed, players, options, deep_every, moves)


def play_checked_game(
    seed: int,
    players: int,
    options: dict,
    deep_every: int,
    moves: random.Random,
    extra_check: StateCheck | None = None,
) -> None:
    """Play one game whose every move ``moves`` draws, checking every invariant on the way."""
    state = GAME.new(players, seed, options)
    rng = Rng(seed ^ 0x5EED)  # resamples hidden information (check_no_leak), not moves
    notations: list[str] = []
    views: list[str] = []
    steps = 0
    with report_moves(GAME.id, players, seed, options, notations):
        while not state.is_over():
            assert steps < MAX_ACTIONS, "the game must end"
            if extra_check:
                extra_check(state)
            for k in range(KINDS):
                assert tokens(state, k) == COMPONENTS.tokens_per_kind
            assert cards(state) == len(COMPONENTS.deck) == 45
            assert all(sum(h) == n for h, n in zip(state.hands, state.hand_n, strict=True))
            assert all(0 <= n <= COMPONENTS.hand_size for n in state.hand_n)
            if steps % deep_every == 0:
                check_all_actions(state)
                check_no_leak(state, rng)
                assert GAME.restore(json.loads(json.dumps(state.full_view()))) == state
            legal = state.legal_actions()
            assert legal == sorted(set(legal))
            action = choose(moves, legal)
            money_before = list(state.money)
            notations.append(A.notation(action))
            events = state.apply(action)
            delta = money_delta_from_events(events, players)
            assert [b + d for b, d in zip(money_before, delta, strict=True)] == state.money
            if steps % 4 == 0:
                views.append(json.dumps(state.view(steps % players), sort_keys=True))
            steps += 1
        if extra_check:
            extra_check(state)
        assert state.legal_actions() == []
        assert state.winners() and set(state.winners()) <= set(range(players))
        assert all(sum(h) == 0 for h in state.held), "the sell-off sells every token"
        best = max(state.scores())
        assert state.winners() == [p for p in range(players) if state.scores()[p] == best]

        record = GameRecord(GAME.id, players, seed, options, notations)
        record = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
        replayed = []
        final = None
        for i, (s, _, _) in enumerate(record.states()):  # one replay checks views and end
            final = s
            if i and (i - 1) % 4 == 0:
                replayed.append(json.dumps(s.view((i - 1) % players), sort_keys=True))
        assert replayed == views
        assert final == state


FIRST_CHOICES = {o.name: o.choices[0] for o in GAME.option_specs}


def holds_fewer_than_six_tokens(state: BlshState) -> None:
    """A deliberately false invariant: some seat does come to hold six tokens."""
    most = max(sum(h) for h in state.held)
    assert most < 6, f"a seat holds {most} tokens"


def test_a_broken_invariant_shrinks_to_a_short_move_list():
    """The property test's game with a false extra check: hypothesis finds a game that breaks it
    and shrinks it to a few moves, which the report gives as notation and a record."""
    steps_at_failure: list[int] = []  # moves played before each failure, first found first
    checked: list[BlshState] = []

    def broken(state: BlshState) -> None:
        checked.append(state)
        try:
            holds_fewer_than_six_tokens(state)
        except AssertionError:
            steps_at_failure.append(len(checked) - 1)
            raise

    @settings(PROPERTY_SETTINGS, max_examples=100, print_blob=False)
    @given(seed=st.integers(0, 2**63), moves=MOVES)
    def game_with_a_broken_invariant(seed, moves):
        checked.clear()
        play_checked_game(seed, 2, FIRST_CHOICES, 90, moves, extra_check=broken)

    with pytest.raises(AssertionError, match="a seat holds 6 tokens") as failure:
        game_with_a_broken_invariant()
    notes = failure.value.__notes__
    moves = moves_noted(notes)
    record = GameRecord.from_json(
        json.loads(next(n for n in notes if n.startswith("record: "))[8:])
    )
    assert record.actions == moves and record.players == 2
    # the first failing game found had 8 moves, others up to 62; the report has 5:
    # ["+K2", "play K0-2", "-K0 -K1", "play K0+1", "+K0 +K2"]
    assert len(moves) <= 5 < steps_at_failure[0] < max(steps_at_failure), steps_at_failure
    states = [s.clone() for s, _, _ in record.states()]
    for before in states[:-1]:
        holds_fewer_than_six_tokens(before)
    with pytest.raises(AssertionError, match="a seat holds 6 tokens"):
        holds_fewer_than_six_tokens(states[-1])


def test_card_pool_is_45_of_27_kinds():
    assert len(COMPONENTS.deck) == 45
    assert len(set(COMPONENTS.deck)) == NUM_CARDS
