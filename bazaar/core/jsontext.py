"""Strict JSON reading for everything Bazaar takes from outside (records, engine lines,
WebSocket messages): ``NaN``/``Infinity`` and numbers beyond a double are refused.

Deep nesting surfaces as :class:`RecursionError`, which callers turn into their own clear
error.
"""

from __future__ import annotations

import json
from typing import Any


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]} is too large (out of range)")
    return value


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def loads(text: str | bytes) -> Any:
    """Parse JSON text; ValueError for bad JSON or out-of-range numbers, RecursionError for
    nesting too deep for the parser."""
    return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
