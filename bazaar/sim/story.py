"""The story of play over many games: each game's story (``GameParts.story``) and their summary.

:func:`stories` replays the records of an output folder (``DIR/records.jsonl``, one
``{"game_index": i, "record": {...}}`` per line, read by :func:`bazaar.sim.store.read_records`)
and yields each game's story with its ``game_index`` added. :func:`aggregate` streams stories
into one JSON-able summary, keeping only per-point and per-lot counters (memory stays flat
however many games):

Price stories (Buy Low Sell High, Take Stock)::

    {"kind": "prices", "game": id, "players": P, "games": n, "stocks": [...as in a story],
     "segments": K, "x": [0, 1/B, ..., K],           # B = POINTS_PER_SEGMENT points a segment
     "marks": [[0, label], [1, label], ...],          # segment j starts at x = j
     "median": [[per x] per stock], "low": [...], "high": [...],  # 10th / 90th percentile
     "ends": [{"label": label, "games": m, "x": mean x, "mean": [per stock]}],
     "sample": {"game_index": i, "x": [per move], "prices": [[per move] per stock]}}

Progress is normalised per segment: segment ``j`` runs from a story's ``j``-th mark (year or
round start) to the next mark (the last one to the end), and point ``j + q/B`` reads the price
after the move nearest ``q/B`` of the way through that segment (halves rounding up); ``x = K``
is the final price. The quantiles interpolate linearly between the order statistics of the
prices at that point (like numpy's default). The sample is the story with the lowest
``game_index`` (the first seen when none has one). ``ends`` are the mean prices at each year
end (Buy Low Sell High, after the year's moves) or round scoring (Take Stock), at the mean
``x`` where they happened.

Market stories (Night Market)::

    {"kind": "market", "game": id, "players": P, "games": n, "board": {...}, "stalls": [...],
     "lots": [{"lot", "x", "y", "street", "bought": share of games, "price": mean paid | None,
               "price_median", "price_low", "price_high": (10th / 90th) | None,
               "served": mean customers served (all games), "bids": mean bids,
               "removed": share, "void": share, "stalls": {"T0": share of games, ...}}],
     "rounds": [{"round": r, "games": m, "entered": mean, "carried", "served", "left",
                 "stayed", "income": means}]}

Sums are kept as integers and divided at the end, so the summary is the same in any order of
the stories (but for the last digits of the ends' mean ``x``, a float sum).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from bazaar.core.errors import BadRecord
from bazaar.core.record import GameRecord
from bazaar.core.registry import game_parts
from bazaar.sim.store import read_records

RECORDS = "records.jsonl"
#: points of a price path per segment (year / round)
POINTS_PER_SEGMENT = 20
LOW, HIGH = 0.1, 0.9
FLOW_KEYS = ("entered", "carried", "served", "left", "stayed", "income")


# ---------------------------------------------------------------------------- reading
def _records(out_dir: Path, limit: int | None) -> Iterator[tuple[int, GameRecord]]:
    """The folder's records through the store, a bad line named by its number."""
    path = out_dir / RECORDS
    if not path.is_file():
        raise FileNotFoundError(f"no {RECORDS} in {out_dir} (not a simulation's output folder)")
    number = 1
    records = read_records(out_dir, limit)
    while True:
        try:
            item = next(records)
        except StopIteration:
            return
        except (ValueError, KeyError, TypeError, BadRecord) as exc:
            raise BadRecord(f"{path} line {number}: not a game record line ({exc})") from exc
        number += 1
        yield item


def stories(out_dir: str | Path, limit: int | None = None) -> Iterator[dict[str, Any]]:
    """Each game's story in the folder's records order (of its first ``limit`` games), with
    its ``game_index``; records of a game without a story are skipped. FileNotFoundError
    without ``records.jsonl``; BadRecord naming the line that is not a record."""
    for index, record in _records(Path(out_dir), limit):
        tell = game_parts(record.game).story
        if tell is not None:
            yield {**tell(record), "game_index": index}


