"""Our hard ISMCTS against OpenSpiel's Python ISMCTS at equal time per move, every game.

Usage: nice -n 10 python benchmarks/openspiel_strength.py --millis 100 --games 16 --players 4

One seat is our hard level (``bazaar.bots.levels``, ``LEVELS["hard"]`` with the game's
overrides, its time budget set to ``--millis``); the other seats (4 seats by default) are
OpenSpiel's ``ISMCTSBot`` (random-rollout evaluator, UCT c = 1.4, a new determinization per
simulation) playing through ``bazaar.interop.openspiel``. Equal time: OpenSpiel's bot has no
clock, so its ``max_simulations`` is set before each of its moves from our bot's measured time
per move so far and its own recent measured time per simulation, with a correction that makes
its total time follow ours (a pilot of a few moves starts both figures). Only moves with a
choice count (both bots answer a forced move at once). Deal ``k`` is played once with our bot
in each seat (game ``i``: deal ``i // players``, our seat ``i % players``). A k-way tie counts
1/k; the 95% interval is Wilson's score interval of the mean share.

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

#: game -> seats (4: the one count that all three games have besides 3; see docs/openspiel.md)
GAMES = {"buy-low-sell-high": 4, "take-stock": 4, "night-market": 4}
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
    #: OpenSpiel's simulations per move in the pilot
    simulations: int = 4
    shares: list[float] = field(default_factory=list)
    #: the moves of the games played (the results)
    ours: Clock = field(default_factory=Clock)
    theirs: Clock = field(default_factory=Clock)
    #: the pilot's moves and the games' (what the calibration goes by)
    pilot_ours: Clock = field(default_factory=Clock)

    #: OpenSpiel's recent seconds per simulation (a moving average over its moves)
    per_simulation: float = 0.0

    def budget(self) -> int:
        """OpenSpiel's simulations for its next move: our time per move so far (pilot
        included), plus a tenth of what its moves so far fell short of ours in total, at its
        recent time per simulation."""
        ours = Clock(
            self.ours.seconds + self.pilot_ours.seconds, self.ours.moves + self.pilot_ours.moves
        )
        short = ours.per_move * self.theirs.moves - self.theirs.seconds
        target = max(0.0, ours.per_move + short / 10)
        if self.per_simulation <= 0:
            return MIN_SIMULATIONS
        return max(MIN_SIMULATIONS, round(target / self.per_simulation))

    def timed(self, seconds: float, simulations: int) -> None:
        """Count one OpenSpiel move with a choice."""
        self.theirs.add(seconds, simulations)
        latest = seconds / simulations
        self.per_simulation = (
            latest if self.per_simulation <= 0 else (0.8 * self.per_simulation + 0.2 * latest)
        )


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


def play(match: Match, game: bazaar_spiel.BazaarGame, index: int) -> float:
    """Game ``index``: our win share (the match's clocks count its moves)."""
    players = match.players
    deal, seat = divmod(index, players)
    state = bazaar_spiel.deal(game, 1000 + deal)
    ours = our_bot(match.game_id, match.millis, index)
    theirs = {q: spiel_bot(game, MIN_SIMULATIONS, 97 * index + q) for q in range(players)}
    while not state.is_terminal():
        mover = state.current_player()
        choice = len(state.legal_actions()) > 1
        if mover == seat:
            start = time.perf_counter()
            action = ours.choose(state.bazaar)
            spent = time.perf_counter() - start
            if choice:
                match.ours.add(spent)
        else:
            bot = theirs[mover]
            budget = match.budget()
            bot._max_simulations = budget  # the bot has no clock: its budget, per move
            start = time.perf_counter()
            action = int(bot.step(state))
            spent = time.perf_counter() - start
            if choice:
                match.timed(spent, budget)
        state.apply_action(action)
    return state.returns()[seat]


def calibrate(match: Match, game: bazaar_spiel.BazaarGame, moves: int = 6) -> None:
    """Measure both bots on the first ``moves`` moves with a choice of a pilot deal (the
    calibration's first figures; not counted in the results)."""
    state = bazaar_spiel.deal(game, 1)
    ours = our_bot(match.game_id, match.millis, 0)
    bot = spiel_bot(game, match.simulations, 0)
    while not state.is_terminal() and match.pilot_ours.moves < moves:
        if len(state.legal_actions()) > 1:
            start = time.perf_counter()
            action = ours.choose(state.bazaar)
            match.pilot_ours.add(time.perf_counter() - start)
            start = time.perf_counter()
            bot.step(state)
            spent = time.perf_counter() - start
            match.per_simulation = spent / match.simulations
        else:
            action = state.legal_actions()[0]
        state.apply_action(action)


def wilson(mean: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share ``mean`` over ``n`` games (it stays
    meaningful at a share of 0 or 1, where the normal interval shrinks to a point)."""
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(match: Match) -> dict[str, object]:
    shares = match.shares
    n = len(shares)
    mean = sum(shares) / n
    low, high = wilson(mean, n)
    fair = 1 / match.players
    return {
        "game": match.game_id,
        "players": match.players,
        "games": n,
        "win_share": round(mean, 3),
        "ci95": [round(low, 3), round(high, 3)],
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
    parser.add_argument("--games", type=int, default=16, help="games per game (rotated seats)")
    parser.add_argument("--only", default="", help="one game id (default: all three)")
    parser.add_argument("--players", type=int, default=0, help="seats (default: 4)")
    args = parser.parse_args()
    rows = []
    for game_id, players in GAMES.items():
        if args.only and game_id != args.only:
            continue
        players = args.players or players
        game = bazaar_spiel.load(game_id, players=players)
        match = Match(game_id, players, args.millis)
        calibrate(match, game)
        start = time.perf_counter()
        for index in range(args.games):
            match.shares.append(play(match, game, index))
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
