"""Players' rulebooks: the Markdown texts people read, their pictures and their sections.

A game with a rulebook has ``<package>/rulebook/en.md`` and ``zh-TW.md`` and the module its
:class:`~bazaar.core.parts.GameParts` ``rulebook`` field holds (``<package>/rulebook.py``) with
``SECTIONS`` (the section ids in order), ``section_for(view)`` (the section explaining what
this view decides) and ``PICTURES`` (picture id -> :class:`Picture`). docs/rulebook.md
describes the format.

- Sections: a heading ``## Title {#id}`` starts section ``id`` (a stable ASCII id, the same in
  both languages).
- Pictures: ``![caption](pictures/<id>.svg)`` on a line of its own; the file drawn for the
  text's language is ``pictures/<id>.<lang>.svg`` (scripts/rulebook_pictures.py draws them).
- ``{{house-rules}}`` on a line of its own: the list of the game's options in the language,
  each with its choices and the default marked (:func:`house_rules`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from types import ModuleType
from typing import Any

from markdown_it import MarkdownIt

from bazaar.core.game import Game, Option
from bazaar.core.parts import GameParts
from bazaar.core.pictures import Picture, PlayedMove, RulebookError
from bazaar.i18n import LANGS, N_, normalize_lang, t

#: ``## Title {#id}``: a section heading with its id
HEADING = re.compile(r"^## +(?P<title>.+?) +\{#(?P<id>[a-z0-9][a-z0-9-]*)\} *$")
#: ``![caption](pictures/<id>.svg)`` on a line of its own
PICTURE_LINE = re.compile(
    r"^!\[(?P<caption>[^\]]*)\]\(pictures/(?P<id>[a-z0-9][a-z0-9-]*)\.svg\) *$"
)
#: a picture file's name: ``<id>.<lang>.svg``
PICTURE_FILE = re.compile(r"^(?P<id>[a-z0-9][a-z0-9-]*)\.(?P<lang>en|zh-TW)\.svg$")
HOUSE_RULES = "{{house-rules}}"
#: a reference to the specification in an option's help, "(§4.7)" or "(§4.7, 至少)": left out
#: the Markdown renderer (our own texts; raw HTML in them is not passed through)
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")

HOUSE_RULE_LINE = N_("**{label}**: {choices}.")
HOUSE_RULE_DEFAULT = N_("{choice} (the usual rule)")
HOUSE_RULE_OR = N_("{first} or {second}")
NO_HOUSE_RULES = N_("This game has no house rules to change.")
PICTURE_BRACKETS = N_("[Picture: {caption}]")
NO_RULEBOOK = N_("{game} has no players' rulebook yet")
NO_TEXT = N_("{game} has no {lang} rulebook text")
NO_SECTION = N_("{game}'s rulebook has no section '{section}' (its sections: {known})")
NO_PICTURE_FILE = N_("{game}'s rulebook has no picture file '{file}'")
NOT_DRAWN = N_("picture file '{file}' of {game} is not drawn yet")
BAD_LANG = N_("unknown language '{lang}' (choose one of: {known})")


@dataclass(frozen=True)
class Section:
    """One ``## Title {#id}`` section: its id, title and Markdown body (heading excluded)."""

    id: str
    title: str
    body: str


