"""Game records: (game id, players, options, seed, actions in notation), saved as JSON.

A record is the save file, the replay and the database row of a game: replaying its
actions from the seed rebuilds every state exactly. Records of web tables also carry the
deal's ``salt`` and ``commitment`` (see :mod:`bazaar.core.deal`), whether the creator chose
the seed (``fixed_seed``) and the final ``scores``; all four are optional, so older records
load as before and the format number stays 1.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NotRequired

from typing_extensions import TypedDict

from bazaar.core import jsontext
from bazaar.core.deal import HEX
from bazaar.core.errors import BadRecord, BazaarError
from bazaar.core.game import Event, Game, State
from bazaar.core.registry import get_game
from bazaar.i18n import N_

RECORD_FORMAT = 1
#: Deepest nesting a record may have (it needs 3: record -> options/actions -> value).
MAX_DEPTH = 8
#: A record's seed: a 64-bit integer, signed or unsigned.
SEED_MIN, SEED_LIMIT = -(2**63), 2**64
#: Most players a record may name (every game checks its own, smaller range).
MAX_PLAYERS = 64
#: The largest score a record may give (a double holds every integer up to 2**53).
MAX_SCORE = 2**53


def _depth_exceeds(data: Any, limit: int) -> bool:
    """True if ``data`` holds lists/objects nested more than ``limit`` levels (no recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > limit:
                return True
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)
    return False


def _score_list(scores: Any) -> bool:
    """Whether ``scores`` is a list of numbers of at most :data:`MAX_SCORE` in size."""
    return isinstance(scores, list) and all(
        isinstance(x, int | float) and not isinstance(x, bool) and abs(x) <= MAX_SCORE
        for x in scores
    )


def _json_text(value: Any) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


class RecordJson(TypedDict):
    """A game record as JSON (:meth:`GameRecord.to_json`; docs/schema/game-record.json)."""

    format: int
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[str]
    actions: list[str]
    salt: NotRequired[str]
    commitment: NotRequired[str]
    fixed_seed: NotRequired[bool]
    scores: NotRequired[list[float]]


