"""Puzzles: "what would you do?" positions where the search finds one move clearly best.

A puzzle is data (:class:`Puzzle`): the game, players, options and seed, the actions in
notation up to the position, the seat to move, the answer (notation, with any equally good
alternatives), the margin (the answer's estimated win chance minus the best other move's), a
short prompt in both languages, where it came from, and the stronger confirming search's
figures (``confirmed``). The position is rebuilt by replaying, so a puzzle is tiny and
deterministic.

Finding (:func:`find_puzzles`): at each decision of the seat with at least
:data:`MIN_LEGAL` legal moves, a search at :data:`FIND` (budget A) from the mover's
information set (ISMCTS determinizes from ``state.determinize(seat)``: it never reads what the
seat cannot see) must put one move :data:`FIND_MARGIN` ahead of every other move searched
enough; a search at :data:`CONFIRM` (budget B = 4 × A iterations, another seed) must then
agree on the same move with at least :data:`CONFIRM_MARGIN`. The shipped sets live in
``bazaar/games/<game>/puzzles.json``, as its parts declare it (``GameFiles.puzzles``;
``scripts/make_puzzles.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from bazaar.bots.ismcts import MoveStats
from bazaar.bots.levels import make_ismcts
from bazaar.bots.shapes import PuzzleReply, SearchedMove
from bazaar.core import describe, jsontext
from bazaar.core.errors import BazaarError, Term
from bazaar.core.game import State
from bazaar.core.record import GameRecord
from bazaar.core.registry import game_parts, get_game
from bazaar.i18n import LANGS, N_, t

PUZZLE_FORMAT = 1
#: the fewest legal moves a puzzle position may have (fewer is not much of a question)
MIN_LEGAL = 3
#: the most legal moves a puzzle may have (every move is listed and searched)
MAX_LEGAL = 12
#: the finding search (budget A): the medium level's settings on a fixed iteration budget
FIND: dict[str, Any] = {
    "iterations": 300,
    "millis": None,
    "rollout": "heuristic",
    "rollout_noise": 1.0,
    "rollout_depth": 20,
    "score_weight": 0.5,
    "widening": 1.0,
}
#: the confirming search (budget B): the same settings on four times the iterations
CONFIRM: dict[str, Any] = {**FIND, "iterations": 1200}
#: the answer must beat every other move searched enough by this much (win chance)
FIND_MARGIN = 0.15
#: ... and still by this much in the confirming search
CONFIRM_MARGIN = 0.10
#: moves within this of the answer (in both searches) count as right too
ALTERNATIVE = 0.02
#: the confirming search's seed is the finding seed plus this
CONFIRM_SEED_OFFSET = 7919


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
    ("alternatives", list),
    ("margin", float),
    ("options", dict),
    ("prompt", dict),
    ("source", dict),
    ("confirmed", dict),
    ("found", dict),
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
        return value is None or (
            isinstance(value, int | float) and not isinstance(value, bool) and abs(value) <= 2**53
        )
    if kind is int:
        return type(value) is int and abs(value) < 2**64
    return isinstance(value, kind)


def _search_figures(figures: dict[str, Any]) -> bool:
    """Whether a puzzle's ``confirmed`` or ``found`` holds what the feedback reads of it."""
    moves = figures.get("moves", [])
    return (
        _is_kind(figures.get("margin"), float)
        and isinstance(moves, list)
        and all(
            isinstance(m, dict)
            and isinstance(m.get("notation"), str)
            and m.get("win") is not None
            and _is_kind(m.get("win"), float)
            for m in moves
        )
    )


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
    options: dict[str, Any] = field(default_factory=dict)
    alternatives: list[str] = field(default_factory=list)
    prompt: dict[str, str] = field(default_factory=dict)
    source: dict[str, Any] = field(default_factory=dict)
    #: the confirming search: {"iterations", "seed", "margin", "moves": [{notation, win,
    #: visits}, ...] best first}
    confirmed: dict[str, Any] = field(default_factory=dict)
    #: the finding search: {"iterations", "seed", "moves": [...]}
    found: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": list(self.actions),
            "seat": self.seat,
            "answer": self.answer,
            "alternatives": list(self.alternatives),
            "margin": self.margin,
            "prompt": dict(self.prompt),
            "source": dict(self.source),
            "found": dict(self.found),
            "confirmed": dict(self.confirmed),
        }

    @classmethod
    def from_json(cls, data: Any) -> Puzzle:
        if not isinstance(data, dict):
            raise PuzzleError.of(N_("a puzzle must be a JSON object"))
        for key, kind in PUZZLE_FIELDS:
            value = data.get(key, {} if kind is dict else [] if key == "alternatives" else None)
            if not _is_kind(value, kind):
                raise PuzzleError.of(
                    N_("puzzle field {key} must be {kind}"), key=repr(key), kind=KIND_WORDS[kind]
                )
        if not all(isinstance(a, str) for a in data["actions"] + data.get("alternatives", [])):
            raise PuzzleError.of(N_("puzzle field 'actions' must be a list of notation strings"))
        for key in ("confirmed", "found"):
            if not _search_figures(data.get(key) or {}):
                raise PuzzleError.of(
                    N_(
                        "puzzle field {key} must hold a number 'margin' and a list 'moves' of "
                        "objects with a 'notation' text and a 'win' number"
                    ),
                    key=repr(key),
                )
        return cls(
            game=data["game"],
            players=data["players"],
            seed=data["seed"],
            seat=data["seat"],
            actions=list(data["actions"]),
            answer=data["answer"],
            margin=float(data.get("margin") or 0.0),
            options=dict(data.get("options") or {}),
            alternatives=list(data.get("alternatives") or []),
            prompt={k: v for k, v in (data.get("prompt") or {}).items() if isinstance(v, str)},
            source=dict(data.get("source") or {}),
            confirmed=dict(data.get("confirmed") or {}),
            found=dict(data.get("found") or {}),
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
        return state

    def right(self) -> list[str]:
        """The notations that count as right."""
        return [self.answer, *self.alternatives]

    def win_of(self, notation: str) -> float | None:
        """The confirming search's win chance for a move (None: not searched)."""
        for move in self.confirmed.get("moves", []):
            if move["notation"] == notation:
                return float(move["win"])
        return None


# ---------------------------------------------------------------------- the words
def move_words(state: State, notation: str, lang: str, seat: int) -> str:
    """A move in words for ``seat`` ("-K2 (sell one K2 …)"; zh-TW: the words only)."""
    action = state.parse(notation)
    words = describe.describe_action(state.game.id, action, lang, state.view(seat))
    return describe.move_in_words(state.game.id, notation, words, lang)


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


def reply(puzzle: Puzzle, state: State, notation: str, lang: str) -> PuzzleReply:
    """The answer to a try: ``{"right": bool, "lines": [sentence, ...]}``.

    The lines say right / not quite, the answer in words with its margin, and the win chances
    of the answer and of the chosen move from the confirming search.
    """
    right = notation in puzzle.right()
    answer_win = puzzle.win_of(puzzle.answer)
    lines = [t("Right!", lang) if right else t("Not quite.", lang)]
    lines.append(
        t(
            "Best: {move}, about {margin} points of win chance ahead of any other move.",
            lang,
            move=move_words(state, puzzle.answer, lang, puzzle.seat),
            margin=round(100 * float(puzzle.confirmed.get("margin", puzzle.margin))),
        )
    )
    if answer_win is not None:
        lines.append(t("The best move wins about {pct}% of the time.", lang, pct=pct(answer_win)))
    if not right:
        mine = puzzle.win_of(notation)
        chosen = move_words(state, notation, lang, puzzle.seat)
        if mine is None:
            lines.append(
                t(
                    "Your move, {move}, looked so weak that the search hardly tried it.",
                    lang,
                    move=chosen,
                )
            )
        else:
            lines.append(
                t(
                    "Your move, {move}, wins about {pct}% of the time.",
                    lang,
                    move=chosen,
                    pct=pct(mine),
                )
            )
    elif notation != puzzle.answer:
        lines.append(t("Your move is as good as the best one.", lang))
    return {"right": right, "lines": lines}


def pct(win: float) -> int:
    return round(100 * win)


# ---------------------------------------------------------------------- the sets
def puzzle_path(game_id: str) -> Path | None:
    """Where ``game_id``'s shipped set is (None: the game ships none)."""
    parts = game_parts(game_id)
    if parts.package is None or parts.files.puzzles is None:
        return None
    return Path(str(resources.files(parts.package).joinpath(parts.files.puzzles)))


def load_file(path: str | Path) -> list[Puzzle]:
    """The puzzles of a file: ``{"format": 1, "puzzles": [...]}``; raise PuzzleError."""
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


# ---------------------------------------------------------------------- finding
def search(state: State, settings: dict[str, Any], seed: int) -> list[MoveStats]:
    """The moves of a search at ``settings`` (fresh, seeded: deterministic), most visited
    first."""
    return make_ismcts(settings, state.game.id, seed).analyse(state)


def enough_visits(iterations: int) -> int:
    """The visits a move needs for its estimate to count against the answer."""
    return max(8, iterations // 50)


def judge(stats: list[MoveStats], iterations: int) -> tuple[str, list[str], float] | None:
    """(answer, alternatives, margin) if the most visited move is also the best estimate
    and beats every other move searched enough; None if no move is clearly best."""
    if len(stats) < 2:
        return None
    best = stats[0]
    floor = enough_visits(iterations)
    counted = [m for m in stats[1:] if m.visits >= floor] or [stats[1]]
    alternatives = [m for m in counted if m.win >= best.win - ALTERNATIVE]
    others = [m for m in counted if m not in alternatives]
    if not others:
        return None
    return best.notation, [m.notation for m in alternatives], best.win - max(m.win for m in others)


def moves_json(stats: list[MoveStats]) -> list[SearchedMove]:
    return [{"notation": m.notation, "win": round(m.win, 4), "visits": m.visits} for m in stats]


def try_position(
    state: State,
    seat: int,
    seed: int,
    find: dict[str, Any] = FIND,
    confirm: dict[str, Any] = CONFIRM,
) -> dict[str, Any] | None:
    """The puzzle fields for ``state`` if a search finds one move clearly best and a stronger
    one confirms it, else None."""
    legal = state.legal_actions()
    if state.to_move() != seat or not MIN_LEGAL <= len(legal) <= MAX_LEGAL:
        return None
    first = search(state, find, seed)
    judged = judge(first, find["iterations"])
    if judged is None or judged[2] < FIND_MARGIN:
        return None
    answer, alternatives, margin = judged
    second_seed = seed + CONFIRM_SEED_OFFSET
    again = search(state, confirm, second_seed)
    rejudged = judge(again, confirm["iterations"])
    if rejudged is None or rejudged[0] != answer or rejudged[2] < CONFIRM_MARGIN:
        return None
    alternatives = [a for a in alternatives if a in rejudged[1]]
    return {
        "answer": answer,
        "alternatives": alternatives,
        "margin": round(margin, 4),
        "found": {"iterations": find["iterations"], "seed": seed, "moves": moves_json(first)},
        "confirmed": {
            "iterations": confirm["iterations"],
            "seed": second_seed,
            "margin": round(rejudged[2], 4),
            "moves": moves_json(again),
        },
    }


def find_puzzles(
    record: GameRecord,
    seats: Iterable[int] | None = None,
    limit: int | None = None,
    seed: int = 0,
    source: dict[str, Any] | None = None,
    find: dict[str, Any] = FIND,
    confirm: dict[str, Any] = CONFIRM,
    progress: Callable[[int, int], None] | None = None,
) -> list[Puzzle]:
    """The puzzles in ``record`` at the decisions of ``seats`` (all seats by default), at most
    ``limit``; each search's seed is ``seed`` plus the move number."""
    wanted = set(range(record.players) if seats is None else seats)
    for seat in wanted:
        if not 0 <= seat < record.players:
            raise PuzzleError.of(
                N_("seat must be from 0 to {last}, not {seat}"), last=record.players - 1, seat=seat
            )
    states = record.states()
    state, _, _ = next(states)
    found: list[Puzzle] = []
    total = len(record.actions)
    for index, _text in enumerate(record.actions):
        if progress:
            progress(index, total)
        mover = state.to_move()
        if mover in wanted and MIN_LEGAL <= len(state.legal_actions()) <= MAX_LEGAL:
            fields = try_position(state.clone(), mover, seed + index, find, confirm)
            if fields is not None:
                found.append(
                    Puzzle(
                        game=record.game,
                        players=record.players,
                        seed=record.seed,
                        seat=mover,
                        actions=list(record.actions[:index]),
                        options=dict(record.options),
                        prompt=make_prompt(mover),
                        source={**(source or {}), "move": index + 1},
                        **fields,
                    )
                )
                if limit is not None and len(found) >= limit:
                    break
        state, _, _ = next(states)
    return found


__all__ = [
    "CONFIRM",
    "FIND",
    "Puzzle",
    "PuzzleError",
    "find_puzzles",
    "load_file",
    "make_prompt",
    "pick",
    "reply",
    "save_file",
    "shipped",
    "try_position",
]
