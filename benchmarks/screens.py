"""What each game's table looks like on phones and tablets: text sizes and tap targets.

Starts ``bazaar serve`` (SQLite in a temporary folder) and, for each game, a 3-seat table
(seat 1 a person, two random bots) played over the API to the person's turn after
``--moves`` moves; opens it in headless Chromium at each screen of
``tests.web.screens.SCREENS`` (360×740, 390×844, 768×1024, 1024×768) in English and zh-TW and
prints, per game, screen and language: the smallest board text and page text (CSS px), the
smallest board spot and move button that take a move (the shorter side, CSS px), whether the
page scrolls sideways, and how many board spots lie under the move bar on the first screen.
The aim (issue 23): texts >= 12 px, targets >= 44 px, no sideways scroll, nothing covered.
``--shots DIR`` saves a screenshot of each (``<game>-<screen>-<lang>.png``). The last line
printed is every figure as JSON.

    python benchmarks/screens.py
    python benchmarks/screens.py --games night-market --shots docs/screens
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.parts import play_over_api, quick_motion
from tests.web.render_harness import CHROMIUM, CHROMIUM_ARGS
from tests.web.screens import SCREENS, measure
from tests.web.server import Server

GAMES = ["buy-low-sell-high", "take-stock", "night-market"]
LANGS = ["en", "zh-TW"]


def new_table(server: Server, game: str, seed: int) -> dict[str, Any]:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2
    body = {"game": game, "players": 3, "seats": seats, "lang": "en", "seed": seed}
    reply = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    reply.raise_for_status()
    table: dict[str, Any] = reply.json()
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=GAMES)
    parser.add_argument("--moves", type=int, default=6, help="the person's moves played first")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--shots", type=Path, help="save a screenshot of each screen here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server = Server(Path(folder) / "screens.db", args=["--rate-limit-sockets", "0"]).start()
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            for game in args.games:
                table = new_table(server, game, args.seed)
                token = table["seats"][0]["token"]
                start = {"n": 0}

                def enough(_payload: dict[str, Any], start: dict[str, int] = start) -> bool:
                    start["n"] += 1
                    return start["n"] > args.moves

                play_over_api(server.url, table["id"], token, enough)
                for screen, viewport in SCREENS:
                    for lang in LANGS:
                        context = browser.new_context(viewport=viewport)
                        page = quick_motion(context.new_page())
                        page.goto(f"{server.url}/t/{table['id']}?token={token}&lang={lang}")
                        page.wait_for_selector("#board svg")
                        page.wait_for_function("document.body.dataset.seq !== undefined")
                        page.wait_for_timeout(300)  # the board's animations settle
                        got = measure(page)
                        if args.shots:
                            args.shots.mkdir(parents=True, exist_ok=True)
                            shot = args.shots / f"{game}-{screen}-{lang}.png"
                            page.screenshot(path=str(shot), full_page=True)
                        context.close()
                        row = {"game": game, "screen": screen, "lang": lang, **got}
                        rows.append(row)
                        print(
                            f"{game:18} {screen:16} {lang:5} board text "
                            f"{got['board_text']['px']} px ({got['board_text']['text']!r}), "
                            f"page text {got['page_text']['px']} px, board target "
                            f"{got['board_target']['px']} px, button {got['button_target']['px']}"
                            f" px, sideways {got['sideways']}, covered {got['covered']}",
                            flush=True,
                        )
        finally:
            browser.close()
            server.stop()
    print(json.dumps(rows, ensure_ascii=False))


if __name__ == "__main__":
    main()
