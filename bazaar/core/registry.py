"""The registry of games by id."""

from __future__ import annotations

import importlib

from bazaar.core.errors import UnknownGame
from bazaar.core.game import Game

#: game id -> module that defines ``GAME``; imported on first use.
GAME_MODULES: dict[str, str] = {
    "buy-low-sell-high": "bazaar.games.buy_low_sell_high",
    "take-stock": "bazaar.games.take_stock",
    "night-market": "bazaar.games.night_market",
}

_loaded: dict[str, Game] = {}


def game_ids() -> list[str]:
    return list(GAME_MODULES)


def get_game(game_id: str) -> Game:
    """Return the game registered as ``game_id`` or raise UnknownGame."""
    if game_id not in _loaded:
        if game_id not in GAME_MODULES:
            known = ", ".join(GAME_MODULES)
            raise UnknownGame(f"unknown game {game_id!r} (known games: {known})")
        _loaded[game_id] = importlib.import_module(GAME_MODULES[game_id]).GAME
    return _loaded[game_id]


def all_games() -> list[Game]:
    return [get_game(g) for g in GAME_MODULES]
