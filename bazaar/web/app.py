"""The FastAPI application: lobby and table pages, a JSON API and one WebSocket per viewer.

``create_app(settings)`` builds the app from a :class:`~bazaar.web.settings.WebSettings`;
``bazaar serve`` runs it with uvicorn. The routes are in :mod:`bazaar.web.routes`, one router
per concern. Every refused request is answered with a 4xx status and ``{"error": sentence,
"code": category}`` (plus ``"rule"`` for an illegal move), and changes nothing.
"""

from __future__ import annotations

import gc
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import BaseRoute, Match

from bazaar import __version__
from bazaar.i18n import t
from bazaar.web.errors import WebError
from bazaar.web.hub import Hub
from bazaar.web.limits import BodyLimit
from bazaar.web.routes import (
    advice,
    classrooms,
    moves,
    pages,
    people,
    puzzles,
    records,
    tables,
    talk,
)
from bazaar.web.routes.common import Web, request_lang
from bazaar.web.routes.moves import MAX_MESSAGE
from bazaar.web.routes.pages import STATIC
from bazaar.web.schema import LangQuery
from bazaar.web.settings import WebSettings
from bazaar.web.store import Store, default_db_url

__all__ = ["MAX_BODY", "MAX_MESSAGE", "create_app"]

#: Allocations between young-generation garbage collections (Python's default is 700).
GC_YOUNG_THRESHOLD = 20_000
#: Largest request body accepted (bytes).
MAX_BODY = 64 * 1024
#: Location tags pydantic adds for the members of a union type (``str | int``).
_UNION_TAGS = frozenset({"str", "int", "float", "bool", "none", "list", "dict"})
#: The routers, in the order their routes are matched and documented.
ROUTERS = (pages, tables, moves, talk, records, advice, puzzles, classrooms, people)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": message, "code": code}, status_code=status)


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


def _every_route(routes: Iterable[BaseRoute]) -> Iterator[BaseRoute]:
    """The routes, those of each included router in its place (FastAPI keeps an included
    router as one route; ours have no prefix, so their own paths are the app's)."""
    for route in routes:
        included = getattr(route, "original_router", None)
        if included is not None:
            yield from _every_route(included.routes)
        else:
            yield route


def _allowed_methods(request: Request) -> list[str]:
    """The methods the app's routes take at the request's path (sorted)."""
    methods: set[str] = set()
    for route in _every_route(request.app.router.routes):
        if getattr(route, "methods", None):
            match, _ = route.matches({**request.scope, "method": "GET"})
            if match is not Match.NONE:
                methods |= set(route.methods)  # type: ignore[attr-defined]
    return sorted(methods)


async def web_error(request: Request, exc: Exception) -> JSONResponse:
    """A refusal, its ``explain`` in the language the request asked for (``?lang=``)."""
    assert isinstance(exc, WebError)
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
    return JSONResponse(
        exc.to_json(request_lang(request, None)), status_code=exc.status, headers=headers
    )


async def bad_request(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    code, message = _validation_error(exc, request_lang(request, exc.body))
    return _error(400 if code == "json" else 422, code, message)


async def http_error(request: Request, exc: Exception) -> JSONResponse:
    """Starlette's own refusals (404, 405 …), keeping their headers; a 405's ``Allow``
    names the methods of every route of the path (Starlette's names only the first
    route's: ``GET`` and ``POST /api/tables`` are two routes)."""
    assert isinstance(exc, StarletteHTTPException)
    code = "not-found" if exc.status_code == 404 else "http"
    reply = _error(exc.status_code, code, str(exc.detail))
    reply.headers.update(exc.headers or {})
    if exc.status_code == 405:
        reply.headers["Allow"] = ", ".join(_allowed_methods(request))
    return reply


def create_app(
    settings: WebSettings | None = None, clock: Callable[[], float] = time.time
) -> FastAPI:
    """The Bazaar web app as ``settings`` say (default: every option's default, on the user's
    SQLite file); ``clock`` gives the time in UNIX seconds (tests move their own)."""
    settings = settings or WebSettings()
    web = Web.of(settings)
    url = settings.db_url or default_db_url()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(Store(url), settings, clock=clock)
        web.start(hub)
        await hub.start()
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
    app.state.web = web
    app.add_middleware(BodyLimit, max_bytes=MAX_BODY)
    app.add_exception_handler(WebError, web_error)
    app.add_exception_handler(RequestValidationError, bad_request)
    app.add_exception_handler(StarletteHTTPException, http_error)
    for module in ROUTERS:
        app.include_router(module.router)
        if module is pages:  # every file under static/, by its name's content type
            app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app
