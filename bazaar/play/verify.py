"""Check a game record: every action legal, the final scores, the deal's commitment.

:func:`verify_record` returns findings (English message ids with their fields, so the CLI
can say them in either language) and :func:`verdict` sums them up. A record proves a fair
deal when its game is over, its moves replay, its scores (if recorded) match, SHA-256 of its
deal is its commitment (see :mod:`bazaar.core.deal`) and that commitment is the one the table
showed. The commitment fixes the deal before the first move, not the moves played after it:
the game digest the table shows at the end does, so a record whose digest (worked out here,
never read from the record) is the one the table showed has the table's moves and scores.
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
    #: the game did not reach its end: the record proves no result
    INCOMPLETE = "incomplete"
    #: consistent in itself, but not compared with the commitment the table showed
    UNCHECKED = "unchecked"
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
        Outcome.INCOMPLETE, N_("All {n} moves are legal, but the game is not over."), {"n": moves}
    )


def _scores(record: GameRecord, state: State) -> Finding | None:
    if record.scores is None:
        return None
    if not state.is_over():
        return Finding(
            Outcome.INCOMPLETE, N_("The record has final scores, but the game is not over.")
        )
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


COVERS_V2 = N_(
    "SHA-256 of the deal (game, players, options, seed, salt and who chose the seed) is the "
    "commitment {commitment}."
)
COVERS_V1 = N_("SHA-256 of the seed and the salt is the commitment {commitment}.")
V1_NOTE = N_(
    "This is a v1 commitment: it covers the seed and the salt, not the game, the players, "
    "the options or who chose the seed."
)
RELABELLED_DRAWN = N_(
    "The record says the server drew the seed, but the commitment is to a seed the table's "
    "creator chose."
)
RELABELLED_FIXED = N_(
    "The record says the table's creator chose the seed, but the commitment is to a seed the "
    "server drew."
)
MISMATCH = N_(
    "SHA-256 of the deal is {actual}, not the commitment {commitment}: the game, players, "
    "options, seed or salt is not the one committed to."
)

#: what no commitment made before the first move can prove (docs/web.md, "Fair deals")
MOVES_NOT_COVERED = N_(
    "The moves were not checked against the table: the commitment fixes the deal, not the "
    "moves, so other legal moves on this deal, with scores to match, would pass as well. To "
    "check them, give --digest with the game digest the table page shows once the game is over."
)
DIGEST_MATCH = N_(
    "The game digest {digest} is the one the table showed: these are the moves and the final "
    "scores the table played."
)
DIGEST_MISMATCH = N_(
    "The record's game digest is {actual}, not the one the table showed ({digest}): its moves "
    "or final scores are not the ones that table played."
)
DIGEST_INCOMPLETE = N_(
    "The game digest was not compared: the table shows it only once the game is over, and "
    "this game is not."
)
DIGEST_NO_COMMITMENT = N_(
    "The record has no commitment, so it cannot have the table's game digest {digest}."
)


def deal_commitment(record: GameRecord, fixed: bool | None = None) -> str:
    """The v2 commitment of the deal ``record`` names (``fixed``: instead of its own)."""
    chosen = record.fixed_seed if fixed is None else fixed
    salt = record.salt or ""
    return deal.commit(record.game, record.players, record.options, record.seed, salt, chosen)


def _commitment(record: GameRecord) -> list[Finding]:
    if record.commitment is None:
        return [
            Finding(
                Outcome.UNPROVEN,
                N_(
                    "The record has no commitment, so it cannot prove that the deal was fixed "
                    "before the game began."
                ),
            )
        ]
    if record.salt is None:
        return [
            Finding(
                Outcome.FAILED,
                N_("The record has a commitment but no salt, so it cannot be checked."),
            )
        ]
    if not 0 <= record.seed < deal.SEED_LIMIT:
        return [
            Finding(
                Outcome.FAILED,
                N_("The seed {seed} is not a 64-bit seed (0 to {top})."),
                {"seed": record.seed, "top": deal.SEED_LIMIT - 1},
            )
        ]
    shown = {"commitment": record.commitment}
    if deal_commitment(record) == record.commitment:
        return [Finding(Outcome.PASSED, COVERS_V2, shown)]
    if deal.commit_v1(record.seed, record.salt) == record.commitment:
        return [Finding(Outcome.PASSED, COVERS_V1, shown), Finding(Outcome.NOTE, V1_NOTE)]
    if not record.fixed_seed and deal_commitment(record, True) == record.commitment:
        return [Finding(Outcome.FAILED, RELABELLED_DRAWN)]
    if record.fixed_seed and deal_commitment(record, False) == record.commitment:
        return [Finding(Outcome.FAILED, RELABELLED_FIXED)]
    return [Finding(Outcome.FAILED, MISMATCH, {**shown, "actual": deal_commitment(record)})]


def _table(record: GameRecord, table: str | None) -> Finding | None:
    """How the record's commitment compares with the one the table showed (``table``)."""
    if table is None:
        if record.commitment is None:
            return None
        return Finding(
            Outcome.UNCHECKED,
            N_(
                "The commitment was not compared with the one the table showed "
                "(give it with --commitment)."
            ),
        )
    if record.commitment is None:
        return Finding(
            Outcome.FAILED,
            N_("The record has no commitment to compare with the table's {table}."),
            {"table": table},
        )
    if record.commitment == table:
        return Finding(Outcome.PASSED, N_("The record's commitment is the one the table showed."))
    return Finding(
        Outcome.FAILED,
        N_(
            "The record's commitment {commitment} is not the one the table showed ({table}): "
            "this is not that table's deal."
        ),
        {"commitment": record.commitment, "table": table},
    )


