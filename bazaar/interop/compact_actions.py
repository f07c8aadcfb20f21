"""Compact action codes for the PettingZoo environments' ``action_mode="compact"``.

A game whose full action encoding is large declares a codec in its parts
(``GameParts.compact_actions``): ``size`` (the number of codes), ``encode(state, actions)``
(the codes of the mover's legal full actions, in their order) and ``decode(state, code)`` (the
full action of a code at that position, or None). A game without one plays its full encoding
in compact mode too (Buy Low Sell High's 105 and Taiwan Night Market's 472 actions are already
small). docs/pettingzoo.md.
"""

from __future__ import annotations

from bazaar.core.parts import CompactActions
from bazaar.core.registry import game_parts

ACTION_MODES = ("full", "compact")

#: a game's compact codec (declared in its parts: ``GameParts.compact_actions``)
ActionCodec = CompactActions


def codec_for(game_id: str) -> ActionCodec | None:
    """The compact codec of ``game_id`` (None: its compact codes are its full actions)."""
    return game_parts(game_id).compact_actions
