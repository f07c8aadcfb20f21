"""Hidden Nines in the terminal: one line of text per seat."""

from __future__ import annotations

from typing import Any

from rich.text import Text


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
