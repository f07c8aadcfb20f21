"""Take Stock's parts, declared in one place for the registry (bazaar.core.parts)."""

from __future__ import annotations

from bazaar.core.parts import (
    GameFiles,
    GameParts,
    GameWords,
    OpenSpielName,
    Ranker,
    ResultRule,
    TerminalRenderer,
    ValuePlan,
)
from bazaar.games.take_stock import GAME, rulebook
from bazaar.games.take_stock import compact as C
from bazaar.games.take_stock import render as R
from bazaar.games.take_stock import words as W
from bazaar.games.take_stock.estimate import estimate_scores
from bazaar.games.take_stock.features import layout
from bazaar.games.take_stock.guide import GUIDE
from bazaar.games.take_stock.heuristic import TakeStockHeuristic
from bazaar.games.take_stock.moves import move_fields
from bazaar.games.take_stock.slots import CODEC
from bazaar.games.take_stock.story import story
from bazaar.games.take_stock.teach import CHANGES
from bazaar.games.take_stock.why import REASONS
from bazaar.i18n import N_

WORDS = GameWords(
    describe_action=W.describe_action,
    prompt_hint=W.prompt_hint,
    explain_rule=W.explain_rule,
    score_label=W.score_label,
    notation_help=W.notation_help,
    notation_examples=W.NOTATION_EXAMPLES,
    money=None,
    words_only=True,
)
RENDERER = TerminalRenderer(render_view=R.render_view, compact_view=C.compact_view)

#: Take Stock's many Buy pairs spread a few hundred playouts too thin: its hard level widens
#: in the heuristic's order, narrowly, and keeps the heuristic's move on near-ties (150
#: playouts, 40 games against three heuristic players: win share 0.31 ranked, 0.375 with the
#: bonus; the real hard level at 1 s a move: 0.55 of 40 games, up from 0.21 of 24).
LEVEL_OVERRIDES = {"hard": {"ranking": "heuristic", "widening": 0.3, "prior_bonus": 0.3}}


def ranker() -> Ranker:
    """The heuristic's ranking of the legal moves, best first."""
    return TakeStockHeuristic().rank


RESULT_RULE = ResultRule(rule=N_("The highest total wins; tied players share the win."))

FILES = GameFiles(
    rules="rules.{lang}.md",
    board_script="static/board.js",
    puzzles="puzzles.json",
    value="value/{players}p.npz",
    catalog="take_stock",
    board_catalog="board",
)

PARTS = GameParts(
    game=GAME,
    package=__package__,
    files=FILES,
    words=WORDS,
    renderer=RENDERER,
    heuristic=TakeStockHeuristic,
    ranker=ranker,
    estimate=estimate_scores,
    level_overrides=LEVEL_OVERRIDES,
    move_fields=move_fields,
    result_rule=RESULT_RULE,
    rulebook=rulebook,
    guide=GUIDE,
    openspiel=OpenSpielName("python_bazaar_take_stock", max_game_length=1000),
    changes=CHANGES,
    reasons=REASONS,
    features=layout,
    story=story,
    # self-play per player count: all counts train in under 30 CPU-minutes (docs/bots.md)
    value_plan=ValuePlan(heuristic_games=1500, improved_games=40, epochs=8, search_games=6),
    # PettingZoo's compact mode: a card by its slot in the sorted hand (1,501 codes, not 6,401)
    compact_actions=CODEC,
)