@dataclass
class GameRecord:
    """Everything needed to rebuild a game."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)
    #: the deal's salt (lowercase hex) and commitment (SHA-256 hex); None when not committed
    salt: str | None = None
    commitment: str | None = None
    #: True when the table's creator chose the seed (and every seat was shown it)
    fixed_seed: bool | None = None
    #: the final scores, as the server counted them (None: not recorded)
    scores: list[float] | None = None

    def to_json(self) -> RecordJson:
        out: RecordJson = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": list(self.seats),
            "actions": list(self.actions),
        }
        if self.salt is not None:
            out["salt"] = self.salt
        if self.commitment is not None:
            out["commitment"] = self.commitment
        if self.fixed_seed is not None:
            out["fixed_seed"] = self.fixed_seed
        if self.scores is not None:
            out["scores"] = list(self.scores)
        return out

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read a record dict; raise BadRecord naming the missing or malformed field."""
        if not isinstance(data, dict):
            raise BadRecord.of(N_("a game record must be a JSON object"))
        if _depth_exceeds(data, MAX_DEPTH):
            raise BadRecord.of(
                N_("the record is nested too deeply (more than {depth} levels)"), depth=MAX_DEPTH
            )
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise BadRecord.of(
                N_("unsupported record format {format}"), format=_json_text(data.get("format"))
            )
        if type(data.get("game")) is not str:
            raise BadRecord.of(N_("record field 'game' must be a string (a game id)"))
        for key in ("players", "seed"):
            if type(data.get(key)) is not int:
                raise BadRecord.of(
                    N_("record field {key} must be an integer, not {value}"),
                    key=repr(key),
                    value=_json_text(data.get(key)),
                )
        if not 1 <= data["players"] <= MAX_PLAYERS:
            raise BadRecord.of(
                N_("record field 'players' must be from 1 to {top}"), top=MAX_PLAYERS
            )
        if not SEED_MIN <= data["seed"] < SEED_LIMIT:
            raise BadRecord.of(N_("record field 'seed' must be from -2**63 to 2**64 - 1 (64 bits)"))
        return cls._from_fields(data)

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> GameRecord:
        """The rest of :meth:`from_json`: the lists, the options and the deal's fields."""
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise BadRecord.of(N_("record field 'actions' must be a list of notation strings"))
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise BadRecord.of(N_("record field 'options' must be an object"))
        seats = data.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise BadRecord.of(N_("record field 'seats' must be a list of strings"))
        for key in ("salt", "commitment"):
            hex_text = data.get(key)
            if hex_text is not None and (
                not isinstance(hex_text, str) or not HEX.fullmatch(hex_text)
            ):
                raise BadRecord.of(
                    N_("record field {key} must be lowercase hex digits"), key=repr(key)
                )
        fixed = data.get("fixed_seed")
        if fixed is not None and not isinstance(fixed, bool):
            raise BadRecord.of(N_("record field 'fixed_seed' must be true or false"))
        scores = data.get("scores")
        if scores is not None and not _score_list(scores):
            raise BadRecord.of(N_("record field 'scores' must be a list of numbers"))
        return cls(
            data["game"],
            data["players"],
            data["seed"],
            options,
            list(actions),
            seats,
            salt=data.get("salt"),
            commitment=data.get("commitment"),
            fixed_seed=fixed,
            scores=None if scores is None else list(scores),
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """The record in the file at ``path``; BadRecord (one sentence) for any bad file."""
        try:
            data = jsontext.read_file(path)
        except jsontext.BadJson as exc:
            raise BadRecord.of(
                N_("cannot read record {path}: {reason}"), path=repr(str(path)), reason=exc
            ) from exc
        return cls.from_json(data)

    def states(self) -> Iterator[tuple[State, str | None, list[Event]]]:
        """Yield (state, notation, events): first the start (None, []), then after each action.

        The same state object is mutated and yielded each time; clone it to keep it.
        """
        match = Match.new(get_game(self.game), self.players, self.seed, self.options)
        yield match.state, None, []
        for i, text in enumerate(self.actions):
            events = _play_recorded(match, i + 1, text)
            yield match.state, text, events

    def replay(self) -> State:
        """The final state of this record."""
        return Match.from_record(self).state


def _play_recorded(match: Match, n: int, text: str) -> list[Event]:
    """Play a record's action number ``n`` (from 1); one that does not replay is a BadRecord."""
    try:
        return match.play(text)
    except BazaarError as exc:
        raise BadRecord.of(
            N_("action {n} ({action}) does not replay: {reason}"),
            n=n,
            action=repr(text),
            reason=exc,
        ) from exc


class Match:
    """A state together with its growing record: what the CLI, engine and server drive."""

    def __init__(self, game: Game, state: State, record: GameRecord) -> None:
        self.game = game
        self.state = state
        self.record = record

    @classmethod
    def new(
        cls,
        game: Game,
        players: int,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        seats: list[str] | None = None,
    ) -> Match:
        state = game.new(players, seed, options)
        record = GameRecord(game.id, players, seed, dict(state.options), [], list(seats or []))
        return cls(game, state, record)

    @classmethod
    def from_record(cls, record: GameRecord) -> Match:
        """Rebuild a match by replaying a record (raises BadRecord if it does not replay)."""
        game = get_game(record.game)
        try:
            match = cls.new(game, record.players, record.seed, record.options, record.seats)
        except BazaarError as exc:
            raise BadRecord.of(N_("record cannot start a game: {reason}"), reason=exc) from exc
        for i, text in enumerate(record.actions):
            _play_recorded(match, i + 1, text)
        return match

    def play(self, move: str | int) -> list[Event]:
        """Apply a move given as notation or action number; record it. Raises on illegal input."""
        action = self.state.parse(move) if isinstance(move, str) else move
        events = self.state.apply(action)
        self.record.actions.append(self.game.notation(action))
        return events
