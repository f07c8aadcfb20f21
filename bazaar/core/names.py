"""Player names: one check shared by the web app, the engine protocol and the CLI.

A name is trimmed (Unicode white space) and NFC-normalised *before* it is checked, so a
name of spaces is empty and "e" + combining accent counts as one character. Refused: an
empty name, more than :data:`MAX_NAME` characters, control characters (category Cc),
lone surrogates (Cs) and the bidirectional marks, embeddings, overrides and isolates
that can make a name display as something else. Joiners (ZWJ emoji sequences) are kept.
A name must also hold at least one visible character: one that is not a separator (Z*), a
format character (Cf) or a default-ignorable code point (U+FEFF, the Hangul fillers, tag
characters, variation selectors …), so a name that shows as nothing is refused.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

from bazaar.core.errors import BadName
from bazaar.i18n import N_, t

#: Longest name, in characters after trimming and NFC normalisation.
MAX_NAME = 40
#: Bidi marks (LRM, RLM, ALM), embeddings/overrides (U+202A-E) and isolates (U+2066-9).
BIDI_CONTROLS = frozenset(
    "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: Refused general categories: control characters and lone surrogates.
REFUSED_CATEGORIES = frozenset({"Cc", "Cs"})
#: Categories that show nothing by themselves: separators and format characters.
INVISIBLE_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cf"})
#: Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt), inclusive.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def refused_char(text: str) -> str | None:
    """The first character of ``text`` a name may not contain, or None."""
    for char in text:
        if char in BIDI_CONTROLS or unicodedata.category(char) in REFUSED_CATEGORIES:
            return char
    return None


def visible(char: str) -> bool:
    """Does ``char`` show something by itself (not a separator, format or ignorable)?"""
    if unicodedata.category(char) in INVISIBLE_CATEGORIES:
        return False
    code = ord(char)
    return not any(low <= code <= high for low, high in DEFAULT_IGNORABLE)


EMPTY = N_("a name may not be empty (or only spaces)")
REFUSED = N_("a name may not contain the character {char}")
INVISIBLE = N_("a name needs at least one visible character")
TOO_LONG = N_("a name may be at most {max} characters, not {count}")


class RefusedName(BadName):
    """A refused name; ``msgid`` and ``fields`` give the message in any language."""

    msgid: str

    def __init__(self, msgid: str, **fields: Any) -> None:
        super().__init__(t(msgid, **fields), msgid=msgid, fields=fields)


def check_name(raw: str, *, allow_empty: bool = False) -> str:
    """The trimmed, NFC-normalised name; RefusedName (a BadName) if it is refused.

    ``allow_empty`` lets "" through (no name given); a name of only spaces is always refused.
    """
    bad = refused_char(raw)
    if bad is not None:
        raise RefusedName(REFUSED, char=f"U+{ord(bad):04X}")
    name = unicodedata.normalize("NFC", raw.strip())
    if not name and not (allow_empty and raw == ""):
        raise RefusedName(EMPTY)
    if name and not any(visible(char) for char in name):
        raise RefusedName(INVISIBLE)
    if len(name) > MAX_NAME:
        raise RefusedName(TOO_LONG, max=MAX_NAME, count=len(name))
    return name


def _class_of(codes: list[int]) -> str:
    """A regular-expression character class body for ``codes`` (sorted), as ranges."""
    parts: list[str] = []
    start = prev = codes[0]
    for code in [*codes[1:], -1]:
        if code == prev + 1:
            prev = code
            continue
        parts.append(_class_char(start) + ("" if start == prev else "-" + _class_char(prev)))
        start = prev = code
    return "".join(parts)


def _class_char(code: int) -> str:
    """One end of a class range: a control character as an escape, others as themselves."""
    char = chr(code)
    if code < 0x20 or 0x7F <= code <= 0x9F:
        return f"\\u{code:04x}"
    return "\\" + char if char in "\\]^-[" else char


@cache
def name_pattern(allow_empty: bool = False) -> str:
    """A regular expression (for the API's schema) that a raw name of at most
    :data:`MAX_NAME` characters matches only if :func:`check_name` takes it: no refused
    character, at least one visible one. Characters whose NFC form is longer (U+0958 …) are
    left out too, so a name the pattern allows never grows past the limit. Built from this
    Python's Unicode tables (under a second, once)."""
    ignorable = {code for low, high in DEFAULT_IGNORABLE for code in range(low, high + 1)}
    refused: list[int] = []
    invisible: list[int] = []
    for code in range(0x110000):
        char = chr(code)
        category = unicodedata.category(char)
        if category == "Cs":
            continue  # no Unicode text holds a lone surrogate (nor does the pattern's class)
        if category in REFUSED_CATEGORIES or char in BIDI_CONTROLS:
            refused.append(code)
        elif category in INVISIBLE_CATEGORIES or code in ignorable:
            invisible.append(code)
        elif category != "Cn" and _grows(char):
            refused.append(code)
    allowed = f"[^{_class_of(refused)}]"
    shown = f"[^{_class_of(sorted(refused + invisible))}]"
    body = f"{allowed}*{shown}{allowed}*"
    return f"^({body})?$" if allow_empty else f"^{body}$"


def _grows(char: str) -> bool:
    """Is ``char``'s NFC form longer than the character (a composition exclusion)?"""
    decomposition = unicodedata.decomposition(char)
    return (
        bool(decomposition)
        and decomposition[0] != "<"
        and len(unicodedata.normalize("NFC", char)) > 1
    )
