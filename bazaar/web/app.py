"""The FastAPI application: lobby and table pages, a JSON API and one WebSocket per viewer.

``create_app(db_url)`` builds the app; ``bazaar serve`` runs it with uvicorn. Every refused
request is answered with a 4xx status and ``{"error": sentence, "code": category}`` (plus
``"rule"`` for an illegal move), and changes nothing.
"""

from __future__ import annotations

import asyncio
import gc
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
)
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from bazaar import __version__
from bazaar.bots.levels import LEVELS
from bazaar.core.errors import BazaarError
from bazaar.core.registry import all_games, get_game
from bazaar.i18n import LANGS, catalog, normalize_lang
from bazaar.web.hub import Connection, Hub, LiveTable, WebError, encode
from bazaar.web.limits import BodyLimit
from bazaar.web.outbox import find_abort
from bazaar.web.ratelimit import SOCKETS_PER_MINUTE, TABLES_PER_MINUTE, RateLimit, retry_after
from bazaar.web.store import Store, default_db_url

STATIC = resources.files("bazaar.web").joinpath("static")
#: Bots a seat can be given in the lobby.
BOT_SPECS = ["random", "heuristic", *(f"ismcts:{level}" for level in LEVELS)]
#: The rules' Markdown (our own files) as HTML for the rules dialog.
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
#: A seat token in the query string (absent: a spectator).
Token = Annotated[str | None, Query(max_length=100)]
#: Allocations between young-generation garbage collections (Python's default is 700).
GC_YOUNG_THRESHOLD = 20_000
#: Largest request body accepted (bytes).
MAX_BODY = 64 * 1024


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(default=None, max_length=40)
    name: str = Field(default="", max_length=40)


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    players: int = Field(ge=1, le=8)
    seats: list[SeatSpec] = Field(max_length=8)
    options: dict[str, Any] = Field(default_factory=dict)
    lang: str = "en"
    seed: int | None = Field(default=None, ge=0, lt=2**31)


class MoveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=100)
    action: str | int
    seq: int
    lang: str = "en"


class NameRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=100)
    name: str = Field(min_length=1, max_length=40)


def _lang(lang: str | None) -> str:
    try:
        return normalize_lang(lang)
    except ValueError as exc:
        raise WebError(400, "lang", str(exc)) from exc


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": message, "code": code}, status_code=status)


