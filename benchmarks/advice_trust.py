"""Can the advice be trusted? (issue 24): hints that agree with themselves and a deeper look,
an analysis curve that moves only where the game does, and searches that keep their budget.

Usage: python benchmarks/advice_trust.py [--positions 100] [--games a,b] [--depth 10]
       [--curve-games 3] [--reference 240] [--search-ms 4000] [--legacy]
       BUDGET_MS=400 python benchmarks/advice_trust.py --budget-only --positions 30

For each game, the fixed positions of ``hint_quality.positions`` (seeded games of random and
heuristic players, a seeded decision with two or more legal moves) get:

- two medium hints whose hidden cards are sampled with different seeds: *self-agreement* is
  the share of positions whose best move is the same in both (the web's hints use the seat's
  view as the seed, so there one position always gets one answer: this measures the noise
  that is left when the samples change);
- one hint with ``--depth`` times the medium budget (another seed): *agreement* is the share
  of positions whose first medium hint names its best move; *agreement when not close* the
  same over the positions the medium hint did not call too close;
- one hard search (ISMCTS; after issue 24 with the model at its leaves) of ``--search-ms``
  (default 4000: ten times the medium search's 400 ms before issue 24): *agreement with the
  search* is the share of positions whose first medium hint names the move it chooses;
- the time of each medium hint as served (the default seed; words and changes included;
  mean, 95th percentile, max; one core);
- *budget*: a search asked for 50 ms (``BUDGET_MS``) chooses a move from each of the first
  ten positions (``--budget-only``: from each of ``--positions``); the mean and the largest
  time taken over the time asked (1.0 is on budget). The value model is loaded before the
  clock starts (a bot loads it once, at its first move).

The curve: ``--curve-games`` seeded heuristic games per game; at every fifth move each seat's
win chance by (a) the estimator (the analysis curve), (b) 24 heuristic playouts from the true
position (the curve before issue 24) and (c) ``--reference`` playouts (the 10x reference).
Reported: the mean absolute change between consecutive points of each, and the mean absolute
distance of (a) and (b) from (c).

``--legacy`` measures a checkout from before issue 24 (its hints searched with ISMCTS and took
a ``seed``): run this script's copy there with ``PYTHONPATH`` set to that checkout.

The last line is one JSON object: {"positions", "depth", "games": {game: {...}}, "seconds"}.
Issue 24's targets: self-agreement >= 90%, agreement >= 80%, each hint < 1 s, budget within
10%.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hint_quality import GAMES, positions

from bazaar.bots.advice import hint
from bazaar.bots.levels import LEVELS, make_ismcts
from bazaar.core.game import State
from bazaar.core.registry import game_parts, get_game

#: the time a search is asked for in the budget check (ms)
BUDGET_MS = float(os.environ.get("BUDGET_MS", "50"))
#: playouts per point of the curve before issue 24
OLD_PLAYOUTS = 24
#: a curve point every this many moves
CURVE_STEP = 5


def deeper(depth: float, legacy: bool) -> dict[str, Any]:
    """The medium level with ``depth`` times its budget (samples; before: time)."""
    level = dict(LEVELS["medium"])
    if legacy:
        level["millis"] = float(level["millis"]) * depth
    else:
        level["samples"] = int(level["samples"] * depth)
    return level


def best(state: State, level: Any, seed: int | None) -> tuple[int, bool, float]:
    """The best move a hint at ``level`` names, whether it is too close to call, the seconds."""
    began = time.perf_counter()
    moves = hint(state, level=level, top=3, seed=seed)
    return moves[0]["action"], bool(moves[0].get("close")), time.perf_counter() - began


def searched(game_id: str, state: State, millis: float, seed: int) -> int:
    """The move a hard search of ``millis`` chooses."""
    level = dict(LEVELS["hard"], millis=millis, iterations=None)
    return make_ismcts(level, game_id, seed=seed).choose(state.clone())


def warm_up(state: State) -> None:
    """Load the value model of the state's game and player count (once per process, when the
    first bot or hint needs it), so that its loading is not timed as search."""
    try:
        from bazaar.bots.value import model_for
    except ImportError:  # a checkout from before issue 24
        return
    model_for(state.game.id, state.num_players)


def budget(game_id: str, states: list[State]) -> dict[str, float]:
    """Time taken over time asked, for a search of :data:`BUDGET_MS` on each state."""
    level = dict(LEVELS["medium"], millis=BUDGET_MS)
    ratios = []
    cpu = []
    for i, state in enumerate(states):
        warm_up(state)
        search = make_ismcts(level, game_id, seed=i)
        began = time.perf_counter()
        began_cpu = time.process_time()
        search.choose(state.clone())
        ratios.append((time.perf_counter() - began) * 1000.0 / BUDGET_MS)
        cpu.append((time.process_time() - began_cpu) * 1000.0 / BUDGET_MS)
    return {
        "mean": round(sum(ratios) / len(ratios), 2),
        "max": round(max(ratios), 2),
        # CPU time over time asked: below the wall-clock ratio when the machine is busy and the
        # search waits for a core (the overrun is then the scheduler's, not the search's)
        "cpu_mean": round(sum(cpu) / len(cpu), 2),
    }


def playout_chances(state: State, playouts: int, seed: int) -> list[float]:
    """Each seat's mean win share over ``playouts`` noisy heuristic playouts from ``state``."""
    if state.is_over():
        return list(state.returns())
    make = game_parts(state.game.id).heuristic
    assert make is not None
    totals = [0.0] * state.num_players
    for j in range(playouts):
        player = make(seed + 7919 * j, 1.0)
        probe = state.clone()
        while not probe.is_over():
            probe.apply_unchecked(player.choose(probe))
        for seat, share in enumerate(probe.returns()):
            totals[seat] += share
    return [x / playouts for x in totals]


