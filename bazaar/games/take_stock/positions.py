"""A Take Stock position as data back into a state (``TakeStockState.restore``).

``restore`` reads the stored parts of a ``full_view()`` (docs/positions/take-stock.md), checks
that every share card, event card and option token is in exactly one place, rebuilds the
derived values and then requires every other key given to agree with the rebuilt state, so
``restore(state.full_view()) == state``. Malformed data raises BadRecord naming the field.
It does not prove that a position can be reached in a game, only that it can be played on.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, NoReturn, TypeVar

from bazaar.core.errors import BadOptions, BadRecord
from bazaar.core.game import Game
from bazaar.core.rng import Rng
from bazaar.core.sizes import with_size
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import (
    AUDIT,
    CARD_NAMES,
    CLOSED,
    COMPONENTS,
    EFFECT_OF,
    FREEZE,
    INSIDER,
    KIND_NAMES,
    LETTERS,
    NUM_CARDS,
    NUM_EVENTS,
    OPTION_LOST,
    STARTERS,
    STOCK_OF,
    STOCKS,
    UPTURN,
    VALUE_OF,
)
from bazaar.games.take_stock.fields import (
    AUDIT_P,
    CHOOSE,
    EXERCISE,
    FREEZE_P,
    INSIDER_P,
    MAIN,
    NO_END,
    OVER,
    PHASE_NAMES,
    POSITION_FORMAT,
    REASON_NAMES,
    TAG_NOBODY,
    TAG_SHIFT,
    TARGET_P,
    UPTURN_P,
    TakeStockFields,
    rules_for,
)
from bazaar.games.take_stock.transitions import legal_actions
from bazaar.games.take_stock.views import full_view

#: the class ``restore`` builds (the final TakeStockState, or any class of these fields)
AnyState = TypeVar("AnyState", bound=TakeStockFields)

CARD_IDS = {name: c for c, name in enumerate(CARD_NAMES)}
KIND_IDS = {name: k for k, name in enumerate(KIND_NAMES)}
LETTER_IDS = {letter: s for s, letter in enumerate(LETTERS)}
PHASE_IDS = {name: i for i, name in enumerate(PHASE_NAMES)}
REASON_IDS = {name: i for i, name in enumerate(REASON_NAMES) if name is not None}
MAX_COUNT = 10**9  # bound of scores and other counts that the rules do not bound tighter
#: The effects whose execution may leave the game in each decision phase.
PHASE_EFFECTS = {
    INSIDER_P: (INSIDER,),
    AUDIT_P: (AUDIT,),
    TARGET_P: (AUDIT, OPTION_LOST, FREEZE),
    FREEZE_P: (FREEZE,),
    UPTURN_P: (UPTURN,),
}


#: The keys :func:`restore` reads (and of each stock and seat); the other keys of a full view
#: follow from them: they may be left out of the data, and must agree when present.
STORED = (
    "game",
    "format",
    "players",
    "options",
    "rng",
    "round",
    "phase",
    "to_move",
    "actor",
    "dealer",
    "start_player",
    "stocks",
    "seats",
    "hands",
    "held_events",
    "share_draw_order",
    "share_discard",
    "event_deck_order",
    "event_discard",
    "event_blocks",
    "drawn_events",
    "market_closed_aside",
    "executing",
    "upturn_stocks",
    "enforced_limit",
    "token_supply",
    "exercise_masks",
    "round_end",
)
STOCK_STORED = ("cards", "splits", "frozen")
SEAT_STORED = ("certificates", "tokens", "frozen", "total", "round_scores")


def stored_part(view: dict[str, Any]) -> dict[str, Any]:
    """The keys of a full view that :func:`restore` reads: the smallest position it takes,
    and the one to edit (a derived key left in would have to be edited to agree)."""
    out = {key: view[key] for key in STORED}
    out["stocks"] = [{key: row[key] for key in STOCK_STORED} for row in view["stocks"]]
    out["seats"] = [{key: seat[key] for key in SEAT_STORED} for seat in view["seats"]]
    return out


def fail(path: str, problem: str) -> NoReturn:
    raise BadRecord(f"take-stock position: field {path!r} {problem}")


def shown(value: object) -> str:
    """``value`` as short JSON text for an error message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def field(data: dict[str, Any], key: str, path: str = "") -> Any:
    where = f"{path}.{key}" if path else key
    if key not in data:
        raise BadRecord(f"take-stock position: missing field {where!r}")
    return data[key]


