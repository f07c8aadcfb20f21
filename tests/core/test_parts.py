"""Each built-in game declares its parts in one place, and its rules modules import only core."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import bazaar
from bazaar.core.parts import GameParts
from bazaar.core.registry import game_ids, game_parts

GAMES = Path(bazaar.__file__).parent / "games"
#: the modules of a game's rules (what a bot worker or an outside tool needs to play it)
RULES = ("__init__", "game", "state", "actions", "components", "text", "positions", "board")


def test_the_built_ins_declare_their_parts() -> None:
    assert game_ids() == ["buy-low-sell-high", "take-stock", "night-market"]
    for game_id in game_ids():
        parts = game_parts(game_id)
        folder = game_id.replace("-", "_")
        assert isinstance(parts, GameParts) and parts.game.id == game_id
        assert parts.package == f"bazaar.games.{folder}"
        assert parts.renderer is not None and parts.heuristic is not None
        assert parts.estimate is not None
        assert parts.renderer.render_view.__module__ == f"bazaar.games.{folder}.render"
        assert parts.estimate.__module__ == f"bazaar.games.{folder}.estimate"
    assert [g for g in game_ids() if game_parts(g).ranker is not None] == ["take-stock"]
    assert {g: dict(game_parts(g).level_overrides) for g in game_ids()} == {
        "buy-low-sell-high": {},
        "take-stock": {"hard": {"ranking": "heuristic", "widening": 0.3, "prior_bonus": 0.3}},
        "night-market": {
            "medium": {"blend": 0.5, "rollout_depth": 20},
            "hard": {"blend": 0.5, "rollout_depth": 20},
        },
    }


def test_rules_modules_import_only_core_and_their_own_game() -> None:
    wrong = []
    for folder in sorted(p for p in GAMES.iterdir() if (p / "parts.py").is_file()):
        own = f"bazaar.games.{folder.name}"
        for name in RULES:
            path = folder / f"{name}.py"
            if not path.is_file():
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module:
                    modules = [node.module]
                elif isinstance(node, ast.Import):
                    modules = [a.name for a in node.names]
                else:
                    continue
                for module in modules:
                    allowed = ("bazaar.core", "bazaar.i18n", own)
                    if module.startswith("bazaar") and not module.startswith(allowed):
                        wrong.append(f"{folder.name}/{name}.py imports {module}")
    assert wrong == []


def test_bazaar_games_names_modules_that_register_games_in_another_process() -> None:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "BAZAAR_GAMES": "tests.fourth_game.register", "PYTHONPATH": str(root)}
    code = "from bazaar.core.registry import game_ids; print(game_ids())"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True, check=True
    )
    assert (
        out.stdout.strip() == "['buy-low-sell-high', 'take-stock', 'night-market', 'hidden-nines']"
    )


def test_every_built_in_says_how_its_winner_is_decided() -> None:
    """The ranked result reads the rule and the tie-break from the game's parts (no table of
    games in the web layer)."""
    from bazaar.i18n import Translator

    for game_id in game_ids():
        parts = game_parts(game_id)
        rule = parts.result_rule
        assert rule is not None and parts.package
        words = Translator(parts.package)
        assert words(rule.rule, "zh-TW") != rule.rule  # translated in the game's catalog
        if rule.tie_break:
            assert words(rule.tie_break_words, "zh-TW", score="$3").count("$3") == 1
    night = game_parts("night-market").result_rule
    assert night is not None and night.tie_break is not None
    state = game_parts("night-market").game.new(3, 5)
    assert night.tie_break(state) == [0.0, 0.0, 0.0]  # nobody owns a lot at the start


def test_a_games_words_live_apart_from_its_terminal_drawing() -> None:
    """Every surface reaches a game's words (``words.py``); ``render.py`` only draws."""
    for game_id in game_ids():
        parts = game_parts(game_id)
        folder = game_id.replace("-", "_")
        assert parts.words is not None
        assert parts.words.describe_action.__module__ == f"bazaar.games.{folder}.words"
        tree = ast.parse((GAMES / folder / "words.py").read_text(encoding="utf-8"))
        imported = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        }
        assert not any(m.startswith(("rich", f"bazaar.games.{folder}.render")) for m in imported)


def test_the_built_ins_declare_their_files_guide_rulebook_and_openspiel_name() -> None:
    from importlib import resources

    from bazaar.i18n import BOARD_DOMAIN

    for game_id in game_ids():
        parts = game_parts(game_id)
        assert parts.package is not None
        files, root = parts.files, resources.files(parts.package)
        for lang in ("en", "zh-TW"):
            assert root.joinpath(str(files.rules_text(lang))).is_file(), (game_id, lang)
        for name in (files.board_script, files.puzzles):
            assert name is not None and root.joinpath(name).is_file(), (game_id, name)
        # the catalogs the game's Translator and the board page read
        assert (files.catalog, files.board_catalog) == (parts.package.split(".")[-1], BOARD_DOMAIN)
        for domain in (files.catalog, files.board_catalog):
            assert root.joinpath("locale", "zh_TW", "LC_MESSAGES", f"{domain}.po").is_file()
        assert parts.guide is not None and parts.rulebook is not None
        assert parts.rulebook.__name__ == f"{parts.package}.rulebook"
        assert parts.openspiel is not None
        assert parts.openspiel.short_name == f"python_bazaar_{files.catalog}"


def test_no_module_outside_the_games_and_the_registry_lists_the_games() -> None:
    """Every list of games is derived from the registry: no string in the generic layers is a
    built-in game's id or folder (docstrings and longer texts may still name one)."""
    names = {g for g in game_ids()} | {g.replace("-", "_") for g in game_ids()}
    found = []
    for path in sorted(GAMES.parent.rglob("*.py")):
        relative = path.relative_to(GAMES.parent).as_posix()
        if relative.startswith("games/") or relative == "core/registry.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in names:
                found.append(f"{relative}:{node.lineno} {node.value!r}")
    assert found == []
