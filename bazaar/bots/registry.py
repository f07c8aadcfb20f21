"""Build bots from short text specs (``"random"``; more kinds are added here)."""

from __future__ import annotations

from collections.abc import Callable

from bazaar.bots import Bot
from bazaar.bots.random_bot import RandomBot
from bazaar.core.errors import BazaarError


class UnknownBot(BazaarError):
    """A bot spec that no bot answers to."""

    rule = "unknown-bot"


#: spec -> factory taking a seed.
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
}


def bot_names() -> list[str]:
    return list(BOTS)


def make_bot(spec: str, seed: int) -> Bot:
    """Return a new bot for ``spec`` seeded with ``seed``; raise UnknownBot for other specs."""
    name = spec.strip().lower()
    factory = BOTS.get(name)
    if factory is None:
        known = ", ".join(BOTS)
        raise UnknownBot(f"unknown bot {spec!r} (known bots: {known})")
    return factory(seed)
