"""Taiwan Night Market's parts, declared in one place for the registry (bazaar.core.parts)."""

from __future__ import annotations

from bazaar.core.parts import GameParts, TerminalRenderer
from bazaar.games.night_market import GAME
from bazaar.games.night_market import render as R
from bazaar.games.night_market.estimate import estimate_scores
from bazaar.games.night_market.heuristic import NightMarketHeuristic
from bazaar.games.night_market.moves import move_fields

RENDERER = TerminalRenderer(
    render_view=R.render_view,
    describe_action=R.describe_action,
    prompt_hint=R.prompt_hint,
    explain_rule=R.explain_rule,
    score_label=R.score_label,
    notation_help=R.notation_help,
    notation_examples=R.NOTATION_EXAMPLES,
    money=R.money,
)

PARTS = GameParts(
    game=GAME,
    package=__package__,
    renderer=RENDERER,
    heuristic=NightMarketHeuristic,
    ranker=None,
    estimate=estimate_scores,
    level_overrides={},
    move_fields=move_fields,
)
