"""A small N-Tuple Bandit Evolutionary Algorithm (NTBEA; Lucas, Liu and Perez-Liebana 2018, as
TAG tunes games and agents with it): a noisy search over a grid of discrete parameters.

A point is one index per parameter. The model keeps, for every 1-tuple (one parameter), every
2-tuple (a pair) and the whole point, the count and the sum of the scores seen for each
combination of values. A point's estimate is the mean over those tuples of the tuple's mean
score (scores scaled to [0, 1] by the lowest and highest seen; tuples whose combination was
never seen are left out of that mean) plus the mean over every tuple of an exploration bonus
``explore * sqrt(ln(1 + N) / (n + EPSILON))`` (n: the evaluations of that combination, N: of
all). Each step makes ``neighbours`` mutations of the current point (each parameter changes with
probability ``mutation``, at least one always), moves to the one of highest estimate and
evaluates it. At the end the evaluated points are ranked by the model's estimate without the
bonus, which pools every evaluation that shares a value or a pair of values with a point.

Higher scores are better. Deterministic: the same seed and the same scores give the same
points (Python's ``random.Random``, whose sequence is fixed for a seed).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

Point = tuple[int, ...]
#: added to a combination's count in the bonus, so an unseen combination has a large finite one
EPSILON = 0.5


@dataclass
class NTupleModel:
    """The bandit statistics of every tuple over points of a grid with ``sizes`` values."""

    sizes: tuple[int, ...]
    tuples: list[tuple[int, ...]] = field(default_factory=list)
    #: per tuple: the values of its parameters -> [count, sum of scores]
    stats: list[dict[Point, list[float]]] = field(default_factory=list)
    count: int = 0
    low: float = math.inf
    high: float = -math.inf

    def __post_init__(self) -> None:
        dims = range(len(self.sizes))
        if not self.tuples:
            self.tuples = [(d,) for d in dims] + list(itertools.combinations(dims, 2))
            if len(self.sizes) > 2:
                self.tuples.append(tuple(dims))
        self.stats = [{} for _ in self.tuples]

    def add(self, point: Point, score: float) -> None:
        """Count one evaluation of ``point`` that scored ``score``."""
        for tup, stats in zip(self.tuples, self.stats, strict=True):
            entry = stats.setdefault(tuple(point[d] for d in tup), [0.0, 0.0])
            entry[0] += 1
            entry[1] += score
        self.count += 1
        self.low, self.high = min(self.low, score), max(self.high, score)

    def _scaled(self, mean: float) -> float:
        span = self.high - self.low
        return (mean - self.low) / span if span > 0 else 0.5

    def estimate(self, point: Point, explore: float = 0.0) -> float:
        """The mean over the tuples whose combination has been seen of its scaled mean score
        (nothing seen: 0), plus ``explore`` times the mean bonus over every tuple."""
        means: list[float] = []
        bonus = 0.0
        log_all = math.log(1 + self.count)
        for tup, stats in zip(self.tuples, self.stats, strict=True):
            entry = stats.get(tuple(point[d] for d in tup))
            if entry:
                means.append(self._scaled(entry[1] / entry[0]))
            bonus += math.sqrt(log_all / ((entry[0] if entry else 0.0) + EPSILON))
        mean = math.fsum(means) / len(means) if means else 0.0
        return mean + explore * bonus / len(self.tuples)


@dataclass(frozen=True)
class Search:
    """What a search did: each evaluated point with its score, in order, and the evaluated
    points ranked by the model's estimate (best first), each once."""

    history: list[tuple[Point, float]]
    ranked: list[tuple[Point, float]]
    #: the model's own best point: from the best evaluated one, each parameter in turn set to
    #: the value of highest estimate until none improves it (it may not have been evaluated)
    model_best: Point


def neighbour(point: Point, sizes: Sequence[int], mutation: float, rng: random.Random) -> Point:
    """``point`` with each parameter (of more than one value) moved to another value with
    probability ``mutation``, and at least one always moved."""
    free = [d for d, size in enumerate(sizes) if size > 1]
    if not free:
        return point
    moved = [d for d in free if rng.random() < mutation] or [rng.choice(free)]
    out = list(point)
    for d in moved:
        other = rng.randrange(sizes[d] - 1)
        out[d] = other if other < point[d] else other + 1
    return tuple(out)


def search(
    sizes: Sequence[int],
    evaluate: Callable[[Point], float],
    budget: int,
    seed: int = 0,
    start: Point | None = None,
    neighbours: int = 50,
    explore: float = 0.3,
    mutation: float | None = None,
) -> Search:
    """Evaluate ``budget`` points of the grid, from ``start`` (default: a random point), each
    chosen by the model among ``neighbours`` mutations of the last; ``mutation`` defaults to
    1 / (number of parameters)."""
    if budget < 1:
        raise ValueError(f"budget must be at least 1, not {budget}")
    if not sizes or any(size < 1 for size in sizes):
        raise ValueError(f"sizes: every parameter needs a value, not {list(sizes)}")
    rng = random.Random(seed)
    model = NTupleModel(tuple(sizes))
    rate = mutation if mutation is not None else 1 / len(sizes)
    point = start if start is not None else tuple(rng.randrange(size) for size in sizes)
    history: list[tuple[Point, float]] = []
    for step in range(budget):
        score = evaluate(point)
        model.add(point, score)
        history.append((point, score))
        if step == budget - 1:
            break
        candidates = [neighbour(point, sizes, rate, rng) for _ in range(neighbours)]
        point = max(candidates, key=lambda p: model.estimate(p, explore))  # first of the best
    seen = list(dict.fromkeys(p for p, _ in history))
    ranked = sorted(
        ((p, model.estimate(p)) for p in seen), key=lambda item: -item[1]
    )  # stable: ties keep the order of first evaluation
    return Search(history, ranked, climb(model, ranked[0][0]))


def climb(model: NTupleModel, point: Point) -> Point:
    """Coordinate ascent on the model's estimate (no bonus) from ``point``."""
    best, value = point, model.estimate(point)
    improved = True
    while improved:
        improved = False
        for d, size in enumerate(model.sizes):
            for v in range(size):
                other = (*best[:d], v, *best[d + 1 :])
                other_value = model.estimate(other)
                if other_value > value + 1e-12:
                    best, value, improved = other, other_value, True
    return best
