"""Importing an outside agent's module, its own failures told as the agent's."""

from __future__ import annotations

import importlib
from types import ModuleType

from bazaar.i18n import N_
from bazaar.sim.errors import SimError


def agent_module(spec: str, module_name: str) -> ModuleType:
    """The module an outside agent's ``spec`` names; SimError quoting why it cannot be
    imported (any failure of the agent's own import is the agent's)."""
    try:
        return importlib.import_module(module_name)
    except Exception as exc:
        raise SimError.of(
            N_("agent {spec!r}: the module {module!r} cannot be imported ({error})"),
            spec=spec,
            module=module_name,
            error=f"{type(exc).__name__}: {exc}",
        ) from exc
