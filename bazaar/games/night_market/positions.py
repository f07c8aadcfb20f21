"""Positions as data: a Night Market state rebuilt from its ``full_view()`` (format 1).

The schema is documented in docs/positions/night-market.md. :func:`restore` reads the stored
fields with exact type and range checks, builds the state from them, checks what the rules
keep true (every card in one place, stalls plus supply, the auction's lots and bids, a seat
to move with a legal action), and then requires the new state's ``full_view()`` to equal
``data`` field by field, so a position that contradicts itself (scores, counts, names) is
refused too. The derived fields (:data:`DERIVED`) may be left out: a position written by
hand needs only the stored ones. Every refusal is a :class:`BadRecord` naming the field.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, TypeVar

from bazaar.core.errors import BadOptions, BadRecord
from bazaar.core.game import Game
from bazaar.core.rng import Rng
from bazaar.core.sizes import with_size
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.components import (
    LETTERS,
    NUM_LETTERS,
    NUM_LOTS,
    NUM_TYPES,
    TYPE_NAMES,
)
from bazaar.games.night_market.fields import (
    AUCTION,
    BID,
    BUILD,
    HIDE,
    IN_DECK,
    LOAN,
    OVER,
    OWNED,
    PHASE_NAMES,
    STATUS_NAMES,
    VALUE,
    NightMarketFields,
    Rules,
)
from bazaar.games.night_market.transitions import legal_actions
from bazaar.games.night_market.views import POSITION_FORMAT, full_view

S = TypeVar("S", bound=NightMarketFields)
_RNG_LIMIT = (1 << 64) - 1


def _bad(field: str, problem: str) -> BadRecord:
    return BadRecord(f"night-market position: field {field!r} {problem}")


def _get(obj: dict[str, Any], key: str, where: str = "") -> Any:
    if key not in obj:
        raise _bad(where + key, "is missing")
    return obj[key]


def _dict(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(field, f"must be an object, not {value!r}")
    return value


def _list(value: Any, field: str, size: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _bad(field, f"must be a list, not {value!r}")
    if size is not None and len(value) != size:
        raise _bad(field, f"must hold {size} entries, not {len(value)}")
    return value


def _int(value: Any, field: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise _bad(field, f"must be an integer {lo}-{hi}, not {value!r}")
    return value


def _ints(value: Any, field: str, lo: int, hi: int, size: int | None = None) -> list[int]:
    items = _list(value, field, size)
    return [_int(x, f"{field}[{i}]", lo, hi) for i, x in enumerate(items)]


def _or_none(value: Any, field: str, lo: int, hi: int) -> int:
    """An integer ``lo..hi``, or -1 for None."""
    return -1 if value is None else _int(value, field, lo, hi)


def _name(value: Any, field: str, names: Sequence[str]) -> int:
    if value not in names or type(value) is not str:
        allowed = ", ".join(repr(n) for n in names)
        raise _bad(field, f"must be one of {allowed}, not {value!r}")
    return list(names).index(value)


def _seats(value: Any, field: str, players: int) -> list[int]:
    """A list of distinct seats in increasing order, as 0/1 flags per seat."""
    seats = _ints(value, field, 0, players - 1)
    if seats != sorted(set(seats)):
        raise _bad(field, f"must list distinct seats in increasing order, not {seats!r}")
    return [int(q in seats) for q in range(players)]


#: Fields that follow from the others (docs: "derived"); ``[]`` stands for any index.
DERIVED = frozenset(
    [
        "rounds",
        "final_round",
        "lots_owned",
        "entrances",
        "hand_sizes",
        "hidden_counts",
        "deck",
        "discard",
        "left_game",
        "land_deck",
        "over",
        "scores",
        "winners",
        "hands",
        "hidden",
        "deck_order",
        "lots[].lot",
        "lots[].star",
        "auction[].face",
        "auction[].bids",
        "bidding.compensation",
        "cards.kinds",
    ]
)


def _derived(field: str) -> bool:
    return re.sub(r"\[\d+\]", "[]", field) in DERIVED


def _difference(got: Any, want: Any, field: str) -> str | None:
    """The path of the first place where ``got`` differs from ``want`` (types exact); a
    derived field that ``got`` leaves out is no difference."""
    if type(got) is not type(want):
        return field
    if isinstance(want, dict):
        for key in want:
            if key not in got:
                if _derived(f"{field}.{key}"):
                    continue
                return f"{field}.{key}"
            found = _difference(got[key], want[key], f"{field}.{key}")
            if found:
                return found
        extra = [key for key in got if key not in want]
        return f"{field}.{extra[0]}" if extra else None
    if isinstance(want, list):
        for i, (g, w) in enumerate(zip(got, want, strict=False)):
            found = _difference(g, w, f"{field}[{i}]")
            if found:
                return found
        return field if len(got) != len(want) else None
    return None if got == want else field


def restore(cls: type[S], game: Game, data: Any) -> S:
    """The state of ``game`` whose ``full_view()`` is ``data``; BadRecord naming the field
    when ``data`` is not a consistent Night Market position of this format."""
    if not isinstance(data, dict):
        raise BadRecord(f"a night-market position must be a JSON object, not {type(data).__name__}")
    fmt = _get(data, "format")
    if type(fmt) is not int or fmt != POSITION_FORMAT:
        raise _bad(
            "format", f"must be {POSITION_FORMAT} (the format this version reads), not {fmt!r}"
        )
    if _get(data, "game") != game.id:
        raise _bad("game", f"must be {game.id!r}, not {data['game']!r}")
    players = _int(_get(data, "players"), "players", game.min_players, game.max_players)
    given = with_size(_dict(_get(data, "options"), "options"))
    data = {**data, "options": given}  # a position stored before option size is normal
    try:
        options = game.resolve_options(given)
    except BadOptions as exc:
        raise _bad("options", f"is refused: {exc.message}") from None
    missing = sorted(set(options) - set(given))
    if missing:
        raise _bad("options", f"lacks {', '.join(missing)} (every option is stored)")
    r = Rules(players, options)
    s = object.__new__(cls)
    s.game = game
    s.num_players = players
    s.options = options
    s.rules = r
    seat_max = players - 1
    s.round = _int(_get(data, "round"), "round", 1, r.last_round)
    s.phase = phase = _name(_get(data, "phase"), "phase", PHASE_NAMES)
    order = _ints(_get(data, "turn_order"), "turn_order", 0, seat_max, players)
    if sorted(order) != list(range(players)):
        raise _bad("turn_order", f"must hold every seat once, not {order!r}")
    s.order = tuple(order)
    s.cash = _ints(_get(data, "cash"), "cash", -(10**9), 10**9, players)
    s.loans = _ints(_get(data, "loans"), "loans", 0, r.loan_max, players)
    _read_lots(s, data)
    _read_cards(s, data)
    _read_auction(s, data)
    most = r.free_markers
    free = _ints(_get(data, "free_markers"), "free_markers", -most, most, players)
    s.placed = [most - s.nlots[q] - free[q] for q in range(players)]
    if min(s.placed) < 0:
        raise _bad("free_markers", f"exceeds {most} minus the lots owned: {free!r}")
    bidding = _dict(_get(data, "bidding"), "bidding")
    s.passed = _seats(_get(bidding, "passed", "bidding."), "bidding.passed", players)
    s.done = _seats(_get(bidding, "gave_up", "bidding."), "bidding.gave_up", players)
    s.last_income = tuple(_ints(_get(data, "last_income"), "last_income", 0, 10**6, players))
    s.last_bonus = tuple(_ints(_get(data, "last_bonus"), "last_bonus", 0, 10**6, players))
    rng = _get(data, "rng")
    s.rng = Rng(_int(rng, "rng", 0, _RNG_LIMIT))
    _read_turn(s, data, bidding)
    want: dict[str, Any] = dict(full_view(s))
    extra = sorted(set(data) - set(want))
    if extra:
        raise _bad(extra[0], "is not a field of a night-market position")
    for key in want:
        if key not in data and key in DERIVED:
            continue
        found = _difference(_get(data, key), want[key], key)
        if found:
            raise _bad(found, "does not agree with the rest of the position")
    if phase != OVER and not legal_actions(s):
        raise _bad("to_move", f"seat {s.cur} has no legal action in phase {PHASE_NAMES[phase]!r}")
    return s


def _read_lots(s: NightMarketFields, data: dict[str, Any]) -> None:
    """Lots (status, owner, stall, round won), the stall supply and the land deck."""
    players = s.num_players
    lots = _list(_get(data, "lots"), "lots", NUM_LOTS)
    s.status, s.owner, s.stall, s.won = [], [], [], []
    for i, raw in enumerate(lots):
        where = f"lots[{i}]"
        lot = _dict(raw, where)
        status = _name(_get(lot, "status", where + "."), where + ".status", STATUS_NAMES)
        owner = _or_none(_get(lot, "owner", where + "."), where + ".owner", 0, players - 1)
        stall = _get(lot, "stall", where + ".")
        kind = -1 if stall is None else _name(stall, where + ".stall", TYPE_NAMES)
        won = _or_none(_get(lot, "won_round", where + "."), where + ".won_round", 1, s.round)
        if (status == OWNED) != (owner >= 0) or (status == OWNED) != (won > 0):
            raise _bad(where, "must have an owner and a round won exactly when it is owned")
        if kind >= 0 and owner < 0:
            raise _bad(where + ".stall", "is on a lot nobody owns")
        s.status.append(status)
        s.owner.append(owner)
        s.stall.append(kind)
        s.won.append(max(won, 0))
    s.nlots = [s.owner.count(q) for q in range(players)]
    stalls = s.rules.stalls_per_type
    s.supply = _ints(_get(data, "supply"), "supply", 0, stalls, NUM_TYPES)
    for t in range(NUM_TYPES):
        if s.supply[t] + s.stall.count(t) != stalls:
            raise _bad(f"supply[{t}]", f"plus the built {TYPE_NAMES[t]} stalls must be {stalls}")
    land = _ints(_get(data, "land_order"), "land_order", 1, NUM_LOTS)
    s.land = [lot - 1 for lot in land]
    in_deck = [lot for lot in range(NUM_LOTS) if s.status[lot] == IN_DECK]
    if sorted(s.land) != in_deck:
        raise _bad("land_order", "must hold each lot whose status is 'deck' once")


def _read_cards(s: NightMarketFields, data: dict[str, Any]) -> None:
    """The customer cards by id: deck, hands, hidden, at the entrances, discard, out."""
    players = s.num_players
    n = s.rules.deck
    cards = _dict(_get(data, "cards"), "cards")

    def pile(key: str) -> list[int]:
        return _ints(_get(cards, key, "cards."), f"cards.{key}", 0, n - 1)

    def piles(key: str) -> list[list[int]]:
        rows = _list(_get(cards, key, "cards."), f"cards.{key}", players)
        return [_ints(row, f"cards.{key}[{q}]", 0, n - 1) for q, row in enumerate(rows)]

    s.deck = pile("deck")
    s.hands = piles("hands")
    s.hidden = piles("hidden")
    s.discard = pile("discard")
    s.out = pile("left_game")
    s.waiting = []
    for i, raw in enumerate(_list(_get(cards, "waiting", "cards."), "cards.waiting")):
        where = f"cards.waiting[{i}]"
        pair = _list(raw, where, 2)
        card = _int(pair[0], where + "[0]", 0, n - 1)
        s.waiting.append(card * NUM_LETTERS + _name(pair[1], where + "[1]", tuple(LETTERS)))
    seen: dict[int, str] = {}
    places = [("cards.deck", s.deck), ("cards.discard", s.discard), ("cards.left_game", s.out)]
    places += [(f"cards.hands[{q}]", h) for q, h in enumerate(s.hands)]
    places += [(f"cards.hidden[{q}]", h) for q, h in enumerate(s.hidden)]
    places.append(("cards.waiting", [x // NUM_LETTERS for x in s.waiting]))
    for where, ids in places:
        for card in ids:
            if card in seen:
                raise _bad(where, f"holds card {card}, which is also in {seen[card]}")
            seen[card] = where
    if len(seen) != n:
        lost = min(set(range(n)) - set(seen))
        raise _bad("cards", f"lacks card {lost}: every one of the {n} cards is in one place")
    for q, hand in enumerate(s.hands):
        if len(hand) > s.rules.hand:
            raise _bad(f"cards.hands[{q}]", f"holds more than {s.rules.hand} cards")


def _read_auction(s: NightMarketFields, data: dict[str, Any]) -> None:
    """This round's auction: its lots, top bids and leaders, and the bids in order."""
    players = s.num_players
    auction = _list(_get(data, "auction"), "auction")
    lots, s.top, s.lead = [], [], []
    for i, raw in enumerate(auction):
        where = f"auction[{i}]"
        item = _dict(raw, where)
        lots.append(_int(_get(item, "lot", where + "."), where + ".lot", 1, NUM_LOTS) - 1)
        top = _or_none(_get(item, "top", where + "."), where + ".top", 0, A.MAX_BID)
        lead = _or_none(_get(item, "leader", where + "."), where + ".leader", 0, players - 1)
        if (top < 0) != (lead < 0):
            raise _bad(where, "must have a top bid exactly when it has a leader")
        s.top.append(top)
        s.lead.append(lead)
    if lots != sorted(set(lots)):
        raise _bad("auction", "must list distinct lots in increasing order")
    if lots != [lot for lot in range(NUM_LOTS) if s.status[lot] == AUCTION]:
        raise _bad("auction", "must hold exactly the lots whose status is 'auction'")
    s.auction = tuple(lots)
    s.bidlog = []
    last: dict[int, tuple[int, int]] = {}
    for j, raw in enumerate(_list(_get(data, "bid_log"), "bid_log")):
        where = f"bid_log[{j}]"
        bid = _list(raw, where, 3)
        lot = _int(bid[0], where + "[0]", 1, NUM_LOTS) - 1
        if lot not in lots:
            raise _bad(where + "[0]", f"must be a lot of the auction, not {lot + 1}")
        seat = _int(bid[1], where + "[1]", 0, players - 1)
        amount = _int(bid[2], where + "[2]", 0, A.MAX_BID)
        i = lots.index(lot)
        s.bidlog += (i, seat, amount)
        last[i] = (seat, amount)
    for i, lot in enumerate(lots):
        if last.get(i, (-1, -1)) != (s.lead[i], s.top[i]):
            raise _bad(f"auction[{i}]", f"must show the last bid on lot {lot + 1} in bid_log")


