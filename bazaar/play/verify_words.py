"""What ``bazaar verify`` says: the verdict sentence and exit status, and the
``--commitment`` and ``--digest`` it compares with."""

from __future__ import annotations

from bazaar.core import deal
from bazaar.core.errors import BazaarError
from bazaar.i18n import N_, t
from bazaar.play.verify import Finding, Outcome, moves_checked, verdict

#: verdict -> (sentence, style, exit status)
VERDICTS = {
    Outcome.PASSED: (
        N_(
            "Verified: this is the deal the table committed to before the first move, and every "
            "move is legal."
        ),
        "bold green",
        0,
    ),
    Outcome.UNCHECKED: (
        N_(
            "Consistent, not verified against the table: give --commitment with the commitment "
            "the table showed."
        ),
        "bold yellow",
        1,
    ),
    Outcome.UNPROVEN: (
        N_("Not proven: the moves are legal, but nothing shows the deal was fair."),
        "bold yellow",
        1,
    ),
    Outcome.INCOMPLETE: (
        N_("Incomplete: the game in this record did not reach its end, so it is not verified."),
        "bold yellow",
        1,
    ),
    Outcome.FAILED: (N_("NOT verified: this record fails a check."), "bold red", 1),
}


#: the verdict when the table's game digest matched as well: the moves are the table's too
VERIFIED_GAME = N_(
    "Verified: this is the deal the table committed to before the first move, and these are "
    "the moves and final scores the table showed at the end."
)


def verdict_words(findings: list[Finding], lang: str) -> tuple[str, str, int]:
    """The verdict of ``findings`` in ``lang``, its style and the exit status."""
    outcome = verdict(findings)
    words, style, code = VERDICTS[outcome]
    if outcome is Outcome.PASSED and moves_checked(findings):
        words = VERIFIED_GAME
    return t(words, lang), style, code


#: option -> what its error says it must be
FORMATS = {
    "commitment": N_(
        "--commitment must be 64 hex digits (the SHA-256 the table showed), not {given}"
    ),
    "digest": N_(
        "--digest must be 64 hex digits (the game digest the table page showed at the end), "
        "not {given}"
    ),
}


def table_hex(raw: str | None, option: str) -> str | None:
    """``--commitment`` or ``--digest`` (``option``) as 64 lowercase hex digits (None: not
    given); BazaarError if not."""
    if raw is None:
        return None
    text = raw.strip().lower()
    if not deal.DIGEST.fullmatch(text):
        raise BazaarError.of(FORMATS[option], option, given=repr(raw[:80]))
    return text
