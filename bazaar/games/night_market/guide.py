"""Taiwan Night Market's guided first game: the fixed deal, the gentle bots and the guide's
words for each decision (English ids, zh-TW in this game's catalog); docs/guide.md."""

from __future__ import annotations

from typing import Any

from bazaar.core.guide import GameGuide
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


def topic_for(view: dict[str, Any]) -> str:
    """The decision in ``view``: its phase."""
    phase = str(view.get("phase"))
    return phase if phase in TOPICS else "bid"


#: three players, seed 1: the learner bids first
GUIDE = GameGuide(
    players=3, seed=1, bot="ismcts:easy", topics=TOPICS, translate=t, topic_for=topic_for
)
