"""The players' rulebook machinery (bazaar.core.rulebook): sections, house rules, HTML, the
terminal text, the pictures, the web routes and the errors. Every game that has a rulebook is
checked; a game without one (yet) is skipped."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from rich.cells import cell_len
from typer.testing import CliRunner

from bazaar.cli import app as cli_app
from bazaar.core.errors import UnknownGame
from bazaar.core.registry import get_game, register, unregister
from bazaar.core.rulebook import (
    Picture,
    RulebookError,
    find_rulebook,
    games_with_rulebooks,
    house_rules,
    rulebook,
    section_ids,
    split_sections,
)
from bazaar.i18n import LANGS
from bazaar.play.rulebook_text import WIDTH, rulebook_text
from tests.fourth_game import PARTS as FOURTH
from tests.scale import LONG

BLSH = "buy-low-sell-high"
ROOT = Path(__file__).resolve().parents[1]
BOOKS = games_with_rulebooks()


def test_buy_low_sell_high_has_a_rulebook_and_games_without_one_are_skipped() -> None:
    assert BLSH in BOOKS
    register(FOURTH)
    try:
        assert find_rulebook(FOURTH.id) is None
        with pytest.raises(RulebookError) as refused:
            rulebook(FOURTH.id)
        assert refused.value.message == "hidden-nines has no players' rulebook yet"
        assert refused.value.text("zh-TW") == "hidden-nines還沒有玩家規則書"
    finally:
        unregister(FOURTH.id)
    with pytest.raises(UnknownGame):
        find_rulebook("no-such-game")


def test_headings_give_the_section_ids_and_titles() -> None:
    text = "# Book\n\nIntro.\n\n## First steps {#first}\n\nOne.\n\n## Next {#next-2}\nTwo.\n"
    assert section_ids(text) == ["first", "next-2"]
    intro, sections = split_sections(text)
    assert intro == "# Book\n\nIntro.\n"
    assert [(s.id, s.title, s.body) for s in sections] == [
        ("first", "First steps", "One.\n"),
        ("next-2", "Next", "Two.\n"),
    ]
    assert section_ids("## No id here\n## Bad {#Upper}\n") == []


def test_house_rules_list_every_option_with_its_default_first_in_both_languages() -> None:
    options = get_game(BLSH).option_specs
    first_lap = [o for o in options if o.name == "first_lap_limits"]
    assert house_rules(tuple(first_lap), "en") == (
        "- **Year 1 first-lap limits**: exactly, no pass (the usual rule) or at most."
    )
    assert house_rules(tuple(first_lap), "zh-TW") == (
        "- **第1年首輪限制**：必須剛好，不可不交易（一般規則），或最多(上限)。"
    )
    assert house_rules((), "en") == "This game has no house rules to change."
    book = rulebook(BLSH)
    for lang in LANGS:
        text = book.text(lang)
        assert "{{house-rules}}" not in text
        assert house_rules(options, lang) in text
        assert "§" not in house_rules(options, lang)


@pytest.mark.parametrize("game_id", BOOKS)
@pytest.mark.parametrize("lang", LANGS)
def test_house_rules_are_in_players_words(game_id: str, lang: str) -> None:
    """No choice ids, file names or seats from 0: the list is for people, not for engines."""
    words = house_rules(get_game(game_id).option_specs, lang)
    assert words.count("\n- ") + 1 == len(get_game(game_id).option_specs)
    assert not re.search(r"'[a-z_0-9]+'|data\.json|seat ?0|座位0|玩家0|A-\d", words), words


@pytest.mark.parametrize("game_id", BOOKS)
def test_the_html_has_one_anchored_section_per_id_and_each_picture_in_its_language(
    game_id: str,
) -> None:
    book = rulebook(game_id)
    for lang in LANGS:
        page = book.html(lang, lambda name: f"/p/{name}")
        assert re.findall(r'<section id="rulebook-([a-z0-9-]+)" data-section="\1"', page) == list(
            book.sections
        )
        shown = re.findall(r'<img src="/p/([a-z0-9-]+)\.' + re.escape(lang) + r'\.svg"', page)
        assert shown == book.picture_ids(lang)
        assert "{#" not in page and "{{" not in page
        one = book.html(lang, lambda name: name, only=book.sections[-1])
        assert one.count("<section ") == 1 and "<h1>" not in one


@pytest.mark.parametrize("game_id", BOOKS)
def test_the_terminal_text_fits_80_columns_and_shows_pictures_as_captions(game_id: str) -> None:
    book = rulebook(game_id)
    for lang in LANGS:
        text = rulebook_text(book, lang)
        assert max(cell_len(line) for line in text.splitlines()) <= WIDTH
        assert "{#" not in text and "pictures/" not in text
        bracket = "[Picture: " if lang == "en" else "［圖："
        assert text.count(bracket) == len(book.picture_ids(lang))


@pytest.mark.parametrize("game_id", BOOKS)
def test_every_picture_named_exists_for_both_languages_and_every_picture_is_used(
    game_id: str,
) -> None:
    book = rulebook(game_id)
    named = book.picture_ids("en")
    assert book.picture_ids("zh-TW") == named  # the same pictures at the same places
    assert sorted(set(named)) == sorted(book.pictures)
    for name in named:
        for lang in LANGS:
            assert book.picture_file(f"{name}.{lang}.svg").startswith(b"<svg xmlns=")


def test_a_picture_with_an_illegal_action_names_the_picture_and_the_action() -> None:
    game = get_game(BLSH)
    state = Picture(3, 3, ("+K0",)).position(game, "purchase")
    assert state.view(0)["money"] == [34, 50, 50]
    with pytest.raises(RulebookError) as refused:
        Picture(3, 3, ("+K0", "pass")).position(game, "broken")
    assert refused.value.message.startswith(
        "picture 'broken' of buy-low-sell-high: action 2 'pass' is not legal: "
    )
    with pytest.raises(RulebookError, match="action 1 'fly' is not legal"):
        Picture(3, 3, ("fly",)).play(game, "typo")


def test_bad_section_language_and_picture_file_names_are_refused_clearly() -> None:
    book = rulebook(BLSH)
    with pytest.raises(RulebookError) as refused:
        book.section("en", "nope")
    assert refused.value.message == (
        "buy-low-sell-high's rulebook has no section 'nope' (its sections: "
        + ", ".join(book.sections)
        + ")"
    )
    with pytest.raises(RulebookError) as bad_lang:
        book.text("fr")
    assert bad_lang.value.message == "unknown language 'fr' (choose one of: en, zh-TW)"
    for name in ("setup.svg", "setup.fr.svg", "../rules.en.md", "nope.en.svg", "setup.en.svg/x"):
        with pytest.raises(RulebookError) as bad_file:
            book.picture_file(name)
        assert bad_file.value.message == (
            f"buy-low-sell-high's rulebook has no picture file {name!r}"
        )


# ------------------------------------------------------------------ web
@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    from bazaar.web.app import create_app
    from tests.web.server import app_settings

    app = create_app(app_settings(tmp_path_factory.mktemp("rb") / "r.db", bot_delay=0.0))
    with TestClient(app) as c:
        yield c


def test_the_rulebook_route_serves_html_sections_and_picture_files(client: TestClient) -> None:
    page = client.get(f"/api/games/{BLSH}/rulebook", params={"lang": "zh-TW"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<section id="rulebook-year-end" data-section="year-end"' in page.text
    assert f'<img src="/games/{BLSH}/rulebook/pictures/year-end.zh-TW.svg"' in page.text
    one = client.get(f"/api/games/{BLSH}/rulebook", params={"section": "market"})
    assert one.text.startswith('<section id="rulebook-market"') and one.text.count("<section") == 1
    picture = client.get(f"/games/{BLSH}/rulebook/pictures/setup.en.svg")
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/svg+xml"
    assert picture.content == rulebook(BLSH).picture_file("setup.en.svg")


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/games/nope/rulebook", 404, "unknown-game"),
        (f"/api/games/{BLSH}/rulebook?lang=fr", 400, "lang"),
        (f"/api/games/{BLSH}/rulebook?section=nope", 404, "not-found"),
        (f"/games/{BLSH}/rulebook/pictures/setup.svg", 404, "not-found"),
        (f"/games/{BLSH}/rulebook/pictures/..%2Frules.en.md", 404, "not-found"),
        ("/games/nope/rulebook/pictures/setup.en.svg", 404, "unknown-game"),
    ],
)
def test_the_rulebook_routes_refuse_bad_names(
    client: TestClient, path: str, status: int, code: str
) -> None:
    refused = client.get(path)
    assert (refused.status_code, refused.json()["code"]) == (status, code)


def test_a_table_payload_names_the_rulebook_section_of_its_phase(client: TestClient) -> None:
    body = {"game": BLSH, "players": 3, "seed": 3, "seats": [{"kind": "human"}] * 3}
    made = client.post("/api/tables", json=body).json()
    state = client.get(f"/api/tables/{made['id']}", params={"lang": "en"}).json()
    assert state["section"] == "first-turns"


# ------------------------------------------------------------------ terminal
def test_bazaar_rules_prints_the_rulebook_one_section_or_the_specification() -> None:
    runner = CliRunner()
    whole = runner.invoke(cli_app, ["rules", BLSH])
    assert whole.exit_code == 0 and "Setting up" in whole.output and "[A" not in whole.output
    one = runner.invoke(cli_app, ["rules", BLSH, "--section", "year-end", "--lang", "zh-TW"])
    assert one.exit_code == 0
    assert one.output.splitlines()[0].strip() == "年底結算"
    assert "［圖：第一年結束後的股價］" in one.output
    spec = runner.invoke(cli_app, ["rules", BLSH, "--spec"])
    assert spec.exit_code == 0 and "first_lap_limits" in spec.output
    bad = runner.invoke(cli_app, ["rules", BLSH, "--section", "nope"])
    assert bad.exit_code != 0 and "has no section 'nope'" in bad.output


# ------------------------------------------------------------------ long: the pictures drawn
@pytest.mark.skipif(not LONG, reason="draws every picture in Chromium (BAZAAR_LONG_TESTS=1)")
def test_the_committed_pictures_are_what_the_script_draws() -> None:
    done = subprocess.run(
        [sys.executable, "scripts/rulebook_pictures.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
