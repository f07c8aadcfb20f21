"""The words of a game, found through its parts: a move, a refused rule, the score's name,
how to type moves, a seat.

These read a game's words part (``GameParts.words``, built from ``bazaar/games/<game>/words.py``)
and draw nothing, so every layer may use them: the terminal, the bots' hints, the analyses, the
engine protocol and the web payloads. A game without words gets plain defaults ("", "Score",
no hint). The seats' and
players' words live in :mod:`bazaar.core.seats` (re-exported here).
"""

from __future__ import annotations

from typing import Any

from bazaar.core.errors import UnknownGame
from bazaar.core.game import Event
from bazaar.core.parts import GameWords, TerminalRenderer
from bazaar.core.registry import game_parts
from bazaar.core.seats import BOT_NAMES, PLAYER_WORDS, player_name, seat_label
from bazaar.i18n import t


def renderer(game_id: str) -> TerminalRenderer | None:
    """The terminal renderer part of ``game_id``, or None if the game has none (or is unknown)."""
    try:
        return game_parts(game_id).renderer
    except UnknownGame:
        return None


def words(game_id: str) -> GameWords | None:
    """The words part of ``game_id``, or None if the game has none (or is unknown)."""
    try:
        return game_parts(game_id).words
    except UnknownGame:
        return None


def describe_action(
    game_id: str, action: int, lang: str = "en", view: dict[str, Any] | None = None
) -> str:
    """A short description of ``action`` in words ("" if the game has no renderer)."""
    parts = words(game_id)
    return parts.describe_action(action, lang, view) if parts else ""


def prompt_hint(game_id: str, view: dict[str, Any], lang: str = "en") -> str | None:
    parts = words(game_id)
    return parts.prompt_hint(view, lang) if parts and parts.prompt_hint else None


def explain_rule(game_id: str, rule: str, lang: str = "en") -> str | None:
    parts = words(game_id)
    return parts.explain_rule(rule, lang) if parts and parts.explain_rule else None


def score_label(game_id: str, lang: str = "en") -> str:
    parts = words(game_id)
    return parts.score_label(lang) if parts and parts.score_label else t("Score", lang)


def notation_help(game_id: str, lang: str = "en") -> str | None:
    """How to type the game's moves, or None."""
    parts = words(game_id)
    return parts.notation_help(lang) if parts and parts.notation_help else None


def notation_examples(game_id: str) -> str | None:
    """A line of notation examples (for ``bazaar play --help``), or None."""
    parts = words(game_id)
    return parts.notation_examples if parts else None


def turn_story(game_id: str, events: list[Event], mover: int, lang: str = "en") -> list[str]:
    """The clauses of a move's turn sentence that the game tells itself (its ``turn_story``
    word), from ``events`` (only those the reader sees); ``[]``: the mover's own events."""
    parts = words(game_id)
    return parts.turn_story(events, mover, lang) if parts and parts.turn_story else []


def words_only(game_id: str) -> bool:
    """Whether ``game_id``'s moves are named by their words alone in every language (its
    notation is for typing only: ``GameWords.words_only``)."""
    parts = words(game_id)
    return bool(parts and parts.words_only)


def move_in_words(game_id: str, notation: str, words: str, lang: str) -> str:
    """A move as hints, analyses, the guide and puzzles name it: "notation (words)" in
    English, the words alone in zh-TW and for a game whose notation is for typing only."""
    if words and (lang != "en" or words_only(game_id)):
        return words
    return f"{notation} ({words})" if words and words != notation else notation


def format_score(game_id: str, score: float) -> str:
    """A final score as the game shows it: "$85" for money games, "12" for points."""
    parts = words(game_id)
    value = round(score)
    return parts.money(value) if parts and parts.money else str(value)


__all__ = [
    "BOT_NAMES",
    "PLAYER_WORDS",
    "describe_action",
    "explain_rule",
    "format_score",
    "move_in_words",
    "notation_examples",
    "notation_help",
    "player_name",
    "prompt_hint",
    "renderer",
    "score_label",
    "seat_label",
    "turn_story",
    "words",
    "words_only",
]
