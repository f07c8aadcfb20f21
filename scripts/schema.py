"""Write the JSON Schema of every data shape, and TypeScript declarations of them, into
docs/schema/ (docs/web.md, "Shapes").

One ``<name>.json`` per shape (JSON Schema 2020-12, from the TypedDicts of
``bazaar/{games/<game>,web,bots,interop,core}/shapes.py`` and ``bazaar/core/record.py``
through pydantic, strict: no
key a shape does not name) and ``bazaar.d.ts``, every shape as a TypeScript type for the
board scripts' JSDoc (scripts/schema_ts.py).

Usage (from the repository root):

    python scripts/schema.py           # rewrite docs/schema/
    python scripts/schema.py --check   # exit 1 and name the files that differ

tests/test_schema.py runs the check, so the committed files cannot drift from the code.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Literal

from typing_extensions import TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parent))

from schema_ts import typescript

from bazaar.bots import shapes as bots
from bazaar.core.record import RecordJson
from bazaar.core.shapes import strict_adapter
from bazaar.games.buy_low_sell_high import shapes as blsh
from bazaar.games.night_market import shapes as nm
from bazaar.games.take_stock import shapes as ts
from bazaar.interop import shapes as engine
from bazaar.web import shapes as web

FOLDER = Path(__file__).resolve().parents[1] / "docs" / "schema"
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def event_union(prefix: str, data_of: dict[str, type]) -> Any:
    """One game's events as the payload's ``last.events`` carries them: ``{kind, data}``
    with each kind's data shape (``<prefix>Event<Kind>``)."""
    members = []
    for kind, data in data_of.items():
        name = prefix + "Event" + "".join(word.title() for word in kind.split("_"))
        members.append(TypedDict(name, {"kind": Literal[kind], "data": data}))
    union = members[0]
    for member in members[1:]:
        union = union | member
    return union


def game_shapes(
    game_id: str, module: Any, prefix: str, events: dict[str, type]
) -> dict[str, tuple[str, Any]]:
    kinds = ("SeatView", "SpectatorView", "Position", "MoveFields")
    files = ("seat-view", "spectator-view", "position", "move-fields")
    out = {
        f"{game_id}.{f}": (prefix + k, getattr(module, prefix + k))
        for f, k in zip(files, kinds, strict=True)
    }
    out[f"{game_id}.event"] = (f"{prefix}Event", event_union(prefix, events))
    return out


WEB = (
    ("table-payload", "TablePayload"),
    ("log-entry", "LogEntry"),
    ("legal-move", "LegalMove"),
    ("last-move", "LastMove"),
    ("client-message", "ClientMessage"),
    ("server-message", "ServerMessage"),
    ("error-reply", "ErrorReply"),
    ("new-table-reply", "NewTableReply"),
    ("tables-reply", "TablesReply"),
    ("games-reply", "GamesReply"),
    ("move-reply", "MoveReply"),
    ("ok-reply", "OkReply"),
    ("hint-reply", "HintReply"),
    ("guide-reply", "GuideReply"),
    ("puzzle-answer", "PuzzleAnswer"),
    ("chat-reply", "ChatReply"),
    ("rematch-reply", "RematchReply"),
)


GAMES = {"buy-low-sell-high": "Blsh", "take-stock": "TakeStock", "night-market": "NightMarket"}
#: TypeScript unions over the games, for code that serves every game (the web pages)
UNIONS = {
    f"Game{kind}": [prefix + kind for prefix in GAMES.values()]
    for kind in ("SeatView", "SpectatorView", "Position")
}
#: the web shapes' game parts (``bazaar.web.shapes.game_part``): name, files it joins
GAME_PARTS = {
    "game-view": (
        "GameView",
        [f"{g}.{v}.json" for g in GAMES for v in ("seat-view", "spectator-view")],
    ),
    "game-move-fields": ("GameMoveFields", [f"{g}.move-fields.json" for g in GAMES]),
    "game-options": (
        "GameOptions",
        [f"{g}.position.json#/$defs/{p}Options" for g, p in GAMES.items()],
    ),
    "game-event": ("GameEvent", [f"{g}.event.json" for g in GAMES]),
}


