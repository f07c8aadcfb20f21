"""The steps both versions of the engine protocol take alike: find the session's game, play
an action safely, take actions back, replay the record, and the reply parts they share."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from bazaar.core.game import Event, Game, State
from bazaar.core.record import GameRecord, Match
from bazaar.interop.engine_fields import MISSING, Commands, RequestError
from bazaar.interop.shapes import CommandHelp, EngineAbout, EngineResult


def need_match(match: Match | None) -> Match:
    """The session's game, or the ``no-game`` error."""
    if match is None:
        raise RequestError(
            'no game yet: start one with {"cmd": "new", "game": "buy-low-sell-high", '
            '"players": 3} or {"cmd": "load", "record": {...}}',
            "no-game",
        )
    return match


def event_list(
    game: Game, events: Iterable[Event], seat: Any, lang: str | None
) -> list[dict[str, Any]]:
    """``events`` as JSON: all (``seat`` MISSING) or those ``seat`` sees, with words in ``lang``."""
    out = []
    for event in events:
        if seat is not MISSING and not event.visible_to(seat):
            continue
        data = event.to_json()
        if lang is not None:
            data["text"] = game.describe_event(event, lang)
        out.append(data)
    return out


def play_or_restore(match: Match, action: int) -> list[Event]:
    """Play a legal ``action``; should a bug raise, put the game back as it was and re-raise."""
    backup = match.state.clone()
    done = len(match.record.actions)
    try:
        return match.play(action)
    except Exception:
        # apply() validates before it mutates, so only a bug gets here: put the game back
        match.state = backup
        del match.record.actions[done:]
        raise


def replayed(match: Match) -> Iterator[tuple[int | None, int, str, str, list[Event]]]:
    """The game's actions replayed one by one: (mover, action, notation, public notation,
    events)."""
    record = match.record
    replay = Match.new(match.game, record.players, record.seed, record.options)
    for text in record.actions:
        mover = replay.state.to_move()
        action = replay.state.parse(text)
        public = replay.state.public_notation(action)
        yield mover, action, text, public, replay.play(action)


def take_back(match: Match, count: int) -> Match:
    """The game without its last ``count`` actions (replayed from its record)."""
    record = match.record
    keep = record.actions[: len(record.actions) - count]
    shorter = GameRecord(
        record.game, record.players, record.seed, dict(record.options), keep, record.seats
    )
    return Match.from_record(shorter)


def about(match: Match) -> EngineAbout:
    """What game this is: game id, players, seed, rule options."""
    record = match.record
    return {
        "game": record.game,
        "players": record.players,
        "seed": record.seed,
        "options": dict(match.state.options),
    }


def command_help(commands: Commands) -> dict[str, CommandHelp]:
    """The ``commands`` of a ``help`` reply: each command's fields and help line."""
    return {
        name: {"fields": list(fields), "help": text} for name, (fields, text) in commands.items()
    }


def result(state: State) -> EngineResult:
    """The ``result`` reply: over, scores, winners, returns."""
    return {
        "over": state.is_over(),
        "scores": state.scores(),
        "winners": state.winners(),
        "returns": state.returns(),
    }
