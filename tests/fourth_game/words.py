"""Hidden Nines' words: a move in words and how to type moves (``GameParts.words``)."""

from __future__ import annotations

from typing import Any

from tests.fourth_game.actions import DRAW, PASS


def describe_action(action: int, lang: str = "en", view: dict[str, Any] | None = None) -> str:
    zh = lang == "zh-TW"
    if action == DRAW:
        return "抽一張牌" if zh else "draw a card"
    if action == PASS:
        return "跳過" if zh else "pass"
    return f"打出 {action + 1} 分" if zh else f"score {action + 1}"


def notation_help(lang: str) -> str:
    return "招式：play 7、draw、pass" if lang == "zh-TW" else "Moves: play 7, draw, pass"
