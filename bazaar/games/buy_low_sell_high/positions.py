"""Positions as data: rebuild a Buy Low Sell High state from its ``full_view()``.

The schema (format 1) is documented in docs/positions/buy-low-sell-high.md. Every stored
field is required and read with its type and range checked; derived fields may be left out,
and those given must agree with the rebuilt state. Anything else is refused with a BadRecord
naming the field.
"""

from __future__ import annotations

import itertools
import json
from typing import Any, TypeVar

from bazaar.core.errors import BadOptions, BadRecord
from bazaar.core.game import Game
from bazaar.core.sizes import with_size
from bazaar.core.statedata import position_keys, read_position
from bazaar.games.buy_low_sell_high.codecs import bad, is_int
from bazaar.games.buy_low_sell_high.components import (
    CARD_NAMES,
    COMPONENTS,
    KINDS,
    NEWS,
    NUM_CARDS,
)
from bazaar.games.buy_low_sell_high.fields import (
    OVER,
    POSITION_FORMAT,
    REDRAW,
    TYPE_OF,
    BlshFields,
    Rules,
)
from bazaar.games.buy_low_sell_high.transitions import legal_actions
from bazaar.games.buy_low_sell_high.views import public

F = TypeVar("F", bound=BlshFields)

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
#: Every key a position must give: the header, then the keys of the stored fields.
STORED = ("game", "format", *(k for k in position_keys(BlshFields) if k != "game"))


def restore(cls: type[F], game: Game, data: dict[str, Any]) -> F:
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
    if not is_int(data["format"]) or data["format"] != POSITION_FORMAT:
        raise bad("format", f"only format {POSITION_FORMAT} is known, not {data['format']!r}")
    players = data["players"]
    try:
        game.check_players(players)
    except BadOptions as exc:
        raise bad("players", str(exc)) from None
    options = data["options"]
    if type(options) is not dict:
        raise bad("options", f"expected an object of rule options, got {options!r}")
    options = with_size(options)
    try:
        resolved = game.resolve_options(options)
    except BadOptions as exc:
        raise bad("options", str(exc)) from None
    if set(options) != set(resolved):
        missing = ", ".join(sorted(set(resolved) - set(options)))
        raise bad("options", f"every rule option must be given; missing: {missing}")

    s = object.__new__(cls)
    s.game = game
    s.num_players = players
    s.options = resolved
    s.rules = Rules(players, resolved)
    read_position(s, data)
    _check_market(s, data)
    _check_cards(s)
    _check_derived(s, data)
    if s.phase != OVER and not legal_actions(s):
        raise bad("phase", f"seat {s.cur} has no legal action in the {data['phase']!r} phase")
    return s


def _check_market(s: BlshFields, data: dict[str, Any]) -> None:
    """The price columns hold the 12 tokens per kind; Breaking News covers the row."""
    for k in range(KINDS):
        total = s.n[k] + sum(h[k] for h in s.held)
        if total != COMPONENTS.tokens_per_kind:
            raise BadRecord(
                f"position fields 'columns' and 'holdings': K{k} tokens: {s.n[k]} on the board "
                f"and {total - s.n[k]} held, {total} in all, not {COMPONENTS.tokens_per_kind}"
            )
    if any(TYPE_OF[c] != NEWS for c in s.news_on):
        raise bad("news_played", f"holds a card that is not Breaking News: {data['news_played']}")
    played, covered = len(s.news_on), sum(s.row_covered)
    # one card covers one space; with bn_may_target_covered_space a space may be covered again
    if played != covered and not (s.rules.bn_covered and 0 < covered < played):
        raise bad(
            "news_played",
            f"Breaking News cards played: {played}, but market spaces covered: {covered}",
        )


def _check_cards(s: BlshFields) -> None:
    """Hands, set-aside discards and the pile; with the row they are exactly the deck."""
    if s.phase != REDRAW and any(s.discards):
        raise bad("discards", "cards are set aside only during the year-end redraw")
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


def _check_derived(s: BlshFields, data: dict[str, Any]) -> None:
    """Every derived field given must equal what the rebuilt state computes."""
    mine: dict[str, Any] = dict(public(s))  # every derived key is in the public part
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
