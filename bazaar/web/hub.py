"""The authoritative game server: live tables, moves, views for each seat, bots.

The :class:`Hub` holds every table in play in memory (rebuilt from the database on first use)
and is the only place that changes a game. A move is checked (token, turn, sequence number,
legality), stored as one database row, applied, and only then sent to the players. Each
connection receives the payload of its own seat (spectators: the public view), built by
:func:`bazaar.web.payload.build_payload`. Bots run in a process pool; hints and analyses in
another one at low CPU priority, behind :class:`bazaar.web.advice.AdviceDesk` (bots first).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import orjson

from bazaar.bots.analysis import CURVE_PLAYOUTS
from bazaar.bots.levels import Level
from bazaar.bots.registry import UnknownBot, make_bot, normalize_spec
from bazaar.bots.shapes import HintMove
from bazaar.core import deal, describe
from bazaar.core.errors import BazaarError, IllegalAction, NotationError
from bazaar.core.game import State
from bazaar.core.names import RefusedName, check_name
from bazaar.core.registry import get_game
from bazaar.i18n import LANGS, N_, t
from bazaar.web import workers
from bazaar.web.advice import (
    ADVICE_JOBS,
    ADVICE_NICENESS,
    ADVICE_WORKERS,
    FOREGROUND,
    AdviceDesk,
    AdviceError,
    AdviceKey,
    AdviceStats,
)
from bazaar.web.advice import FAILED as ADVICE_FAILED
from bazaar.web.outbox import CLOSE_TIMEOUT, QUEUE_LIMIT, SEND_TIMEOUT, Close, Outbox
from bazaar.web.payload import LoggedMove, build_payload, log_entries
from bazaar.web.pools import WorkerPool
from bazaar.web.ratelimit import ANALYSES_PER_ADDRESS, ANALYSES_PER_TABLE
from bazaar.web.reports import Reports, localized
from bazaar.web.shapes import ErrorReply, LogEntry, PublicDeal, SeatRow, TablePayload, TurnTimer
from bazaar.web.store import DuplicateMove, Store, StoredTable, public_seat, token_hash
from bazaar.web.undo import UNDO_REFUSALS, learned_nothing

log = logging.getLogger("bazaar.web")

#: How many of the newest moves a payload's log holds.
LOG_LAST = 60
#: Seconds between two presence broadcasts (who is connected) of one table, at most.
PRESENCE_INTERVAL = 0.5
#: Seconds a bot waits before it moves: people can read its move, and take back their own
#: move before the bot answers it (docs/web.md, "Undo").
BOT_DELAY = 1.0
#: Seconds in one minute of a turn timer (tests shorten it).
TIMER_MINUTE = 60.0
#: Seconds a table with no socket open and no bot thinking stays in memory after its last use
#: (a request, a move, a socket closing); then it is replayed from the store when next asked for.
IDLE_SECONDS = 30.0
#: Seconds between two looks for idle tables.
SWEEP_SECONDS = 5.0

#: Why a seat cannot be handed to a bot (``rule`` of the ``standin`` error) -> the sentence.
STANDIN_REFUSALS = {
    "standin-no-timer": N_("this table has no turn timer, so seats are not handed to bots"),
    "standin-not-away": N_(
        "this player has not been away longer than the turn timer ({minutes} min) yet"
    ),
    "standin-not-human": N_("only a person's seat can be handed to a bot"),
    "standin-already": N_("a bot is already playing for this seat"),
    "standin-game-over": N_("the game is over"),
    "return-nothing": N_("no bot is playing for your seat"),
}


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


def refusal(status: int, code: str, rule: str, sentences: dict[str, str], **fmt: Any) -> WebError:
    """A refusal whose sentence (``error`` in English, ``explain`` in every language) comes
    from the msgid ``sentences[rule]``."""
    words = {lang: t(sentences[rule], lang, **fmt) for lang in LANGS}
    return WebError(status, code, words["en"], rule, words)


class WebError(Exception):
    """A refused request: HTTP ``status``, a machine ``code``, a clear message, maybe a rule."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        rule: str | None = None,
        explain: dict[str, str] | None = None,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule
        #: lang -> the broken rule in plain words, when the game explains it
        self.explain = explain or {}
        #: seconds after which asking again may succeed (sent as ``Retry-After``)
        self.retry_after = retry_after

    @classmethod
    def of(cls, refused: AdviceError) -> WebError:
        """The refusal of the advice desk or of the analyses, as the web says it."""
        return cls(refused.status, refused.code, refused.message, retry_after=refused.retry_after)

    def to_json(self, lang: str = "en") -> ErrorReply:
        out: ErrorReply = {"error": self.message, "code": self.code}
        if self.rule is not None:
            out["rule"] = self.rule
        if lang in self.explain:
            out["explain"] = self.explain[lang]
        return out


def refusal_words(game_id: str, exc: IllegalAction) -> dict[str, str]:
    """lang -> the refusal in that language (the ``explain`` of an error reply): its own
    translation (:meth:`IllegalAction.text`), else the game's words for the broken rule."""
    if exc.translated:
        return {lang: exc.text(lang) for lang in LANGS}
    return {
        lang: text for lang in LANGS if (text := describe.explain_rule(game_id, exc.rule, lang))
    }


