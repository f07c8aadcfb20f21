"""A small seeded random-number generator that lives inside a game state.

SplitMix64 keeps its whole state in one integer, so cloning a game state copies the
generator for free, and the same seed gives the same numbers on every machine and in
every process (no dependence on Python's hash seed or on ``random``'s internals).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng:
    """SplitMix64 generator: ``Rng(seed)``; ``below(n)``, ``shuffle(list)``, ``clone()``."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """Return an integer in ``range(n)`` (n ≥ 1)."""
        return self.next64() % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        """Return one element of a non-empty list."""
        return items[self.next64() % len(items)]

    def spawn(self) -> Rng:
        """Return an independent generator seeded from this one."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        """Return a generator in the same state."""
        return Rng(self.state)
