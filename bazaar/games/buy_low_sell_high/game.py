"""The Buy Low Sell High game definition: id, player counts and rule options (spec §8)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import ClassVar

from bazaar.core.game import Event, Game, Option
from bazaar.core.sizes import MINI, NORMAL
from bazaar.games.buy_low_sell_high import actions
from bazaar.games.buy_low_sell_high.components import (
    DECKS,
    DEFAULT_DECK,
    DEFAULT_DIVIDEND_TABLE,
    DIVIDEND_TABLES,
)
from bazaar.games.buy_low_sell_high.state import BlshState
from bazaar.games.buy_low_sell_high.text import describe
from bazaar.i18n import N_


def _first(default: str, names: Iterable[str]) -> tuple[str, ...]:
    """``names`` as a tuple with ``default`` first."""
    return (default, *(n for n in names if n != default))


#: the package whose catalog translates the option help and the game name
DOMAIN = __name__.rpartition(".")[0]

OPTIONS = (
    Option(
        "first_lap_limits", "exact", ("exact", "at_most"),
        "Year 1 first lap (§4.6): 'exact' = seat 1 trades exactly one token and seat 2 exactly "
        "two kinds in one direction, no pass; 'at_most' = those are upper limits.",
        DOMAIN,
        label=N_("Year 1 first-lap limits"),
        choice_labels=(("exact", N_("exactly, no pass")), ("at_most", N_("at most"))),
    ),
    Option(
        "negative_money_timing", "start_of_next_year", ("start_of_next_year", "next_turn"),
        "When negative money must be repaid by selling (§4.7): at the start of the next year "
        "(default) or at the start of the player's next turn.",
        DOMAIN,
        label=N_("When negative money is repaid"),
        choice_labels=(
            ("start_of_next_year", N_("at the start of the next year")),
            ("next_turn", N_("at the player's next turn")),
        ),
    ),
    Option(
        "forced_sale_may_exceed_zero", True, (True, False),
        "A forced seller may keep selling after reaching $0 (§4.7, 至少).",
        DOMAIN,
        label=N_("A forced seller may sell past $0"),
    ),
    Option(
        "forced_sale_replaces_trading", False, (False, True),
        "A forced sale replaces the player's next trading phase (§4.7).",
        DOMAIN,
        label=N_("A forced sale replaces trading"),
    ),
    Option(
        "bn_may_target_covered_space", False, (False, True),
        "Breaking News may cover an already covered card or a dud, with no effect (§5.3).",
        DOMAIN,
        label=N_("Breaking News may cover a covered card or a dud"),
    ),
    Option(
        "short_column_shift", "full_net", ("full_net", "token_count"),
        "Year-end move larger than the column (§6): shift by the full net, or move each token "
        "at most once.",
        DOMAIN,
        label=N_("Year-end move beyond the column"),
        choice_labels=(
            ("full_net", N_("shift by the full net")),
            ("token_count", N_("each token moves at most once")),
        ),
    ),
    Option(
        "selloff_starts_with", "last_active", ("last_active", "next"),
        "Final sell-off (§7) starts with the player who filled the last space, or the next one.",
        DOMAIN,
        label=N_("Who starts the final sell-off"),
        choice_labels=(
            ("last_active", N_("the player who filled the last space")),
            ("next", N_("the next player")),
        ),
    ),
    Option(
        "dividend_table", DEFAULT_DIVIDEND_TABLE, _first(DEFAULT_DIVIDEND_TABLE, DIVIDEND_TABLES),
        "The dividend table (§11.2, a placeholder: the seed's table is lost), $ per share for "
        "0/1/2/3/4+ uncovered Dividend cards of a colour (data.json): 'triangular' = "
        "0/1/3/6/10, increasing returns; 'linear' = 0/2/4/6/8, the same $6 at three cards but "
        "$2 for each card.",
        DOMAIN,
        label=N_("Dividend per share"),
        choice_labels=(
            ("triangular", N_("0, 1, 2, 3, 4+ cards pay $0, $1, $3, $6, $10")),
            ("linear", N_("each card pays $2")),
        ),
    ),
    Option(
        "deck", DEFAULT_DECK, _first(DEFAULT_DECK, DECKS),
        "The 45 market cards (§11.1, a placeholder: the seed gives only the total), per colour "
        "(data.json): 'even' = one of each bull and bear value and 3 each of Dividend, "
        "Breaking News and Commission (the even split of the spec); 'price_heavy' = two of "
        "each bull and bear value and one of each other type, to test how much the even "
        "split decides.",
        DOMAIN,
        label=N_("Market cards"),
        choice_labels=(
            ("even", N_("1 of each bull and bear card and 3 of each other card per stock")),
            ("price_heavy", N_("2 of each bull and bear card and 1 of each other card per stock")),
        ),
    ),
    Option(
        "size", NORMAL, (NORMAL, MINI),
        "A study variant, not a rule of the game: 'normal' = the game; 'mini' = one year, "
        "hands of 2 cards and a market row of one card per player (every other rule "
        "unchanged), small enough for exact methods such as CFR (docs/openspiel.md).",
        DOMAIN,
        label=N_("Game size (study variant)"),
        choice_labels=(
            (NORMAL, N_("the full game")),
            (MINI, N_("mini: one year, 2-card hands, one card per player in the row")),
        ),
    ),
)  # fmt: skip


class BuyLowSellHigh(Game):
    """Reiner Knizia's Buy Low Sell High (1996), 2–4 players."""

    id = "buy-low-sell-high"
    name_en = N_("Buy Low Sell High")
    min_players = 2
    max_players = 4
    num_actions = actions.NUM_ACTIONS
    option_specs = OPTIONS

    actions_module: ClassVar[ModuleType] = actions
    state_class: ClassVar[type[BlshState]] = BlshState
    event_text: ClassVar[Callable[[Event, str], str]] = staticmethod(describe)
