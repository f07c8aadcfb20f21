"""Importing this module registers Hidden Nines (``BAZAAR_GAMES=tests.fourth_game.register``)."""

from bazaar.core.registry import register
from tests.fourth_game import PARTS

register(PARTS)
