"""The Take Stock game definition: id, player counts and rule options (spec §14, §15a)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import ClassVar

from bazaar.core.game import Event, Game, Option
from bazaar.core.sizes import MINI, NORMAL, SIZE, SIZE_CHOICES
from bazaar.games.take_stock import actions
from bazaar.games.take_stock.components import COMPONENTS
from bazaar.games.take_stock.state import TakeStockState
from bazaar.games.take_stock.text import describe
from bazaar.i18n import N_

_SHARES = tuple(COMPONENTS.shares_tables)
_DEALS = tuple(COMPONENTS.deal_tables)

#: the package whose catalog translates the option help and the game name
DOMAIN = __name__.rpartition(".")[0]

OPTIONS = (
    Option(
        "shares_table", _SHARES[0], _SHARES,
        "Share symbols on the cards of value 1..12 (§2.2, unsourced): '4-4-3' = 0 on the "
        "starter 1, 1 share on 2-5, 2 on 6-9, 3 on 10-12; other tables are in data.json.",
        DOMAIN,
        label=N_("Share symbols on the cards"),
    ),
    Option(
        "deal_counts", _DEALS[0], _DEALS,
        "Cards dealt to each player (§3): 'code' = 7/6/5/4/4 for 2/3/4/5/6 players; "
        "'nine_minus' = 9 minus the player count (3 with 6 players).",
        DOMAIN,
        label=N_("Cards dealt to each player"),
        choice_labels=(
            ("code", N_("7/6/5/4/4 for 2-6 players")),
            ("nine_minus", N_("9 minus the player count")),
        ),
    ),
    Option(
        "first_dealer", "random", ("random", "seat0"),
        "Dealer of round 1 (§3): chosen at random from the seed, or seat 0 (then seat 1 starts).",
        DOMAIN,
        label=N_("Dealer of round 1"),
        choice_labels=(("random", N_("chosen at random")), ("seat0", N_("Seat 1"))),
    ),
    Option(
        "held_usable", "later_round", ("later_round", "later_turn"),
        "When a held event may be triggered (§5.3D): only in a round after the one in which it "
        "was drawn (後續回合), or on any later turn.",
        DOMAIN,
        label=N_("When a held event may be triggered"),
        choice_labels=(
            ("later_round", N_("in a later round")),
            ("later_turn", N_("on any later turn")),
        ),
    ),
    Option(
        "crash", "reset", ("reset", "drop_one"),
        "Stock Crash / Market Crash (§6): the row goes back to its starter 1, or loses only its "
        "bottom card.",
        DOMAIN,
        label=N_("Stock Crash and Market Crash"),
        choice_labels=(
            ("reset", N_("the row goes back to its starter 1")),
            ("drop_one", N_("the row loses its bottom card")),
        ),
    ),
    Option(
        "crash_splits", "keep", ("keep", "discard"),
        "Whether a crash also sends the stock's Split cards to the event discard pile (§6).",
        DOMAIN,
        label=N_("Split cards in a crash"),
        choice_labels=(("keep", N_("kept")), ("discard", N_("discarded"))),
    ),
    Option(
        "insider_limit", "respect", ("respect", "ignore"),
        "Insider Trading (§6) obeys the holding limit like a Buy ('respect') or ignores it.",
        DOMAIN,
        label=N_("Insider Trading and the holding limit"),
        choice_labels=(("respect", N_("obeys the limit")), ("ignore", N_("ignores the limit"))),
    ),
    Option(
        "audit", "actor_chooses", ("actor_chooses", "target_chooses", "enforce_limit"),
        "Stock Audit (§6): the player picks another player's certificate to discard; or names "
        "a player who picks; or everyone above the holding limit discards down to it.",
        DOMAIN,
        label=N_("Stock Audit"),
        choice_labels=(
            ("actor_chooses", N_("the auditor picks the certificate")),
            ("target_chooses", N_("the named player picks")),
            ("enforce_limit", N_("everyone over the limit discards")),
        ),
    ),
    Option(
        "freeze", "row_lock", ("row_lock", "full_lock", "player"),
        "Stock Freeze (§6): no card may be played on the chosen row this round; 'full_lock' "
        "also makes the row ignore splits, crashes and downturns; 'player' = lay it before an "
        "opponent, who may not Buy this round.",
        DOMAIN,
        label=N_("Stock Freeze"),
        choice_labels=(
            ("row_lock", N_("no more cards on the row")),
            ("full_lock", N_("the row is fully locked")),
            ("player", N_("an opponent may not buy")),
        ),
    ),
    Option(
        "option_lost", "any_player", ("any_player", "self"),
        "Stock Option Lost (§6): choose any player with a token to lose one, or lose one "
        "yourself.",
        DOMAIN,
        label=N_("Stock Option Lost"),
        choice_labels=(("any_player", N_("any player with a token")), ("self", N_("yourself"))),
    ),
    Option(
        "buy_limit", "strict", ("strict", "inclusive"),
        "Holding limit comparison (§5.3B, §14.6): a Buy needs fewer certificates than the "
        "longest row ('strict', the seed's example), or at most as many ('inclusive').",
        DOMAIN,
        label=N_("Holding limit comparison"),
        choice_labels=(
            ("strict", N_("fewer than the longest row")),
            ("inclusive", N_("no more than the longest row")),
        ),
    ),
    Option(
        "freeze_in_row_length", False, (False, True),
        "Whether Freeze cards on a row count toward its length for the holding limit (§4).",
        DOMAIN,
        label=N_("Freeze cards count toward row length"),
    ),
    Option(
        "manipulate_direction", "up", ("up", "either"),
        "Manipulate (§5.3A, §14.1): the card must be higher than the row's bottom card by 1-4 "
        "('up'), or may also be 1-4 lower ('either', the literal 差額不能超過4).",
        DOMAIN,
        label=N_("Manipulate direction"),
        choice_labels=(("up", N_("up only, by 1-4")), ("either", N_("up or down, by 1-4"))),
    ),
    Option(
        "dealer_tie", "clockwise", ("clockwise", "lowest_seat"),
        "Tied lowest totals at a new round (§9.3): the tied player first clockwise from the "
        "previous dealer's left deals, or the lowest seat number.",
        DOMAIN,
        label=N_("Dealer when the lowest totals tie"),
        choice_labels=(
            ("clockwise", N_("first tied player clockwise")),
            ("lowest_seat", N_("lowest seat number")),
        ),
    ),
    Option(
        "tokens_between_rounds", "keep", ("keep", "refill"),
        "Option tokens at a new round (§9.4): unspent tokens carry over and none are handed "
        "out, or every player is refilled to 4 from the supply.",
        DOMAIN,
        label=N_("Option tokens at a new round"),
        choice_labels=(("keep", N_("keep what is left")), ("refill", N_("refill to 4"))),
    ),
    Option(
        SIZE, NORMAL, SIZE_CHOICES,
        "A study variant, not a rule of the game: 'normal' = the game; 'mini' = one round, "
        "one card dealt to each player, the share cards 2, 3, 5, 7, 9 and 11 of two stocks "
        "(cereal and gems) and 13 event cards, one of each event (every other rule "
        "unchanged), small enough for exact methods such as CFR (docs/openspiel.md).",
        DOMAIN,
        label=N_("Game size (study variant)"),
        choice_labels=(
            (NORMAL, N_("the full game")),
            (MINI, N_("mini: one round, one card dealt, two stocks, 13 event cards")),
        ),
    ),
)  # fmt: skip


class TakeStock(Game):
    """Simon Hunt's Take Stock (2006), 2–6 players."""

    id = "take-stock"
    name_en = N_("Take Stock")
    min_players = 2
    max_players = 6
    num_actions = actions.NUM_ACTIONS
    option_specs = OPTIONS

    actions_module: ClassVar[ModuleType] = actions
    state_class = TakeStockState
    event_text: ClassVar[Callable[[Event, str], str]] = staticmethod(describe)
