"""An ISMCTS agent's search parameters in its spec: ``ismcts:medium@200+exploration=1.2``.

After the level and the optional ``@N`` iterations, each ``+NAME=VALUE`` sets one setting of
the search (:class:`bazaar.bots.ismcts.Ismcts`) for that seat in simulations, sweeps, ladders
and tuning (``bazaar tune --agent-param``). The names, their types and ranges are
:data:`SEARCH_PARAMS`; a setting equal to the level's own is left out of the spec, so an agent
tuned back to its level is the level's agent.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from bazaar.i18n import N_
from bazaar.sim.errors import SimError


@dataclass(frozen=True)
class SearchParam:
    """A search setting a spec may set: its type, its range and what it does (msgid)."""

    name: str
    kind: type
    low: float
    high: float
    meaning: str


SEARCH_PARAMS = {
    p.name: p
    for p in (
        SearchParam(
            "exploration", float, 0.0, 10.0, N_("how much the search tries less-tried moves")
        ),
        SearchParam(
            "widening", float, 0.0, 4.0, N_("how fast new moves join a node (0: all at once)")
        ),
        SearchParam(
            "score_weight", float, 0.0, 1.0, N_("how much the score counts beside winning")
        ),
        SearchParam("blend", float, 0.0, 1.0, N_("the share of a playout in a new node's value")),
        SearchParam(
            "rollout_depth", int, 0, 1000, N_("moves played out before a position is judged")
        ),
    )
}

BAD_PARAM = N_(
    "{spec!r}: {part!r} is no search setting (an ismcts agent takes +NAME=VALUE with NAME one "
    "of {known})"
)


def split_spec(spec: str) -> tuple[str, str]:
    """``("ismcts:medium@200", "exploration=1.2+blend=0.5")``: the agent and its settings."""
    base, _, params = spec.partition("+")
    return base, params


def search_params(spec: str) -> dict[str, Any]:
    """The checked settings of a spec, by name (empty without ``+``); SimError naming the
    part that is wrong."""
    base, params = split_spec(spec)
    if not params:
        return {}
    if not base.startswith("ismcts"):
        raise SimError.of(
            N_("{spec!r}: only ismcts agents take +NAME=VALUE search settings"), spec=spec
        )
    found: dict[str, Any] = {}
    for part in params.split("+"):
        name, equals, text = part.partition("=")
        name = name.strip().lower()
        param = SEARCH_PARAMS.get(name)
        if not equals or param is None or name in found:
            raise SimError.of(BAD_PARAM, spec=spec, part=part, known=", ".join(SEARCH_PARAMS))
        found[name] = param_value(param, text.strip(), spec)
    return found


def param_value(param: SearchParam, text: str, spec: str) -> Any:
    """``text`` as ``param``'s value, in its range; SimError saying which range."""
    try:
        value = param.kind(text)
    except ValueError:
        value = None
    if value is None or not math.isfinite(value) or not param.low <= value <= param.high:
        raise SimError.of(
            N_("{spec!r}: {name} takes a number from {low} to {high}, not {text!r}"),
            spec=spec,
            name=param.name,
            low=param.kind(param.low),
            high=param.kind(param.high),
            text=text,
        )
    return value


def with_params(spec: str, params: dict[str, Any], own: dict[str, Any]) -> str:
    """``spec`` with ``params`` set, leaving out those equal to the level's ``own`` settings
    (in :data:`SEARCH_PARAMS` order, so that equal agents have equal specs)."""
    base, _ = split_spec(spec)
    merged = {**search_params(spec), **params}
    parts = [
        f"{name}={merged[name]}"
        for name in SEARCH_PARAMS
        if name in merged and merged[name] != own.get(name)
    ]
    return "+".join([base, *parts])
