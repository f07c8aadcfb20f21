"""Advice from the search: hints during a game and the analysis of a finished one.

Both run :class:`~bazaar.bots.ismcts.Ismcts` from one seat's point of view. The search only
ever looks at ``state.determinize(seat, rng)``, so a hint never uses the other players' hidden
cards, and a post-game analysis judges each move by what the seat could know at the time.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection
from typing import Any

from bazaar.bots.ismcts import Ismcts, MoveStats, Policy
from bazaar.bots.levels import Level, level_settings, make_ismcts
from bazaar.bots.shapes import Decision, HintMove, MoveChange
from bazaar.core import describe
from bazaar.core.game import State
from bazaar.core.parts import Fact
from bazaar.core.record import GameRecord
from bazaar.core.registry import game_parts
from bazaar.core.rng import Rng
from bazaar.i18n import LANGS, N_, t

#: The level names in words (for the catalog); a custom settings dict is "custom".
LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}

#: ``progress(done, total)`` is called as an analysis goes.
Progress = Callable[[int, int], None]


def level_label(level: Level, lang: str = "en") -> str:
    """A level in words ("hard" / "困難"); a settings dict is "custom"."""
    if isinstance(level, str):
        name = level.strip().lower()
        return t(LEVEL_WORDS[name], lang) if name in LEVEL_WORDS else level
    return t("custom", lang)


def format_score(game_id: str, score: float) -> str:
    """A final score as the game shows it: "$85" for money games, "12" for points."""
    return describe.format_score(game_id, score)


def move_words(state: State, action: int, lang: str, seat: int) -> str:
    """A move as a hint names it: "notation (words)" in English; in zh-TW, and for a game whose
    notation is for typing only (Buy Low Sell High: "sell 1 purple: get $15 → $65"), in words
    only (:func:`describe.move_in_words`)."""
    game_id = state.game.id
    words = describe.describe_action(game_id, action, lang, state.view(seat))
    # a zh-TW hint names the move in words only (no notation), and so does English for a game
    # whose notation is for typing only
    return describe.move_in_words(game_id, state.notation(action), words, lang)


def move_sentence(
    state: State,
    action: int,
    win: float | None,
    score: float | None,
    lang: str,
    seat: int,
    margin: float | None = None,
) -> str:
    """A hint in words: "sell 1 purple: get $15 → $65: about 42% (±6) to win, expected final money
    $81" ("賣出1張紫色股票：收 $15 → $65：..." in zh-TW); without
    ``margin`` the "(±6)" is left out."""
    game_id = state.game.id
    move = move_words(state, action, lang, seat)
    if win is None or score is None:
        return t("{move}: the only legal move", lang, move=move)
    label = describe.score_label(game_id, lang)
    fields = {
        "move": move,
        "pct": round(100 * win),
        "label": label.lower() if lang == "en" else label,
        "score": format_score(game_id, score),
    }
    if margin is None:
        return t("{move}: about {pct}% to win, expected final {label} {score}", lang, **fields)
    return t(
        "{move}: about {pct}% (±{margin}) to win, expected final {label} {score}",
        lang,
        margin=max(1, round(100 * margin)),
        **fields,
    )


#: z of a two-sided 95% interval
Z95 = 1.96


def wilson(win: float, visits: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a win chance estimated from ``visits`` playouts
    (win shares in [0, 1]); (0, 1) for none."""
    if visits <= 0:
        return 0.0, 1.0
    n = visits
    centre = (win + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(win * (1 - win) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


#: how many determinizations a hint applies each move to, to find what it surely changes
CHANGE_SAMPLES = 6


def move_changes(state: State, seat: int, action: int, seed: int) -> list[MoveChange]:
    """What ``action`` changes that ``seat`` can know: the game's change facts
    (``GameParts.changes``) found alike in :data:`CHANGE_SAMPLES` determinizations of the
    seat's information set, each ``{"data": [...], "text": {"en", "zh-TW"}}``."""
    teach = game_parts(state.game.id).changes
    if teach is None:
        return []
    rng = Rng(seed)
    common: list[Fact] | None = None
    for _ in range(CHANGE_SAMPLES):
        world = state.determinize(seat, rng)
        before = world.view(seat)
        world.apply_unchecked(action)
        found = teach.facts(before, world.view(seat), seat)
        common = found if common is None else [f for f in common if f in found]
        if not common:
            return []
    return [
        {"data": list(f), "text": {lang: teach.words(f, lang) for lang in LANGS}}
        for f in common or []
    ]


def _entry(state: State, m: MoveStats, seat: int, seed: int) -> HintMove:
    searched = m.visits > 0
    win = m.win if searched else None
    score = m.score if searched else None
    low, high = wilson(m.win, m.visits) if searched else (None, None)
    margin = None if low is None or high is None else (high - low) / 2
    return {
        "action": m.action,
        "notation": m.notation,
        "win": None if win is None else round(win, 4),
        "win_low": None if low is None else round(low, 4),
        "win_high": None if high is None else round(high, 4),
        "margin": None if margin is None else round(margin, 4),
        "score": None if score is None else round(score, 2),
        "visits": m.visits,
        "move": {lang: move_words(state, m.action, lang, seat) for lang in LANGS},
        "text": {
            lang: move_sentence(state, m.action, win, score, lang, seat, margin) for lang in LANGS
        },
        "changes": move_changes(state, seat, m.action, seed),
    }


#: a hint searches at most this many rounds after the level's own search, each on half the
#: level's budget, while the best move's interval still overlaps another's
HINT_ROUNDS = 6
#: and starts no round once its searches have taken this long (milliseconds): with the
#: medium level (400 ms, rounds of 200 ms) a hint takes at most about 1.6 s on one core
HINT_MILLIS = 1400.0


def _separated(ranked: list[MoveStats]) -> bool:
    """Whether the best move's interval lies above the second best's."""
    if len(ranked) < 2:
        return True
    return wilson(ranked[1].win, ranked[1].visits)[1] < wilson(ranked[0].win, ranked[0].visits)[0]


def _contenders(ranked: list[MoveStats]) -> frozenset[int]:
    """The best move and every move whose interval reaches the best one's."""
    low = wilson(ranked[0].win, ranked[0].visits)[0]
    return frozenset(
        [ranked[0].action] + [m.action for m in ranked[1:] if wilson(m.win, m.visits)[1] >= low]
    )


def search_rounds(state: State, bot: Ismcts) -> list[MoveStats]:
    """The level's search, then up to :data:`HINT_ROUNDS` more on the contenders only, until
    the best move's interval separates from the others' (or the budget runs out); the
    rounds' root statistics are added together. Deterministic for an iteration budget."""
    began = time.perf_counter()
    first = bot.analyse(state)
    legal = set(state.legal_actions())
    if len(first) < 2 or first[0].visits == 0:
        return first
    totals = {m.action: [m.visits, m.win * m.visits, m.score * m.visits] for m in first}
    ranked = by_estimate(first)
    half = Ismcts(
        iterations=None if bot.iterations is None else max(1, bot.iterations // 2),
        millis=None if bot.millis is None else bot.millis / 2,
        exploration=bot.exploration,
        score_weight=bot.score_weight,
        rollout=bot.rollout,
        rollout_depth=bot.rollout_depth,
        widening=bot.widening,
        ranker=bot.ranker,
    )
    for _ in range(HINT_ROUNDS):
        if _separated(ranked):
            break
        if bot.millis is not None and 1000 * (time.perf_counter() - began) > HINT_MILLIS:
            break
        part = half._search(state, bot.rng.next64(), _contenders(ranked))
        for a, (visits, win, score) in part.items():
            if a in legal:
                tv = totals.setdefault(a, [0, 0.0, 0.0])
                tv[0] += visits
                tv[1] += win
                tv[2] += score
        ranked = by_estimate(
            [
                MoveStats(a, state.notation(a), int(v), w / v, sc / v)
                for a, (v, w, sc) in totals.items()
                if v > 0
            ]
        )
    return ranked


def hint(
    state: State,
    seat: int | None = None,
    level: Level = "medium",
    top: int = 3,
    seed: int = 0,
    jobs: int = 1,
) -> list[HintMove]:
    """The ``top`` moves a search at ``level`` finds for ``seat`` (the seat to move), best
    estimate first (:func:`by_estimate`), after enough search (:func:`search_rounds`).

    Each is ``{"action", "notation", "win", "win_low", "win_high", "margin", "score",
    "visits", "close", "move", "text", "changes"}``: ``win`` is the estimated win probability
    with its 95% Wilson interval ``[win_low, win_high]`` over the move's playouts (``margin``
    is half its width), ``score`` the expected final score, ``close`` true for the moves whose
    interval overlaps the best one's, and the best one when any does (too close to call);
    ``move`` and ``text`` are ``{"en", "zh-TW"}`` (the move in words; the whole hint in a
    sentence) and ``changes`` what the move surely changes (:func:`move_changes`). With a
    single legal move there is nothing to weigh: it comes back with ``visits`` 0 and ``win``,
    its interval and ``score`` None. ``state`` is not changed.
    """
    mover = state.to_move()
    if mover is None:
        raise ValueError("the game is over: no move to hint")
    if seat is not None and seat != mover:
        raise ValueError(f"seat {seat} is not to move (seat {mover} is): hints are for the mover")
    bot = make_ismcts(level, state.game.id, seed, jobs)
    stats = search_rounds(state, bot)
    change_seed = bot.rng.next64()
    out = [_entry(state, m, mover, change_seed) for m in stats[: max(1, top)]]
    best = out[0]
    for entry in out[1:]:
        entry["close"] = (
            best["win_low"] is not None
            and entry["win_high"] is not None
            and entry["win_high"] >= best["win_low"]
        )
    best["close"] = any(entry["close"] for entry in out[1:])
    return out


def ranking_violations(moves: list[HintMove]) -> int:
    """How many of ``moves`` (a :func:`hint` reply) estimate a higher win chance than the top
    move by more than the top move's stated uncertainty (above its ``win_high``): 0 when the
    ranking agrees with the intervals it shows."""
    top = moves[0]["win_high"] if moves else None
    if top is None:
        return 0
    return sum(1 for m in moves[1:] if m["win"] is not None and m["win"] > top + 1e-9)


#: a move searched at least this share of the most searched move's visits is ranked by its
#: estimate; a less searched one comes after them (its estimate rests on too few games)
SOLID_SHARE = 0.25


def by_estimate(stats: list[MoveStats]) -> list[MoveStats]:
    """The searched moves best estimate first (win chance, then expected score), among those
    searched enough (:data:`SOLID_SHARE`); the others follow, most searched first."""
    if not stats:
        return stats
    most = max(m.visits for m in stats)
    solid = [m for m in stats if m.visits >= SOLID_SHARE * most]
    rest = [m for m in stats if m.visits < SOLID_SHARE * most]
    solid.sort(key=lambda m: (-m.win, -m.score, m.action))
    rest.sort(key=lambda m: (-m.visits, -m.win, m.action))
    return solid + rest


# ---------------------------------------------------------------------- post-game analysis
class _Only:
    """A root state whose search may start only with ``actions`` (to weigh one move).

    It looks like a :class:`State` to :class:`Ismcts`: ``determinize`` gives a
    :class:`_FirstOnly` wrapper whose first move is restricted, then plays like the real state.
    """

    def __init__(self, state: State, actions: list[int]) -> None:
        self.state = state
        self.game = state.game
        self.actions = sorted(set(actions))

    def to_move(self) -> int | None:
        return self.state.to_move()

    def legal_actions(self) -> list[int]:
        return list(self.actions)

    def notation(self, action: int) -> str:
        return self.state.notation(action)

    def determinize(self, seat: int, rng: Rng) -> _FirstOnly:
        return _FirstOnly(self.state.determinize(seat, rng), self.actions)


class _FirstOnly:
    __slots__ = ("inner", "only")

    def __init__(self, inner: State, only: list[int] | None) -> None:
        self.inner = inner
        self.only = only

    def to_move(self) -> int | None:
        return self.inner.to_move()

    def is_over(self) -> bool:
        return self.inner.is_over()

    def legal_actions(self) -> list[int]:
        legal = self.inner.legal_actions()
        if self.only is None:
            return legal
        kept = [a for a in legal if a in self.only]
        return kept or legal

    def apply_unchecked(self, action: int) -> None:
        self.only = None
        self.inner.apply_unchecked(action)

    def returns(self) -> list[float]:
        return self.inner.returns()

    def scores(self) -> list[float]:
        return self.inner.scores()


class _Unwrapped:
    """The level's rollout policy, given the real state inside a :class:`_FirstOnly`."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def __call__(self, state: Any, rng: Rng) -> int:
        return self.policy(state.inner if isinstance(state, _FirstOnly) else state, rng)


def _weigh(bot: Ismcts, state: State, action: int) -> MoveStats:
    """Search ``state`` with ``action`` forced as the first move, on half of ``bot``'s budget."""
    search = Ismcts(
        iterations=None if bot.iterations is None else max(1, bot.iterations // 2),
        millis=None if bot.millis is None else bot.millis / 2,
        exploration=bot.exploration,
        score_weight=bot.score_weight,
        rollout=_Unwrapped(bot.rollout),
    )
    totals = search._search(_Only(state, [action]), bot.rng.next64())  # type: ignore[arg-type]
    visits, win, score = totals[action]
    return MoveStats(action, state.notation(action), visits, win / visits, score / visits)


def decisions(record: GameRecord, seat: int) -> list[tuple[int, State, int]]:
    """(move number from 1, state before the move, action played) of each real choice of
    ``seat``: decisions with a single legal action are left out."""
    if not 0 <= seat < record.players:
        raise ValueError(f"seat must be from 0 to {record.players - 1}, not {seat}")
    found = []
    states = record.states()
    state, _, _ = next(states)
    for i, text in enumerate(record.actions, 1):
        if state.to_move() == seat and len(state.legal_actions()) > 1:
            before = state.clone()
            found.append((i, before, before.parse(text)))
        state, _, _ = next(states)
    return found


def analyse_record(
    record: GameRecord,
    seat: int,
    level: Level = "easy",
    seed: int = 0,
    progress: Progress | None = None,
    jobs: int = 1,
    only: Collection[int] | None = None,
) -> list[Decision]:
    """Judge every decision of ``seat`` in ``record`` (with ``only``: those of these move
    numbers); the biggest mistakes first.

    Each entry: ``index`` (move number, from 1), ``played`` and ``best`` (notation), ``loss``
    (estimated win probability of the best move minus that of the played one, ≥ 0),
    ``win_played``, ``win_best``, ``score_played``, ``score_best``, ``visits_played``,
    ``visits_best`` and ``legal`` (how many moves there were). A played move the search left
    nearly unvisited is weighed again: a search with it forced as the first move against one
    with the best move forced, each on half the level's budget.
    """
    level_settings(level)
    found = decisions(record, seat)
    if only is not None:
        found = [d for d in found if d[0] in only]
    total = len(found)
    if progress:
        progress(0, total)
    bot: Ismcts | None = None
    out: list[Decision] = []
    for done, (index, state, played) in enumerate(found, 1):
        if bot is None:
            bot = make_ismcts(level, state.game.id, seed, jobs)
        stats = {m.action: m for m in bot.analyse(state)}
        ranked = sorted(stats.values(), key=lambda m: (-m.visits, -m.win, m.action))
        best = ranked[0]
        mine = stats.get(played)
        enough = max(20, best.visits // 5)
        if played != best.action and (mine is None or mine.visits < enough):
            best, mine = _weigh(bot, state, best.action), _weigh(bot, state, played)
            if mine.win >= best.win:
                best = mine
        if mine is None:  # unreachable: the played move was legal
            raise AssertionError(f"move {index} ({state.notation(played)}) was not searched")
        if played == best.action:
            mine = best
        out.append(
            {
                "index": index,
                "played": state.notation(played),
                "best": best.notation,
                "loss": round(max(0.0, best.win - mine.win), 4),
                "win_played": round(mine.win, 4),
                "win_best": round(best.win, 4),
                "score_played": round(mine.score, 2),
                "score_best": round(best.score, 2),
                "visits_played": mine.visits,
                "visits_best": best.visits,
                "legal": len(state.legal_actions()),
            }
        )
        if progress:
            progress(done, total)
    out.sort(key=lambda e: (-e["loss"], e["index"]))
    return out


__all__ = [
    "LEVEL_WORDS",
    "analyse_record",
    "decisions",
    "format_score",
    "hint",
    "level_label",
    "move_changes",
    "move_sentence",
    "move_words",
    "ranking_violations",
    "search_rounds",
    "wilson",
]
