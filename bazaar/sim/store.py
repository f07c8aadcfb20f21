"""The out folder of a simulation: its plan, one row per game, timings and records.

``DIR/plan.json`` says what is simulated; ``DIR/rows.csv`` (or ``DIR/rows/part-*.parquet``)
holds one row per game, ``DIR/timings.csv`` the measured seconds and ``DIR/records.jsonl``
one game record per line. Games are written in ``game_index`` order, so the finished games
are always 0..n-1 and a run that is stopped resumes at n. A line cut short by a stop is
dropped on opening. The columns are listed in docs/simulation.md.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from bazaar.core import jsontext
from bazaar.core.errors import BazaarError
from bazaar.core.record import GameRecord
from bazaar.core.registry import get_game
from bazaar.i18n import N_
from bazaar.sim.errors import need_package
from bazaar.sim.plan import SimError, SimPlan
from bazaar.sim.play import GameResult

FORMATS = ("csv", "parquet")
#: parquet rows are written in parts of this many games
PARQUET_PART = 256

GAME_COLUMNS: dict[str, type] = {
    "game_index": int,
    "game": str,
    "players": int,
    "seed": int,
    "options": str,
    "decisions": int,
    "forced": int,
    "legal_mean": float,
    "legal_max": int,
    "lead_changes": int,
    "score_spread": float,
    "margin": float,
    "winners": str,
}
SEAT_COLUMNS: dict[str, type] = {
    "agent": str,
    "score": float,
    "win": float,
    "rank": int,
    "decisions": int,
    "forced": int,
}


def row_columns(players: int) -> dict[str, type]:
    """Every row column and its type, in file order."""
    columns = dict(GAME_COLUMNS)
    for k in range(1, players + 1):
        columns.update((f"seat{k}_{name}", kind) for name, kind in SEAT_COLUMNS.items())
    return columns


def timing_columns(players: int) -> dict[str, type]:
    columns: dict[str, type] = {"game_index": int, "seconds": float}
    columns.update((f"seat{k}_seconds", float) for k in range(1, players + 1))
    return columns


def cell(value: Any) -> str:
    """A CSV cell: floats to 6 significant digits, whole floats as integers."""
    if isinstance(value, float):
        if math.isfinite(value) and value == int(value):
            return str(int(value))
        return f"{value:.6g}"
    return str(value)


def parse_cell(text: str, kind: type) -> Any:
    if kind is float:
        number = float(text)
        return number
    return kind(text)


class OutDir:
    """A simulation's folder, opened for more games: ``OutDir.open(path, plan, fmt)``."""

    def __init__(self, path: Path, plan: SimPlan, fmt: str) -> None:
        self.path = path
        self.plan = plan
        self.fmt = fmt
        self.columns = row_columns(plan.players)
        self.timings = timing_columns(plan.players)
        self.done = 0
        self._pending: list[dict[str, Any]] = []
        self._files: dict[str, IO[str]] = {}

    @classmethod
    def open(cls, path: Path, plan: SimPlan, fmt: str = "csv") -> OutDir:
        """Create the folder, or reopen it for the same plan; raise SimError for another plan."""
        if fmt not in FORMATS:
            raise SimError.of(
                N_("unknown format {fmt!r} (known formats: {known})"),
                fmt=fmt,
                known=", ".join(FORMATS),
            )
        if fmt == "parquet":
            need_package("pyarrow", "sim", "--format parquet")
        if path.exists() and not path.is_dir():
            raise SimError.of(N_("--out {path} is a file, not a folder"), path=str(path))
        path.mkdir(parents=True, exist_ok=True)
        wanted = {**plan.to_json(), "rows": fmt}
        plan_file = path / "plan.json"
        if plan_file.exists():
            held = _held_plan(plan_file)
            if with_new_options(held) != wanted:
                raise SimError.of(
                    N_(
                        "--out {path} holds another simulation ({held}); choose another "
                        "folder or the same game, seats, players, options, seed and format"
                    ),
                    path=str(path),
                    held=describe_plan(held),
                )
        else:
            plan_file.write_text(json.dumps(wanted, indent=1, sort_keys=True) + "\n")
        out = cls(path, plan, fmt)
        try:
            out.done = out._recover()
        except UnicodeDecodeError as exc:
            raise SimError.of(
                N_("--out {path} holds a file that is not UTF-8 text"), path=str(path)
            ) from exc
        except (OSError, csv.Error) as exc:
            raise SimError.of(
                N_("--out {path} holds files that cannot be read back ({error})"),
                path=str(path),
                error=exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc),
            ) from exc
        return out

    # --- resuming -------------------------------------------------------------------
    def _recover(self) -> int:
        """Drop cut lines and games past the last full row; return the number of games kept."""
        if self.fmt == "csv":
            done = _trim_csv(self.path / "rows.csv", list(self.columns), None)
        else:
            done = sum(len(part) for part in _parquet_parts(self.path))
        _trim_csv(self.path / "timings.csv", list(self.timings), done)
        _trim_jsonl(self.path / "records.jsonl", done)
        return done

    # --- writing --------------------------------------------------------------------
    def add(self, result: GameResult) -> None:
        """Write one finished game; games must come in ``game_index`` order."""
        if result.index != self.done:
            raise SimError(f"game {result.index} written out of order (next is {self.done})")
        line = json.dumps({"game_index": result.index, "record": result.record})
        self._file("records.jsonl").write(line + "\n")
        self._write_csv("timings.csv", self.timings, result.timing)
        if self.fmt == "csv":
            self._write_csv("rows.csv", self.columns, result.row)
        else:
            self._pending.append(result.row)
            if len(self._pending) >= PARQUET_PART:
                self._flush_parquet()
        self.done += 1
        for handle in self._files.values():
            handle.flush()

    def close(self) -> None:
        """Write what is pending and close the files (call it also after a stop)."""
        self._flush_parquet()
        for handle in self._files.values():
            handle.close()
        self._files.clear()

    def _file(self, name: str) -> IO[str]:
        handle = self._files.get(name)
        if handle is None:
            path = self.path / name
            handle = self._files[name] = path.open("a", encoding="utf-8", newline="")
        return handle

    def _write_csv(self, name: str, columns: dict[str, type], values: dict[str, Any]) -> None:
        handle = self._file(name)
        if handle.tell() == 0:
            csv.writer(handle, lineterminator="\n").writerow(columns)
        csv.writer(handle, lineterminator="\n").writerow(cell(values[c]) for c in columns)

    def _flush_parquet(self) -> None:
        if not self._pending:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        first = self._pending[0]["game_index"]
        table = pa.Table.from_pylist(self._pending, schema=_arrow_schema(self.columns))
        (self.path / "rows").mkdir(exist_ok=True)
        pq.write_table(table, self.path / "rows" / f"part-{first:09d}.parquet")
        self._pending.clear()


