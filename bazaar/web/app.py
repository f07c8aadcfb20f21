"""The FastAPI application: lobby and table pages, a JSON API and one WebSocket per viewer.

``create_app(db_url)`` builds the app; ``bazaar serve`` runs it with uvicorn. Every refused
request is answered with a 4xx status and ``{"error": sentence, "code": category}`` (plus
``"rule"`` for an illegal move), and changes nothing.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Path, Query, Request, WebSocket, WebSocketDisconnect
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
from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import BaseRoute, Match
from starlette.websockets import WebSocketDisconnected

from bazaar import __version__
from bazaar.bots.levels import BOT_DESCRIPTIONS, BOT_NAMES, LEVELS, Level
from bazaar.bots.shapes import HintMove
from bazaar.core import jsontext
from bazaar.core.errors import BazaarError
from bazaar.core.names import RefusedName, check_name
from bazaar.core.registry import all_games, game_parts
from bazaar.core.rulebook import Rulebook, RulebookError, find_rulebook
from bazaar.i18n import BOARD_DOMAIN, LANGS, N_, catalog, normalize_lang, package_catalog, t
from bazaar.web import classroom
from bazaar.web import puzzles as puzzle_pages
from bazaar.web.advice import ADVICE_JOBS, ADVICE_WORKERS, BACKGROUND, AdviceKey
from bazaar.web.hub import BOT_DELAY, Connection, Hub, LiveTable, WebError, encode, refusal
from bazaar.web.limits import BodyLimit
from bazaar.web.origins import FOREIGN_ORIGIN, origin_allowed
from bazaar.web.outbox import find_abort
from bazaar.web.ratelimit import SOCKETS_PER_MINUTE, TABLES_PER_MINUTE, RateLimit, retry_after
from bazaar.web.schema import (
    BOT_OR_NONE_SCHEMA,
    BOT_SCHEMA,
    LANG_SCHEMA,
    LangPath,
    LangQuery,
    name_schema,
    range_schema,
)
from bazaar.web.shapes import Hint, HintChange, TablePayload
from bazaar.web.store import Store, default_db_url
from bazaar.web.undo import UNDO_REFUSALS

STATIC = resources.files("bazaar.web").joinpath("static")
#: Bots a seat can be given in the lobby.
BOT_SPECS = ["random", "heuristic", *(f"ismcts:{level}" for level in LEVELS)]
#: The rules' Markdown (our own files) as HTML for the rules dialog.
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
#: A seat token in the query string (absent: a spectator).
Token = Annotated[str | None, Query(max_length=100)]
#: Allocations between young-generation garbage collections (Python's default is 700).
GC_YOUNG_THRESHOLD = 20_000
TOO_MANY_TABLES = N_(
    "too many new tables from your address: at most {limit} a minute; try again in {seconds} s"
)
TOO_MANY_SOCKETS = N_(
    "too many connections from your address: at most {limit} a minute; try again in {seconds} s"
)
#: Largest request body accepted (bytes).
MAX_BODY = 64 * 1024
#: Largest WebSocket message accepted (bytes); ``bazaar serve`` gives uvicorn the same limit.
MAX_MESSAGE = MAX_BODY
#: WebSocket close codes for bad frames (RFC 6455): binary data, and a message too big.
CLOSE_UNSUPPORTED_DATA = 1003
CLOSE_TOO_BIG = 1009

log = logging.getLogger(__name__)


#: Request bodies: no unknown fields, and no type coercion ("2", 1.0 or true for an integer).
STRICT = ConfigDict(extra="forbid", strict=True)
#: Longest raw name before trimming (the trimmed name may have 40 characters).
MAX_RAW_NAME = 200


def game_package(game_id: str) -> str | None:
    """The package of game ``game_id`` (its ``package`` part, None if it has none): WebError 404
    if there is no such game."""
    try:
        return game_parts(game_id).package
    except BazaarError as exc:
        raise WebError(404, "unknown-game", f"there is no game {game_id!r}") from exc


def game_files(game_id: str, *path: str) -> Traversable:
    """A file of game ``game_id``'s package: WebError 404 if the game, its package or the file
    is not there."""
    package = game_package(game_id)
    found = resources.files(package).joinpath(*path) if package else None
    if found is None or not found.is_file():
        raise WebError(404, "not-found", f"game {game_id!r} has no {'/'.join(path)}")
    return found


def game_rulebook(game_id: str) -> Rulebook:
    """Game ``game_id``'s players' rulebook: WebError 404 if there is no such game or it has no
    rulebook."""
    game_package(game_id)
    found = find_rulebook(game_id)
    if found is None:
        raise WebError(404, "not-found", f"game {game_id!r} has no players' rulebook")
    return found


def _checked_name(raw: str, allow_empty: bool) -> str:
    """A name trimmed, normalised and checked by bazaar.core.names (error type "name")."""
    try:
        return check_name(raw, allow_empty=allow_empty)
    except RefusedName as exc:
        context = {**exc.fields, "msgid": exc.msgid}
        raise PydanticCustomError("name", exc.msgid, context) from exc


class ErrorBody(BaseModel):
    """Every refused request: a sentence, a stable machine code, maybe the broken rule."""

    error: str = Field(description="What was wrong, naming the field or rule")
    code: str = Field(description="A stable category, e.g. field, name, json, size, stale")
    rule: str | None = Field(default=None, description="The game rule an illegal move broke")
    explain: str | None = Field(default=None, description="The broken rule in plain words")


_ERROR_TEXT = {
    400: "Malformed request (bad JSON, language, seats, options or bot)",
    403: "Wrong or missing seat token (a classroom table: a seat's or the teacher's token)",
    404: "No such table or game",
    409: "Conflict with the table's state (stale sequence number, not your turn, game over)",
    413: "Request body larger than 64 KiB",
    422: "A field has the wrong type or value, a name is refused, or the move is illegal",
    429: "Too many requests: from this address, or a hint or analysis of this seat is still "
    "being worked out",
    503: "The server's hints and analyses are all busy, or this one failed; ask again",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses=`` for a route's error statuses, all with an ErrorBody."""
    return {s: {"model": ErrorBody, "description": _ERROR_TEXT[s]} for s in statuses}


