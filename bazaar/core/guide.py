"""What a game declares for its guided first game (``bazaar/games/<game>/guide.py``: ``GUIDE``).

The guide's words per decision live with the game (its own catalog); ``bazaar.bots.guide``
adds a suggestion from a search and turns a state into the guide's step (docs/guide.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameGuide:
    """A game's guided first game."""

    #: the fixed deal: players and seed (default options); the learner is seat 0
    players: int
    seed: int
    #: the gentle bot of every other seat (a bot spec)
    bot: str
    #: topic (decision) id -> what is decided and what to think about (an English msgid)
    topics: Mapping[str, str]
    #: the game's translator, ``bazaar.i18n.Translator(package)``
    translate: Callable[..., str]
    #: the topic of the decision in the learner's view
    topic_for: Callable[[dict[str, Any]], str]
    #: playouts of the search behind a suggestion (a fixed count: deterministic, under 1 s)
    iterations: int = 120

    def explain(self, topic: str, lang: str) -> str:
        return str(self.translate(self.topics[topic], lang))
