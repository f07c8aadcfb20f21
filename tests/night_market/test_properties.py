"""Property tests over random games of Taiwan Night Market (hypothesis): 270, or 1,000 with
BAZAAR_LONG_TESTS=1. Hypothesis draws every move, so a failure shrinks to a short move list,
reported as notation and as a record (tests/drawn_moves.py).

Checked after every action: all 40 customer cards are in exactly one place, the stall supply
plus the built stalls of each type is 10 (1 at size mini), loans stay within 0-3 (0-1 at size
mini), lot ownership matches the lot counts, and money changes only through the events that move
money (payment, loans, income, majority bonus, repayment). Checked at sampled steps, because
they are expensive: every action is either legal and applies or illegal and raises with the
state untouched, and the bid lots on offer match a brute-force reading of the bidding rules (one
step per game); ``determinize`` leaves every seat's view byte-identical (one to three steps per
game). At the end: the game is over, the winners follow cash then lots, and the record replays
to identical views and an identical final state."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from bazaar.core.errors import IllegalAction
from bazaar.core.record import GameRecord
from bazaar.core.rng import Rng
from bazaar.games.night_market import GAME, NightMarketState
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.components import NUM_TYPES
from bazaar.games.night_market.fields import NightMarketFields
from bazaar.games.night_market.state import BID, OWNED
from tests.drawn_moves import (
    MOVES,
    PROPERTY_SETTINGS,
    StateCheck,
    choose,
    options_of,
    report_moves,
)

MAX_ACTIONS = 1500  # a random game takes about 110 actions; a bound proves it ends


def money_delta_from_events(events, players: int) -> list[int]:
    """Money change per seat that the events account for."""
    delta = [0] * players
    for e in events:
        d = e.data
        if e.kind == "pay":
            delta[d["seat"]] -= d["amount"]
        elif e.kind == "loan":
            delta[d["seat"]] += d["amount"]
        elif e.kind == "income":
            delta = [a + b for a, b in zip(delta, d["income"], strict=True)]
        elif e.kind == "bonus":
            delta = [a + b for a, b in zip(delta, d["bonus"], strict=True)]
        elif e.kind == "repay":
            delta = [a - b for a, b in zip(delta, d["repaid"], strict=True)]
    return delta


def all_cards(s: NightMarketState) -> list[int]:
    cards = s.deck + s.discard + s.out + [x // 8 for x in s.waiting]
    for p in range(s.num_players):
        cards += s.hands[p] + s.hidden[p]
    return sorted(cards)


def check_invariants(s: NightMarketState) -> None:
    assert all_cards(s) == list(range(40))
    for t in range(NUM_TYPES):
        assert s.supply[t] >= 0
        assert s.supply[t] + s.stall.count(t) == s.rules.stalls_per_type
    assert all(0 <= n <= s.rules.loan_max for n in s.loans)
    for p in range(s.num_players):
        assert s.owner.count(p) == s.nlots[p]
        assert len(s.hands[p]) <= s.rules.hand
    for lot in range(30):
        assert (s.owner[lot] >= 0) == (s.status[lot] == OWNED)
        assert s.stall[lot] < 0 or s.owner[lot] >= 0


def reference_bid_lots(s: NightMarketState) -> list[int]:
    """Brute force: lots on which some amount 0..MAX_BID keeps every bidding rule."""
    p = s.cur
    if s.free_markers(p) <= 0:
        return []
    r = s.rules  # loans of $5, at most 3 (size mini: $1, at most 1)
    budget = s.cash[p] + r.loan_amount * (r.loan_max - s.loans[p])
    out = []
    for i, lot in enumerate(s.auction):
        for v in range(A.MAX_BID + 1):
            if s.top[i] >= 0 and v <= s.top[i]:
                continue
            if s.top[i] < 0 and v < s.rules.min_bid[lot]:
                continue
            winning = sum(s.top[j] for j in range(len(s.auction)) if s.lead[j] == p and j != i)
            if winning + v <= budget:
                out.append(A.BID_LOT_BASE + lot)
                break
    return out


def snapshot(s: NightMarketState) -> str:
    fields = [getattr(s, name) for name in NightMarketFields.__slots__ if name != "game"]
    return repr(fields) + repr(s.rng.state)


def check_all_actions(s: NightMarketState) -> None:
    """Every legal action applies; every other one raises and leaves the state untouched."""
    legal = set(s.legal_actions())
    assert legal, "a game that is not over always has a legal action"
    if s.phase == BID:
        bids = [a for a in s.legal_actions() if a < A.VALUE_BASE]
        assert bids == reference_bid_lots(s)
    before = snapshot(s)
    for action in range(A.NUM_ACTIONS):
        if action in legal:
            s.clone().apply(action)
            continue
        try:
            s.apply(action)
        except IllegalAction as exc:
            assert exc.rule and str(exc)
        else:
            raise AssertionError(f"illegal {A.notation(action)!r} was accepted")
    assert snapshot(s) == before  # nothing reverts a change, so one comparison suffices


def check_no_leak(s: NightMarketState, rng: Rng) -> None:
    """Resampling everything a seat cannot see leaves its view byte-identical."""
    public = json.dumps(s.view(None), sort_keys=True)
    for seat in range(s.num_players):
        view = json.dumps(s.view(seat), sort_keys=True)
        other = s.determinize(seat, rng)
        assert json.dumps(other.view(seat), sort_keys=True) == view
        assert json.dumps(other.view(None), sort_keys=True) == public
        assert all_cards(other) == list(range(40))
        assert other.hands[seat] == s.hands[seat] and other.hidden[seat] == s.hidden[seat]
        assert other.legal_actions() == s.legal_actions() or s.to_move() != seat


@PROPERTY_SETTINGS
@given(
    seed=st.integers(0, 2**63),
    players=st.sampled_from(range(3, 5)),
    options=options_of(GAME),
    probe=st.sampled_from(range(131)),
    leak_every=st.sampled_from(range(30, 91)),
    moves=MOVES,
)
def test_random_games_keep_every_invariant(seed, players, options, probe, leak_every, moves):
    play_checked_game(seed, players, options, probe, leak_every, moves)


def play_checked_game(
    seed: int,
    players: int,
    options: dict,
    probe: int,
    leak_every: int,
    moves: random.Random,
    extra_check: StateCheck | None = None,
) -> None:
    """Play one game whose every move ``moves`` draws, checking every invariant on the way.

    Every action is tried at step ``probe``; ``determinize`` is checked every ``leak_every``
    steps from ``leak_every // 2``.
    """
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
            check_invariants(state)
            if steps == probe:
                check_all_actions(state)
            if steps % leak_every == leak_every // 2:
                check_no_leak(state, rng)
            legal = state.legal_actions()
            assert legal == sorted(set(legal))
            action = choose(moves, legal)
            money_before = list(state.cash)
            notations.append(A.notation(action))
            events = state.apply(action)
            delta = money_delta_from_events(events, players)
            assert [b + d for b, d in zip(money_before, delta, strict=True)] == state.cash
            if steps % 5 == 0:
                views.append(json.dumps(state.view(steps % players), sort_keys=True))
            steps += 1
        if extra_check:
            extra_check(state)
        check_invariants(state)
        assert state.legal_actions() == [] and state.to_move() is None
        winners = state.winners()
        assert winners and set(winners) <= set(range(players))
        best = max(zip(state.cash, state.nlots, strict=True))
        assert winners == [p for p in range(players) if (state.cash[p], state.nlots[p]) == best]
        assert state.scores() == state.cash

        record = GameRecord(GAME.id, players, seed, options, notations)
        record = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
        replayed = []
        final = None
        for i, (s, _, _) in enumerate(record.states()):  # one replay checks views and end
            final = s
            if i and (i - 1) % 5 == 0:
                replayed.append(json.dumps(s.view((i - 1) % players), sort_keys=True))
        assert replayed == views
        assert final == state
