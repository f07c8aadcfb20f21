"""The browser scripts are linted (ESLint, eslint.config.js) and type-checked (tsc on their
JSDoc: jsconfig.json for every script, jsconfig.modules.json for the table page's modules in
strict mode: every parameter typed, every possible null checked; jsconfig.boards.json for the
board scripts against their game's view types, types/boards.d.ts; jsconfig.worker.json for
the service worker with the worker's types) with the pinned tools of
package.json, which ``scripts/setup.sh --test`` installs (``npm ci``); a failure shows the
tool's own report."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    npx = shutil.which("npx")
    assert npx, "npx (Node.js) is missing: the test set-up needs Node.js 20 and npm"
    assert (ROOT / "node_modules").is_dir(), "node_modules is missing: run npm ci (setup.sh --test)"
    return subprocess.run(
        [npx, "--no-install", *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize(
    "command",
    [
        ("eslint", "--max-warnings", "0"),
        ("tsc", "--noEmit", "-p", "jsconfig.json"),
        ("tsc", "--noEmit", "-p", "jsconfig.modules.json"),
        ("tsc", "--noEmit", "-p", "jsconfig.boards.json"),
        ("tsc", "--noEmit", "-p", "jsconfig.worker.json"),
    ],
    ids=["eslint", "tsc", "tsc-modules", "tsc-boards", "tsc-worker"],
)
def test_the_browser_scripts_pass(command: tuple[str, ...]) -> None:
    done = run(*command)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}"


def test_the_checks_see_the_table_modules() -> None:
    """tsc's file list holds every table module and the declarations (not vacuous)."""
    done = run("tsc", "--noEmit", "-p", "jsconfig.json", "--listFilesOnly")
    assert done.returncode == 0, done.stdout + done.stderr
    files = {Path(line).resolve() for line in done.stdout.splitlines() if line.strip()}
    table = set((ROOT / "bazaar" / "web" / "static" / "table").glob("*.js"))
    assert len(table) > 10 and table <= files
    assert ROOT / "types" / "payload.d.ts" in files
    assert ROOT / "docs" / "schema" / "bazaar.d.ts" in files  # the server's shapes (typed)
    assert ROOT / "bazaar" / "games" / "take_stock" / "static" / "board.js" in files


@pytest.mark.parametrize(
    ("game", "view", "field"),
    [
        ("buy_low_sell_high", "Blsh", "news_played"),
        ("take_stock", "TakeStock", "phase"),
        ("night_market", "NightMarket", "hidden"),
    ],
)
def test_a_renamed_view_field_fails_the_board_that_reads_it(
    tmp_path: Path, game: str, view: str, field: str
) -> None:
    """The boards' check is not vacuous: rename a view field in a copy of the generated
    declarations and tsc refuses the board that reads it."""
    schema = (ROOT / "docs" / "schema" / "bazaar.d.ts").read_text(encoding="utf-8")
    renamed = re.sub(
        rf"(export interface {view}(?:Seat|Spectator)View \{{(?:(?!\n\}})[\s\S])*?\n  ){field}:",
        rf"\g<1>{field}_renamed:",
        schema,
    )
    assert renamed != schema
    (tmp_path / "docs" / "schema").mkdir(parents=True)
    (tmp_path / "docs" / "schema" / "bazaar.d.ts").write_text(renamed, encoding="utf-8")
    shutil.copytree(ROOT / "types", tmp_path / "types")
    board = tmp_path / "bazaar" / "games" / game / "static"
    board.mkdir(parents=True)
    shutil.copy(ROOT / "bazaar" / "games" / game / "static" / "board.js", board)
    config = json.loads((ROOT / "jsconfig.json").read_text(encoding="utf-8"))
    boards = json.loads((ROOT / "jsconfig.boards.json").read_text(encoding="utf-8"))
    config["compilerOptions"].update(boards["compilerOptions"])  # the boards' own check
    config["include"] = [str(board / "board.js"), str(tmp_path / "types" / "*.d.ts")]
    (tmp_path / "jsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    done = run("tsc", "--noEmit", "-p", str(tmp_path / "jsconfig.json"))
    assert done.returncode != 0, "tsc passed a board reading a renamed field"
    assert f"Property '{field}' does not exist" in done.stdout, done.stdout


def test_ui_tn_gives_the_plural_form_of_each_language() -> None:
    """bazaar-ui.js's ui.tn on the served catalog: English one/other, zh-TW's single form."""
    from bazaar.i18n import catalog

    one, other = "waiting for {n} player", "waiting for {n} players"
    script = f"""
        globalThis.window = globalThis;
        require({json.dumps(str(ROOT / "bazaar" / "web" / "static" / "bazaar-ui.js"))});
        const zh = {json.dumps(catalog("zh-TW"))};
        const out = [1, 3].flatMap((n) => [
          BazaarUI.make("en", {{}}, [], null).tn({json.dumps(one)}, {json.dumps(other)}, n),
          BazaarUI.make("zh-TW", zh, [], null).tn({json.dumps(one)}, {json.dumps(other)}, n),
        ]);
        process.stdout.write(JSON.stringify(out));
    """
    node = shutil.which("node")
    assert node
    # the script on standard input: the served catalog is longer than one argument may be
    done = subprocess.run([node, "-"], input=script, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [
        "waiting for 1 player",
        "等待 1 位玩家",
        "waiting for 3 players",
        "等待 3 位玩家",
    ]
