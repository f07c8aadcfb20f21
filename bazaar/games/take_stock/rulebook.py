"""Take Stock's players' rulebook: its sections, the section for a view, its pictures.

The texts are ``rulebook/en.md`` and ``rulebook/zh-TW.md`` (docs/rulebook.md); the pictures
are drawn by scripts/rulebook_pictures.py into ``rulebook/pictures/``. Every picture is one
moment of the same three-player game (seed 2431, Seat 1 starts), the game the worked
examples of the texts follow; tests/take_stock/test_rulebook.py replays it and checks the
numbers the texts state.
"""

from __future__ import annotations

from typing import Any

from bazaar.core.pictures import Picture

SECTIONS: tuple[str, ...] = (
    "goal",
    "cards",
    "setup",
    "turn",
    "manipulate",
    "buy",
    "events",
    "split",
    "event-cards",
    "round-end",
    "scoring",
    "game-end",
    "tips",
    "house-rules",
)

#: the phase of a view -> the section explaining what it decides
PHASE_SECTIONS = {
    "action": "turn",
    "choose-event": "events",
    "insider": "event-cards",
    "audit": "event-cards",
    "target": "event-cards",
    "freeze": "event-cards",
    "upturn": "event-cards",
    "exercise": "round-end",
    "over": "game-end",
}

#: the worked example's game: three players, seed 2431 (Seat 1 starts, Seat 3 deals)
PLAYERS = 3
SEED = 2431
#: its first round, move by move, up to Seat 1's Cereal 11 that ends it
ROUND_ONE = (
    "play C5", "play O5", "buy M9 T7", "buy C9 M12", "buy O9 G2", "play G4", "event2 O2",
    "choose split-C", "play G6", "play T5", "play C8", "buy T10 G3", "buy G11 C3", "play C11",
)  # fmt: skip
#: the three players' secret option choices at the end of round 1 (Seat 1, 2, 3)
OPTIONS_USED = ("exercise C7", "exercise T12", "exercise C12")
#: how many moves of round 1 each picture shows
MANIPULATE, BUY, MAKE_EVENT, SPLIT = 1, 4, 7, 8


def _moment(moves: tuple[str, ...]) -> Picture:
    return Picture(players=PLAYERS, seed=SEED, actions=moves, seat=0)


PICTURES: dict[str, Picture] = {
    "setup": _moment(()),
    "manipulate": _moment(ROUND_ONE[:MANIPULATE]),
    "make-event": _moment(ROUND_ONE[:MAKE_EVENT]),
    "split": _moment(ROUND_ONE[:SPLIT]),
    "buy": _moment(ROUND_ONE[:BUY]),
    "round-end": _moment(ROUND_ONE),
    "scoring": _moment(ROUND_ONE + OPTIONS_USED),
}


def section_for(view: dict[str, Any]) -> str:
    """The section that explains what ``view`` decides (any seat's view or a spectator's)."""
    return PHASE_SECTIONS.get(str(view.get("phase")), "turn")