Send = Callable[[str], Awaitable[None]]


def encode(data: Mapping[str, Any]) -> str:
    """Compact JSON text of a message (UTF-8 characters kept as they are)."""
    return orjson.dumps(data).decode()


@dataclass(eq=False)
class Connection:
    """One open WebSocket: whose eyes (seat or None) and in which language.

    ``send`` writes one message to the socket; the hub never awaits it itself: broadcasts go
    through the connection's :class:`~bazaar.web.outbox.Outbox` (made by :meth:`Hub.connect`).
    ``close(code, reason)`` and ``abort()`` end a connection that fell behind.
    """

    seat: int | None
    lang: str
    send: Send
    close: Close | None = None
    abort: Callable[[], None] | None = None
    outbox: Outbox | None = None
    #: the table's presence version this connection's newest payload showed
    presence_seen: int = -1

    def offer(self, text: str) -> bool:
        """Queue ``text`` for this socket without waiting; False if it is gone."""
        return self.outbox.put(text) if self.outbox is not None else False


@dataclass(eq=False)
class LiveTable:
    """A table in memory: its stored set-up, the current state and the move history."""

    info: StoredTable
    state: State
    history: list[LoggedMove]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    analyses: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    #: (seat, lang) -> the log entries of every move so far, as that seat sees them
    logs: dict[tuple[int | None, str], list[LogEntry]] = field(default_factory=dict)
    #: someone connected or left since the last broadcast
    presence_stale: bool = False
    #: counts the comings and goings
    presence_version: int = 0
    #: the pending presence broadcast, and when the last one went out (loop time)
    presence_timer: asyncio.TimerHandle | None = None
    presence_sent: float = float("-inf")
    #: the trailing run of one person's moves that may still be taken back (newest last)
    undo_stack: list[UndoEntry] = field(default_factory=list)
    #: counts undos and stand-in changes: a bot's move worked out before one is not played
    epoch: int = 0
    #: moves already stored when this server loaded the table (a restart ends their undo)
    loaded_seq: int = 0
    #: the position version: +1 for every move applied and every move taken back, so it
    #: never repeats (an undo names it). At load: the stored moves + 2 x the stored undos
    #: (a move taken back was counted once when it was played and once when taken back)
    version: int = 0
    #: (version, digest): the finished game's digest, worked out once for that position
    digest_cache: tuple[int, str] | None = None
    #: seat -> when (UNIX time) its person's last connection closed, or the table was loaded
    left_at: dict[int, float] = field(default_factory=dict)
    #: when (UNIX time) the turn of the seat to move began (or the table was loaded)
    turn_started: float = 0.0
    #: the broadcast due when the next seat goes past the turn timer
    timer_handle: asyncio.TimerHandle | None = None
    #: when (monotonic seconds) the table was last asked for, moved or left
    used: float = field(default_factory=time.monotonic)

    def log(self, seat: int | None, lang: str) -> list[LogEntry]:
        """The newest :data:`LOG_LAST` log entries for ``seat``."""
        return self.full_log(seat, lang)[-LOG_LAST:]

    def full_log(self, seat: int | None, lang: str) -> list[LogEntry]:
        """Every log entry as ``seat`` sees it, in ``lang`` (each built once)."""
        entries = self.logs.setdefault((seat, lang), [])
        if len(entries) < len(self.history):
            names = [s["name"] for s in self.info.seats]
            fresh = self.history[len(entries) :]
            entries.extend(log_entries(self.state, fresh, seat, lang, names=names))
        return entries

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def seq(self) -> int:
        return len(self.history)

    def record(self) -> dict[str, Any]:
        """The game record (JSON dict) of everything played so far, with the deal's salt and
        commitment and, once the game is over, the final scores. It holds the seed: it is
        only served once the game is over (workers get it to rebuild the state)."""
        out = {
            "format": 1,
            "game": self.info.game,
            "players": self.info.players,
            "seed": self.info.seed,
            "options": dict(self.info.options),
            "seats": [s.get("bot") or "human" for s in self.info.seats],
            "actions": [m.notation for m in self.history],
        }
        extra = {
            "salt": self.info.salt,
            "commitment": self.info.commitment,
            "fixed_seed": self.info.fixed_seed,
            "scores": self.state.scores() if self.state.is_over() else None,
        }
        out.update((key, value) for key, value in extra.items() if value is not None)
        return out

    def deal(self) -> PublicDeal:
        """The payload's ``deal``: see :func:`bazaar.core.deal.public_deal`. Its game digest
        is worked out from the record (public by then), never stored."""
        info = self.info
        over = self.state.is_over() and not info.deal_held
        digest = self.game_digest() if over else None
        return deal.public_deal(
            info.seed, info.salt, info.commitment, info.fixed_seed, over, digest
        )

    def game_digest(self) -> str | None:
        """The finished game's digest (:func:`bazaar.core.deal.game_digest` of its record's
        commitment, moves and final scores); None while the game is on or without a
        commitment. Kept for the position version it was worked out at."""
        if self.info.commitment is None or not self.state.is_over():
            return None
        if self.digest_cache is None or self.digest_cache[0] != self.version:
            actions = [m.notation for m in self.history]
            value = deal.game_digest(self.info.commitment, actions, self.state.scores())
            self.digest_cache = (self.version, value)
        return self.digest_cache[1]

    def worker_seed(self, purpose: str, step: int) -> int:
        """The seed of a bot, hint or analysis at move ``step``: derived through SHA-256 from
        the table seed and its secret salt, so what a worker serves tells nothing of them."""
        return deal.derived_seed(self.info.seed, self.info.salt or "", purpose, step)

    def seats_public(self) -> list[SeatRow]:
        """Every seat as anyone may see it, with presence: ``present`` (the seat's person
        has the table open; bots: true), ``away`` (since when they are away, UNIX seconds: when
        their last connection closed or the server loaded the table; null while present) and
        ``standin`` (the bot spec playing for an absent person, or null)."""
        connected = {c.seat for c in self.connections}
        out: list[SeatRow] = []
        for i, s in enumerate(self.info.seats):
            present = s["kind"] == "bot" or i in connected
            left = self.left_at.get(i)
            away = None if present or left is None else round(left, 3)
            out.append(
                {
                    **public_seat(i, s),
                    "connected": present,
                    "present": present,
                    "away": away,
                }
            )
        return out

    def bot_spec(self, seat: int | None) -> str | None:
        """The bot that plays ``seat``: its own, or the one standing in for its person."""
        if seat is None:
            return None
        info = self.info.seats[seat]
        return info["bot"] if info["kind"] == "bot" else info.get("standin")