def curve_figures(game_id: str, games: int, reference: int, legacy: bool) -> dict[str, Any]:
    """Smoothness of the analysis curve against the playout curves (see the docstring)."""
    game = get_game(game_id)
    make = game_parts(game_id).heuristic
    assert make is not None
    steps: dict[str, list[float]] = {"estimator": [], "playouts_24": [], "reference": []}
    gaps: dict[str, list[float]] = {"estimator": [], "playouts_24": []}
    for g in range(games):
        players = game.min_players + g % (game.max_players - game.min_players + 1)
        state = game.new(players, 9100 + g)
        seats = [make(100 * g + q, 0.3) for q in range(players)]
        points: dict[str, list[list[float]]] = {k: [] for k in steps}
        moves = 0
        while True:
            if moves % CURVE_STEP == 0 or state.is_over():
                if legacy:
                    mine = playout_chances(state, OLD_PLAYOUTS, 5)
                else:
                    from bazaar.bots.analysis import win_chances

                    mine = win_chances(state)
                points["estimator"].append(mine)
                points["playouts_24"].append(playout_chances(state, OLD_PLAYOUTS, 1))
                points["reference"].append(playout_chances(state, reference, 3))
            if state.is_over():
                break
            mover = state.to_move()
            assert mover is not None
            state.apply(seats[mover].choose(state))
            moves += 1
        for kind, curve in points.items():
            for a, b in itertools.pairwise(curve):
                steps[kind] += [abs(x - y) for x, y in zip(a, b, strict=True)]
        for kind in gaps:
            for a, b in zip(points[kind], points["reference"], strict=True):
                gaps[kind] += [abs(x - y) for x, y in zip(a, b, strict=True)]
    return {
        "games": games,
        "reference_playouts": reference,
        "mean_change_per_point": {k: round(sum(v) / len(v), 4) for k, v in steps.items()},
        "mean_distance_from_reference": {k: round(sum(v) / len(v), 4) for k, v in gaps.items()},
    }


