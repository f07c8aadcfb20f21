"""Puzzles: "what would you do?" positions where one move is clearly best, as data.

A puzzle (:class:`Puzzle`) holds the game, players, options and seed, the actions in notation
up to the position, the seat to move, the answer (notation), its margin (the answer's win
chance minus the next best move's), its difficulty (easy / medium / hard), a short prompt in
both languages, where it came from, and ``weighed``: every legal move as the one estimator
weighed it (:func:`bazaar.bots.estimator.weigh_moves` at the "hard" samples, seeded from the
seat's view: the numbers a "hard" hint gives for the same position). The position is rebuilt
by replaying, so a puzzle is tiny and deterministic.

Finding and grading puzzles is :mod:`bazaar.bots.puzzle_find`; the replies in words are
:mod:`bazaar.bots.puzzle_words`. The shipped sets live in ``bazaar/games/<game>/puzzles.json``
(``GameFiles.puzzles``; ``scripts/make_puzzles.py``); docs/puzzles.md.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from bazaar.bots.estimator import SAMPLES, MoveValue, weigh_moves
from bazaar.bots.shapes import WeighedMove
from bazaar.bots.value import model_for
from bazaar.core import describe, jsontext
from bazaar.core.errors import BazaarError, Term
from bazaar.core.game import State
from bazaar.core.registry import game_parts, get_game
from bazaar.i18n import LANGS, N_, t

#: 2: judged by the estimator, with a difficulty (1: two ISMCTS searches, no difficulty)
PUZZLE_FORMAT = 2
#: the estimator's samples a puzzle is weighed with (a "hard" hint's)
LEVEL = "hard"
#: the difficulties, easiest first (their words are the catalog's "easy" / "medium" / "hard")
DIFFICULTIES = ("easy", "medium", "hard")
DIFFICULTY_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


class PuzzleError(BazaarError):
    """A bad puzzle request: unknown game, no puzzles, a number out of range, a bad file."""

    rule = "puzzle"


#: a puzzle's fields and their JSON types (``float``: any number of at most 2**53)
PUZZLE_FIELDS: tuple[tuple[str, type], ...] = (
    ("game", str),
    ("players", int),
    ("seed", int),
    ("seat", int),
    ("answer", str),
    ("actions", list),
    ("margin", float),
    ("difficulty", str),
    ("options", dict),
    ("prompt", dict),
    ("source", dict),
    ("weighed", dict),
)

#: a JSON type in words, for the messages
KIND_WORDS = {
    str: Term("a text"),
    int: Term("a whole number below 2**64"),
    float: Term("a number of at most 2**53"),
    list: Term("a list"),
    dict: Term("an object"),
}


def _is_kind(value: Any, kind: type) -> bool:
    """Whether a JSON value is of ``kind`` (never a bool for a number; a number not too big)."""
    if kind is float:
        return (
            isinstance(value, int | float) and not isinstance(value, bool) and abs(value) <= 2**53
        )
    if kind is int:
        return type(value) is int and abs(value) < 2**64
    return isinstance(value, kind)


def _weighed_ok(weighed: dict[str, Any]) -> bool:
    """Whether a puzzle's ``weighed`` holds what the replies read of it."""
    moves = weighed.get("moves")
    return (
        _is_kind(weighed.get("samples"), int)
        and isinstance(weighed.get("estimator"), str)
        and isinstance(moves, list)
        and len(moves) > 1
        and all(
            isinstance(m, dict)
            and isinstance(m.get("notation"), str)
            and all(_is_kind(m.get(k), float) for k in ("win", "win_low", "win_high", "score"))
            and isinstance(m.get("close"), bool)
            for m in moves
        )
    )


def weighed_json(moves: list[MoveValue]) -> list[WeighedMove]:
    """The estimator's moves as a puzzle stores them, best first."""
    return [
        {
            "notation": m.notation,
            "win": m.win,
            "win_low": m.win_low,
            "win_high": m.win_high,
            "score": m.score,
            "close": m.close,
        }
        for m in moves
    ]


