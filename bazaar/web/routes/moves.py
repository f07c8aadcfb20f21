"""Moves and seat requests: a move, an undo, a stand-in, a return and a seat's name over HTTP,
and a table's WebSocket (the same requests as messages, and every broadcast)."""

from __future__ import annotations

import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from starlette.websockets import WebSocketDisconnected

from bazaar.core import jsontext
from bazaar.i18n import t
from bazaar.web.errors import WebError, refusal
from bazaar.web.hub import Hub
from bazaar.web.live import Connection, LiveTable, encode
from bazaar.web.origins import FOREIGN_ORIGIN, origin_allowed
from bazaar.web.outbox import find_abort
from bazaar.web.routes.common import TOO_MANY_SOCKETS, Web, WebDep, errors, lang_code, request_lang
from bazaar.web.routes.models import (
    MoveRequest,
    NameRequest,
    ReturnRequest,
    StandinRequest,
    UndoRequest,
)
from bazaar.web.undo import UNDO_REFUSALS

#: Largest WebSocket message accepted (bytes); ``bazaar serve`` gives uvicorn the same limit.
MAX_MESSAGE = 64 * 1024
#: WebSocket close codes for bad frames (RFC 6455): binary data, and a message too big.
CLOSE_UNSUPPORTED_DATA = 1003
CLOSE_TOO_BIG = 1009

log = logging.getLogger("bazaar.web.app")
router = APIRouter()


@router.post(
    "/api/tables/{table_id}/moves",
    summary="Play a move (needs the seat's token)",
    responses=errors(400, 403, 404, 409, 413, 422),
    response_model=dict[str, Any],
)
async def play(table_id: str, body: MoveRequest, web: WebDep) -> dict[str, Any] | JSONResponse:
    hub, table, seat = await web.seated_table(table_id, body.token, "a move needs the seat's token")
    lang = lang_code(body.lang)
    try:
        seq = await hub.moves.submit(table, seat, body.action, body.seq)
    except WebError as exc:
        return JSONResponse(exc.to_json(lang), status_code=exc.status)
    return {"ok": True, "seq": seq}


@router.post(
    "/api/tables/{table_id}/undo",
    summary="Take back your newest move (if the next player has not acted and it showed "
    "you nothing hidden)",
    responses=errors(400, 403, 404, 409, 413, 422),
    response_model=dict[str, Any],
)
async def undo(table_id: str, body: UndoRequest, web: WebDep) -> dict[str, Any] | JSONResponse:
    async def act(hub: Hub, table: LiveTable, seat: int | None) -> dict[str, Any]:
        return {"seq": await hub.undos.undo(table, seat, body.seq, body.version)}

    return await web.seat_request(table_id, body.token, body.lang, act)


@router.post(
    "/api/tables/{table_id}/standin",
    summary="Hand an absent person's seat to a bot (your own seat: at any time)",
    responses=errors(400, 403, 404, 409, 413, 422),
    response_model=dict[str, Any],
)
async def standin(
    table_id: str, body: StandinRequest, web: WebDep
) -> dict[str, Any] | JSONResponse:
    async def act(hub: Hub, table: LiveTable, seat: int | None) -> dict[str, Any]:
        await hub.standins.hand_to_bot(table, seat, body.seat, body.bot)
        return {}

    return await web.seat_request(table_id, body.token, body.lang, act)


@router.post(
    "/api/tables/{table_id}/return",
    summary="Take your seat back from the bot standing in for you",
    responses=errors(400, 403, 404, 409, 413, 422),
    response_model=dict[str, Any],
)
async def take_back(
    table_id: str, body: ReturnRequest, web: WebDep
) -> dict[str, Any] | JSONResponse:
    async def act(hub: Hub, table: LiveTable, seat: int | None) -> dict[str, Any]:
        await hub.standins.take_back_seat(table, seat)
        return {}

    return await web.seat_request(table_id, body.token, body.lang, act)


@router.post(
    "/api/tables/{table_id}/name",
    summary="Set your seat's name",
    responses=errors(400, 403, 404, 413, 422),
)
async def rename(table_id: str, body: NameRequest, web: WebDep) -> dict[str, Any]:
    hub, table, seat = await web.seated_table(
        table_id, body.token, "renaming a seat needs its token"
    )
    name = body.name.strip()
    await hub.ledger.set_seat_name(table.id, seat, name)
    table.info.seats[seat]["name"] = name
    table.logs.clear()  # the log calls the seat by its new name
    hub.presence.publish(table)
    return {"ok": True}


def foreign_origin(web: Web, websocket: WebSocket, lang: str) -> JSONResponse | None:
    """A 403 reply if the handshake comes from another site's page, else None."""
    origin = websocket.headers.get("origin")
    allowed = web.settings.allowed_origins
    if origin_allowed(origin, websocket.headers.get("host"), allowed):
        return None
    text = t(FOREIGN_ORIGIN, lang, origin=(origin or "")[:100])
    return JSONResponse({"error": text, "code": "origin"}, status_code=403)


