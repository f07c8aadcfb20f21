"""The simulations' refusals (one class, so that every part can raise it)."""

from __future__ import annotations

from bazaar.core.errors import BazaarError
from bazaar.i18n import N_


class SimError(BazaarError):
    """A simulation that cannot be planned, resumed or read."""

    rule = "simulation"


def need_package(module: str, extra: str, purpose: str) -> None:
    """Raise SimError before any work if ``module`` (of the ``extra``) is not installed."""
    import importlib.util

    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:  # None: missing, or only a folder of that name
        raise SimError.of(
            N_('{purpose} needs {module}: pip install -e ".[{extra}]"'),
            rule="missing-package",
            purpose=purpose,
            module=module,
            extra=extra,
        )