@dataclass(frozen=True)
class Rulebook:
    """The players' rulebook of one game (see the module docstring)."""

    game: Game
    package: str
    module: ModuleType

    @property
    def sections(self) -> tuple[str, ...]:
        return tuple(self.module.SECTIONS)

    @property
    def pictures(self) -> Mapping[str, Picture]:
        return dict(self.module.PICTURES)

    def section_for(self, view: dict[str, Any]) -> str:
        """The id of the section that explains what ``view`` decides."""
        return str(self.module.section_for(view))

    def source(self, lang: str) -> str:
        """The Markdown text in ``lang`` as written (``{{house-rules}}`` not yet filled)."""
        code = checked_lang(lang)
        path = resources.files(self.package).joinpath("rulebook").joinpath(f"{code}.md")
        if not path.is_file():
            raise RulebookError.of(NO_TEXT, game=self.game.id, lang=code)
        return path.read_text("utf-8")

    def text(self, lang: str) -> str:
        """The Markdown text in ``lang`` with the house rules filled in."""
        code = checked_lang(lang)
        lines = self.source(code).splitlines()
        rules = house_rules(self.game.option_specs, code)
        return "\n".join(rules if line.strip() == HOUSE_RULES else line for line in lines) + "\n"

    def parsed(self, lang: str) -> tuple[str, list[Section]]:
        """The text before the first section, and the sections in order."""
        return split_sections(self.text(lang))

    def section(self, lang: str, section_id: str) -> Section:
        """One section; RulebookError naming the known ids if there is none such."""
        for section in self.parsed(lang)[1]:
            if section.id == section_id:
                return section
        known = ", ".join(self.sections)
        raise RulebookError.of(NO_SECTION, game=self.game.id, section=section_id, known=known)

    def picture_ids(self, lang: str) -> list[str]:
        """The pictures the text in ``lang`` shows, in order."""
        return [
            m["id"] for line in self.source(lang).splitlines() if (m := PICTURE_LINE.match(line))
        ]

    def picture_file(self, file_name: str) -> bytes:
        """The bytes of picture file ``<id>.<lang>.svg``; RulebookError for any other name."""
        match = PICTURE_FILE.match(file_name)
        if match is None or match["id"] not in self.module.PICTURES:
            raise RulebookError.of(NO_PICTURE_FILE, game=self.game.id, file=file_name[:80])
        path = (
            resources.files(self.package)
            .joinpath("rulebook")
            .joinpath("pictures")
            .joinpath(file_name)
        )
        if not path.is_file():
            raise RulebookError.of(NOT_DRAWN, game=self.game.id, file=file_name)
        return path.read_bytes()

    def html(self, lang: str, picture_url: Callable[[str], str], only: str | None = None) -> str:
        """The text as HTML: each section a ``<section id="rulebook-<id>" data-section="<id>">``
        (prefixed so that it never clashes with a page's own ids) with its ``<h2>``, each picture
        a ``<figure>`` whose image is ``picture_url("<id>.<lang>.svg")`` (``only``: that one
        section, without the text before the first section)."""
        code = checked_lang(lang)
        intro, sections = self.parsed(code)
        parts = [] if only else [_html_body(intro, code, picture_url)]
        if only is not None:
            sections = [self.section(code, only)]
        for s in sections:
            parts.append(
                f'<section id="rulebook-{s.id}" data-section="{s.id}" class="rulebook-section">'
                f"<h2>{html.escape(s.title)}</h2>\n"
                f"{_html_body(s.body, code, picture_url)}</section>\n"
            )
        return "".join(parts)

    def plain_markdown(self, lang: str, section_id: str | None = None) -> str:
        """Markdown for the terminal: headings without their ids and each picture as its
        caption in brackets (one section only with ``section_id``)."""
        code = checked_lang(lang)
        if section_id is not None:
            chosen = self.section(code, section_id)
            body = f"## {chosen.title}\n\n{chosen.body}"
        else:
            body = self.text(code)
        lines = []
        for line in body.splitlines():
            if heading := HEADING.match(line):
                line = f"## {heading['title']}"
            elif picture := PICTURE_LINE.match(line):
                line = t(PICTURE_BRACKETS, code, caption=picture["caption"])
            lines.append(line)
        return "\n".join(lines) + "\n"


def checked_lang(lang: str) -> str:
    """``lang`` as "en" or "zh-TW"; RulebookError for any other."""
    try:
        return normalize_lang(lang)
    except ValueError as exc:
        raise RulebookError.of(BAD_LANG, lang=str(lang)[:40], known=", ".join(LANGS)) from exc


def split_sections(text: str) -> tuple[str, list[Section]]:
    """The text before the first ``## Title {#id}`` heading, and the sections."""
    intro: list[str] = []
    sections: list[tuple[str, str, list[str]]] = []
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading:
            sections.append((heading["id"], heading["title"], []))
        elif sections:
            sections[-1][2].append(line)
        else:
            intro.append(line)
    return "\n".join(intro).strip() + "\n", [
        Section(i, title, "\n".join(body).strip() + "\n") for i, title, body in sections
    ]


