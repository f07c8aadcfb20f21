"""Strict JSON reading for everything Bazaar takes from outside (records, engine lines,
WebSocket messages): ``NaN``/``Infinity`` and numbers beyond a double are refused.

:func:`loads` raises ValueError (and RecursionError for deep nesting, which callers turn into
their own clear error). Files (:func:`read_file`, :func:`loads_document`) are stricter still:
a key twice in one object and a lone surrogate (``"\\ud800"``, not Unicode text) are refused
too, and every refusal is a translatable :class:`BadJson`.
"""

from __future__ import annotations

import errno
import json
import sys
from pathlib import Path
from typing import Any

from bazaar.core.errors import BazaarError
from bazaar.i18n import N_


class BadJson(BazaarError):
    """A JSON document that Bazaar does not read, with the reason in words."""

    rule = "json"


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


def _strict_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise BadJson.of(N_("the number {number} is too large (out of range)"), number=text[:20])
    return value


def _strict_constant(name: str) -> Any:
    raise BadJson.of(N_("{name} is not valid JSON"), name=name)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise BadJson.of(
                N_("the key {key} appears twice in one object"), key=json.dumps(key)[:60]
            )
        found[key] = value
    return found


def _has_lone_surrogate(data: Any) -> bool:
    """True if a text (key or value) anywhere in ``data`` holds a lone surrogate."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(value, dict):
            stack.extend(value)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def loads_document(text: str) -> Any:
    """Parse a JSON document strictly; raise :class:`BadJson` saying why it is refused."""
    try:
        data = json.loads(
            text,
            parse_constant=_strict_constant,
            parse_float=_strict_float,
            object_pairs_hook=_unique_keys,
        )
    except RecursionError as exc:
        raise BadJson.of(N_("its JSON is nested too deeply")) from exc
    except json.JSONDecodeError as exc:
        raise BadJson.of(
            N_("it is not valid JSON (line {line}, column {column})"),
            line=exc.lineno,
            column=exc.colno,
        ) from exc
    except ValueError as exc:  # an integer of more digits than Python converts
        raise BadJson.of(
            N_("it has a number with too many digits (at most {limit})"),
            limit=sys.get_int_max_str_digits(),
        ) from exc
    if _has_lone_surrogate(data):
        raise BadJson.of(N_("a text in it holds a lone surrogate, which is not Unicode text"))
    return data


#: why a file cannot be opened, in words of the catalog (other errors: the system's words)
OPEN_ERRORS = {
    errno.ENOENT: N_("there is no such file"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.EACCES: N_("permission to read it is denied"),
    errno.EPERM: N_("permission to read it is denied"),
    errno.ENOTDIR: N_("a part of its path is not a folder"),
    errno.ENAMETOOLONG: N_("its name is too long"),
}


def _unopened(exc: OSError) -> BadJson:
    """The error of a file that cannot be opened (or read)."""
    if exc.errno in OPEN_ERRORS:
        return BadJson.of(OPEN_ERRORS[exc.errno])
    return BadJson.of(
        N_("the file cannot be opened ({error})"), error=exc.strerror or type(exc).__name__
    )


def read_file(path: str | Path) -> Any:
    """The JSON document in the file at ``path``; :class:`BadJson` for any bad file."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise _unopened(exc) from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadJson.of(N_("it is not UTF-8 text (byte {at})"), at=exc.start) from exc
    return loads_document(text)
