"""ISMCTS difficulty levels, as data, and the bot that plays at a level.

``LEVELS[name]`` maps to :class:`~bazaar.bots.ismcts.Ismcts` keyword arguments, except that
``rollout`` is a name: ``"random"`` (uniform random playouts) or ``"heuristic"`` (the game's
heuristic with some noise, :func:`~bazaar.bots.heuristics.heuristic_policy`; games without a
heuristic fall back to random playouts), and ``ranking`` may name the order in which progressive
widening adds children: ``"heuristic"`` (the game's heuristic ranking, :class:`HeuristicRanker`,
where the game declares a ``ranker``). Retune a level by editing its entry, or for one game in
its parts (``GameParts.level_overrides``, e.g. ``bazaar/games/take_stock/parts.py``); a level
may also be given as such a dict directly (tests use tiny budgets that way).

The rollout policy depends on the game, so :class:`LevelBot` builds its search at the first
``choose`` or ``analyse``, when it knows ``state.game.id``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bazaar.bots.ismcts import Ismcts, MoveStats, Policy, Ranker
from bazaar.bots.samples import SAMPLES
from bazaar.core.errors import BazaarError, UnknownGame
from bazaar.core.game import State
from bazaar.core.registry import game_parts
from bazaar.core.rng import Rng
from bazaar.core.seats import BOT_NAMES as BOT_NAMES  # what people call each bot
from bazaar.i18n import N_

#: Heuristic playouts cut after ``rollout_depth`` actions and judged by the game's
#: ``estimate_scores()`` made Buy Low Sell High's search far stronger than full random
#: playouts (win share 0.85 vs 0.30 against two heuristic players, 200 iterations);
#: progressive widening lifted Night Market's hard level from 0.23 to 0.44 against three
#: heuristic players (16-40 games each; see the strength benchmark). Since issue 24 the
#: medium and hard levels judge each new node by the learned value model at once
#: (``"leaf": "model"``, ``rollout_depth`` 0; benchmarks/model_strength.py; Night Market mixes
#: it with a heuristic playout, its ``level_overrides``). ``samples`` is
#: not a search setting: it is how many determinizations a hint at that level weighs. A game
#: that ships no value model (no ``value_plan`` in its parts) plays heuristic playouts cut
#: after :data:`MODEL_FREE_DEPTH` actions instead.
MODEL_FREE_DEPTH = 20

LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 100, "millis": None, "rollout": "random", "samples": SAMPLES["easy"]},
    "medium": {
        "iterations": None,
        "millis": 400.0,
        "rollout": "heuristic",
        "rollout_noise": 1.0,
        "rollout_depth": 0,
        "leaf": "model",
        "score_weight": 0.5,
        "widening": 1.0,
        "samples": SAMPLES["medium"],
    },
    "hard": {
        "iterations": None,
        "millis": 1000.0,
        "rollout": "heuristic",
        "rollout_noise": 1.0,
        "rollout_depth": 0,
        "leaf": "model",
        "score_weight": 0.5,
        "widening": 1.0,
        "samples": SAMPLES["hard"],
    },
}
DEFAULT_LEVEL = "medium"

#: One line per bot on how strong it is (English msgid; zh-TW in the catalogs).
BOT_DESCRIPTIONS = {
    "random": N_("Plays any legal move at random: the easiest to beat."),
    "heuristic": N_("Plays at once by simple rules of thumb: a fair first opponent."),
    "ismcts:easy": N_("Thinks a moment before each move: beginners win often."),
    "ismcts:medium": N_("Thinks about half a second a move: a solid game for most players."),
    "ismcts:hard": N_("Thinks about a second a move: the strongest, hard to beat."),
}
ROLLOUTS = ("random", "heuristic")

Level = str | Mapping[str, Any]


class UnknownLevel(BazaarError):
    """A difficulty level that is not in :data:`LEVELS`."""

    rule = "unknown-level"


def level_names() -> list[str]:
    return list(LEVELS)


def level_settings(level: Level, game_id: str | None = None) -> dict[str, Any]:
    """The settings of a level name (with ``game_id``'s ``level_overrides`` merged in),
    or a copy of a settings dict; raise UnknownLevel."""
    if isinstance(level, Mapping):
        settings = dict(level)
    else:
        name = level.strip().lower()
        if name not in LEVELS:
            raise UnknownLevel(f"unknown level {level!r} (known levels: {', '.join(LEVELS)})")
        settings = dict(LEVELS[name])
        if game_id is not None:
            try:
                overrides = game_parts(game_id).level_overrides
            except UnknownGame:
                overrides = {}  # an unknown game fails where it is played, not here
            settings.update(overrides.get(name, {}))
    rollout = settings.get("rollout", "random")
    if rollout not in ROLLOUTS:
        raise UnknownLevel(f"unknown rollout {rollout!r} (known rollouts: {', '.join(ROLLOUTS)})")
    if settings.get("iterations") is None and settings.get("millis") is None:
        settings["iterations"] = 200
    return settings


class HeuristicRollout:
    """``heuristic_policy(game_id, seed)`` that can be pickled (for ``jobs`` > 1 searches)."""

    def __init__(self, game_id: str, seed: int = 0, noise: float = 0.3) -> None:
        self.game_id = game_id
        self.seed = seed
        self.noise = noise
        self._policy: Policy | None = None

    def __call__(self, state: State, rng: Rng) -> int:
        if self._policy is None:
            from bazaar.bots.heuristics import heuristic_policy

            self._policy = heuristic_policy(self.game_id, self.seed, self.noise)
        return self._policy(state, rng)

    def __getstate__(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "seed": self.seed, "noise": self.noise, "_policy": None}


class HeuristicRanker:
    """The game's heuristic ranking of the legal actions (its parts' ``ranker``, best first),
    for a search that expands children in that order; picklable like :class:`HeuristicRollout`."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._rank: Ranker | None = None

    def __call__(self, state: State) -> list[int]:
        if self._rank is None:
            make_ranker = game_parts(self.game_id).ranker
            if make_ranker is None:
                raise BazaarError(f"no move ranking for game {self.game_id!r}", rule="ranking")
            self._rank = make_ranker()
        return self._rank(state)

    def __getstate__(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "_rank": None}


