"""Tables: create one, list the recent ones, and a table as one seat (or a spectator) sees it."""

from __future__ import annotations

import asyncio
import os
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from bazaar.web.device import device_link, device_seats, local_seats, split_tokens
from bazaar.web.errors import WebError
from bazaar.web.routes.common import Token, WebDep, errors, lang_code, request_lang
from bazaar.web.routes.models import NewTable
from bazaar.web.schema import LangQuery
from bazaar.web.shapes import TablePayload

router = APIRouter()


def seat_links(
    base: str, table_id: str, lang: str, tokens: list[str | None], local: list[int]
) -> dict[str, Any]:
    """The reply to a new table: its id, the spectator's link, each seat's token and link,
    and ``device``: the one link of the seats on this device (``local``), or None."""
    here = [tok for i, tok in enumerate(tokens) if i in local and tok]
    return {
        "id": table_id,
        "spectator": f"{base}/t/{table_id}?lang={lang}",
        "seats": [
            {
                "seat": i,
                "token": tok,
                "link": f"{base}/t/{table_id}?token={tok}&lang={lang}" if tok else None,
                "local": i in local,
            }
            for i, tok in enumerate(tokens)
        ],
        "device": {"seats": local, "link": device_link(base, table_id, lang, here)}
        if here
        else None,
    }


@router.post(
    "/api/tables",
    status_code=201,
    summary="Create a table; returns the seat links",
    responses=errors(400, 404, 413, 422, 429),
    response_model=dict[str, Any],
)
async def create_table(
    body: NewTable, request: Request, web: WebDep
) -> dict[str, Any] | JSONResponse:
    asked = request_lang(request, {"lang": body.lang})
    refused = web.too_many_tables(request, asked)
    if refused is not None:
        return refused
    lang = lang_code(body.lang)
    try:
        local = local_seats(body.seats)
        pace = body.table_pace()
    except WebError as exc:
        return JSONResponse(exc.to_json(asked), status_code=exc.status)
    table_id, tokens = await web.hub.keeper.create(
        body.game,
        body.players,
        [s.model_dump() for s in body.seats],
        body.options,
        lang,
        body.seed,
        pace=pace,
    )
    return seat_links(str(request.base_url).rstrip("/"), table_id, lang, tokens, local)


@router.get(
    "/api/tables",
    summary="Recent tables (no secrets); waiting_for = people seats nobody has open",
)
async def list_tables(web: WebDep) -> dict[str, Any]:
    hub = web.hub
    tables = await asyncio.to_thread(hub.store.list_tables)
    for entry in tables:
        live = hub.tables.get(entry["id"])
        online = live.seats_public() if live else None
        for seat in entry["seats"]:
            now = online[seat["seat"]] if online else None
            seat["connected"] = bool(now and now["connected"])
            seat["present"] = seat["connected"]
            seat["away"] = now["away"] if now else None
            if now is not None and "joined" in now:  # known of a loaded table only
                seat["joined"] = now["joined"]
        waiting = [
            s
            for s in entry["seats"]
            if s["kind"] == "human" and not s["connected"] and not s["standin"]
        ]
        entry["waiting_for"] = 0 if entry["over"] else len(waiting)
    return {"tables": tables}


@router.get(
    "/api/tables/{table_id}",
    summary="The table as one seat (or a spectator) sees it",
    responses=errors(400, 403, 404, 422),
    response_model=dict[str, Any],
)
async def table_view(
    table_id: str, web: WebDep, token: Token = None, lang: LangQuery = "en"
) -> TablePayload:
    hub, table, seat = await web.table_and_seat(table_id, token)
    return hub.views.payload(table, seat, lang_code(lang))


@router.get(
    "/api/health",
    summary="Is this server process up? Its process id (several may serve one address), "
    "the tables it has loaded and those whose bots and timers it runs",
)
async def health(web: WebDep) -> dict[str, Any]:
    hub = web.hub
    owned = sum(hub.cluster.owns(t) for t in list(hub.tables.values()))
    return {"ok": True, "process": os.getpid(), "tables": len(hub.tables), "owned": owned}


@router.get(
    "/api/tables/{table_id}/device",
    summary="Pass and play: the seats a device link's tokens hold, in its order",
    responses=errors(400, 403, 404, 422),
    response_model=dict[str, Any],
)
async def device(
    table_id: str,
    web: WebDep,
    tokens: str = Query(max_length=1000),
    lang: LangQuery = "en",
) -> dict[str, Any]:
    lang_code(lang)
    hub = web.hub
    table = await hub.keeper.get(table_id)
    seats = device_seats(split_tokens(tokens), lambda tok: hub.keeper.seat_of(table, tok))
    return {"seats": seats}
