"""A simulation's rows turned into figures with 95% intervals (docs/simulation.md, "Summary").

``summarize(rows, timings)`` returns the Summary dict of the contract: win share and mean score
per seat and per agent, the first-player advantage, TAG-style metrics of play and openskill
ratings. Pure Python and deterministic: the same rows give the same dict, byte for byte as JSON.

How the intervals are made (95%):

* **Win shares** (a seat's, an agent's, the first player's): Wilson score interval, with the
  sum of the win shares as the count of successes (a game shared by w winners counts 1/w to
  each) and the games played as trials. An agent's trials are the seats it played; when an agent
  holds several seats of a game those trials are not independent, so its interval is a little
  narrow in such fields.
* **Means per game** (scores, decisions, lead changes, score spread, margin): Student's t
  interval, mean ± t(0.975, n-1) · s / √n with the sample standard deviation s (a single game
  gives the point itself); counts and spreads, never negative, have the low end clipped at 0.
* **Shares over decisions** (forced share, legal moves per decision): the pooled ratio
  Σ part / Σ decisions, with the ratio estimator's interval that treats each game as one
  cluster (decisions of one game are not independent): se² = Σ (part_i − R·d_i)² /
  (n (n−1) d̄²), R ± t · se (shares clipped to [0, 1]).

Ratings: openskill's Plackett-Luce model (``openskill==6.2.0``), games fed in ``game_index``
order, each seat ranked by ``seat{k}_rank`` (ties share a rank). Every seat is its own team; a
seat of agent A enters the game with A's rating before the game. When A holds several seats,
its new rating is the mean of those seats' updated mu and sigma: each seat is an equal sample
of how A plays, and A's copies beating one another move A's mu by about nothing on average
(rating A once by its best seat would reward holding more seats). A game where every seat is
the same agent carries no information about the agents and is not rated.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: two-sided 95% quantiles of Student's t for 1..30 degrees of freedom (then 1.96 is close)
T_975 = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)  # fmt: skip
Z_975 = 1.959964
#: how many digits the summary's floats keep (JSON stays short and stable)
DIGITS = 6

Interval = dict[str, float]
Row = Mapping[str, Any]


def _round(value: float) -> float:
    return round(value, DIGITS) + 0.0  # + 0.0 turns -0.0 into 0.0


def interval(mean: float, low: float, high: float) -> Interval:
    return {"mean": _round(mean), "low": _round(low), "high": _round(high)}


def t_quantile(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (1.96 beyond 30)."""
    return T_975[df - 1] if 1 <= df <= len(T_975) else Z_975


def wilson(successes: float, trials: int) -> Interval:
    """Wilson score interval of a share ``successes / trials`` (0/0 is the point 0)."""
    if trials <= 0:
        return interval(0.0, 0.0, 0.0)
    share = successes / trials
    z2 = Z_975 * Z_975
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z_975 * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials))
    half /= 1 + z2 / trials
    return interval(share, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], floor: float | None = None) -> Interval:
    """Student's t interval of the mean of ``values`` (empty: 0; one value: the point); a
    quantity that cannot go below ``floor`` (counts: 0) has its low end clipped there."""
    n = len(values)
    if n == 0:
        return interval(0.0, 0.0, 0.0)
    mean = math.fsum(values) / n
    if n == 1:
        return interval(mean, mean, mean)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    low = mean - half if floor is None else max(floor, mean - half)
    return interval(mean, low, mean + half)


def ratio_interval(parts: Sequence[float], totals: Sequence[float], share: bool) -> Interval:
    """Σ parts / Σ totals with the cluster ratio estimator's t interval (one cluster a game)."""
    n, whole = len(parts), math.fsum(totals)
    if n == 0 or whole <= 0:
        return interval(0.0, 0.0, 0.0)
    ratio = math.fsum(parts) / whole
    if n == 1:
        return interval(ratio, ratio, ratio)
    mean_total = whole / n
    residuals = math.fsum((p - ratio * d) ** 2 for p, d in zip(parts, totals, strict=True))
    half = t_quantile(n - 1) * math.sqrt(residuals / (n * (n - 1))) / mean_total
    low, high = ratio - half, ratio + half
    if share:
        low, high = max(0.0, low), min(1.0, high)
    return interval(ratio, low, high)


# --------------------------------------------------------------------------- the summary
def seat_agents(row: Row, players: int) -> list[str]:
    return [str(row[f"seat{k}_agent"]) for k in range(1, players + 1)]


