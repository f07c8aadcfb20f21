"""A fourth game that lives only under tests/: Hidden Nines (game.py), declared by its parts.

``PARTS`` is what a game package declares (bazaar/core/parts.py); importing
``tests.fourth_game.register`` registers it (what ``BAZAAR_GAMES=tests.fourth_game.register``
does for another process, such as the web server's bot workers).
"""

from __future__ import annotations

from bazaar.core.parts import GameParts, GameWords, TerminalRenderer
from tests.fourth_game import render as R
from tests.fourth_game.actions import EXAMPLES
from tests.fourth_game.bots import HighestCard, estimate_scores
from tests.fourth_game.game import GAME
from tests.fourth_game.moves import move_fields
from tests.fourth_game.words import describe_action, notation_help

PARTS = GameParts(
    game=GAME,
    package=None,  # no rules texts
    words=GameWords(
        describe_action=describe_action,
        prompt_hint=None,
        explain_rule=None,
        score_label=None,
        notation_help=notation_help,
        notation_examples=EXAMPLES,
        money=None,
    ),
    renderer=TerminalRenderer(render_view=R.render_view),
    heuristic=HighestCard,
    ranker=None,
    estimate=estimate_scores,
    level_overrides={"easy": {"iterations": 30}},
    move_fields=move_fields,
)
