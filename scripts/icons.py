"""Render the web app's PNG icons from bazaar/web/static/favicon.svg with headless Chromium
(docs/web.md, "Installable app and turn notices in the browser").

    python scripts/icons.py    # rewrite the PNG files below; commit them

icon-192.png, icon-512.png   the favicon on a transparent square (manifest, purpose "any")
icon-maskable-512.png        the favicon inside the middle 56 % on the page's paper colour, so a
                             launcher's round or squircle mask never cuts it (purpose "maskable")
apple-touch-icon.png         180 × 180, opaque (iOS fills transparency with black), as above
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parents[1] / "bazaar" / "web" / "static"
CHROMIUM = "/usr/bin/chromium"
#: the page's paper colour (style.css ``--paper``), the manifest's background_color
PAPER = "#fbf8f1"
#: file -> (size in px, the favicon's share of the side, background or None: transparent)
ICONS: dict[str, tuple[int, float, str | None]] = {
    "icon-192.png": (192, 1.0, None),
    "icon-512.png": (512, 1.0, None),
    "icon-maskable-512.png": (512, 0.56, PAPER),
    "apple-touch-icon.png": (180, 0.7, PAPER),
}


def page_of(svg: str, size: int, share: float, background: str | None) -> str:
    side = round(size * share)
    fill = background or "transparent"
    return (
        "<!doctype html><html><body style='margin:0'>"
        f"<div style='width:{size}px;height:{size}px;background:{fill};display:flex;"
        f"align-items:center;justify-content:center'>"
        f"<div style='width:{side}px;height:{side}px'>{svg}</div></div></body></html>"
    )


def main() -> int:
    svg = (STATIC / "favicon.svg").read_text("utf-8")
    svg = svg.replace("<svg ", "<svg width='100%' height='100%' ", 1)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        for name, (size, share, background) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_of(svg, size, share, background))
            page.screenshot(path=str(STATIC / name), omit_background=background is None)
            page.close()
            print(f"wrote {STATIC / name} ({size} × {size})")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
