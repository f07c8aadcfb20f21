"""Property tests over random games of Take Stock for 2-6 players (hypothesis): 270, or 1,000
with BAZAAR_LONG_TESTS=1. Hypothesis draws every move, so a failure shrinks to a short move
list, reported as notation and as a record (tests/drawn_moves.py).

Checked after every action: the share cards and event cards (60 and 40 in a normal game, fewer in
the mini) are all accounted for,
legal actions are sorted and unique. At every full event-deck rebuild Market Closed is 11th
from the bottom; every round score is the sum over the certificates held. At a few sampled
steps per game (the expensive checks): every legal action applies, illegal actions raise
IllegalAction and leave the state untouched, and no seat's view changes when what it cannot
see is resampled (``determinize``) or permuted by hand. At the end: replaying the record
gives identical views.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from bazaar.core.errors import IllegalAction
from bazaar.core.record import GameRecord
from bazaar.core.rng import Rng
from bazaar.games.take_stock import GAME, TakeStockState
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import (
    CARD_BY_NAME,
    CLOSED,
    STARTERS,
    STOCK_OF,
)
from bazaar.games.take_stock.state import KIND_MASK, exercise_actions
from tests.drawn_moves import (
    MOVES,
    PROPERTY_SETTINGS,
    StateCheck,
    choose,
    options_of,
    report_moves,
)
from tests.take_stock.helpers import card, position, slot_names

#: Every rule option (tests/take_stock/test_positions.py draws its options from this).
OPTION_STRATEGY = st.fixed_dictionaries(
    {o.name: st.sampled_from(o.choices) for o in GAME.option_specs}
)
MAX_ACTIONS = 5000  # a random game takes about 200 actions; a bound proves it ends


def snapshot(state: TakeStockState) -> str:
    fields = [getattr(state, name) for name in slot_names(state) if name != "game"]
    return repr(fields) + repr(state.rng.state)


def dump(view: dict) -> str:
    return json.dumps(view, sort_keys=True)


def check_accounting(state: TakeStockState) -> None:
    assert sorted(state.share_locations()) == sorted([*STARTERS, *state.rules.dealt_cards])
    events = state.event_locations()
    assert Counter(k for where in events.values() for k in where) == Counter(state.rules.event_deck)
    assert [e & KIND_MASK for e in state.edeck].count(CLOSED) + len(events["aside"]) == 1


def check_all_actions(state: TakeStockState, rng: Rng) -> None:
    """Every legal action applies; a sample of the others raises and changes nothing."""
    legal = state.legal_actions()
    assert legal, "a game that is not over always has a legal action"
    for action in legal:
        copy = state.clone()
        copy.apply(action)
        check_accounting(copy)
    before = snapshot(state)
    legal_set = set(legal)
    near = [a for a in range(A.BUY_BASE) if a not in legal_set]  # every Manipulate
    near += [a for a in range(A.CHOOSE_BASE, A.EXERCISE_BASE + 64) if a not in legal_set]
    sample = [near[rng.below(len(near))] for _ in range(60)]
    sample += [rng.below(A.NUM_ACTIONS) for _ in range(30)]
    for action in sample:
        if action in legal_set:
            continue
        try:
            state.apply(action)
        except IllegalAction as exc:
            assert exc.rule and str(exc)
        else:
            raise AssertionError(f"illegal {A.notation(action)!r} was accepted")
    assert snapshot(state) == before


def scramble(state: TakeStockState, seat: int, rng: Rng) -> TakeStockState:
    """Permute by hand everything ``seat`` cannot see (not via determinize), in the position
    as data (the stored part of ``full_view()``), restored through ``GAME.restore``."""
    data = position(state)
    others = [q for q in range(data["players"]) if q != seat]
    hands = data["hands"]
    pool = data["share_draw_order"] + [c for q in others for c in hands[q]]
    pool.reverse()
    rng.shuffle(pool)
    for q in others:
        size = len(hands[q])
        hands[q], pool = sorted(pool[:size], key=card), pool[size:]
    data["share_draw_order"] = pool
    entries = data["event_deck_order"] + data["event_discard"]
    unseen = [e for e in entries if e["known_by"] not in ("all", seat)]
    unseen += [e for q in others for e in data["held_events"][q]]
    kinds = [e["event"] for e in unseen]
    rng.shuffle(kinds)
    for entry, name in zip(unseen, kinds, strict=True):
        entry["event"] = name
    if data["drawn_events"] and data["actor"] != seat:
        data["drawn_events"].reverse()
    if data["phase"] == "exercise":
        masks = data["exercise_masks"]
        for q in others:
            if masks[q] >= 0:
                tokens = data["seats"][q]["tokens"]
                masks[q] = exercise_actions(len(hands[q]), tokens)[-1] - A.EXERCISE_BASE
    scrambled = GAME.restore(data)
    assert isinstance(scrambled, TakeStockState)
    return scrambled


def check_no_leak(state: TakeStockState, rng: Rng) -> None:
    public = dump(state.view(None))
    for seat in range(state.num_players):
        view = dump(state.view(seat))
        other = state.determinize(seat, rng)
        assert dump(other.view(seat)) == view
        assert dump(other.view(None)) == public
        check_accounting(other)
        legal = other.legal_actions()
        other.apply(legal[rng.below(len(legal))])  # a determinized state plays on
        assert dump(scramble(state, seat, rng).view(seat)) == view


def check_score(data: dict, state: TakeStockState) -> None:
    shares = state.rules.shares
    prices = data["prices"]
    assert prices == [v * (k + 1) for v, k in zip(data["values"], data["splits"], strict=True)]
    for q, certs in enumerate(data["certificates"]):
        cards = [CARD_BY_NAME[name.lower()] for name in certs]
        assert data["scores"][q] == sum(shares[c] * prices[STOCK_OF[c]] for c in cards)


@PROPERTY_SETTINGS
@given(
    seed=st.integers(0, 2**63),
    players=st.sampled_from(range(2, 7)),
    options=options_of(GAME),
    deep_every=st.sampled_from(range(90, 401)),
    deep_offset=st.sampled_from(range(400)),
    moves=MOVES,
)
def test_random_games_keep_every_invariant(seed, players, options, deep_every, deep_offset, moves):
    play_checked_game(seed, players, options, deep_every, deep_offset, moves)


def play_checked_game(
    seed: int,
    players: int,
    options: dict,
    deep_every: int,
    deep_offset: int,
    moves: random.Random,
    extra_check: StateCheck | None = None,
) -> None:
    """Play one game whose every move ``moves`` draws, checking every invariant on the way.

    The expensive checks run at the steps ``deep_offset % deep_every`` plus multiples of
    ``deep_every``.
    """
    state = GAME.new(players, seed, options)
    assert isinstance(state, TakeStockState)
    rng = Rng(seed ^ 0x5EED)  # samples illegal actions and hidden information, not moves
    notations: list[str] = []
    views: dict[int, str] = {}
    totals = [0] * players
    deck = [e & KIND_MASK for e in state.edeck]
    assert len(deck) == len(state.rules.event_deck) and deck[10] == CLOSED
    steps = 0
    deep_at = deep_offset % deep_every
    with report_moves(GAME.id, players, seed, options, notations):
        while not state.is_over():
            assert steps < MAX_ACTIONS, "the game must end"
            if extra_check:
                extra_check(state)
            if steps % 12 == 0:
                check_accounting(state)
            if steps % deep_every == deep_at:
                check_all_actions(state, rng)
                check_no_leak(state, rng)
            legal = state.legal_actions()
            assert legal == sorted(set(legal))
            action = choose(moves, legal)
            notations.append(A.notation(action))
            events = state.apply(action)
            for event in events:
                if event.kind == "event_deck" and event.data["rebuilt"]:
                    deck = [e & KIND_MASK for e in state.edeck]
                    assert len(deck) == len(state.rules.event_deck) and deck.index(CLOSED) == 10
                    assert state.held == [()] * players
                elif event.kind == "score":
                    check_score(event.data, state)
                    totals = [t + x for t, x in zip(totals, event.data["scores"], strict=True)]
                    assert event.data["totals"] == totals
            if steps % 16 == 0:
                views[steps] = dump(state.view(steps % players))
            steps += 1
        if extra_check:
            extra_check(state)
        check_accounting(state)
        assert state.legal_actions() == [] and state.round == state.rules.rounds
        assert state.scores() == totals
        best = max(totals)
        assert state.winners() == [p for p in range(players) if totals[p] == best]

        record = GameRecord(GAME.id, players, seed, options, notations)
        record = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
        replayed = {}
        final = None
        for i, (s, _, _) in enumerate(record.states()):
            final = s
            if i and i - 1 in views:
                replayed[i - 1] = dump(s.view((i - 1) % players))
        assert replayed == views
        assert final == state
