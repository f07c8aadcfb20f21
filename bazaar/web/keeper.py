"""The table lifecycle: a table is created, loaded (replayed from the store) on first use,
looked up by its seat tokens, and unloaded once idle so memory stays flat."""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from collections.abc import Callable
from typing import Any

from bazaar.bots.registry import BOTS, UnknownBot, make_bot, normalize_spec
from bazaar.core import deal
from bazaar.core.errors import BazaarError
from bazaar.core.game import State
from bazaar.core.names import RefusedName, check_name
from bazaar.core.registry import get_game
from bazaar.i18n import LANGS, N_
from bazaar.web.errors import WebError, refusal
from bazaar.web.ledger import Ledger, replay_table
from bazaar.web.live import LiveTable
from bazaar.web.pace import TablePace
from bazaar.web.store import token_hash

#: What a classroom keeps to itself (docs/web.md, "Classrooms": a closed room) -> the sentence.
CLASSROOM_REFUSALS = {
    "classroom-closed": N_(
        "this table belongs to a classroom: open it with your seat's link or the teacher's page"
    ),
    "deal-held": N_(
        "this table shares its cards with classroom tables still playing: its record, analysis "
        "and puzzles are shown once every table of the classroom is over"
    ),
}

#: A bot seat naming an outside agent on a server that does not allow them -> the sentence.
OUTSIDE_REFUSALS = {
    "outside-bot": N_(
        "seats[{seat}].bot names an outside agent, but this server plays only its own bots; "
        "its operator may allow outside agents with bazaar serve --allow-outside-bots "
        "(BAZAAR_ALLOW_OUTSIDE_BOTS=1)"
    ),
}

TableHook = Callable[[LiveTable], None]


def check_deal_released(table: LiveTable) -> None:
    """WebError 409 ``deal-held`` while the table's deal is shared with classroom tables
    still playing: nothing worked out from its whole deal (record, analysis, puzzles) may
    be served yet."""
    if table.info.deal_held:
        raise refusal(409, "deal-held", "deal-held", CLASSROOM_REFUSALS)


def outside_bot(seat: int, raw: str, allowed: bool, unknown: UnknownBot) -> str:
    """The checked spec of an outside agent at bot seat ``seat``; WebError 422 ``bot`` naming
    the seat's field, with rule ``outside-bot`` when the server does not allow outside agents,
    or the agent's refusal when it cannot play."""
    from bazaar.sim.outside import agent_spec, is_outside
    from bazaar.sim.plan import SimError, check_agent

    spec = agent_spec(raw)
    families = {name.partition(":")[0] for name in BOTS}
    if not is_outside(spec) or spec.partition(":")[0] in families or ":" not in spec:
        raise WebError(400, "bot", f"seat {seat}: {unknown.message}")
    if not allowed:
        raise refusal(422, "bot", "outside-bot", OUTSIDE_REFUSALS, seat=seat)
    try:
        check_agent(spec)
    except SimError as exc:
        words = {lang: f"seats[{seat}].bot: {exc.text(lang)}" for lang in LANGS}
        raise WebError(422, "bot", words["en"], "outside-agent", words) from exc
    return spec


def seat_rows(
    game_id: str, seats: list[dict[str, Any]], given: list[str], allow_outside: bool = False
) -> tuple[list[dict[str, Any]], list[str | None]]:
    """The stored seats of a new table and one token per seat (None for a bot's); ``given``:
    the people's tokens chosen already (a classroom's), else new random ones. A bot seat may
    name an outside agent only when ``allow_outside`` (:func:`outside_bot`)."""
    rows: list[dict[str, Any]] = []
    tokens: list[str | None] = []
    for i, seat in enumerate(seats):
        try:  # the request models check names already; the hub is the authority
            name = check_name(seat.get("name") or "", allow_empty=True)
        except RefusedName as exc:
            raise WebError(422, "name", f"seat {i}: {exc.message}") from exc
        if seat["kind"] == "bot":
            spec = normalize_spec(seat.get("bot") or "ismcts:medium")
            try:
                make_bot(spec, 0, game=game_id)
            except UnknownBot as exc:
                spec = outside_bot(i, seat.get("bot") or "", allow_outside, exc)
            rows.append({"kind": "bot", "bot": spec, "name": name})
            tokens.append(None)
        else:
            token = given[i] if given else secrets.token_urlsafe(18)
            rows.append(
                {"kind": "human", "bot": None, "name": name, "token_hash": token_hash(token)}
            )
            tokens.append(token)
    return rows, tokens