def estimator_id(game_id: str, players: int) -> str:
    """Which estimator weighs ``game_id`` at ``players`` seats: "model-<hash of its weights>",
    or "public-estimate" while the game ships no value model (the estimator's fallback)."""
    model = model_for(game_id, players)
    if model is None:
        return "public-estimate"
    digest = hashlib.sha256()
    for name, array in sorted(model.to_arrays().items()):
        digest.update(name.encode() + array.tobytes())
    return "model-" + digest.hexdigest()[:16]


@dataclass
class Puzzle:
    """One puzzle; see the module docstring."""

    game: str
    players: int
    seed: int
    seat: int
    actions: list[str]
    answer: str
    margin: float
    difficulty: str
    #: {"samples", "estimator", "moves": [{notation, win, win_low, win_high, score, close}]}
    weighed: dict[str, Any]
    options: dict[str, Any] = field(default_factory=dict)
    prompt: dict[str, str] = field(default_factory=dict)
    source: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": list(self.actions),
            "seat": self.seat,
            "answer": self.answer,
            "margin": self.margin,
            "difficulty": self.difficulty,
            "prompt": dict(self.prompt),
            "source": dict(self.source),
            "weighed": dict(self.weighed),
        }

    @classmethod
    def from_json(cls, data: Any) -> Puzzle:
        if not isinstance(data, dict):
            raise PuzzleError.of(N_("a puzzle must be a JSON object"))
        for key, kind in PUZZLE_FIELDS:
            value = data.get(key, {} if kind is dict else None)
            if not _is_kind(value, kind):
                raise PuzzleError.of(
                    N_("puzzle field {key} must be {kind}"), key=repr(key), kind=KIND_WORDS[kind]
                )
        if not all(isinstance(a, str) for a in data["actions"]):
            raise PuzzleError.of(N_("puzzle field 'actions' must be a list of notation strings"))
        if data["difficulty"] not in DIFFICULTIES:
            raise PuzzleError.of(N_("puzzle field 'difficulty' must be easy, medium or hard"))
        if not _weighed_ok(data["weighed"]):
            raise PuzzleError.of(
                N_(
                    "puzzle field 'weighed' must hold a whole number 'samples', a text "
                    "'estimator' and a list 'moves' of objects with a 'notation' text, the "
                    "numbers 'win', 'win_low', 'win_high', 'score' and a true/false 'close'"
                )
            )
        return cls(
            game=data["game"],
            players=data["players"],
            seed=data["seed"],
            seat=data["seat"],
            actions=list(data["actions"]),
            answer=data["answer"],
            margin=float(data["margin"]),
            difficulty=data["difficulty"],
            weighed=dict(data["weighed"]),
            options=dict(data.get("options") or {}),
            prompt={k: v for k, v in (data.get("prompt") or {}).items() if isinstance(v, str)},
            source=dict(data.get("source") or {}),
        )

    # ------------------------------------------------------------------ playing it
    def position(self) -> State:
        """The puzzle's position, rebuilt by replaying; raise PuzzleError if it does not."""
        state = get_game(self.game).new(self.players, self.seed, self.options)
        for i, text in enumerate(self.actions, 1):
            try:
                state.apply(state.parse(text))
            except BazaarError as exc:
                raise PuzzleError.of(
                    N_("puzzle action {n} ({action}) does not replay: {reason}"),
                    n=i,
                    action=repr(text),
                    reason=exc,
                ) from exc
        if state.to_move() != self.seat:
            raise PuzzleError.of(N_("the puzzle's seat {seat} is not to move"), seat=self.seat + 1)
        weighed = sorted(m["notation"] for m in self.weighed["moves"])
        if weighed != sorted(state.legal_notations()) or self.answer not in weighed:
            raise PuzzleError.of(
                N_("the puzzle's answer and weighed moves must be the legal moves of its position")
            )
        return state

    def moves(self, state: State) -> list[WeighedMove]:
        """Every legal move as the estimator weighs it now, best first: the stored figures
        while the estimator that made them is still the game's, else weighed again (so a
        puzzle always shows a "hard" hint's numbers)."""
        stored = self.weighed
        if (
            stored.get("estimator") == estimator_id(self.game, self.players)
            and stored.get("samples") == SAMPLES[LEVEL]
        ):
            return list(stored["moves"])
        return weighed_json(weigh_moves(state, self.seat, LEVEL))


