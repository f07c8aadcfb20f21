"""Buy Low Sell High's players' rulebook: its sections, the section for a view, its pictures.

The texts are ``rulebook/en.md`` and ``rulebook/zh-TW.md`` (docs/rulebook.md); the pictures
are drawn by scripts/rulebook_pictures.py into ``rulebook/pictures/``.
"""

from __future__ import annotations

from typing import Any

from bazaar.core.pictures import Picture

SECTIONS: tuple[str, ...] = (
    "goal",
    "setup",
    "turn",
    "trading",
    "first-turns",
    "market",
    "year-end",
    "redraw",
    "negative-money",
    "game-end",
    "house-rules",
)

#: the phase of a view -> the section explaining it
PHASE_SECTIONS = {
    "play": "market",
    "redraw": "redraw",
    "forced-sale": "negative-money",
    "selloff": "game-end",
    "over": "game-end",
}

#: the first year of seed 3 with three players, move by move, up to its last card
YEAR_ONE = (
    "-K1", "play K1-1", "-K1 -K2", "news 1", "pass", "play K0-1", "+K0 +K1", "play K2com",
    "play K2-3", "pass", "news 4", "pass", "play K2+3", "pass", "play K0com", "play K2com",
    "news 6", "pass", "play K2div", "pass", "play K1+2", "-K0 -K1 +K2", "play K1com", "news 2",
    "pass",
)  # fmt: skip
#: the card that fills the last space of year 1 (seat 1, "Seat 2", plays it)
LAST_CARD = "play K0-3"

PICTURES: dict[str, Picture] = {
    "setup": Picture(players=3, seed=3),
    "purchase": Picture(players=3, seed=3, actions=("+K0",)),
    "market-card": Picture(players=3, seed=3, actions=("+K0", "play K0+3"), seat=0),
    "year-end-before": Picture(players=3, seed=3, actions=YEAR_ONE, seat=1),
    "year-end": Picture(players=3, seed=3, actions=(*YEAR_ONE, LAST_CARD), seat=1),
}


def section_for(view: dict[str, Any]) -> str:
    """The section that explains what ``view`` decides (any seat's view or a spectator's)."""
    phase = view.get("phase")
    if phase == "trade":
        first_lap = view.get("year") == 1 and int(view.get("turn", 2)) < 2
        return "first-turns" if first_lap else "trading"
    return PHASE_SECTIONS.get(str(phase), "turn")
