"""Turn-based tables (docs/web.md, "Turn-based tables"): hours or days per move, the rule that
is followed when a move's time runs out, deadlines that survive an unload and a restart, and
the time left in words. The hub runs in this process on a clock the tests move, so a week
passes in a moment; the server's own HTTP and socket paths are covered by tests/web/
test_turn_notices.py."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bazaar.web.hub import Hub, LiveTable
from bazaar.web.pace import TablePace, time_words
from bazaar.web.settings import WebSettings
from bazaar.web.store import Store
from tests.web.mailbox import START, Clock

HOUR = 3600.0
DAY = 24 * HOUR
#: two people and a quick bot; the timed-out turns are played by a random bot too
SEATS = [
    {"kind": "human", "name": "Ann"},
    {"kind": "human", "name": "Ben"},
    {"kind": "bot", "bot": "random"},
]
#: a liveness limit for a bot's move (not a speed bound)
LIVELY = 60.0


def settings(**extra: Any) -> WebSettings:
    return WebSettings(bot_delay=0.0, timeout_bot="random", sweep_seconds=3600.0, **extra)


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, scenario()).result()


def open_hub(db: Path, clock: Clock) -> Hub:
    return Hub(Store(f"sqlite:///{db}"), settings(), executor=ThreadPoolExecutor(1), clock=clock)


async def person_to_move(table: LiveTable) -> int:
    """Wait (a liveness limit) until a person is to move or the game is over; their seat."""
    for _ in range(int(LIVELY / 0.01)):
        mover = table.state.to_move()
        if mover is None or table.bot_spec(mover) is None:
            return -1 if mover is None else mover
        await asyncio.sleep(0.01)
    raise AssertionError("the bots did not move")


async def play_first_legal(hub: Hub, table: LiveTable, seat: int) -> None:
    move = table.state.notation(table.state.legal_actions()[0])
    await hub.moves.submit(table, seat, move, table.seq)


async def new_table(hub: Hub, pace: TablePace, game: str = "buy-low-sell-high") -> LiveTable:
    table_id, _tokens = await hub.keeper.create(game, 3, SEATS, {}, "en", seed=7, pace=pace)
    return await hub.keeper.get(table_id)


DAILY = TablePace("turn-based", 24 * 60, "bot-move")


def test_time_left_in_words_in_both_languages() -> None:
    assert time_words(2 * DAY + 3 * HOUR + 600, "en") == "2 days 3 hours"
    assert time_words(2 * DAY + 3 * HOUR + 600, "zh-TW") == "2 天 3 小時"
    assert time_words(2 * DAY + 300, "en") == "2 days"  # no "0 hours"
    assert time_words(5 * HOUR + 20 * 60 + 59, "en") == "5 hours 20 minutes"
    assert time_words(5 * HOUR + 20 * 60, "zh-TW") == "5 小時 20 分鐘"
    assert time_words(HOUR, "en") == "1 hour"
    assert time_words(30, "en") == "1 minute"  # under a minute, still some time
    assert time_words(0, "zh-TW") == "0 分鐘"


def test_a_turn_based_week(tmp_path: Path) -> None:
    """A week on a daily table: each person's clock starts at their turn; a missed day gives
    the turn to a bot (the seat stays the person's); the deadline is in the store, so an
    unloaded table and a restarted server keep the pace; the payload says the time left."""
    clock = Clock()
    db = tmp_path / "week.db"

    async def first_days() -> None:
        hub = open_hub(db, clock)
        table = await new_table(hub, DAILY)
        assert await person_to_move(table) == 0
        timer = hub.views.payload(table, 0, "zh-TW")["timer"]
        assert (timer["pace"], timer["minutes"], timer["on_timeout"]) == (
            "turn-based",
            1440,
            "bot-move",
        )
        assert (timer["seat"], timer["deadline"], timer["words"]) == (0, START + DAY, "1 天")
        assert hub.store.load(table.id).deadline == START + DAY  # type: ignore[union-attr]

        clock.now += 5 * HOUR  # Ann moves after five hours: Ben's day starts then
        while table.state.to_move() == 0:
            await play_first_legal(hub, table, 0)
        assert await person_to_move(table) == 1
        ben_deadline = START + 5 * HOUR + DAY
        assert hub.timers.deadline(table) == ben_deadline
        en = hub.views.payload(table, 0, "en")["timer"]
        assert (en["seat"], en["words"]) == (1, "1 day")
        clock.now += 20 * HOUR
        assert hub.views.payload(table, 1, "en")["timer"]["words"] == "4 hours"
        assert await hub.deadlines.sweep() == 0  # not yet

        clock.now += 4 * HOUR + 1  # Ben missed his day: a bot plays his turn
        seq = table.seq
        assert await hub.deadlines.sweep() == 1
        assert await person_to_move(table) == 0
        played = table.history[seq:]
        ben_moves = [m for m in played if m.seat == 1]
        assert ben_moves and all(m.standin == "random" for m in ben_moves)
        assert table.info.seats[1].get("standin") is None  # still Ben's seat
        assert table.timed_out == {}
        assert hub.timers.deadline(table) == clock.now + DAY  # Ann's day starts now
        await hub.close()

    run(first_days)

    async def after_a_restart() -> None:
        hub = open_hub(db, clock)  # a new server on the same database
        clock.now += DAY + 60  # Ann's day ran out while no server had the table
        assert await hub.deadlines.sweep() == 1  # the store knew: the table is loaded and played
        (table,) = hub.tables.values()
        assert await person_to_move(table) == 1
        assert table.history[-1].standin is None or table.history[-1].seat != 1
        assert hub.timers.deadline(table) == clock.now + DAY
        # the rest of the week: each takes about half a day per move
        for _day in range(6 * 2):
            mover = await person_to_move(table)
            if mover < 0:
                break
            clock.now += 12 * HOUR
            await play_first_legal(hub, table, mover)
            assert await hub.deadlines.sweep() == 0  # nobody ran out of time
        assert hub.deadlines.ran_out == 1
        stored = hub.store.load(table.id)
        assert stored is not None and len(stored.moves) == table.seq
        await hub.close()

    run(after_a_restart)


def test_standin_keeps_playing_until_the_person_is_back(tmp_path: Path) -> None:
    """The rule "standin": the person whose time ran out is skipped — a bot plays for them,
    turn after turn, with no clock — until they take their seat back; then their clock runs
    again from that moment."""
    clock = Clock()

    async def scenario() -> None:
        hub = open_hub(tmp_path / "standin.db", clock)
        table = await new_table(hub, TablePace("turn-based", 2 * 60, "standin"))
        assert await person_to_move(table) == 0
        clock.now += 2 * HOUR + 1
        assert await hub.deadlines.sweep() == 1
        assert table.info.seats[0]["standin"] == "random"
        assert hub.store.load(table.id).seats[0]["standin"] == "random"  # type: ignore[union-attr]
        mover = await person_to_move(table)
        assert mover == 1 and hub.timers.deadline(table) == clock.now + 2 * HOUR
        clock.now += HOUR
        while table.state.to_move() == 1:
            await play_first_legal(hub, table, 1)
        await person_to_move(table)  # the stand-in and the bot play on
        ann_moves = [m for m in table.history if m.seat == 0]
        assert ann_moves and all(m.standin == "random" for m in ann_moves)
        clock.now += 7 * HOUR
        await hub.standins.take_back_seat(table, 0)
        assert table.info.seats[0].get("standin") is None
        if table.state.to_move() == 0:
            assert hub.timers.deadline(table) == clock.now + 2 * HOUR
        await hub.close()

    run(scenario)


def test_a_live_table_keeps_its_timer_and_no_deadline(tmp_path: Path) -> None:
    """A live table's timer is what it was (others may hand an absent seat to a bot); the
    store keeps no deadline for it and the sweep never acts on it."""
    clock = Clock()

    async def scenario() -> None:
        hub = open_hub(tmp_path / "live.db", clock)
        table = await new_table(hub, TablePace("live", 5))
        clock.now += DAY
        assert await hub.deadlines.sweep() == 0
        assert hub.store.load(table.id).deadline is None  # type: ignore[union-attr]
        timer = hub.views.payload(table, 1, "en")["timer"]
        assert (timer["pace"], timer["on_timeout"], timer["minutes"]) == ("live", None, 5)
        assert timer["overdue"] == [0, 1]  # both absent longer than 5 minutes
        await hub.close()

    run(scenario)


@pytest.mark.parametrize(
    ("extra", "rule"),
    [
        ({"move_hours": 24}, "pace-hours-live"),
        ({"on_timeout": "standin"}, "pace-timeout-live"),
        ({"pace": "turn-based", "turn_minutes": 5}, "pace-minutes-turn-based"),
    ],
)
def test_fields_that_do_not_fit_the_pace_are_refused(
    extra: dict[str, Any], rule: str, tmp_path: Path
) -> None:
    from starlette.testclient import TestClient

    from bazaar.web.app import create_app
    from tests.web.server import app_settings

    app = create_app(app_settings(tmp_path / "refused.db"))
    body = {"game": "take-stock", "players": 3, "seats": SEATS, "lang": "zh-TW", **extra}
    with TestClient(app) as client:
        res = client.post("/api/tables", json=body)
        assert res.status_code == 422
        reply = res.json()
        assert (reply["code"], reply["rule"]) == ("pace", rule)
        assert reply["explain"] != reply["error"]  # said in the asker's language
        bad = client.post("/api/tables", json={**body, "pace": "turn-based", "move_hours": 337})
        assert bad.status_code == 422 and "move_hours" in bad.json()["error"]
        assert client.get("/api/tables").json()["tables"] == []  # nothing was made


@pytest.mark.parametrize(
    ("game", "players"), [("buy-low-sell-high", 3), ("take-stock", 3), ("night-market", 3)]
)
def test_every_game_keeps_its_pace(game: str, players: int, tmp_path: Path) -> None:
    """In each game a missed turn is played by a bot and the turn passes to another seat,
    whose clock starts then."""
    clock = Clock()

    async def scenario() -> None:
        hub = open_hub(tmp_path / f"{game}.db", clock)
        table_id, _ = await hub.keeper.create(
            game, players, SEATS, {}, "en", seed=3, pace=TablePace("turn-based", 60, "bot-move")
        )
        table = await hub.keeper.get(table_id)
        late = await person_to_move(table)
        assert late >= 0 and hub.timers.deadline(table) == START + HOUR
        clock.now += HOUR + 1
        assert await hub.deadlines.sweep() == 1
        mover = await person_to_move(table)
        assert table.history[-1].seat != mover or mover < 0  # the turn passed on
        assert any(m.seat == late and m.standin == "random" for m in table.history)
        if mover >= 0:
            assert hub.timers.deadline(table) == clock.now + HOUR
        await hub.close()

    run(scenario)
