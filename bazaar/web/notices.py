"""Turn notices (docs/web.md, "Turn notices"): when a person's turn begins at a turn-based
table and they do not have it open, an e-mail (at most one per table and move, across every
server process: ``notices`` rows) or, for those who chose it, one daily digest of the tables
waiting for them; and a Web Push notice to each browser they subscribed. Every mail carries a
link to the seat and a one-click link that stops the mails. Nothing private is in a notice:
the game, the move number, the time left."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bazaar.i18n import N_, t
from bazaar.web.background import Tasks
from bazaar.web.keeper import TableKeeper
from bazaar.web.live import LiveTable
from bazaar.web.mail import Mail, Mailer
from bazaar.web.pace import STANDIN, time_words
from bazaar.web.people import People, game_name
from bazaar.web.people_store import PeopleStore
from bazaar.web.push import Pusher
from bazaar.web.timers import Timers, turn_based

log = logging.getLogger("bazaar.web")

DAY = 86_400.0
TURN_SUBJECT = N_("Your move in {game} (Bazaar)")
TURN_TEXT = N_(
    "Hello {name},\n\nit is your move in {game} (move {move}). You have {time} for it; then"
    " {rule}.\n\nYour seat:\n{link}\n"
)
RULE_BOT_MOVE = N_("a bot plays that turn for you")
RULE_STANDIN = N_("a bot plays for you until you come back")
DIGEST_SUBJECT = N_("Games waiting for your move (Bazaar)")
DIGEST_TEXT = N_("Hello {name},\n\nthese games are waiting for your move:\n\n{tables}\n")
DIGEST_LINE = N_("- {game}: {time} left. Your seat:\n{link}")
CONFIRM_SUBJECT = N_("Confirm your e-mail address for Bazaar")
CONFIRM_TEXT = N_(
    "Hello {name},\n\nto get turn notices from Bazaar at this address, open this link:\n"
    "{link}\n\nIf you did not ask for this, ignore this e-mail: nothing more will be sent.\n"
)
STOP_TEXT = N_("No more e-mails from Bazaar:\n{link}")
PUSH_TITLE = N_("Your move at Bazaar")
#: a person with no name is greeted so
NO_NAME = N_("player")
PUSH_BODY = N_("{game}: {time} left for your move.")


class Notices:
    """Sends turn notices; ``base`` is the address people reach the server at (links)."""

    def __init__(
        self,
        keeper: TableKeeper,
        people: People,
        timers: Timers,
        base: str,
        mailer: Mailer | None = None,
        pusher: Pusher | None = None,
    ) -> None:
        self.keeper = keeper
        self.people = people
        self.store: PeopleStore = people.store
        self.timers = timers
        self.base = base.rstrip("/")
        self.mailer = mailer
        self.pusher = pusher
        self.tasks = Tasks()
        self._digests: asyncio.Task[None] | None = None
        #: turn notices given (a mail, a push or both count once)
        self.given = 0

    # -- links
    def stop_link(self, person: dict[str, Any]) -> str:
        return f"{self.base}/mail/stop?person={person['id']}&key={person['mail_key']}"

    def confirm_link(self, person: dict[str, Any]) -> str:
        return f"{self.base}/mail/confirm?person={person['id']}&key={person['mail_key']}"

    def seat_link(self, table_id: str, token: str, lang: str) -> str:
        return f"{self.base}/t/{table_id}?token={token}&lang={lang}"

    def _mail(self, person: dict[str, Any], subject: str, text: str, stop: bool = True) -> Mail:
        headers: tuple[tuple[str, str], ...] = ()
        if stop:
            link = self.stop_link(person)
            text += "\n" + t(STOP_TEXT, person["lang"], link=link) + "\n"
            headers = (
                ("List-Unsubscribe", f"<{link}>"),
                ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
            )
        return Mail(person["email"], subject, text, headers)

    # -- a turn begins
    def turn_changed(self, table: LiveTable) -> None:
        """After each broadcast: if a person's turn began at a turn-based table (another seat's
        move, a stand-in leaving, an undo), and they do not have the table open, notify
        them: once per turn, however many moves it takes."""
        if not turn_based(table):
            return
        mover = table.state.to_move()
        if mover is None or table.bot_spec(mover) is not None:
            return
        if not table.history or table.history[-1].seat == mover:
            return  # the game's first turn (nobody was waiting), or their own turn goes on
        turn = (table.seq, mover)
        if table.noticed == turn:
            return
        table.noticed = turn
        if any(c.seat == mover for c in table.connections):
            return  # they are looking at it (the page itself tells them)
        self.tasks.spawn(self._notify(table, mover, table.seq))

    async def _notify(self, table: LiveTable, seat: int, seq: int) -> None:
        person = (await asyncio.to_thread(self.store.claimants, table.id)).get(seat)
        if person is None:
            return
        if not await asyncio.to_thread(self.store.add_notice, person["id"], table.id, seq):
            return  # another server process gave this notice
        lang = person["lang"]
        deadline = self.timers.deadline(table)
        left = time_words(max(0.0, deadline - self.timers.clock()), lang) if deadline else ""
        game = game_name(table.info.game, lang)
        link = self.seat_link(table.id, person["token"], lang)
        self.given += 1
        if (
            self.mailer
            and person["email"]
            and person["email_confirmed"]
            and person["mails"] == ("each")
        ):
            rule = RULE_STANDIN if table.info.on_timeout == STANDIN else RULE_BOT_MOVE
            text = t(
                TURN_TEXT,
                lang,
                name=person["name"] or t(NO_NAME, lang),
                game=game,
                move=seq + 1,
                time=left,
                rule=t(rule, lang),
                link=link,
            )
            await self.mailer.send(self._mail(person, t(TURN_SUBJECT, lang, game=game), text))
        if self.pusher:
            note = {
                "title": t(PUSH_TITLE, lang),
                "body": t(PUSH_BODY, lang, game=game, time=left),
                "url": link,
                "tag": table.id,
            }
            await self.pusher.send_all(self.store, person["id"], note)

    # -- e-mail addresses and digests
    async def confirm(self, person: dict[str, Any]) -> bool:
        """Mail the person the link that confirms their address (False: no mail sent)."""
        if self.mailer is None or not person["email"]:
            return False
        lang = person["lang"]
        name = person["name"] or t(NO_NAME, lang)
        text = t(CONFIRM_TEXT, lang, name=name, link=self.confirm_link(person))
        return await self.mailer.send(
            self._mail(person, t(CONFIRM_SUBJECT, lang), text, stop=False)
        )

    async def digests(self) -> int:
        """Mail each digest reader whose last digest is a day old the tables waiting for
        their move (none waiting: no mail); return how many were sent."""
        if self.mailer is None:
            return 0
        now = self.timers.clock()
        sent = 0
        for person in await asyncio.to_thread(self.store.digest_people, now - DAY):
            lang = person["lang"]
            waiting = [w for w in await self.people.tables(person, lang) if w["your_turn"]]
            if not waiting:
                continue
            lines = [
                t(
                    DIGEST_LINE,
                    lang,
                    game=w["game_name"],
                    time=w["left"] or "",
                    link=self.base + w["link"],
                )
                for w in waiting
            ]
            name = person["name"] or t(NO_NAME, lang)
            text = t(DIGEST_TEXT, lang, name=name, tables="\n".join(lines))
            if not await asyncio.to_thread(self.store.take_digest, person["id"], now - DAY, now):
                continue  # another server process sends it
            if await self.mailer.send(self._mail(person, t(DIGEST_SUBJECT, lang), text)):
                sent += 1
        return sent

    def start(self, every: float) -> None:
        """Look for digests to send every ``every`` seconds."""
        if self._digests is None and self.mailer is not None:
            self._digests = asyncio.create_task(self._digest_loop(every))

    async def _digest_loop(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.digests()
            except Exception:
                log.exception("the daily digests failed")

    def close(self) -> None:
        if self._digests is not None:
            self._digests.cancel()
