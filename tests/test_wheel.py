"""The built wheel carries every file of the package that is not Python: pages, styles,
scripts, pictures, rules and catalogs (an editable install hides a missing one; the pages
were missing from the wheel until this test), and installed the pages are served."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import httpx
import pytest

from tests.web.server import free_port

ROOT = Path(__file__).resolve().parents[1]


def tracked(*paths: str) -> list[str]:
    found = subprocess.run(
        ["git", "ls-files", *paths], cwd=ROOT, check=True, capture_output=True, text=True
    )
    return found.stdout.split()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the tracked files: a checkout's build/ folder, left by
    an earlier build, would lend the wheel files the package data does not name."""
    tmp_path = tmp_path_factory.mktemp("wheel")
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
    (built,) = wheels.glob("bazaar-*.whl")
    return built


def test_the_wheel_holds_every_tracked_data_file_of_the_package(wheel: Path) -> None:
    inside = set(zipfile.ZipFile(wheel).namelist())
    data = [path for path in tracked("bazaar") if not path.endswith(".py")]
    assert len(data) >= 80  # pages, scripts, catalogs, rules, pictures
    assert sorted(set(data) - inside) == []
    assert {"bazaar/web/static/table.html", "bazaar/web/static/style.css"} <= inside
    assert {"bazaar/web/static/manifest.webmanifest", "bazaar/web/static/icon-512.png"} <= inside


def test_the_installed_wheel_serves_the_pages(wheel: Path, tmp_path: Path) -> None:
    """Installed into a fresh venv (its dependencies lent from this one's site-packages as a
    plain path, so this checkout's editable install stays out), the server answers the lobby,
    a table page, a board script, a rulebook picture, the table page's entry module and the
    installable app's manifest, icons and service worker."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    (site,) = (venv / "lib").glob("python3*/site-packages")
    lent = [p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir()]
    (site / "lent.pth").write_text("\n".join(lent) + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "-q",
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    where = subprocess.run(
        [str(python), "-c", "import bazaar; print(bazaar.__file__)"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert where.startswith(str(site)), where
    port = free_port()
    server = subprocess.Popen(
        [
            str(python),
            "-m",
            "bazaar.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{tmp_path / 'wheel.db'}",
        ],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        seats = [{"kind": "human"}, {"kind": "human"}]
        made = httpx.post(
            base + "/api/tables", json={"game": "buy-low-sell-high", "players": 2, "seats": seats}
        ).json()
        picture = "/games/buy-low-sell-high/rulebook/pictures/market-card.en.svg"
        for path in [
            "/",
            f"/t/{made['id']}",
            "/games/take-stock/board.js",
            picture,
            "/static/style.css",
            "/static/table/main.js",
            "/manifest.webmanifest",  # the installable app: manifest, icons, service worker
            "/static/icon-512.png",
            "/static/icon-maskable-512.png",
            "/static/apple-touch-icon.png",
            "/static/install.js",
            "/sw.js",
            "/me",  # a person's page and its script
            "/static/me.js",
            "/static/table/mine.js",
        ]:
            assert httpx.get(base + path).status_code == 200, path
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=20)
    assert b"Traceback" not in errors
