"""Player names: one check shared by the web app, the engine protocol and the CLI.

A name is trimmed (Unicode white space) and NFC-normalised *before* it is checked, so a
name of spaces is empty and "e" + combining accent counts as one character. Refused: an
empty name, more than :data:`MAX_NAME` characters, control characters (category Cc),
lone surrogates (Cs) and the bidirectional marks, embeddings, overrides and isolates
that can make a name display as something else. Joiners (ZWJ emoji sequences) are kept.
"""

from __future__ import annotations

import unicodedata
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


def refused_char(text: str) -> str | None:
    """The first character of ``text`` a name may not contain, or None."""
    for char in text:
        if char in BIDI_CONTROLS or unicodedata.category(char) in REFUSED_CATEGORIES:
            return char
    return None


EMPTY = N_("a name may not be empty (or only spaces)")
REFUSED = N_("a name may not contain the character {char}")
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
    if len(name) > MAX_NAME:
        raise RefusedName(TOO_LONG, max=MAX_NAME, count=len(name))
    return name
