"""Hidden Nines in the terminal: one line of text per seat."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tests.fourth_game.actions import DRAW, PASS


def render_view(view: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> Text:
    zh = lang == "zh-TW"
    lines = [
        f"{'回合' if zh else 'Turn'} {view['turn']}, {'牌堆' if zh else 'pile'} {view['pile']}"
    ]
    for seat, played in enumerate(view["played"]):
        lines.append(f"{'玩家' if zh else 'Seat '}{seat + 1}: {played}")
    if "hand" in view:
        lines.append(f"{'你的手牌' if zh else 'Your hand'}: {view['hand']}")
    return Text("\n".join(lines))


def describe_action(action: int, lang: str = "en", view: dict[str, Any] | None = None) -> str:
    zh = lang == "zh-TW"
    if action == DRAW:
        return "抽一張牌" if zh else "draw a card"
    if action == PASS:
        return "跳過" if zh else "pass"
    return f"打出 {action + 1} 分" if zh else f"score {action + 1}"


def notation_help(lang: str) -> str:
    return "招式：play 7、draw、pass" if lang == "zh-TW" else "Moves: play 7, draw, pass"
