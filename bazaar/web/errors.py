"""A refused request as the web answers it: HTTP status, a machine code, the sentence in
every language and maybe the broken rule."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bazaar.core import describe
from bazaar.core.errors import IllegalAction, NotationError
from bazaar.i18n import LANGS, t
from bazaar.web.advice import AdviceError
from bazaar.web.shapes import ErrorReply


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


def refused(status: int, code: str, msgid: str, **fmt: Any) -> WebError:
    """A refusal whose sentence, the msgid ``msgid`` filled with ``fmt``, is ``error`` in
    English and ``explain`` in every language."""
    words = {lang: t(msgid, lang, **fmt) for lang in LANGS}
    return WebError(status, code, words["en"], None, words)


def refusal(status: int, code: str, rule: str, sentences: dict[str, str], **fmt: Any) -> WebError:
    """A refusal whose sentence (``error`` in English, ``explain`` in every language) comes
    from the msgid ``sentences[rule]``."""
    words = {lang: t(sentences[rule], lang, **fmt) for lang in LANGS}
    return WebError(status, code, words["en"], rule, words)


@contextmanager
def illegal_as_web_error(game_id: str) -> Iterator[None]:
    """Turn a refused notation or an illegal action into WebError 422 ``illegal`` naming the
    rule, with its words in every language."""
    try:
        yield
    except NotationError as exc:
        raise WebError(
            422, "illegal", exc.message, "notation", refusal_words(game_id, exc)
        ) from exc
    except IllegalAction as exc:
        raise WebError(422, "illegal", exc.message, exc.rule, refusal_words(game_id, exc)) from exc


def refusal_words(game_id: str, exc: IllegalAction) -> dict[str, str]:
    """lang -> the refusal in that language (the ``explain`` of an error reply): its own
    translation (:meth:`IllegalAction.text`), else the game's words for the broken rule."""
    if exc.translated:
        return {lang: exc.text(lang) for lang in LANGS}
    return {
        lang: text for lang in LANGS if (text := describe.explain_rule(game_id, exc.rule, lang))
    }
