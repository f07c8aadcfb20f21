"""Bazaar: market board games to play, study and simulate."""

__version__ = "0.1.0"