def integer(value: object, path: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        fail(path, f"must be an integer from {low} to {high}, not {shown(value)}")
    return value


def boolean(value: object, path: str) -> bool:
    if type(value) is not bool:
        fail(path, f"must be true or false, not {shown(value)}")
    return value


def array(value: object, path: str, size: int | None = None, most: int = NUM_CARDS) -> list[Any]:
    if type(value) is not list:
        fail(path, f"must be a list, not {shown(value)}")
    if size is not None and len(value) != size:
        fail(path, f"must have {size} entries, not {len(value)}")
    if len(value) > most:
        fail(path, f"has {len(value)} entries; at most {most} are possible")
    return value


def obj(value: object, path: str) -> dict[str, Any]:
    if type(value) is not dict:
        fail(path, f"must be an object, not {shown(value)}")
    return value


def named(value: object, path: str, ids: dict[str, int], what: str) -> int:
    if type(value) is not str or value not in ids:
        fail(path, f"must be {what}, not {shown(value)}")
    return ids[value]


def cards(value: object, path: str, ordered: bool = False) -> list[int]:
    """A list of share card names; ``ordered``: sorted as hands and certificates are."""
    out = [
        named(x, f"{path}[{i}]", CARD_IDS, "a share card such as 'O7'")
        for i, x in enumerate(array(value, path))
    ]
    if ordered and out != sorted(out):
        fail(path, "must be sorted by stock and value")
    return out


def kind(value: object, path: str) -> int:
    return named(value, path, KIND_IDS, "an event card such as 'split-O'")


def entries(value: object, path: str, players: int) -> list[int]:
    """Event entries ``{"event", "known_by"}`` as ``kind | tag << TAG_SHIFT``."""
    out = []
    for i, item in enumerate(array(value, path, most=NUM_EVENTS)):
        where = f"{path}[{i}]"
        item = obj(item, where)
        k = kind(field(item, "event", where), f"{where}.event")
        who = field(item, "known_by", where)
        if who == "all":
            tag = 0
        elif who == "nobody":
            tag = TAG_NOBODY
        elif type(who) is int and 0 <= who < players:
            tag = who + 1
        else:
            fail(f"{where}.known_by", f"must be 'all', 'nobody' or a seat, not {shown(who)}")
        if k == CLOSED and tag:
            fail(f"{where}.known_by", "must be 'all': Market Closed is always public")
        out.append(k | tag << TAG_SHIFT)
    return out


def read_options(game: Game, value: object) -> dict[str, Any]:
    options = obj(value, "options")
    try:
        resolved = game.resolve_options(options)
    except BadOptions as exc:
        fail("options", f"is not valid: {exc.message}")
    for name in resolved:
        if name not in options:
            fail("options", f"must give every rule option; {name!r} is missing")
    return resolved


def restore(cls: type[AnyState], game: Game, data: object) -> AnyState:
    """The state whose ``full_view()`` is ``data``; BadRecord naming the field if it is not."""
    if type(data) is not dict:
        raise BadRecord(f"a take-stock position must be a JSON object, not {shown(data)}")
    if field(data, "game") != game.id:
        fail("game", f"must be {game.id!r}, not {shown(data['game'])}")
    if type(field(data, "format")) is not int or data["format"] != POSITION_FORMAT:
        fail("format", f"must be {POSITION_FORMAT}, not {shown(data['format'])}")
    n = integer(field(data, "players"), "players", game.min_players, game.max_players)
    seat = n - 1
    s = object.__new__(cls)
    s.game = game
    s.num_players = n
    s.options = read_options(game, with_size(obj(field(data, "options"), "options")))
    s.rules = rules_for(n, s.options)
    s.rng = Rng(integer(field(data, "rng"), "rng", 0, (1 << 64) - 1))
    s.round = integer(field(data, "round"), "round", 1, s.rules.rounds)
    s.phase = phase = named(field(data, "phase"), "phase", PHASE_IDS, "a phase name")
    if phase == OVER:
        if field(data, "to_move") is not None:
            fail("to_move", f"must be null once the game is over, not {shown(data['to_move'])}")
        s.cur = -1
    else:
        s.cur = integer(field(data, "to_move"), "to_move", 0, seat)
    s.actor = integer(field(data, "actor"), "actor", 0, seat)
    s.dealer = integer(field(data, "dealer"), "dealer", 0, seat)
    s.start = integer(field(data, "start_player"), "start_player", 0, seat)
    _read_stocks(s, array(field(data, "stocks"), "stocks", STOCKS))
    _read_seats(s, array(field(data, "seats"), "seats", n))
    hands = array(field(data, "hands"), "hands", n)
    s.hands = [cards(h, f"hands[{q}]", ordered=True) for q, h in enumerate(hands)]
    for q, hand in enumerate(s.hands):
        if len(hand) > A.MAX_HAND:
            fail(f"hands[{q}]", f"has {len(hand)} cards; a hand holds at most {A.MAX_HAND}")
    held = array(field(data, "held_events"), "held_events", n)
    s.held = [_read_held(h, f"held_events[{q}]", s.rules.rounds) for q, h in enumerate(held)]
    s.sdraw = cards(field(data, "share_draw_order"), "share_draw_order")
    s.sdiscard = cards(field(data, "share_discard"), "share_discard")
    s.edeck = entries(field(data, "event_deck_order"), "event_deck_order", n)
    s.ediscard = entries(field(data, "event_discard"), "event_discard", n)
    s.eblocks = _read_blocks(field(data, "event_blocks"))
    drawn = array(field(data, "drawn_events"), "drawn_events", most=2)
    s.pending = [kind(k, f"drawn_events[{i}]") for i, k in enumerate(drawn)]
    s.mc_aside = boolean(field(data, "market_closed_aside"), "market_closed_aside")
    executing = field(data, "executing")
    s.executing = -1 if executing is None else kind(executing, "executing")
    upturn = array(field(data, "upturn_stocks"), "upturn_stocks", most=STOCKS)
    s.upturn_mask = 0
    for i, letter in enumerate(upturn):
        s.upturn_mask |= 1 << named(letter, f"upturn_stocks[{i}]", LETTER_IDS, "a stock letter")
    s.audit_limit = integer(field(data, "enforced_limit"), "enforced_limit", 0, MAX_COUNT)
    s.supply = integer(field(data, "token_supply"), "token_supply", 0, COMPONENTS.tokens_total)
    masks = array(field(data, "exercise_masks"), "exercise_masks", n)
    s.exmask = [
        integer(m, f"exercise_masks[{q}]", -1, (1 << A.MAX_HAND) - 1) for q, m in enumerate(masks)
    ]
    reason = field(data, "round_end")
    s.reason = NO_END if reason is None else named(reason, "round_end", REASON_IDS, "a reason")
    _check_phase(s)
    _check_accounting(s)
    s._refresh()
    _check_agreement(full_view(s), data, "")
    if phase != OVER and not legal_actions(s):
        fail("phase", f"leaves seat {s.cur} without a legal action")
    return s


def _read_stocks(s: TakeStockFields, stocks: list[Any]) -> None:
    s.rows, s.top, s.splits, s.frozen = [], [], [], []
    for k, item in enumerate(stocks):
        where = f"stocks[{k}]"
        item = obj(item, where)
        row = cards(field(item, "cards", where), f"{where}.cards")
        if not row or row[0] != STARTERS[k]:
            fail(f"{where}.cards", f"must begin with the starter {CARD_NAMES[STARTERS[k]]}")
        for i, c in enumerate(row):
            if STOCK_OF[c] != k or (i and c in STARTERS):
                fail(f"{where}.cards[{i}]", f"cannot be {CARD_NAMES[c]} in the {LETTERS[k]} row")
        s.rows.append(tuple(row))
        s.top.append(VALUE_OF[row[-1]])
        s.splits.append(integer(field(item, "splits", where), f"{where}.splits", 0, NUM_EVENTS))
        s.frozen.append(integer(field(item, "frozen", where), f"{where}.frozen", 0, NUM_EVENTS))


def _read_seats(s: TakeStockFields, seats: list[Any]) -> None:
    n = s.num_players
    s.certs, s.tokens, s.pfrozen, s.totals = [], [], [], []
    rounds: list[list[int]] = []
    for q, item in enumerate(seats):
        where = f"seats[{q}]"
        item = obj(item, where)
        certs = cards(field(item, "certificates", where), f"{where}.certificates", ordered=True)
        s.certs.append(tuple(certs))
        s.tokens.append(
            integer(field(item, "tokens", where), f"{where}.tokens", 0, COMPONENTS.tokens_total)
        )
        s.pfrozen.append(integer(field(item, "frozen", where), f"{where}.frozen", 0, NUM_EVENTS))
        scores = array(field(item, "round_scores", where), f"{where}.round_scores")
        if len(scores) > s.round or (rounds and len(scores) != len(rounds[0])):
            fail(f"{where}.round_scores", "must have one score per round scored, as every seat")
        rounds.append(
            [integer(x, f"{where}.round_scores[{r}]", 0, MAX_COUNT) for r, x in enumerate(scores)]
        )
        s.totals.append(integer(field(item, "total", where), f"{where}.total", 0, MAX_COUNT))
    s.history = [rounds[q][r] for r in range(len(rounds[0]) if rounds else 0) for q in range(n)]


def _read_held(value: object, path: str, rounds: int) -> tuple[int, ...]:
    out = []
    for i, item in enumerate(array(value, path, most=NUM_EVENTS)):
        where = f"{path}[{i}]"
        item = obj(item, where)
        k = kind(field(item, "event", where), f"{where}.event")
        drawn = integer(field(item, "round", where), f"{where}.round", 1, rounds)
        out.append(k | drawn << TAG_SHIFT)
    return tuple(out)


def _read_blocks(value: object) -> list[int]:
    blocks = array(value, "event_blocks", most=NUM_EVENTS)
    out: list[int] = []
    for i, b in enumerate(blocks):
        out.append(integer(b, f"event_blocks[{i}]", (out[-1] + 1) if out else 1, NUM_EVENTS))
    return out


def _check_phase(s: TakeStockFields) -> None:
    """The parts that say what is being decided fit the phase."""
    phase = s.phase
    effects = PHASE_EFFECTS.get(phase)
    if effects is None:
        if s.executing >= 0:
            fail("executing", f"must be null in the {PHASE_NAMES[phase]} phase")
    elif s.executing < 0 or EFFECT_OF[s.executing] not in effects:
        fail("executing", f"must be the event card that opened the {PHASE_NAMES[phase]} phase")
    if phase == CHOOSE and len(s.pending) != 2:
        fail("drawn_events", "must hold the two drawn cards while an event is chosen")
    if phase in (MAIN, EXERCISE, OVER) and s.pending:
        fail("drawn_events", f"must be empty in the {PHASE_NAMES[phase]} phase")
    for q, mask in enumerate(s.exmask):
        if phase != EXERCISE and mask != -1:
            fail(f"exercise_masks[{q}]", "must be -1 outside the exercise phase")
        if mask >= 0 and mask >> len(s.hands[q]):
            fail(f"exercise_masks[{q}]", f"names a card beyond the {len(s.hands[q])}-card hand")


def _check_accounting(s: TakeStockFields) -> None:
    """Every share card of the game's size in one place, its event cards (40 in a normal game)
    and the option tokens all there."""
    seen: dict[int, str] = {}
    places: list[tuple[str, Sequence[int]]] = [(f"hands[{q}]", h) for q, h in enumerate(s.hands)]
    places += [(f"seats[{q}].certificates", c) for q, c in enumerate(s.certs)]
    places += [(f"stocks[{k}].cards", r) for k, r in enumerate(s.rows)]
    places += [("share_draw_order", s.sdraw), ("share_discard", s.sdiscard)]
    for path, pile in places:
        for c in pile:
            if c in seen:
                fail(path, f"holds {CARD_NAMES[c]}, which is already in {seen[c]}")
            seen[c] = path
    cards = {*STARTERS, *s.rules.dealt_cards}
    extra = [CARD_NAMES[c] for c in sorted(seen) if c not in cards]
    if extra:
        fail(seen[min(c for c in seen if c not in cards)], f"holds cards not in this game: {extra}")
    if len(seen) != len(cards):
        missing = [CARD_NAMES[c] for c in sorted(cards) if c not in seen]
        fail("share_draw_order", f"and the other piles miss these share cards: {missing}")
    pool = Counter(s.rules.event_deck)
    counts = Counter(k for where in s.event_locations().values() for k in where)
    if counts != pool:
        wrong = next(k for k in sorted(set(counts) | set(pool)) if counts[k] != pool[k])
        fail(
            "event_deck_order",
            f"and the other places of event cards hold {KIND_NAMES[wrong]} cards: "
            f"{counts[wrong]}; the game has {pool[wrong]}",
        )
    if sum(s.tokens) + s.supply != COMPONENTS.tokens_total:
        fail("token_supply", f"and the seats' tokens must add up to {COMPONENTS.tokens_total}")


def _check_agreement(expected: object, given: object, path: str) -> None:
    """Every key of ``given`` equals the rebuilt position ``expected`` (derived keys may be left
    out); the error names the first field that differs (only the parts that differ are walked)."""
    if isinstance(expected, dict) and isinstance(given, dict):
        for key in given:
            if key not in expected:
                fail(path + str(key), "is not a field of a take-stock position")
        for key, value in given.items():
            if expected[key] != value:
                _check_agreement(expected[key], value, f"{path}{key}.")
        return
    if isinstance(expected, list) and isinstance(given, list) and len(expected) == len(given):
        for i, (e, g) in enumerate(zip(expected, given, strict=True)):
            if e != g:
                _check_agreement(e, g, f"{path[:-1]}[{i}].")
        return
    fail(path[:-1], f"is {shown(given)}, but the rest of the position gives {shown(expected)}")
