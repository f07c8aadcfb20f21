"""Build bots from short seat specs.

``random``, ``heuristic`` (the game's own heuristic player), ``ismcts`` (= ``ismcts:medium``),
``ismcts:easy``, ``ismcts:medium`` and ``ismcts:hard`` (levels in :mod:`bazaar.bots.levels`).
"""

from __future__ import annotations

from collections.abc import Callable

from bazaar.bots import Bot
from bazaar.bots.heuristics import HeuristicBot, heuristic_for
from bazaar.bots.levels import DEFAULT_LEVEL, LEVELS, LevelBot
from bazaar.bots.random_bot import RandomBot
from bazaar.core.errors import BazaarError
from bazaar.i18n import N_


class UnknownBot(BazaarError):
    """A bot spec that no bot answers to."""

    rule = "unknown-bot"


def _random(seed: int, jobs: int = 1) -> Bot:
    return RandomBot(seed)


def _heuristic(seed: int, jobs: int = 1) -> Bot:
    return HeuristicBot(seed)


def _ismcts(level: str) -> Callable[..., Bot]:
    def factory(seed: int, jobs: int = 1) -> Bot:
        return LevelBot(level, seed, jobs)

    return factory


#: seat spec -> factory taking (seed, jobs=1).
BOTS: dict[str, Callable[..., Bot]] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts(DEFAULT_LEVEL),
    **{f"ismcts:{level}": _ismcts(level) for level in LEVELS},
}


def bot_names() -> list[str]:
    """Every seat spec a bot answers to, in a fixed order."""
    return list(BOTS)


def normalize_spec(spec: str) -> str:
    """``" ISMCTS : Hard "`` -> ``"ismcts:hard"``."""
    return ":".join(part.strip() for part in spec.strip().lower().split(":"))


def make_bot(spec: str, seed: int, jobs: int = 1, game: str | None = None) -> Bot:
    """A new bot for ``spec`` seeded with ``seed``; raise UnknownBot for other specs.

    ``jobs`` > 1 lets ISMCTS search in that many processes. With ``game`` (a game id) a
    ``heuristic`` seat is refused at once if that game has no heuristic player yet.
    """
    name = normalize_spec(spec)
    factory = BOTS.get(name)
    if factory is None:
        known = ", ".join(BOTS)
        raise UnknownBot.of(
            N_("unknown bot {spec!r} (known bots: {known})"), spec=spec, known=known
        )
    if name == "heuristic" and game is not None:
        try:
            heuristic_for(game)
        except BazaarError as exc:
            raise UnknownBot(f"{exc.message}; use ismcts or random for {game}") from exc
    return factory(seed, jobs)