def _read_turn(s: NightMarketFields, data: dict[str, Any], bidding: dict[str, Any]) -> None:
    """The seat to move and where the current phase stands (step, slot, hidden to choose)."""
    players, phase = s.num_players, s.phase
    to_move = _get(data, "to_move")
    if phase == OVER:
        if to_move is not None:
            raise _bad("to_move", f"must be null once the game is over, not {to_move!r}")
        s.cur, s.step = 0, players  # the last mover is not part of a finished position
    else:
        s.cur = _int(to_move, "to_move", 0, players - 1)
        s.step = s.order.index(s.cur)
    s.slot, s.need = -1, 0
    if phase in (BID, VALUE):
        left = _get(bidding, "regular_turns_left", "bidding.")
        s.step = 2 * players - _int(left, "bidding.regular_turns_left", 0, 2 * players)
        if s.step < 2 * players:
            turn = s.order[s.step % players]
        else:  # compensation: the first seat without a lot, still in the bidding
            waits = [q for q in s.order if not (s.passed[q] or s.done[q] or q in s.lead)]
            turn = waits[0] if waits else -1
        if s.cur != turn or s.passed[s.cur]:
            raise _bad("to_move", f"must be the seat whose turn it is to bid, not {s.cur}")
        placed = [s.bidlog[j + 1] for j in range(0, len(s.bidlog), 3)]
        if s.placed != [placed.count(q) for q in range(players)]:
            raise _bad("free_markers", "must match the bids of this round in bid_log")
    if phase == VALUE:
        lot = _int(_get(bidding, "lot", "bidding."), "bidding.lot", 1, NUM_LOTS) - 1
        if lot not in s.auction:
            raise _bad("bidding.lot", f"must be a lot of the auction, not {lot + 1}")
        s.slot = s.auction.index(lot)
    elif phase == BUILD:
        lot = _int(_get(data, "building_lot"), "building_lot", 1, NUM_LOTS) - 1
        if s.owner[lot] != s.cur or s.stall[lot] >= 0:
            raise _bad("building_lot", f"must be an unbuilt lot of seat {s.cur}")
        s.slot = lot
    elif phase == HIDE:
        need = _get(data, "hidden_to_choose")
        hand = len(s.hands[s.cur])
        if hand < 2:
            raise _bad("hidden_to_choose", f"leaves seat {s.cur} no choice (cards in hand: {hand})")
        s.need = _int(need, "hidden_to_choose", 1, hand - 1)
    elif phase == LOAN:
        if not s.rules.voluntary_loans:
            raise _bad("phase", "cannot be 'loan' without the voluntary_loans option")
        if s.loans[s.cur] >= s.rules.loan_max:
            raise _bad("to_move", f"seat {s.cur} has no loan left to take")
