"""The built wheel carries every file of the package that is not Python: pages, styles,
scripts, pictures, rules and catalogs (an editable install hides a missing one; the pages
were missing from the wheel until this test)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tracked(*paths: str) -> list[str]:
    found = subprocess.run(
        ["git", "ls-files", *paths], cwd=ROOT, check=True, capture_output=True, text=True
    )
    return found.stdout.split()


def test_the_wheel_holds_every_tracked_data_file_of_the_package(tmp_path: Path) -> None:
    # built from a copy of the tracked files: a checkout's build/ folder, left by an earlier
    # build, would lend the wheel files the package data does not name
    source = tmp_path / "source"
    for path in tracked("pyproject.toml", "README.md", "LICENSE", "bazaar"):
        (source / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / path, source / path)
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(wheels)],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("bazaar-*.whl")
    inside = set(zipfile.ZipFile(wheel).namelist())
    data = [path for path in tracked("bazaar") if not path.endswith(".py")]
    assert len(data) >= 80  # pages, scripts, catalogs, rules, pictures
    assert sorted(set(data) - inside) == []
    assert {"bazaar/web/static/table.html", "bazaar/web/static/style.css"} <= inside
