"""What the browser receives: one seat's (or a spectator's) picture of a table.

Its shape, and that of each part below, is a TypedDict of :mod:`bazaar.web.shapes`; JSON
Schema and TypeScript declarations of them: docs/schema/.

A payload is built only from ``state.view(seat)``, the legal moves of that seat (when it is
to move) and the events that seat may see, so it never holds another seat's hidden cards.

Payload fields::

    type      "state"
    table     the table id
    game      the game id
    seq       how many actions have been played (the next move's sequence number)
    seat      the seat this payload is for (null: spectator)
    lang      "en" or "zh-TW" (the language of every text field)
    seats     [{"seat", "name", "kind": "human"|"bot", "bot": spec|null}]
    view      state.view(seat)
    options   the table's rule options with defaults filled in (public: the lobby shows
              them; Night Market's amount picker reads ``yellow_face`` / ``yellow_min_bid``)
    to_move   the seat to move, or null once the game is over
    legal     [{"action": int, "notation": str, "text": str, "fields": {"kind": str, ...}}]
              (empty unless seat is to move; ``fields`` is the move as data, from the game's
              ``move_fields`` part: docs/web.md, "Move fields")
    log       [{"seq", "seat", "notation", "text", "lines": [str], "groups": [...],
              "story": [str]}] (newest
              last; events this seat sees; ``notation`` is the move's public notation, e.g.
              "hide ?", except for its mover; ``text`` the move in words, "a secret choice"
              where it is redacted; ``groups`` the indices of ``lines`` by the seat they
              concern, see :func:`event_groups`; ``story`` the clauses of the turn sentence
              when the game tells what the move caused, a round's end, else []; ``standin``:
              the bot spec that made the move for its absent person, only on such moves)
    last      the newest move as this seat may see it, or null before the first move:
              {"seq", "seat", "notation", "text", "fields", "events"}; ``fields`` (the move
              as data, as in ``legal``) only when the seat may see the whole move, else null;
              ``events`` the move's events this seat sees as data, [{"kind", "data"}] (the
              boards draw from them how things got there: Night Market's customer walks)
    over      true once the game is over
    scores    final scores (null until over)
    winners   winning seats (empty until over)
    result    null until over; then {"ranking": [{"rank", "seat", "score", "shown", "winner"}]
              best first (equal rank for a tie that stands; ``shown`` the score as the game
              shows it, "$14"), "tie": {"score", "seats", "broken", "text"} or null (``broken``:
              the game's tie-break decided it; ``text`` says so in words), "rule": the game's
              winner rule in words} (the game's ``result_rule`` part)
    section   the id of the players' rulebook section that explains what this view decides
              (the game's ``section_for``), or null for a game without a rulebook; the Rules
              dialog opens there (docs/rulebook.md)
    deal      {"fixed", "commitment", "seed", "salt", "digest"}: added by Hub.payload
              (docs/web.md, "Fair deals"; seed and salt null until the game is over unless
              fixed, the game digest null until the game is over)
    undo      true when this viewer may take back the newest move now: added by Hub.payload
              (docs/web.md, "Undo")
    version   the position version: +1 for every move applied and every move taken back,
              the same for every viewer; an undo request names it (docs/web.md, "Undo")
    timer     {"minutes", "seat", "deadline", "left", "overdue"}: the turn timer, added by
              Hub.payload; seats[] there also have "present", "away" and "standin"
              (docs/web.md, "Absent players")
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bazaar.core import describe
from bazaar.core.game import Event, State
from bazaar.core.rng import Rng
from bazaar.core.rulebook import rules_section
from bazaar.i18n import Translator, t
from bazaar.web.shapes import (
    FinalResult,
    GameView,
    LastMove,
    LegalMove,
    LogEntry,
    LogGroup,
    MoveFields,
    RankedSeat,
    SeatRow,
    TablePayload,
    Tie,
)


@dataclass
class LoggedMove:
    """One accepted action with the events it caused.

    ``notation`` is shown to the mover ``seat`` only; every other seat and spectators see
    ``public`` (``state.public_notation(action)`` taken before the move).
    """

    seq: int
    seat: int
    notation: str
    events: list[Event] = field(default_factory=list)
    public: str = field(kw_only=True)
    #: the bot spec that made the move for the seat's absent person (a stand-in), else None
    standin: str | None = field(default=None, kw_only=True)

    def notation_for(self, seat: int | None) -> str:
        """The move's notation as ``seat`` (None = spectator) may see it."""
        return self.notation if seat == self.seat else self.public


def no_fields(action: int) -> MoveFields:
    """The fields of a game that declares none: the move is only its notation."""
    return {}


@cache
def move_fields_of(game_id: str) -> Callable[[int], MoveFields]:
    """The ``move_fields`` part the game declares (bazaar.core.parts), or :func:`no_fields`."""
    from bazaar.core.registry import game_parts

    return game_parts(game_id).move_fields or no_fields


