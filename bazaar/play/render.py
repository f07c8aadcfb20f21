"""Generic dispatch to the per-game terminal renderers.

A renderer is the module ``bazaar.play.render_<game id with _ for ->``; it provides
``render_view(view, lang, names)`` and ``describe_action(action, lang, view)`` and may
provide ``prompt_hint(view, lang)``, ``explain_rule(rule, lang)`` and ``score_label(lang)``.
A game without a renderer is shown as its raw view and its moves as plain notation.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from bazaar.i18n import t


@cache
def renderer(game_id: str) -> ModuleType | None:
    """The renderer module of ``game_id``, or None if the game has none."""
    name = "bazaar.play.render_" + game_id.replace("-", "_")
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def render_view(
    game_id: str, view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> RenderableType:
    """A rich renderable of ``view`` (one seat's or the public view)."""
    module = renderer(game_id)
    if module is None:
        return Pretty(view)
    return module.render_view(view, lang, names)


def describe_action(
    game_id: str, action: int, lang: str = "en", view: dict[str, Any] | None = None
) -> str:
    """A short description of ``action`` in words ("" if the game has no renderer)."""
    module = renderer(game_id)
    return module.describe_action(action, lang, view) if module else ""


def prompt_hint(game_id: str, view: dict[str, Any], lang: str = "en") -> str | None:
    module = renderer(game_id)
    fn = getattr(module, "prompt_hint", None)
    return fn(view, lang) if fn else None


def explain_rule(game_id: str, rule: str, lang: str = "en") -> str | None:
    module = renderer(game_id)
    fn = getattr(module, "explain_rule", None)
    return fn(rule, lang) if fn else None


def score_label(game_id: str, lang: str = "en") -> str:
    module = renderer(game_id)
    fn = getattr(module, "score_label", None)
    return fn(lang) if fn else t("Score", lang)


def seat_label(seat: int, lang: str, names: list[str] | None = None) -> str:
    """ "Seat 2 (random)" in ``lang``."""
    if names and seat < len(names) and names[seat]:
        return t("Seat {seat} ({name})", lang, seat=seat, name=player_name(names[seat], lang))
    return t("Seat {seat}", lang, seat=seat)


def player_name(spec: str, lang: str) -> str:
    """A seat spec in words: "you" -> "you" / "你", bots by their name."""
    known = {"you": t("you", lang), "random": t("random", lang)}
    return known.get(spec, spec)
