"""No import circles among the ``bazaar`` modules (issue 22).

The graph is built from the source with :mod:`ast`: every ``import`` and ``from … import`` of a
``bazaar`` module, at module level and inside functions alike (a function-level import still
ties the two modules together; it only hides the circle until the function runs). Imports under
``if TYPE_CHECKING:`` are left out: they never run, so they tie nothing at run time.

The one circle allowed is the registry's import of the game packages: the registry loads each
built-in game's ``parts`` module on first use, so the edge registry -> ``<game>.parts`` is there
by design, and a component made only of the registry and games' ``parts`` modules (a parts
module importing the registry straight back) would be tolerated. Any circle that runs through
other modules on its way back to the registry (a renderer reaching ``core.describe``, say) fails.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "bazaar"
REGISTRY = "bazaar.core.registry"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement in the tree, at any depth, except under ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                yield from _imports(ast.Module(body=[child], type_ignores=[]))
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        yield from _imports(node)


def _resolve(name: str, modules: set[str]) -> str | None:
    """The module ``name`` is, or lives in (``bazaar.core.parts.GameParts`` -> its module)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def import_graph() -> dict[str, set[str]]:
    """Module -> the ``bazaar`` modules it imports (a package's ``__init__`` as the package)."""
    files = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    modules = set(files)
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        is_package = path.name == "__init__.py"
        here = name if is_package else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _imports(ast.parse(path.read_text("utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found = [_resolve(alias.name, modules) for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                    base = f"{anchor}.{base}" if base else anchor
                found = [_resolve(f"{base}.{alias.name}", modules) for alias in node.names]
            targets.update(t for t in found if t is not None and t != name)
        graph[name] = targets
    return graph


def allowed(component: set[str]) -> bool:
    """A circle of the registry and games' ``parts`` modules only (the one allowed)."""
    return REGISTRY in component and all(
        m == REGISTRY or (m.startswith("bazaar.games.") and m.endswith(".parts")) for m in component
    )


def strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's strongly connected components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The circles besides the allowed registry one, each as its set of modules."""
    return [c for c in strongly_connected(graph) if not allowed(c)]


def test_the_graph_sees_module_and_function_level_imports() -> None:
    graph = import_graph()
    assert "bazaar.core.parts" in graph["bazaar.core.registry"]
    # the registry imports the games' parts inside a function
    assert "bazaar.games.take_stock.parts" in graph[REGISTRY]
    assert len(graph) > 100


def test_the_finder_sees_a_circle_through_a_function_level_import() -> None:
    graph = {
        REGISTRY: {"bazaar.games.g.parts"},
        "bazaar.games.g.parts": {"bazaar.games.g.render"},
        "bazaar.games.g.render": {"bazaar.core.describe"},
        "bazaar.core.describe": {REGISTRY},
    }
    assert circles(graph) == [set(graph)]
    assert circles({REGISTRY: {"bazaar.games.g.parts"}, "bazaar.games.g.parts": {REGISTRY}}) == []


def test_no_import_circles_besides_the_registry() -> None:
    found = [sorted(c) for c in circles(import_graph())]
    assert found == [], f"{len(found)} import circle(s): {found}"