def summarize(rows: Sequence[Row], timings: Sequence[Row] | None = None) -> dict[str, Any]:
    """The Summary dict of ``rows`` (one simulation, any order; see the module docstring)."""
    if not rows:
        raise ValueError("rows: no games to summarize")
    rows = sorted(rows, key=lambda r: int(r["game_index"]))
    game, players, n = str(rows[0]["game"]), int(rows[0]["players"]), len(rows)
    for row in rows:
        if str(row["game"]) != game or int(row["players"]) != players:
            raise ValueError(
                f"rows: game {row['game_index']} is {row['game']} with {row['players']} "
                f"players, not {game} with {players} (one simulation per summary)"
            )
    agents: list[str] = []
    for row in rows:
        for spec in seat_agents(row, players):
            if spec not in agents:
                agents.append(spec)
    fair = 1 / players
    seats = [
        {
            "seat": k,
            "win": wilson(math.fsum(float(r[f"seat{k}_win"]) for r in rows), n),
            "score": mean_interval([float(r[f"seat{k}_score"]) for r in rows]),
        }
        for k in range(1, players + 1)
    ]
    seconds = _seconds_per_decision(rows, timings, players) if timings is not None else {}
    ratings = rate(rows, players)
    agent_stats = []
    scores_by_agent: dict[str, list[float]] = {spec: [] for spec in agents}
    wins_by_agent: dict[str, float] = dict.fromkeys(agents, 0.0)
    for row in rows:
        for k, spec in enumerate(seat_agents(row, players), start=1):
            scores_by_agent[spec].append(float(row[f"seat{k}_score"]))
            wins_by_agent[spec] += float(row[f"seat{k}_win"])
    for spec in agents:
        played = len(scores_by_agent[spec])
        agent_stats.append(
            {
                "agent": spec,
                "seats_played": played,
                "win": wilson(wins_by_agent[spec], played),
                "score": mean_interval(scores_by_agent[spec]),
                "rating": ratings[spec],
                "seconds_per_decision": seconds.get(spec),
            }
        )
    first = wilson(math.fsum(float(r["seat1_win"]) for r in rows), n)
    decisions = [float(r["decisions"]) for r in rows]
    return {
        "game": game,
        "players": players,
        "games": n,
        "options": json.loads(str(rows[0]["options"]) or "{}"),
        "agents": agents,
        "fair": _round(fair),
        "seats": seats,
        "agent_stats": agent_stats,
        "first_player": {
            "win": first,
            "fair": _round(fair),
            "advantage": _round(first["mean"] - fair),
        },
        "metrics": {
            "decisions": mean_interval(decisions, floor=0.0),
            "forced_share": ratio_interval([float(r["forced"]) for r in rows], decisions, True),
            "legal_mean": ratio_interval(
                [float(r["legal_mean"]) * float(r["decisions"]) for r in rows], decisions, False
            ),
            "lead_changes": mean_interval([float(r["lead_changes"]) for r in rows], floor=0.0),
            "score_spread": mean_interval([float(r["score_spread"]) for r in rows], floor=0.0),
            "margin": mean_interval([float(r["margin"]) for r in rows], floor=0.0),
        },
        "distributions": {
            "score_by_agent": {spec: [_round(s) for s in v] for spec, v in scores_by_agent.items()},
            "decisions": [int(d) for d in decisions],
        },
    }


def _seconds_per_decision(
    rows: Sequence[Row], timings: Iterable[Row], players: int
) -> dict[str, float | None]:
    """Agent -> seconds of choosing per decision it made, over the games both files hold."""
    by_index = {int(timing["game_index"]): timing for timing in timings}
    spent: dict[str, float] = {}
    made: dict[str, int] = {}
    for row in rows:
        timing = by_index.get(int(row["game_index"]))
        if timing is None:
            continue
        for k, spec in enumerate(seat_agents(row, players), start=1):
            spent[spec] = spent.get(spec, 0.0) + float(timing[f"seat{k}_seconds"])
            made[spec] = made.get(spec, 0) + int(row[f"seat{k}_decisions"])
    return {spec: (_round(spent[spec] / made[spec]) if made[spec] else None) for spec in spent}


def rate(rows: Sequence[Row], players: int) -> dict[str, dict[str, float]]:
    """Agent -> openskill Plackett-Luce rating ``{"mu", "sigma", "ordinal"}`` after ``rows``."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, tuple[float, float]] = {}
    for row in sorted(rows, key=lambda r: int(r["game_index"])):
        specs = seat_agents(row, players)
        for spec in specs:
            ratings.setdefault(spec, (model.mu, model.sigma))
        if len(set(specs)) < 2:
            continue
        teams = [[model.rating(mu=ratings[s][0], sigma=ratings[s][1])] for s in specs]
        ranks = [float(row[f"seat{k}_rank"]) for k in range(1, players + 1)]
        updated = model.rate(teams, ranks=ranks)
        for spec in set(specs):
            mine = [updated[i][0] for i, s in enumerate(specs) if s == spec]
            ratings[spec] = (
                math.fsum(r.mu for r in mine) / len(mine),
                math.fsum(r.sigma for r in mine) / len(mine),
            )
    return {
        spec: {
            "mu": _round(mu),
            "sigma": _round(sigma),
            "ordinal": _round(model.rating(mu=mu, sigma=sigma).ordinal()),
        }
        for spec, (mu, sigma) in ratings.items()
    }
