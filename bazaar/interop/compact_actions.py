"""Compact action codes for the PettingZoo environments' ``action_mode="compact"``.

A game whose full action encoding is large may name a codec here: a module attribute with
``size`` (the number of codes), ``encode(state, actions)`` (the codes of the mover's legal full
actions, in their order) and ``decode(state, code)`` (the full action of a code at that
position, or None). A game without one plays its full encoding in compact mode too (Buy Low
Sell High's 105 and Taiwan Night Market's 472 actions are already small). docs/pettingzoo.md.
"""

from __future__ import annotations

import importlib
from typing import Protocol

ACTION_MODES = ("full", "compact")

#: game id -> "module:attribute" of its codec
CODECS = {"take-stock": "bazaar.games.take_stock.slots:CODEC"}


class ActionCodec(Protocol):
    """Compact codes of a game's actions at a position (a bijection on the legal ones)."""

    size: int

    def encode(self, state: object, actions: list[int]) -> list[int]: ...
    def decode(self, state: object, code: int) -> int | None: ...


def codec_for(game_id: str) -> ActionCodec | None:
    """The compact codec of ``game_id`` (None: its compact codes are its full actions)."""
    target = CODECS.get(game_id)
    if target is None:
        return None
    module, _, name = target.partition(":")
    codec: ActionCodec = getattr(importlib.import_module(module), name)
    return codec
