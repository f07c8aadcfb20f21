"""Errors raised by the game protocol.

Every error carries a machine-readable ``rule`` tag (which rule or check was broken)
and a human-readable message that names the offending value.

A translatable error is made from a message id and its fields (:meth:`BazaarError.of`, or a
game's ``refuse = Refusals(__package__)``): ``exc.message`` is the English text and
``exc.text("zh-TW")`` the same sentence from the catalog of ``exc.domain`` (the game package,
or ``"bazaar"`` for the program's catalog). A field that is itself words is a :class:`Term`,
translated in the same catalog; a field that is itself an error (the reason of this one) is
said in its own words. A message with a number has two ids, the singular and the plural
(:meth:`BazaarError.of_plural`, ``refuse.plural(one, other, n, ...)``): every language takes
its form for ``n``. Babel extracts the ids of ``refuse(…)``, ``refuse.plural(…)``, ``.of(…)``
and ``Term(…)`` calls (bazaar/i18n_extract.py, KEYWORDS).
"""

from __future__ import annotations

from typing import Any, Self


class Term(str):
    """A field value that is words, not notation: translated with the sentence it fills."""

    __slots__ = ()


class BazaarError(Exception):
    """Base class of all errors Bazaar raises on purpose."""

    rule: str = "error"

    def __init__(
        self,
        message: str,
        rule: str | None = None,
        *,
        msgid: str | None = None,
        fields: dict[str, Any] | None = None,
        domain: str = "bazaar",
        plural: tuple[str, int] | None = None,
    ) -> None:
        super().__init__(message)
        if rule is not None:
            self.rule = rule
        #: the English message id (``None``: the message is not translatable)
        self.msgid = msgid
        #: the values of the ``{names}`` in ``msgid``
        self.fields: dict[str, Any] = fields or {}
        #: the package whose catalog translates ``msgid``
        self.domain = domain
        #: (the plural id, the number that picks the form) of a message with a number; its
        #: ``msgid`` is then the singular id
        self.plural = plural

    @classmethod
    def of(cls, msgid: str, rule: str | None = None, domain: str = "bazaar", **fields: Any) -> Self:
        """The error whose message is ``msgid`` filled with ``fields`` (translatable)."""
        return cls(msgid.format(**fields), rule, msgid=msgid, fields=fields, domain=domain)

    @classmethod
    def of_plural(
        cls,
        singular: str,
        plural: str,
        n: int,
        rule: str | None = None,
        domain: str = "bazaar",
        **fields: Any,
    ) -> Self:
        """The error whose message is ``singular`` (``n`` is 1) or ``plural`` filled with
        ``fields``; every language takes its own form for ``n``."""
        from bazaar.i18n import plural_form

        message = plural_form((singular, plural), n).format(**fields)
        return cls(message, rule, msgid=singular, fields=fields, domain=domain, plural=(plural, n))

    @property
    def message(self) -> str:
        return str(self.args[0])

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (English when it has no translation there)."""
        if self.msgid is None or lang == "en":
            return self.message
        from bazaar.i18n import Translator  # the catalogs are read only when needed

        translate = Translator(self.domain)
        fields = {k: _field_text(v, translate, lang) for k, v in self.fields.items()}
        if self.plural is not None:
            plural, n = self.plural
            return translate.ngettext(self.msgid, plural, n, lang, **fields)
        return translate(self.msgid, lang, **fields)

    @property
    def translated(self) -> bool:
        """Whether :meth:`text` can give this message in another language than English."""
        return self.msgid is not None


def _field_text(value: Any, translate: Any, lang: str) -> Any:
    """A field in ``lang``: a :class:`Term` translated, an error (a reason) in its words."""
    if isinstance(value, Term):
        return translate(value, lang)
    if isinstance(value, BazaarError):
        return value.text(lang)
    return value


class IllegalAction(BazaarError):
    """An action that breaks a rule in the current state; the state is left untouched."""

    rule = "illegal"


class NotationError(IllegalAction):
    """Text that is not valid move notation for the game."""

    rule = "notation"


class UnknownGame(BazaarError):
    """A game id that is not registered."""

    rule = "unknown-game"


class BadOptions(BazaarError):
    """A player count or rule option that the game does not accept."""

    rule = "options"


class BadRecord(BazaarError):
    """A game record that is malformed or does not replay."""

    rule = "record"


class BadName(BazaarError):
    """A player name that is empty, too long or holds a refused character."""

    rule = "name"


class Refusals:
    """The refusals of one package: ``refuse = Refusals(__package__)``, then
    ``refuse("{seat} has no {card}", "hand", seat=..., card=...)`` is an
    :class:`IllegalAction` translated by that package's catalog, and
    ``refuse.plural("{n} card", "{n} cards", n, "hand", n=n)`` one with a number
    (``Refusals(__package__, NotationError)`` for notation errors; rule ``None``: the class's)."""

    __slots__ = ("domain", "kind")

    def __init__(self, domain: str, kind: type[IllegalAction] = IllegalAction) -> None:
        self.domain = domain
        self.kind = kind

    def __call__(self, msgid: str, rule: str | None = None, **fields: Any) -> IllegalAction:
        return self.kind.of(msgid, rule, self.domain, **fields)

    def plural(
        self, singular: str, plural: str, n: int, rule: str | None = None, **fields: Any
    ) -> IllegalAction:
        """The refusal of a message with a number: ``singular`` for one ``n``, else ``plural``."""
        return self.kind.of_plural(singular, plural, n, rule, self.domain, **fields)
