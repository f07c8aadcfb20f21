"""Imported once by the process server of ``--jobs N``: every game and bot, so that each worker
forked from it starts playing at once instead of importing them again."""

from bazaar.core.registry import all_games
from bazaar.sim import play  # noqa: F401  (the worker's entry point)

for _game in all_games():
    _game.new(_game.min_players, 0)
