"""Puzzles (records of finished games, turned into positions to solve): a game's shipped
puzzles, and those made from a finished table."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse

from bazaar.web import puzzles as puzzle_pages
from bazaar.web.advice import BACKGROUND, AdviceKey
from bazaar.web.errors import WebError
from bazaar.web.keeper import check_deal_released
from bazaar.web.live import LiveTable
from bazaar.web.routes.common import Token, Web, WebDep, errors, lang_code
from bazaar.web.routes.models import PuzzleShow, PuzzleTry
from bazaar.web.routes.pages import page
from bazaar.web.schema import LangQuery

router = APIRouter()


@router.get("/puzzles/{game_id}", include_in_schema=False)
async def puzzles_page(game_id: str) -> FileResponse:
    return page("puzzles.html")


@router.get(
    "/api/puzzles/{game_id}",
    summary="A game's shipped puzzles (number, seat, prompt, margin, difficulty)",
    responses=errors(400, 404),
)
async def puzzle_list(game_id: str, lang: LangQuery = "en") -> dict[str, Any]:
    return puzzle_pages.shipped_listing(game_id, lang_code(lang))


@router.get(
    "/api/puzzles/{game_id}/{number}",
    summary="One puzzle: its prompt and the payload of its seat (no answer)",
    responses=errors(400, 404, 422),
)
async def puzzle_one(game_id: str, number: int, lang: LangQuery = "en") -> dict[str, Any]:
    return puzzle_pages.shipped_position(game_id, number, lang_code(lang))


@router.post(
    "/api/puzzles/{game_id}/{number}/answer",
    summary="Try a move at a puzzle: right with why, or 'try again' (no answer given)",
    responses=errors(400, 404, 422),
)
async def puzzle_answer(
    game_id: str, number: int, body: PuzzleTry, lang: LangQuery = "en"
) -> dict[str, Any]:
    return dict(puzzle_pages.shipped_answer(game_id, number, body.move, lang_code(lang)))


@router.post(
    "/api/puzzles/{game_id}/{number}/solution",
    summary="Show a puzzle's answer and why, against the last move tried",
    responses=errors(400, 404, 422),
)
async def puzzle_solution(
    game_id: str, number: int, body: PuzzleShow, lang: LangQuery = "en"
) -> dict[str, Any]:
    return dict(puzzle_pages.shipped_solution(game_id, number, body.tried, lang_code(lang)))


@router.get("/puzzles/table/{table_id}", include_in_schema=False)
async def table_puzzles_page(table_id: str) -> FileResponse:
    return page("puzzles.html")


async def make_puzzles(web: Web, table: LiveTable, lang: str) -> None:
    """Work out the table's puzzles on the advice desk, after every hint (counted against
    ``--advice-jobs``), and keep them."""
    key = AdviceKey(table.id, -1, table.seq, "puzzles")
    # the estimator seeds itself from each position's view, as in `bazaar puzzle make`: the
    # table's record (public once the game is over) gives the same puzzles there and here
    made = await web.hub.advisor.advise(
        key,
        lang,
        puzzle_pages.table_puzzles,
        table.record(),
        table.id,
        priority=BACKGROUND,
    )
    web.table_sets.put(table.id, made)


@router.post(
    "/api/tables/{table_id}/puzzles",
    summary="Make puzzles from a finished table (every seat's decisions; with answers)",
    responses=errors(400, 403, 404, 409, 422, 429, 503),
)
async def make_table_puzzles(
    table_id: str, web: WebDep, lang: LangQuery = "en", token: Token = None
) -> dict[str, Any]:
    code = lang_code(lang)
    _, table, _ = await web.table_and_seat(table_id, token)
    if not table.state.is_over():
        raise WebError(409, "not-over", "puzzles are made from finished tables only")
    check_deal_released(table)
    if table_id not in web.table_sets.sets:
        await make_puzzles(web, table, code)
    found = web.table_sets.get(table_id, code)
    return {"table": table_id, "game": table.info.game, "puzzles": [p.to_json() for p in found]}


@router.get(
    "/api/tables/{table_id}/puzzles/{number}",
    summary="One puzzle made from a table: its prompt and its seat's payload (no answer)",
    responses=errors(400, 403, 404, 422),
)
async def table_puzzle(
    table_id: str, number: int, web: WebDep, lang: LangQuery = "en", token: Token = None
) -> dict[str, Any]:
    code = lang_code(lang)
    await web.table_and_seat(table_id, token)  # a classroom's: its seats and teacher
    found = web.table_sets.get(table_id, code)
    game = found[0].game if found else ""
    return puzzle_pages.position(found, number, game, code)


@router.post(
    "/api/tables/{table_id}/puzzles/{number}/answer",
    summary="Try a move at a puzzle made from a table",
    responses=errors(400, 403, 404, 422),
)
async def table_puzzle_answer(
    table_id: str,
    number: int,
    body: PuzzleTry,
    web: WebDep,
    lang: LangQuery = "en",
    token: Token = None,
) -> dict[str, Any]:
    code = lang_code(lang)
    await web.table_and_seat(table_id, token)
    found = web.table_sets.get(table_id, code)
    game = found[0].game if found else ""
    return dict(puzzle_pages.answer(found, number, game, body.move, code))


@router.post(
    "/api/tables/{table_id}/puzzles/{number}/solution",
    summary="Show the answer of a puzzle made from a table, against the last move tried",
    responses=errors(400, 403, 404, 422),
)
async def table_puzzle_solution(
    table_id: str,
    number: int,
    body: PuzzleShow,
    web: WebDep,
    lang: LangQuery = "en",
    token: Token = None,
) -> dict[str, Any]:
    code = lang_code(lang)
    await web.table_and_seat(table_id, token)
    found = web.table_sets.get(table_id, code)
    game = found[0].game if found else ""
    return dict(puzzle_pages.solution(found, number, game, body.tried, code))
