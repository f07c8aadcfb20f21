"""Hidden Nines' action encoding and notation: ``play 1``-``play 9`` (0-8), ``draw``, ``pass``."""

from __future__ import annotations

from bazaar.core.errors import NotationError

CARDS = tuple(range(1, 10))
DRAW = 9
PASS = 10
NUM_ACTIONS = 11
EXAMPLES = "play 7, draw, pass"


def notation(action: int) -> str:
    if action == DRAW:
        return "draw"
    if action == PASS:
        return "pass"
    return f"play {action + 1}"


def parse(text: str) -> int:
    words = text.strip().lower().split()
    if words == ["draw"]:
        return DRAW
    if words == ["pass"]:
        return PASS
    if len(words) == 2 and words[0] == "play" and words[1] in {str(c) for c in CARDS}:
        return int(words[1]) - 1
    raise NotationError(f"cannot read {text!r} (moves: {EXAMPLES})")
