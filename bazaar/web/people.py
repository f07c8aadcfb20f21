"""People (docs/web.md, "Your page"): a person is made without a password — a secret key in
a private link or kept by the browser opens their page — claims seats, and has a page listing
their tables (those waiting for them first), finished games and ratings. A classroom's
students are people of that classroom only: they claim only its seats and are rated among its
people."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from bazaar.core.names import RefusedName, check_name
from bazaar.core.registry import get_game
from bazaar.i18n import N_
from bazaar.web.errors import WebError, refusal
from bazaar.web.keeper import TableKeeper
from bazaar.web.live import LiveTable
from bazaar.web.pace import time_words
from bazaar.web.people_store import PeopleStore, SeatTaken
from bazaar.web.ratings import pools
from bazaar.web.results import game_results
from bazaar.web.store import token_hash
from bazaar.web.timers import Timers

#: Why a person's request is refused (``rule``) -> the sentence.
PEOPLE_REFUSALS = {
    "person-key": N_("this key opens nobody's page: use the link of your page"),
    "person-private": N_("this player's page is private"),
    "claim-taken": N_("another person has saved this seat to their page already"),
    "claim-spectator": N_("only a seat's own link can be saved to a page"),
    "claim-classroom": N_(
        "this seat belongs to a classroom: it can only be saved to a page of that classroom's"
        " people"
    ),
    "claim-outside": N_("a classroom's page keeps only the seats of its classroom"),
    "public-classroom": N_("a classroom's people are shown only inside their classroom"),
    "email-none": N_("this server sends no e-mail (no SMTP server is set), so no address is kept"),
}
#: How turn notices are mailed.
MAIL_CHOICES = ("each", "digest", "off")


def game_name(game_id: str, lang: str) -> str:
    game = get_game(game_id)
    return game.name_zh if lang == "zh-TW" else game.name_en


def refused(rule: str, status: int = 409) -> WebError:
    return refusal(status, "person", rule, PEOPLE_REFUSALS)


class People:
    """People and their seats; ``mail_ready`` says whether e-mail can be sent at all."""

    def __init__(self, keeper: TableKeeper, store: PeopleStore, timers: Timers) -> None:
        self.keeper = keeper
        self.store = store
        self.timers = timers
        self.mail_ready = False

    async def _call(self, fn: Any, *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    async def create(
        self, name: str, lang: str, classroom: str | None = None
    ) -> tuple[dict[str, Any], str]:
        """A new person; return them and their secret key (shown once: never stored)."""
        key = secrets.token_urlsafe(24)
        row = {
            "id": secrets.token_urlsafe(9),
            "key_hash": token_hash(key),
            "name": name,
            "lang": lang,
            "mail_key": secrets.token_urlsafe(18),
            "mails": "each",
            "public": 0,
            "email_confirmed": 0,
            "classroom": classroom,
        }
        await self._call(self.store.create_person, row)
        person = await self._call(self.store.person, row["id"])
        return person, key

    async def by_key(self, key: str | None) -> dict[str, Any]:
        """The person whose key ``key`` is; WebError 403 ``person`` if none."""
        person = await self._call(self.store.person_by_key, token_hash(key)) if key else None
        if person is None:
            raise refused("person-key", 403)
        return dict(person)

    async def by_id(self, person_id: str) -> dict[str, Any] | None:
        person = await self._call(self.store.person, person_id)
        return None if person is None else dict(person)

    async def public(self, person_id: str) -> dict[str, Any]:
        """A person who shows their name and ratings; WebError 404 ``person`` for anyone
        else (whether they exist is not told either)."""
        person = await self.by_id(person_id)
        if person is None or not person["public"]:
            raise refused("person-private", 404)
        return person

    async def confirm_email(self, person_id: str) -> None:
        await self._call(self.store.update_person, person_id, {"email_confirmed": 1})

    async def add_push(self, person_id: str, endpoint: str, p256dh: str, auth: str) -> None:
        await self._call(self.store.add_push, person_id, endpoint, p256dh, auth)

    async def claim(
        self, key: str | None, table: LiveTable, token: str, lang: str
    ) -> tuple[dict[str, Any], int, str | None]:
        """Save the seat of ``token`` to the page of the person with ``key`` (no key: a new
        person, named as the seat); return the person, the seat and the new person's key."""
        seat = self.keeper.seat_of(table, token)
        if seat is None:
            raise refused("claim-spectator", 403)
        classroom = table.info.classroom
        new_key = None
        if key:
            person = await self.by_key(key)
            if person["classroom"] != classroom:
                raise refused("claim-outside" if person["classroom"] else "claim-classroom", 403)
        else:
            name = table.info.seats[seat].get("name") or ""
            person, new_key = await self.create(name, lang, classroom)
        try:
            await self._call(self.store.claim, person["id"], table.id, seat, token)
        except SeatTaken as exc:
            raise refused("claim-taken") from exc
        if table.state.is_over() and not await self._call(self.store.has_results, table.id):
            rows = game_results(table.info, table.state)  # a game that ended before people
            await self._call(self.store.add_results, rows, self.keeper.clock())
        return person, seat, new_key

    async def update(self, person: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
        """Change the person's name, language, e-mail address, mail choice or publicity;
        a new address is unconfirmed until its owner follows the mailed link."""
        changes: dict[str, Any] = {}
        if "name" in fields:
            try:
                changes["name"] = check_name(fields["name"], allow_empty=True)
            except RefusedName as exc:
                raise WebError(422, "name", exc.message) from exc
        if "lang" in fields:
            changes["lang"] = fields["lang"]
        if "mails" in fields:
            changes["mails"] = fields["mails"]
        if "public" in fields:
            if fields["public"] and person["classroom"]:
                raise refused("public-classroom", 403)
            changes["public"] = int(bool(fields["public"]))
        if "email" in fields and fields["email"] != person["email"]:
            if fields["email"] and not self.mail_ready:
                raise refused("email-none", 409)
            changes["email"] = fields["email"] or None
            changes["email_confirmed"] = 0
            changes["mail_key"] = secrets.token_urlsafe(18)  # older links stop working
        if changes:
            await self._call(self.store.update_person, person["id"], changes)
        return dict(await self._call(self.store.person, person["id"]))

    async def tables(self, person: dict[str, Any], lang: str) -> list[dict[str, Any]]:
        """The person's tables not over, those waiting for them first (soonest deadline
        first), each with whose turn it is and the time left in words."""
        claims = await self._call(self.store.claims_of, person["id"])
        out = []
        for claim in claims:
            if claim["over"]:
                continue
            table = await self.keeper.get(claim["table"])
            mover = table.state.to_move()
            deadline = self.timers.deadline(table)
            left = None if deadline is None else deadline - self.timers.clock()
            names = seat_names(table.info.seats)
            out.append(
                {
                    **public_claim(claim, lang),
                    "your_turn": mover == claim["seat"] and table.bot_spec(mover) is None,
                    "to_move": mover,
                    "moves": table.seq,
                    "names": names,
                    "deadline": None if deadline is None else round(deadline, 3),
                    "left": None if left is None else time_words(max(0.0, left), lang),
                }
            )
        out.sort(key=lambda row: (not row["your_turn"], row["deadline"] or float("inf")))
        return out

    async def finished(self, person: dict[str, Any], lang: str) -> list[dict[str, Any]]:
        """The person's finished games, newest first: their place and score, the names."""
        rows = await self._call(self.store.finished_of, person["id"])
        return [
            {
                **public_claim(row, lang),
                "place": row["place"],
                "score": row["score"],
                "winner": row["place"] == 1,
                "names": seat_names(row["seats"]),
                "finished": round(row["finished"], 3),
                "record": f"/api/tables/{row['table']}/record?token={row['token']}",
            }
            for row in rows
        ]

    async def ratings(self, person: dict[str, Any], lang: str) -> list[dict[str, Any]]:
        """The person's ratings per game they finished: against people, and with bots."""
        out = []
        for game in await self._call(self.store.games_played, person["id"]):
            rows = await self._call(self.store.results, game, person["classroom"])
            made = pools(rows)
            out.append(
                {
                    "game": game,
                    "game_name": game_name(game, lang),
                    "people": made["people"].of(person["id"]),
                    "bots": made["bots"].of(person["id"]),
                }
            )
        return out


def seat_names(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each seat's name and kind (a bot's spec), as anyone at the table may see them."""
    return [
        {"seat": i, "name": s.get("name") or "", "kind": s["kind"], "bot": s.get("bot")}
        for i, s in enumerate(seats)
    ]


def public_claim(claim: dict[str, Any], lang: str) -> dict[str, Any]:
    """A claimed seat as the person's page shows it: the table, game, seat and its link."""
    return {
        "table": claim["table"],
        "game": claim["game"],
        "game_name": game_name(claim["game"], lang),
        "players": claim["players"],
        "seat": claim["seat"],
        "pace": claim["pace"],
        "link": f"/t/{claim['table']}?token={claim['token']}&lang={lang}",
        "created": claim["created"],
    }
