"""Hidden Nines' moves as data for the browser: ``{"kind": "play", "card": 7}``, draw, pass."""

from __future__ import annotations

from typing import Any

from tests.fourth_game.actions import DRAW, PASS


def move_fields(action: int) -> dict[str, Any]:
    if action == DRAW:
        return {"kind": "draw"}
    if action == PASS:
        return {"kind": "pass"}
    return {"kind": "play", "card": action + 1}