def _arrow_schema(columns: dict[str, type]) -> Any:
    import pyarrow as pa

    kinds = {int: pa.int64(), float: pa.float64(), str: pa.string()}
    fields = [(name, kinds[kind]) for name, kind in columns.items()]
    fields[3] = ("seed", pa.uint64())
    return pa.schema(fields)


def _parquet_parts(path: Path) -> Iterator[list[dict[str, Any]]]:
    folder = path / "rows"
    if not folder.is_dir():
        return
    import pyarrow.parquet as pq

    for part in sorted(folder.glob("part-*.parquet")):
        yield pq.read_table(part).to_pylist()


def _trim_csv(path: Path, header: list[str], keep: int | None) -> int:
    """Keep the header and the first ``keep`` full rows (all full rows if None)."""
    if not path.exists():
        return 0
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")[:-1]  # a last line without its newline was cut short
    if lines and next(csv.reader([lines[0]])) != header:
        raise SimError.of(N_("{path} has other columns than this simulation's"), path=str(path))
    body = lines[1:]
    if keep is not None:
        body = body[:keep]
    kept = "\n".join(lines[:1] + body) + "\n" if lines else ""
    if kept != text:
        path.write_text(kept, encoding="utf-8")
    return len(body)


def _trim_jsonl(path: Path, keep: int) -> None:
    if not path.exists():
        return
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")[:-1][:keep]
    kept = "".join(line + "\n" for line in lines)
    if kept != text:
        path.write_text(kept, encoding="utf-8")


