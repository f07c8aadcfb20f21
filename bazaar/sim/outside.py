"""Outside agents (docs/simulation.md, "What is played"): every agent spec that is not a
built-in bot.

- ``module:Class`` names a class of an importable Python module whose objects have
  ``choose(state) -> action``; it is made with ``Class(seed=…)`` when its constructor takes a
  ``seed`` (the seat's seed of the game, so a seeded agent plays the same moves at any
  ``--jobs``), else with ``Class()``. A ``pyspiel.Bot`` subclass there is an OpenSpiel bot.
- ``openspiel:module:Name``: an OpenSpiel bot class or factory (:mod:`bazaar.sim.openspiel_agent`).
- ``engine:COMMAND``: a program speaking the agent dialect (:mod:`bazaar.sim.engine_agent`).
"""

from __future__ import annotations

import inspect
from typing import Any

from bazaar.bots.registry import BOTS, normalize_spec
from bazaar.i18n import N_
from bazaar.sim.engine_agent import command_of, is_engine
from bazaar.sim.errors import SimError
from bazaar.sim.imports import agent_module
from bazaar.sim.openspiel_agent import is_openspiel, is_spiel_bot_class, spiel_maker

NOT_AN_AGENT = N_(
    "unknown agent {spec!r} (known agents: {known}; ismcts levels take @N iterations; an "
    "outside agent is module:Class, openspiel:module:Name or engine:COMMAND)"
)


def agent_spec(raw: str) -> str:
    """A seat's spec as a plan keeps it: a built-in's normalised (``" Random "`` ->
    ``random``), an outside agent's as written (a class name keeps its capitals)."""
    name = normalize_spec(raw).partition("+")[0].partition("@")[0]
    return normalize_spec(raw).replace(" ", "") if name in BOTS else raw.strip()


def is_outside(spec: str) -> bool:
    return spec.partition("+")[0].partition("@")[0] not in BOTS


def outside_kind(spec: str) -> str:
    """``engine``, ``openspiel`` or ``python`` for a checked outside spec."""
    if is_engine(spec):
        return "engine"
    if is_openspiel(spec) or is_spiel_bot_class(outside_class(spec)):
        return "openspiel"
    return "python"


def check_outside(spec: str) -> None:
    """Raise SimError unless ``spec`` is an outside agent that can play: the command splits
    and its program exists, the bot or class can be imported."""
    if is_engine(spec):
        command_of(spec)
    elif is_openspiel(spec) or is_spiel_bot_class(outside_class(spec)):
        spiel_maker(spec)


def outside_class(spec: str) -> type[Any]:
    """The class an outside agent's spec names (one with ``choose``, or a ``pyspiel.Bot``
    subclass); SimError saying what is wrong."""
    module_name, colon, class_name = spec.partition(":")
    if not colon or not module_name or not class_name.isidentifier():
        raise SimError.of(NOT_AN_AGENT, spec=spec, known=", ".join(BOTS))
    module = agent_module(spec, module_name)
    found = getattr(module, class_name, None)
    if not isinstance(found, type):
        raise SimError.of(
            N_("agent {spec!r}: the module {module!r} has no class {name!r}"),
            spec=spec,
            module=module_name,
            name=class_name,
        )
    if not callable(getattr(found, "choose", None)) and not is_spiel_bot_class(found):
        raise SimError.of(
            N_("agent {spec!r}: {name} has no method choose(state)"), spec=spec, name=class_name
        )
    return found


def make_outside(spec: str, seed: int) -> Any:
    """A new outside agent for a checked spec, seeded when it takes a seed."""
    found = outside_class(spec)
    takes_seed = "seed" in inspect.signature(found).parameters
    return found(seed=seed) if takes_seed else found()
