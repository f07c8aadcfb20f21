"""The shapes of the parts of the engine's replies (docs/engine.md), types only: the game a
session plays, a legal move, a played move, whose turn it is and the result. JSON Schema and
TypeScript declarations: docs/schema/ (scripts/schema.py).

An event in a reply stays an open JSON object: ``Event.to_json()`` (``kind``, ``to`` and the
game's data keys, ``bazaar/games/<game>/shapes.py``) with ``text`` when words were asked for.
"""

from __future__ import annotations

from typing import Any, NotRequired

from typing_extensions import TypedDict


class EngineAbout(TypedDict):
    """The game of the session: id, players, seed and rule options (protocol 2: ``names``)."""

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    names: NotRequired[list[str]]


class EngineMove(TypedDict):
    """A legal move: its index in ``legal``, action number, notation (words with ``lang``)."""

    index: int
    action: int
    notation: str
    text: NotRequired[str]


class PlayedMove(TypedDict):
    """A move as the asking seat may see it: another seat's move has no ``index``, and a
    private choice only its public notation (``action`` null, ``text`` null)."""

    index: int | None
    action: int | None
    notation: str
    text: NotRequired[str | None]


class EngineTurn(TypedDict):
    """Whose turn it is and, for that seat (or the referee), the legal moves."""

    to_move: int | None
    legal: list[EngineMove]


class EngineResult(TypedDict):
    """The ``result`` reply."""

    over: bool
    scores: list[float]
    winners: list[int]
    returns: list[float]


class CommandHelp(TypedDict):
    """A command of the ``help`` reply: its fields and what it does."""

    fields: list[str]
    help: str
