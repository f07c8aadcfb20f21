"""Observation features: a fixed-size vector of numbers for what one seat knows.

Learning code (bazaar.interop: PettingZoo, OpenSpiel tensors, examples/) needs each
observation as numbers in a fixed layout. A game declares it in its ``features.py`` as a
:class:`FeatureSet` and in its parts (``GameParts.features``); docs/features.md lists every
entry of every game.

The contract, checked by tests/test_features.py for every game:

- ``layout(players)`` gives the :class:`FeatureLayout` for a player count; its size is fixed
  for that count whatever the position (absent things are 0).
- ``layout.encode(state, seat)`` returns exactly ``layout.size`` floats, and depends only on
  what ``seat`` may see: it equals ``encode(state.determinize(seat, rng), seat)`` for any rng.
- Entries are scaled to about [0, 1] (counts divided by their maximum, yes/no as 0/1, one-hot
  groups), seat-relative: "seat 0" of a group is the seat observing, then the seats after it
  in seat order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class FeatureGroup:
    """A run of ``size`` consecutive entries that mean one thing (for names and docs).

    ``meaning`` is one English sentence for docs/features.md ("money of each seat / 200").
    """

    name: str
    size: int
    meaning: str


@dataclass(frozen=True, slots=True)
class FeatureLayout:
    """The features of one player count: the groups in order and the encoder."""

    groups: tuple[FeatureGroup, ...]
    #: ``encode(state, seat)``: ``size`` floats from what ``seat`` may see
    encode: Callable[[Any, int], list[float]]

    @property
    def size(self) -> int:
        return sum(g.size for g in self.groups)

    @property
    def names(self) -> tuple[str, ...]:
        """One name per entry: ``group[i]`` (or ``group`` for a group of one)."""
        out: list[str] = []
        for g in self.groups:
            out.extend([g.name] if g.size == 1 else [f"{g.name}[{i}]" for i in range(g.size)])
        return tuple(out)


def offsets(groups: tuple[FeatureGroup, ...]) -> dict[str, int]:
    """Where each group starts in the vector, by name (for encoders that store by position)."""
    out: dict[str, int] = {}
    position = 0
    for group in groups:
        out[group.name] = position
        position += group.size
    return out


#: ``layout(players)``: the game's feature layout for that many seats
FeatureSet = Callable[[int], FeatureLayout]
