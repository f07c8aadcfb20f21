"""Option ``size`` of every game: ``normal`` (the game) or ``mini`` (a study variant).

A mini game keeps every rule and shrinks the numbers (years, rounds, cards, hands) so that
its whole OpenSpiel tree for the fewest players is small enough for exact methods such as
CFR and NashConv (docs/openspiel.md, "Mini variants for exact methods"). It is not a rule of
the published game.
"""

from __future__ import annotations

from typing import Any

SIZE = "size"
NORMAL, MINI = "normal", "mini"
SIZE_CHOICES = (NORMAL, MINI)


def with_size(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with ``size`` = ``normal`` if it has none: positions and records stored
    before the option existed are normal games."""
    return options if SIZE in options else {**options, SIZE: NORMAL}