def _held_plan(plan_file: Path) -> dict[str, Any]:
    """The plan a folder holds (read strictly); SimError, in words, if it cannot be read."""
    try:
        held = jsontext.read_file(plan_file)
    except jsontext.BadJson as exc:
        raise SimError.of(
            N_("--out {path}: its plan.json cannot be read: {reason}"),
            path=str(plan_file.parent),
            reason=exc,
        ) from exc
    if not isinstance(held, dict):
        raise SimError.of(
            N_("--out {path}: its plan.json is not a simulation's plan (a JSON object)"),
            path=str(plan_file.parent),
        )
    return held


def with_new_options(plan: dict[str, Any]) -> dict[str, Any]:
    """A plan written before a rule option was added, with that option at its default.

    A new option's default keeps every recorded game as it was (docs/architecture.md), so an
    old folder is still the same simulation and resumes.
    """
    try:
        game = get_game(plan["game"])
        options = game.resolve_options(plan["options"])
    except (BazaarError, KeyError, TypeError):
        return plan
    return {**plan, "options": dict(sorted(options.items()))}


def describe_plan(plan: dict[str, Any]) -> str:
    """``take-stock, 4 players, heuristic/random/random/random, seed 7`` for messages."""
    agents = "/".join(plan.get("agents", []))
    return f"{plan.get('game')}, {plan.get('players')} players, {agents}, seed {plan.get('seed')}"


# --- reading ------------------------------------------------------------------------
def read_plan(path: Path) -> SimPlan:
    """The plan of a simulation folder; raise SimError if it holds none."""
    plan_file = Path(path) / "plan.json"
    if not plan_file.exists():
        raise SimError.of(N_("{path} holds no simulation (no plan.json)"), path=str(path))
    return SimPlan.from_json(json.loads(plan_file.read_text(encoding="utf-8")))


def read_rows(path: Path, limit: int | None = None) -> list[dict[str, Any]]:
    """The rows of a simulation folder in ``game_index`` order, typed (at most ``limit``)."""
    path = Path(path)
    plan_data = json.loads((path / "plan.json").read_text(encoding="utf-8"))
    columns = row_columns(plan_data["players"])
    if plan_data.get("rows") == "parquet":
        rows = [row for part in _parquet_parts(path) for row in part]
    else:
        rows = _read_csv(path / "rows.csv", columns)
    return rows[:limit] if limit is not None else rows


def read_timings(path: Path, limit: int | None = None) -> list[dict[str, Any]]:
    """The measured seconds per game, in ``game_index`` order."""
    path = Path(path)
    players = json.loads((path / "plan.json").read_text(encoding="utf-8"))["players"]
    rows = _read_csv(path / "timings.csv", timing_columns(players))
    return rows[:limit] if limit is not None else rows


def read_records(path: Path, limit: int | None = None) -> Iterator[tuple[int, GameRecord]]:
    """``(game_index, record)`` of each game, streamed in order."""
    records = Path(path) / "records.jsonl"
    if not records.exists():
        return
    with open(records, encoding="utf-8") as handle:
        for count, line in enumerate(handle):
            if limit is not None and count >= limit:
                return
            data = json.loads(line)
            yield data["game_index"], GameRecord.from_json(data["record"])


def _read_csv(path: Path, columns: dict[str, type]) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        return [{name: parse_cell(row[name], columns[name]) for name in columns} for row in reader]


def rows_csv_text(rows: list[dict[str, Any]], players: int) -> str:
    """Rows as the CSV text ``rows.csv`` holds (for comparing simulations)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    columns = row_columns(players)
    writer.writerow(columns)
    for row in rows:
        writer.writerow(cell(row[name]) for name in columns)
    return buffer.getvalue()
