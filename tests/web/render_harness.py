"""Render a game payload with its browser renderer in headless Chromium (for renderer tests).

``load_renderer(page, game)`` loads ``bazaar-ui.js``, ``svg.js`` and the game's board script
(``board_script(game)``: the one its parts declare) into an empty page;
``render_svg(page, payload)`` calls ``BazaarRenderers[game].render(payload, ui)`` and returns
the SVG markup, the hotspot actions (``data-actions``) and any JavaScript errors.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from bazaar.core.registry import game_parts
from bazaar.i18n import BOARD_DOMAIN, catalog, package_catalog

STATIC = Path(__file__).resolve().parents[2] / "bazaar" / "web" / "static"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def board_script(game_id: str) -> Path:
    """The file of ``game_id``'s board script (``GameFiles.board_script`` of its package)."""
    parts = game_parts(game_id)
    assert parts.package is not None and parts.files.board_script is not None, game_id
    return Path(str(resources.files(parts.package).joinpath(parts.files.board_script)))


def load_renderer(page: Any, game_id: str) -> list[str]:
    """Put an empty board and the renderer scripts in ``page``; return the error list."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_content('<!doctype html><meta charset="utf-8"><body><div id="board"></div></body>')
    page.add_script_tag(path=str(STATIC / "bazaar-ui.js"))
    page.add_script_tag(path=str(STATIC / "svg.js"))
    page.add_script_tag(path=str(board_script(game_id)))
    return errors


def board_words(game_id: str, lang: str) -> dict[str, str]:
    """The words a table page gives ``game_id``'s board: the pages' catalog under the board's own
    (as table.js merges them)."""
    if lang == "en":
        return {}
    package = game_parts(game_id).package
    assert package is not None
    return {**catalog(lang), **package_catalog(package, lang, BOARD_DOMAIN)}


def render_svg(page: Any, payload: dict[str, Any], width: int | None = None) -> dict[str, Any]:
    """Render ``payload`` into #board; return {"svg", "hotspots": [[int]], "text"}. With
    ``width``, the board is drawn for a page that gives it that many CSS px (``ui.width``)."""
    lang = payload["lang"]
    strings = board_words(payload["game"], lang)
    return page.evaluate(
        """([payload, strings, width]) => {
            const ui = BazaarUI.make(payload.lang, strings, payload.seats, payload.seat);
            if (width) ui.width = width;
            const svg = BazaarRenderers[payload.game].render(payload, ui);
            const board = document.getElementById("board");
            board.innerHTML = svg;
            const hot = [...board.querySelectorAll("[data-actions]")].map(
                (el) => el.getAttribute("data-actions").split(",").map(Number));
            return {svg: svg, hotspots: hot, text: board.innerText};
        }""",
        [json.loads(json.dumps(payload)), strings, width],
    )
