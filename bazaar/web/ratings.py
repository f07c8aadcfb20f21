"""People's ratings per game (docs/web.md, "Your page"): openskill's Plackett-Luce model fed
the finished games in the order they ended. Games against people and games with bots are two
pools kept apart: a rating "against people" comes from games with two or more people (ranked
among the people only); one "with bots" from games with a bot, where each bot level has a
rating of its own. A seat nobody claimed counts in neither; a game where one person held two
seats (pass and play with oneself) counts in neither."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from itertools import groupby
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from bazaar.web.shapes import PoolRating

POOLS = ("people", "bots")


class Pool:
    """One pool's ratings and each rated one's games and wins."""

    def __init__(self, model: PlackettLuce) -> None:
        self.model = model
        self.ratings: dict[str, PlackettLuceRating] = {}
        self.games: dict[str, int] = defaultdict(int)
        self.wins: dict[str, int] = defaultdict(int)

    def rate(self, who: list[str], places: list[int]) -> None:
        teams = [[self.ratings.get(w) or self.model.rating(name=w)] for w in who]
        rated = self.model.rate(teams, ranks=[float(p) for p in places])
        for w, (rating,) in zip(who, rated, strict=True):
            self.ratings[w] = rating
        for w, place in zip(who, places, strict=True):
            self.games[w] += 1
            self.wins[w] += place == min(places)

    def of(self, who: str) -> PoolRating | None:
        rating = self.ratings.get(who)
        if rating is None:
            return None
        return {
            "mu": round(rating.mu, 3),
            "sigma": round(rating.sigma, 3),
            "ordinal": round(rating.ordinal(), 3),
            "games": self.games[who],
            "wins": self.wins[who],
        }


def pools(results: Iterable[dict[str, Any]]) -> dict[str, Pool]:
    """The two pools after every game of ``results`` (rows of ``PeopleStore.results``, in
    the order the games ended)."""
    model = PlackettLuce()
    made = {name: Pool(model) for name in POOLS}
    for _table, seats in groupby(results, key=lambda r: r["table"]):
        rows = list(seats)
        people = [r for r in rows if r["person"]]
        if len({r["person"] for r in people}) < len(people):
            continue  # one person at two seats
        bots = [r for r in rows if r["bot"]]
        if len(people) >= 2:
            made["people"].rate([r["person"] for r in people], [r["place"] for r in people])
        if bots and people:
            rated = people + bots
            who = [r["person"] or f"bot:{r['bot']}" for r in rated]
            made["bots"].rate(who, [r["place"] for r in rated])
    return made
