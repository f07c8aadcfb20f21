"""Post-game analyses in the background: worked out once per table and seat, then stored.

An analysis is the table's win curve and turning points (the same for every seat: worked out
once per table) and one seat's judged decisions. It runs as a background task that sends small
jobs (a few sampled positions, a few decisions) to the advice pool, so the bots' pool and the
event loop never wait for it, and counts its progress between them: ``done`` of ``total``
(sampled positions plus decisions). Whoever asks meanwhile gets that progress; the finished
parts are stored (the ``analyses`` table), so a second request, or one after a restart, gets
them without working anything out again.

Analyses wait behind every hint on the advice desk (``BACKGROUND`` priority), and how many may
be worked out at once is bounded when one starts: ``per_address`` running analyses for one
client address and ``per_table`` for one table. One that does not fit is refused at once
(429, ``analysis-busy``, with the seconds after which to ask again), never queued for minutes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bazaar.bots.analysis import CURVE_POINTS, curve_moves, curve_step, mistakes
from bazaar.bots.shapes import Decision
from bazaar.i18n import N_, t
from bazaar.web import workers
from bazaar.web.advice import BACKGROUND, AdviceError, AdviceKey
from bazaar.web.ratelimit import ANALYSES_PER_ADDRESS, ANALYSES_PER_TABLE, ANALYSIS_RETRY
from bazaar.web.store import CURVE_SEAT

if TYPE_CHECKING:
    from bazaar.web.hub import Hub, LiveTable

log = logging.getLogger("bazaar.web")

#: sampled positions per curve job, and decisions per decision job
CURVE_CHUNK = 4
DECISION_CHUNK = 3
ADDRESS_BUSY = N_(
    "{count} analyses asked from your address are still being worked out; "
    "ask again in {seconds} seconds"
)
TABLE_BUSY = N_(
    "another seat's analysis of this table is being worked out; ask again in {seconds} seconds"
)


@dataclass
class Job:
    """One seat's analysis being worked out."""

    done: int = 0
    total: int = 0
    task: asyncio.Task[None] | None = None
    failed: bool = False
    #: the client address that asked for it (bounded by ``Reports.per_address``)
    address: str = ""

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()


@dataclass
class CurveJob:
    done: int = 0
    total: int = 0
    task: asyncio.Task[dict[str, Any]] | None = None


