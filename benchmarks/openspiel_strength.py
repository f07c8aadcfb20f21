"""Our hard ISMCTS against OpenSpiel's Python ISMCTS at equal time per move, every game.

Usage: nice -n 10 python benchmarks/openspiel_strength.py --millis 100 --games 24

One seat is our hard level (``bazaar.bots.levels``, ``LEVELS["hard"]`` with the game's
overrides, its time budget set to ``--millis``); the other seats are OpenSpiel's
``ISMCTSBot`` (random-rollout evaluator, UCT c = 1.4, a new determinization per simulation)
playing through ``bazaar.interop.openspiel``. Equal time: OpenSpiel's bot has no clock, so
its ``max_simulations`` is calibrated to the same wall-clock time per move, first by a pilot
and then after every game from the time it measured. Only moves with a choice count (both
bots answer a forced move at once). Deal ``k`` is played once with our bot in each seat
(game ``i``: deal ``i // players``, our seat ``i % players``). A k-way tie counts 1/k.

Prints a table (game, players, games, our win share with its 95% interval, fair share,
ratio, measured time per move of each bot) and, last, one JSON object with the same rows.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import dataclass, field

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from bazaar.bots.levels import LevelBot, level_settings
from bazaar.interop import openspiel as bazaar_spiel

GAMES = {"buy-low-sell-high": 3, "take-stock": 3, "night-market": 3}
UCT_C = 1.4
#: OpenSpiel's ISMCTS needs two simulations to have visited a root child
MIN_SIMULATIONS = 2


@dataclass
class Clock:
    """Time spent on the moves that had a choice."""

    seconds: float = 0.0
    moves: int = 0
    #: OpenSpiel's simulations over these moves (its time per simulation calibrates it)
    simulations: int = 0

    def add(self, seconds: float, simulations: int = 0) -> None:
        self.seconds += seconds
        self.moves += 1
        self.simulations += simulations

    @property
    def per_move(self) -> float:
        return self.seconds / self.moves if self.moves else 0.0


@dataclass
class Match:
    game_id: str
    players: int
    millis: float
    simulations: int = 4
    shares: list[float] = field(default_factory=list)
    ours: Clock = field(default_factory=Clock)
    theirs: Clock = field(default_factory=Clock)


def spiel_bot(game: bazaar_spiel.BazaarGame, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, UCT_C, max_simulations=simulations, random_state=rng)
    sampler = _Sampler(seed)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


class _Sampler:
    """A seeded stand-in for pyspiel.UniformProbabilitySampler (reproducible worlds)."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.RandomState(seed + 1)

    def __call__(self) -> float:
        return float(self.rng.uniform())


def our_bot(game_id: str, millis: float, seed: int) -> LevelBot:
    settings = level_settings("hard", game_id)
    settings.update(iterations=None, millis=millis)
    return LevelBot(settings, seed)


def play(match: Match, game: bazaar_spiel.BazaarGame, index: int) -> tuple[float, Clock]:
    """Game ``index``: our win share and the OpenSpiel bots' clock of this game."""
    players = match.players
    deal, seat = divmod(index, players)
    state = bazaar_spiel.deal(game, 1000 + deal)
    ours = our_bot(match.game_id, match.millis, index)
    theirs = {q: spiel_bot(game, match.simulations, 97 * index + q) for q in range(players)}
    clock = Clock()
    while not state.is_terminal():
        mover = state.current_player()
        choice = len(state.legal_actions()) > 1
        start = time.perf_counter()
        action = ours.choose(state.bazaar) if mover == seat else int(theirs[mover].step(state))
        spent = time.perf_counter() - start
        if choice and mover == seat:
            match.ours.add(spent)
        elif choice:
            clock.add(spent, match.simulations)
        state.apply_action(action)
    share = state.returns()[seat]
    return share, clock


def calibrate(match: Match, game: bazaar_spiel.BazaarGame, moves: int = 6) -> None:
    """Set OpenSpiel's simulations per move from a pilot of ``moves`` searched moves."""
    state = bazaar_spiel.deal(game, 1)
    bot = spiel_bot(game, match.simulations, 0)
    clock = Clock()
    while not state.is_terminal() and clock.moves < moves:
        if len(state.legal_actions()) > 1:
            start = time.perf_counter()
            action = int(bot.step(state))
            clock.add(time.perf_counter() - start, match.simulations)
        else:
            action = state.legal_actions()[0]
        state.apply_action(action)
    match.simulations = _simulations(clock, match.millis / 1000)


def _simulations(clock: Clock, seconds: float) -> int:
    """OpenSpiel's simulations per move that take ``seconds``, at the time per simulation
    measured on ``clock``."""
    if clock.simulations == 0 or clock.seconds <= 0:
        return MIN_SIMULATIONS
    return max(MIN_SIMULATIONS, round(seconds * clock.simulations / clock.seconds))


def summary(match: Match) -> dict[str, object]:
    shares = match.shares
    n = len(shares)
    mean = sum(shares) / n
    var = sum((x - mean) ** 2 for x in shares) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    fair = 1 / match.players
    return {
        "game": match.game_id,
        "players": match.players,
        "games": n,
        "win_share": round(mean, 3),
        "ci95": [round(max(0.0, mean - half), 3), round(min(1.0, mean + half), 3)],
        "fair_share": round(fair, 3),
        "ratio": round(mean / fair, 2),
        "ours_ms_per_move": round(match.ours.per_move * 1000, 1),
        "openspiel_ms_per_move": round(match.theirs.per_move * 1000, 1),
        "openspiel_simulations_per_move": round(
            match.theirs.simulations / max(1, match.theirs.moves), 1
        ),
    }


def row(r: dict[str, object]) -> str:
    low, high = r["ci95"]  # type: ignore[misc]
    return (
        f"| {r['game']} | {r['players']} | {r['games']} | {r['win_share']:.3f} "
        f"({low:.3f}-{high:.3f}) | {r['fair_share']:.3f} | {r['ratio']:.2f} "
        f"| {r['ours_ms_per_move']} | {r['openspiel_ms_per_move']} "
        f"| {r['openspiel_simulations_per_move']} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--millis", type=float, default=100.0, help="time per move, both bots")
    parser.add_argument("--games", type=int, default=24, help="games per game (rotated seats)")
    parser.add_argument("--only", default="", help="one game id (default: all three)")
    args = parser.parse_args()
    rows = []
    for game_id, players in GAMES.items():
        if args.only and game_id != args.only:
            continue
        game = bazaar_spiel.load(game_id, players=players)
        match = Match(game_id, players, args.millis)
        calibrate(match, game)
        start = time.perf_counter()
        for index in range(args.games):
            share, clock = play(match, game, index)
            match.shares.append(share)
            match.theirs.seconds += clock.seconds
            match.theirs.moves += clock.moves
            match.theirs.simulations += clock.simulations
            # the same time as ours, measured (ours may run over its budget a little)
            match.simulations = _simulations(match.theirs, match.ours.per_move)
            print(f"{game_id} game {index + 1}: {summary(match)}", flush=True)
        rows.append(summary(match) | {"seconds": round(time.perf_counter() - start, 1)})
    print()
    print(
        "| game | players | games | our win share (95% interval) | fair share | ratio "
        "| our ms/move | OpenSpiel ms/move | OpenSpiel simulations/move |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(row(r))
    print(json.dumps({"millis": args.millis, "uct_c": UCT_C, "rows": rows}))


if __name__ == "__main__":
    main()
