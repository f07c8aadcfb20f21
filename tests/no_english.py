"""Finding English in text meant for zh-TW readers: every Latin-letter token that is not
the game's notation (the notation is the same in both languages)."""

from __future__ import annotations

import re

#: The notation a zh-TW sentence may show in Latin letters, per game, as whole tokens (a token is
#: a run of letters, digits and + - / that starts with a letter): Buy Low Sell High's stocks K0-K5
#: and cards (K2+3, K2-1, K2com, K2div, K2news); Night Market's stall types T0-T3, customers
#: (T1C = type + entrance) and entrances A-H (with groups B/C, D-H), and the spec's numbered
#: decisions (A-13); Take Stock's stock letters
#: C G T O M and share cards (O7, C12). Buy Low Sell High's seed names its three kinds of
#: trade A, B and C (選項C: no trade). Numbers, $ and seat names (玩家2) need no exception.
NOTATION = {
    "buy-low-sell-high": re.compile(r"K[0-5](?:[+-][1-3]|com|div|news)?|[ABC]"),
    "night-market": re.compile(r"T[0-3][A-H]?|[A-H](?:/[A-H]|-[A-H])?|A-[0-9]+"),
    "take-stock": re.compile(r"[CGTOM](?:[1-9]|1[0-2])?"),
}
TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9+\-/]*")
#: a reference to a section of the rules, such as §5.3D (its letter is a sub-section, not English)
SECTION = re.compile(r"§[0-9.]+[A-Z]?")


def english_tokens(game_id: str, sentence: str) -> list[str]:
    """The Latin-letter tokens of ``sentence`` that are not the game's notation."""
    words = TOKEN.findall(SECTION.sub("", sentence))
    return [w for w in words if not NOTATION[game_id].fullmatch(w)]
