"""The observation features of every game (bazaar.core.features): fixed sizes, finite values
in range, nothing hidden leaks (determinization invariance), the values mean what their group
says (checked against ``view(seat)`` and after known moves), and docs/features.md lists
exactly the groups of the code."""

from __future__ import annotations

import importlib.util
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bazaar.core.features import FeatureLayout
from bazaar.core.game import State
from bazaar.core.registry import game_ids, game_parts, get_game
from bazaar.core.rng import Rng

ROOT = Path(__file__).resolve().parents[1]
#: rule options that reach other branches of the encoders (a few games each)
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "take-stock": [
        {
            "audit": "target_chooses",
            "freeze": "player",
            "held_usable": "later_turn",
            "freeze_in_row_length": True,
            "manipulate_direction": "either",
        },
        {"audit": "enforce_limit", "freeze": "full_lock", "option_lost": "self"},
    ],
    "buy-low-sell-high": [{"deck": "price_heavy", "dividend_table": "linear"}],
    "night-market": [
        {"voluntary_loans": True, "yellow_face": "min_bid", "adjacency": "row+aisle+corners"},
        {"three_player_long": True, "movement_order": "table", "unbid_lots": "return"},
    ],
}
FEATURED = [g for g in game_ids() if game_parts(g).features is not None]


def layout_of(game_id: str, players: int) -> FeatureLayout:
    features = game_parts(game_id).features
    assert features is not None
    return features(players)


def group(layout: FeatureLayout, vector: list[float], name: str) -> list[float]:
    """The entries of group ``name``."""
    start = 0
    for g in layout.groups:
        if g.name == name:
            return vector[start : start + g.size]
        start += g.size
    raise KeyError(name)


def positions(
    game_id: str, players: int, games: int, options: dict[str, Any] | None = None
) -> list[State]:
    """Positions of random games: every 9th, the first 3 of each phase and the end."""
    game = get_game(game_id)
    rng = Rng(players * 7 + games)
    out: list[State] = []
    for g in range(games):
        state = game.new(players, 100 + g, options)
        seen: Counter[str] = Counter()
        step = 0
        while True:
            phase = state.view(None)["phase"]
            if seen[phase] < 3 or step % 9 == 0 or state.is_over():
                out.append(state.clone())
            seen[phase] += 1
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.below(len(legal))])
            step += 1
    return out


def test_every_built_in_game_has_features() -> None:
    assert {"buy-low-sell-high", "take-stock", "night-market"} <= set(FEATURED)


@pytest.mark.parametrize("game_id", FEATURED)
def test_layouts_are_fixed_named_and_cached(game_id: str) -> None:
    game = get_game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        layout = layout_of(game_id, players)
        assert layout_of(game_id, players) is layout
        names = [g.name for g in layout.groups]
        assert len(set(names)) == len(names)
        assert all(g.size > 0 and g.meaning.endswith(".") for g in layout.groups)
        assert len(layout.names) == layout.size == len(set(layout.names))


@pytest.mark.parametrize("game_id", FEATURED)
def test_encode_is_fixed_finite_in_range_and_leaks_nothing(game_id: str) -> None:
    """Every seat of positions in every phase, default rules and the option variants."""
    game = get_game(game_id)
    phases: set[str] = set()
    runs: list[tuple[int, dict[str, Any] | None, int]] = [
        (players, None, 2) for players in range(game.min_players, game.max_players + 1)
    ]
    runs += [(game.max_players, options, 1) for options in VARIANTS.get(game_id, [])]
    for players, options, games in runs:
        layout = layout_of(game_id, players)
        for state in positions(game_id, players, games, options):
            phases.add(state.view(None)["phase"])
            for seat in range(players):
                vector = layout.encode(state, seat)
                assert len(vector) == layout.size
                assert all(type(x) is float and math.isfinite(x) for x in vector)
                assert min(vector) >= -1.0 and max(vector) <= 2.0
                for k in (1, 2):
                    other = state.determinize(seat, Rng(k))
                    assert layout.encode(other, seat) == vector, (game_id, players, seat)
    names = get_game(game_id).new(game.min_players).view(None)
    assert names["phase"] in phases
    expected = {
        "take-stock": {"action", "choose-event", "audit", "freeze", "upturn", "exercise", "over"},
        "night-market": {"hide", "bid", "bid-amount", "loan", "build", "over"},
        "buy-low-sell-high": {"trade", "play", "over"},
    }
    assert expected.get(game_id, set()) <= phases


