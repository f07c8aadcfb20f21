"""How many random games the long property tests play.

By default a few hundred per game, so the whole suite stays within minutes; with the
environment variable ``BAZAAR_LONG_TESTS=1`` the full counts (a thousand games each):
``BAZAAR_LONG_TESTS=1 bash scripts/test.sh`` or ``BAZAAR_LONG_TESTS=1 pytest tests/...``.
The assertions are the same either way; only the number of examples changes.
"""

from __future__ import annotations

import os

LONG_VARIABLE = "BAZAAR_LONG_TESTS"
LONG = os.environ.get(LONG_VARIABLE, "") == "1"


def examples(default: int, long: int) -> int:
    """``long`` with BAZAAR_LONG_TESTS=1, else ``default``."""
    return long if LONG else default