def legal_moves(
    state: State, seat: int | None, lang: str, view: GameView | None = None
) -> list[LegalMove]:
    """The moves ``seat`` may make now, with their notation and a description in ``lang``.

    ``view`` may pass ``state.view(seat)`` if the caller has it already.
    """
    if seat is None or state.to_move() != seat:
        return []
    view = view if view is not None else state.view(seat)
    game_id = state.game.id
    fields = move_fields_of(game_id)
    return [
        {
            "action": a,
            "notation": state.notation(a),
            "text": describe.describe_action(game_id, a, lang, view) or state.notation(a),
            "fields": fields(a),
        }
        for a in state.legal_actions()
    ]


#: How the games' sentences name a seat, per language ("Seat 2", "玩家2"); people count seats
#: from 1, so "Seat 1" / "玩家1" is seat 0 (the payload's data counts from 0).
SEAT_WORDS = {"en": re.compile(r"\bSeat (\d+)\b"), "zh-TW": re.compile(r"玩家(\d+)")}


def with_names(line: str, names: list[str], lang: str) -> str:
    """``line`` with each named seat's number replaced by its name ("Seat 1" -> "Mei" when
    seat 0 is Mei's)."""
    if not any(names):
        return line

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) and names[seat] else match.group(0)

    return SEAT_WORDS[lang].sub(name, line)


def move_words(state: State, move: LoggedMove, seat: int | None, lang: str) -> str:
    """``move`` in words as ``seat`` may see it: the game's description of the action, or one
    phrase for every private choice this seat may not see (the same for all of them)."""
    shown = move.notation_for(seat)
    if shown != move.notation:
        return t("a secret choice", lang)
    action = state.game.actions_module.parse(shown)
    return describe.describe_action(state.game.id, action, lang) or shown


def event_seat(event: Event) -> int | None:
    """The seat an event concerns: its data's ``seat``, else None (the table's event)."""
    seat = event.data.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


#: this many consecutive events of one kind in a group are shown as a list (a customer walk)
LIST_FROM = 3


def event_groups(events: list[Event], mover: int) -> list[LogGroup]:
    """The events' sentences grouped by the seat they concern, as indices into the entry's
    ``lines`` (one sentence per event, in order), so no sentence is sent twice.

    A group is a run of consecutive events about one seat: ``{"seat": s, "lines": [0, 1]}``;
    an event naming no seat joins the mover's first run (the move's own consequences) when it
    follows it, otherwise it starts a table group (``seat`` null). In a group,
    :data:`LIST_FROM` or more consecutive events of one kind (the customers of a Night Market
    walk) become one nested list of their indices.
    """
    groups: list[LogGroup] = []
    kinds: list[list[str]] = []
    for index, event in enumerate(events):
        seat = event_seat(event)
        if seat is None and len(groups) == 1 and groups[0]["seat"] == mover:
            seat = mover
        if not groups or groups[-1]["seat"] != seat:
            groups.append({"seat": seat, "lines": []})
            kinds.append([])
        groups[-1]["lines"].append(index)
        kinds[-1].append(event.kind)
    for group, kind in zip(groups, kinds, strict=True):
        group["lines"] = _listed(group["lines"], kind)
    return groups


def _listed(lines: list[Any], kinds: list[str]) -> list[int | list[int]]:
    """``lines`` with each run of :data:`LIST_FROM`+ same-kind events as one nested list."""
    out: list[int | list[int]] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and kinds[j] == kinds[i]:
            j += 1
        if j - i >= LIST_FROM:
            out.append(lines[i:j])
        else:
            out.extend(lines[i:j])
        i = j
    return out


def log_entries(
    state: State,
    history: list[LoggedMove],
    seat: int | None,
    lang: str,
    last: int | None = None,
    names: list[str] | None = None,
) -> list[LogEntry]:
    """The move log as ``seat`` may see it, in ``lang`` (only the newest ``last`` moves);
    seats with a name in ``names`` are called by it."""
    moves = history if last is None else history[-last:]
    game = state.game
    names = names or []
    entries: list[LogEntry] = []
    for m in moves:
        seen = [e for e in m.events if e.visible_to(seat)]
        lines = [with_names(game.describe_event(e, lang), names, lang) for e in seen]
        entry: LogEntry = {
            "seq": m.seq,
            "seat": m.seat,
            "notation": m.notation_for(seat),
            "text": move_words(state, m, seat, lang),
            "lines": lines,
            "groups": event_groups(seen, m.seat),
            "story": [
                with_names(line, names, lang)
                for line in describe.turn_story(game.id, seen, m.seat, lang)
            ],
        }
        if m.standin:
            entry["standin"] = m.standin
        entries.append(entry)
    return entries