def new_state(game_id: str, players: int, seats: int, options: dict[str, Any], seed: int) -> State:
    """The first position of a new table; WebError naming what the request got wrong."""
    try:
        game = get_game(game_id)
    except BazaarError as exc:
        raise WebError(404, "unknown-game", exc.message) from exc
    if seats != players:
        raise WebError(400, "seats", f"{players} players need {players} seats, not {seats}")
    if not 0 <= seed < deal.SEED_LIMIT:
        raise WebError(400, "field", f"'seed' must be from 0 to {deal.SEED_LIMIT - 1}")
    try:
        return game.new(players, seed, options)
    except BazaarError as exc:
        raise WebError(400, "options", exc.message) from exc


class TableKeeper:
    """Every live table (``live``: id -> table); ``on_load`` runs for a table just loaded,
    ``on_unload`` for one being forgotten."""

    def __init__(
        self,
        ledger: Ledger,
        clock: Callable[[], float],
        *,
        idle_seconds: float,
        sweep_seconds: float,
        minute: float,
        on_load: TableHook,
        on_unload: TableHook,
        allow_outside_bots: bool = False,
    ) -> None:
        self.ledger = ledger
        #: whether a bot seat may name an outside agent (``bazaar serve --allow-outside-bots``)
        self.allow_outside_bots = allow_outside_bots
        self.clock = clock
        self.idle_seconds = idle_seconds
        self.sweep_seconds = sweep_seconds
        #: seconds in one minute of a turn timer
        self.minute = minute
        self.on_load = on_load
        self.on_unload = on_unload
        self.live: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        #: the task that unloads idle tables (started with the first table)
        self._sweeper: asyncio.Task[None] | None = None
        #: tables unloaded so far (for tests and benchmarks)
        self.unloaded = 0

    async def create(
        self,
        game_id: str,
        players: int,
        seats: list[dict[str, Any]],
        options: dict[str, Any],
        lang: str,
        seed: int | None = None,
        turn_minutes: int | None = None,
        *,
        classroom: dict[str, Any] | None = None,
        pace: TablePace | None = None,
    ) -> tuple[str, list[str | None]]:
        """Create a table; return its id and one token per seat (None for bot seats).
        ``turn_minutes``: the turn timer (None: no timer); ``pace``: live or turn-based
        (it replaces ``turn_minutes``; docs/web.md, "Turn-based tables"). ``classroom``
        (docs/web.md, "Classrooms"): ``{"id", "table", "tokens", "deal": (seed, salt) |
        None}`` — the classroom's id, this table's id, the people's seat tokens, and the
        shared secret deal of a duplicate classroom (not a fixed seed: nobody chose it)."""
        fixed = seed is not None
        shared = classroom["deal"] if classroom else None
        if seed is None:
            seed = shared[0] if shared else deal.new_seed()
        state = new_state(game_id, players, len(seats), options, seed)
        salt = shared[1] if shared else deal.new_salt()
        given = list(classroom["tokens"]) if classroom else []
        rows, tokens = seat_rows(game_id, seats, given, self.allow_outside_bots)
        table_id = classroom["table"] if classroom else secrets.token_urlsafe(8)
        row = {
            "id": table_id,
            "game": game_id,
            "players": players,
            "seed": seed,
            "options": dict(state.options),
            "seats": rows,
            "lang": lang,
            "salt": salt,
            "commitment": deal.commit(game_id, players, state.options, seed, salt, fixed),
            "fixed_seed": fixed,
        }
        pace = pace or TablePace(minutes=turn_minutes)
        row.update(pace.columns())
        first = state.to_move()
        if pace.minutes and first is not None and rows[first]["kind"] == "human":
            row["deadline"] = pace.deadline(self.clock(), self.minute)
        if classroom:
            row["classroom"] = classroom["id"]
        await self.ledger.create_table(row)
        await self.get(table_id)  # loads it, and a bot that starts begins to think
        return table_id, tokens

    async def get(self, table_id: str) -> LiveTable:
        """The live table ``table_id`` (loaded and replayed on first use)."""
        table = self.live.get(table_id)
        if table is not None:
            table.used = time.monotonic()
            return table
        if self._sweeper is None:
            self._sweeper = asyncio.create_task(self._sweep_loop())
        async with self._loading:
            table = self.live.get(table_id)
            if table is not None:
                return table
            table = await self._load(table_id)
            self.live[table_id] = table
        self.on_load(table)
        return table

    async def _load(self, table_id: str) -> LiveTable:
        info = await self.ledger.load(table_id)
        if info is None:
            raise WebError(404, "unknown-table", f"there is no table {table_id!r}")
        state, history = replay_table(info)
        table = LiveTable(info, state, history, chat_lines=list(info.chats))
        now = self.clock()
        table.loaded_seq = table.seq
        table.version = table.seq + 2 * info.undos
        table.turn_started = now
        table.left_at = {i: now for i, s in enumerate(info.seats) if s["kind"] == "human"}
        return table

    def attach(self, table: LiveTable) -> LiveTable:
        """The table in memory under ``table``'s id: ``table`` itself, registered again if it
        was unloaded while a request held it, or the copy loaded since."""
        live = self.live.setdefault(table.id, table)
        live.used = time.monotonic()
        return live

    def seat_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat a token belongs to; None for no token (spectator) and for the teacher token
        of the table's classroom; WebError if wrong. A classroom table has no spectators but
        its teacher (403 ``classroom``)."""
        teacher = table.info.teacher_hash
        if not token:
            if table.info.classroom is not None:
                raise refusal(403, "classroom", "classroom-closed", CLASSROOM_REFUSALS)
            return None
        digest = token_hash(token)
        for seat, info in enumerate(table.info.seats):
            stored = info.get("token_hash")
            if stored and hmac.compare_digest(stored, digest):
                return seat
        if teacher is not None and hmac.compare_digest(teacher, digest):
            return None
        raise WebError(403, "token", "this seat token does not belong to any seat of the table")

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_seconds)
            self.sweep()

    def sweep(self, now: float | None = None) -> int:
        """Unload every table unused for :attr:`idle_seconds` that :meth:`maybe_unload`
        allows (no socket open, no bot thinking, no move in progress), finished or not;
        return how many. Every way of playing (HTTP only, sockets, bots) ends here."""
        now = time.monotonic() if now is None else now
        idle = [t for t in self.live.values() if now - t.used >= self.idle_seconds]
        return sum(self.maybe_unload(table) for table in idle)

    def maybe_unload(self, table: LiveTable) -> bool:
        """Forget an idle table (nobody connected, no bot thinking, no move in progress) so
        memory stays flat on a long-running server; it is replayed from the database when
        asked for again. Safe even if a request still holds it: a move or a socket on the
        unloaded copy registers it again, or is refused as stale if another copy was loaded
        (:meth:`attach`), and the unique (table, seq) key refuses a second copy of any move."""
        busy = table.bot_task is not None and not table.bot_task.done()
        if table.connections or busy or table.lock.locked():
            return False
        if self.live.get(table.id) is table:
            del self.live[table.id]
            self.unloaded += 1
        self.on_unload(table)
        return True

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
