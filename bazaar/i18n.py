"""User-facing text in English and Traditional Chinese.

English is the message id; other languages come from gettext ``.po`` catalogs under
``bazaar/locale/<locale>/LC_MESSAGES/`` (``bazaar.po`` for the program, ``web.po`` for the
browser pages; the two are merged), read with Babel the first time they are
needed. ``t("Seat {seat}", "zh-TW", seat=2)`` looks the id up, then fills the ``{names}``.
A missing translation falls back to the English text. A text with a number takes the form for
it: ``ngettext("{n} card", "{n} cards", n, lang, n=n)`` (a Babel plural entry; zh-TW has one
form).

Each game package keeps its own catalog (event sentences, option help, names) in
``<package>/locale/<locale>/LC_MESSAGES/<game>.po``, and its board script's words in ``board.po``
beside it; ``Translator(package)`` reads only the first, so two games may use the same English
id differently. A plural message is keyed as gettext keys it, "one\\0other", and its text is its
forms joined by NUL (the browser's ``ui.tn`` picks one). ``scripts/i18n.sh`` extracts,
updates and compiles every catalog with Babel (docs/architecture.md, "Translations").
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

LANGS = ("en", "zh-TW")
DEFAULT_LANG = "en"
#: language code -> gettext locale directory name
LOCALES = {"zh-TW": "zh_TW"}
_ALIASES = {
    "en": "en",
    "english": "en",
    "zh-tw": "zh-TW",
    "zh_tw": "zh-TW",
    "zh": "zh-TW",
    "tw": "zh-TW",
}


def N_(msgid: str) -> str:
    """Mark a message id for extraction without translating it yet."""
    return msgid


def normalize_lang(lang: str | None) -> str:
    """Return "en" or "zh-TW" for a language name; raise ValueError for any other."""
    if lang is None:
        return DEFAULT_LANG
    code = _ALIASES.get(lang.strip().lower())
    if code is None:
        raise ValueError(f"unknown language {lang!r} (choose one of: {', '.join(LANGS)})")
    return code


#: the program's catalogs (``bazaar/locale``), merged when read: the terminal's, the pages' and
#: the simulation reports' (``bazaar/sim``)
PROGRAM_DOMAINS = ("bazaar", "web", "sim")
#: the catalog of a game's board script (``<package>/locale/<locale>/LC_MESSAGES/board.po``)
BOARD_DOMAIN = "board"


@cache
def catalog(lang: str) -> dict[str, str]:
    """msgid -> translation for ``lang`` (empty for English): the program's catalogs."""
    merged: dict[str, str] = {}
    for domain in PROGRAM_DOMAINS:
        merged.update(package_catalog("bazaar", lang, domain))
    return merged


@cache
def plural_catalog(lang: str) -> dict[str, tuple[str, ...]]:
    """singular msgid -> the translation's plural forms for ``lang``: the program's catalogs."""
    merged: dict[str, tuple[str, ...]] = {}
    for domain in PROGRAM_DOMAINS:
        merged.update(_read_catalog("bazaar", lang, domain)[1])
    return merged


def package_catalog(package: str, lang: str, domain: str | None = None) -> dict[str, str]:
    """msgid -> translation for ``lang`` from ``<package>/locale/<locale>/LC_MESSAGES/<domain>.po``
    (``domain`` defaults to the package's last name: a game's own catalog); empty if there is
    no such file."""
    return _read_catalog(package, lang, domain)[0]


def package_plurals(
    package: str, lang: str, domain: str | None = None
) -> dict[str, tuple[str, ...]]:
    """singular msgid -> plural forms for ``lang``: the plural entries of the same catalog."""
    return _read_catalog(package, lang, domain)[1]


@cache
def _read_catalog(
    package: str, lang: str, domain: str | None
) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    locale = LOCALES.get(lang)
    if locale is None:
        return {}, {}
    name = f"{domain or package.rpartition('.')[2]}.po"
    path = resources.files(package) / "locale" / locale / "LC_MESSAGES" / name
    if not path.is_file():
        return {}, {}
    from babel.messages.pofile import read_po  # only when a catalog is read (fast start-up)

    with path.open("rb") as fh:
        po = read_po(fh, locale=locale)
    singles: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for m in po:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, str):
            if m.string:
                singles[m.id] = str(m.string)
        elif isinstance(m.string, tuple | list) and all(m.string):
            forms = tuple(str(form) for form in m.string)
            plurals[str(m.id[0])] = forms
            # as gettext keys it for the browser's ui.tn: "one\0other" -> forms joined by NUL
            singles["\0".join(str(i) for i in m.id)] = "\0".join(forms)
    return singles, plurals


def plural_form(forms: tuple[str, ...], n: int) -> str:
    """The form of ``forms`` for ``n``: zh-TW has one form for every number; English (and any
    two-form language) the first for one, the second otherwise."""
    return forms[0] if len(forms) == 1 or n == 1 else forms[1]


def has_translation(msgid: str, lang: str) -> bool:
    return lang == DEFAULT_LANG or msgid in catalog(lang)


def t(msgid: str, lang: str = DEFAULT_LANG, **fmt: Any) -> str:
    """The text of ``msgid`` in ``lang``, with ``{name}`` fields filled from ``fmt``."""
    text = msgid if lang == DEFAULT_LANG else catalog(lang).get(msgid, msgid)
    return text.format(**fmt) if fmt else text


def ngettext(singular: str, plural: str, n: int, lang: str = DEFAULT_LANG, /, **fmt: Any) -> str:
    """``t`` for a text with a number: ``ngettext("{n} card", "{n} cards", n, lang, n=n)``
    picks the form for ``n`` (a Babel plural entry in the catalog; English from the two ids).
    The first four arguments are positional, so a field may be named ``n`` too."""
    forms = plural_catalog(lang).get(singular) if lang != DEFAULT_LANG else None
    text = plural_form(forms or (singular, plural), n)
    return text.format(**fmt) if fmt else text


class Translator:
    """``t`` for one package's own catalog: ``t = Translator(__package__)`` then
    ``t("Seat {seat}", lang, seat=2)`` (Babel extracts the calls named ``t``)."""

    __slots__ = ("package",)

    def __init__(self, package: str) -> None:
        self.package = package

    def __call__(self, msgid: str, lang: str = DEFAULT_LANG, **fmt: Any) -> str:
        if lang == DEFAULT_LANG:
            text: str | None = msgid
        elif self.package == "bazaar":  # the program: all of its catalogs (PROGRAM_DOMAINS)
            text = catalog(lang).get(msgid)
        else:
            text = package_catalog(self.package, lang).get(msgid)
        if text is None:
            text = msgid
        return text.format(**fmt) if fmt else text

    def ngettext(
        self, singular: str, plural: str, n: int, lang: str = DEFAULT_LANG, /, **fmt: Any
    ) -> str:
        """:func:`ngettext` for this package's catalog: ``t.ngettext("{n} card", "{n} cards",
        n, lang, n=n)`` (Babel extracts the calls named ``ngettext``)."""
        if self.package == "bazaar":
            return ngettext(singular, plural, n, lang, **fmt)
        forms = package_plurals(self.package, lang).get(singular) if lang != DEFAULT_LANG else None
        text = plural_form(forms or (singular, plural), n)
        return text.format(**fmt) if fmt else text
