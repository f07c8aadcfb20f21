"""The words of a game, found through its parts: a move, a refused rule, the score's name,
how to type moves, a seat.

These read a game's ``TerminalRenderer`` part (``GameParts.renderer``) for its texts but draw
nothing, so every layer may use them: the terminal, the bots' hints and the web payloads.
A game without a renderer part gets plain defaults (notation, "Score", no hint).
"""

from __future__ import annotations

from typing import Any

from bazaar.core.errors import UnknownGame
from bazaar.core.parts import TerminalRenderer
from bazaar.core.registry import game_parts
from bazaar.i18n import N_, t


def renderer(game_id: str) -> TerminalRenderer | None:
    """The terminal renderer part of ``game_id``, or None if the game has none (or is unknown)."""
    try:
        return game_parts(game_id).renderer
    except UnknownGame:
        return None


def describe_action(
    game_id: str, action: int, lang: str = "en", view: dict[str, Any] | None = None
) -> str:
    """A short description of ``action`` in words ("" if the game has no renderer)."""
    parts = renderer(game_id)
    return parts.describe_action(action, lang, view) if parts else ""


def prompt_hint(game_id: str, view: dict[str, Any], lang: str = "en") -> str | None:
    parts = renderer(game_id)
    return parts.prompt_hint(view, lang) if parts and parts.prompt_hint else None


def explain_rule(game_id: str, rule: str, lang: str = "en") -> str | None:
    parts = renderer(game_id)
    return parts.explain_rule(rule, lang) if parts and parts.explain_rule else None


def score_label(game_id: str, lang: str = "en") -> str:
    parts = renderer(game_id)
    return parts.score_label(lang) if parts and parts.score_label else t("Score", lang)


def notation_help(game_id: str, lang: str = "en") -> str | None:
    """How to type the game's moves, or None."""
    parts = renderer(game_id)
    return parts.notation_help(lang) if parts and parts.notation_help else None


def notation_examples(game_id: str) -> str | None:
    """A line of notation examples (for ``bazaar play --help``), or None."""
    parts = renderer(game_id)
    return parts.notation_examples if parts else None


def format_score(game_id: str, score: float) -> str:
    """A final score as the game shows it: "$85" for money games, "12" for points."""
    parts = renderer(game_id)
    value = round(score)
    return parts.money(value) if parts and parts.money else str(value)


def seat_label(seat: int, lang: str, names: list[str] | None = None) -> str:
    """ "Seat 3 (random)" in ``lang`` for seat 2: people count seats from 1 ("Seat 1" /
    "玩家1" is seat 0), while the API, records, engine protocol and views count from 0."""
    number = seat + 1
    if names and seat < len(names) and names[seat]:
        return t("Seat {seat} ({name})", lang, seat=number, name=player_name(names[seat], lang))
    return t("Seat {seat}", lang, seat=number)


#: What people call each bot a seat can be given (English msgid; zh-TW in the catalogs): the
#: terminal's seat labels, the web's ``bot_names`` (bazaar.bots.levels).
BOT_NAMES = {
    "random": N_("Random bot"),
    "heuristic": N_("Rule-based bot"),
    "ismcts:easy": N_("Easy bot"),
    "ismcts:medium": N_("Medium bot"),
    "ismcts:hard": N_("Hard bot"),
}
#: the seat specs of ``bazaar play --seats`` in words ("ismcts" is the medium search)
PLAYER_WORDS = {"you": N_("you"), **BOT_NAMES, "ismcts": BOT_NAMES["ismcts:medium"]}


def player_name(spec: str, lang: str) -> str:
    """A seat spec in words: "you" -> "you" / "你", bots by their names ("Hard bot")."""
    words = PLAYER_WORDS.get(spec.strip().lower())
    return t(words, lang) if words else spec
