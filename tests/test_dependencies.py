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
    locked = lock()
    for group, requirements in project().items():
        for name, version in pins(requirements).items():
            assert locked.get(name) == version, (
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


def imported_packages() -> dict[str, str]:
    """Top-level module of every third-party import in ``bazaar/`` -> one file importing it."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "bazaar").rglob("*.py")):
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
                    found.setdefault(top, str(path.relative_to(ROOT)))
    return found


def test_every_package_bazaar_imports_is_a_declared_dependency() -> None:
    declared = set(pins(project()["dependencies"]))
    distributions = packages_distributions()
    imported = imported_packages()
    assert {"fastapi", "starlette", "pydantic", "typer"} <= set(imported)
    for module, where in imported.items():
        names = {normalized(d) for d in distributions.get(module, [module])}
        assert names & declared, f"{where} imports {module} ({', '.join(names)}): not declared"
