"""Taiwan Night Market's parts, declared in one place for the registry (bazaar.core.parts)."""

from __future__ import annotations

from bazaar.core.game import State
from bazaar.core.parts import (
    GameFiles,
    GameParts,
    GameWords,
    OpenSpielName,
    ResultRule,
    TerminalRenderer,
    ValuePlan,
)
from bazaar.games.night_market import GAME, rulebook
from bazaar.games.night_market import compact as C
from bazaar.games.night_market import render as R
from bazaar.games.night_market import words as W
from bazaar.games.night_market.estimate import estimate_scores
from bazaar.games.night_market.features import layout
from bazaar.games.night_market.fields import BID, HIDE, VALUE
from bazaar.games.night_market.guide import GUIDE
from bazaar.games.night_market.heuristic import NightMarketHeuristic
from bazaar.games.night_market.moves import move_fields
from bazaar.games.night_market.state import NightMarketState
from bazaar.games.night_market.story import story
from bazaar.games.night_market.teach import CHANGES
from bazaar.games.night_market.why import REASONS
from bazaar.i18n import N_

WORDS = GameWords(
    describe_action=W.describe_action,
    prompt_hint=W.prompt_hint,
    explain_rule=W.explain_rule,
    score_label=W.score_label,
    notation_help=W.notation_help,
    notation_examples=W.NOTATION_EXAMPLES,
    money=W.money,
    turn_story=W.turn_story,
    words_only=True,
)
RENDERER = TerminalRenderer(render_view=R.render_view, compact_view=C.compact_view)


def most_lots(state: State) -> list[float]:
    """The tie-break of equal money (the rules, "End of the game"): the lots each seat owns."""
    assert isinstance(state, NightMarketState)
    return [float(n) for n in state.nlots]


def open_round(state: State) -> tuple[str, int] | None:
    """The round step whose outcome the seats decide together: the hidden customers (chosen
    by everyone before any comes in, rules step 3) and the bidding (two times around the table
    and the compensation bids, step 4: a bid's worth shows once the others have answered)."""
    assert isinstance(state, NightMarketState)
    if state.phase == HIDE:
        return ("hide", state.round)
    if state.phase in (BID, VALUE):
        return ("bid", state.round)
    return None


#: the rules, "End of the game"
WINNER_RULE = N_(
    "Most money wins; a tie goes to the player with more lots, and players still tied "
    "share the win."
)
RESULT_RULE = ResultRule(
    rule=WINNER_RULE,
    tie_break=most_lots,
    tie_break_words=N_("Tie at {score} broken by the most lots."),
)

FILES = GameFiles(
    rules="rules.{lang}.md",
    board_script="static/board.js",
    puzzles="puzzles.json",
    value="value/{players}p.npz",
    catalog="night_market",
    board_catalog="board",
)

#: Night Market's searches mix the value model's judgement of a new node half and half with a
#: 20-move heuristic playout (``Ismcts(blend=...)``): against the hard level as it was before
#: issue 24, 100 ms a move, 3 players, the same 180 seat-rotated games: the model alone won
#: 0.261 (0.78x fair share), the half-and-half mix 0.408 (1.23x; benchmarks/model_strength.py,
#: docs/bots.md).
MIXED_LEAF = {"blend": 0.5, "rollout_depth": 20}
LEVEL_OVERRIDES = {"medium": MIXED_LEAF, "hard": MIXED_LEAF}

PARTS = GameParts(
    game=GAME,
    package=__package__,
    files=FILES,
    words=WORDS,
    renderer=RENDERER,
    heuristic=NightMarketHeuristic,
    ranker=None,
    estimate=estimate_scores,
    level_overrides=LEVEL_OVERRIDES,
    open_round=open_round,
    move_fields=move_fields,
    result_rule=RESULT_RULE,
    rulebook=rulebook,
    guide=GUIDE,
    openspiel=OpenSpielName("python_bazaar_night_market", max_game_length=500),
    changes=CHANGES,
    reasons=REASONS,
    features=layout,
    story=story,
    # self-play per player count: all counts train in under 30 CPU-minutes (docs/bots.md)
    value_plan=ValuePlan(heuristic_games=4000, improved_games=300, epochs=8, search_games=20),
)
