"""A players' rulebook as plain text for the terminal (``bazaar rules GAME``).

The Markdown of :meth:`bazaar.core.rulebook.Rulebook.plain_markdown` (headings without their
ids, each picture as its caption in brackets) laid out by rich at a fixed width, without
colours, so that it reads the same in any terminal and in a pipe.
"""

from __future__ import annotations

from io import StringIO

from rich.console import Console
from rich.markdown import Markdown

from bazaar.core.rulebook import Rulebook

#: the width of the text (columns; a CJK character takes two)
WIDTH = 80


def markdown_text(markdown: str, width: int = WIDTH) -> str:
    """``markdown`` laid out as plain text no wider than ``width`` columns."""
    out = StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False)
    console.print(Markdown(markdown))
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines()) + "\n"


def rulebook_text(book: Rulebook, lang: str, section: str | None = None, width: int = WIDTH) -> str:
    """The rulebook (or one section of it) in ``lang`` as plain text."""
    return markdown_text(book.plain_markdown(lang, section), width)