@dataclass
class Reports:
    """The analyses of every table: finished ones in memory and in the store, running jobs."""

    hub: Hub
    points: int = CURVE_POINTS
    per_address: int = ANALYSES_PER_ADDRESS
    per_table: int = ANALYSES_PER_TABLE
    #: (table, seat) -> the finished analysis (seat -1: the curve part)
    ready: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    jobs: dict[tuple[str, int], Job] = field(default_factory=dict)
    curves: dict[str, CurveJob] = field(default_factory=dict)
    #: pool jobs sent (tests count them: a stored analysis sends none)
    sent: int = 0

    async def status(
        self, table: LiveTable, seat: int, address: str = "", lang: str = "en"
    ) -> dict[str, Any]:
        """``{"status": "ready", ...the analysis}`` or ``{"status": "running", "done",
        "total"}`` (and the job started if it was not yet), or once after a failure
        ``{"status": "failed"}`` (the next request starts afresh).

        A job that would pass the bounds (``address`` has ``per_address`` analyses running,
        or the table ``per_table``) is not started: :class:`AdviceError` 429
        ``analysis-busy`` with ``retry_after``."""
        found = await self._finished(table, seat)
        if found is not None:
            return {"status": "ready", **found}
        key = (table.id, seat)
        job = self.jobs.get(key)
        if job is not None and job.failed:
            del self.jobs[key]
            return {"status": "failed"}
        if job is None:
            self._check_bounds(table.id, address, lang)
            job = self.jobs[key] = Job(address=address)
            job.task = asyncio.create_task(self._work(table, seat, job))
        curve = self.curves.get(table.id)
        done = job.done + (curve.done if curve else 0)
        total = max(job.total + (curve.total if curve else 0), done)
        return {"status": "running", "done": done, "total": total}

    def _check_bounds(self, table_id: str, address: str, lang: str) -> None:
        running = [(key, job) for key, job in self.jobs.items() if job.running]
        mine = sum(1 for _, job in running if job.address == address)
        if self.per_address and mine >= self.per_address:
            message = t(ADDRESS_BUSY, lang, count=mine, seconds=ANALYSIS_RETRY)
        elif self.per_table and sum(1 for key, _ in running if key[0] == table_id) >= (
            self.per_table
        ):
            message = t(TABLE_BUSY, lang, seconds=ANALYSIS_RETRY)
        else:
            return
        raise AdviceError(429, "analysis-busy", message, retry_after=ANALYSIS_RETRY)

    async def _finished(self, table: LiveTable, seat: int) -> dict[str, Any] | None:
        mine = await self._part(table.id, seat)
        curve = await self._part(table.id, CURVE_SEAT) if mine is not None else None
        if mine is None or curve is None:
            return None
        return {"seat": seat, **curve, **mine}

    async def _part(self, table_id: str, seat: int) -> dict[str, Any] | None:
        key = (table_id, seat)
        if key not in self.ready:
            stored = await asyncio.to_thread(self.hub.store.load_analysis, table_id, seat)
            if stored is None:
                return None
            self.ready[key] = stored
        return self.ready[key]

    async def _keep(self, table_id: str, seat: int, data: dict[str, Any]) -> None:
        await asyncio.to_thread(self.hub.store.save_analysis, table_id, seat, data)
        if table_id in self.hub.tables:  # an unloaded table's stays in the store only
            self.ready[(table_id, seat)] = data

    async def _run(
        self, table: LiveTable, seat: int, kind: str, fn: Callable[..., Any], *args: Any
    ) -> Any:
        """One small job on the advice desk, behind every hint waiting there."""
        key = AdviceKey(table.id, seat, table.seq, f"analysis:{kind}")
        self.sent += 1
        return await self.hub.advisor.advise(
            key, "en", fn, *args, priority=BACKGROUND, counted=False
        )

    async def _work(self, table: LiveTable, seat: int, job: Job) -> None:
        try:
            record = table.record()
            curve_task = self._curve(table, record)
            moves = await self._run(table, seat, "plan", workers.decision_moves, record, seat)
            job.total = len(moves)
            level = self.hub.analysis_level
            entries: list[Decision] = []
            for start in range(0, len(moves), DECISION_CHUNK):
                part = moves[start : start + DECISION_CHUNK]
                entries += await self._run(
                    table,
                    seat,
                    f"d{start}",
                    workers.analyse_part,
                    record,
                    seat,
                    level,
                    part,
                )
                job.done = len(entries)
            await curve_task
            entries.sort(key=lambda e: (-e["loss"], e["index"]))
            await self._keep(table.id, seat, {"decisions": entries, "mistakes": mistakes(entries)})
            del self.jobs[(table.id, seat)]
        except Exception:
            log.exception("the analysis of seat %d at table %s failed", seat, table.id)
            job.failed = True

    def _curve(self, table: LiveTable, record: dict[str, Any]) -> asyncio.Task[dict[str, Any]]:
        """The table's curve job (one for every seat's analysis; stored once)."""
        job = self.curves.get(table.id)
        if job is None or (job.task is not None and job.task.done() and job.task.exception()):
            job = self.curves[table.id] = CurveJob()
            job.task = asyncio.create_task(self._work_curve(table, record, job))
        assert job.task is not None
        return job.task

    async def _work_curve(
        self, table: LiveTable, record: dict[str, Any], job: CurveJob
    ) -> dict[str, Any]:
        stored = await self._part(table.id, CURVE_SEAT)
        if stored is not None:
            return stored
        moves = curve_moves(len(record["actions"]), self.points)
        job.total = len(moves)
        win: list[list[float]] = []
        for start in range(0, len(moves), CURVE_CHUNK):
            part = moves[start : start + CURVE_CHUNK]
            win += await self._run(
                table,
                CURVE_SEAT,
                f"c{start}",
                workers.curve_part,
                record,
                part,
            )
            job.done = len(win)
        curve = {
            "moves": moves,
            "win": win,
            "step": curve_step(len(record["actions"]), self.points),
        }
        turns = await self._run(table, CURVE_SEAT, "turns", workers.turning_points, record, curve)
        data = {"curve": curve, "turning_points": turns}
        await self._keep(table.id, CURVE_SEAT, data)
        if table.id not in self.hub.tables:  # unloaded meanwhile: nothing more to keep
            self.curves.pop(table.id, None)
        return data

    def forget(self, table_id: str) -> None:
        """Drop what is kept in memory of a table being unloaded: its finished analyses (they
        are in the store) and its finished curve job. Running jobs carry on."""
        for key in [key for key in self.ready if key[0] == table_id]:
            del self.ready[key]
        curve = self.curves.get(table_id)
        if curve is not None and curve.task is not None and curve.task.done():
            del self.curves[table_id]

    def close(self) -> None:
        for job in self.jobs.values():
            if job.task is not None:
                job.task.cancel()
        for curve in self.curves.values():
            if curve.task is not None:
                curve.task.cancel()


def localized(report: dict[str, Any], lang: str) -> dict[str, Any]:
    """The analysis with each ``{lang: sentence}`` replaced by the sentence in ``lang``."""

    def pick(value: Any) -> Any:
        if isinstance(value, dict):
            if set(value) >= {"en", "zh-TW"} and all(isinstance(v, str) for v in value.values()):
                return value.get(lang, value["en"])
            return {k: pick(v) for k, v in value.items()}
        if isinstance(value, list):
            return [pick(v) for v in value]
        return value

    found: dict[str, Any] = pick(report)
    return found
