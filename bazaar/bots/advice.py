"""Advice in words: hints during a game and the judged decisions of a finished one.

Both ask the one estimator (:mod:`bazaar.bots.estimator`) from one seat's point of view: it
only ever looks at ``state.determinize(seat, rng)`` and the seat's own features, so a hint
never uses the other players' hidden cards, and a post-game analysis judges each move by what
the seat could know at the time, with the same numbers the hint gave then.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from bazaar.bots.estimator import SAMPLES, TIE, MoveValue, view_seed, weigh_moves
from bazaar.bots.levels import Level, level_settings
from bazaar.bots.shapes import Decision, HintMove, MoveChange
from bazaar.bots.why import why
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


#: how many determinizations a hint applies each move to, to find what it surely changes
CHANGE_SAMPLES = 6


def move_changes(state: State, seat: int, action: int, seed: int | None = None) -> list[MoveChange]:
    """What ``action`` changes that ``seat`` can know: the game's change facts
    (``GameParts.changes``) found alike in :data:`CHANGE_SAMPLES` determinizations of the
    seat's information set, each ``{"data": [...], "text": {"en", "zh-TW"}}``. The
    determinizations come from ``seed``, or from the seat's view when None (the same facts
    for the same position)."""
    teach = game_parts(state.game.id).changes
    if teach is None:
        return []
    rng = Rng(view_seed(state, seat) if seed is None else seed)
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


def _entry(state: State, m: MoveValue, seat: int, seed: int | None, alone: bool) -> HintMove:
    margin = (m.win_high - m.win_low) / 2
    return {
        "action": m.action,
        "notation": m.notation,
        "win": m.win,
        "win_low": m.win_low,
        "win_high": m.win_high,
        "margin": round(margin, 4),
        "score": m.score,
        "visits": m.samples,
        "close": m.close,
        "move": {lang: move_words(state, m.action, lang, seat) for lang in LANGS},
        "text": {
            lang: move_sentence(
                state, m.action, None if alone else m.win, m.score, lang, seat, margin
            )
            for lang in LANGS
        },
        "changes": move_changes(state, seat, m.action, seed),
    }


def samples_of(level: Level) -> int:
    """Determinizations per move for a hint or an analysis at ``level``: its ``samples``
    (:data:`bazaar.bots.estimator.SAMPLES`; a settings dict without them: the easy level's).
    Raises UnknownLevel."""
    return int(level_settings(level).get("samples", SAMPLES["easy"]))


def hint(
    state: State,
    seat: int | None = None,
    level: Level = "medium",
    top: int = 3,
    seed: int | None = None,
) -> list[HintMove]:
    """The ``top`` moves for ``seat`` (the seat to move), best first, as the estimator weighs
    them (:func:`bazaar.bots.estimator.weigh_moves`, with the level's samples).

    Each is ``{"action", "notation", "win", "win_low", "win_high", "margin", "score",
    "visits", "close", "move", "text", "changes"}``: ``win`` is the mover's win chance after
    the move with its 95% interval ``[win_low, win_high]`` over the determinizations
    (``visits`` of them; ``margin`` is half the interval's width), ``score`` the expected final
    score, ``close`` true for a move whose difference from the best move's win chance is within
    its 95% interval, and for the best one when any is (too close to call); ``move`` and
    ``text`` are ``{"en", "zh-TW"}`` (the move in words; the whole hint in a sentence) and
    ``changes`` what the move surely changes (:func:`move_changes`); the best move's ``why``
    says in a sentence why it beats the next best (:func:`bazaar.bots.why.why`). The only legal
    move still gets its numbers; its ``text`` says it is the only one. ``seed`` None (the
    default) draws the determinizations from the seat's view: one position, one answer.
    ``state`` is not changed.
    """
    mover = state.to_move()
    if mover is None:
        raise ValueError("the game is over: no move to hint")
    if seat is not None and seat != mover:
        raise ValueError(f"seat {seat} is not to move (seat {mover} is): hints are for the mover")
    moves = weigh_moves(state, mover, samples_of(level), seed)
    alone = len(moves) == 1
    entries = [_entry(state, m, mover, seed, alone) for m in moves[: max(1, top)]]
    entries[0]["why"] = why(state, mover, moves, entries[0]["changes"], seed)
    return entries


def ranking_violations(moves: list[HintMove]) -> int:
    """How many of ``moves`` (a :func:`hint` reply) estimate a higher win chance than the top
    move by more than the top move's stated uncertainty (above its ``win_high``) and more than
    a tie (:data:`~bazaar.bots.estimator.TIE`: ties are ranked by expected score): 0 when the
    ranking agrees with the intervals it shows."""
    top = moves[0]["win_high"] if moves else None
    if top is None:
        return 0
    return sum(1 for m in moves[1:] if m["win"] is not None and m["win"] > top + TIE)


# ---------------------------------------------------------------------- post-game analysis
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
    progress: Progress | None = None,
    only: Collection[int] | None = None,
) -> list[Decision]:
    """Judge every decision of ``seat`` in ``record`` (with ``only``: those of these move
    numbers) as a hint would have weighed it then (:func:`weigh_moves` at the level's
    samples, from what the seat could see); the biggest mistakes first.

    Each entry: ``index`` (move number, from 1), ``played`` and ``best`` (notation), ``loss``
    (the best move's win chance minus the played one's, ≥ 0), ``win_played``, ``win_best``,
    ``score_played``, ``score_best``, ``visits_played``, ``visits_best`` (the samples) and
    ``legal`` (how many moves there were).
    """
    samples = samples_of(level)
    found = decisions(record, seat)
    if only is not None:
        found = [d for d in found if d[0] in only]
    total = len(found)
    if progress:
        progress(0, total)
    out: list[Decision] = []
    for done, (index, state, played) in enumerate(found, 1):
        moves = weigh_moves(state, seat, samples)
        best = moves[0]
        mine = next(m for m in moves if m.action == played)
        out.append(
            {
                "index": index,
                "played": state.notation(played),
                "best": best.notation,
                "loss": round(max(0.0, best.win - mine.win), 4),
                "win_played": mine.win,
                "win_best": best.win,
                "score_played": mine.score,
                "score_best": best.score,
                "visits_played": mine.samples,
                "visits_best": best.samples,
                "legal": len(moves),
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
    "samples_of",
]
