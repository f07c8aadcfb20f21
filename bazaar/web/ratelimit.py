"""Per-client-address rate limits (token buckets) for creating tables and opening sockets.

A :class:`RateLimit` of ``per_minute`` gives each address a bucket of that many tokens,
refilled at ``per_minute / 60`` tokens a second: a burst of a whole minute's worth is fine
(a classroom behind one NAT address opening its pages at once), a steady flood is not.
``per_minute <= 0`` switches the limit off.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

#: Default tables a client address may create per minute.
TABLES_PER_MINUTE = 60
#: Default WebSocket connections a client address may open per minute.
SOCKETS_PER_MINUTE = 300
#: Default post-game analyses worked out at once for one client address, and for one table
#: (:mod:`bazaar.web.reports`; not a rate but a bound, kept here for the CLI's light import).
ANALYSES_PER_ADDRESS = 2
ANALYSES_PER_TABLE = 1
#: Seconds after which a refused analysis may be asked again (its Retry-After header).
ANALYSIS_RETRY = 5
#: Buckets kept before full (idle) ones are forgotten.
MAX_BUCKETS = 10_000


class RateLimit:
    """A token bucket per key (client address)."""

    def __init__(self, per_minute: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.clock = clock
        #: key -> (tokens left, when they were counted)
        self._buckets: dict[str, tuple[float, float]] = {}

    def __len__(self) -> int:
        """How many addresses have a bucket."""
        return len(self._buckets)

    @property
    def enabled(self) -> bool:
        return self.per_minute > 0

    def take(self, key: str) -> float:
        """Spend one token of ``key``: 0.0 if allowed, else the seconds until one is free."""
        if not self.enabled:
            return 0.0
        now = self.clock()
        tokens, stamp = self._buckets.get(key, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - stamp) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
        if len(self._buckets) >= MAX_BUCKETS and key not in self._buckets:
            self._forget_full(now)
            while len(self._buckets) >= MAX_BUCKETS:  # still too many: forget the oldest
                del self._buckets[next(iter(self._buckets))]
        self._buckets[key] = (tokens - 1.0, now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have refilled (they hold no information)."""
        full = [
            key
            for key, (tokens, stamp) in self._buckets.items()
            if tokens + (now - stamp) * self.rate >= self.capacity
        ]
        for key in full:
            del self._buckets[key]


def retry_after(wait: float) -> int:
    """Whole seconds for a ``Retry-After`` header (at least 1)."""
    return max(1, math.ceil(wait))
