"""How long the post-game analysis takes: the win curve and the decisions of seat 0, per game.

Plays one game per game with heuristic players (seed 7), then times ``win_curve`` at the default
playouts and points and ``analyse_record`` at the default level (easy), on one core. The last
line is JSON: ``{game: {"moves", "points", "curve_s", "decisions", "decisions_s"}}``.

    PYTHONPATH=$PWD python benchmarks/analysis_curve.py
"""

from __future__ import annotations

import json
import time

from bazaar.bots.advice import analyse_record, decisions
from bazaar.bots.analysis import win_curve
from bazaar.bots.heuristics import heuristic_for
from bazaar.core.record import GameRecord, Match
from bazaar.core.registry import get_game

GAMES = (("buy-low-sell-high", 3), ("take-stock", 3), ("night-market", 4))


def played(game_id: str, players: int, seed: int = 7) -> GameRecord:
    match = Match.new(get_game(game_id), players, seed, {})
    bots = [heuristic_for(game_id, seat, 0.3) for seat in range(players)]
    while not match.state.is_over():
        seat = match.state.to_move()
        assert seat is not None
        match.play(match.state.notation(bots[seat].choose(match.state)))
    return match.record


def main() -> None:
    figures = {}
    for game_id, players in GAMES:
        record = played(game_id, players)
        start = time.perf_counter()
        curve = win_curve(record)
        curve_s = time.perf_counter() - start
        start = time.perf_counter()
        analyse_record(record, 0, "easy")
        decisions_s = time.perf_counter() - start
        figures[game_id] = {
            "moves": len(record.actions),
            "points": len(curve["moves"]),
            "curve_s": round(curve_s, 2),
            "decisions": len(decisions(record, 0)),
            "decisions_s": round(decisions_s, 2),
        }
        print(game_id, figures[game_id], flush=True)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
