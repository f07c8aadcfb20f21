"""Records: a finished table's game record, and a seat's view after any move (the replay)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from bazaar.web.errors import WebError
from bazaar.web.keeper import check_deal_released
from bazaar.web.routes.common import Token, WebDep, errors, lang_code
from bazaar.web.schema import LangQuery, range_schema
from bazaar.web.shapes import TablePayload

router = APIRouter()


@router.get(
    "/api/tables/{table_id}/record",
    summary="The game record (actions in notation); a classroom table's needs a seat's or "
    "the teacher's token",
    responses=errors(403, 404, 409, 422),
)
async def record(table_id: str, web: WebDep, token: Token = None) -> dict[str, Any]:
    _, table, _ = await web.table_and_seat(table_id, token)
    if not table.state.is_over():
        raise WebError(409, "not-over", "the record is published once the game is over")
    check_deal_released(table)  # docs/web.md, "Classrooms": the deal is still in play
    return table.record()


@router.get(
    "/api/tables/{table_id}/replay/{step}",
    summary="A seat's view after `step` moves",
    responses=errors(400, 403, 404, 422),
    response_model=dict[str, Any],
)
async def replay(
    table_id: str,
    step: Annotated[int, Path(json_schema_extra=range_schema(0))],
    web: WebDep,
    token: Token = None,
    lang: LangQuery = "en",
) -> TablePayload:
    hub, table, seat = await web.table_and_seat(table_id, token)
    return hub.views.replay(table, seat, step, lang_code(lang))
