"""Play one game of a plan and measure it: its row, its timings and its record.

The row holds only what the seed decides (so rows repeat at any ``--jobs`` and on any
backend); seconds go to the timings. TAG's game metrics are counted on the way: decisions,
forced decisions (one legal move: the agent is not asked), legal moves per decision, and lead
changes of the game's public score estimate (``GameParts.estimate``) after each turn.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from bazaar.core.game import State
from bazaar.core.record import Match, RecordJson
from bazaar.core.registry import game_parts, get_game
from bazaar.sim.agents import end_agents, make_agent
from bazaar.sim.plan import GameTask


@dataclass(frozen=True)
class GameResult:
    """What one game gives the out folder."""

    index: int
    row: dict[str, Any]
    timing: dict[str, Any]
    record: RecordJson


class LeadTracker:
    """Counts how often the unique leader changes; a tie keeps the last leader."""

    def __init__(self) -> None:
        self.leader: int | None = None
        self.changes = 0

    def see(self, scores: list[float]) -> None:
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        if len(leaders) != 1:
            return
        if self.leader is not None and leaders[0] != self.leader:
            self.changes += 1
        self.leader = leaders[0]


def ranks(scores: list[float]) -> list[int]:
    """1 = best; tied seats share the best rank of their group (competition ranking)."""
    return [1 + sum(other > score for other in scores) for score in scores]


def short(value: float) -> float:
    """``value`` to 6 significant digits, as every row file holds it (CSV and Parquet alike)."""
    return float(f"{value:.6g}")


def play_games(tasks: list[GameTask]) -> list[GameResult]:
    """Play several games in one go (one message to and from a worker)."""
    return [play_game(task) for task in tasks]


def play_game(task: GameTask) -> GameResult:
    """Play ``task`` to its end with its agents."""
    started = time.perf_counter()
    game = get_game(task.game)
    match = Match.new(game, task.players, task.seed, task.options, list(task.seats))
    state = match.state
    bots = [
        make_agent(spec, seed, task.game, task.index)
        for spec, seed in zip(task.seats, task.bot_seeds, strict=True)
    ]
    try:
        return _played(task, match, bots, started)
    finally:  # an engine agent's program ends with its game, also when the game fails
        end_agents(bots, state)


def _played(task: GameTask, match: Match, bots: list[Any], started: float) -> GameResult:
    """The game of ``task`` played out by ``bots``, measured."""
    state = match.state
    estimate = game_parts(task.game).estimate
    seconds = [0.0] * task.players
    decisions = [0] * task.players
    forced = [0] * task.players
    legal_total = legal_max = 0
    lead = LeadTracker()
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        legal = state.legal_actions()
        legal_total += len(legal)
        legal_max = max(legal_max, len(legal))
        decisions[seat] += 1
        if len(legal) == 1:
            forced[seat] += 1
            action = legal[0]
        else:
            thinking = time.perf_counter()
            action = bots[seat].choose(state)
            seconds[seat] += time.perf_counter() - thinking
        match.play(action)
        if estimate is not None and not state.is_over() and state.to_move() != seat:
            lead.see(estimate(state))
    final = state.scores()
    lead.see(final)
    row = game_row(task, state, decisions, forced, legal_total, legal_max, lead.changes)
    timing: dict[str, Any] = {"game_index": task.index}
    timing["seconds"] = time.perf_counter() - started
    timing.update((f"seat{k + 1}_seconds", seconds[k]) for k in range(task.players))
    record = match.record
    record.scores = list(final)
    return GameResult(task.index, row, timing, record.to_json())


def game_row(
    task: GameTask,
    state: State,
    decisions: list[int],
    forced: list[int],
    legal_total: int,
    legal_max: int,
    lead_changes: int,
) -> dict[str, Any]:
    """The row of a finished game (columns in :mod:`bazaar.sim.store`)."""
    scores = state.scores()
    shares = state.returns()
    places = ranks(scores)
    ordered = sorted(scores, reverse=True)
    total = sum(decisions)
    row: dict[str, Any] = {
        "game_index": task.index,
        "game": task.game,
        "players": task.players,
        "seed": task.seed,
        "options": json.dumps(task.options, sort_keys=True, separators=(",", ":")),
        "decisions": total,
        "forced": sum(forced),
        "legal_mean": short(legal_total / total) if total else 0.0,
        "legal_max": legal_max,
        "lead_changes": lead_changes,
        "score_spread": short(ordered[0] - ordered[-1]),
        "margin": short(ordered[0] - ordered[1]) if len(ordered) > 1 else 0.0,
        "winners": " ".join(str(seat + 1) for seat in state.winners()),
    }
    for k in range(task.players):
        row[f"seat{k + 1}_agent"] = task.seats[k]
        row[f"seat{k + 1}_score"] = short(scores[k])
        row[f"seat{k + 1}_win"] = short(shares[k])
        row[f"seat{k + 1}_rank"] = places[k]
        row[f"seat{k + 1}_decisions"] = decisions[k]
        row[f"seat{k + 1}_forced"] = forced[k]
    return row
