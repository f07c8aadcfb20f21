"""Work the server runs in other processes so its event loop never waits on a search.

Each function takes a game's record (game, players, seed, options, actions) as plain data,
rebuilds the state and returns plain data, so it can be sent to a process pool.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from typing import Any

from bazaar.bots import analysis
from bazaar.bots.advice import analyse_record, decisions, hint
from bazaar.bots.levels import Level
from bazaar.bots.registry import make_bot
from bazaar.bots.shapes import Decision, GuideStep, HintMove, TurningPoint, WinCurve
from bazaar.core.game import State
from bazaar.core.record import GameRecord
from bazaar.sim.outside import is_outside


def rebuild(record: dict[str, Any]) -> State:
    """The state after every action of ``record`` (a GameRecord JSON dict)."""
    return GameRecord.from_json(record).replay()


def bot_move(record: dict[str, Any], spec: str, seed: int) -> str:
    """The notation of the move the bot ``spec`` (seeded with ``seed``) makes next; an outside
    agent (a table's seat on a server that allows them) is made for this one move, and an
    engine agent's program ends with it."""
    state = rebuild(record)
    if is_outside(spec):
        from bazaar.sim.agents import end_agents, make_agent

        agent = make_agent(spec, seed, state.game.id)
        try:
            return state.notation(agent.choose(state))
        finally:
            end_agents([agent], None)
    bot = make_bot(spec, seed, game=state.game.id)
    return state.notation(bot.choose(state))


def hint_moves(record: dict[str, Any], seat: int, level: Level) -> list[HintMove]:
    """The top three moves for ``seat`` (the seat to move), as :func:`advice.hint` gives them."""
    return hint(rebuild(record), seat, level=level, top=3)


def guide_step(record: dict[str, Any], seat: int) -> GuideStep:
    """The guided game's step for ``seat`` (:func:`bazaar.bots.guide.guide_step`)."""
    from bazaar.bots.guide import guide_step as step

    return step(rebuild(record), seat)


def curve_part(record: dict[str, Any], moves: list[int]) -> list[list[float]]:
    """Every seat's win chance after each of ``moves`` (:func:`analysis.curve_points`)."""
    return analysis.curve_points(GameRecord.from_json(record), moves)


def turning_points(record: dict[str, Any], curve: WinCurve) -> list[TurningPoint]:
    """The curve's turning points with their moves in words."""
    return analysis.turning_points(GameRecord.from_json(record), curve)


def decision_moves(record: dict[str, Any], seat: int) -> list[int]:
    """The move numbers of ``seat``'s real decisions."""
    return [index for index, _, _ in decisions(GameRecord.from_json(record), seat)]


def analyse_part(
    record: dict[str, Any], seat: int, level: Level, moves: list[int]
) -> list[Decision]:
    """``seat``'s decisions at ``moves`` judged, with the moves in words."""
    game = GameRecord.from_json(record)
    entries = analyse_record(game, seat, level=level, only=set(moves))
    analysis.worded_decisions(game, entries, seat)
    return entries


def start_worker(parent: int, niceness: int = 0) -> None:
    """Pool initializer: end this worker with the server; with a ``niceness`` (advice
    workers), lower its CPU priority by that much and, where the system has it, give it the
    idle scheduling class, so any other runnable process (a bot's search, the server) takes
    the core from it at once."""
    if niceness:
        os.nice(niceness)
        if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
            # where this is not allowed, the niceness alone still applies
            with contextlib.suppress(OSError):
                os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    watch_parent(parent)


def watch_parent(parent: int) -> None:
    """Pool initializer: end this worker when the server process that started it is gone
    (also after a kill, when the pool cannot say goodbye)."""

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()
