"""Talk at the table over HTTP: write in the chat, read it, switch it off and on, and play
again (docs/web.md, "Talk at the table"). The socket takes the same requests as messages."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from bazaar.web.chat import Chat
from bazaar.web.errors import WebError
from bazaar.web.hub import Hub
from bazaar.web.live import LiveTable
from bazaar.web.routes.common import Token, WebDep, errors, lang_code, refusal_response
from bazaar.web.routes.models import ChatRequest, ChatSwitchRequest, RematchRequest
from bazaar.web.schema import LangQuery
from bazaar.web.shapes import ChatReply

router = APIRouter()


@router.post(
    "/api/tables/{table_id}/chat",
    summary="Say something at the table, or send a quick reaction (people seated only)",
    responses=errors(400, 403, 404, 409, 413, 422, 429),
    response_model=dict[str, Any],
)
async def write(table_id: str, body: ChatRequest, web: WebDep) -> dict[str, Any] | JSONResponse:
    async def act(hub: Hub, table: LiveTable, seat: int | None) -> dict[str, Any]:
        line = await hub.chat.write(table, seat, body.kind, body.text)
        return {"id": line["id"]}

    return await web.seat_request(table_id, body.token, body.lang, act)


@router.get(
    "/api/tables/{table_id}/chat",
    summary="The table's chat: on or off, and its newest 50 lines",
    responses=errors(400, 403, 404, 422),
    response_model=dict[str, Any],
)
async def read(
    table_id: str, web: WebDep, token: Token = None, lang: LangQuery = "en"
) -> ChatReply:
    lang_code(lang)
    _hub, table, _seat = await web.table_and_seat(table_id, token)
    return {"on": not table.info.chat_off, "lines": Chat.history(table)["lines"]}


@router.post(
    "/api/tables/{table_id}/chat/switch",
    summary="Turn the table's chat off or on (the host, or a classroom's teacher)",
    responses=errors(400, 403, 404, 413, 422),
    response_model=dict[str, Any],
)
async def switch(
    table_id: str, body: ChatSwitchRequest, web: WebDep
) -> dict[str, Any] | JSONResponse:
    async def act(hub: Hub, table: LiveTable, seat: int | None) -> dict[str, Any]:
        await hub.chat.switch(table, seat, body.on)
        hub.presence.publish(table)
        return {}

    return await web.seat_request(table_id, body.token, body.lang, act)


@router.post(
    "/api/tables/{table_id}/rematch",
    summary="Play again: the finished table's one rematch, and your own seat there",
    responses=errors(400, 403, 404, 409, 413, 422),
    response_model=dict[str, Any],
)
async def rematch(
    table_id: str, body: RematchRequest, request: Request, web: WebDep
) -> dict[str, Any] | JSONResponse:
    hub, table, seat = await web.table_and_seat(table_id, body.token)
    lang = lang_code(body.lang)
    try:
        new_id, token = await hub.rematches.ask(table, seat, body.token)
    except WebError as exc:
        return refusal_response(exc, lang)
    base = str(request.base_url).rstrip("/")
    return {
        "ok": True,
        "table": new_id,
        "seat": seat,
        "token": token,
        "link": f"{base}/t/{new_id}?token={token}&lang={lang}",
        "spectator": f"{base}/t/{new_id}?lang={lang}",
    }
