"""Babel extraction of Bazaar's messages (used by ``scripts/i18n.sh`` and tests/test_i18n.py).

Extractors named in ``babel.cfg``, for the messages that are not plain ``t("…")`` calls:

* ``extract_data_names``: the ``*_en`` values of a game's ``data.json`` (component names such
  as ``"name_en": "Stock Split"``); their zh-TW text lives in the game's catalog.
* ``extract_html``: the ``data-t="…"``, ``data-t-placeholder="…"`` and ``data-t-aria="…"``
  attributes of a page.

and the list of catalogs (:func:`catalog_sources`): which ``.po`` is extracted from where (a
game's catalogs as its parts declare them, ``GameParts.files``: no list of games here).
``python -m bazaar.i18n_extract update-program POT_DIR`` adds the new ids of the program's
POT files to its catalogs (see :func:`update_program`).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import (
    DEFAULT_KEYWORDS,
    extract_from_dir,
    extract_from_file,
)
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.pofile import read_po, write_po
from babel.util import pathmatch

if TYPE_CHECKING:
    from bazaar.core.parts import GameFiles

#: what Babel expects from an extractor: (line number, function name, message, comments)
Found = tuple[int, None, str, list[str]]

_ATTRIBUTE = re.compile(rb'data-t(?:-placeholder|-aria)?="([^"]+)"')


def _english_values(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key.endswith("_en") and isinstance(value, str):
                yield value
            else:
                yield from _english_values(value)
    elif isinstance(node, list):
        for item in node:
            yield from _english_values(item)


def extract_data_names(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Found]:
    """Every ``"…_en": "text"`` value in a JSON file (line 0: JSON has no useful lines)."""
    for text in _english_values(json.loads(fileobj.read().decode("utf-8"))):
        yield 0, None, text, []


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Found]:
    """Every ``data-t`` / ``data-t-placeholder`` / ``data-t-aria`` attribute value of a page."""
    for lineno, line in enumerate(fileobj.read().splitlines(), start=1):
        for match in _ATTRIBUTE.finditer(line):
            if match.group(1) != b"msgid":
                yield lineno, None, match.group(1).decode("utf-8"), []


# ------------------------------------------------------------------ the catalogs and their sources
#: the Babel keywords of every extraction: t()/N_() everywhere, ngettext() (a text with a number:
#: its singular and plural ids), h() (cli help), .tr() (terminal),
#: Option(..., help_en, ...) and the browser's ui.t() / c.ui.t(), refuse(), refuse.plural() (its
#: singular and plural ids; Babel sees the last name) and Term() (refusals)
KEYWORDS = (
    "t",
    "N_",
    "ngettext:1,2",
    "h",
    "tr",
    "Option:4",
    "ui.t",
    "c.ui.t",
    "ui.tn:1,2",
    "refuse",
    "plural:1,2",
    "Term",
)
LOCALE = "zh_TW"
PROGRAM_FOLDER = f"bazaar/locale/{LOCALE}/LC_MESSAGES"


@dataclass(frozen=True)
class CatalogSource:
    """One catalog: its ``.po`` file, the folder or file it is extracted from, the directory
    names skipped there, and whether it belongs to the merged program catalog."""

    name: str
    po: str
    source: str
    ignore_dirs: tuple[str, ...] = (".*", "_*")
    program: bool = True


def catalog_sources() -> tuple[CatalogSource, ...]:
    """Every catalog of the project, in the order scripts/i18n.sh processes them."""
    program = [
        CatalogSource(
            "bazaar",
            f"{PROGRAM_FOLDER}/bazaar.po",
            "bazaar",
            ("static", "locale", "sim", ".*", "_*"),
        ),
        CatalogSource("web", f"{PROGRAM_FOLDER}/web.po", "bazaar/web/static"),
        CatalogSource("sim", f"{PROGRAM_FOLDER}/sim.po", "bazaar/sim"),
    ]
    games = [
        CatalogSource(
            name,
            f"{folder}/locale/{LOCALE}/LC_MESSAGES/{files.catalog}.po",
            folder,
            ("static", ".*", "_*"),
            program=False,
        )
        for name, folder, files in _game_folders()
        if files.catalog
    ]
    boards = [
        CatalogSource(
            f"board_{name}",
            f"{folder}/locale/{LOCALE}/LC_MESSAGES/{files.board_catalog}.po",
            f"{folder}/{files.board_script}",
            program=False,
        )
        for name, folder, files in _game_folders()
        if files.board_catalog and files.board_script
    ]
    return (*program, *games, *boards)


def _game_folders() -> list[tuple[str, str, GameFiles]]:
    """(name, folder, declared files) of each registered game of this project's tree (its
    package under ``bazaar``), in the order of their folders' names."""
    from bazaar.core.registry import game_ids, game_parts

    found = []
    for game_id in game_ids():
        parts = game_parts(game_id)
        if parts.package and parts.package.startswith("bazaar."):
            name = parts.package.rpartition(".")[2]
            found.append((name, parts.package.replace(".", "/"), parts.files))
    return sorted(found)


