"""The words of a seat and of the player in it ("Seat 3 (Hard bot)"), for every game.

Nothing here reads the registry, so a game's own modules (its words and renderer) may use it.
"""

from __future__ import annotations

from bazaar.i18n import N_, t


def seat_label(seat: int, lang: str, names: list[str] | None = None) -> str:
    """ "Seat 3 (random)" in ``lang`` for seat 2: people count seats from 1 ("Seat 1" /
    "玩家1" is seat 0), while the API, records, engine protocol and views count from 0."""
    number = seat + 1
    if names and seat < len(names) and names[seat]:
        return t("Seat {seat} ({name})", lang, seat=number, name=player_name(names[seat], lang))
    return t("Seat {seat}", lang, seat=number)


#: What people call each bot a seat can be given (English msgid; zh-TW in the catalogs): the
#: terminal's seat labels, the web's ``bot_names`` (bazaar.bots.levels).
BOT_NAMES = {
    "random": N_("Random bot"),
    "heuristic": N_("Rule-based bot"),
    "ismcts:easy": N_("Easy bot"),
    "ismcts:medium": N_("Medium bot"),
    "ismcts:hard": N_("Hard bot"),
}
#: the seat specs of ``bazaar play --seats`` in words ("ismcts" is the medium search)
PLAYER_WORDS = {"you": N_("you"), **BOT_NAMES, "ismcts": BOT_NAMES["ismcts:medium"]}


def player_name(spec: str, lang: str) -> str:
    """A seat spec in words: "you" -> "you" / "你", bots by their names ("Hard bot")."""
    words = PLAYER_WORDS.get(spec.strip().lower())
    return t(words, lang) if words else spec
