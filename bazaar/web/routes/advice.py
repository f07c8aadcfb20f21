"""Advice: hints, the guided first game and its steps, and the post-game analysis."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from bazaar.bots.shapes import HintMove
from bazaar.web.errors import WebError
from bazaar.web.keeper import check_deal_released
from bazaar.web.routes.common import Token, WebDep, client_address, errors, lang_code
from bazaar.web.routes.pages import game_package
from bazaar.web.schema import LangQuery
from bazaar.web.shapes import Hint, HintChange

router = APIRouter()


def hint_in(move: HintMove, lang: str) -> Hint:
    """A hint (:func:`bazaar.bots.advice.hint`) with its words in ``lang`` only."""
    changes: list[HintChange] = [
        {"data": c["data"], "text": c["text"][lang]} for c in move["changes"]
    ]
    out: Hint = {
        **move,
        "move": move["move"][lang],
        "text": move["text"][lang],
        "changes": changes,
        "why": "",
    }
    if "why" in move:
        out["why"] = move["why"][lang]
    else:
        del out["why"]
    return out


@router.get(
    "/api/tables/{table_id}/hint",
    summary="The top moves for the seat to move",
    responses=errors(400, 403, 404, 409, 422, 429, 503),
)
async def hint(
    table_id: str, web: WebDep, token: Token = None, lang: LangQuery = "en"
) -> dict[str, Any]:
    hub, table, seat = await web.seated_table(table_id, token, "a hint needs the seat's token")
    code = lang_code(lang)
    moves = await hub.advisor.hint(table, seat, code)
    return {"moves": [hint_in(m, code) for m in moves]}


@router.post(
    "/api/games/{game_id}/learn",
    status_code=201,
    summary="Create a guided first game (docs/guide.md); returns the learner's link",
    responses=errors(400, 404, 429),
    response_model=dict[str, Any],
)
async def learn(
    game_id: str, request: Request, web: WebDep, lang: LangQuery = "en"
) -> dict[str, Any] | JSONResponse:
    from bazaar.bots.guide import game_guide

    code = lang_code(lang)
    refused = web.too_many_tables(request, code)
    if refused is not None:
        return refused
    game_package(game_id)  # 404 for an unknown game
    guide = game_guide(game_id)
    if guide is None:
        raise WebError(404, "game", f"{game_id} has no guided game")
    seats = [{"kind": "human", "bot": None, "name": ""}]
    seats += [{"kind": "bot", "bot": guide.bot, "name": ""}] * (guide.players - 1)
    table_id, tokens = await web.hub.keeper.create(
        game_id, guide.players, seats, {}, code, guide.seed, None
    )
    base = str(request.base_url).rstrip("/")
    link = f"{base}/t/{table_id}?token={tokens[0]}&lang={code}&guide=1"
    return {"id": table_id, "seat": 0, "token": tokens[0], "link": link}


@router.get(
    "/api/tables/{table_id}/guide",
    summary="The guide's step for the seat to move: explanation, suggestion and why",
    responses=errors(400, 403, 404, 409, 422, 429, 503),
)
async def guide(
    table_id: str, web: WebDep, token: Token = None, lang: LangQuery = "en"
) -> dict[str, Any]:
    from bazaar.bots.guide import in_lang

    hub, table, seat = await web.seated_table(
        table_id, token, "the guide speaks to a seat: it needs the seat's token"
    )
    code = lang_code(lang)
    return in_lang(await hub.advisor.guide(table, seat, code), code)


@router.get(
    "/api/tables/{table_id}/analysis",
    summary="Post-game analysis: the win curve, turning points and your mistakes",
    responses=errors(403, 404, 409, 422, 429, 503),
)
async def analysis(
    table_id: str, request: Request, web: WebDep, token: Token = None, lang: LangQuery = "en"
) -> Any:
    hub, table, seat = await web.seated_table(
        table_id, token, "the analysis of a seat needs its token"
    )
    if table.state.is_over():
        check_deal_released(table)
    found = await hub.advisor.analysis_report(table, seat, lang_code(lang), client_address(request))
    if found["status"] == "running":  # worked out in the background: ask again soon
        return JSONResponse(found, status_code=202)
    return found