def extracted(source: CatalogSource, root: Path = Path()) -> dict[str, str]:
    """msgid -> the file it was found in, for ``source`` (as ``pybabel extract`` finds them)."""
    with (root / "babel.cfg").open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    keywords = {**DEFAULT_KEYWORDS, **parse_keywords(list(KEYWORDS))}
    path = root / source.source
    found: dict[str, str] = {}
    if path.is_file():
        relative = path.relative_to(path.parent).as_posix()
        method = next(m for pattern, m in method_map if _matches(pattern, relative))
        options: dict[str, Any] = next(
            (o for p, o in options_map.items() if _matches(p, relative)), {}
        )
        for _line, message, _comments, _context in extract_from_file(
            method, str(path), keywords=keywords, options=options
        ):
            found[msgid_key(message)] = source.source
        return found

    def keep(dirname: str) -> bool:
        return not any(fnmatch(Path(dirname).name, pattern) for pattern in source.ignore_dirs)

    for filename, _line, message, _comments, _context in extract_from_dir(
        str(path), method_map, options_map, keywords=keywords, directory_filter=keep
    ):
        found[msgid_key(message)] = f"{source.source}/{filename}"
    return found


def msgid_key(message: str | tuple[str, ...]) -> str:
    """A message's key in a catalog (``bazaar.i18n.package_catalog``): its id, or for a plural
    message its forms joined by NUL, as gettext keys them."""
    return message if isinstance(message, str) else "\0".join(message)


def _matches(pattern: str, filename: str) -> bool:
    return bool(pathmatch(pattern, filename))


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=LOCALE)


def update_program(pot_dir: Path, root: Path = Path()) -> list[str]:
    """Add each id of the program's POT files that none of its catalogs holds to the catalog of
    its own source area (empty, to translate); return the ids no POT names any more.

    The program's two catalogs are merged when read (a word shared by the terminal and a page is
    translated once, wherever it is), so ``pybabel update`` file by file would drop or duplicate
    shared ids; ids the extractor cannot see (lookup tables such as the bot names in
    bazaar-ui.js) are reported, not removed. A file is rewritten only when it gains an id.
    """
    sources = [s for s in catalog_sources() if s.program]
    catalogs = {s.name: read_catalog(root / s.po) for s in sources}
    known = {str(m.id) for c in catalogs.values() for m in c if m.id}
    extracted_ids: set[str] = set()
    for s in sources:
        with (pot_dir / f"{s.name}.pot").open("rb") as fh:
            pot = read_po(fh)
        added = False
        for message in pot:
            if not message.id:
                continue
            extracted_ids.add(str(message.id))
            if str(message.id) not in known:
                catalogs[s.name].add(
                    message.id, "", locations=message.locations, flags=message.flags
                )
                known.add(str(message.id))
                added = True
                print(f"{s.po}: new message {message.id!r}")
        if added:
            with (root / s.po).open("wb") as fh:
                write_po(fh, catalogs[s.name], width=100)
    return sorted(known - extracted_ids)


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "update-program":
        unused = update_program(Path(argv[2]))
        if unused:
            print(f"{len(unused)} program messages are not found by extraction (kept): ")
            print("  " + "\n  ".join(repr(m) for m in unused))
        return 0
    if len(argv) == 2 and argv[1] == "keywords":
        print(" ".join(f"-k {k}" for k in KEYWORDS))
        return 0
    if len(argv) == 2 and argv[1] == "catalogs":
        for s in catalog_sources():
            print(s.name, s.po, s.source, ",".join(s.ignore_dirs) or "-")
        return 0
    print("usage: python -m bazaar.i18n_extract keywords | catalogs | update-program POT_DIR")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