def measure(game_id: str, args: argparse.Namespace) -> dict[str, Any]:
    """One game's row: self-agreement, agreement with the deeper look, times, budget, curve."""
    count = args.positions
    states = positions(game_id, count)
    same = agree = close_count = agree_open = agree_search = 0
    times: list[float] = []
    for i, state in enumerate(states):
        first, close, _ = best(state, "medium", seed=2 * i + 1)
        second, _, _ = best(state, "medium", seed=2 * i + 2)
        reference, _, _ = best(state, deeper(args.depth, args.legacy), seed=10_000 + i)
        if args.search_ms:
            agree_search += first == searched(game_id, state, args.search_ms, 20_000 + i)
        _, _, took = best(state, "medium", seed=i if args.legacy else None)
        times.append(took)
        same += first == second
        agree += first == reference
        close_count += close
        agree_open += (first == reference) and not close
        print(
            f"  {game_id} {i + 1}/{count}: same {first == second}, deep {first == reference}",
            file=sys.stderr,
            flush=True,
        )
    times.sort()
    row: dict[str, Any] = {
        "positions": count,
        "self_agreement": round(same / count, 3),
        "agreement_with_deeper": round(agree / count, 3),
        "too_close_share": round(close_count / count, 3),
        "agreement_when_not_close": round(agree_open / max(1, count - close_count), 3),
        "agreement_with_search": round(agree_search / count, 3) if args.search_ms else None,
        "search_ms": args.search_ms,
        "hint_mean_s": round(sum(times) / len(times), 3),
        "hint_p95_s": round(times[min(len(times) - 1, int(0.95 * len(times)))], 3),
        "hint_max_s": round(times[-1], 3),
        "budget_50ms": budget(game_id, states[:10]),
    }
    if args.curve_games:
        row["curve"] = curve_figures(game_id, args.curve_games, args.reference, args.legacy)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--depth", type=float, default=10.0, help="the deeper look's budget")
    parser.add_argument("--curve-games", type=int, default=3)
    parser.add_argument("--reference", type=int, default=240, help="the reference's playouts")
    parser.add_argument(
        "--search-ms", type=float, default=4000.0, help="the hard search's time (0: none)"
    )
    parser.add_argument("--legacy", action="store_true", help="a checkout before issue 24")
    parser.add_argument(
        "--budget-only", action="store_true", help="only the budget check, on --positions"
    )
    args = parser.parse_args()
    began = time.perf_counter()
    rows = {}
    for game_id in args.games.split(","):
        if args.budget_only:
            rows[game_id] = {"budget": budget(game_id, positions(game_id, args.positions))}
            print(f"{game_id:18} {BUDGET_MS:g} ms search took {rows[game_id]}", flush=True)
            continue
        rows[game_id] = row = measure(game_id, args)
        print(
            f"{game_id:18} self-agreement {row['self_agreement']:.0%}, with a "
            f"{args.depth:g}x look {row['agreement_with_deeper']:.0%} "
            f"({row['agreement_when_not_close']:.0%} when not too close; too close "
            f"{row['too_close_share']:.0%}), with a {args.search_ms:g} ms search "
            f"{row['agreement_with_search'] or 0:.0%}, hint mean {row['hint_mean_s']} s (p95 "
            f"{row['hint_p95_s']}, max {row['hint_max_s']}), 50 ms search took "
            f"{row['budget_50ms']['mean']}x (max {row['budget_50ms']['max']}x)",
            flush=True,
        )
        if "curve" in row:
            print(f"{'':18} curve {json.dumps(row['curve'])}", flush=True)
    out = {
        "positions": args.positions,
        "depth": args.depth,
        "legacy": args.legacy,
        "games": rows,
        "seconds": round(time.perf_counter() - began, 1),
        "load": [round(x, 2) for x in os.getloadavg()],
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