def test_encode_does_not_change_the_state() -> None:
    for game_id in FEATURED:
        state = positions(game_id, 3, 1)[20]
        before = state.full_view()
        layout_of(game_id, 3).encode(state, 1)
        assert state.full_view() == before


# ---------------------------------------------------------------- Take Stock


def test_take_stock_agrees_with_the_view() -> None:
    from bazaar.games.take_stock.components import CARD_BY_NAME, KIND_BY_NAME, STOCKS

    for players in (2, 5):
        layout = layout_of("take-stock", players)
        for state in positions("take-stock", players, 1)[::4]:
            for seat in range(players):
                v = layout.encode(state, seat)
                view = state.view(seat)
                rel = [view["seats"][(seat + i) % players] for i in range(players)]
                hand = [0.0] * 60
                for name in view["hand"]:
                    hand[CARD_BY_NAME[name.lower()]] = 1.0
                assert group(layout, v, "hand") == hand
                assert group(layout, v, "hand_size") == [q["hand_size"] / 10 for q in rel]
                assert group(layout, v, "total") == [min(q["total"] / 500, 2.0) for q in rel]
                assert group(layout, v, "tokens") == [q["tokens"] / 8 for q in rel]
                assert group(layout, v, "row_price") == [
                    view["stocks"][s]["price"] / 48 for s in range(STOCKS)
                ]
                assert group(layout, v, "share_draw") == [view["share_draw"] / 55]
                assert group(layout, v, "event_deck") == [view["event_deck"] / 40]
                assert group(layout, v, "hold_limit") == [view["hold_limit"] / 16]
                certs = group(layout, v, "certificates")
                for i, q in enumerate(rel):
                    mine = [c for c in range(60) if certs[i * 60 + c]]
                    assert mine == sorted(CARD_BY_NAME[n.lower()] for n in q["certificates"])
                    shares = group(layout, v, "shares")[i * 5 : i * 5 + 5]
                    assert shares == [x / 10 for x in q["shares"]]
                hidden = view["event_discard"].count("?")
                assert group(layout, v, "event_discard_hidden") == [hidden / 40]
                drawn = [0.0] * 24
                for name in view["drawn_events"]:
                    drawn[KIND_BY_NAME[name.lower()]] += 0.5
                assert group(layout, v, "drawn_events") == drawn
                phase = group(layout, v, "phase")
                assert phase.index(1.0) == [
                    "action",
                    "choose-event",
                    "insider",
                    "audit",
                    "target",
                    "freeze",
                    "upturn",
                    "exercise",
                    "over",
                ].index(view["phase"])
                if view["to_move"] is not None:
                    assert (
                        group(layout, v, "to_move").index(1.0) == (view["to_move"] - seat) % players
                    )


