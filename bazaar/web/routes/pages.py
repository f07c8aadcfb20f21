"""Pages and game texts: the lobby and table pages, the static files, the web app's manifest and
service worker, each game's board script, rulebook pictures, rules, rulebook, and the translated
strings."""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from markdown_it import MarkdownIt

from bazaar.bots.levels import BOT_DESCRIPTIONS, BOT_NAMES, LEVELS
from bazaar.core.errors import BazaarError
from bazaar.core.registry import all_games, declared_file, game_parts
from bazaar.core.rulebook import Rulebook, RulebookError, find_rulebook
from bazaar.i18n import BOARD_DOMAIN, LANGS, catalog, package_catalog
from bazaar.web.errors import WebError
from bazaar.web.routes.common import errors, lang_code
from bazaar.web.schema import LangPath, LangQuery

STATIC = resources.files("bazaar.web").joinpath("static")
#: Bots a seat can be given in the lobby.
BOT_SPECS = ["random", "heuristic", *(f"ismcts:{level}" for level in LEVELS)]
#: The rules' Markdown (our own files) as HTML for the rules dialog.
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")

router = APIRouter()


def page(name: str) -> FileResponse:
    """One of the HTML pages of ``static/``."""
    return FileResponse(str(STATIC.joinpath(name)))


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


@router.get("/", include_in_schema=False)
async def lobby_page() -> FileResponse:
    return page("lobby.html")


@router.get("/t/{table_id}", include_in_schema=False)
async def table_page(table_id: str) -> FileResponse:
    return page("table.html")


@router.get("/manifest.webmanifest", include_in_schema=False)
async def web_app_manifest() -> Response:
    """The web app's manifest: what a browser needs to install Bazaar as an app."""
    manifest = STATIC.joinpath("manifest.webmanifest").read_bytes()
    return Response(manifest, media_type="application/manifest+json")


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> Response:
    """The service worker, for the whole site (its scope is "/", so it is served from the root;
    asked for afresh each time, so a new version takes over at once)."""
    headers = {"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"}
    script = STATIC.joinpath("sw.js").read_bytes()
    return Response(script, media_type="text/javascript; charset=utf-8", headers=headers)


@router.get("/games/{game_id}/board.js", include_in_schema=False)
async def board_script(game_id: str) -> Response:
    script = game_files(game_id, declared_file(game_id, "board_script"))
    return Response(script.read_bytes(), media_type="text/javascript; charset=utf-8")


@router.get("/games/{game_id}/rulebook/pictures/{file_name}", include_in_schema=False)
async def rulebook_picture(game_id: str, file_name: str) -> Response:
    try:
        picture = game_rulebook(game_id).picture_file(file_name)
    except RulebookError as exc:
        raise WebError(404, "not-found", exc.message) from exc
    return Response(picture, media_type="image/svg+xml")


@router.get("/api/games", summary="The games, their player counts, options and bots")
async def games() -> dict[str, Any]:
    return {
        "games": [g.info() for g in all_games()],
        "bots": BOT_SPECS,
        "bot_names": {spec: BOT_NAMES.get(spec, spec) for spec in BOT_SPECS},
        "bot_descriptions": {spec: BOT_DESCRIPTIONS.get(spec, "") for spec in BOT_SPECS},
        "langs": list(LANGS),
    }


@router.get(
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
    code = lang_code(lang)
    suffix = "zh-TW" if code == "zh-TW" else "en"
    text = game_files(game_id, declared_file(game_id, "rules", suffix)).read_text("utf-8")
    if format == "html":
        return HTMLResponse(MARKDOWN.render(text))
    return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")


@router.get(
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
    code = lang_code(lang)
    book = game_rulebook(game_id)
    pictures = f"/games/{game_id}/rulebook/pictures/"
    try:
        text = book.html(code, lambda name: pictures + name, only=section)
    except RulebookError as exc:
        raise WebError(404, "not-found", exc.text(code)) from exc
    return HTMLResponse(text)


@router.get(
    "/api/i18n/{lang}",
    summary="Every translated UI string (English id -> text)",
    responses=errors(400),
)
async def strings(lang: LangPath) -> dict[str, str]:
    return dict(catalog(lang_code(lang)))


@router.get(
    "/api/games/{game_id}/i18n/{lang}",
    summary="The translated words of one game's board (English id -> text)",
    responses=errors(400, 404),
)
async def board_strings(game_id: str, lang: LangPath) -> dict[str, str]:
    package, code = game_package(game_id), lang_code(lang)
    return dict(package_catalog(package, code, BOARD_DOMAIN)) if package else {}
