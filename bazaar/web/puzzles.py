"""The puzzles of the web: the shipped sets as JSON, a puzzle's position as its seat's payload,
the reply to a try and the answer shown (docs/puzzles.md).

The answer is not served with the position, nor after a wrong try: the page posts the move it
chose and gets the reply ("try again" when wrong), or asks for the answer; so looking at the
page's data gives nothing away. A puzzle's payload is exactly
``build_payload(state, seat, lang)`` for its seat: it shows nothing that seat could not see.
"""

from __future__ import annotations

from typing import Any

from bazaar.bots import puzzles as pz
from bazaar.bots.puzzle_find import find_puzzles
from bazaar.bots.puzzle_words import show_answer, try_move
from bazaar.bots.shapes import PuzzleReply
from bazaar.core import describe
from bazaar.core.errors import BazaarError, UnknownGame
from bazaar.core.game import State
from bazaar.core.record import GameRecord
from bazaar.i18n import N_, t
from bazaar.web.errors import WebError
from bazaar.web.payload import build_payload
from bazaar.web.shapes import SeatRow


def _shipped(game_id: str, lang: str) -> list[pz.Puzzle]:
    try:
        return pz.shipped(game_id)
    except UnknownGame as exc:
        raise WebError(404, "unknown-game", exc.text(lang)) from exc


def _one(puzzles: list[pz.Puzzle], game_id: str, number: int, lang: str) -> pz.Puzzle:
    try:
        return pz.pick(puzzles, number, game_id)
    except pz.PuzzleError as exc:
        raise WebError(404, "no-puzzle", exc.text(lang)) from exc


def listing(puzzles: list[pz.Puzzle], lang: str) -> list[dict[str, Any]]:
    """One line per puzzle: its number, seat, prompt, margin and difficulty."""
    return [
        {
            "number": i,
            "game": p.game,
            "seat": p.seat,
            "prompt": p.prompt.get(lang, ""),
            "margin": p.margin,
            "difficulty": p.difficulty,
        }
        for i, p in enumerate(puzzles, 1)
    ]


def position(puzzles: list[pz.Puzzle], number: int, game_id: str, lang: str) -> dict[str, Any]:
    """Puzzle ``number``: its prompt, difficulty and its seat's payload (the legal moves in
    words)."""
    puzzle = _one(puzzles, game_id, number, lang)
    state = puzzle.position()
    return {
        "number": number,
        "count": len(puzzles),
        "seat": puzzle.seat,
        "difficulty": puzzle.difficulty,
        "prompt": puzzle.prompt.get(lang, ""),
        "payload": build_payload(state, puzzle.seat, lang, seats=seat_names(state, lang)),
    }


def seat_names(state: State, lang: str) -> list[SeatRow]:
    """The seats as the payload lists them, named in ``lang`` ("Seat 2" / "玩家2")."""
    return [
        {"seat": s, "name": describe.seat_label(s, lang), "kind": "human", "bot": None}
        for s in range(state.num_players)
    ]


def answer(
    puzzles: list[pz.Puzzle], number: int, game_id: str, move: str, lang: str
) -> PuzzleReply:
    """The reply to ``move`` (notation) at puzzle ``number``: right with why, or "try again"
    (no answer given)."""
    puzzle = _one(puzzles, game_id, number, lang)
    state = puzzle.position()
    return try_move(puzzle, state, _legal(state, move, lang), lang)


def solution(
    puzzles: list[pz.Puzzle], number: int, game_id: str, tried: str | None, lang: str
) -> PuzzleReply:
    """Puzzle ``number``'s answer shown, with why, against the last move ``tried`` (if any)."""
    puzzle = _one(puzzles, game_id, number, lang)
    state = puzzle.position()
    last = None if tried is None else _legal(state, tried, lang)
    return show_answer(puzzle, state, lang, last)


def _legal(state: State, move: str, lang: str) -> str:
    try:
        action = state.parse(move)
        state.check(action)
    except BazaarError as exc:
        raise WebError(400, "illegal", exc.text(lang), rule=exc.rule) from exc
    return state.notation(action)


def shipped_listing(game_id: str, lang: str) -> dict[str, Any]:
    return {"game": game_id, "puzzles": listing(_shipped(game_id, lang), lang)}


def shipped_position(game_id: str, number: int, lang: str) -> dict[str, Any]:
    return position(_shipped(game_id, lang), number, game_id, lang)


def shipped_answer(game_id: str, number: int, move: str, lang: str) -> PuzzleReply:
    return answer(_shipped(game_id, lang), number, game_id, move, lang)


def shipped_solution(game_id: str, number: int, tried: str | None, lang: str) -> PuzzleReply:
    return solution(_shipped(game_id, lang), number, game_id, tried, lang)


# ---------------------------------------------------------------------- a finished table's
#: the most puzzles made from one table
TABLE_LIMIT = 8
#: the most tables whose puzzles the server keeps in memory (the oldest are forgotten)
TABLES_KEPT = 200


def table_puzzles(record: dict[str, Any], table_id: str) -> list[dict[str, Any]]:
    """The puzzles of a finished table at every seat's decisions (runs on the advice pool),
    found through the estimator as the shipped ones are."""
    found = find_puzzles(
        GameRecord.from_json(record),
        limit=TABLE_LIMIT,
        source={"kind": "table", "table": table_id},
    )
    return [p.to_json() for p in found]


class TableSets:
    """The puzzles made from finished tables, by table id (in memory, the newest kept)."""

    def __init__(self, kept: int = TABLES_KEPT) -> None:
        self.kept = kept
        self.sets: dict[str, list[pz.Puzzle]] = {}

    def put(self, table_id: str, puzzles: list[dict[str, Any]]) -> None:
        self.sets.pop(table_id, None)
        self.sets[table_id] = [pz.Puzzle.from_json(p) for p in puzzles]
        while len(self.sets) > self.kept:
            self.sets.pop(next(iter(self.sets)))

    def get(self, table_id: str, lang: str) -> list[pz.Puzzle]:
        found = self.sets.get(table_id)
        if found is None:
            message = t(NOT_MADE, lang)
            raise WebError(404, "no-puzzles", message)
        return found


NOT_MADE = N_("no puzzles have been made from this table yet")