def record_digest(record: GameRecord, state: State) -> str | None:
    """The game digest of ``record`` worked out from its commitment, its moves and the final
    scores of ``state`` (its replay); None without a commitment or before the end."""
    if record.commitment is None or not state.is_over():
        return None
    return deal.game_digest(record.commitment, record.actions, state.scores())


def _digest(record: GameRecord, state: State | None, digest: str | None) -> Finding | None:
    """How the record's game digest compares with the one the table showed (``digest``)."""
    if digest is None or state is None:  # not given, or the moves do not replay (failed)
        return None
    if record.commitment is None:
        return Finding(Outcome.FAILED, DIGEST_NO_COMMITMENT, {"digest": digest})
    actual = record_digest(record, state)
    if actual is None:
        return Finding(Outcome.INCOMPLETE, DIGEST_INCOMPLETE)
    if actual == digest:
        return Finding(Outcome.PASSED, DIGEST_MATCH, {"digest": digest})
    return Finding(Outcome.FAILED, DIGEST_MISMATCH, {"digest": digest, "actual": actual})


def verify_record(
    record: GameRecord, table: str | None = None, digest: str | None = None
) -> list[Finding]:
    """Every check of ``record``, in order (replay, scores, commitment, table, digest, notes).

    ``table``: the commitment the table showed; ``digest``: the game digest the table showed
    once the game was over (None: not known, so not compared). A digest inside the record,
    if any, is never read: a forger would write their own.
    """
    state, replayed = _replay(record)
    findings = [replayed]
    if state is not None and (scores := _scores(record, state)) is not None:
        findings.append(scores)
    findings.extend(_commitment(record))
    if (against := _table(record, table)) is not None:
        findings.append(against)
    if (moves := _digest(record, state, digest)) is not None:
        findings.append(moves)
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
    checked = moves is not None and moves.outcome is Outcome.PASSED
    passed = verdict(findings) in (Outcome.PASSED, Outcome.UNCHECKED)
    if record.commitment is not None and passed and not checked:
        findings.append(Finding(Outcome.NOTE, MOVES_NOT_COVERED))
    return findings


def moves_checked(findings: list[Finding]) -> bool:
    """Whether ``findings`` include the table's game digest matching (moves and scores)."""
    return any(f.outcome is Outcome.PASSED and f.message == DIGEST_MATCH for f in findings)


def verdict(findings: list[Finding]) -> Outcome:
    """The worst outcome found: FAILED, INCOMPLETE, UNPROVEN, UNCHECKED, else PASSED."""
    outcomes = {f.outcome for f in findings}
    for worst in (Outcome.FAILED, Outcome.INCOMPLETE, Outcome.UNPROVEN, Outcome.UNCHECKED):
        if worst in outcomes:
            return worst
    return Outcome.PASSED
