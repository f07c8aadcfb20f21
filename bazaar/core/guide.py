"""What a game declares for its guided first game (``bazaar/games/<game>/guide.py``: ``GUIDE``).

The guide's words per decision live with the game (its own catalog); ``bazaar.bots.guide``
adds a suggestion from a search and turns a state into the guide's step (docs/guide.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

View = dict[str, Any]


@dataclass(frozen=True)
class GameGuide:
    """A game's guided first game."""

    #: the fixed deal: players and seed (default options); the learner is seat 0
    players: int
    seed: int
    #: the gentle bot of every other seat (a bot spec)
    bot: str
    #: topic (decision) id -> what is decided and what to think about (an English msgid): what
    #: the guide says the first time the learner meets the decision
    topics: Mapping[str, str]
    #: the game's translator, ``bazaar.i18n.Translator(package)``
    translate: Callable[..., str]
    #: the topic of the decision in the learner's view
    topic_for: Callable[[View], str]
    #: playouts of the search behind a suggestion (a fixed count: deterministic, under 1 s)
    iterations: int = 120
    #: topic -> shorter follow-up tips (English msgids), said in turn after the first time
    tips: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: ``first_time(topic, view)``: whether the view is the learner's first meeting with the
    #: topic, judged from the position (None: always the first-time words)
    first_time: Callable[[str, View], bool] | None = None
    #: ``progress(view)``: a number that moves on as the game does (which tip is said)
    progress: Callable[[View], int] | None = None
    #: ``situation(view, lang)``: where the learner stands now, in a sentence (round, money,
    #: what the learner holds): it follows the explanation, so it changes with every decision
    situation: Callable[[View, str], str] | None = None

    def explain(self, topic: str, lang: str, view: View | None = None) -> str:
        """What the guide says of ``topic``: without a view, its first-time words; with one,
        the first-time words where the position is the learner's first meeting with it, else
        a follow-up tip chosen by the position, then where the learner stands. A pure
        function of (topic, lang, view): the web and the terminal say the same."""
        tips = self.tips.get(topic, ())
        if view is None:
            return str(self.translate(self.topics[topic], lang))
        first = self.first_time is None or self.first_time(topic, view)
        if first or not tips:
            text = str(self.translate(self.topics[topic], lang))
        else:
            turn = self.progress(view) if self.progress is not None else 0
            text = str(self.translate(tips[turn % len(tips)], lang))
        if self.situation is None:
            return text
        return text + (" " if lang == "en" else "") + self.situation(view, lang)
