"""Taiwan Night Market's players' rulebook: the section ids of ``rulebook/en.md`` and
``rulebook/zh-TW.md`` in order, the section that explains what a view is deciding
(:func:`section_for`), and the positions its pictures are drawn from (:data:`PICTURES`).

Every picture and worked example comes from one game: 4 players, seed 1, played by the
heuristic bots (:data:`EXAMPLE_GAME`, one tuple of moves per round).
"""

from __future__ import annotations

from typing import Any

from bazaar.core.pictures import Picture

#: the section ids, in the order of the text
SECTIONS: tuple[str, ...] = (
    "goal",
    "market",
    "setup",
    "round",
    "customers",
    "bidding",
    "payment",
    "building",
    "walk",
    "connected",
    "income",
    "final-round",
    "end",
    "house-rules",
)

#: the phase of a view (views.py PHASE_NAMES) -> the section that explains that decision
PHASE_SECTIONS: dict[str, str] = {
    "hide": "customers",
    "bid": "bidding",
    "bid-amount": "bidding",
    "loan": "payment",
    "build": "building",
    "over": "end",
}


def section_for(view: dict[str, Any]) -> str:
    """The id of the section that explains what is being decided in ``view``."""
    return PHASE_SECTIONS.get(str(view.get("phase")), "round")


# The example game: 4 players, seed 1; the moves of each round, in notation.
ROUND_1: tuple[str, ...] = (
    "hide T1E",
    "hide T2B",
    "hide T0A",
    "hide T0A",
    "bid 21",
    "$6",
    "bid 22",
    "$6",
    "bid 12",
    "$5",
    "bid 17",
    "$5",
    "bid 30",
    "$4",
    "bid 30",
    "$6",
    "bid 17",
    "$7",
    "bid 21",
    "$8",
    "bid 22",
    "$8",
    "build 22 T0",
    "build 30 T1",
    "build 12 T3",
    "build 17 T1",
    "build 21 T1",
)
ROUND_2: tuple[str, ...] = (
    "hide T3D",
    "hide T0G",
    "hide T0D",
    "hide T0B",
    "bid 18",
    "$7",
    "bid 19",
    "$5",
    "bid 1",
    "$4",
    "bid 7",
    "$4",
    "bid 9",
    "$4",
    "bid 1",
    "$5",
    "bid 19",
    "$7",
    "bid 9",
    "$5",
    "build 18 T1",
    "build 1 T0",
    "build 19 T1",
    "build 7 T1",
    "build 9 T3",
)
ROUND_3: tuple[str, ...] = (
    "hide T1D",
    "hide T2A",
    "hide T2F",
    "hide T2D",
    "bid 14",
    "$5",
    "bid 26",
    "$4",
    "bid 6",
    "$3",
    "bid 28",
    "$3",
    "bid 29",
    "$3",
    "bid 6",
    "$4",
    "bid 14",
    "$7",
    "bid 29",
    "$5",
    "bid 28",
    "$5",
    "build 28 T2",
    "build 6 T2",
    "build 26 T2",
    "build 14 T1",
    "build 29 T0",
)
ROUND_4: tuple[str, ...] = (
    "hide T2H",
    "hide T0H",
    "hide T3H",
    "hide T2G",
    "hide T0C",
    "hide T1F",
    "hide T3E",
    "hide T3F",
    "bid 27",
    "$4",
    "bid 27",
    "$8",
    "bid 13",
    "$5",
    "bid 4",
    "$2",
    "bid 11",
    "$2",
    "bid 16",
    "$2",
    "bid 11",
    "$3",
    "bid 16",
    "$3",
    "bid 4",
    "$3",
    "build 4 T3",
    "build 27 T2",
    "build 11 T2",
    "build 13 T1",
    "build 16 T2",
)
ROUND_5: tuple[str, ...] = (
    "bid 2",
    "$5",
    "bid 15",
    "$7",
    "bid 25",
    "$5",
    "bid 3",
    "$4",
    "bid 10",
    "$3",
    "bid 3",
    "$6",
    "bid 10",
    "$6",
    "bid 2",
    "$7",
    "bid 2",
    "$8",
    "bid 3",
    "$7",
    "build 2 T1",
    "build 15 T1",
    "build 10 T3",
    "build 25 T3",
    "build 3 T3",
)
EXAMPLE_PLAYERS = 4
EXAMPLE_SEED = 1
EXAMPLE_GAME: tuple[str, ...] = ROUND_1 + ROUND_2 + ROUND_3 + ROUND_4 + ROUND_5

#: the moves up to the picture of each step of round 1
BIDDING_DONE_TWICE = ROUND_1[:20]  # every regular bid made; Seat 1 holds no lot
PAID = ROUND_1[:22]  # Seat 1's compensation bid made, every lot paid for


def _at(actions: tuple[str, ...], seat: int | None = 0) -> Picture:
    return Picture(EXAMPLE_PLAYERS, EXAMPLE_SEED, actions, seat)


PICTURES: dict[str, Picture] = {
    "setup": _at(()),
    "bidding": _at(BIDDING_DONE_TWICE),
    "building": _at(PAID),
    "walk": _at(ROUND_1),
    "connected": _at(ROUND_1 + ROUND_2 + ROUND_3 + ROUND_4),
    "end": _at(EXAMPLE_GAME, None),
}
