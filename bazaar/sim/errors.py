"""The simulations' refusals (one class, so that every part can raise it)."""

from __future__ import annotations

from bazaar.core.errors import BazaarError


class SimError(BazaarError):
    """A simulation that cannot be planned, resumed or read."""

    rule = "simulation"