async def refuse_handshake(websocket: WebSocket, refused: JSONResponse) -> None:
    """Refuse before the handshake: HTTP 403 or 429 (or, on a server without denial
    responses: accept, say why, close)."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        await websocket.send_denial_response(refused)
        return
    await websocket.accept()
    reply = json.loads(bytes(refused.body))
    await websocket.send_json({"type": "error", **reply})
    await websocket.close(code=1013, reason="rate limit")


@router.websocket("/ws/tables/{table_id}")
async def socket(websocket: WebSocket, table_id: str, web: WebDep) -> None:
    asked = request_lang(websocket, None)
    refused = foreign_origin(web, websocket, asked) or web.rate_limited(
        web.socket_limit, websocket, TOO_MANY_SOCKETS, asked
    )
    if refused is not None:
        await refuse_handshake(websocket, refused)
        return
    await websocket.accept()
    try:
        hub, table, seat = await web.table_and_seat(table_id, websocket.query_params.get("token"))
        lang = lang_code(websocket.query_params.get("lang", "en"))
    except WebError as exc:
        await websocket.send_json({"type": "error", **exc.to_json()})
        await websocket.close(code=4400 if exc.status != 404 else 4404)
        return
    conn = Connection(
        seat, lang, websocket.send_text, close=websocket.close, abort=find_abort(websocket._send)
    )
    conn.token = websocket.query_params.get("token") or None
    table = await hub.presence.connect(table, conn)
    try:
        await receive_loop(websocket, hub, table, conn)
    except (WebSocketDisconnect, RuntimeError):  # RuntimeError: sending after a close
        # (starlette's WebSocketDisconnected is one)
        pass
    finally:
        await hub.presence.disconnect(table, conn)


async def receive_loop(websocket: WebSocket, hub: Hub, table: LiveTable, conn: Connection) -> None:
    """Answer the socket's messages until it closes (or sends a frame that closes it)."""
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        close = bad_frame(text)
        if close is not None:
            code, error = close
            await websocket.send_json({"type": "error", **error.to_json(conn.lang)})
            await websocket.close(code=code)
            return
        assert text is not None
        reply = await socket_message(hub, table, conn, text)
        if reply is not None:
            await websocket.send_json(reply)


def bad_frame(text: str | None) -> tuple[int, WebError] | None:
    """(close code, error) for a frame that ends the connection: binary, or too big."""
    if text is None:
        error = "messages must be JSON text frames, not binary frames"
        return CLOSE_UNSUPPORTED_DATA, WebError(400, "binary", error)
    if len(text) > MAX_MESSAGE // 4 and len(text.encode("utf-8", "replace")) > MAX_MESSAGE:
        error = f"a message may be at most {MAX_MESSAGE} bytes"
        return CLOSE_TOO_BIG, WebError(413, "size", error)
    return None


def parse_message(text: str) -> dict[str, Any]:
    """A client message: a JSON object with a ``type``; WebError 400 else."""
    try:
        message = jsontext.loads(text)
    except RecursionError as exc:
        raise WebError(400, "json", "the message is nested too deeply") from exc
    except ValueError as exc:
        raise WebError(400, "json", f"the message is not valid JSON ({exc})") from exc
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise WebError(400, "request", 'a message must be an object with a "type"')
    return message


async def socket_message(
    hub: Hub, table: LiveTable, conn: Connection, text: str
) -> dict[str, Any] | None:
    """Handle one client message; return a reply for this socket only (or None)."""
    try:
        return await handle_message(hub, table, conn, parse_message(text))
    except WebError as exc:
        return {"type": "error", **exc.to_json(conn.lang)}
    except (WebSocketDisconnect, WebSocketDisconnected):  # the client left as we answered:
        raise  # the socket loop ends the connection quietly
    except Exception:  # a bug: log it, answer, and keep the socket open
        log.exception("a WebSocket message could not be handled")
        error = "internal error: the message could not be handled"
        return {"type": "error", "error": error, "code": "internal"}


async def handle_message(
    hub: Hub, table: LiveTable, conn: Connection, message: dict[str, Any]
) -> dict[str, Any] | None:
    """Do what a message asks: move, undo, standin, return, lang, ping, or talk at the table
    (chat, chat-switch, rematch: :func:`talk_message`)."""
    kind = message["type"]
    if kind in TALK:
        return await talk_message(hub, table, conn, message)
    if kind == "move":
        if conn.seat is None:
            raise WebError(403, "token", "spectators cannot move")
        await hub.moves.submit(table, conn.seat, message.get("action"), message.get("seq"))
    elif kind == "undo":
        if conn.seat is None:  # a spectator's socket: the documented undo refusal
            raise refusal(409, "undo", "undo-not-yours", UNDO_REFUSALS)
        await hub.undos.undo(table, conn.seat, message.get("seq"), message.get("version"))
    elif kind == "standin":
        await hub.standins.hand_to_bot(table, conn.seat, message.get("seat"), message.get("bot"))
    elif kind == "return":
        await hub.standins.take_back_seat(table, conn.seat)
    elif kind == "lang":
        conn.lang = lang_code(message.get("lang"))
        await conn.send(encode(hub.views.payload(table, conn.seat, conn.lang)))
    elif kind == "ping":
        return {"type": "pong"}
    else:
        raise WebError(
            400,
            "request",
            f"unknown message type {kind[:40]!r} (use move, undo, standin, return, lang, ping, "
            "chat, chat-switch or rematch)",
        )
    return None


#: the socket's messages about talk at the table
TALK = ("chat", "chat-switch", "rematch")


async def talk_message(
    hub: Hub, table: LiveTable, conn: Connection, message: dict[str, Any]
) -> dict[str, Any] | None:
    """A chat line, the host's chat switch or a rematch request (docs/web.md, "Talk at the
    table"); the rematch's new seat is answered to this socket only."""
    kind = message["type"]
    if kind == "chat":
        await hub.chat.write(table, conn.seat, message.get("kind", "text"), message.get("text"))
    elif kind == "chat-switch":
        await hub.chat.switch(table, conn.seat, message.get("on"))
        hub.presence.publish(table)
    else:
        new_id, token = await hub.rematches.ask(table, conn.seat, conn.token or "")
        assert conn.seat is not None  # ask() refuses a watcher
        link = f"/t/{new_id}?token={token}&lang={conn.lang}"
        return {"type": "rematch", "table": new_id, "seat": conn.seat, "token": token, "link": link}
    return None