class SeatSpec(BaseModel):
    model_config = STRICT
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(default=None, max_length=40, json_schema_extra=BOT_OR_NONE_SCHEMA)
    name: str = Field(default="", max_length=MAX_RAW_NAME, json_schema_extra=name_schema(True))

    @field_validator("name")
    @classmethod
    def _name(cls, raw: str) -> str:
        return _checked_name(raw, allow_empty=True)


class NewTable(BaseModel):
    model_config = STRICT
    game: str = Field(max_length=40)
    players: int = Field(ge=1, le=8)
    seats: list[SeatSpec] = Field(max_length=8)
    options: dict[str, Any] = Field(default_factory=dict)
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)
    #: fix the deal (every seat is shown it); default: a random 64-bit seed from the OS
    seed: int | None = Field(default=None, ge=0, lt=2**64)
    #: the turn timer: minutes per move after which an absent person's seat may be handed to
    #: a bot (docs/web.md, "Absent players"); null: no timer
    turn_minutes: int | None = Field(default=None, ge=1, le=1440)


class MoveRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    action: str | int
    seq: int
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class UndoRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    #: the number of the move to take back (the newest: the payload's ``seq`` - 1)
    seq: int
    #: the position version of the payload the request was made from (its ``version``)
    version: int
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class StandinRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    seat: int = Field(ge=0, le=7)
    bot: str = Field(default="ismcts:easy", max_length=40, json_schema_extra=BOT_SCHEMA)
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class ReturnRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    lang: str = Field(default="en", json_schema_extra=LANG_SCHEMA)


class NameRequest(BaseModel):
    model_config = STRICT
    token: str = Field(max_length=100)
    name: str = Field(max_length=MAX_RAW_NAME, json_schema_extra=name_schema(False))

    @field_validator("name")
    @classmethod
    def _name(cls, raw: str) -> str:
        return _checked_name(raw, allow_empty=False)


class PuzzleTry(BaseModel):
    model_config = STRICT
    move: str = Field(max_length=200)


def _lang(lang: Any) -> str:
    if lang is not None and not isinstance(lang, str):
        raise WebError(400, "lang", f"'lang' must be a language code (text), not {lang!r:.40}")
    try:
        return normalize_lang(lang)
    except ValueError as exc:
        raise WebError(400, "lang", str(exc)) from exc


def _hint_in(move: HintMove, lang: str) -> Hint:
    """A hint (:func:`bazaar.bots.advice.hint`) with its words in ``lang`` only."""
    changes: list[HintChange] = [
        {"data": c["data"], "text": c["text"][lang]} for c in move["changes"]
    ]
    return {**move, "move": move["move"][lang], "text": move["text"][lang], "changes": changes}


