"""OpenSpiel bots as agents: ``openspiel:module:Name``, or ``module:Class`` naming a
``pyspiel.Bot`` subclass (docs/simulation.md, "What is played").

``Name`` is either a bot class made as ``Name(player_id, rng)`` (like OpenSpiel's
``UniformRandomBot``; ``rng`` a ``numpy.random.RandomState`` seeded from the seat's seed), or a
factory function called as ``Name(game, player_id, seed)`` that returns a bot (for bots with
more arguments, such as ``ISMCTSBot``); ``game`` is the Bazaar game loaded through
:mod:`bazaar.interop.openspiel` with the table's players and options.

Hidden information stays hidden: at each decision the bot's ``step(state)`` gets a fresh
OpenSpiel state built from a *determinization* of the seat's view (``State.determinize``:
everything the seat cannot see dealt again at random, seeded from the seat's seed and the
decision's number), never the real state; a bot with ``set_resampler`` (OpenSpiel's ISMCTS)
samples its worlds with a generator seeded from the seat's seed, so it repeats exactly. That
state has no history (``history()`` is empty;
its information-state string is the seat's view), like the states OpenSpiel's own
``resample_from_infostate`` gives; a bot that keeps its own tree between moves starts afresh
each move.
"""

from __future__ import annotations

import inspect
from typing import Any

from bazaar.core.game import State
from bazaar.core.rng import Rng
from bazaar.i18n import N_
from bazaar.sim.errors import SimError
from bazaar.sim.imports import agent_module

#: the spec prefix of an OpenSpiel bot
PREFIX = "openspiel:"
_GOLDEN = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


def is_openspiel(spec: str) -> bool:
    return spec.startswith(PREFIX)


def is_spiel_bot_class(found: Any) -> bool:
    """Whether ``found`` is a ``pyspiel.Bot`` subclass (without importing pyspiel)."""
    return isinstance(found, type) and any(
        base.__name__ == "Bot" and base.__module__ == "pyspiel" for base in found.__mro__[1:]
    )


def spiel_maker(spec: str) -> Any:
    """The bot class or factory an OpenSpiel spec names; SimError saying what is wrong."""
    from bazaar.sim.errors import need_package

    need_package("pyspiel", "research", f"the agent {spec!r}")
    path = spec[len(PREFIX) :] if is_openspiel(spec) else spec
    module_name, colon, name = path.rpartition(":")
    if not colon or not module_name or not name.isidentifier():
        raise SimError.of(
            N_("agent {spec!r}: an OpenSpiel bot is openspiel:module:Name"), spec=spec
        )
    module = agent_module(spec, module_name)
    found = getattr(module, name, None)
    if is_spiel_bot_class(found):
        return found
    if inspect.isfunction(found):
        return found
    raise SimError.of(
        N_(
            "agent {spec!r}: {name!r} is neither a pyspiel.Bot class nor a function "
            "(game, player_id, seed) -> bot"
        ),
        spec=spec,
        name=name,
    )


class OpenSpielAgent:
    """One seat's OpenSpiel bot for one game, asked on determinizations of the seat's view."""

    def __init__(self, spec: str, seed: int, game_id: str, where: Any = None) -> None:
        self.spec = spec
        self.seed = seed
        self.game_id = game_id
        self.where = where
        self.maker = spiel_maker(spec)
        self.bot: Any = None
        self.game: Any = None
        self.seat: int | None = None
        self.asked = 0
        #: the draws of the worlds a searching bot samples (``set_resampler``)
        self.sampler = Rng(seed)

    def _make(self, state: State, seat: int) -> None:
        import numpy as np

        from bazaar.interop import openspiel

        options = {key: openspiel.spiel_choice(value) for key, value in state.options.items()}
        self.game = openspiel.load(self.game_id, players=state.num_players, **options)
        self.seat = seat
        if isinstance(self.maker, type):
            rng = np.random.RandomState(self.seed % (1 << 32))
            self.bot = self.maker(seat, rng)
        else:
            self.bot = self.maker(self.game, seat, self.seed)
        if callable(getattr(self.bot, "set_resampler", None)):
            # OpenSpiel's ISMCTS draws its worlds with an unseeded sampler: give it ours
            self.bot.set_resampler(self._resample)

    def _resample(self, state: Any, player: int) -> Any:
        """A world ``player`` cannot tell from ``state``, drawn from the agent's own seed."""
        return state.resample_from_infostate(player, self._uniform)

    def _uniform(self) -> float:
        """A number in [0, 1) from the agent's seeded generator (OpenSpiel's sampler)."""
        return self.sampler.next64() / 2.0**64

    def spiel_state(self, state: State, seat: int) -> Any:
        """An OpenSpiel state of a determinization of ``seat``'s view (no history)."""
        from bazaar.interop import openspiel

        rng = Rng((self.seed ^ ((self.asked * _GOLDEN) & _MASK)) & _MASK)
        world = state.determinize(seat, rng)
        core = openspiel._Core(self.game.setup, 0, openspiel.SEED_BYTES, [])
        core.bazaar = world
        return openspiel.BazaarState(self.game, core)

    def choose(self, state: State) -> int:
        seat = state.to_move()
        assert seat is not None
        if self.bot is None:
            self._make(state, seat)
        self.asked += 1
        action = self.bot.step(self.spiel_state(state, seat))
        legal = state.legal_actions()
        if not isinstance(action, int) and hasattr(action, "__index__"):
            action = int(action)  # numpy integers
        if action not in legal:
            raise SimError.of(
                N_("agent {spec!r} in game {game}: the bot chose {action!r}, not a legal move"),
                spec=self.spec,
                game="-" if self.where is None else self.where,
                action=action,
            )
        return int(action)
