"""The Taiwan Night Market game definition: id, player counts and rule options (spec §9.2)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any, ClassVar

from bazaar.core.game import Event, Game, Option
from bazaar.core.sizes import MINI, NORMAL
from bazaar.games.night_market import actions
from bazaar.games.night_market.components import (
    ADJACENCY_SETS,
    CUSTOMER_DECKS,
    NEXT_ENTRANCE_SETS,
    STAR_LOT_SETS,
)
from bazaar.games.night_market.state import NightMarketState
from bazaar.games.night_market.text import describe
from bazaar.i18n import N_


def _first(default: str, names: Any) -> tuple[str, ...]:
    """``names`` as a tuple with ``default`` first."""
    return (default, *(n for n in names if n != default))


#: the package whose catalog translates the option help and the game name
DOMAIN = __name__.rpartition(".")[0]

OPTIONS = (
    Option(
        "movement_order", "chain", ("chain", "table"),
        "Order in which the entrance groups walk (§4 Step 8, A-13): 'chain' = D-H, then B/C, "
        "then A (the customers' route); 'table' = A, then B/C, then D-H (the seed table's "
        "order).",
        DOMAIN,
        label=N_("Order the entrance groups walk in"),
        choice_labels=(
            ("chain", N_("D-H, then B/C, then A")),
            ("table", N_("A, then B/C, then D-H")),
        ),
    ),
    Option(
        "next_entrance", "chain", _first("chain", NEXT_ENTRANCE_SETS),
        "Where an unserved customer goes (§2.2, A-12): 'chain' = from D-H to C, from B/C to "
        "A, from A out of the market; 'letter' = to the next letter down (H, G, ... B, A).",
        DOMAIN,
        label=N_("Where an unserved customer goes"),
        choice_labels=(
            ("chain", N_("along the route: D-H to C, B/C to A")),
            ("letter", N_("to the next letter down")),
        ),
    ),
    Option(
        "connected_entry", "unit", ("unit", "per_lot"),
        "How customers meet a connected stall (§2.5, A-11): 'unit' = one stall with one seat "
        "per lot, met at its first lot on the path; 'per_lot' = each lot is met at its own "
        "place and holds one customer (the connected pay rate still applies).",
        DOMAIN,
        label=N_("Customers at connected stalls"),
        choice_labels=(
            ("unit", N_("one stall, one seat per lot")),
            ("per_lot", N_("each lot on its own")),
        ),
    ),
    Option(
        "yellow_face", "none", ("none", "min_bid"),
        "Effect of the yellow bid-card face on star lots (§4 Step 1, A-19): 'none' = no "
        "effect; 'min_bid' = the opening bid there is at least yellow_min_bid.",
        DOMAIN,
        label=N_("Yellow bid-card face"),
        choice_labels=(("none", N_("no effect")), ("min_bid", N_("a minimum opening bid"))),
    ),
    Option(
        "yellow_min_bid", 2, (2, 1, 3, 4, 5),
        "Minimum opening bid on a yellow (star) lot when yellow_face = min_bid.",
        DOMAIN,
        label=N_("Minimum opening bid on a star lot"),
    ),
    Option(
        "no_legal_bid", "skip", ("skip", "pass"),
        "A player with no legal bid (§4 Step 4, A-22): 'skip' = the turn is lost but the "
        "player keeps later turns and compensation; 'pass' = it counts as passing.",
        DOMAIN,
        label=N_("A player with no legal bid"),
        choice_labels=(("skip", N_("loses this turn only")), ("pass", N_("counts as passing"))),
    ),
    Option(
        "leavers", "removed", ("removed", "discard"),
        "Customers who leave the market from A (§4 Step 10, A-17): 'removed' = out of the "
        "game; 'discard' = to the discard pile (reshuffled later).",
        DOMAIN,
        label=N_("Customers who leave from A"),
        choice_labels=(("removed", N_("out of the game")), ("discard", N_("to the discard pile"))),
    ),
    Option(
        "unbid_lots", "void", ("void", "return"),
        "Lots that got no bid (§4 Step 5, A-8): 'void' = unused for the rest of the game; "
        "'return' = the land card is shuffled back into the land deck.",
        DOMAIN,
        label=N_("Lots with no bid"),
        choice_labels=(
            ("void", N_("unused for the rest of the game")),
            ("return", N_("back into the land deck")),
        ),
    ),
    Option(
        "voluntary_loans", False, (False, True),
        "At payment a player may also take loans without a shortfall, one at a time "
        "(§4 Step 5, A-9).",
        DOMAIN,
        label=N_("Voluntary loans"),
    ),
    Option(
        "three_player_long", False, (False, True),
        "Preview-edition variant for 3 players (§10): remove 6 lots at setup and play 6 "
        "rounds, hidden customers 1/1/1/1/2/4. No effect with 4 players.",
        DOMAIN,
        label=N_("Long 3-player variant"),
    ),
    Option(
        "star_lots", "seed", _first("seed", STAR_LOT_SETS),
        "Star lots with a yellow bid card (§2.6): 'seed' = 1 and 7 (the seed's example); "
        "'symmetric' = 1, 7, 15, 19, 22, 26.",
        DOMAIN,
        label=N_("Star lots"),
        choice_labels=(("seed", N_("1 and 7")), ("symmetric", N_("1, 7, 15, 19, 22, 26"))),
    ),
    Option(
        "adjacency", "row", _first("row", ADJACENCY_SETS),
        "Which lots touch for connected stalls (§2.4, A-10): 'row' = neighbours in the same "
        "row; '+aisle' adds facing lots across the street; '+corners' adds 10-14 and 16-21.",
        DOMAIN,
        label=N_("Which lots touch"),
        choice_labels=(
            ("row", N_("same row")),
            ("row+aisle", N_("same row and across the street")),
            ("row+corners", N_("same row and the corners")),
            ("row+aisle+corners", N_("row, street and corners")),
        ),
    ),
    Option(
        "customer_deck", "spec", _first("spec", CUSTOMER_DECKS),
        "The 40 customer cards (§7.5, an assumption: the seed gives only the total and the four "
        "customer colours), 10 per stall type (data.json): 'spec' = 5 per entrance letter, so "
        "25 customers enter on the D-H path, 10 on B/C and 5 on A; 'even_paths' = about a third "
        "on each path (13 on A, 14 on B/C, 13 on D-H), to test how much spreading the letters "
        "evenly decides.",
        DOMAIN,
        label=N_("Customer cards"),
        choice_labels=(
            ("spec", N_("10 per stall type, 5 per entrance")),
            ("even_paths", N_("10 per stall type, about a third on each path")),
        ),
    ),
    Option(
        "size", NORMAL, (NORMAL, MINI),
        "A study variant, not a rule of the game: 'normal' = the game; 'mini' = 2 rounds, "
        "hands of 2 customers, 1 lot a round with 3 players (2 with 4), 2 public customers, "
        "1 stall per type, 3 markers per player, start money $1/$0/$0 and loans of $1 "
        "repaid with $2, at most 1 (every other rule unchanged), small enough for exact "
        "methods such as CFR (docs/openspiel.md).",
        DOMAIN,
        label=N_("Game size (study variant)"),
        choice_labels=(
            (NORMAL, N_("the full game")),
            (MINI, N_("mini: 2 rounds, 1 lot a round, $1 loans, 2-card hands")),
        ),
    ),
)  # fmt: skip


class NightMarket(Game):
    """Zong-Ger's Taiwan Night Market (台灣夜市-貓老闆的路邊攤), 3-4 players."""

    id = "night-market"
    name_en = N_("Taiwan Night Market")
    min_players = 3
    max_players = 4
    num_actions = actions.NUM_ACTIONS
    option_specs = OPTIONS

    actions_module: ClassVar[ModuleType] = actions
    state_class: ClassVar[type[NightMarketState]] = NightMarketState
    event_text: ClassVar[Callable[[Event, str], str]] = staticmethod(describe)
