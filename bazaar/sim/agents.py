"""The agents of a simulation: bots that play the same moves on any machine.

A simulation must repeat exactly, so no agent may think for a number of milliseconds: the
levels that do at a table (``ismcts:medium``, ``ismcts:hard``) search a fixed number of
iterations here instead (:data:`SIM_ITERATIONS`), and ``ismcts:<level>@N`` sets N iterations;
``+NAME=VALUE`` after it sets one search setting (:mod:`bazaar.sim.search_params`).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any

from bazaar.bots import Bot
from bazaar.bots.ismcts import Ismcts
from bazaar.bots.levels import DEFAULT_LEVEL, LevelBot, level_settings
from bazaar.bots.registry import make_bot
from bazaar.core.game import State
from bazaar.sim.engine_agent import EngineAgent
from bazaar.sim.openspiel_agent import OpenSpielAgent
from bazaar.sim.outside import is_outside, make_outside, outside_kind
from bazaar.sim.search_params import SEARCH_PARAMS, search_params, split_spec

#: iterations of the time-limited levels in simulations (about their table strength's
#: budget on a loaded 2-core machine for Buy Low Sell High; less thinking for the slower games)
SIM_ITERATIONS = {"medium": 100, "hard": 300}


def make_agent(spec: str, seed: int, game_id: str, game_index: Any = None) -> Bot:
    """A bot for a checked agent spec (:func:`bazaar.sim.plan.check_agent`); ``game_index``
    names the game in an outside agent's refusals. An engine agent's program must be ended
    with :func:`end_agents` (a ``finally`` around the game)."""
    if is_outside(spec):
        kind = outside_kind(spec)
        outside: Bot
        if kind == "engine":
            outside = EngineAgent(spec, seed, game_index)
        elif kind == "openspiel":
            outside = OpenSpielAgent(spec, seed, game_id, game_index)
        else:
            outside = make_outside(spec, seed)
        return outside
    name, _, budget = split_spec(spec)[0].partition("@")
    if not name.startswith("ismcts"):
        return make_bot(name, seed, game=game_id)
    level = name.partition(":")[2] or DEFAULT_LEVEL
    settings = level_settings(level, game_id)
    if budget:
        settings.update(iterations=int(budget), millis=None)
    elif settings.get("millis") is not None:
        settings.update(iterations=SIM_ITERATIONS[level], millis=None)
    settings.update(search_params(spec))
    return LevelBot(settings, seed)


def own_params(spec: str, game_id: str) -> dict[str, Any]:
    """The search settings of an ismcts spec's level for ``game_id`` (the search's own
    defaults where the level sets none), by :data:`SEARCH_PARAMS` name."""
    level = split_spec(spec)[0].partition("@")[0].partition(":")[2] or DEFAULT_LEVEL
    settings = level_settings(level, game_id)
    defaults = inspect.signature(Ismcts).parameters
    return {
        name: settings.get(name, defaults[name].default)
        for name in SEARCH_PARAMS
        if name in settings or name in defaults
    }


def end_agents(bots: Iterable[Any], state: State | None) -> None:
    """The game is over (``state`` finished) or abandoned: every engine agent's program is
    told (``over``, only after a finished game) and ended. Never raises for a program."""
    for bot in bots:
        if isinstance(bot, EngineAgent):
            bot.end(state)
