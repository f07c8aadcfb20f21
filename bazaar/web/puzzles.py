"""The puzzles of the web: the shipped sets as JSON, a puzzle's position as its seat's payload,
and the reply to a try (docs/puzzles.md).

The answer is not served with the position: the page posts the move it chose and gets the
reply, so looking at the page's data gives nothing away. A puzzle's payload is exactly
``build_payload(state, seat, lang)`` for its seat: it shows nothing that seat could not see.
"""

from __future__ import annotations

from typing import Any

from bazaar.bots import puzzles as pz
from bazaar.core import describe
from bazaar.core.errors import BazaarError, UnknownGame
from bazaar.core.game import State
from bazaar.web.hub import WebError
from bazaar.web.payload import build_payload


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
    """One line per puzzle: its number, seat, prompt and margin."""
    return [
        {
            "number": i,
            "game": p.game,
            "seat": p.seat,
            "prompt": p.prompt.get(lang, ""),
            "margin": p.margin,
        }
        for i, p in enumerate(puzzles, 1)
    ]


def position(puzzles: list[pz.Puzzle], number: int, game_id: str, lang: str) -> dict[str, Any]:
    """Puzzle ``number``: its prompt and its seat's payload (the legal moves in words)."""
    puzzle = _one(puzzles, game_id, number, lang)
    state = puzzle.position()
    return {
        "number": number,
        "count": len(puzzles),
        "seat": puzzle.seat,
        "prompt": puzzle.prompt.get(lang, ""),
        "payload": build_payload(state, puzzle.seat, lang, seats=seat_names(state, lang)),
    }


def seat_names(state: State, lang: str) -> list[dict[str, Any]]:
    """The seats as the payload lists them, named in ``lang`` ("Seat 2" / "玩家2")."""
    return [
        {"seat": s, "name": describe.seat_label(s, lang), "kind": "human", "bot": None}
        for s in range(state.num_players)
    ]


def answer(
    puzzles: list[pz.Puzzle], number: int, game_id: str, move: str, lang: str
) -> dict[str, Any]:
    """The reply to ``move`` (notation) at puzzle ``number``: right, the lines, the answer."""
    puzzle = _one(puzzles, game_id, number, lang)
    state = puzzle.position()
    notation = _legal(state, move, lang)
    out = pz.reply(puzzle, state, notation, lang)
    return {**out, "answer": puzzle.answer, "alternatives": list(puzzle.alternatives)}


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


def shipped_answer(game_id: str, number: int, move: str, lang: str) -> dict[str, Any]:
    return answer(_shipped(game_id, lang), number, game_id, move, lang)
