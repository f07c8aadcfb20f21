"""Taiwan Night Market's guided first game: the fixed deal, the gentle bots and the guide's
words for each decision (English ids, zh-TW in this game's catalog); docs/guide.md."""

from __future__ import annotations

from typing import Any

from bazaar.core.guide import GameGuide
from bazaar.games.night_market.text import stall_word
from bazaar.i18n import N_, Translator

t = Translator(__package__)

#: decision (the view's phase) -> what the guide says
TOPICS = {
    "hide": N_(
        "Hide a customer from your hand, face down: only you know where it will walk. Hide one "
        "who likes the kind of stall you plan to build, and who passes your lot before any "
        "other stall of that kind."
    ),
    "bid": N_(
        "Bidding: choose a lot to bid on, or pass (then you bid no more this round). A good lot "
        "is where many customers pass first; a lot next to your own stall can make a connected "
        "stall. Do not bid more than it can earn you."
    ),
    "bid-amount": N_(
        "How much to bid for this lot. You must beat the top bid; you may bid up to your cash "
        "plus $5 for each loan you can still take. A loan costs $7 at the end, so bid only what "
        "the lot is worth to you."
    ),
    "loan": N_(
        "Your cash is short for the lots you won: take a loan ($5 now, $7 to pay back at the end) "
        "or finish if you can already pay."
    ),
    "build": N_(
        "Build on your lot: choose food, drinks, desserts or snacks, or leave it empty for now. "
        "Look at the customers at the entrances and those you hid: build what they like, where "
        "they pass first."
    ),
}


#: decision -> shorter follow-up tips, said in turn after the first time
TIPS = {
    "hide": (
        N_("Hide a customer who likes a stall you have or will build."),
        N_(
            "A hidden customer walks from its entrance: check that "
            "your stall comes first on its way."
        ),
    ),
    "bid": (
        N_("Lots near the entrances meet the customers first."),
        N_(
            "A lot next to your own stall of the same kind makes a connected stall, "
            "which pays more."
        ),
        N_("Passing is fine when the lots left are poor."),
    ),
    "bid-amount": (
        N_("Bid only what the lot can earn you: $3 for each customer, every round it stays."),
        N_("A loan gives $5 now but costs $7 at the end: count it in your bid."),
    ),
    "loan": (
        N_("Take only the loans you need."),
        N_("Each loan costs $2 more than it gives: borrow only for a good lot."),
    ),
    "build": (
        N_("Build the kind the waiting customers like, where they pass first."),
        N_("A stall next to your own stall of the same kind makes a connected stall."),
    ),
}

SITUATION = N_(
    "Round {round} of {rounds}: cash ${cash}, loans: {loans}, lots: {lots}, free markers: "
    "{markers}."
)
#: said after the situation in these decisions (what changes between two of them)
HIDDEN = N_("Hidden customers: {count}.")
WAITING = N_("Waiting at the entrances: {kinds}.")
TO_BUILD = N_("Lots still to decide: {count}.")


def to_build(view: dict[str, Any]) -> int:
    """The learner's lots without a stall."""
    seat = int(view["seat"])
    return sum(1 for x in view["lots"] if x["owner"] == seat and x["stall"] is None)


def first_time(topic: str, view: dict[str, Any]) -> bool:
    """Whether the learner meets ``topic`` for the first time in ``view``: in the first
    round, and for the bidding before the learner's first bid."""
    if view["round"] != 1:
        return False
    if topic in ("bid", "bid-amount"):
        seat = int(view["seat"])
        return not any(bid[0] == seat for lot in view["auction"] for bid in lot["bids"])
    return True


def progress(view: dict[str, Any]) -> int:
    """Moves on with each of the learner's decisions: the round, the markers used, the
    customers hidden, the lots built."""
    seat = int(view["seat"])
    used = -int(view["free_markers"][seat])
    return 10 * int(view["round"]) + used + len(view.get("hidden") or []) - to_build(view)


def situation(view: dict[str, Any], lang: str) -> str:
    """Where the learner stands: the round, cash, loans, lots and free markers, the customers
    waiting at the entrances (while hiding, bidding and building), and the customers hidden
    (while hiding) or lots still to decide (while building)."""
    seat = int(view["seat"])
    text = t(
        SITUATION,
        lang,
        round=view["round"],
        rounds=view["rounds"],
        cash=view["cash"][seat],
        loans=view["loans"][seat],
        lots=view["lots_owned"][seat],
        markers=view["free_markers"][seat],
    )
    extras = []
    kinds = waiting(view, lang)
    if kinds and view["phase"] in ("hide", "bid", "build"):
        extras.append(t(WAITING, lang, kinds=kinds))
    if view["phase"] == "hide":
        extras.append(t(HIDDEN, lang, count=len(view.get("hidden") or [])))
    elif view["phase"] == "build":
        extras.append(t(TO_BUILD, lang, count=to_build(view)))
    return (" " if lang == "en" else "").join([text, *extras])


def waiting(view: dict[str, Any], lang: str) -> str:
    """The customers waiting at the entrances by the food they like: "drink 2, snack 1"."""
    counts: dict[str, int] = {}
    for cards in view["entrances"].values():
        for card in cards:
            counts[card[:2]] = counts.get(card[:2], 0) + 1
    sep = ", " if lang == "en" else "、"
    return sep.join(f"{stall_word(kind, lang)} {n}" for kind, n in sorted(counts.items()))


def topic_for(view: dict[str, Any]) -> str:
    """The decision in ``view``: its phase."""
    phase = str(view.get("phase"))
    return phase if phase in TOPICS else "bid"


#: three players, seed 1: the learner bids first
GUIDE = GameGuide(
    players=3,
    seed=1,
    bot="ismcts:easy",
    topics=TOPICS,
    translate=t,
    topic_for=topic_for,
    tips=TIPS,
    first_time=first_time,
    progress=progress,
    situation=situation,
)
