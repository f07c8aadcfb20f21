"""What a move of Taiwan Night Market changes, for hints that teach (``GameParts.changes``).

Facts from the mover's views before and after the move: the mover's cash, loans and lots, a
stall the mover builds, and which of the customers waiting at the entrances (public) would
meet that stall first of its kind on their path (the paths of data.json).
"""

from __future__ import annotations

from typing import Any

from bazaar.core.parts import Fact, MoveChanges
from bazaar.games.night_market.components import ENTRANCE_PATH, LETTERS, PATHS
from bazaar.games.night_market.text import stall_word, t
from bazaar.i18n import N_

CASH = N_("your cash: ${before} → ${after}")
LOANS = N_("your loans: {before} → {after}")
LOTS = N_("your lots: {before} → {after}")
STALL = N_("a {type} stall on lot {lot}")


def first_catches(view: dict[str, Any], lot: int, kind: str) -> tuple[int, str]:
    """How many waiting customers who like ``kind`` meet the stall on ``lot`` (1-based) first
    of its kind on their path, and at which entrances ("A, C")."""
    stalls = {i: x["stall"] for i, x in enumerate(view["lots"]) if x["stall"] is not None}
    count, where = 0, []
    for letter, waiting in view["entrances"].items():
        wanted = sum(1 for card in waiting if card[:2] == kind)
        if not wanted:
            continue
        path = PATHS[ENTRANCE_PATH[LETTERS.index(letter)]]
        if lot - 1 not in path:
            continue
        ahead = path[: path.index(lot - 1)]
        if any(stalls.get(x) == kind for x in ahead):
            continue
        count += wanted
        where.append(letter)
    return count, ", ".join(where)


def facts(before: dict[str, Any], after: dict[str, Any], seat: int) -> list[Fact]:
    """The mover's cash, loans and lots, and a stall built with the customers it meets first."""
    found: list[Fact] = []
    for key in ("cash", "loans", "lots_owned"):
        if before[key][seat] != after[key][seat]:
            found.append((key, before[key][seat], after[key][seat]))
    for was, now in zip(before["lots"], after["lots"], strict=True):
        if was["stall"] is None and now["stall"] is not None and now["owner"] == seat:
            found.append(("stall", now["lot"], now["stall"]))
            count, where = first_catches(before, now["lot"], now["stall"])
            if count:
                found.append(("catch", now["lot"], now["stall"], count, where))
    return found


def words(fact: Fact, lang: str) -> str:
    """One fact in words: "your cash: $12 → $7" / "你的現金：$12 → $7"."""
    kind = fact[0]
    if kind in ("cash", "loans", "lots_owned"):
        msgid = {"cash": CASH, "loans": LOANS, "lots_owned": LOTS}[kind]
        return t(msgid, lang, before=fact[1], after=fact[2])
    if kind == "stall":
        return t(STALL, lang, type=stall_word(fact[2], lang), lot=fact[1])
    _, lot, stall, count, where = fact
    return t.ngettext(
        "lot {lot} is the first {type} stall on the way of {count} waiting customer "
        "(entrance {entrances})",
        "lot {lot} is the first {type} stall on the way of {count} waiting customers "
        "(entrance {entrances})",
        count,
        lang,
        lot=lot,
        type=stall_word(stall, lang),
        count=count,
        entrances=where,
    )


CHANGES = MoveChanges(facts=facts, words=words)
