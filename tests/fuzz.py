"""Shared settings for the fuzz tests (hypothesis and schemathesis).

By default every fuzz test runs a small, fixed budget of examples so the whole fuzz set
stays well under a minute on one core. ``BAZAAR_FUZZ_EXAMPLES=N`` runs N examples in each
fuzz test instead (for long runs); ``BAZAAR_FUZZ_REPORT=FILE`` makes each fuzz test write
its tally (inputs sent, status classes, errors, closes, crashes) into the JSON file FILE.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from hypothesis import HealthCheck, settings

FUZZ_EXAMPLES_ENV = "BAZAAR_FUZZ_EXAMPLES"
FUZZ_REPORT_ENV = "BAZAAR_FUZZ_REPORT"


def examples(default: int) -> int:
    """The number of examples a fuzz test runs: ``default``, or BAZAAR_FUZZ_EXAMPLES."""
    raw = os.environ.get(FUZZ_EXAMPLES_ENV, "").strip()
    return int(raw) if raw else default


def fuzz_settings(default: int) -> settings:
    """Hypothesis settings for a fuzz test: bounded, no deadline, no example database."""
    return settings(
        max_examples=examples(default),
        deadline=None,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
            HealthCheck.function_scoped_fixture,
        ],
    )


def report(what: str, tally: dict[str, int]) -> None:
    """Record a fuzz test's running tally under ``what`` in the BAZAAR_FUZZ_REPORT file."""
    target = os.environ.get(FUZZ_REPORT_ENV)
    if not target:
        return
    path = Path(target)
    data = json.loads(path.read_text()) if path.exists() else {}
    data[what] = dict(tally)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
