"""What ``bazaar verify`` says: the verdict sentence and exit status, and the
``--commitment`` it compares with."""

from __future__ import annotations

from bazaar.core import deal
from bazaar.core.errors import BazaarError
from bazaar.i18n import N_, t
from bazaar.play.verify import Finding, Outcome, verdict

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


def verdict_words(findings: list[Finding], lang: str) -> tuple[str, str, int]:
    """The verdict of ``findings`` in ``lang``, its style and the exit status."""
    words, style, code = VERDICTS[verdict(findings)]
    return t(words, lang), style, code


def table_commitment(raw: str | None) -> str | None:
    """``--commitment`` as 64 lowercase hex digits (None: not given); BazaarError if not."""
    if raw is None:
        return None
    text = raw.strip().lower()
    if not deal.DIGEST.fullmatch(text):
        raise BazaarError.of(
            N_("--commitment must be 64 hex digits (the SHA-256 the table showed), not {given}"),
            "commitment",
            given=repr(raw[:80]),
        )
    return text