def section_ids(text: str) -> list[str]:
    """The ids of the ``## Title {#id}`` headings of ``text``, in order."""
    return [m["id"] for line in text.splitlines() if (m := HEADING.match(line))]


def house_rules(options: tuple[Option, ...], lang: str) -> str:
    """The game's options as a Markdown list in ``lang``: label and choices in words, the
    default marked and first (the options' help texts are written for engine users, with
    choice ids and file names, so a players' rulebook leaves them out)."""
    if not options:
        return t(NO_HOUSE_RULES, lang)
    lines = []
    for option in options:
        ordered = [option.default, *(c for c in option.choices if c != option.default)]
        words = [option.choice_label(c, lang) for c in ordered]
        words[0] = t(HOUSE_RULE_DEFAULT, lang, choice=words[0])
        choices = words[0]
        for other in words[1:]:
            choices = t(HOUSE_RULE_OR, lang, first=choices, second=other)
        line = t(HOUSE_RULE_LINE, lang, label=option.label_in(lang), choices=choices)
        lines.append("- " + line)
    return "\n".join(lines)


def _html_body(markdown: str, lang: str, picture_url: Callable[[str], str]) -> str:
    """Markdown to HTML, each picture line a figure with its caption."""
    out: list[str] = []
    chunk: list[str] = []
    for line in markdown.splitlines():
        picture = PICTURE_LINE.match(line)
        if picture is None:
            chunk.append(line)
            continue
        out.append(MARKDOWN.render("\n".join(chunk)))
        chunk = []
        caption = html.escape(picture["caption"])
        src = html.escape(picture_url(f"{picture['id']}.{lang}.svg"))
        out.append(
            f'<figure class="rulebook-picture" id="picture-{picture["id"]}">'
            f'<img src="{src}" alt="{caption}"><figcaption>{caption}</figcaption></figure>\n'
        )
    out.append(MARKDOWN.render("\n".join(chunk)))
    return "".join(out)


#: id(parts) -> (parts, its rulebook): looked up once per registered parts
_loaded: dict[int, tuple[GameParts, Rulebook | None]] = {}


def _load(parts: GameParts) -> Rulebook | None:
    if parts.rulebook is None or parts.package is None:
        return None
    if not resources.files(parts.package).joinpath("rulebook").joinpath("en.md").is_file():
        return None
    return Rulebook(parts.game, parts.package, parts.rulebook)


def find_rulebook(game_id: str) -> Rulebook | None:
    """The players' rulebook of ``game_id`` (None: the game has none yet); UnknownGame for an
    unknown game."""
    from bazaar.core.registry import game_parts

    parts = game_parts(game_id)
    known = _loaded.get(id(parts))
    if known is None or known[0] is not parts:
        known = _loaded[id(parts)] = (parts, _load(parts))
    return known[1]


def rulebook(game_id: str) -> Rulebook:
    """The players' rulebook of ``game_id``; RulebookError if the game has none."""
    found = find_rulebook(game_id)
    if found is None:
        raise RulebookError.of(NO_RULEBOOK, game=game_id)
    return found


def rules_section(game_id: str, view: dict[str, Any]) -> str | None:
    """The section of ``game_id``'s rulebook for ``view`` (None: the game has no rulebook)."""
    found = find_rulebook(game_id)
    return None if found is None else found.section_for(view)


def games_with_rulebooks() -> list[str]:
    """The ids of the registered games that have a players' rulebook."""
    from bazaar.core.registry import game_ids

    return [g for g in game_ids() if find_rulebook(g) is not None]


__all__ = [
    "LANGS",
    "Picture",
    "PlayedMove",
    "Rulebook",
    "RulebookError",
    "Section",
    "find_rulebook",
    "games_with_rulebooks",
    "house_rules",
    "rulebook",
    "section_ids",
    "split_sections",
]
