"""Advice from the search: hints during a game and the analysis of a finished one.

Both run :class:`~bazaar.bots.ismcts.Ismcts` from one seat's point of view. The search only
ever looks at ``state.determinize(seat, rng)``, so a hint never uses the other players' hidden
cards, and a post-game analysis judges each move by what the seat could know at the time.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from bazaar.bots.ismcts import Ismcts, MoveStats, Policy
from bazaar.bots.levels import Level, level_settings, make_ismcts
from bazaar.core import describe
from bazaar.core.game import State
from bazaar.core.record import GameRecord
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


def move_sentence(
    state: State, action: int, win: float | None, score: float | None, lang: str, seat: int
) -> str:
    """A hint in words: "-K2 (get $15 → $65): about 42% to win, expected final money $81"
    ("賣出1張K2，得 $15 → $65：..." in zh-TW, which shows no notation)."""
    game_id = state.game.id
    words = describe.describe_action(game_id, action, lang, state.view(seat))
    notation = state.notation(action)
    if lang != "en" and words:  # a zh-TW hint names the move in words only (no notation)
        move = words
    else:
        move = f"{notation} ({words})" if words and words != notation else notation
    if win is None or score is None:
        return t("{move}: the only legal move", lang, move=move)
    label = describe.score_label(game_id, lang)
    return t(
        "{move}: about {pct}% to win, expected final {label} {score}",
        lang,
        move=move,
        pct=round(100 * win),
        label=label.lower() if lang == "en" else label,
        score=format_score(game_id, score),
    )


def _entry(state: State, m: MoveStats, seat: int) -> dict[str, Any]:
    searched = m.visits > 0
    win = m.win if searched else None
    score = m.score if searched else None
    return {
        "action": m.action,
        "notation": m.notation,
        "win": None if win is None else round(win, 4),
        "score": None if score is None else round(score, 2),
        "visits": m.visits,
        "text": {lang: move_sentence(state, m.action, win, score, lang, seat) for lang in LANGS},
    }


def hint(
    state: State,
    seat: int | None = None,
    level: Level = "medium",
    top: int = 3,
    seed: int = 0,
    jobs: int = 1,
) -> list[dict[str, Any]]:
    """The ``top`` moves a search at ``level`` finds for ``seat`` (the seat to move), best
    estimate first (:func:`by_estimate`).

    Each is ``{"action", "notation", "win", "score", "visits", "close", "text": {"en",
    "zh-TW"}}``: ``win`` is the estimated win probability, ``score`` the expected final score,
    ``close`` true for the moves within :data:`CLOSE_CALL` of the best (when two or more are).
    With a single legal move there is nothing to weigh: it comes back with ``visits`` 0 and
    ``win`` and ``score`` None. ``state`` is not changed.
    """
    mover = state.to_move()
    if mover is None:
        raise ValueError("the game is over: no move to hint")
    if seat is not None and seat != mover:
        raise ValueError(f"seat {seat} is not to move (seat {mover} is): hints are for the mover")
    bot = make_ismcts(level, state.game.id, seed, jobs)
    stats = by_estimate(bot.analyse(state))
    out = [_entry(state, m, mover) for m in stats[: max(1, top)]]
    best = out[0]["win"]
    for entry in out:
        entry["close"] = (
            len(out) > 1
            and best is not None
            and entry["win"] is not None
            and best - entry["win"] <= CLOSE_CALL
        )
    if len(out) > 1 and not out[1]["close"]:
        out[0]["close"] = False
    return out


#: hints whose win chances are at most this far from the best are "too close to call"
CLOSE_CALL = 0.03
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
) -> list[dict[str, Any]]:
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
    out: list[dict[str, Any]] = []
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
    "move_sentence",
]
