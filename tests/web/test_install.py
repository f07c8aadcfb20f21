"""The installable web app (docs/web.md, "Installable app and turn notices in the browser"): the
manifest and every icon it names are served with their types and declared sizes, the service
worker at the site's root with the headers that give it the whole site and keep it fresh, and
every HTML page the app serves links the manifest, the theme colour and the touch icon and
registers the worker."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import httpx
import pytest

from tests.web.server import Server

STATIC = Path(__file__).resolve().parents[2] / "bazaar" / "web" / "static"
#: each HTML page of static/ and an address that serves it
PAGES = {
    "lobby.html": "/",
    "table.html": "/t/no-such-table",
    "classroom.html": "/c/new",
    "puzzles.html": "/puzzles/take-stock",
    "me.html": "/me",
}


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's (width, height), from its IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def style_colour(pattern: str) -> str:
    found = re.search(pattern, (STATIC / "style.css").read_text("utf-8"), re.S)
    assert found, pattern
    return found.group(1).lower()


def test_the_manifest_and_each_of_its_icons_are_served(server: Server) -> None:
    reply = httpx.get(server.url + "/manifest.webmanifest")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("application/manifest+json")
    manifest = reply.json()
    assert manifest["name"] == "Bazaar" and manifest["short_name"]
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/",
        "/",
        "standalone",
    )
    # the header bar's colour and the page's paper (style.css)
    assert manifest["theme_color"] == style_colour(r"header\.bar \{[^}]*background: (#\w+)")
    assert manifest["background_color"] == style_colour(r"--paper: (#\w+)")
    sizes = set()
    for icon in manifest["icons"]:
        got = httpx.get(server.url + icon["src"])
        assert got.status_code == 200, icon["src"]
        assert got.headers["content-type"].startswith(icon["type"]), icon
        if icon["type"] == "image/png":
            width, height = png_size(got.content)
            assert icon["sizes"] == f"{width}x{height}", icon
            sizes.add((width, icon.get("purpose", "any")))
        else:
            assert (icon["src"], icon["sizes"]) == ("/static/favicon.svg", "any")
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    touch = httpx.get(server.url + "/static/apple-touch-icon.png")
    assert touch.headers["content-type"] == "image/png" and png_size(touch.content) == (180, 180)


def test_the_service_worker_is_served_for_the_whole_site(server: Server) -> None:
    reply = httpx.get(server.url + "/sw.js")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/javascript")
    assert reply.headers["service-worker-allowed"] == "/"
    assert reply.headers["cache-control"] == "no-cache"
    script = reply.text
    for event in ("install", "activate", "notificationclick", "push"):
        assert f'addEventListener("{event}"' in script, event
    # no offline copy of anything: a table is always live
    assert "caches." not in script and 'addEventListener("fetch"' not in script


def test_the_pages_are_all_checked() -> None:
    assert sorted(PAGES) == sorted(p.name for p in STATIC.glob("*.html"))


@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_page_links_the_manifest_and_registers_the_worker(server: Server, name: str) -> None:
    reply = httpx.get(server.url + PAGES[name])
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/html")
    html = reply.text
    assert html == (STATIC / name).read_text("utf-8")
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<meta name="theme-color" content="#2b2f3a">' in html
    assert '<link rel="apple-touch-icon" href="/static/apple-touch-icon.png">' in html
    assert '<script src="/static/install.js"></script>' in html
    script = httpx.get(server.url + "/static/install.js")
    assert script.status_code == 200 and 'register("/sw.js", {scope: "/"})' in script.text
