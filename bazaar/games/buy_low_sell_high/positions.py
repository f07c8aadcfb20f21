"""Positions as data: rebuild a Buy Low Sell High state from its ``full_view()``.

The schema (format 1) is documented in docs/positions/buy-low-sell-high.md. Every stored
field is required and read with its type and range checked; derived fields may be left out,
and those given must agree with the rebuilt state. Anything else is refused with a BadRecord
naming the field.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from bazaar.core.errors import BadOptions, BadRecord
from bazaar.core.game import Game
from bazaar.core.rng import Rng
from bazaar.games.buy_low_sell_high.components import (
    CARD_NAMES,
    COMPONENTS,
    KINDS,
    NEWS,
    NUM_CARDS,
)
from bazaar.games.buy_low_sell_high.fields import (
    OVER,
    PHASE_NAMES,
    POSITION_FORMAT,
    REDRAW,
    SPACES,
    TYPE_OF,
    Rules,
)
from bazaar.games.buy_low_sell_high.state import BlshState

#: Keys computed from the stored ones: optional; when given, restore checks that they agree.
DERIVED = (
    "years",
    "to_move",
    "first_lap",
    "row_length",
    "pile",
    "hand_sizes",
    "discarded",
    "over",
    "scores",
    "winners",
)
#: The same inside each ``columns`` and ``row`` entry.
DERIVED_IN = {"columns": ("buy", "sell"), "row": ("dud",)}
STORED = (
    "game",
    "format",
    "players",
    "options",
    "year",
    "phase",
    "start_player",
    "turn",
    "current_seat",
    "money",
    "holdings",
    "columns",
    "row",
    "news_played",
    "skip_trading",
    "hands",
    "discards",
    "pile_order",
    "last_active",
    "redrawn",
    "forced_sale_in_turn",
    "rng",
)
_CARD_BY_NAME = {name: c for c, name in enumerate(CARD_NAMES)}
_RNG_LIMIT = 1 << 64


def bad(field: str, problem: str) -> BadRecord:
    return BadRecord(f"position field {field!r}: {problem}")


def _is_int(value: object) -> bool:
    return type(value) is int


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if not _is_int(value) or not low <= value <= high:
        raise bad(key, f"expected an integer from {low} to {high}, got {value!r}")
    return int(value)


def _bool(value: object, field: str) -> bool:
    if type(value) is not bool:
        raise bad(field, f"expected true or false, got {value!r}")
    return value


def _list(value: object, field: str, length: int | None = None) -> list[Any]:
    if type(value) is not list or (length is not None and len(value) != length):
        size = "a list" if length is None else f"a list of {length}"
        raise bad(field, f"expected {size}, got {value!r}")
    return value


def _ints(value: object, field: str, length: int, low: int | None = None) -> list[int]:
    items = _list(value, field, length)
    if not all(_is_int(x) and (low is None or x >= low) for x in items):
        what = "integers" if low is None else f"integers >= {low}"
        raise bad(field, f"expected a list of {length} {what}, got {value!r}")
    return list(items)


def _cards(value: object, field: str) -> list[int]:
    items = _list(value, field)
    try:
        return [_CARD_BY_NAME[name] for name in items]
    except (KeyError, TypeError):
        name = next(n for n in items if type(n) is not str or n not in _CARD_BY_NAME)
        raise bad(field, f"{name!r} is not a card name (such as 'K1+3' or 'K0div')") from None


def _column(value: object, k: int) -> tuple[int, int, int]:
    """(lo, hi, n) of kind ``k`` from its ``tokens`` list (values under the tokens)."""
    field = f"columns[{k}].tokens"
    if type(value) is not dict or "tokens" not in value:
        raise bad(f"columns[{k}]", f"expected an object with 'tokens', got {value!r}")
    tokens = _list(value["tokens"], field)
    if not tokens or not all(_is_int(t) and t in SPACES for t in tokens):
        raise bad(field, f"expected price-space values {SPACES[0]}-{SPACES[-1]}, got {tokens!r}")
    lo, hi, n = SPACES.index(tokens[0]), SPACES.index(tokens[-1]), len(tokens)
    stack = n - (hi - lo)
    shape_ok = stack >= 1 and (stack == 1 or lo == 0)
    if not shape_ok or tokens != [SPACES[lo]] * stack + list(SPACES[lo + 1 : hi + 1]):
        raise bad(
            field,
            "tokens sit one per space upward from the lowest, extra ones stacked on the "
            f"floor space {SPACES[0]}; {tokens!r} is not such a column",
        )
    return lo, hi, n


def restore(game: Game, data: dict[str, Any]) -> BlshState:
    """The state whose ``full_view()`` is ``data``; BadRecord naming the field otherwise."""
    if type(data) is not dict:
        raise BadRecord(f"a position is a JSON object, not {type(data).__name__}")
    for key in data:
        if key not in STORED and key not in DERIVED:
            raise bad(key, "unknown field")
    for key in STORED:
        if key not in data:
            raise bad(key, "missing")
    if data["game"] != game.id:
        raise bad("game", f"this is {game.id!r}, not {data['game']!r}")
    if not _is_int(data["format"]) or data["format"] != POSITION_FORMAT:
        raise bad("format", f"only format {POSITION_FORMAT} is known, not {data['format']!r}")
    players = data["players"]
    try:
        game.check_players(players)
    except BadOptions as exc:
        raise bad("players", str(exc)) from None
    options = data["options"]
    if type(options) is not dict:
        raise bad("options", f"expected an object of rule options, got {options!r}")
    try:
        resolved = game.resolve_options(options)
    except BadOptions as exc:
        raise bad("options", str(exc)) from None
    if set(options) != set(resolved):
        missing = ", ".join(sorted(set(resolved) - set(options)))
        raise bad("options", f"every rule option must be given; missing: {missing}")

    s = object.__new__(BlshState)
    s.game = game
    s.num_players = players
    s.options = resolved
    s.rules = Rules(players, resolved)
    seat = players - 1
    s.year = _int(data, "year", 1, COMPONENTS.years)
    phase = data["phase"]
    if phase not in PHASE_NAMES:
        raise bad("phase", f"expected one of {', '.join(PHASE_NAMES)}, got {phase!r}")
    s.phase = PHASE_NAMES.index(phase)
    s.start = _int(data, "start_player", 0, seat)
    s.turn = _int(data, "turn", 0, 10**6)
    s.cur = _int(data, "current_seat", 0, seat)
    s.last_active = _int(data, "last_active", 0, seat)
    s.redrawn = _int(data, "redrawn", 0, players)
    s.forced_in_turn = _bool(data["forced_sale_in_turn"], "forced_sale_in_turn")
    rng = data["rng"]
    if not _is_int(rng) or not 0 <= rng < _RNG_LIMIT:
        raise bad("rng", f"expected an integer from 0 to 2**64 - 1, got {rng!r}")
    s.rng = Rng(rng)
    s.money = _ints(data["money"], "money", players)
    holdings = _list(data["holdings"], "holdings", players)
    s.held = [_ints(h, f"holdings[{p}]", KINDS, low=0) for p, h in enumerate(holdings)]
    s.skip_trading = [
        _bool(x, f"skip_trading[{p}]")
        for p, x in enumerate(_list(data["skip_trading"], "skip_trading", players))
    ]
    _read_market(s, data)
    _read_cards(s, data)
    _check_derived(s, data)
    if s.phase != OVER and not s.legal_actions():
        raise bad("phase", f"seat {s.cur} has no legal action in the {phase!r} phase")
    return s


def _read_market(s: BlshState, data: dict[str, Any]) -> None:
    """Price columns (checked against the 12 tokens per kind) and the market row."""
    columns = [_column(c, k) for k, c in enumerate(_list(data["columns"], "columns", KINDS))]
    s.lo = [c[0] for c in columns]
    s.hi = [c[1] for c in columns]
    s.n = [c[2] for c in columns]
    for k in range(KINDS):
        total = s.n[k] + sum(h[k] for h in s.held)
        if total != COMPONENTS.tokens_per_kind:
            raise BadRecord(
                f"position fields 'columns' and 'holdings': K{k} has {s.n[k]} token(s) on the "
                f"board and {total - s.n[k]} held, {total} in all, not "
                f"{COMPONENTS.tokens_per_kind}"
            )
    row = _list(data["row"], "row")
    if len(row) > s.rules.row_length:
        raise bad("row", f"{len(row)} cards exceed the {s.rules.row_length} market spaces")
    s.row, s.row_covered = [], []
    for j, space in enumerate(row):
        field = f"row[{j}]"
        if type(space) is not dict or "card" not in space or "covered" not in space:
            raise bad(field, f"expected an object with 'card' and 'covered', got {space!r}")
        s.row.append(_cards([space["card"]], f"{field}.card")[0])
        s.row_covered.append(_bool(space["covered"], f"{field}.covered"))
    s.news_on = _cards(data["news_played"], "news_played")
    if any(TYPE_OF[c] != NEWS for c in s.news_on):
        raise bad("news_played", f"holds a card that is not Breaking News: {data['news_played']}")
    played, covered = len(s.news_on), sum(s.row_covered)
    # one card covers one space; with bn_may_target_covered_space a space may be covered again
    if played != covered and not (s.rules.bn_covered and 0 < covered < played):
        raise bad(
            "news_played",
            f"{played} Breaking News card(s) played but {covered} market space(s) covered",
        )


def _read_cards(s: BlshState, data: dict[str, Any]) -> None:
    """Hands, set-aside discards and the pile; with the row they are exactly the deck."""
    players = s.num_players
    s.hands, s.hand_n = [], []
    for p, names in enumerate(_list(data["hands"], "hands", players)):
        cards = _cards(names, f"hands[{p}]")
        if len(cards) > COMPONENTS.hand_size:
            raise bad(f"hands[{p}]", f"{len(cards)} cards exceed the hand size")
        hand = [0] * NUM_CARDS
        for c in cards:
            hand[c] += 1
        s.hands.append(hand)
        s.hand_n.append(len(cards))
    s.discards = [
        _cards(d, f"discards[{p}]")
        for p, d in enumerate(_list(data["discards"], "discards", players))
    ]
    if s.phase != REDRAW and any(s.discards):
        raise bad("discards", "cards are set aside only during the year-end redraw")
    s.pile = _cards(data["pile_order"], "pile_order")
    counts = [sum(hand[c] for hand in s.hands) for c in range(NUM_CARDS)]
    for c in itertools.chain(s.pile, s.row, s.news_on, *s.discards):
        counts[c] += 1
    deck = s.rules.deck_counts
    if tuple(counts) != deck:
        extra = [CARD_NAMES[c] for c in range(NUM_CARDS) for _ in range(counts[c] - deck[c])]
        lacking = [CARD_NAMES[c] for c in range(NUM_CARDS) for _ in range(deck[c] - counts[c])]
        raise BadRecord(
            "position fields 'hands', 'discards', 'pile_order', 'row' and 'news_played' must "
            f"hold the {len(s.rules.deck)}-card deck exactly; extra: {extra}, missing: {lacking}"
        )


def _check_derived(s: BlshState, data: dict[str, Any]) -> None:
    """Every derived field given must equal what the rebuilt state computes."""
    mine = s._public()  # every derived key is in the public part
    given: list[tuple[str, Any, Any]] = [
        (key, data[key], mine[key]) for key in DERIVED if key in data
    ]
    for name, keys in DERIVED_IN.items():
        for j, entry in enumerate(data[name]):
            for key in entry:
                field = f"{name}[{j}].{key}"
                if key in keys:
                    given.append((field, entry[key], mine[name][j][key]))
                elif key not in ("tokens", "card", "covered"):
                    raise bad(field, "unknown field")
    if _canonical([g[1] for g in given]) == _canonical([g[2] for g in given]):
        return
    for field, theirs, ours in given:
        if _canonical(theirs) != _canonical(ours):
            raise bad(field, f"the position gives {ours!r}, not {theirs!r}")


def _canonical(value: object) -> str:
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):  # not JSON data: never equal to what the state gives
        return f"not JSON: {value!r}"
