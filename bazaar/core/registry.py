"""The registry of games by id: each game registered by its :class:`GameParts`.

The three built-in games are loaded on first use (their ``parts`` modules import their
renderers and bots, which nothing needs before a game is asked for); any other game is
added with :func:`register` (tests/fourth_game does so). ``BAZAAR_GAMES`` may name modules,
separated by commas, that register games when the registry first loads (how a server
subprocess sees a game that is not built in).
"""

from __future__ import annotations

import importlib
import os

from bazaar.core.errors import UnknownGame
from bazaar.core.game import Game
from bazaar.core.parts import GameParts
from bazaar.i18n import N_

_parts: dict[str, GameParts] = {}
_loaded = False


def _built_ins() -> tuple[GameParts, ...]:
    from bazaar.games.buy_low_sell_high.parts import PARTS as BUY_LOW_SELL_HIGH
    from bazaar.games.night_market.parts import PARTS as NIGHT_MARKET
    from bazaar.games.take_stock.parts import PARTS as TAKE_STOCK

    return (BUY_LOW_SELL_HIGH, TAKE_STOCK, NIGHT_MARKET)


def _registry() -> dict[str, GameParts]:
    global _loaded
    if not _loaded:
        for parts in _built_ins():
            _parts.setdefault(parts.id, parts)
        _loaded = True  # before the extra modules, whose register() calls come back here
        for module in filter(None, os.environ.get("BAZAAR_GAMES", "").split(",")):
            importlib.import_module(module.strip())  # its import calls register()
    return _parts


def register(parts: GameParts) -> None:
    """Add a game (or replace the one with the same id)."""
    _registry()[parts.id] = parts


def unregister(game_id: str) -> None:
    """Remove a game added with :func:`register` (tests clean up with it)."""
    _registry().pop(game_id, None)


def game_parts(game_id: str) -> GameParts:
    """The parts of the game registered as ``game_id`` or raise UnknownGame."""
    registry = _registry()
    parts = registry.get(game_id)
    if parts is None:
        known = ", ".join(registry)
        raise UnknownGame.of(
            N_("unknown game {game_id!r} (known games: {known})"), game_id=game_id, known=known
        )
    return parts


def game_ids() -> list[str]:
    return list(_registry())


def get_game(game_id: str) -> Game:
    """Return the game registered as ``game_id`` or raise UnknownGame."""
    return game_parts(game_id).game


def declared_file(game_id: str, part: str, lang: str = "en") -> str:
    """The path inside its package of the file ``part`` (a :class:`GameFiles` field:
    "rules", "board_script", "puzzles") that game ``game_id`` declares, ``lang`` filling the
    rules text's; the part's name when the game is unknown or declares no such file (a path
    that is never a file, so a reader reports it missing)."""
    parts = _registry().get(game_id)
    path = getattr(parts.files, part, None) if parts is not None else None
    return path.format(lang=lang) if isinstance(path, str) else part


def all_games() -> list[Game]:
    return [parts.game for parts in _registry().values()]
