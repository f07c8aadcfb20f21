"""Drawing a game in the terminal: ``render_view`` dispatches to the game's renderer part.

A game declares its renderer in its parts (``GameParts.renderer``, a
:class:`~bazaar.core.parts.TerminalRenderer`, built from ``bazaar/games/<game>/render.py``).
A game without one is shown as its raw view. The game's words (a move's description, the
score's name, seat labels, ...) come from :mod:`bazaar.core.describe`, re-exported here for
the terminal code.
"""

from __future__ import annotations

from typing import Any, cast

from rich.console import RenderableType
from rich.pretty import Pretty

from bazaar.core.describe import (
    describe_action,
    explain_rule,
    format_score,
    notation_examples,
    notation_help,
    player_name,
    prompt_hint,
    renderer,
    score_label,
    seat_label,
)

__all__ = [
    "compact_view",
    "describe_action",
    "explain_rule",
    "format_score",
    "notation_examples",
    "notation_help",
    "player_name",
    "prompt_hint",
    "render_view",
    "renderer",
    "score_label",
    "seat_label",
]


def render_view(
    game_id: str, view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> RenderableType:
    """A rich renderable of ``view`` (one seat's or the public view)."""
    parts = renderer(game_id)
    if parts is None:
        return Pretty(view)
    return cast(RenderableType, parts.render_view(view, lang, names))


def compact_view(
    game_id: str, view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> RenderableType | None:
    """The board of ``view`` in a few lines (the game's ``compact_view``), or None when the
    game draws no compact board."""
    parts = renderer(game_id)
    if parts is None or parts.compact_view is None:
        return None
    return cast(RenderableType, parts.compact_view(view, lang, names))
