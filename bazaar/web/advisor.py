"""Advice for a seat: hints and guide steps on the advice desk (shared, one per seat, capped;
after the bots), and the post-game analyses of :mod:`bazaar.web.reports`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bazaar.bots.shapes import GuideStep, HintMove
from bazaar.i18n import t
from bazaar.web import workers
from bazaar.web.advice import FAILED as ADVICE_FAILED
from bazaar.web.advice import FOREGROUND, AdviceDesk, AdviceError, AdviceKey, AdviceStats
from bazaar.web.errors import WebError
from bazaar.web.live import LiveTable
from bazaar.web.reports import Reports, localized


class Advisor:
    """Hands hints, guide steps and analyses to the advice desk and to the reports."""

    def __init__(self, desk: AdviceDesk, reports: Reports, hint_level: str) -> None:
        self.desk = desk
        #: post-game analyses worked out in the background and stored
        self.reports = reports
        self.hint_level = hint_level

    @property
    def stats(self) -> AdviceStats:
        return self.desk.stats

    async def advise(
        self,
        key: AdviceKey,
        lang: str,
        fn: Callable[..., Any],
        *args: Any,
        priority: int = FOREGROUND,
        counted: bool = True,
    ) -> Any:
        """``fn(*args)`` on the advice desk (shared, one per seat, capped, hints before
        post-game work: see :class:`AdviceDesk`); WebError if not."""
        try:
            return await self.desk.compute(
                key, fn, *args, lang=lang, priority=priority, counted=counted
            )
        except AdviceError as exc:
            raise WebError.of(exc) from exc

    async def hint(self, table: LiveTable, seat: int, lang: str = "en") -> list[HintMove]:
        if table.state.to_move() != seat:
            raise WebError(409, "turn", "hints are for the player to move, and it is not your turn")
        # after an undo the same move number can be another position: not the same hint
        kind = f"hint:{table.epoch}" if table.epoch else "hint"
        key = AdviceKey(table.id, seat, table.seq, kind)
        record = table.record()
        return await self.advise(key, lang, workers.hint_moves, record, seat, self.hint_level)

    async def guide(self, table: LiveTable, seat: int, lang: str = "en") -> GuideStep:
        """The guided game's step for ``seat`` (the seat to move), on the advice desk."""
        if table.state.to_move() != seat:
            raise WebError(409, "turn", "the guide speaks when it is your turn, and it is not")
        kind = f"guide:{table.epoch}" if table.epoch else "guide"
        key = AdviceKey(table.id, seat, table.seq, kind)
        step: GuideStep = await self.advise(key, lang, workers.guide_step, table.record(), seat)
        return step

    async def analysis_report(
        self, table: LiveTable, seat: int, lang: str = "en", address: str = ""
    ) -> dict[str, Any]:
        """The stored analysis of ``seat`` in ``lang`` (``status`` "ready"), or its progress
        (``status`` "running", ``done``, ``total``): see :mod:`bazaar.web.reports`. A new
        one asked from ``address`` past the bounds is refused (429 ``analysis-busy``)."""
        if not table.state.is_over():
            raise WebError(409, "not-over", "the analysis is ready once the game is over")
        try:
            found = await self.reports.status(table, seat, address, lang)
        except AdviceError as exc:
            raise WebError.of(exc) from exc
        if found["status"] == "failed":
            raise WebError(503, "advice-failed", t(ADVICE_FAILED, lang))
        return localized(found, lang)