def difficulty_words(difficulty: str, lang: str) -> str:
    """ "easy" / "簡單", "medium" / "中等", "hard" / "困難"."""
    return t(DIFFICULTY_WORDS[difficulty], lang)


def make_prompt(seat: int) -> dict[str, str]:
    """ "What would you do? You are Seat 2, …" in both languages. (How to type a move is the
    terminal's business: it shows the game's prompt hint under the board.)"""
    return {
        lang: t(
            "What would you do? You are {seat}, and one move is clearly best.",
            lang,
            seat=describe.seat_label(seat, lang),
        )
        for lang in LANGS
    }


# ---------------------------------------------------------------------- the sets
def puzzle_path(game_id: str) -> Path | None:
    """Where ``game_id``'s shipped set is (None: the game ships none)."""
    parts = game_parts(game_id)
    if parts.package is None or parts.files.puzzles is None:
        return None
    return Path(str(resources.files(parts.package).joinpath(parts.files.puzzles)))


def load_file(path: str | Path) -> list[Puzzle]:
    """The puzzles of a file: ``{"format": 2, "puzzles": [...]}``; raise PuzzleError (an
    older format is refused with what to do)."""
    try:
        data = jsontext.read_file(path)
    except jsontext.BadJson as exc:
        raise PuzzleError.of(
            N_("cannot read puzzles {path}: {reason}"), path=repr(str(path)), reason=exc
        ) from exc
    if not isinstance(data, dict) or not isinstance(data.get("puzzles"), list):
        raise PuzzleError.of(
            N_("puzzles {path}: expected an object with a 'puzzles' list"), path=repr(str(path))
        )
    if data.get("format") != PUZZLE_FORMAT:
        raise PuzzleError.of(
            N_(
                "puzzles {path} are in format {found}, but this version reads format {format} "
                "only: make them again with 'bazaar puzzle make'"
            ),
            path=repr(str(path)),
            found=json.dumps(data.get("format")),
            format=PUZZLE_FORMAT,
        )
    return [Puzzle.from_json(p) for p in data["puzzles"]]


def save_file(path: str | Path, puzzles: Iterable[Puzzle]) -> None:
    data = {"format": PUZZLE_FORMAT, "puzzles": [p.to_json() for p in puzzles]}
    Path(path).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def shipped(game_id: str) -> list[Puzzle]:
    """The shipped set of ``game_id`` (get_game raises UnknownGame); [] if it has none."""
    get_game(game_id)
    path = puzzle_path(game_id)
    if path is None or not path.is_file():
        return []
    return load_file(path)


def of_difficulty(puzzles: list[Puzzle], difficulty: str | None) -> list[Puzzle]:
    """The puzzles of one difficulty (None: all); raise PuzzleError for an unknown one."""
    if difficulty is None:
        return puzzles
    if difficulty not in DIFFICULTIES:
        raise PuzzleError.of(
            N_("difficulty must be easy, medium or hard, not {difficulty}"),
            difficulty=repr(difficulty),
        )
    return [p for p in puzzles if p.difficulty == difficulty]


def pick(puzzles: list[Puzzle], number: int, game_id: str) -> Puzzle:
    """Puzzle ``number`` (from 1); raise PuzzleError naming the range."""
    if not puzzles:
        raise PuzzleError.of(N_("there are no puzzles for {game}"), game=game_id)
    if not 1 <= number <= len(puzzles):
        raise PuzzleError.of(
            N_("puzzle number must be from 1 to {last}, not {number}"),
            last=len(puzzles),
            number=number,
        )
    return puzzles[number - 1]


__all__ = [
    "DIFFICULTIES",
    "PUZZLE_FORMAT",
    "Puzzle",
    "PuzzleError",
    "difficulty_words",
    "estimator_id",
    "load_file",
    "make_prompt",
    "of_difficulty",
    "pick",
    "puzzle_path",
    "save_file",
    "shipped",
    "weighed_json",
]
