"""What every router shares: the app-state object (:class:`Web`), its dependency, the error
replies' documentation, the language of a request, and looking up a table and seat."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from bazaar.i18n import N_, normalize_lang, t
from bazaar.web.errors import WebError
from bazaar.web.hub import Hub
from bazaar.web.live import LiveTable
from bazaar.web.puzzles import TableSets
from bazaar.web.ratelimit import RateLimit, retry_after
from bazaar.web.settings import WebSettings

#: A seat token in the query string (absent: a spectator).
Token = Annotated[str | None, Query(max_length=100)]
TOO_MANY_TABLES = N_(
    "too many new tables from your address: at most {limit} a minute; try again in {seconds} s"
)
TOO_MANY_SOCKETS = N_(
    "too many connections from your address: at most {limit} a minute; try again in {seconds} s"
)


@dataclass(eq=False)
class Web:
    """The app's state: its settings, rate limits, the puzzles made from tables, and the hub
    (made when the app starts: :meth:`start`)."""

    settings: WebSettings
    table_limit: RateLimit
    socket_limit: RateLimit
    table_sets: TableSets = field(default_factory=TableSets)
    _hub: Hub | None = None

    @classmethod
    def of(cls, settings: WebSettings) -> Web:
        return cls(
            settings, RateLimit(settings.rate_limit_tables), RateLimit(settings.rate_limit_sockets)
        )

    @property
    def hub(self) -> Hub:
        assert self._hub is not None, "the app has not started"
        return self._hub

    def start(self, hub: Hub) -> None:
        self._hub = hub

    def rate_limited(
        self, limit: RateLimit, request: HTTPConnection, message: str, lang: str
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

    def too_many_tables(self, request: HTTPConnection, lang: str) -> JSONResponse | None:
        """A 429 reply if the address created too many tables (a classroom counts as one)."""
        return self.rate_limited(self.table_limit, request, TOO_MANY_TABLES, lang)

    async def table_and_seat(
        self, table_id: str, token: str | None
    ) -> tuple[Hub, LiveTable, int | None]:
        hub = self.hub
        table = await hub.keeper.get(table_id)
        return hub, table, hub.keeper.seat_of(table, token)

    async def seated_table(
        self, table_id: str, token: str | None, why: str
    ) -> tuple[Hub, LiveTable, int]:
        """:meth:`table_and_seat` for what only a seat may do: 403 ``token`` (``why``) else."""
        hub, table, seat = await self.table_and_seat(table_id, token)
        if seat is None:
            raise WebError(403, "token", why)
        return hub, table, seat

    async def seat_request(
        self,
        table_id: str,
        token: str,
        lang: str | None,
        act: Callable[[Hub, LiveTable, int | None], Awaitable[dict[str, Any]]],
    ) -> dict[str, Any] | JSONResponse:
        """A seat's request to the table: ``act`` on it; a refusal in the request's language."""
        hub, table, seat = await self.table_and_seat(table_id, token)
        code = lang_code(lang)
        try:
            done = await act(hub, table, seat)
        except WebError as exc:
            return refusal_response(exc, code)
        return {"ok": True, **done}


def refusal_response(exc: WebError, lang: str | None) -> JSONResponse:
    """A refusal in the request's language, with ``Retry-After`` when it says when."""
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
    return JSONResponse(exc.to_json(lang_code(lang)), status_code=exc.status, headers=headers)


def web_of(connection: HTTPConnection) -> Web:
    """The app's :class:`Web` (a dependency of every route)."""
    web: Web = connection.app.state.web
    return web


#: A route's app-state object, injected.
WebDep = Annotated[Web, Depends(web_of)]


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


def lang_code(lang: Any) -> str:
    """The language code of a request's ``lang``; WebError 400 ``lang`` if it is none."""
    if lang is not None and not isinstance(lang, str):
        raise WebError(400, "lang", f"'lang' must be a language code (text), not {lang!r:.40}")
    try:
        return normalize_lang(lang)
    except ValueError as exc:
        raise WebError(400, "lang", str(exc)) from exc


def request_lang(request: HTTPConnection, body: Any) -> str:
    """The language a refused request asked for (its ``lang`` field or query), else English."""
    lang = body.get("lang") if isinstance(body, dict) else None
    lang = lang if isinstance(lang, str) else request.query_params.get("lang")
    try:
        return normalize_lang(lang)
    except ValueError:
        return "en"


def client_address(request: Request) -> str:
    return request.client.host if request.client else ""
