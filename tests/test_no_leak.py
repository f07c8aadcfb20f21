"""The no-leak contract (issue 10), as a property for every game and several player counts.

Along seeded random games, wherever the mover j has two legal moves with the same public
notation but different notations (a private choice: ``hide T1A`` / ``hide T3B``), the two
moves are played on two copies of the table. Every other seat and the spectator must then be
served byte-identical output by every path that serves them: the web payload with its log
(the server's own ``LiveTable``/``Hub`` code), the replay payload at the new step, the error
replies to a fixed sample of moves, the engine protocol's ``view``, ``log`` and ``play``
replies for that seat, and (a few times per game) the hints of the next seat to move. The
mover still sees its own move.

``python benchmarks/no_leak_pairs.py`` prints how many private-move pairs each game checks.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import orjson
import pytest

from bazaar.core.game import State
from bazaar.core.record import GameRecord, Match
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.interop.engine import Engine
from bazaar.web.hub import LiveTable, WebError
from bazaar.web.moves import Moves, parse_action
from bazaar.web.payload import LoggedMove
from bazaar.web.settings import TIMER_MINUTE
from bazaar.web.store import StoredTable
from bazaar.web.timers import Timers
from bazaar.web.undo import Undos
from bazaar.web.views import Views
from bazaar.web.workers import hint_moves
from tests.scale import examples

LANGS = ("en", "zh-TW")
#: game -> ((players, seed), ...): the random games searched for private choices
GAMES: dict[str, tuple[tuple[int, int], ...]] = {
    "buy-low-sell-high": ((2, 1), (3, 2), (4, 3)),
    "take-stock": ((2, 1), (3, 2), (4, 3), (6, 4)),
    "night-market": ((3, 1), (4, 2)),
}
#: Each game checks at least this many private-move pairs.
MIN_PAIRS = {"buy-low-sell-high": 24, "take-stock": 16, "night-market": 35}
#: Every how many private-choice positions of a game one pair is checked (to stay fast).
PAIR_EVERY = {"buy-low-sell-high": 2, "take-stock": 2, "night-market": 1}
#: Positions per game at which the next mover's hints are compared (hints are slow).
HINT_POSITIONS = 3
#: The hints' samples of the hidden cards (the easy level's).
HINT_LEVEL = {"samples": 8}
#: the fields of a hint that teach (bazaar.bots.advice.hint), all in the compared replies
HINT_FIELDS = {"win", "win_low", "win_high", "margin", "close", "move", "text", "changes"}
NAMES = ("Mei", "", "小明", "Ann", "", "阿寶")
#: The hub's payloads (turn timers on the wall clock) and its moves without a store: only
#: their checks are used (a refused move never reaches the store).
VIEWS = Views(Timers(TIMER_MINUTE, time.time, lambda table: None), Undos.__new__(Undos))
MOVES = Moves.__new__(Moves)
#: Coroutines run in their own thread (Playwright may hold the test thread's event loop).
LOOP_THREAD = ThreadPoolExecutor(1, thread_name_prefix="no-leak-loop")


@dataclass
class Table:
    """One copy of a table: the server's live table (state + logged moves)."""

    game: str
    players: int
    seed: int
    live: LiveTable

    @classmethod
    def new(cls, game: str, players: int, seed: int) -> Table:
        state = get_game(game).new(players, seed)
        seats = [{"kind": "human", "bot": None, "name": NAMES[i]} for i in range(players)]
        info = StoredTable(
            id="t",
            game=game,
            players=players,
            seed=seed,
            options=dict(state.options),
            seats=seats,
            lang="en",
            created=0.0,
            over=False,
            moves=[],
        )
        return cls(game, players, seed, LiveTable(info, state, []))

    @property
    def state(self) -> State:
        return self.live.state

    def copy(self) -> Table:
        live = LiveTable(self.live.info, self.state.clone(), list(self.live.history))
        return Table(self.game, self.players, self.seed, live)

    def play(self, action: int) -> None:
        """What ``Hub.submit`` does once a move is accepted."""
        state = self.state
        seat = state.to_move()
        assert seat is not None
        public = state.public_notation(action)
        text = state.notation(action)
        events = state.apply(action)
        self.live.history.append(LoggedMove(self.live.seq, seat, text, events, public=public))

    def record(self) -> dict[str, Any]:
        return self.live.record()

    def engine(self) -> Engine:
        """An engine session holding a copy of this table's game (as ``load`` would, cheaper:
        the record is not replayed)."""
        engine = Engine()
        record = GameRecord.from_json(self.record())
        engine.match = Match(get_game(self.game), self.state.clone(), record)
        return engine