def _request_lang(request: Request | WebSocket, body: Any) -> str:
    """The language a refused request asked for (its ``lang`` field or query), else English."""
    lang = body.get("lang") if isinstance(body, dict) else None
    lang = lang if isinstance(lang, str) else request.query_params.get("lang")
    try:
        return normalize_lang(lang)
    except ValueError:
        return "en"


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": message, "code": code}, status_code=status)


#: Location tags pydantic adds for the members of a union type (``str | int``).
_UNION_TAGS = frozenset({"str", "int", "float", "bool", "none", "list", "dict"})


def _validation_error(exc: RequestValidationError, lang: LangQuery = "en") -> tuple[str, str]:
    """(code, message) naming the first few bad fields of a refused request.

    A refused name is told in ``lang``; pydantic's own messages are English (the ``code``
    is stable, so a page can translate by code).
    """
    problems: dict[str, list[str]] = {}  # field -> messages (several for a union type)
    code = "field"
    for err in exc.errors():
        loc = [str(p) for p in err.get("loc", ()) if p != "body"]
        while loc and loc[-1] in _UNION_TAGS:  # "action.str" -> "action"
            loc.pop()
        msg = err.get("msg", "invalid")
        if err.get("type") == "json_invalid":
            detail = err.get("ctx", {}).get("error", msg)
            return "json", f"the request body is not valid JSON ({detail})"
        if err.get("type") == "name":
            code = "name"
            fields = {k: v for k, v in err.get("ctx", {}).items() if k != "msgid"}
            msg = t(err.get("ctx", {}).get("msgid", msg), lang, **fields)
        where = ".".join(loc) or "body"
        if where in problems or len(problems) < 3:
            problems.setdefault(where, []).append(msg)
    return code, "; ".join(f"{where}: {' or '.join(msgs)}" for where, msgs in problems.items())