# ---------------------------------------------------------------------------- counting
class Histogram:
    """Counts of integer values: exact quantiles in memory bounded by the distinct values."""

    __slots__ = ("counts", "total")

    def __init__(self) -> None:
        self.counts: dict[int, int] = {}
        self.total = 0

    def add(self, value: int) -> None:
        self.counts[value] = self.counts.get(value, 0) + 1
        self.total += 1

    def value_at(self, rank: int) -> int:
        """The value at 0-based ``rank`` in sorted order."""
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen > rank:
                return value
        raise IndexError(rank)

    def quantile(self, p: float) -> float | None:
        """The ``p`` quantile, linear between order statistics, to 6 decimals (None: empty)."""
        if not self.total:
            return None
        position = (self.total - 1) * p
        below = int(position)
        lower = self.value_at(below)
        upper = self.value_at(min(below + 1, self.total - 1))
        return round(lower + (upper - lower) * (position - below), 6)


def _mean(total: int | float, count: int) -> float | None:
    return total / count if count else None


def _segments(story: dict[str, Any]) -> list[tuple[int, int]]:
    """(first move, last move) of each segment of a price story."""
    n = story["moves"]
    starts = [int(mark[0]) for mark in story["marks"]]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    ends = [*starts[1:], n]
    return list(zip(starts, ends, strict=True))


def _move_x(story: dict[str, Any]) -> list[float]:
    """The progress ``x`` of every move of a price story (segment ``j`` spans ``j``..``j + 1``;
    a move that starts a segment sits at its start)."""
    xs: list[float] = []
    segments = _segments(story)
    for j, (first, last) in enumerate(segments):
        length = last - first
        stop = last if j == len(segments) - 1 else last - 1
        xs.extend(j + (i - first) / length if length else float(j) for i in range(first, stop + 1))
    return xs


def _sample(story: dict[str, Any]) -> dict[str, Any]:
    xs = _move_x(story)
    stocks = range(len(story["stocks"]))
    prices = [[row[s] for row in story["prices"][: len(xs)]] for s in stocks]
    return {"game_index": story.get("game_index"), "x": xs, "prices": prices}