def payload_bytes(table: Table, seat: int | None) -> list[bytes]:
    """Everything the web app serves ``seat`` now: table payload and replay, both languages."""
    out = []
    for lang in LANGS:
        for payload in (
            VIEWS.payload(table.live, seat, lang),
            VIEWS.replay(table.live, seat, table.live.seq, lang),
        ):
            payload.pop("deal", None)  # the seed commitment, identical for a table's copies
            out.append(orjson.dumps(payload))
    return out


def engine_bytes(engine: Engine, seat: int | None) -> list[str]:
    requests = [{"cmd": "view", "seat": seat}] + [
        {"cmd": "log", "seat": seat, "lang": lang} for lang in LANGS
    ]
    return [engine.handle_json(orjson.dumps(r)) for r in requests]


def sample_moves(table: Table, extra: list[str]) -> list[Any]:
    """A fixed sample of moves to try: action numbers across the encoding, texts, junk."""
    game = get_game(table.game)
    step = max(1, game.num_actions // 24)
    return [*range(0, game.num_actions, step), game.num_actions - 1, -1, "pass", "x", *extra]


def error_bytes(table: Table, seat: int | None, sample: list[Any]) -> list[bytes]:
    """The replies ``seat`` gets for the sample moves: its own checks when it is to move,
    else the refusal of a move out of turn or out of sequence."""
    if seat is None:
        return []
    live = table.live
    out = []

    async def submit(action: Any, seq: int) -> bytes:
        try:
            await MOVES.submit(live, seat, action, seq)
        except WebError as exc:
            return orjson.dumps([exc.to_json(lang) for lang in LANGS])
        raise AssertionError(f"seat {seat}'s move {action!r} was accepted")

    async def replies() -> list[bytes]:
        return [await submit(sample[0], live.seq), await submit(sample[0], live.seq - 1)]

    if table.state.to_move() == seat:
        for action in sample:
            try:
                out.append(orjson.dumps(parse_action(live, action)))
            except WebError as exc:
                out.append(orjson.dumps([exc.to_json(lang) for lang in LANGS]))
        engine = table.engine()
        out += [
            engine.handle_json(orjson.dumps({"cmd": "check", "action": a})).encode() for a in sample
        ]
    else:
        out += LOOP_THREAD.submit(asyncio.run, replies()).result()
    return out


def others(table: Table, mover: int) -> list[int | None]:
    return [s for s in range(table.players) if s != mover] + [None]


def assert_same_to_others(
    a: Table, b: Table, mover: int, sample: list[Any], engines: tuple[Engine, Engine]
) -> None:
    """Every seat but ``mover`` and the spectator are served the same bytes by both copies."""
    engine_a, engine_b = engines
    for seat in others(a, mover):
        where = f"{a.game} {a.players}p seed {a.seed} move {a.live.seq} seat {seat}"
        assert payload_bytes(a, seat) == payload_bytes(b, seat), where
        assert engine_bytes(engine_a, seat) == engine_bytes(engine_b, seat), where
        assert error_bytes(a, seat, sample) == error_bytes(b, seat, sample), where


def assert_play_replies_same(before: Table, a: int, b: int, mover: int) -> None:
    """The engine's ``play`` reply, filtered for another seat, does not tell ``a`` from ``b``."""
    for seat in others(before, mover):
        for lang in LANGS:
            replies = []
            for action in (a, b):
                engine = before.engine()
                request = {"cmd": "play", "action": action, "seat": seat, "lang": lang}
                replies.append(engine.handle_json(orjson.dumps(request)))
            assert replies[0] == replies[1], (before.game, before.live.seq, seat, lang)
    request = {"cmd": "play", "action": a, "seat": mover}
    own = before.engine().handle(orjson.dumps(request))
    assert (own["action"], own["number"]) == (before.state.notation(a), a)


def assert_mover_sees_own(
    table: Table, engine: Engine, action_text: str, mover: int, public: str
) -> None:
    for lang in LANGS:
        assert VIEWS.payload(table.live, mover, lang)["log"][-1]["notation"] == action_text
        assert VIEWS.payload(table.live, None, lang)["log"][-1]["notation"] == public
    mine = engine.handle(orjson.dumps({"cmd": "log", "seat": mover}))["log"][-1]
    theirs = engine.handle(orjson.dumps({"cmd": "log", "seat": None}))["log"][-1]
    assert (mine["action"], theirs["action"]) == (action_text, public)


def private_groups(state: State) -> dict[str, list[int]]:
    """Public notation -> the mover's legal moves sharing it, for groups of different moves."""
    groups: dict[str, list[int]] = defaultdict(list)
    for action in state.legal_actions():
        public = state.public_notation(action)
        if public != state.notation(action):
            groups[public].append(action)
    return {p: acts for p, acts in groups.items() if len(acts) >= 2}


def continue_mover(a: Table, b: Table, mover: int) -> bool:
    """Let ``mover`` go on in both copies with moves of equal public notation (a public move
    legal in both if there is one) until another seat is to move; False if impossible."""
    while a.state.to_move() == mover and b.state.to_move() == mover:
        legal_b = b.state.legal_actions()
        public_b = {b.state.public_notation(x): x for x in reversed(legal_b)}
        common = [
            x
            for x in a.state.legal_actions()
            if x in legal_b and a.state.public_notation(x) == a.state.notation(x)
        ]
        if common:
            a.play(common[0])
            b.play(common[0])
            continue
        match = [x for x in a.state.legal_actions() if a.state.public_notation(x) in public_b]
        if not match:
            return False
        b.play(public_b[a.state.public_notation(match[0])])
        a.play(match[0])
    return a.state.to_move() == b.state.to_move()


def check_game(game_id: str, players: int, seed: int, hints: int = 0) -> dict[str, int]:
    """Play one seeded random game, checking private-choice pairs (and the next mover's hints
    after the first ``hints`` of them where another seat moves next); return the counts."""
    table = Table.new(game_id, players, seed)
    rng = Rng(seed)
    counts = {"positions": 0, "pairs": 0, "hints": 0, "hint_changes": 0}
    moves = 0
    while not table.state.is_over():
        moves += 1
        state = table.state
        groups = private_groups(state)
        if groups:
            counts["positions"] += 1
        if groups and counts["positions"] % PAIR_EVERY[game_id] == 1 % PAIR_EVERY[game_id]:
            mover = state.to_move()
            assert mover is not None
            public = sorted(groups)[rng.below(len(groups))]
            first, second = _two(rng, groups[public])
            texts = [state.notation(first), state.notation(second)]
            sample = sample_moves(table, [*texts, public])
            assert_play_replies_same(table, first, second, mover)
            a, b = table.copy(), table.copy()
            a.play(first)
            b.play(second)
            engines = a.engine(), b.engine()
            assert_mover_sees_own(a, engines[0], texts[0], mover, public)
            assert_mover_sees_own(b, engines[1], texts[1], mover, public)
            assert_same_to_others(a, b, mover, sample, engines)
            counts["pairs"] += 1
            if counts["hints"] < hints and continue_mover(a, b, mover):
                nxt = a.state.to_move()
                if nxt is not None and nxt != mover:
                    engines = a.engine(), b.engine()
                    assert_same_to_others(a, b, mover, sample, engines)
                    ha = hint_moves(a.record(), nxt, HINT_LEVEL)
                    hb = hint_moves(b.record(), nxt, HINT_LEVEL)
                    assert orjson.dumps(ha) == orjson.dumps(hb), (game_id, a.live.seq, nxt)
                    # the compared replies hold the teaching fields: interval, words, changes
                    assert all(set(m) >= HINT_FIELDS for m in ha), (game_id, a.live.seq)
                    counts["hints"] += 1
                    counts["hint_changes"] += sum(len(m["changes"]) for m in ha)
        table.play(rng.choice(state.legal_actions()))
    return counts


def _two(rng: Rng, actions: list[int]) -> tuple[int, int]:
    first = actions[rng.below(len(actions))]
    rest = [x for x in actions if x != first]
    return first, rest[rng.below(len(rest))]


def pairs_checked(game_id: str, rounds: int = 1) -> dict[str, int]:
    """The totals of :func:`check_game` over the game's random games, each player count
    played ``rounds`` times (with other seeds after the first)."""
    total = {"positions": 0, "pairs": 0, "hints": 0, "hint_changes": 0}
    for round_ in range(rounds):
        for players, seed in GAMES[game_id]:
            hints = HINT_POSITIONS - total["hints"]
            counts = check_game(game_id, players, seed + 1000 * round_, hints)
            for key, value in counts.items():
                total[key] += value
    return total


#: game -> counts, filled by the property tests (printed with ``pytest -s``)
PAIRS_CHECKED: dict[str, dict[str, int]] = {}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_private_choice_changes_nothing_others_are_served(game_id: str) -> None:
    rounds = examples(1, long=20)
    counts = pairs_checked(game_id, rounds)
    PAIRS_CHECKED[game_id] = counts
    print(f"\n{game_id}: {counts}")
    assert counts["pairs"] >= MIN_PAIRS[game_id]
    assert counts["hints"] == HINT_POSITIONS


#: game -> the notation prefix of its private moves and their public notation
PRIVATE_KINDS = {
    "buy-low-sell-high": ("discard K", "discard ?"),
    "take-stock": ("exercise ", "exercise ?"),
    "night-market": ("hide T", "hide ?"),
}


def _last_to_exercise(state: State) -> bool:
    return state.view(None)["phase"] == "exercise" and not state._others_to_exercise()  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_exactly_the_private_moves_are_redacted(game_id: str) -> None:
    """Along random games: public notation differs from notation exactly for the game's
    private kind (Take Stock: except the last player to decide on exercising, who reveals
    every choice), and it is then the placeholder."""
    prefix, placeholder = PRIVATE_KINDS[game_id]
    redacted = 0
    for players, seed in GAMES[game_id]:
        state = get_game(game_id).new(players, seed)
        rng = Rng(seed + 100)
        while not state.is_over():
            last = game_id == "take-stock" and _last_to_exercise(state)
            for action in state.legal_actions():
                text, public = state.notation(action), state.public_notation(action)
                private = text.startswith(prefix) and not last
                assert public == (placeholder if private else text), (text, public)
                redacted += private
            state.apply(rng.choice(state.legal_actions()))
    assert redacted > 20


def test_night_market_hide_is_redacted_and_the_rest_is_not() -> None:
    state = get_game("night-market").new(3, 5)
    hides = state.legal_actions()
    assert [state.notation(a) for a in hides] == ["hide T0B", "hide T1A", "hide T1B", "hide T3B"]
    assert {state.public_notation(a) for a in hides} == {"hide ?"}


def test_take_stock_exercise_is_secret_until_the_last_decides() -> None:
    state = get_game("take-stock").new(3, 2)
    rng = Rng(2)
    seen: set[tuple[str, bool]] = set()
    while not state.is_over():
        for action in state.legal_actions():
            text = state.notation(action)
            if text.startswith("exercise"):
                seen.add((state.public_notation(action), state.public_notation(action) == text))
        state.apply(rng.choice(state.legal_actions()))
    assert ("exercise ?", False) in seen and any(
        p.startswith("exercise ") and same for p, same in seen if p != "exercise ?"
    )


def _night_market_record() -> GameRecord:
    """Night Market, three people: each seat in turn hides one customer."""
    match = Match.new(get_game("night-market"), 3, 5)
    for _ in range(3):
        match.play(match.state.legal_actions()[-1])
    return match.record


def test_engine_play_and_log_for_another_seat_are_redacted() -> None:
    record = _night_market_record()
    hidden = record.actions[0]
    engine = Engine()
    engine.handle(orjson.dumps({"cmd": "load", "record": {**record.to_json(), "actions": []}}))
    reply = engine.handle(orjson.dumps({"cmd": "play", "action": hidden, "seat": 1}))
    assert (reply["action"], reply["number"], reply["by"]) == ("hide ?", None, 0)
    assert reply["to_move"] == 1 and reply["legal"]  # seat 1 is to move: its own choices
    engine.handle(orjson.dumps({"cmd": "undo"}))
    reply = engine.handle(orjson.dumps({"cmd": "play", "action": hidden, "seat": 2}))
    assert reply["legal"] == []  # seat 1's choices would show seat 1's hand to seat 2
    engine.handle(orjson.dumps({"cmd": "undo"}))
    reply = engine.handle(orjson.dumps({"cmd": "play", "action": hidden, "seat": 0}))
    assert (reply["action"], reply["number"]) == (hidden, get_game("night-market").parse(hidden))
    full = engine.handle(orjson.dumps({"cmd": "play", "action": record.actions[1]}))
    assert full["action"] == record.actions[1] and full["legal"]  # the referee sees all
    engine.handle(orjson.dumps({"cmd": "play", "action": record.actions[2]}))
    for seat, expected in ((None, ["hide ?"] * 3), (1, ["hide ?", record.actions[1], "hide ?"])):
        log = engine.handle(orjson.dumps({"cmd": "log", "seat": seat}))["log"]
        assert [e["action"] for e in log] == expected
    referee = engine.handle(orjson.dumps({"cmd": "log"}))["log"]
    assert [e["action"] for e in referee] == record.actions


@pytest.mark.parametrize("seat", [None, 0, 1])
def test_cli_replay_redacts_other_seats_private_moves(seat: int | None) -> None:
    import io

    from rich.console import Console

    from bazaar.play.terminal import replay

    record = _night_market_record()
    out = io.StringIO()
    replay(record, seat, "en", step=False, console=Console(file=out, width=100))
    moves = [line.rsplit("· ", 1)[1] for line in out.getvalue().splitlines() if "Move " in line]
    assert moves == [
        text if mover == seat else "hide ?" for mover, text in enumerate(record.actions)
    ]
