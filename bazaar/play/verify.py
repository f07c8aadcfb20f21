"""Check a game record: every action legal, the final scores, the deal's commitment.

:func:`verify_record` returns findings (English message ids with their fields, so the CLI
can say them in either language) and :func:`verdict` sums them up. A record proves a fair
deal when its moves replay, its scores (if recorded) match, and SHA-256 of its seed and salt
is its commitment (see :mod:`bazaar.core.deal`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from bazaar.core import deal
from bazaar.core.errors import BazaarError
from bazaar.core.game import State
from bazaar.core.record import GameRecord
from bazaar.core.registry import get_game
from bazaar.i18n import N_


class Outcome(Enum):
    PASSED = "passed"
    FAILED = "failed"
    #: nothing wrong was found, but the record cannot prove this part
    UNPROVEN = "unproven"
    #: worth knowing, neither good nor bad
    NOTE = "note"


@dataclass
class Finding:
    """One check's result: an English message id and the fields it names."""

    outcome: Outcome
    message: str
    fields: dict[str, Any] = field(default_factory=dict)


def _replay(record: GameRecord) -> tuple[State | None, Finding]:
    """The final state (None if the game does not replay) and what the replay found."""
    try:
        state = get_game(record.game).new(record.players, record.seed, record.options)
    except BazaarError as exc:
        return None, Finding(
            Outcome.FAILED, N_("The game cannot start: {reason}"), {"reason": exc.message}
        )
    for number, text in enumerate(record.actions, start=1):
        try:
            state.apply(state.parse(text))
        except BazaarError as exc:
            return None, Finding(
                Outcome.FAILED,
                N_("Move {n} ({move}) is not legal: {reason}"),
                {"n": number, "move": text, "reason": exc.message},
            )
    moves = len(record.actions)
    if state.is_over():
        return state, Finding(
            Outcome.PASSED, N_("All {n} moves are legal and the game is over."), {"n": moves}
        )
    return state, Finding(
        Outcome.PASSED, N_("All {n} moves are legal; the game is not over yet."), {"n": moves}
    )


def _scores(record: GameRecord, state: State) -> Finding | None:
    if record.scores is None:
        return None
    if not state.is_over():
        return Finding(Outcome.FAILED, N_("The record has final scores, but the game is not over."))
    replayed = state.scores()
    shown = {"recorded": _numbers(record.scores), "replayed": _numbers(replayed)}
    if list(record.scores) == list(replayed):
        return Finding(Outcome.PASSED, N_("The final scores match: {replayed}."), shown)
    return Finding(
        Outcome.FAILED,
        N_("The recorded scores {recorded} differ from the replay's {replayed}."),
        shown,
    )


def _numbers(values: list[float]) -> str:
    return ", ".join(str(int(v)) if float(v).is_integer() else str(v) for v in values)


def _commitment(record: GameRecord) -> Finding:
    if record.commitment is None:
        return Finding(
            Outcome.UNPROVEN,
            N_(
                "The record has no commitment, so it cannot prove that the deal was fixed "
                "before the game began."
            ),
        )
    if record.salt is None:
        return Finding(
            Outcome.FAILED, N_("The record has a commitment but no salt, so it cannot be checked.")
        )
    if not 0 <= record.seed < deal.SEED_LIMIT:
        return Finding(
            Outcome.FAILED,
            N_("The seed {seed} is not a 64-bit seed (0 to {top})."),
            {"seed": record.seed, "top": deal.SEED_LIMIT - 1},
        )
    actual = deal.commit(record.seed, record.salt)
    if actual == record.commitment:
        return Finding(
            Outcome.PASSED,
            N_("SHA-256 of the seed and the salt is the commitment {commitment}."),
            {"commitment": record.commitment},
        )
    return Finding(
        Outcome.FAILED,
        N_(
            "SHA-256 of the seed and the salt is {actual}, not the commitment {commitment}: "
            "the seed or the salt is not the one committed to."
        ),
        {"actual": actual, "commitment": record.commitment},
    )


def verify_record(record: GameRecord) -> list[Finding]:
    """Every check of ``record``, in order (replay, scores, commitment, notes)."""
    state, replayed = _replay(record)
    findings = [replayed]
    if state is not None and (scores := _scores(record, state)) is not None:
        findings.append(scores)
    findings.append(_commitment(record))
    if record.fixed_seed:
        findings.append(
            Finding(
                Outcome.NOTE,
                N_(
                    "The table's creator chose this seed (a fixed deal), and every seat was "
                    "shown it before the first move."
                ),
            )
        )
    return findings


def verdict(findings: list[Finding]) -> Outcome:
    """FAILED if any check failed, else UNPROVEN if any could not be proven, else PASSED."""
    outcomes = {f.outcome for f in findings}
    for worst in (Outcome.FAILED, Outcome.UNPROVEN):
        if worst in outcomes:
            return worst
    return Outcome.PASSED