def last_move(
    state: State, history: list[LoggedMove], seat: int | None, entry: LogEntry | None
) -> LastMove | None:
    """The payload's ``last``: the newest move as ``seat`` may see it (``entry`` is its log
    entry); its ``fields`` only if the seat sees the whole move (the mover, or a public move);
    ``events``: the move's events this seat may see, as data (``{"kind", "data"}``: what a
    board needs to draw how things got there, such as the lots a customer walked)."""
    if not history:
        return None
    move = history[-1]
    shown = move.notation_for(seat)
    fields = None
    if shown == move.notation:
        fields = move_fields_of(state.game.id)(state.game.actions_module.parse(shown))
    return {
        "seq": move.seq,
        "seat": move.seat,
        "notation": shown,
        "text": entry["text"] if entry and entry["seq"] == move.seq else shown,
        "fields": fields,
        "events": [{"kind": e.kind, "data": e.data} for e in move.events if e.visible_to(seat)],
    }


def final_result(state: State, lang: str) -> FinalResult | None:
    """The payload's ``result``: seats ranked by score, then by the game's tie-break (its
    ``result_rule`` part), with the game's rule and a tie in words in ``lang``."""
    if not state.is_over():
        return None
    from bazaar.core.registry import game_parts

    parts = game_parts(state.game.id)
    rule = parts.result_rule
    words = Translator(parts.package) if parts.package else Translator("bazaar")
    scores = state.scores()
    winners = state.winners()
    breaker = rule.tie_break if rule else None
    second = breaker(state) if breaker else [0.0] * len(scores)

    def key(s: int) -> tuple[bool, float, float]:
        return (s not in winners, -scores[s], -second[s])

    order = sorted(range(len(scores)), key=lambda s: (key(s), s))
    ranking: list[RankedSeat] = []
    for place, s in enumerate(order):
        rank = ranking[-1]["rank"] if ranking and key(order[place - 1]) == key(s) else place + 1
        ranking.append(
            {
                "rank": rank,
                "seat": s,
                "score": scores[s],
                "shown": format_score(state, scores[s]),
                "winner": s in winners,
            }
        )
    best = scores[winners[0]] if winners else None
    tied = [s for s in order if scores[s] == best]
    tie: Tie | None = None
    if len(tied) > 1 and best is not None:
        broken = len(winners) < len(tied)
        if broken and rule and rule.tie_break_words:
            text = words(rule.tie_break_words, lang, score=format_score(state, best))
        else:
            text = t("Tie at {score}: a shared win.", lang, score=format_score(state, best))
        tie = {"score": best, "seats": tied, "broken": broken, "text": text}
    return {
        "ranking": ranking,
        "tie": tie,
        "rule": words(rule.rule, lang) if rule else "",
    }


def format_score(state: State, score: float | None) -> str:
    return describe.format_score(state.game.id, score or 0)


def build_payload(
    state: State,
    seat: int | None,
    lang: str,
    *,
    table: str = "",
    seats: list[SeatRow] | None = None,
    history: list[LoggedMove] | None = None,
    log_last: int | None = 200,
    log: list[LogEntry] | None = None,
) -> TablePayload:
    """The payload for ``seat`` (None = spectator); see the module docstring and its shape,
    :class:`bazaar.web.shapes.TablePayload` (docs/schema/).

    ``log`` may give the already-built log entries (the server keeps them per seat).
    """
    history = history or []
    over = state.is_over()
    view = state.view(seat)
    log = log if log is not None else log_entries(state, history, seat, lang, log_last)
    return {
        "type": "state",
        "table": table,
        "game": state.game.id,
        "seq": len(history),
        "seat": seat,
        "lang": lang,
        "seats": seats
        or [
            {"seat": s, "name": f"Seat {s + 1}", "kind": "human", "bot": None}
            for s in range(state.num_players)
        ],
        "view": view,
        "options": dict(state.options),
        "to_move": state.to_move(),
        "legal": legal_moves(state, seat, lang, view),
        "log": log,
        "last": last_move(state, history, seat, log[-1] if log else None),
        "over": over,
        "scores": state.scores() if over else None,
        "winners": state.winners(),
        "result": final_result(state, lang),
        "section": rules_section(state.game.id, view),
    }


def sample_payloads(
    game_id: str, players: int, seed: int, lang: str = "en", every: int = 1
) -> list[TablePayload]:
    """Payloads for the seat to move along one random game (for renderer tests and demos).

    Every ``every``-th position is kept, plus the final one (as seen by seat 0).
    """
    from bazaar.core.registry import get_game

    state = get_game(game_id).new(players, seed)
    rng = Rng(seed)
    history: list[LoggedMove] = []
    out: list[TablePayload] = []
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        if len(history) % every == 0:
            out.append(build_payload(state, seat, lang, table="demo", history=history))
        action = rng.choice(state.legal_actions())
        public = state.public_notation(action)
        events = state.apply(action)
        history.append(
            LoggedMove(len(history), seat, state.notation(action), events, public=public)
        )
    out.append(build_payload(state, 0, lang, table="demo", history=history))
    return out