@dataclass(eq=False)
class UndoEntry:
    """A person's move that may be taken back: its number, mover, the state before it and
    whether it showed the mover nothing new (:func:`bazaar.web.undo.learned_nothing`)."""

    seq: int
    seat: int
    before: State
    undoable: bool
    #: a bot playing for the seat made it (it stands)
    by_bot: bool = False


def replay_table(info: StoredTable) -> tuple[State, list[LoggedMove]]:
    """Rebuild a stored table's state and history by replaying its moves."""
    state = get_game(info.game).new(info.players, info.seed, info.options)
    history: list[LoggedMove] = []
    for seq, (seat, text) in enumerate(info.moves):
        action = state.parse(text)
        public = state.public_notation(action)
        events = state.apply(action)
        history.append(LoggedMove(seq, seat, text, events, public=public))
    return state, history


class Hub:
    """Every live table; the one place where moves are accepted."""

    #: seconds in one minute of a turn timer, and the wall clock (tests change both)
    timer_minute: float = TIMER_MINUTE
    clock: Callable[[], float] = staticmethod(time.time)

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = BOT_DELAY,
        workers_count: int = 1,
        hint_level: str = "medium",
        analysis_level: Level = "easy",
        executor: Executor | None = None,
        advice_workers: int = ADVICE_WORKERS,
        advice_jobs: int = ADVICE_JOBS,
        advice_executor: Executor | None = None,
        queue_limit: int = QUEUE_LIMIT,
        send_timeout: float = SEND_TIMEOUT,
        close_timeout: float = CLOSE_TIMEOUT,
        presence_interval: float = PRESENCE_INTERVAL,
        timer_minute: float = TIMER_MINUTE,
        clock: Callable[[], float] = time.time,
        analysis_playouts: int = CURVE_PLAYOUTS,
        idle_seconds: float = IDLE_SECONDS,
        sweep_seconds: float = SWEEP_SECONDS,
        analyses_per_address: int = ANALYSES_PER_ADDRESS,
        analyses_per_table: int = ANALYSES_PER_TABLE,
    ) -> None:
        self.store = store
        self.idle_seconds = idle_seconds
        self.sweep_seconds = sweep_seconds
        #: the task that unloads idle tables (started with the first table)
        self._sweeper: asyncio.Task[None] | None = None
        #: tables unloaded so far (for tests and benchmarks)
        self.unloaded = 0
        self.timer_minute = timer_minute
        self.clock = clock
        self.queue_limit = queue_limit
        self.send_timeout = send_timeout
        self.close_timeout = close_timeout
        self.presence_interval = presence_interval
        #: presence broadcasts sent (for tests and benchmarks)
        self.presence_broadcasts = 0
        self.bot_delay = bot_delay
        self.hint_level = hint_level
        self.analysis_level = analysis_level
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        #: the bots' processes (hints and analyses never run here)
        self.pool = WorkerPool(workers_count, executor=executor)
        self.advice = AdviceDesk(
            advice_workers,
            niceness=ADVICE_NICENESS,
            max_jobs=advice_jobs,
            executor=advice_executor,
        )
        #: post-game analyses worked out in the background and stored
        self.reports = Reports(
            self,
            playouts=analysis_playouts,
            per_address=analyses_per_address,
            per_table=analyses_per_table,
        )

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
            if table.presence_timer is not None:
                table.presence_timer.cancel()
            if table.timer_handle is not None:
                table.timer_handle.cancel()
        self.reports.close()
        await self.advice.close()
        await asyncio.to_thread(self.pool.shutdown)
        self.store.close()

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on the bots' pool."""
        return await self.pool.run(fn, *args)

    # ------------------------------------------------------------------ creating
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
    ) -> tuple[str, list[str | None]]:
        """Create a table; return its id and one token per seat (None for bot seats).
        ``turn_minutes``: the turn timer (None: no timer). ``classroom`` (docs/web.md,
        "Classrooms"): ``{"id", "table", "tokens", "deal": (seed, salt) | None}`` — the
        classroom's id, this table's id, the people's seat tokens, and the shared secret deal
        of a duplicate classroom (not a fixed seed: nobody chose it)."""
        try:
            game = get_game(game_id)
        except BazaarError as exc:
            raise WebError(404, "unknown-game", exc.message) from exc
        if len(seats) != players:
            raise WebError(
                400, "seats", f"{players} players need {players} seats, not {len(seats)}"
            )
        fixed = seed is not None
        shared = classroom["deal"] if classroom else None
        if seed is None:
            seed = shared[0] if shared else deal.new_seed()
        if not 0 <= seed < deal.SEED_LIMIT:
            raise WebError(400, "field", f"'seed' must be from 0 to {deal.SEED_LIMIT - 1}")
        salt = shared[1] if shared else deal.new_salt()
        given = list(classroom["tokens"]) if classroom else []
        try:
            state = game.new(players, seed, options)
        except BazaarError as exc:
            raise WebError(400, "options", exc.message) from exc
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
                    raise WebError(400, "bot", f"seat {i}: {exc.message}") from exc
                rows.append({"kind": "bot", "bot": spec, "name": name})
                tokens.append(None)
            else:
                token = given[i] if given else secrets.token_urlsafe(18)
                rows.append(
                    {"kind": "human", "bot": None, "name": name, "token_hash": token_hash(token)}
                )
                tokens.append(token)
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
            "turn_minutes": turn_minutes,
        }
        if classroom:
            row["classroom"] = classroom["id"]
        await asyncio.to_thread(self.store.create_table, row)
        await self.get(table_id)  # loads it, and a bot that starts begins to think
        return table_id, tokens

    # ------------------------------------------------------------------ loading
    async def get(self, table_id: str) -> LiveTable:
        """The live table ``table_id`` (loaded and replayed on first use)."""
        table = self.tables.get(table_id)
        if table is not None:
            table.used = time.monotonic()
            return table
        if self._sweeper is None:
            self._sweeper = asyncio.create_task(self._sweep_loop())
        async with self._loading:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            info = await asyncio.to_thread(self.store.load, table_id)
            if info is None:
                raise WebError(404, "unknown-table", f"there is no table {table_id!r}")
            state, history = replay_table(info)
            table = LiveTable(info, state, history)
            now = self.clock()
            table.loaded_seq = table.seq
            table.version = table.seq + 2 * info.undos
            table.turn_started = now
            table.left_at = {i: now for i, s in enumerate(info.seats) if s["kind"] == "human"}
            self.tables[table_id] = table
        self.wake_bots(table)
        return table

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

    @staticmethod
    def check_deal_released(table: LiveTable) -> None:
        """WebError 409 ``deal-held`` while the table's deal is shared with classroom tables
        still playing: nothing worked out from its whole deal (record, analysis, puzzles) may
        be served yet."""
        if table.info.deal_held:
            raise refusal(409, "deal-held", "deal-held", CLASSROOM_REFUSALS)

    # ------------------------------------------------------------------ views
    def payload(self, table: LiveTable, seat: int | None, lang: str) -> TablePayload:
        payload = build_payload(
            table.state,
            seat,
            lang,
            table=table.id,
            seats=table.seats_public(),
            history=table.history,
            log=table.log(seat, lang),
        )
        payload["deal"] = table.deal()
        payload["undo"] = self.may_undo(table, seat)
        payload["version"] = table.version
        payload["timer"] = self.timer(table)
        return payload

    def publish(self, table: LiveTable, presence_only: bool = False) -> None:
        """Queue the payload of its own seat for every connection, each payload built once
        per (seat, lang); a connection whose queue is full is dropped. ``presence_only``:
        skip the connections whose newest payload already shows who is connected."""
        table.presence_stale = False
        version = table.presence_version
        cache: dict[tuple[int | None, str], str] = {}
        for conn in list(table.connections):
            if presence_only and conn.presence_seen == version:
                continue
            key = (conn.seat, conn.lang)
            if key not in cache:
                cache[key] = encode(self.payload(table, conn.seat, conn.lang))
            conn.presence_seen = version
            conn.offer(cache[key])
        self._arm_timer(table)

    async def connect(self, table: LiveTable, conn: Connection) -> LiveTable:
        """Add a connection: it gets its own payload at once, the others a (coalesced)
        presence update. Return the table it joined: ``table``, or the copy loaded meanwhile
        if ``table`` was unloaded after it was looked up."""
        table = self._attach(table)
        conn.outbox = Outbox(
            conn.send,
            close=conn.close,
            abort=conn.abort,
            on_gone=lambda: self._forget(table, conn),
            limit=self.queue_limit,
            send_timeout=self.send_timeout,
            close_timeout=self.close_timeout,
        )
        conn.outbox.start()
        if conn.seat is not None and table.info.seats[conn.seat].get("standin"):
            # the person is back; joined only then, so no broadcast from before reaches them
            await self.take_back_seat(table, conn.seat, quiet=True)
        table.connections.add(conn)
        self.presence_changed(table)
        conn.presence_seen = table.presence_version
        conn.offer(encode(self.payload(table, conn.seat, conn.lang)))
        return table

    async def disconnect(self, table: LiveTable, conn: Connection) -> None:
        self._forget(table, conn)
        if conn.outbox is not None:
            await conn.outbox.stop()
        self.maybe_unload(table)

    def _forget(self, table: LiveTable, conn: Connection) -> None:
        if conn in table.connections:
            table.connections.discard(conn)
            if conn.seat is not None and all(c.seat != conn.seat for c in table.connections):
                table.left_at[conn.seat] = self.clock()
            self.presence_changed(table)

    def presence_changed(self, table: LiveTable) -> None:
        """Someone came or went: broadcast it, at most once per presence interval."""
        table.presence_stale = True
        table.presence_version += 1
        if table.presence_timer is not None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, table.presence_sent + self.presence_interval - loop.time())
        table.presence_timer = loop.call_later(delay, self._presence_due, table)

    def _presence_due(self, table: LiveTable) -> None:
        table.presence_timer = None
        if not table.presence_stale:  # a move's broadcast has told everyone already
            return
        table.presence_sent = asyncio.get_running_loop().time()
        self.presence_broadcasts += 1
        self.publish(table, presence_only=True)

    def _attach(self, table: LiveTable) -> LiveTable:
        """The table in memory under ``table``'s id: ``table`` itself, registered again if it
        was unloaded while a request held it, or the copy loaded since."""
        live = self.tables.setdefault(table.id, table)
        live.used = time.monotonic()
        return live

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_seconds)
            self.sweep()

    def sweep(self, now: float | None = None) -> int:
        """Unload every table unused for :attr:`idle_seconds` that :meth:`maybe_unload`
        allows (no socket open, no bot thinking, no move in progress), finished or not;
        return how many. Every way of playing (HTTP only, sockets, bots) ends here."""
        now = time.monotonic() if now is None else now
        idle = [t for t in self.tables.values() if now - t.used >= self.idle_seconds]
        return sum(self.maybe_unload(table) for table in idle)

    def maybe_unload(self, table: LiveTable) -> bool:
        """Forget an idle table (nobody connected, no bot thinking, no move in progress) so
        memory stays flat on a long-running server; it is replayed from the database when
        asked for again. Safe even if a request still holds it: a move or a socket on the
        unloaded copy registers it again, or is refused as stale if another copy was loaded
        (:meth:`_attach`), and the unique (table, seq) key refuses a second copy of any move."""
        busy = table.bot_task is not None and not table.bot_task.done()
        if table.connections or busy or table.lock.locked():
            return False
        if table.presence_timer is not None:
            table.presence_timer.cancel()
            table.presence_timer = None
        if table.timer_handle is not None:
            table.timer_handle.cancel()
            table.timer_handle = None
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            self.unloaded += 1
        self.reports.forget(table.id)
        return True

    # ------------------------------------------------------------------ moves
    def parse_action(self, table: LiveTable, action: Any) -> int:
        """An action number from notation text or an integer; WebError naming the rule."""
        state = table.state
        try:
            if isinstance(action, bool) or not isinstance(action, int | str):
                raise WebError(
                    400, "field", "'action' must be a move in notation (text) or an action number"
                )
            number = state.game.parse(action) if isinstance(action, str) else action
            state.check(number)
        except NotationError as exc:
            words = refusal_words(state.game.id, exc)
            raise WebError(422, "illegal", exc.message, "notation", words) from exc
        except IllegalAction as exc:
            words = refusal_words(state.game.id, exc)
            raise WebError(422, "illegal", exc.message, exc.rule, words) from exc
        return number

    async def submit(
        self,
        table: LiveTable,
        seat: int,
        action: Any,
        seq: Any,
        *,
        bot: str | None = None,
        epoch: int | None = None,
    ) -> int:
        """Accept ``seat``'s move as move number ``seq``; return the new sequence number.

        ``bot``/``epoch``: a bot's move, worked out at ``epoch``; refused (``stale``) if the
        table's epoch moved on (an undo) or ``bot`` no longer plays the seat. A person's own
        move at a seat a bot stands in for ends the stand-in first."""
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise WebError(400, "field", "'seq' must be the integer sequence number of the move")
        if bot is None and table.info.seats[seat].get("standin"):
            await self.take_back_seat(table, seat, quiet=True)
        async with table.lock:
            if bot is not None and (epoch != table.epoch or table.bot_spec(seat) != bot):
                raise WebError(409, "stale", "the table changed while the bot was thinking")
            state = table.state
            mover = state.to_move()
            if mover is None:
                raise WebError(409, "game-over", "the game is over; no more moves", "game-over")
            if seq != table.seq:
                raise WebError(
                    409,
                    "stale",
                    f"move {seq} was expected to be next, but the next move is {table.seq}"
                    " (the board changed; look again)",
                )
            if mover != seat:
                raise WebError(409, "turn", f"it is seat {mover}'s turn, not seat {seat}'s", "turn")
            number = self.parse_action(table, action)
            text = state.notation(number)
            probe = state.clone()
            probe.apply(number)
            if self._attach(table) is not table:  # unloaded and loaded again meanwhile
                raise WebError(409, "stale", "the table was reloaded meanwhile; look again")
            try:
                await asyncio.to_thread(
                    self.store.add_move, table.id, table.seq, seat, text, probe.is_over()
                )
            except DuplicateMove as exc:
                raise WebError(409, "stale", str(exc)) from exc
            public = state.public_notation(number)
            before = state.clone()
            events = state.apply(number)
            self._remember_for_undo(table, seat, number, before, by_person=bot is None)
            table.history.append(LoggedMove(table.seq, seat, text, events, public=public))
            table.version += 1
            table.turn_started = self.clock()
        self.publish(table)  # only queues: the reply never waits for a socket
        self.wake_bots(table)
        if table.info.classroom and table.state.is_over():
            await self.classroom_table_over(table.info.classroom)
        return table.seq

    async def classroom_table_over(self, classroom_id: str) -> None:
        """A table of ``classroom_id`` ended: once every table of a duplicate classroom is
        over, its loaded tables reveal the shared deal (docs/web.md, "Classrooms")."""
        if await asyncio.to_thread(self.store.deal_held, classroom_id):
            return
        for table in list(self.tables.values()):
            if table.info.classroom == classroom_id and table.info.deal_held:
                table.info.deal_held = False
                self.publish(table)

    # ------------------------------------------------------------------ undo
    def _remember_for_undo(
        self, table: LiveTable, seat: int, action: int, before: State, by_person: bool
    ) -> None:
        """Keep what taking this move back needs. Another seat's move (or a bot's) ends the
        undo of every earlier move: only the trailing run of one person's moves is kept."""
        stack = table.undo_stack
        if stack and stack[-1].seat != seat:
            stack.clear()
        undoable = by_person and learned_nothing(before, action, table.state, seat)
        stack.append(UndoEntry(table.seq, seat, before, undoable, by_bot=not by_person))

    def may_undo(self, table: LiveTable, seat: int | None) -> bool:
        """True if ``seat`` may take back the newest move now."""
        return self._undo_refusal(table, seat, table.seq - 1) is None

    def _undo_refusal(self, table: LiveTable, seat: int | None, seq: int) -> str | None:
        """Why ``seat`` may not take back move ``seq`` (a rule of UNDO_REFUSALS), or None."""
        if seat is None:
            return "undo-not-yours"
        if table.state.is_over():
            return "undo-game-over"
        if not 0 <= seq < table.seq:
            return "undo-nothing"
        if table.history[seq].seat != seat:
            return "undo-not-yours"
        if any(m.seat != seat for m in table.history[seq + 1 :]):
            return "undo-moved-on"
        if seq != table.seq - 1:
            return "undo-newest-first"
        entry = table.undo_stack[-1] if table.undo_stack else None
        if entry is None or entry.seq != seq:  # sealed by a move since taken back, or old
            return "undo-restarted" if seq < table.loaded_seq else "undo-moved-on"
        if entry.by_bot:
            return "undo-bot"
        if table.bot_spec(seat) is not None:  # a bot plays the seat now
            return "undo-bot"
        return None if entry.undoable else "undo-hidden"

    async def undo(self, table: LiveTable, seat: int | None, seq: Any, version: Any) -> int:
        """Take back move ``seq`` (the newest) of ``seat`` in the position ``version`` (the
        payload's ``version``); return the new sequence number.

        The move's row is deleted, so the record keeps only what stands, and the table goes
        back to the exact state before it. WebError 409 ``stale`` (rule ``undo-stale``) if the
        position is no longer ``version`` (a request sent before an undo and a replay of the
        same move number), 409 ``undo`` with the reason otherwise."""
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise WebError(400, "field", "'seq' must be the integer number of the move to undo")
        if isinstance(version, bool) or not isinstance(version, int):
            raise WebError(
                400, "field", "'version' must be the integer position version of the payload"
            )
        if seat is None:
            raise WebError(403, "token", "taking a move back needs the seat's token")
        async with table.lock:
            if version != table.version:
                raise refusal(409, "stale", "undo-stale", UNDO_REFUSALS)
            reason = self._undo_refusal(table, seat, seq)
            if reason is not None:
                raise refusal(409, "undo", reason, UNDO_REFUSALS)
            deleted = await asyncio.to_thread(self.store.delete_move, table.id, seq)
            if not deleted:  # another server process moved on: the move stands
                raise refusal(409, "undo", "undo-moved-on", UNDO_REFUSALS)
            entry = table.undo_stack.pop()
            table.state = entry.before
            del table.history[seq:]
            for entries in table.logs.values():
                del entries[seq:]
            table.epoch += 1
            table.version += 1
            table.turn_started = self.clock()
        self.publish(table)
        self.wake_bots(table)
        return table.seq

    # ------------------------------------------------------------------ absent players
    def _timer_seconds(self, table: LiveTable) -> float | None:
        minutes = table.info.turn_minutes
        return None if not minutes else minutes * self.timer_minute

    def _overdue(self, table: LiveTable, now: float) -> tuple[list[int], float | None]:
        """The person seats that may be handed to a bot now (away, or idle on their turn,
        longer than the timer; none with a stand-in already), and when the next one will be."""
        limit = self._timer_seconds(table)
        if limit is None or table.state.is_over():
            return [], None
        connected = {c.seat for c in table.connections}
        mover = table.state.to_move()
        due: list[int] = []
        upcoming: list[float] = []
        for seat, info in enumerate(table.info.seats):
            if info["kind"] != "human" or info.get("standin"):
                continue
            moments = [] if seat in connected else [table.left_at.get(seat, now) + limit]
            if seat == mover:
                moments.append(table.turn_started + limit)
            when = min(moments, default=None)
            if when is None:
                continue
            if when <= now:
                due.append(seat)
            else:
                upcoming.append(when)
        return due, min(upcoming, default=None)

    def timer(self, table: LiveTable) -> TurnTimer:
        """The payload's ``timer``: ``minutes`` (null: no timer), the seat whose turn runs
        (a person's, else null), its ``deadline`` (UNIX seconds) and ``left`` (whole
        seconds, 0 once past), and ``overdue``: the seats anyone may hand to a bot now."""
        now = self.clock()
        limit = self._timer_seconds(table)
        mover = table.state.to_move()
        timed = limit is not None and mover is not None and table.bot_spec(mover) is None
        deadline = table.turn_started + limit if timed and limit is not None else None
        return {
            "minutes": table.info.turn_minutes,
            "seat": mover if timed else None,
            "deadline": None if deadline is None else round(deadline, 3),
            "left": None if deadline is None else max(0, int(deadline - now + 0.999)),
            "overdue": self._overdue(table, now)[0],
        }

    def _arm_timer(self, table: LiveTable) -> None:
        """Broadcast again when the next seat goes past the timer (so ``overdue`` shows)."""
        if table.timer_handle is not None:
            table.timer_handle.cancel()
            table.timer_handle = None
        if self._timer_seconds(table) is None:
            return
        _, upcoming = self._overdue(table, self.clock())
        if upcoming is not None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, upcoming - self.clock()) + 0.05
            table.timer_handle = loop.call_later(delay, self._timer_due, table)

    def _timer_due(self, table: LiveTable) -> None:
        table.timer_handle = None
        if self.tables.get(table.id) is table:
            self.publish(table)

    async def hand_to_bot(self, table: LiveTable, by: int | None, seat: Any, spec: Any) -> None:
        """Seat ``by`` hands ``seat`` to the bot ``spec``: allowed for one's own seat at any
        time, and for another person's seat once it is overdue (see :meth:`timer`)."""
        if by is None:
            raise WebError(403, "token", "handing a seat to a bot needs a seat's token")
        if (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or not 0 <= seat < len(table.info.seats)
        ):
            raise WebError(
                400, "field", f"'seat' must be a seat number from 0 to {len(table.info.seats) - 1}"
            )
        if not isinstance(spec, str) or len(spec) > 40:
            raise WebError(400, "field", "'bot' must be a bot spec such as 'ismcts:easy'")
        spec = normalize_spec(spec)
        try:
            make_bot(spec, 0, game=table.info.game)
        except UnknownBot as exc:
            raise WebError(400, "bot", exc.message) from exc
        async with table.lock:
            info = table.info.seats[seat]
            if table.state.is_over():
                raise refusal(409, "standin", "standin-game-over", STANDIN_REFUSALS)
            if info["kind"] != "human":
                raise refusal(409, "standin", "standin-not-human", STANDIN_REFUSALS)
            if info.get("standin"):
                raise refusal(409, "standin", "standin-already", STANDIN_REFUSALS)
            if seat != by:
                if self._timer_seconds(table) is None:
                    raise refusal(409, "standin", "standin-no-timer", STANDIN_REFUSALS)
                if seat not in self._overdue(table, self.clock())[0]:
                    minutes = table.info.turn_minutes
                    raise refusal(
                        409, "standin", "standin-not-away", STANDIN_REFUSALS, minutes=minutes
                    )
            await asyncio.to_thread(self.store.set_seat, table.id, seat, "standin", spec)
            info["standin"] = spec
            table.epoch += 1
        self.publish(table)
        self.wake_bots(table)

    async def take_back_seat(self, table: LiveTable, seat: int | None, quiet: bool = False) -> None:
        """The person of ``seat`` is back: the bot standing in leaves (``quiet``: no error
        if none was, and no broadcast: the caller sends one)."""
        if seat is None:
            raise WebError(403, "token", "taking a seat back needs its token")
        async with table.lock:
            info = table.info.seats[seat]
            if not info.get("standin"):
                if quiet:
                    return
                raise refusal(409, "return", "return-nothing", STANDIN_REFUSALS)
            await asyncio.to_thread(self.store.set_seat, table.id, seat, "standin", None)
            info["standin"] = None
            table.epoch += 1
            table.turn_started = self.clock()
        if not quiet:
            self.publish(table)

    # ------------------------------------------------------------------ bots
    def wake_bots(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to move and none is running."""
        if table.bot_spec(table.state.to_move()) is None:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.create_task(self._bot_loop(table))

    async def _bot_loop(self, table: LiveTable) -> None:
        while True:
            seat = table.state.to_move()
            spec = table.bot_spec(seat)
            if seat is None or spec is None:
                return
            seq, epoch = table.seq, table.epoch
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            if (table.seq, table.epoch) != (seq, epoch):  # taken back meanwhile: look again
                continue
            seed = table.worker_seed("bot", seq)
            try:
                move = await self.run(workers.bot_move, table.record(), spec, seed)
            except Exception:  # a crashed worker must not stall the table: try again
                log.exception("bot %s at table %s failed at move %d", spec, table.id, seq)
                await asyncio.sleep(1.0)
                continue
            try:
                await self.submit(table, seat, move, seq, bot=spec, epoch=epoch)
            except WebError:  # the table moved on meanwhile; look again
                continue

    # ------------------------------------------------------------------ advice
    @property
    def advice_stats(self) -> AdviceStats:
        return self.advice.stats

    async def advise(
        self,
        key: AdviceKey,
        lang: str,
        fn: Callable[..., Any],
        *args: Any,
        priority: int = FOREGROUND,
        counted: bool = True,
    ) -> Any:
        """``fn(*args)`` on the advice desk (shared, one per seat, capped, hints before
        post-game work: see :class:`AdviceDesk`); WebError if not."""
        try:
            return await self.advice.compute(
                key, fn, *args, lang=lang, priority=priority, counted=counted
            )
        except AdviceError as exc:
            raise WebError.of(exc) from exc

    async def hint(self, table: LiveTable, seat: int, lang: str = "en") -> list[HintMove]:
        if table.state.to_move() != seat:
            raise WebError(409, "turn", "hints are for the player to move, and it is not your turn")
        seed = table.worker_seed("hint", table.seq)
        # after an undo the same move number can be another position: not the same hint
        kind = f"hint:{table.epoch}" if table.epoch else "hint"
        key = AdviceKey(table.id, seat, table.seq, kind)
        record = table.record()
        return await self.advise(key, lang, workers.hint_moves, record, seat, self.hint_level, seed)

    async def guide(self, table: LiveTable, seat: int, lang: str = "en") -> dict[str, Any]:
        """The guided game's step for ``seat`` (the seat to move), on the advice desk."""
        if table.state.to_move() != seat:
            raise WebError(409, "turn", "the guide speaks when it is your turn, and it is not")
        kind = f"guide:{table.epoch}" if table.epoch else "guide"
        key = AdviceKey(table.id, seat, table.seq, kind)
        step: dict[str, Any] = await self.advise(
            key, lang, workers.guide_step, table.record(), seat, table.seq
        )
        return step

    async def analysis(self, table: LiveTable, seat: int, lang: str = "en") -> list[dict[str, Any]]:
        if not table.state.is_over():
            raise WebError(409, "not-over", "the analysis is ready once the game is over")
        cached = table.analyses.get(seat)
        if cached is not None:
            return cached
        key = AdviceKey(table.id, seat, table.seq, "analysis")
        level, seed = self.analysis_level, table.worker_seed("analysis", seat)
        found = await self.advise(key, lang, workers.analyse, table.record(), seat, level, seed)
        table.analyses[seat] = found  # only a finished computation is kept
        return found

    async def analysis_report(
        self, table: LiveTable, seat: int, lang: str = "en", address: str = ""
    ) -> dict[str, Any]:
        """The stored analysis of ``seat`` in ``lang`` (``status`` "ready"), or its progress
        (``status`` "running", ``done``, ``total``): see :mod:`bazaar.web.reports`. A new
        one asked from ``address`` past the bounds is refused (429 ``analysis-busy``)."""
        if not table.state.is_over():
            raise WebError(409, "not-over", "the analysis is ready once the game is over")
        try:
            found = await self.reports.status(table, seat, address, lang)
        except AdviceError as exc:
            raise WebError.of(exc) from exc
        if found["status"] == "failed":
            raise WebError(503, "advice-failed", t(ADVICE_FAILED, lang))
        return localized(found, lang)

    def replay_payload(
        self, table: LiveTable, seat: int | None, step: int, lang: str
    ) -> TablePayload:
        """The payload of ``seat`` as it was after ``step`` moves (0 = the start)."""
        if not 0 <= step <= table.seq:
            raise WebError(400, "field", f"'step' must be between 0 and {table.seq}, not {step}")
        info = table.info
        state = get_game(info.game).new(info.players, info.seed, info.options)
        for move in table.history[:step]:
            state.apply(state.game.parse(move.notation))
        payload = build_payload(
            state,
            seat,
            lang,
            table=table.id,
            seats=table.seats_public(),
            history=table.history[:step],
            log=table.full_log(seat, lang)[:step][-LOG_LAST:],
        )
        payload["legal"] = []
        payload["replay"] = {"step": step, "steps": table.seq}
        payload["deal"] = table.deal()
        return payload
