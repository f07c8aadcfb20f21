"""Where Bazaar keeps its files: the user data folder (platformdirs), shared by the server's
SQLite file (``<data>/bazaar.db``) and the terminal's game records (``<data>/records/``)."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_dir


def data_folder() -> Path:
    """The user data folder, e.g. ``~/.local/share/bazaar`` on Linux (not created here)."""
    return Path(user_data_dir("bazaar", appauthor=False))


def records_folder() -> Path:
    """Where ``bazaar play`` saves game records unless ``--record`` names a file."""
    return data_folder() / "records"
