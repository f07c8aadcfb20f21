"""Agents that choose actions through the game protocol.

A bot is any object with ``choose(state) -> int`` returning one of ``state.legal_actions()``
for the seat to move. :func:`bazaar.bots.registry.make_bot` builds one from a short spec
such as ``"random"``.
"""

from __future__ import annotations

from typing import Protocol

from bazaar.core.game import State


class Bot(Protocol):
    """Chooses a legal action for the seat to move."""

    def choose(self, state: State) -> int: ...


__all__ = ["Bot"]
