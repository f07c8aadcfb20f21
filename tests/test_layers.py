"""The layers of bazaar/ import only the layers beneath them (docs/architecture.md, "Layers").

Every ``import`` of every module counts, also those inside functions. The one exception is the
registry in core, which lists the built-in games by importing their ``parts`` modules inside
a function on first use.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "bazaar"
#: each layer with the layers it may import (besides itself); ``bazaar`` is the package itself
MAY_IMPORT = {
    "i18n": set(),
    # the catalogs' extractor (a build tool the program never imports) lists the games' catalogs
    # from the registry
    "i18n_extract": {"core", "i18n"},
    "core": {"i18n"},
    "games": {"core", "i18n"},
    "bots": {"core", "i18n"},
    "play": {"bots", "core", "i18n"},
    "interop": {"bazaar", "bots", "core", "i18n", "play"},
    # outside bots at a table (serve --allow-outside-bots) are the simulations' agents
    "web": {"bazaar", "bots", "core", "i18n", "sim"},
    # an OpenSpiel bot plays through our OpenSpiel game (bazaar.sim.openspiel_agent)
    "sim": {"bazaar", "bots", "core", "i18n", "interop"},
    "cli": {"bazaar", "bots", "core", "i18n", "interop", "play", "sim", "web"},
}
EXCEPTIONS = {("bazaar.core.registry", "games")}


def layer_of(module: str) -> str:
    """``bazaar.web.hub`` -> ``web``; ``bazaar.i18n_extract`` is its own layer, and
    ``bazaar.cli_sim`` and ``bazaar.cli_common`` count with ``cli``."""
    parts = module.split(".")
    if len(parts) == 1:
        return "bazaar"
    if parts[1] == "i18n_extract":
        return "i18n_extract"
    for prefix in ("i18n", "cli"):
        if parts[1].startswith(prefix):
            return prefix
    return parts[1]


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {m for m in found if m == "bazaar" or m.startswith("bazaar.")}


def test_every_layer_imports_only_the_layers_beneath_it() -> None:
    wrong = []
    modules = sorted(ROOT.rglob("*.py"))
    assert len(modules) > 60
    for path in modules:
        module = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
        mine = layer_of(module)
        for imported in imports(path):
            theirs = layer_of(imported)
            allowed = theirs == mine or theirs in MAY_IMPORT.get(mine, set())
            if not allowed and (module, theirs) not in EXCEPTIONS:
                wrong.append(f"{module} imports {imported}")
    assert wrong == []


def test_a_game_imports_no_other_game() -> None:
    wrong = []
    for folder in sorted(p for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists()):
        for path in folder.rglob("*.py"):
            for imported in imports(path):
                parts = imported.split(".")
                if parts[:2] == ["bazaar", "games"] and len(parts) > 2 and parts[2] != folder.name:
                    wrong.append(f"{path.relative_to(ROOT)} imports {imported}")
    assert wrong == []


def test_the_check_sees_a_wrong_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from bazaar.play.render import render_view\n")
    assert imports(module) == {"bazaar.play.render"}
    assert layer_of("bazaar.play.render") not in MAY_IMPORT["web"]
