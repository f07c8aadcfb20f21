"""The shape of bazaar/web: no function longer than 80 lines (from its ``def`` line to its
last line, docstring included), so each piece can be read at once."""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "bazaar" / "web"
#: Most lines of one function or method.
MAX_LINES = 80


def function_lengths(path: Path) -> list[tuple[int, str]]:
    """(lines, "file:line name") of every function and method in ``path``."""
    tree = ast.parse(path.read_text("utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            lines = node.end_lineno - node.lineno + 1
            found.append((lines, f"{path.name}:{node.lineno} {node.name}"))
    return found


def test_no_function_in_the_web_layer_is_longer_than_80_lines() -> None:
    modules = sorted(WEB.rglob("*.py"))
    assert len(modules) > 20
    too_long = [
        f"{where} has {lines} lines"
        for path in modules
        for lines, where in function_lengths(path)
        if lines > MAX_LINES
    ]
    assert too_long == []


def test_the_count_sees_a_long_function(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n" + "    x = 1\n" * 80)
    assert [lines for lines, _ in function_lengths(module)] == [81]
