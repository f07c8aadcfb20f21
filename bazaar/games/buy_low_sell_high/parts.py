"""Buy Low Sell High's parts, declared in one place for the registry (bazaar.core.parts)."""

from __future__ import annotations

from bazaar.core.parts import (
    GameFiles,
    GameParts,
    GameWords,
    OpenSpielName,
    ResultRule,
    TerminalRenderer,
    ValuePlan,
)
from bazaar.games.buy_low_sell_high import GAME, rulebook
from bazaar.games.buy_low_sell_high import compact as C
from bazaar.games.buy_low_sell_high import render as R
from bazaar.games.buy_low_sell_high import words as W
from bazaar.games.buy_low_sell_high.estimate import estimate_scores
from bazaar.games.buy_low_sell_high.features import layout
from bazaar.games.buy_low_sell_high.guide import GUIDE
from bazaar.games.buy_low_sell_high.heuristic import BlshHeuristic
from bazaar.games.buy_low_sell_high.moves import move_fields
from bazaar.games.buy_low_sell_high.story import story
from bazaar.games.buy_low_sell_high.teach import CHANGES
from bazaar.games.buy_low_sell_high.why import REASONS
from bazaar.i18n import N_

WORDS = GameWords(
    describe_action=W.describe_action,
    prompt_hint=W.prompt_hint,
    explain_rule=W.explain_rule,
    score_label=W.score_label,
    notation_help=W.notation_help,
    notation_examples=W.NOTATION_EXAMPLES,
    money=W.money,
    words_only=True,
)
RENDERER = TerminalRenderer(render_view=R.render_view, compact_view=C.compact_view)

RESULT_RULE = ResultRule(rule=N_("Most money wins; tied players share the win."))

FILES = GameFiles(
    rules="rules.{lang}.md",
    board_script="static/board.js",
    puzzles="puzzles.json",
    value="value/{players}p.npz",
    catalog="buy_low_sell_high",
    board_catalog="board",
)

PARTS = GameParts(
    game=GAME,
    package=__package__,
    files=FILES,
    words=WORDS,
    renderer=RENDERER,
    heuristic=BlshHeuristic,
    ranker=None,
    estimate=estimate_scores,
    level_overrides={},
    move_fields=move_fields,
    result_rule=RESULT_RULE,
    rulebook=rulebook,
    guide=GUIDE,
    openspiel=OpenSpielName("python_bazaar_buy_low_sell_high", max_game_length=500),
    changes=CHANGES,
    reasons=REASONS,
    features=layout,
    story=story,
    # self-play per player count: all counts train in under 30 CPU-minutes (docs/bots.md)
    value_plan=ValuePlan(heuristic_games=5000, improved_games=300, epochs=8, search_games=20),
)