#: the finding search's playouts for a table's puzzles (the confirming search: four times)
PUZZLE_ITERATIONS = 300


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = BOT_DELAY,
    workers: int = 1,
    hint_level: str = "medium",
    analysis_level: Level = "easy",
    puzzle_iterations: int = PUZZLE_ITERATIONS,
    advice_workers: int = ADVICE_WORKERS,
    advice_jobs: int = ADVICE_JOBS,
    rate_limit_tables: float = TABLES_PER_MINUTE,
    rate_limit_sockets: float = SOCKETS_PER_MINUTE,
    hub_options: dict[str, Any] | None = None,
    allowed_origins: frozenset[str] = frozenset(),
) -> FastAPI:
    """The Bazaar web app on the database at ``db_url`` (default: the user's SQLite file).

    ``rate_limit_tables`` / ``rate_limit_sockets``: tables created and WebSockets opened per
    minute per client address (0 = no limit); ``hub_options`` go to :class:`Hub` (send queue
    length, timeouts, presence interval); ``allowed_origins``: other sites' pages that may
    open a table's WebSocket (``*`` for any; as ``origins.parse_origins`` gives them)."""
    url = db_url or default_db_url()
    table_limit = RateLimit(rate_limit_tables)
    socket_limit = RateLimit(rate_limit_sockets)
    table_sets = puzzle_pages.TableSets()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(
            Store(url),
            bot_delay=bot_delay,
            workers_count=workers,
            hint_level=hint_level,
            analysis_level=analysis_level,
            advice_workers=advice_workers,
            advice_jobs=advice_jobs,
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
        limit: RateLimit, request: Request | WebSocket, message: str, lang: str
    ) -> JSONResponse | None:
        """A 429 reply (``message`` in ``lang``) if the client's address has used up
        ``limit``, else None."""
        address = request.client.host if request.client else ""
        wait = limit.take(address)
        if not wait:
            return None
        seconds = retry_after(wait)
        text = t(message, lang, limit=f"{limit.per_minute:g}", seconds=seconds)
        return JSONResponse(
            {"error": text, "code": "rate-limit"},
            status_code=429,
            headers={"Retry-After": str(seconds)},
        )

    def foreign_origin(websocket: WebSocket, lang: str) -> JSONResponse | None:
        """A 403 reply if the handshake comes from another site's page, else None."""
        origin = websocket.headers.get("origin")
        if origin_allowed(origin, websocket.headers.get("host"), allowed_origins):
            return None
        text = t(FOREIGN_ORIGIN, lang, origin=(origin or "")[:100])
        return JSONResponse({"error": text, "code": "origin"}, status_code=403)

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> JSONResponse:
        """A refusal, its ``explain`` in the language the request asked for (``?lang=``)."""
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
        return JSONResponse(
            exc.to_json(_request_lang(request, None)), status_code=exc.status, headers=headers
        )

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        code, message = _validation_error(exc, _request_lang(request, exc.body))
        return _error(400 if code == "json" else 422, code, message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        """Starlette's own refusals (404, 405 …), keeping their headers; a 405's ``Allow``
        names the methods of every route of the path (Starlette's names only the first
        route's: ``GET`` and ``POST /api/tables`` are two routes)."""
        code = "not-found" if exc.status_code == 404 else "http"
        reply = _error(exc.status_code, code, str(exc.detail))
        reply.headers.update(exc.headers or {})
        if exc.status_code == 405:
            reply.headers["Allow"] = ", ".join(_allowed_methods(request))
        return reply

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(str(STATIC.joinpath("lobby.html")))

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(STATIC.joinpath("table.html")))

    @app.get("/games/{game_id}/board.js", include_in_schema=False)
    async def board_script(game_id: str) -> Response:
        script = game_files(game_id, "static", "board.js")
        return Response(script.read_bytes(), media_type="text/javascript; charset=utf-8")

    @app.get("/games/{game_id}/rulebook/pictures/{file_name}", include_in_schema=False)
    async def rulebook_picture(game_id: str, file_name: str) -> Response:
        try:
            picture = game_rulebook(game_id).picture_file(file_name)
        except RulebookError as exc:
            raise WebError(404, "not-found", exc.message) from exc
        return Response(picture, media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    # ------------------------------------------------------------------ games
    @app.get("/api/games", summary="The games, their player counts, options and bots")
    async def games() -> dict[str, Any]:
        return {
            "games": [g.info() for g in all_games()],
            "bots": BOT_SPECS,
            "bot_names": {spec: BOT_NAMES.get(spec, spec) for spec in BOT_SPECS},
            "bot_descriptions": {spec: BOT_DESCRIPTIONS.get(spec, "") for spec in BOT_SPECS},
            "langs": list(LANGS),
        }

    @app.get(
        "/api/games/{game_id}/rules",
        summary="A game's rules as Markdown, or as HTML with format=html",
        responses={
            200: {"content": {"text/markdown": {}, "text/html": {}}},
            **errors(400, 404, 422),
        },
    )
    async def rules(
        game_id: str, lang: LangQuery = "en", format: Literal["markdown", "html"] = "markdown"
    ) -> Response:
        code = _lang(lang)
        suffix = "zh-TW" if code == "zh-TW" else "en"
        text = game_files(game_id, f"rules.{suffix}.md").read_text("utf-8")
        if format == "html":
            return HTMLResponse(MARKDOWN.render(text))
        return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")

    @app.get(
        "/api/games/{game_id}/rulebook",
        summary="A game's players' rulebook as HTML (one <section id> per section; one only "
        "with section=ID)",
        responses={200: {"content": {"text/html": {}}}, **errors(400, 404, 422)},
    )
    async def players_rulebook(
        game_id: str,
        lang: LangQuery = "en",
        section: Annotated[str | None, Query(max_length=60)] = None,
    ) -> Response:
        code = _lang(lang)
        book = game_rulebook(game_id)
        pictures = f"/games/{game_id}/rulebook/pictures/"
        try:
            text = book.html(code, lambda name: pictures + name, only=section)
        except RulebookError as exc:
            raise WebError(404, "not-found", exc.text(code)) from exc
        return HTMLResponse(text)

    @app.get(
        "/api/i18n/{lang}",
        summary="Every translated UI string (English id -> text)",
        responses=errors(400),
    )
    async def strings(lang: LangPath) -> dict[str, str]:
        return dict(catalog(_lang(lang)))

    @app.get(
        "/api/games/{game_id}/i18n/{lang}",
        summary="The translated words of one game's board (English id -> text)",
        responses=errors(400, 404),
    )
    async def board_strings(game_id: str, lang: LangPath) -> dict[str, str]:
        package, code = game_package(game_id), _lang(lang)
        return dict(package_catalog(package, code, BOARD_DOMAIN)) if package else {}

    # ------------------------------------------------------------------ tables
    @app.post(
        "/api/tables",
        status_code=201,
        summary="Create a table; returns the seat links",
        responses=errors(400, 404, 413, 422, 429),
        response_model=dict[str, Any],
    )
    async def create_table(body: NewTable, request: Request) -> dict[str, Any] | JSONResponse:
        asked = _request_lang(request, {"lang": body.lang})
        refused = rate_limited(table_limit, request, TOO_MANY_TABLES, asked)
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
            body.turn_minutes,
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
                now = online[seat["seat"]] if online else None
                seat["connected"] = bool(now and now["connected"])
                seat["present"] = seat["connected"]
                seat["away"] = now["away"] if now else None
            waiting = [
                s
                for s in entry["seats"]
                if s["kind"] == "human" and not s["connected"] and not s["standin"]
            ]
            entry["waiting_for"] = 0 if entry["over"] else len(waiting)
        return {"tables": tables}

    async def table_and_seat(
        request: Request | WebSocket, table_id: str, token: str | None
    ) -> tuple[Hub, LiveTable, int | None]:
        hub = hub_of(request)
        table = await hub.get(table_id)
        return hub, table, hub.seat_of(table, token)

    async def seated_table(
        request: Request, table_id: str, token: str | None, why: str
    ) -> tuple[Hub, LiveTable, int]:
        """:func:`table_and_seat` for what only a seat may do: 403 ``token`` (``why``) else."""
        hub, table, seat = await table_and_seat(request, table_id, token)
        if seat is None:
            raise WebError(403, "token", why)
        return hub, table, seat

    async def seat_request(
        request: Request,
        table_id: str,
        token: str,
        lang: str | None,
        act: Callable[[Hub, LiveTable, int | None], Awaitable[dict[str, Any]]],
    ) -> dict[str, Any] | JSONResponse:
        """A seat's request to the table: ``act`` on it; a refusal in the request's language."""
        hub, table, seat = await table_and_seat(request, table_id, token)
        code = _lang(lang)
        try:
            done = await act(hub, table, seat)
        except WebError as exc:
            return JSONResponse(exc.to_json(code), status_code=exc.status)
        return {"ok": True, **done}

    @app.get(
        "/api/tables/{table_id}",
        summary="The table as one seat (or a spectator) sees it",
        responses=errors(400, 403, 404, 422),
        response_model=dict[str, Any],
    )
    async def table_view(
        table_id: str, request: Request, token: Token = None, lang: LangQuery = "en"
    ) -> TablePayload:
        hub, table, seat = await table_and_seat(request, table_id, token)
        return hub.payload(table, seat, _lang(lang))

    @app.post(
        "/api/tables/{table_id}/moves",
        summary="Play a move (needs the seat's token)",
        responses=errors(400, 403, 404, 409, 413, 422),
        response_model=dict[str, Any],
    )
    async def play(
        table_id: str, body: MoveRequest, request: Request
    ) -> dict[str, Any] | JSONResponse:
        hub, table, seat = await seated_table(
            request, table_id, body.token, "a move needs the seat's token"
        )
        lang = _lang(body.lang)
        try:
            seq = await hub.submit(table, seat, body.action, body.seq)
        except WebError as exc:
            return JSONResponse(exc.to_json(lang), status_code=exc.status)
        return {"ok": True, "seq": seq}

    @app.post(
        "/api/tables/{table_id}/undo",
        summary="Take back your newest move (if the next player has not acted and it showed "
        "you nothing hidden)",
        responses=errors(400, 403, 404, 409, 413, 422),
        response_model=dict[str, Any],
    )
    async def undo(
        table_id: str, body: UndoRequest, request: Request
    ) -> dict[str, Any] | JSONResponse:
        async def act(hub: Hub, table: LiveTable, seat: int | None) -> dict[str, Any]:
            return {"seq": await hub.undo(table, seat, body.seq, body.version)}

        return await seat_request(request, table_id, body.token, body.lang, act)

    @app.post(
        "/api/tables/{table_id}/standin",
        summary="Hand an absent person's seat to a bot (your own seat: at any time)",
        responses=errors(400, 403, 404, 409, 413, 422),
        response_model=dict[str, Any],
    )
    async def standin(
        table_id: str, body: StandinRequest, request: Request
    ) -> dict[str, Any] | JSONResponse:
        async def act(hub: Hub, table: LiveTable, seat: int | None) -> dict[str, Any]:
            await hub.hand_to_bot(table, seat, body.seat, body.bot)
            return {}

        return await seat_request(request, table_id, body.token, body.lang, act)

    @app.post(
        "/api/tables/{table_id}/return",
        summary="Take your seat back from the bot standing in for you",
        responses=errors(400, 403, 404, 409, 413, 422),
        response_model=dict[str, Any],
    )
    async def take_back(
        table_id: str, body: ReturnRequest, request: Request
    ) -> dict[str, Any] | JSONResponse:
        async def act(hub: Hub, table: LiveTable, seat: int | None) -> dict[str, Any]:
            await hub.take_back_seat(table, seat)
            return {}

        return await seat_request(request, table_id, body.token, body.lang, act)

    @app.post(
        "/api/tables/{table_id}/name",
        summary="Set your seat's name",
        responses=errors(400, 403, 404, 413, 422),
    )
    async def rename(table_id: str, body: NameRequest, request: Request) -> dict[str, Any]:
        hub, table, seat = await seated_table(
            request, table_id, body.token, "renaming a seat needs its token"
        )
        name = body.name.strip()
        await asyncio.to_thread(hub.store.set_seat_name, table.id, seat, name)
        table.info.seats[seat]["name"] = name
        table.logs.clear()  # the log calls the seat by its new name
        hub.publish(table)
        return {"ok": True}

    @app.get(
        "/api/tables/{table_id}/record",
        summary="The game record (actions in notation); a classroom table's needs a seat's or "
        "the teacher's token",
        responses=errors(403, 404, 409, 422),
    )
    async def record(table_id: str, request: Request, token: Token = None) -> dict[str, Any]:
        hub, table, _ = await table_and_seat(request, table_id, token)
        if not table.state.is_over():
            raise WebError(409, "not-over", "the record is published once the game is over")
        hub.check_deal_released(table)  # docs/web.md, "Classrooms": the deal is still in play
        return table.record()

    @app.get(
        "/api/tables/{table_id}/replay/{step}",
        summary="A seat's view after `step` moves",
        responses=errors(400, 403, 404, 422),
        response_model=dict[str, Any],
    )
    async def replay(
        table_id: str,
        step: Annotated[int, Path(json_schema_extra=range_schema(0))],
        request: Request,
        token: Token = None,
        lang: LangQuery = "en",
    ) -> TablePayload:
        hub, table, seat = await table_and_seat(request, table_id, token)
        return hub.replay_payload(table, seat, step, _lang(lang))

    @app.get(
        "/api/tables/{table_id}/hint",
        summary="The top moves for the seat to move",
        responses=errors(400, 403, 404, 409, 422, 429, 503),
    )
    async def hint(
        table_id: str, request: Request, token: Token = None, lang: LangQuery = "en"
    ) -> dict[str, Any]:
        hub, table, seat = await seated_table(
            request, table_id, token, "a hint needs the seat's token"
        )
        code = _lang(lang)
        moves = await hub.hint(table, seat, code)
        return {"moves": [_hint_in(m, code) for m in moves]}

    @app.post(
        "/api/games/{game_id}/learn",
        status_code=201,
        summary="Create a guided first game (docs/guide.md); returns the learner's link",
        responses=errors(400, 404, 429),
        response_model=dict[str, Any],
    )
    async def learn(
        game_id: str, request: Request, lang: LangQuery = "en"
    ) -> dict[str, Any] | JSONResponse:
        from bazaar.bots.guide import game_guide

        code = _lang(lang)
        refused = rate_limited(table_limit, request, TOO_MANY_TABLES, code)
        if refused is not None:
            return refused
        game_package(game_id)  # 404 for an unknown game
        guide = game_guide(game_id)
        if guide is None:
            raise WebError(404, "game", f"{game_id} has no guided game")
        seats = [{"kind": "human", "bot": None, "name": ""}]
        seats += [{"kind": "bot", "bot": guide.bot, "name": ""}] * (guide.players - 1)
        hub = hub_of(request)
        table_id, tokens = await hub.create(
            game_id, guide.players, seats, {}, code, guide.seed, None
        )
        base = str(request.base_url).rstrip("/")
        link = f"{base}/t/{table_id}?token={tokens[0]}&lang={code}&guide=1"
        return {"id": table_id, "seat": 0, "token": tokens[0], "link": link}

    @app.get(
        "/api/tables/{table_id}/guide",
        summary="The guide's step for the seat to move: explanation, suggestion and why",
        responses=errors(400, 403, 404, 409, 422, 429, 503),
    )
    async def guide(
        table_id: str, request: Request, token: Token = None, lang: LangQuery = "en"
    ) -> dict[str, Any]:
        from bazaar.bots.guide import in_lang

        hub, table, seat = await seated_table(
            request, table_id, token, "the guide speaks to a seat: it needs the seat's token"
        )
        code = _lang(lang)
        return in_lang(await hub.guide(table, seat, code), code)

    @app.get(
        "/api/tables/{table_id}/analysis",
        summary="Post-game analysis: the win curve, turning points and your mistakes",
        responses=errors(403, 404, 409, 422, 429, 503),
    )
    async def analysis(
        table_id: str, request: Request, token: Token = None, lang: LangQuery = "en"
    ) -> Any:
        hub, table, seat = await seated_table(
            request, table_id, token, "the analysis of a seat needs its token"
        )
        if table.state.is_over():
            hub.check_deal_released(table)
        address = request.client.host if request.client else ""
        found = await hub.analysis_report(table, seat, _lang(lang), address)
        if found["status"] == "running":  # worked out in the background: ask again soon
            return JSONResponse(found, status_code=202)
        return found

    # ------------------------------------------------------------------ puzzles
    @app.get("/puzzles/{game_id}", include_in_schema=False)
    async def puzzles_page(game_id: str) -> FileResponse:
        return FileResponse(str(STATIC.joinpath("puzzles.html")))

    @app.get(
        "/api/puzzles/{game_id}",
        summary="A game's shipped puzzles (number, seat, prompt, margin)",
        responses=errors(400, 404),
    )
    async def puzzle_list(game_id: str, lang: LangQuery = "en") -> dict[str, Any]:
        return puzzle_pages.shipped_listing(game_id, _lang(lang))

    @app.get(
        "/api/puzzles/{game_id}/{number}",
        summary="One puzzle: its prompt and the payload of its seat (no answer)",
        responses=errors(400, 404, 422),
    )
    async def puzzle_one(game_id: str, number: int, lang: LangQuery = "en") -> dict[str, Any]:
        return puzzle_pages.shipped_position(game_id, number, _lang(lang))

    @app.post(
        "/api/puzzles/{game_id}/{number}/answer",
        summary="Try a move at a puzzle: right or not, in words, with the answer",
        responses=errors(400, 404, 422),
    )
    async def puzzle_answer(
        game_id: str, number: int, body: PuzzleTry, lang: LangQuery = "en"
    ) -> dict[str, Any]:
        return puzzle_pages.shipped_answer(game_id, number, body.move, _lang(lang))

    @app.get("/puzzles/table/{table_id}", include_in_schema=False)
    async def table_puzzles_page(table_id: str) -> FileResponse:
        return FileResponse(str(STATIC.joinpath("puzzles.html")))

    @app.post(
        "/api/tables/{table_id}/puzzles",
        summary="Make puzzles from a finished table (every seat's decisions; with answers)",
        responses=errors(400, 403, 404, 409, 422, 429, 503),
    )
    async def make_table_puzzles(
        table_id: str, request: Request, lang: LangQuery = "en", token: Token = None
    ) -> dict[str, Any]:
        code = _lang(lang)
        hub, table, _ = await table_and_seat(request, table_id, token)
        if not table.state.is_over():
            raise WebError(409, "not-over", "puzzles are made from finished tables only")
        hub.check_deal_released(table)
        if table_id not in table_sets.sets:
            key = AdviceKey(table.id, -1, table.seq, "puzzles")
            # the searches' seed is 0, as in `bazaar puzzle make`: the table's record (public
            # once the game is over) gives the same puzzles in the terminal and here
            seed = 0
            made = await hub.advise(
                key,
                code,
                puzzle_pages.table_puzzles,
                table.record(),
                table.id,
                puzzle_iterations,
                seed,
                priority=BACKGROUND,  # after every hint; counted against --advice-jobs
            )
            table_sets.put(table_id, made)
        found = table_sets.get(table_id, code)
        return {"table": table_id, "game": table.info.game, "puzzles": [p.to_json() for p in found]}

    @app.get(
        "/api/tables/{table_id}/puzzles/{number}",
        summary="One puzzle made from a table: its prompt and its seat's payload (no answer)",
        responses=errors(400, 403, 404, 422),
    )
    async def table_puzzle(
        table_id: str, number: int, request: Request, lang: LangQuery = "en", token: Token = None
    ) -> dict[str, Any]:
        code = _lang(lang)
        await table_and_seat(request, table_id, token)  # a classroom's: its seats and teacher
        found = table_sets.get(table_id, code)
        game = found[0].game if found else ""
        return puzzle_pages.position(found, number, game, code)

    @app.post(
        "/api/tables/{table_id}/puzzles/{number}/answer",
        summary="Try a move at a puzzle made from a table",
        responses=errors(400, 403, 404, 422),
    )
    async def table_puzzle_answer(
        table_id: str,
        number: int,
        body: PuzzleTry,
        request: Request,
        lang: LangQuery = "en",
        token: Token = None,
    ) -> dict[str, Any]:
        code = _lang(lang)
        await table_and_seat(request, table_id, token)
        found = table_sets.get(table_id, code)
        game = found[0].game if found else ""
        return puzzle_pages.answer(found, number, game, body.move, code)

    # ------------------------------------------------------------------ classrooms
    def classroom_limited(request: Request, lang: str) -> JSONResponse | None:
        return rate_limited(table_limit, request, TOO_MANY_TABLES, lang)

    classroom.add_routes(app, hub_of, classroom_limited, errors)

    # ------------------------------------------------------------------ websocket
    @app.websocket("/ws/tables/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        asked = _request_lang(websocket, None)
        refused = foreign_origin(websocket, asked) or rate_limited(
            socket_limit, websocket, TOO_MANY_SOCKETS, asked
        )
        if refused is not None:  # refused before the handshake: HTTP 403 or 429
            if "websocket.http.response" in websocket.scope.get("extensions", {}):
                await websocket.send_denial_response(refused)
            else:  # a server without denial responses: accept, say why, close
                await websocket.accept()
                reply = json.loads(bytes(refused.body))
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
        table = await hub.connect(table, conn)
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                close = _bad_frame(text)
                if close is not None:
                    code, error = close
                    await websocket.send_json({"type": "error", **error.to_json(conn.lang)})
                    await websocket.close(code=code)
                    break
                assert text is not None
                reply = await _socket_message(hub, table, conn, text)
                if reply is not None:
                    await websocket.send_json(reply)
        except (WebSocketDisconnect, RuntimeError):  # RuntimeError: sending after a close
            # (starlette's WebSocketDisconnected is one)
            pass
        finally:
            await hub.disconnect(table, conn)

    return app


def _allowed_methods(request: Request) -> list[str]:
    """The methods the app's routes take at the request's path (sorted)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        if isinstance(route, BaseRoute) and getattr(route, "methods", None):
            match, _ = route.matches({**request.scope, "method": "GET"})
            if match is not Match.NONE:
                methods |= set(route.methods)  # type: ignore[attr-defined]
    return sorted(methods)


def _bad_frame(text: str | None) -> tuple[int, WebError] | None:
    """(close code, error) for a frame that ends the connection: binary, or too big."""
    if text is None:
        error = "messages must be JSON text frames, not binary frames"
        return CLOSE_UNSUPPORTED_DATA, WebError(400, "binary", error)
    if len(text) > MAX_MESSAGE // 4 and len(text.encode("utf-8", "replace")) > MAX_MESSAGE:
        error = f"a message may be at most {MAX_MESSAGE} bytes"
        return CLOSE_TOO_BIG, WebError(413, "size", error)
    return None


def _parse_message(text: str) -> Any:
    try:
        return jsontext.loads(text)
    except RecursionError as exc:
        raise WebError(400, "json", "the message is nested too deeply") from exc
    except ValueError as exc:
        raise WebError(400, "json", f"the message is not valid JSON ({exc})") from exc


async def _socket_message(
    hub: Hub, table: LiveTable, conn: Connection, text: str
) -> dict[str, Any] | None:
    """Handle one client message; return a reply for this socket only (or None)."""
    try:
        message = _parse_message(text)
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise WebError(400, "request", 'a message must be an object with a "type"')
        kind = message["type"]
        if kind == "move":
            if conn.seat is None:
                raise WebError(403, "token", "spectators cannot move")
            await hub.submit(table, conn.seat, message.get("action"), message.get("seq"))
            return None
        if kind == "undo":
            if conn.seat is None:  # a spectator's socket: the documented undo refusal
                raise refusal(409, "undo", "undo-not-yours", UNDO_REFUSALS)
            await hub.undo(table, conn.seat, message.get("seq"), message.get("version"))
            return None
        if kind == "standin":
            await hub.hand_to_bot(table, conn.seat, message.get("seat"), message.get("bot"))
            return None
        if kind == "return":
            await hub.take_back_seat(table, conn.seat)
            return None
        if kind == "lang":
            conn.lang = _lang(message.get("lang"))
            await conn.send(encode(hub.payload(table, conn.seat, conn.lang)))
            return None
        if kind == "ping":
            return {"type": "pong"}
        raise WebError(
            400,
            "request",
            f"unknown message type {kind[:40]!r} (use move, undo, standin, return, lang or ping)",
        )
    except WebError as exc:
        return {"type": "error", **exc.to_json(conn.lang)}
    except (WebSocketDisconnect, WebSocketDisconnected):  # the client left as we answered:
        raise  # the socket loop ends the connection quietly
    except Exception:  # a bug: log it, answer, and keep the socket open
        log.exception("a WebSocket message could not be handled")
        error = "internal error: the message could not be handled"
        return {"type": "error", "error": error, "code": "internal"}
