"""Draw the players' rulebooks' pictures with each game's own board script (docs/rulebook.md).

For every game with a rulebook and every entry of its ``PICTURES``: play the picture's position,
build the browser payload of its seat (with the history, so the last move is marked), render
it with the game's board script (``GameFiles.board_script``) in headless Chromium and write
``<package>/rulebook/pictures/<id>.<lang>.svg`` for both languages. The output is the same
bytes on every run.

    .venv/bin/python scripts/rulebook_pictures.py [GAME ...] [--check]

``--check`` writes nothing and exits 1 if a file differs from what it would write.
"""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path
from typing import Any

# the checkout's root, so that the tests' render harness imports without PYTHONPATH
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bazaar.core.rulebook import Picture, games_with_rulebooks, rulebook
from bazaar.i18n import LANGS
from bazaar.web.payload import LoggedMove, build_payload
from tests.web.render_harness import CHROMIUM, CHROMIUM_ARGS, load_renderer, render_svg

SVG_NS = 'xmlns="http://www.w3.org/2000/svg"'
#: how the last move's mark looks outside a table page (style.css draws it there)
MARK_STYLE = (
    "<style>rect.last-move, circle.last-move, .last-move > rect, .last-move > circle"
    " { stroke: #a15400; stroke-width: 3; }</style>"
)


def picture_payload(game_id: str, name: str, picture: Picture, lang: str) -> dict[str, Any]:
    """The payload of ``picture``'s seat, as a table page would get it (without the log)."""
    book = rulebook(game_id)
    state, moves = picture.play(book.game, name)
    history = [
        LoggedMove(i, m.seat, m.notation, m.events, public=m.public) for i, m in enumerate(moves)
    ]
    seats = [
        {"seat": s, "name": "", "kind": "human", "bot": None} for s in range(state.num_players)
    ]
    payload = build_payload(
        state, picture.seat, lang, table="rulebook", seats=seats, history=history
    )
    return {**payload, "log": []}


def standalone(svg: str) -> str:
    """The board's markup as an SVG file of its own: the namespace and the mark's style."""
    if SVG_NS not in svg.split(">", 1)[0]:
        svg = svg.replace("<svg", f"<svg {SVG_NS}", 1)
    head, rest = svg.split(">", 1)
    return f"{head}>{MARK_STYLE}{rest}".rstrip() + "\n"


def picture_dir(game_id: str) -> Path:
    return Path(str(resources.files(rulebook(game_id).package).joinpath("rulebook", "pictures")))


def draw(page: Any, game_id: str) -> dict[Path, bytes]:
    """Every picture file of ``game_id``: path -> bytes."""
    errors = load_renderer(page, game_id)
    out: dict[Path, bytes] = {}
    for name, picture in sorted(rulebook(game_id).pictures.items()):
        for lang in LANGS:
            drawn = render_svg(page, picture_payload(game_id, name, picture, lang))
            if errors:
                raise RuntimeError(f"{game_id} picture {name!r} ({lang}): {errors}")
            out[picture_dir(game_id) / f"{name}.{lang}.svg"] = standalone(drawn["svg"]).encode()
    return out


def draw_all(games: list[str]) -> dict[Path, bytes]:
    from playwright.sync_api import sync_playwright

    files: dict[Path, bytes] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            for game_id in games:
                page = browser.new_page()
                files.update(draw(page, game_id))
                page.close()
        finally:
            browser.close()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game with a rulebook)")
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    games = args.games or games_with_rulebooks()
    files = draw_all(games)
    stale = [p for p, data in files.items() if not p.is_file() or p.read_bytes() != data]
    if args.check:
        for path in stale:
            print(f"differs: {path}")
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data := files[path])
        print(f"wrote {path} ({len(data)} bytes)")
    print(f"{len(files)} pictures, {len(stale)} written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