def move_ranker(name: str | None, game_id: str) -> Ranker | None:
    """The move ranking called ``name`` for ``game_id``: ``"heuristic"`` if the game
    declares a ``ranker`` in its parts, else None (the search's own order)."""
    if name != "heuristic":
        return None
    try:
        parts = game_parts(game_id)
    except BazaarError:
        return None
    return HeuristicRanker(game_id) if parts.ranker is not None else None


def rollout_policy(name: str, game_id: str, seed: int = 0, noise: float = 0.3) -> Policy | None:
    """The rollout policy called ``name`` for ``game_id`` (None = uniform random)."""
    if name != "heuristic":
        return None
    try:
        parts = game_parts(game_id)
    except BazaarError:
        return None
    if parts.heuristic is None:
        return None  # no heuristic for this game: random rollouts
    return HeuristicRollout(game_id, seed, noise)


def _ships_models(game_id: str) -> bool:
    try:
        return game_parts(game_id).value_plan is not None
    except UnknownGame:
        return False  # an unknown game fails where it is played, not here


def make_ismcts(level: Level, game_id: str, seed: int = 0, jobs: int = 1) -> Ismcts:
    """A search set up as ``level`` for ``game_id``."""
    settings = level_settings(level, game_id)
    settings.pop("samples", None)  # the estimator's, for hints at this level
    noise = settings.pop("rollout_noise", 0.3)
    rollout = rollout_policy(settings.pop("rollout", "random"), game_id, seed, noise)
    ranker = move_ranker(settings.pop("ranking", None), game_id)
    leaf = None
    if settings.pop("leaf", None) == "model":
        if not _ships_models(game_id):
            settings["rollout_depth"] = MODEL_FREE_DEPTH
        else:
            from bazaar.bots.estimator import ModelLeaf  # numpy: only searches that use it

            leaf = ModelLeaf()
    settings.setdefault("iterations", None)
    return Ismcts(seed=seed, rollout=rollout, ranker=ranker, jobs=jobs, leaf=leaf, **settings)


class LevelBot:
    """ISMCTS at a difficulty level: ``LevelBot("hard", seed).choose(state)``."""

    def __init__(self, level: Level = DEFAULT_LEVEL, seed: int = 0, jobs: int = 1) -> None:
        level_settings(level)  # fail early on a bad level
        self.level = level
        self.seed = seed
        self.jobs = jobs
        self.name = f"ismcts:{level}" if isinstance(level, str) else "ismcts"
        self._searches: dict[str, Ismcts] = {}

    def search(self, state: State) -> Ismcts:
        """The search for ``state``'s game, built the first time it is needed."""
        game_id = state.game.id
        bot = self._searches.get(game_id)
        if bot is None:
            bot = self._searches[game_id] = make_ismcts(self.level, game_id, self.seed, self.jobs)
        return bot

    def choose(self, state: State) -> int:
        return self.search(state).choose(state)

    def analyse(self, state: State) -> list[MoveStats]:
        return self.search(state).analyse(state)


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "HeuristicRanker",
    "HeuristicRollout",
    "LevelBot",
    "UnknownLevel",
    "level_names",
    "level_settings",
    "make_ismcts",
    "move_ranker",
    "rollout_policy",
]