def test_take_stock_after_a_play_and_a_buy() -> None:
    from bazaar.games.take_stock import actions as A
    from bazaar.games.take_stock.components import CARD_NAMES

    state: Any = get_game("take-stock").new(4, 3)
    layout = layout_of("take-stock", 4)
    mover = state.to_move()
    assert mover is not None
    start = layout.encode(state, mover)
    assert group(layout, start, "row_value") == [1 / 12] * 5
    assert group(layout, start, "hold_limit") == [1 / 16]
    assert group(layout, start, "tokens") == [0.5] * 4  # 4 tokens each, / 8
    play = next(a for a in state.legal_actions() if a < A.BUY_BASE)
    card = play - A.PLAY_BASE
    stock, value = divmod(card, 12)
    state.apply(play)
    after = layout.encode(state, mover)
    assert group(layout, after, "row_value")[stock] == (value + 1) / 12
    assert group(layout, after, "row_cards")[card] == 1.0
    assert group(layout, after, "hand")[card] == 0.0
    assert group(layout, after, "hold_limit") == [2 / 16]
    # the next seat sees the mover one seat before itself: the last entry of a seat group
    nxt = state.to_move()
    assert nxt == (mover + 1) % 4
    seen = layout.encode(state, nxt)
    assert group(layout, seen, "turn_of") == [1.0, 0.0, 0.0, 0.0]
    assert group(layout, seen, "hand_size")[3] == len(state.hands[mover]) / 10
    # a buy: the certificate appears in the buyer's group of every seat
    buy = next(a for a in state.legal_actions() if A.BUY_BASE <= a < A.EVENT2_BASE)
    cert, discard = divmod(buy - A.BUY_BASE, 60)
    state.apply(buy)
    shares = state.rules.shares[cert]
    for seat in range(4):
        v = layout.encode(state, seat)
        i = (nxt - seat) % 4
        assert group(layout, v, "certificates")[i * 60 + cert] == 1.0, CARD_NAMES[cert]
        assert group(layout, v, "certificate_count")[i] == 1 / 16
        assert group(layout, v, "shares")[i * 5 + cert // 12] == shares / 10
        assert group(layout, v, "share_discard")[discard] == 1.0
        price = state.price(cert // 12)
        assert group(layout, v, "round_value")[i] == shares * price / 250


def test_take_stock_own_option_choice_and_rule_flags() -> None:
    from bazaar.games.take_stock import actions as A
    from bazaar.games.take_stock.features import RULE_FLAGS
    from bazaar.games.take_stock.fields import EXERCISE

    options = {"audit": "target_chooses", "freeze": "player"}
    game = get_game("take-stock")
    layout = layout_of("take-stock", 3)
    rng = Rng(4)
    for seed in range(20):
        state: Any = game.new(3, seed, options)
        while not state.is_over() and not (
            state.phase == EXERCISE and state.hands[state.cur] and state.tokens[state.cur]
        ):
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        if not state.is_over():
            break
    else:
        raise AssertionError("no option phase with a choice in 20 games")
    flags = group(layout, layout.encode(state, 0), "rules")
    on = {RULE_FLAGS[i] for i, x in enumerate(flags) if x}
    assert on == {"audit is 'target_chooses'", "freeze is 'player'"}
    chooser = state.cur
    state.apply(A.EXERCISE_BASE + 1)  # the first hand card becomes a certificate
    mine = layout.encode(state, chooser)
    assert state.phase == EXERCISE  # the others still decide: the choice is kept, secretly
    assert group(layout, mine, "exercising") == [1.0] + [0.0] * 9
    for seat in range(3):
        seen = layout.encode(state, seat)
        assert group(layout, seen, "exercise_decided")[(chooser - seat) % 3] == 1.0
        if seat != chooser:
            assert group(layout, seen, "exercising") == [0.0] * 10


# ---------------------------------------------------------------- Night Market


def test_night_market_agrees_with_the_view() -> None:
    from bazaar.games.night_market.components import KIND_BY_NAME, LETTERS

    for players in (3, 4):
        layout = layout_of("night-market", players)
        for state in positions("night-market", players, 1)[::3]:
            for seat in range(players):
                v = layout.encode(state, seat)
                view = state.view(seat)
                rel = [(seat + i) % players for i in range(players)]
                clip = [max(-1.0, min(2.0, view["cash"][q] / 40)) for q in rel]
                assert group(layout, v, "cash") == clip
                assert group(layout, v, "loans") == [view["loans"][q] / 3 for q in rel]
                assert group(layout, v, "lots_owned") == [view["lots_owned"][q] / 11 for q in rel]
                assert group(layout, v, "free_markers") == [
                    max(-1.0, view["free_markers"][q] / 11) for q in rel
                ]
                hand = [0.0] * 32
                for name in view["hand"]:
                    # counts / 4: the most copies of one kind (T0A in deck 'even_paths')
                    hand[KIND_BY_NAME[name.lower()]] += 0.25
                assert group(layout, v, "hand") == hand
                waiting = [0.0] * 32
                for letter, names in view["entrances"].items():
                    for name in names:
                        k = KIND_BY_NAME[name.lower()]
                        waiting[k - k % 8 + LETTERS.index(letter)] += 0.1
                assert group(layout, v, "waiting") == pytest.approx(waiting, abs=1e-12)
                status = group(layout, v, "lot_status")
                owner = group(layout, v, "lot_owner")
                for lot in view["lots"]:
                    i = lot["lot"] - 1
                    names = ["deck", "removed", "auction", "owned", "void"]
                    assert status[i * 5 : i * 5 + 5].index(1.0) == names.index(lot["status"])
                    who = owner[i * players : (i + 1) * players]
                    if lot["owner"] is None:
                        assert who == [0.0] * players
                    else:
                        assert who.index(1.0) == (lot["owner"] - seat) % players
                top = group(layout, v, "lot_top_bid")
                for lot in view["auction"]:
                    if lot["top"] is not None:
                        assert top[lot["lot"] - 1] == lot["top"] / 40
                assert group(layout, v, "customer_deck") == [view["deck"] / 40]
                assert group(layout, v, "land_deck") == [view["land_deck"] / 30]
                assert group(layout, v, "stall_supply") == [x / 10 for x in view["supply"]]
                unseen = group(layout, v, "unseen")
                # every customer is seen somewhere or unseen: 40 cards in all
                seen = (
                    len(view["hand"])
                    + len(view["hidden"])
                    + sum(len(x) for x in view["entrances"].values())
                    + len(view["discard"])
                    + len(view["left_game"])
                )
                assert round(sum(unseen) * 4) == 40 - seen


def test_night_market_money_is_seat_relative_and_a_bid_shows() -> None:
    from bazaar.games.night_market import actions as A
    from bazaar.games.night_market.fields import BID, VALUE

    game = get_game("night-market")
    state: Any = game.new(4, 5)
    layout = layout_of("night-market", 4)
    assert group(layout, layout.encode(state, 0), "cash") == [13 / 40, 12 / 40, 11 / 40, 10 / 40]
    assert group(layout, layout.encode(state, 1), "cash") == [12 / 40, 11 / 40, 10 / 40, 13 / 40]
    assert group(layout, layout.encode(state, 0), "score") == [13 / 40, 12 / 40, 11 / 40, 10 / 40]
    rng = Rng(1)
    while state.phase != BID:  # hide customers until the bidding starts
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    bidder = state.to_move()
    assert bidder is not None
    lot = next(a for a in state.legal_actions() if a != A.PASS) - A.BID_LOT_BASE
    state.apply(A.bid_lot(lot))
    assert state.phase == VALUE
    v = layout.encode(state, bidder)
    assert group(layout, v, "bid_lot") == [1.0 if i == lot else 0.0 for i in range(30)]
    assert group(layout, v, "phase") == [0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    amount = 3
    state.apply(A.value(amount))
    for seat in range(4):
        v = layout.encode(state, seat)
        assert group(layout, v, "lot_top_bid")[lot] == amount / 40
        leader = group(layout, v, "lot_leader")[lot * 4 : lot * 4 + 4]
        assert leader.index(1.0) == (bidder - seat) % 4
        assert group(layout, v, "bids_placed")[(bidder - seat) % 4] == 1 / 4


# ---------------------------------------------------------------- docs


def test_docs_list_exactly_the_groups_of_the_code() -> None:
    spec = importlib.util.spec_from_file_location("features_doc", ROOT / "scripts/features_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = (ROOT / "docs/features.md").read_text("utf-8")
    assert module.problems(text) == []
    for game_id in FEATURED:
        for g in layout_of(game_id, 4 if get_game(game_id).max_players >= 4 else 3).groups:
            assert f"| `{g.name}` |" in text
    broken = text.replace("| `hand_slot_value` |", "| `hand_slot_valu` |")
    assert module.problems(broken) == ["take-stock: the table differs from the code"]