ENGINE = (
    ("about", "EngineAbout"),
    ("move", "EngineMove"),
    ("played-move", "PlayedMove"),
    ("turn", "EngineTurn"),
    ("result", "EngineResult"),
    ("command-help", "CommandHelp"),
)


def shapes() -> dict[str, tuple[str, Any]]:
    """File name (without ``.json``) -> the type's name and the type."""
    return {
        **game_shapes("buy-low-sell-high", blsh, "Blsh", blsh.BLSH_EVENT_DATA),
        **game_shapes("take-stock", ts, "TakeStock", ts.TAKE_STOCK_EVENT_DATA),
        **game_shapes("night-market", nm, "NightMarket", nm.NIGHT_MARKET_EVENT_DATA),
        **{file: (name, getattr(web, name)) for file, name in WEB},
        "game-record": ("RecordJson", RecordJson),
        "hint-move": ("HintMove", bots.HintMove),
        "guide-step": ("GuideStep", bots.GuideStep),
        "puzzle-reply": ("PuzzleReply", bots.PuzzleReply),
        **{f"engine.{file}": (name, getattr(engine, name)) for file, name in ENGINE},
        "analysis-report": ("AnalysisReport", bots.AnalysisReport),
    }


def with_game_parts(schema: Any) -> Any:
    """``schema`` with each placeholder of ``bazaar.web.shapes.game_part`` made a ``$ref``."""
    if isinstance(schema, list):
        return [with_game_parts(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if web.GAME_PART in schema:
        return {"$ref": schema[web.GAME_PART]}
    return {key: with_game_parts(value) for key, value in schema.items()}


def schema_of(file: str, name: str, shape: Any) -> dict[str, Any]:
    """The JSON Schema of ``shape`` (called ``name``): a class or union at the root, the
    types it uses in ``$defs``."""
    listed = with_game_parts(strict_adapter(shape).json_schema())
    defs: dict[str, Any] = listed.get("$defs", {})
    root: dict[str, Any] = listed["items"]
    ref = root.get("$ref", "")
    if ref.startswith("#/$defs/"):
        root = defs.pop(ref.removeprefix("#/$defs/"))
    text = json.dumps({"title": name, **root, **({"$defs": defs} if defs else {})})
    if ref:
        text = text.replace(f'"{ref}"', '"#"')
    return {"$schema": DIALECT, "$id": f"{file}.json", **json.loads(text)}


def files() -> dict[str, str]:
    """File name -> its text: every schema and ``bazaar.d.ts``."""
    schemas = {file: schema_of(file, name, shape) for file, (name, shape) in shapes().items()}
    for file, (name, joined) in GAME_PARTS.items():
        description = f"{name}: any game's shape (the table's game decides which)"
        schemas[file] = {
            "$schema": DIALECT,
            "$id": f"{file}.json",
            "title": name,
            "description": description,
            "anyOf": [{"$ref": ref} for ref in joined],
        }
    out = {
        f"{name}.json": json.dumps(s, indent=2, ensure_ascii=False) + "\n"
        for name, s in schemas.items()
    }
    out["bazaar.d.ts"] = typescript(schemas, UNIONS)
    return out


def differences(folder: Path = FOLDER) -> list[str]:
    """The files of ``folder`` that are not what the code gives (missing, changed, extra)."""
    wanted = files()
    there = {p.name for p in folder.glob("*")} if folder.is_dir() else set()
    wrong = [
        n for n, text in wanted.items() if n not in there or (folder / n).read_text("utf-8") != text
    ]
    return sorted(wrong + [n for n in there if n not in wanted])


def write(folder: Path = FOLDER) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    wanted = files()
    for stale in folder.glob("*"):
        if stale.name not in wanted:
            stale.unlink()
    for name, text in wanted.items():
        (folder / name).write_text(text, "utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which files differ")
    args = parser.parse_args(argv)
    if args.check:
        wrong = differences()
        for name in wrong:
            print(f"docs/schema/{name} differs from the code: run python scripts/schema.py")
        return 1 if wrong else 0
    write()
    print(f"wrote {len(files())} files into docs/schema/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
