"""Classrooms: the teacher's page, a classroom's creation (several tables of one game at once)
and its status (see :mod:`bazaar.web.classroom`, docs/web.md, "Classrooms")."""

from __future__ import annotations

import asyncio
import hmac
import secrets
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse, JSONResponse

from bazaar.core import deal
from bazaar.i18n import normalize_lang
from bazaar.web.classroom import (
    BAD_LANG,
    BAD_TOKEN,
    NO_CLASSROOM,
    NO_TOKEN,
    NewClassroom,
    check_classroom,
    seat_token,
    table_status,
)
from bazaar.web.errors import WebError, refused
from bazaar.web.hub import Hub
from bazaar.web.routes.common import WebDep, errors
from bazaar.web.routes.pages import page
from bazaar.web.schema import LANG_SCHEMA
from bazaar.web.store import token_hash

router = APIRouter()


def lang_of(raw: str) -> str:
    try:
        return normalize_lang(raw)
    except ValueError as exc:
        raise refused(400, "lang", BAD_LANG, given=raw[:16]) from exc


def asked_lang(raw: str) -> str:
    """The language to refuse a request in, before its ``lang`` is checked."""
    return "zh-TW" if raw.lower().startswith("zh") else "en"


async def status(
    hub: Hub, request: Request, room: dict[str, Any], teacher: str, lang: str
) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    tables = [await hub.keeper.get(table_id) for table_id in room["tables"]]
    shared = tables[0].info.commitment if room["deal"] == "same" and tables else None
    rows = [table_status(table, base, teacher, lang) for table in tables]
    return {
        "id": room["id"],
        "name": room["name"],
        "game": room["game"],
        "players": room["players"],
        "deal": room["deal"],
        "lang": lang,
        "commitment": shared,
        "page": f"{base}/c/{room['id']}?token={teacher}&lang={lang}",
        "over": all(r["over"] for r in rows),
        "tables": rows,
    }


@router.get("/c/{classroom_id}", include_in_schema=False)
async def classroom_page(classroom_id: str) -> FileResponse:
    return page("classroom.html")


async def store_room(
    hub: Hub, room_id: str, body: NewClassroom, names: tuple[str, str], teacher: str
) -> list[str]:
    """Store a new classroom (``names``: the class name and the language); its table ids."""
    table_ids = [secrets.token_urlsafe(8) for _ in range(body.tables)]
    row = {
        "id": room_id,
        "game": body.game,
        "players": body.players,
        "deal": body.deal,
        "name": names[0],
        "lang": names[1],
        "token_hash": token_hash(teacher),
        "tables": table_ids,
    }
    await asyncio.to_thread(hub.store.create_classroom, row)
    return table_ids


async def create_tables(
    hub: Hub,
    room: tuple[str, list[str]],
    body: NewClassroom,
    names: list[list[str]],
    lang: str,
    teacher: str,
) -> None:
    """Create the tables of the classroom ``room`` (its id and table ids; stored already)."""
    room_id, table_ids = room
    shared = (deal.new_seed(), deal.new_salt()) if body.deal == "same" else None
    for i, table_id in enumerate(table_ids):
        seats = [{**s.model_dump(), "name": names[i][j]} for j, s in enumerate(body.seats)]
        tokens = [seat_token(teacher, table_id, j) for j in range(body.players)]
        await hub.keeper.create(
            body.game,
            body.players,
            seats,
            body.options,
            lang,
            None,
            classroom={"id": room_id, "table": table_id, "tokens": tokens, "deal": shared},
            pace=body.table_pace(),
        )


async def load_room(hub: Hub, room_id: str) -> dict[str, Any] | None:
    return await asyncio.to_thread(hub.store.load_classroom, room_id)


@router.post(
    "/api/classrooms",
    status_code=201,
    summary="Create a classroom: several tables of one game; returns the teacher token "
    "and every seat link",
    responses=errors(400, 404, 413, 422, 429),
    response_model=dict[str, Any],
)
async def create_classroom(
    body: NewClassroom, request: Request, web: WebDep
) -> dict[str, Any] | JSONResponse:
    try:
        lang = lang_of(body.lang)
        class_name, names = check_classroom(body)
        body.table_pace()
    except WebError as exc:
        return JSONResponse(exc.to_json(asked_lang(body.lang)), status_code=exc.status)
    too_many = web.too_many_tables(request, lang)
    if too_many is not None:
        return too_many
    hub = web.hub
    teacher = secrets.token_urlsafe(24)
    room_id = secrets.token_urlsafe(8)
    table_ids = await store_room(hub, room_id, body, (class_name, lang), teacher)
    try:
        await create_tables(hub, (room_id, table_ids), body, names, lang, teacher)
    except WebError as exc:  # options or a bot refused: the first table shows it
        return JSONResponse(exc.to_json(lang), status_code=exc.status)
    room = await load_room(hub, room_id)
    assert room is not None
    return {"token": teacher, **(await status(hub, request, room, teacher, lang))}


@router.get(
    "/api/classrooms/{classroom_id}",
    summary="A classroom's tables with live status (what a spectator sees) and seat links",
    responses=errors(400, 403, 404, 422),
    response_model=dict[str, Any],
)
async def classroom_status(
    classroom_id: str,
    request: Request,
    web: WebDep,
    token: str | None = Query(default=None, max_length=100),
    lang: str = Query(default="en", max_length=16, json_schema_extra=LANG_SCHEMA),
) -> dict[str, Any] | JSONResponse:
    try:
        code = lang_of(lang)
        room = await load_room(web.hub, classroom_id)
        if room is None:
            raise refused(404, "unknown-classroom", NO_CLASSROOM, id=classroom_id[:40])
        if not token:
            raise refused(403, "token", NO_TOKEN)
        if not hmac.compare_digest(room["token_hash"], token_hash(token)):
            raise refused(403, "token", BAD_TOKEN)
    except WebError as exc:
        return JSONResponse(exc.to_json(asked_lang(lang)), status_code=exc.status)
    return await status(web.hub, request, room, token, code)