def _validation_error(exc: RequestValidationError) -> tuple[str, str]:
    """(code, message) naming the first few bad fields of a refused request."""
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        msg = err.get("msg", "invalid")
        if err.get("type") == "json_invalid":
            detail = err.get("ctx", {}).get("error", msg)
            return "json", f"the request body is not valid JSON ({detail})"
        parts.append(f"{where}: {msg}")
    return "field", "; ".join(parts)


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.5,
    workers: int = 1,
    hint_level: str = "medium",
    analysis_level: str = "easy",
    rate_limit_tables: float = TABLES_PER_MINUTE,
    rate_limit_sockets: float = SOCKETS_PER_MINUTE,
    hub_options: dict[str, Any] | None = None,
) -> FastAPI:
    """The Bazaar web app on the database at ``db_url`` (default: the user's SQLite file).

    ``rate_limit_tables`` / ``rate_limit_sockets``: tables created and WebSockets opened per
    minute per client address (0 = no limit); ``hub_options`` go to :class:`Hub` (send queue
    length, timeouts, presence interval)."""
    url = db_url or default_db_url()
    table_limit = RateLimit(rate_limit_tables)
    socket_limit = RateLimit(rate_limit_sockets)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(
            Store(url),
            bot_delay=bot_delay,
            workers_count=workers,
            hint_level=hint_level,
            analysis_level=analysis_level,
            **(hub_options or {}),
        )
        app.state.hub = hub
        # Long-lived start-up objects leave the collector's view, and young collections run
        # less often: this halved the p99 move latency under load (benchmarks/server_load.py).
        gc.collect()
        gc.freeze()
        gc.set_threshold(GC_YOUNG_THRESHOLD, 50, 100)
        yield
        await hub.close()

    app = FastAPI(
        title="Bazaar",
        version=__version__,
        description="Play Buy Low Sell High, Take Stock and Taiwan Night Market in the browser "
        "(English / 繁體中文). Seat tokens come from creating a table.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit, max_bytes=MAX_BODY)

    def hub_of(request: Request | WebSocket) -> Hub:
        return request.app.state.hub

    def rate_limited(
        limit: RateLimit, request: Request | WebSocket, what: str
    ) -> JSONResponse | None:
        """A 429 reply if the client's address has used up ``limit``, else None."""
        address = request.client.host if request.client else ""
        wait = limit.take(address)
        if not wait:
            return None
        seconds = retry_after(wait)
        return JSONResponse(
            {
                "error": f"too many {what} from your address: at most {limit.per_minute:g} a"
                f" minute; try again in {seconds} s",
                "code": "rate-limit",
            },
            status_code=429,
            headers={"Retry-After": str(seconds)},
        )

    @app.exception_handler(WebError)
    async def web_error(_: Request, exc: WebError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        code, message = _validation_error(exc)
        return _error(400 if code == "json" else 422, code, message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = "not-found" if exc.status_code == 404 else "http"
        return _error(exc.status_code, code, str(exc.detail))

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(str(STATIC.joinpath("lobby.html")))

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(STATIC.joinpath("table.html")))

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    # ------------------------------------------------------------------ games
    @app.get("/api/games", summary="The games, their player counts, options and bots")
    async def games() -> dict[str, Any]:
        return {
            "games": [g.info() for g in all_games()],
            "bots": BOT_SPECS,
            "langs": list(LANGS),
        }

    @app.get(
        "/api/games/{game_id}/rules",
        summary="A game's rules as Markdown, or as HTML with format=html",
    )
    async def rules(
        game_id: str, lang: str = "en", format: Literal["markdown", "html"] = "markdown"
    ) -> Response:
        code = _lang(lang)
        try:
            game = get_game(game_id)
        except BazaarError as exc:
            raise WebError(404, "unknown-game", f"there is no game {game_id!r}") from exc
        package = type(game).__module__.rsplit(".", 1)[0]
        suffix = "zh-TW" if code == "zh-TW" else "en"
        text = resources.files(package).joinpath(f"rules.{suffix}.md").read_text("utf-8")
        if format == "html":
            return HTMLResponse(MARKDOWN.render(text))
        return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")

    @app.get("/api/i18n/{lang}", summary="Every translated UI string (English id -> text)")
    async def strings(lang: str) -> dict[str, str]:
        return dict(catalog(_lang(lang)))

    # ------------------------------------------------------------------ tables
    @app.post(
        "/api/tables",
        status_code=201,
        summary="Create a table; returns the seat links",
        responses={429: {"description": "Too many tables created from this address (Retry-After)"}},
    )
    async def create_table(body: NewTable, request: Request) -> dict[str, Any]:
        refused = rate_limited(table_limit, request, "new tables")
        if refused is not None:
            return refused
        hub = hub_of(request)
        lang = _lang(body.lang)
        table_id, tokens = await hub.create(
            body.game,
            body.players,
            [s.model_dump() for s in body.seats],
            body.options,
            lang,
            body.seed,
        )
        base = str(request.base_url).rstrip("/")
        return {
            "id": table_id,
            "spectator": f"{base}/t/{table_id}?lang={lang}",
            "seats": [
                {
                    "seat": i,
                    "token": tok,
                    "link": f"{base}/t/{table_id}?token={tok}&lang={lang}" if tok else None,
                }
                for i, tok in enumerate(tokens)
            ],
        }

    @app.get(
        "/api/tables",
        summary="Recent tables (no secrets); waiting_for = people seats nobody has open",
    )
    async def list_tables(request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        tables = await asyncio.to_thread(hub.store.list_tables)
        for entry in tables:
            live = hub.tables.get(entry["id"])
            online = live.seats_public() if live else None
            for seat in entry["seats"]:
                seat["connected"] = bool(online and online[seat["seat"]]["connected"])
            waiting = [s for s in entry["seats"] if s["kind"] == "human" and not s["connected"]]
            entry["waiting_for"] = 0 if entry["over"] else len(waiting)
        return {"tables": tables}

    async def table_and_seat(
        request: Request | WebSocket, table_id: str, token: str | None
    ) -> tuple[Hub, LiveTable, int | None]:
        hub = hub_of(request)
        table = await hub.get(table_id)
        return hub, table, hub.seat_of(table, token)

    @app.get("/api/tables/{table_id}", summary="The table as one seat (or a spectator) sees it")
    async def table_view(
        table_id: str, request: Request, token: Token = None, lang: str = "en"
    ) -> dict[str, Any]:
        hub, table, seat = await table_and_seat(request, table_id, token)
        return hub.payload(table, seat, _lang(lang))

    @app.post("/api/tables/{table_id}/moves", summary="Play a move (needs the seat's token)")
    async def play(table_id: str, body: MoveRequest, request: Request) -> dict[str, Any]:
        hub, table, seat = await table_and_seat(request, table_id, body.token)
        if seat is None:
            raise WebError(403, "token", "a move needs the seat's token")
        lang = _lang(body.lang)
        try:
            seq = await hub.submit(table, seat, body.action, body.seq)
        except WebError as exc:
            return JSONResponse(exc.to_json(lang), status_code=exc.status)
        return {"ok": True, "seq": seq}

    @app.post("/api/tables/{table_id}/name", summary="Set your seat's name")
    async def rename(table_id: str, body: NameRequest, request: Request) -> dict[str, Any]:
        hub, table, seat = await table_and_seat(request, table_id, body.token)
        if seat is None:
            raise WebError(403, "token", "renaming a seat needs its token")
        name = body.name.strip()
        await asyncio.to_thread(hub.store.set_seat_name, table.id, seat, name)
        table.info.seats[seat]["name"] = name
        table.logs.clear()  # the log calls the seat by its new name
        await hub.broadcast(table)
        return {"ok": True}

    @app.get("/api/tables/{table_id}/record", summary="The game record (actions in notation)")
    async def record(table_id: str, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        table = await hub.get(table_id)
        if not table.state.is_over():
            raise WebError(409, "not-over", "the record is published once the game is over")
        return table.record()

    @app.get("/api/tables/{table_id}/replay/{step}", summary="A seat's view after `step` moves")
    async def replay(
        table_id: str, step: int, request: Request, token: Token = None, lang: str = "en"
    ) -> dict[str, Any]:
        hub, table, seat = await table_and_seat(request, table_id, token)
        return hub.replay_payload(table, seat, step, _lang(lang))

    @app.get("/api/tables/{table_id}/hint", summary="The top moves for the seat to move")
    async def hint(
        table_id: str, request: Request, token: Token = None, lang: str = "en"
    ) -> dict[str, Any]:
        hub, table, seat = await table_and_seat(request, table_id, token)
        if seat is None:
            raise WebError(403, "token", "a hint needs the seat's token")
        code = _lang(lang)
        moves = await hub.hint(table, seat)
        return {"moves": [{**m, "text": m["text"][code]} for m in moves]}

    @app.get("/api/tables/{table_id}/analysis", summary="Post-game analysis of your decisions")
    async def analysis(table_id: str, request: Request, token: Token = None) -> dict[str, Any]:
        hub, table, seat = await table_and_seat(request, table_id, token)
        if seat is None:
            raise WebError(403, "token", "the analysis of a seat needs its token")
        return {"seat": seat, "decisions": await hub.analysis(table, seat)}

    # ------------------------------------------------------------------ websocket
    @app.websocket("/ws/tables/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        refused = rate_limited(socket_limit, websocket, "connections")
        if refused is not None:  # refused before the handshake: HTTP 429
            if "websocket.http.response" in websocket.scope.get("extensions", {}):
                await websocket.send_denial_response(refused)
            else:  # a server without denial responses: accept, say why, close
                await websocket.accept()
                reply = json.loads(refused.body)
                await websocket.send_json({"type": "error", **reply})
                await websocket.close(code=1013, reason="rate limit")
            return
        await websocket.accept()
        try:
            hub, table, seat = await table_and_seat(
                websocket, table_id, websocket.query_params.get("token")
            )
            lang = _lang(websocket.query_params.get("lang", "en"))
        except WebError as exc:
            await websocket.send_json({"type": "error", **exc.to_json()})
            await websocket.close(code=4400 if exc.status != 404 else 4404)
            return
        conn = Connection(
            seat,
            lang,
            websocket.send_text,
            close=websocket.close,
            abort=find_abort(websocket._send),
        )
        await hub.connect(table, conn)
        try:
            while True:
                text = await websocket.receive_text()
                reply = await _socket_message(hub, table, conn, text)
                if reply is not None:
                    await websocket.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            await hub.disconnect(table, conn)

    return app


async def _socket_message(
    hub: Hub, table: LiveTable, conn: Connection, text: str
) -> dict[str, Any] | None:
    """Handle one client message; return a reply for this socket only (or None)."""
    try:
        if len(text) > MAX_BODY:
            raise WebError(413, "size", f"a message may be at most {MAX_BODY} bytes")
        try:
            message = json.loads(text)
        except ValueError as exc:
            raise WebError(400, "json", f"the message is not valid JSON ({exc})") from exc
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise WebError(400, "request", 'a message must be an object with a "type"')
        kind = message["type"]
        if kind == "move":
            if conn.seat is None:
                raise WebError(403, "token", "spectators cannot move")
            await hub.submit(table, conn.seat, message.get("action"), message.get("seq"))
            return None
        if kind == "lang":
            conn.lang = _lang(message.get("lang"))
            await conn.send(encode(hub.payload(table, conn.seat, conn.lang)))
            return None
        if kind == "ping":
            return {"type": "pong"}
        raise WebError(400, "request", f"unknown message type {kind!r} (use move, lang or ping)")
    except WebError as exc:
        return {"type": "error", **exc.to_json(conn.lang)}
