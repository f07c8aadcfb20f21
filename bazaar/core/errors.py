"""Errors raised by the game protocol.

Every error carries a machine-readable ``rule`` tag (which rule or check was broken)
and a human-readable message that names the offending value.
"""

from __future__ import annotations


class BazaarError(Exception):
    """Base class of all errors Bazaar raises on purpose."""

    rule: str = "error"

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        if rule is not None:
            self.rule = rule

    @property
    def message(self) -> str:
        return str(self.args[0])


class IllegalAction(BazaarError):
    """An action that breaks a rule in the current state; the state is left untouched."""

    rule = "illegal"


class NotationError(IllegalAction):
    """Text that is not valid move notation for the game."""

    rule = "notation"


class UnknownGame(BazaarError):
    """A game id that is not registered."""

    rule = "unknown-game"


class BadOptions(BazaarError):
    """A player count or rule option that the game does not accept."""

    rule = "options"


class BadRecord(BazaarError):
    """A game record that is malformed or does not replay."""

    rule = "record"


class BadName(BazaarError):
    """A player name that is empty, too long or holds a refused character."""

    rule = "name"
