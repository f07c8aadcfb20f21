"""Declared dependencies: exact pins, the lock file agrees, every direct import is declared."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)(\[[a-z0-9,_-]+\])?==(?P<version>\S+)$")
#: test tools: a serving install (the dependencies and the postgres extra) has none of them
TEST_TOOLS = {"pytest", "pytest-xdist", "hypothesis", "schemathesis", "ruff", "mypy", "playwright"}


def normalized(name: str) -> str:
    """The name as package indexes compare it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def project() -> dict[str, list[str]]:
    """ "dependencies" and each extra -> its requirement strings, from pyproject.toml."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {"dependencies": data["dependencies"], **data["optional-dependencies"]}


def pins(requirements: list[str]) -> dict[str, str]:
    """Normalized name -> exact version; fails on a requirement that is not ``name==version``."""
    found = {}
    for requirement in requirements:
        match = PIN.match(requirement)
        assert match, f"{requirement!r} is not an exact pin (name==version)"
        found[normalized(match["name"])] = match["version"]
    return found


def lock() -> dict[str, str]:
    lines = (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines()
    return pins([line for line in lines if line and not line.startswith("#")])


def test_every_pin_in_pyproject_is_the_locked_version() -> None:
    """A pin matches the lock's version; the lock may add a local label (torch's ``+cpu``)."""
    locked = lock()
    for group, requirements in project().items():
        for name, version in pins(requirements).items():
            assert locked.get(name, "").partition("+")[0] == version, (
                f"{group}: {name}=={version}, lock: {locked.get(name)}"
            )


def test_the_lock_holds_only_exact_versions_and_not_the_project() -> None:
    locked = lock()
    assert "bazaar" not in locked
    assert {"fastapi", "starlette", "pydantic", "pytest", "mypy", "psycopg"} <= set(locked)


def test_serving_installs_no_test_tool() -> None:
    groups = project()
    serving = pins(groups["dependencies"]) | pins(groups["postgres"])
    assert sorted(TEST_TOOLS & set(serving)) == []
    assert set(pins(groups["test"])) >= TEST_TOOLS


def imported_by(path: Path) -> set[str]:
    """The top-level modules of the third-party imports of one file."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.partition(".")[0]
            if top != "bazaar" and top not in sys.stdlib_module_names:
                found.add(top)
    return found


def imported_packages() -> dict[str, str]:
    """Top-level module of every third-party import in ``bazaar/`` -> one file importing it
    (a file outside bazaar/interop/ when there is one, so optional imports are checked)."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "bazaar").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        for top in imported_by(path):
            if top not in found or found[top].startswith(OPTIONAL_IMPORTERS):
                found[top] = where
    return found


#: modules that bridge to outside tools, and the simulations' charts, Parquet rows and Ray
#: backend, and the value models' training (torch): they may import the optional extras'
#: packages (inside the functions that need them)
OPTIONAL_IMPORTERS = ("bazaar/interop/", "bazaar/sim/", "bazaar/bots/value_train.py")
OPTIONAL_EXTRAS = ("research", "learn", "sim", "ray")
#: the server's parts for PostgreSQL and Web Push: they import the serving extras (installed by
#: the set-up and the image) inside the functions that need them, used only when configured
SERVING_IMPORTERS = ("bazaar/web/cluster.py", "bazaar/web/push.py", "bazaar/web/store.py")
SERVING_EXTRAS = ("postgres", "push")


def test_every_package_bazaar_imports_is_a_declared_dependency() -> None:
    groups = project()
    declared = set(pins(groups["dependencies"]))
    optional = declared.union(*(pins(groups[extra]) for extra in OPTIONAL_EXTRAS))
    serving = declared.union(*(pins(groups[extra]) for extra in SERVING_EXTRAS))
    distributions = packages_distributions()
    imported = imported_packages()
    assert {"fastapi", "starlette", "pydantic", "typer"} <= set(imported)
    for module, where in imported.items():
        names = {normalized(d) for d in distributions.get(module, [module])}
        allowed = optional if where.startswith(OPTIONAL_IMPORTERS) else declared
        if where.startswith(SERVING_IMPORTERS):
            allowed = serving
        assert names & allowed, f"{where} imports {module} ({', '.join(names)}): not declared"


def test_the_core_imports_no_optional_package() -> None:
    """``import bazaar``, the CLI and the web app work without the research extras."""
    groups = project()
    extras_only = set().union(*(pins(groups[extra]) for extra in OPTIONAL_EXTRAS)) - set(
        pins(groups["dependencies"])
    )
    distributions = packages_distributions()
    for path in sorted((ROOT / "bazaar").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        if where.startswith(OPTIONAL_IMPORTERS):
            continue
        for module in imported_by(path):
            names = {normalized(d) for d in distributions.get(module, [module])}
            assert not names & extras_only, f"{where} imports {module}, an optional package"
