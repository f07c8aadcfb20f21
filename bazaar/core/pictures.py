"""A rulebook's pictures: a position to draw, given as a deal and the moves to it.

A game's rulebook module (``GameParts.rulebook``) lists its pictures as :class:`Picture`
values; this module reads nothing of the registry, so a game's parts may import that module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bazaar.core.errors import BazaarError
from bazaar.core.game import Event, Game, State


class RulebookError(BazaarError):
    """A rulebook, section, language, picture or picture file that is not there or is wrong."""

    rule = "rulebook"


@dataclass(frozen=True)
class PlayedMove:
    """One action of a picture's position, with what the game said about it."""

    seat: int
    action: int
    notation: str
    #: the notation as the other seats see it (taken before the move)
    public: str
    events: list[Event]


@dataclass(frozen=True)
class Picture:
    """A position to draw: ``game.new(players, seed, options)`` then ``actions`` (notation) in
    order, drawn by the game's board script for ``seat`` (None: a spectator)."""

    players: int
    seed: int
    actions: tuple[str, ...] = ()
    seat: int | None = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    def play(self, game: Game, name: str = "") -> tuple[State, list[PlayedMove]]:
        """The position and the moves that led to it; RulebookError names the picture and the
        action if one is not legal (or not notation)."""
        state = game.new(self.players, self.seed, dict(self.options))
        moves: list[PlayedMove] = []
        for number, text in enumerate(self.actions, 1):
            seat = state.to_move()
            try:
                if seat is None:
                    raise BazaarError("the game is over")
                action = state.parse(text)
            except BazaarError as exc:
                raise RulebookError(
                    f"picture {name or '?'!r} of {game.id}: action {number} {text!r} "
                    f"is not legal: {exc}"
                ) from exc
            public = state.public_notation(action)
            events = state.apply(action)
            moves.append(PlayedMove(seat, action, state.notation(action), public, events))
        return state, moves

    def position(self, game: Game, name: str = "") -> State:
        """The state after the picture's actions (see :meth:`play`)."""
        return self.play(game, name)[0]