class _Prices:
    def __init__(self, first: dict[str, Any]) -> None:
        self.head = {k: first[k] for k in ("game", "players", "stocks")}
        self.stocks = len(first["stocks"])
        self.games = 0
        self.hist: list[list[Histogram]] = [[] for _ in range(self.stocks)]
        self.marks: list[Any] = []
        self.ends: list[dict[str, Any]] = []
        self.sample: dict[str, Any] | None = None
        self.sample_key: tuple[int, int] | None = None

    def add(self, story: dict[str, Any]) -> None:
        self.games += 1
        segments = _segments(story)
        prices = story["prices"]
        points = []
        per = POINTS_PER_SEGMENT
        for first, last in segments:
            for q in range(per):  # the move nearest to q/per of the way (halves round up)
                points.append(prices[first + (2 * q * (last - first) + per) // (2 * per)])
        points.append(prices[story["moves"]])
        for s in range(self.stocks):
            column = self.hist[s]
            while len(column) < len(points):
                column.append(Histogram())
            for k, row in enumerate(points):
                column[k].add(int(row[s]))
        if len(story["marks"]) > len(self.marks):
            self.marks = [mark[1] for mark in story["marks"]]
        xs = _move_x(story) if story.get("ends") else []
        for j, end in enumerate(story.get("ends", [])):
            if j == len(self.ends):
                self.ends.append(
                    {"label": end["label"], "games": 0, "x": 0.0, "sum": [0] * self.stocks}
                )
            self.ends[j]["games"] += 1
            self.ends[j]["x"] += xs[min(end["move"], len(xs) - 1)]
            for s in range(self.stocks):
                self.ends[j]["sum"][s] += end["prices"][s]
        key = (0, story["game_index"]) if story.get("game_index") is not None else (1, 0)
        if self.sample_key is None or key < self.sample_key:
            self.sample_key, self.sample = key, _sample(story)

    def result(self) -> dict[str, Any]:
        size = len(self.hist[0]) if self.stocks else 1
        segments = (size - 1) // POINTS_PER_SEGMENT
        x = [k / POINTS_PER_SEGMENT for k in range(size)]
        bands = {
            name: [[h.quantile(p) for h in self.hist[s]] for s in range(self.stocks)]
            for name, p in (("median", 0.5), ("low", LOW), ("high", HIGH))
        }
        ends = [
            {
                "label": e["label"],
                "games": e["games"],
                "x": e["x"] / e["games"],
                "mean": [_mean(total, e["games"]) for total in e["sum"]],
            }
            for e in self.ends
        ]
        marks = [[j, label] for j, label in enumerate(self.marks)]
        return {
            "kind": "prices",
            **self.head,
            "games": self.games,
            "segments": segments,
            "x": x,
            "marks": marks,
            **bands,
            "ends": ends,
            "sample": self.sample,
        }


class _Market:
    def __init__(self, first: dict[str, Any]) -> None:
        self.head = {k: first[k] for k in ("game", "players", "board", "stalls")}
        self.stall_ids = [s["id"] for s in first["stalls"]]
        self.games = 0
        self.lots: dict[int, dict[str, Any]] = {}
        self.rounds: dict[int, dict[str, int]] = {}

    def add(self, story: dict[str, Any]) -> None:
        self.games += 1
        for lot in story["lots"]:
            acc = self.lots.get(lot["lot"])
            if acc is None:
                acc = self.lots[lot["lot"]] = {
                    "place": {k: lot[k] for k in ("lot", "x", "y", "street")},
                    "prices": Histogram(),
                    "price_sum": 0,
                    "served": 0,
                    "bids": 0,
                    "removed": 0,
                    "void": 0,
                    "stalls": dict.fromkeys(self.stall_ids, 0),
                }
            if lot["price"] is not None:
                acc["prices"].add(int(lot["price"]))
                acc["price_sum"] += lot["price"]
            acc["served"] += lot["served"]
            acc["bids"] += lot["bids"]
            acc["removed"] += lot["status"] == "removed"
            acc["void"] += lot["status"] == "void"
            if lot["stall"] is not None:
                acc["stalls"][lot["stall"]] = acc["stalls"].get(lot["stall"], 0) + 1
        for row in story["rounds"]:
            empty = dict.fromkeys(("games", *FLOW_KEYS), 0)
            acc_round = self.rounds.setdefault(row["round"], empty)
            acc_round["games"] += 1
            for key in FLOW_KEYS:
                acc_round[key] += row[key]

    def result(self) -> dict[str, Any]:
        n = self.games
        lots = []
        for number in sorted(self.lots):
            acc = self.lots[number]
            prices: Histogram = acc["prices"]
            lots.append(
                {
                    **acc["place"],
                    "bought": prices.total / n,
                    "price": _mean(acc["price_sum"], prices.total),
                    "price_median": prices.quantile(0.5),
                    "price_low": prices.quantile(LOW),
                    "price_high": prices.quantile(HIGH),
                    "served": acc["served"] / n,
                    "bids": acc["bids"] / n,
                    "removed": acc["removed"] / n,
                    "void": acc["void"] / n,
                    "stalls": {k: v / n for k, v in acc["stalls"].items()},
                }
            )
        rounds = []
        for number in sorted(self.rounds):
            acc = self.rounds[number]
            games = acc["games"]
            means = {key: acc[key] / games for key in FLOW_KEYS}
            rounds.append({"round": number, "games": games, **means})
        return {"kind": "market", **self.head, "games": n, "lots": lots, "rounds": rounds}


def aggregate(stories: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """One summary of many stories of one game (see the module docstring); ``{"kind": None,
    "games": 0}`` for none. ValueError if the stories are of different games or kinds."""
    summary: _Prices | _Market | None = None
    for story in stories:
        if summary is None:
            kinds: dict[str, type[_Prices] | type[_Market]] = {
                "prices": _Prices,
                "market": _Market,
            }
            if story.get("kind") not in kinds:
                raise ValueError(f"unknown story kind {story.get('kind')!r}")
            summary = kinds[story["kind"]](story)
        elif story.get("game") != summary.head["game"] or story.get("kind") != (
            "prices" if isinstance(summary, _Prices) else "market"
        ):
            raise ValueError(
                f"stories of {story.get('game')!r} mixed with {summary.head['game']!r}: "
                "aggregate one game at a time"
            )
        summary.add(story)
    if summary is None:
        return {"kind": None, "games": 0}
    return summary.result()
