"""Shared settings for the fuzz tests (hypothesis and schemathesis).

By default every fuzz test runs a small, fixed budget of examples so the whole fuzz set
stays well under a minute on one core. ``BAZAAR_FUZZ_EXAMPLES=N`` runs N examples in each
fuzz test instead (for long runs) and prints each test's tally to stderr.
"""

from __future__ import annotations

import os
import sys

from hypothesis import HealthCheck, settings

FUZZ_EXAMPLES_ENV = "BAZAAR_FUZZ_EXAMPLES"


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
    """Print a fuzz test's tally (inputs sent, replies, errors, crashes) on long runs."""
    if os.environ.get(FUZZ_EXAMPLES_ENV):
        parts = ", ".join(f"{key} {value}" for key, value in tally.items())
        print(f"fuzz {what}: {parts}", file=sys.__stderr__, flush=True)
