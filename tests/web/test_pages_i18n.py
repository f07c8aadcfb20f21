"""Every word on the lobby and table pages has its 繁體中文 translation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bazaar.i18n import catalog

STATIC = Path(__file__).resolve().parents[2] / "bazaar" / "web" / "static"
#: the table page's modules (static/table/*.js) are read as one text, "table/"
PAGES = ["lobby.html", "table.html", "lobby.js", "classroom.js", "table/", "bazaar-ui.js"]
PAGES += ["common.js"]


def source(name: str) -> str:
    """A page's text; a folder ("table/"): its scripts, one after another."""
    path = STATIC / name
    if path.is_dir():
        return "".join(p.read_text("utf-8") for p in sorted(path.glob("*.js")))
    return path.read_text("utf-8")


def msgids(name: str) -> set[str]:
    text = source(name)
    found = {m for m in re.findall(r'data-t="([^"]+)"', text) if m != "msgid"}
    found |= set(re.findall(r'\bt\("([^"]+)"', text))
    # a plural (ui.tn): keyed "one\0other" in the catalog
    found |= {f"{one}\0{other}" for one, other in re.findall(r'\btn\("([^"]+)", "([^"]+)"', text)}
    keys = r"random|heuristic|ismcts:\w+|stale|turn|token|game-over|unknown-table"
    found |= set(re.findall(rf'"(?:{keys})": "([^"]+)"', text))
    return found


@pytest.mark.parametrize("name", PAGES)
def test_every_page_string_is_translated(name: str) -> None:
    zh = catalog("zh-TW")
    missing = sorted(m for m in msgids(name) if m not in zh)
    assert missing == []


def test_the_pages_use_many_strings() -> None:
    """The scan finds the strings (so the test above is not vacuous)."""
    assert len(msgids("lobby.js")) > 15 and len(msgids("table/")) > 15
    assert "Your turn." in msgids("table/")
    assert "It is not your turn." in msgids("table/") and "Create table" in msgids("lobby.html")
    assert "waiting for {n} player\0waiting for {n} players" in msgids("lobby.js")
    assert catalog("zh-TW")["Create table"] == "開桌"


def test_no_two_catalogs_disagree() -> None:
    """A msgid defined in two .po files has one translation."""
    from babel.messages.pofile import read_po

    folder = Path(__file__).resolve().parents[2] / "bazaar" / "locale" / "zh_TW" / "LC_MESSAGES"
    seen: dict[str, tuple[str, str]] = {}
    for path in sorted(folder.glob("*.po")):
        with path.open("rb") as fh:
            for message in read_po(fh):
                if not message.id or not message.string:
                    continue
                key = str(message.id)
                if key in seen:
                    assert seen[key][1] == message.string, (key, seen[key][0], path.name)
                seen[key] = (path.name, str(message.string))
