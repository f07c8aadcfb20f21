"""Strict validation of the data shapes (the TypedDicts of ``bazaar/games/<game>/shapes.py``
and ``bazaar/web/shapes.py``): exact types, every key present, no extra key.

The shapes are plain TypedDicts for mypy; this turns one into a pydantic validator for the
tests and into JSON Schema for docs/schema/ (scripts/schema.py).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import ConfigDict, TypeAdapter

#: no coercion (``1`` is not ``True``, ``"1"`` not ``1``) and no key a shape does not name
STRICT = ConfigDict(strict=True, extra="forbid")


@cache
def strict_adapter(shape: Any) -> TypeAdapter[list[Any]]:
    """A validator of lists of ``shape``; the list carries the config to the TypedDicts
    inside (pydantic takes no config for a bare TypedDict)."""
    return TypeAdapter(list[shape], config=STRICT)


def validate(shape: Any, value: object) -> None:
    """Raise pydantic's ValidationError unless ``value`` has exactly ``shape``."""
    strict_adapter(shape).validate_python([value])
