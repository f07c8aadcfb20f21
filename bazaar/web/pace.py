"""A table's pace (docs/web.md, "Turn-based tables"): live, played in one sitting, or
turn-based, with hours or days per move, and what happens when a move's time runs out; and
time left in words, as people say it ("2 days 3 hours", 「2 天 3 小時」)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from babel.units import format_unit
from pydantic import Field

from bazaar.i18n import LOCALES, N_
from bazaar.web.errors import refusal

#: "live" (one sitting) or "turn-based" (hours or days per move)
Pace = Literal["live", "turn-based"]
#: a turn-based table's rule when a move's time runs out
OnTimeout = Literal["bot-move", "standin"]

LIVE: Pace = "live"
TURN_BASED: Pace = "turn-based"
#: A bot plays the move whose time ran out (and the rest of that turn); the seat stays the
#: person's.
BOT_MOVE: OnTimeout = "bot-move"
#: A bot stands in for the person (they are skipped) until they come back.
STANDIN: OnTimeout = "standin"
#: The bot that plays for a person whose time ran out.
TIMEOUT_BOT = "ismcts:medium"
#: Hours per move a turn-based table may have (up to two weeks), and its default (a day).
MOST_HOURS = 336
DEFAULT_HOURS = 24
#: The request field of a turn-based table's hours per move (new tables and classrooms).
MOVE_HOURS: Any = Field(default=None, ge=1, le=MOST_HOURS)

_UNITS = (("duration-day", 86_400), ("duration-hour", 3_600), ("duration-minute", 60))


def time_words(seconds: float, lang: str) -> str:
    """``seconds`` in words, in its two largest whole units ("2 days 3 hours", "5 hours",
    "3 minutes", 「1 天 4 小時」); under a minute: "1 minute" (0 itself: "0 minutes")."""
    left = max(0, int(seconds))
    parts: list[str] = []
    locale = LOCALES.get(lang, lang)
    for unit, size in _UNITS:
        count, left = divmod(left, size)
        if count or parts:
            if count:
                parts.append(format_unit(count, unit, locale=locale, length="long"))
            if len(parts) == 2 or (parts and not count):
                break
    if not parts:
        whole = 1 if seconds > 0 else 0
        parts.append(format_unit(whole, "duration-minute", locale=locale, length="long"))
    return " ".join(parts)


#: Why a table's pace is refused (``rule`` of the ``pace`` error) -> the sentence.
PACE_REFUSALS = {
    "pace-hours-live": N_(
        "'move_hours' is the time per move of a turn-based table: choose pace \"turn-based\","
        " or leave it out"
    ),
    "pace-minutes-turn-based": N_(
        "a turn-based table counts its time per move in hours ('move_hours', 1 to {most}),"
        " not 'turn_minutes'"
    ),
    "pace-timeout-live": N_(
        "'on_timeout' is the rule of a turn-based table when a move's time runs out: choose"
        ' pace "turn-based", or leave it out'
    ),
}


@dataclass(frozen=True)
class TablePace:
    """How a new table is paced: ``pace``, its time per move in minutes (None: no timer)
    and a turn-based table's rule when a move's time runs out."""

    pace: Pace = LIVE
    minutes: int | None = None
    on_timeout: OnTimeout = BOT_MOVE

    @classmethod
    def of(
        cls,
        pace: Pace,
        turn_minutes: int | None,
        move_hours: int | None,
        on_timeout: OnTimeout | None,
    ) -> TablePace:
        """The pace a request asked for; WebError 422 ``pace`` naming the field that does
        not belong to it. A turn-based table without ``move_hours`` gets a day per move."""
        if pace == LIVE:
            if move_hours is not None:
                raise refusal(422, "pace", "pace-hours-live", PACE_REFUSALS)
            if on_timeout is not None:
                raise refusal(422, "pace", "pace-timeout-live", PACE_REFUSALS)
            return cls(LIVE, turn_minutes)
        if turn_minutes is not None:
            raise refusal(422, "pace", "pace-minutes-turn-based", PACE_REFUSALS, most=MOST_HOURS)
        hours = DEFAULT_HOURS if move_hours is None else move_hours
        return cls(TURN_BASED, hours * 60, on_timeout or BOT_MOVE)

    @classmethod
    def stored(cls, pace: str, minutes: int | None, on_timeout: str) -> TablePace:
        """The pace of a stored table (a rematch keeps it)."""
        if pace != TURN_BASED:
            return cls(LIVE, minutes)
        return cls(TURN_BASED, minutes, STANDIN if on_timeout == STANDIN else BOT_MOVE)

    def deadline(self, started: float, minute: float) -> float | None:
        """When a person's time runs out if their turn started at ``started`` (None: live
        tables keep no deadline); ``minute``: seconds in a minute of the timer."""
        if self.pace != TURN_BASED or not self.minutes:
            return None
        return started + self.minutes * minute

    def columns(self) -> dict[str, Any]:
        """The table row's columns of this pace."""
        if self.pace == LIVE:
            return {"turn_minutes": self.minutes}
        return {"turn_minutes": self.minutes, "pace": self.pace, "on_timeout": self.on_timeout}
