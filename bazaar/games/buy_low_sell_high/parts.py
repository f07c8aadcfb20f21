"""Buy Low Sell High's parts, declared in one place for the registry (bazaar.core.parts)."""

from __future__ import annotations

from bazaar.core.parts import GameParts, GameWords, ResultRule, TerminalRenderer
from bazaar.games.buy_low_sell_high import GAME
from bazaar.games.buy_low_sell_high import render as R
from bazaar.games.buy_low_sell_high import words as W
from bazaar.games.buy_low_sell_high.estimate import estimate_scores
from bazaar.games.buy_low_sell_high.features import layout
from bazaar.games.buy_low_sell_high.heuristic import BlshHeuristic
from bazaar.games.buy_low_sell_high.moves import move_fields
from bazaar.games.buy_low_sell_high.story import story
from bazaar.games.buy_low_sell_high.teach import CHANGES
from bazaar.i18n import N_

WORDS = GameWords(
    describe_action=W.describe_action,
    prompt_hint=W.prompt_hint,
    explain_rule=W.explain_rule,
    score_label=W.score_label,
    notation_help=W.notation_help,
    notation_examples=W.NOTATION_EXAMPLES,
    money=W.money,
)
RENDERER = TerminalRenderer(render_view=R.render_view)

RESULT_RULE = ResultRule(rule=N_("Most money wins; tied players share the win."))

PARTS = GameParts(
    game=GAME,
    package=__package__,
    words=WORDS,
    renderer=RENDERER,
    heuristic=BlshHeuristic,
    ranker=None,
    estimate=estimate_scores,
    level_overrides={},
    move_fields=move_fields,
    result_rule=RESULT_RULE,
    rulebook=f"{__package__}.rulebook",
    changes=CHANGES,
    features=layout,
    story=story,
)
