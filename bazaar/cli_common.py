"""What every command module of the ``bazaar`` command line shares: the Typer app, the
consoles, the help language and the helpers that turn a bad argument into an error message.

``bazaar.cli`` and ``bazaar.cli_sim`` both add their commands to :data:`app`; neither imports
the other's helpers (no import circle).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from bazaar.core.errors import BazaarError
from bazaar.core.registry import get_game
from bazaar.i18n import DEFAULT_LANG, normalize_lang, t

if TYPE_CHECKING:
    from bazaar.core.game import Game

EXIT_USAGE = 2


def _env_lang() -> str:
    try:
        return normalize_lang(os.environ.get("BAZAAR_LANG") or DEFAULT_LANG)
    except ValueError:
        return DEFAULT_LANG


HELP_LANG = _env_lang()
console = Console()
err_console = Console(stderr=True)


def h(msgid: str, **fmt: Any) -> str:
    """A help text in the help language."""
    return t(msgid, HELP_LANG, **fmt)


#: the ``--lang`` option of every command (BAZAAR_LANG sets the default)
LangOption = Annotated[str, typer.Option(envvar="BAZAAR_LANG", help=h("Language: en or zh-TW."))]


app = typer.Typer(
    name="bazaar",
    help=h("Bazaar: play, replay and study market board games in the terminal."),
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode="rich",
)


def fail(message: str, lang: str = DEFAULT_LANG, code: int = EXIT_USAGE) -> NoReturn:
    words = t("Error: {message}", lang, message=message)
    err_console.print(Text(words, style="bold red"), soft_wrap=True)  # one line, never wrapped
    raise typer.Exit(code)


def lang_or_fail(value: str | None) -> str:
    try:
        return normalize_lang(value)
    except ValueError as exc:
        fail(str(exc))


def game_or_fail(game_id: str, lang: str) -> Game:
    try:
        return get_game(game_id)
    except BazaarError as exc:
        fail(exc.text(lang), lang)
