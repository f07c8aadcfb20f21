"""The words of Taiwan Night Market's moves and phases, for every surface: a move's description
(with the lot's top bid when a view is given), the phase's name and what to do in it, a
refused rule explained, how to type moves, the score's name and money. The terminal renderer,
the web payloads, the bots' hints and the analyses all read them (``GameParts.words``).
"""

from __future__ import annotations

from typing import Any

from bazaar.core.seats import seat_label
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.text import describe_action as _describe
from bazaar.games.night_market.text import turn_story as turn_story
from bazaar.i18n import N_, Translator

t = Translator(__package__)

NOTATION_EXAMPLES = A.EXAMPLES


PHASES = {
    "hide": N_("Hidden customers"),
    "bid": N_("Bidding"),
    "bid-amount": N_("Bidding: amount"),
    "loan": N_("Payment: voluntary loans"),
    "build": N_("Building"),
    "over": N_("Game over"),
}


#: what to do in each phase (the hidden customers' phase, whose words take the number to
#: choose, is in :func:`prompt_hint`)
HINTS = {
    "bid": N_(
        "Bid: choose a lot with 'bid LOT', then the amount; an empty lot takes any amount, "
        "otherwise bid more than the top bid. 'pass' ends your bidding for the round."
    ),
    "compensation": N_(
        "Compensation bid: you hold no lot. Bid ('bid LOT', then the amount) or 'give up'."
    ),
    "bid-amount": N_("Choose the amount of your bid on lot {lot}."),
    "loan": N_("You may take a loan: $5 now, $7 repaid at the end (at most 3). 'done' to stop."),
    "build": N_("Choose a stall type for lot {lot}, or leave it empty to decide next round."),
}


RULE_HINTS = {
    "notation": N_(
        "Type a move number from the list, or notation such as 'bid 7', '$5', 'pass', "
        "'hide T2D', 'build 7 T2' or 'empty 7'."
    ),
    "phase": N_("That kind of move is not possible now."),
    "hand": N_("That customer is not in your hand."),
    "auction-lot": N_("That lot is not up for auction this round."),
    "markers": N_("You have no free marker left for a bid."),
    "outbid": N_("A bid must be higher than every marker already on the lot."),
    "yellow-min": N_("The opening bid on a yellow (star) lot has a minimum."),
    "afford": N_(
        "You cannot afford that: cash plus $5 per loan still available, minus your other "
        "winning bids."
    ),
    "max-bid": N_("Bids go up to $255."),
    "give-up": N_("At a compensation bid, end your bidding with 'give up'."),
    "pass": N_("At a regular bid, end your bidding with 'pass'."),
    "build-own": N_("You can only build on your own unbuilt lots."),
    "build-order": N_("Your unbuilt lots are decided one at a time, lowest number first."),
    "supply": N_("No stall of that type is left in the supply."),
}


def money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


def describe_action(action: int, lang: str = "en", view: dict[str, Any] | None = None) -> str:
    """A short description of ``action``; with a view it adds the lot's current top bid."""
    words = _describe(action, lang)
    if view and A.BID_LOT_BASE <= action < A.VALUE_BASE:
        lot = action - A.BID_LOT_BASE + 1
        for a in view.get("auction", []):
            if a["lot"] == lot and a["top"] is not None:
                return words + t(
                    "; top bid ${top} by {who}",
                    lang,
                    top=a["top"],
                    who=seat_label(a["leader"], lang),
                )
    if view and A.VALUE_BASE <= action < A.PASS and view.get("seat") is not None:
        seat = view["seat"]
        chosen = view["bidding"]["lot"]
        winning = sum(
            a["top"] for a in view["auction"] if a["leader"] == seat and a["lot"] != chosen
        )
        if action - A.VALUE_BASE + winning > view["cash"][seat]:
            return words + t(" (needs a loan)", lang)
    return words


def phase_name(view: dict[str, Any], lang: str) -> str:
    name = PHASES.get(view["phase"])
    if view["phase"] in ("bid", "bid-amount") and view["bidding"]["compensation"]:
        return t("Compensation bid", lang)
    return t(name, lang) if name else view["phase"]


def prompt_hint(view: dict[str, Any], lang: str) -> str | None:
    """What the seat to move has to do now, in a sentence or two."""
    phase = view["phase"]
    if phase == "bid" and view["bidding"]["compensation"]:
        phase = "compensation"
    if phase == "hide":
        n = view.get("hidden_to_choose", 0)
        return t.ngettext(
            "Choose {n} customer from your hand to enter face down later this round "
            "('hide T2D' = likes T2, enters at D).",
            "Choose {n} customers from your hand to enter face down later this round "
            "('hide T2D' = likes T2, enters at D).",
            n,
            lang,
            n=n,
        )
    msgid = HINTS.get(phase)
    if msgid is None:
        return None
    return t(
        msgid,
        lang,
        n=view.get("hidden_to_choose", 0),
        lot=view["bidding"]["lot"] if phase == "bid-amount" else view.get("building_lot"),
    )


def explain_rule(rule: str, lang: str) -> str | None:
    msgid = RULE_HINTS.get(rule)
    return t(msgid, lang) if msgid else None


def notation_help(lang: str) -> str:
    return t(
        "Notation: 'hide T2D' hides a customer who likes stall type T2 and enters at D. "
        "A bid is two moves: 'bid 7' chooses lot 7, then '$5' gives the amount. 'pass' ends "
        "your regular bids for the round, 'give up' your compensation bids. Building: "
        "'build 7 T2' or 'empty 7', one lot at a time in increasing order. With the "
        "voluntary_loans option: 'loan' and 'done'.",
        lang,
    )


def score_label(lang: str) -> str:
    return t("Cash", lang)
