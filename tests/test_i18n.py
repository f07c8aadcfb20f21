"""One translation mechanism: gettext catalogs managed with Babel (docs/architecture.md,
"Translations"). Extraction finds nothing the catalogs lack, every message has its zh-TW
text with the same ``{fields}``, and a zh-TW event sentence or move text holds no English."""

from __future__ import annotations

import ast
import random
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from bazaar.core.registry import get_game
from bazaar.games.night_market import text as night_market_text
from bazaar.games.take_stock import text as take_stock_text
from bazaar.i18n import Translator, catalog, ngettext, package_catalog
from bazaar.i18n_extract import CatalogSource, catalog_sources, extracted, msgid_key
from tests.no_english import english_tokens

ROOT = Path(__file__).resolve().parents[1]
SOURCES = catalog_sources()
#: the game catalogs, each of which has plural entries
GAME_PACKAGES_BY_NAME = ("buy_low_sell_high", "night_market", "take_stock")
GAME_PACKAGES = {
    "buy-low-sell-high": "bazaar.games.buy_low_sell_high",
    "night-market": "bazaar.games.night_market",
    "take-stock": "bazaar.games.take_stock",
}
#: msgid -> fields its zh-TW text may name beyond the msgid's own: the zh-TW Take Stock insider
#: sentence has always named the shares (the English does not), and behaviour stays as it is.
EXTRA_FIELDS = {"{who} trades on inside information: {card} becomes a certificate": {"shares"}}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def messages(source: CatalogSource) -> list[tuple[str, str]]:
    with (ROOT / source.po).open("rb") as fh:
        po = read_po(fh)
    return [(msgid_key(m.id), text_of(m)) for m in po if m.id]


def text_of(message: Message) -> str:
    """A message's translation (a plural one's forms joined by NUL, as its key); "" if fuzzy."""
    return "" if message.fuzzy else msgid_key(message.string)


# ---------------------------------------------------------------------------- the catalogs
def test_the_catalog_layout() -> None:
    games = ("buy_low_sell_high", "night_market", "take_stock")
    assert [s.po for s in SOURCES if s.program] == [
        "bazaar/locale/zh_TW/LC_MESSAGES/bazaar.po",
        "bazaar/locale/zh_TW/LC_MESSAGES/web.po",
        "bazaar/locale/zh_TW/LC_MESSAGES/sim.po",
    ]
    assert [s.po for s in SOURCES if not s.program] == [
        *(f"bazaar/games/{g}/locale/zh_TW/LC_MESSAGES/{g}.po" for g in games),
        *(f"bazaar/games/{g}/locale/zh_TW/LC_MESSAGES/board.po" for g in games),
    ]
    assert [s.source for s in SOURCES if s.name.startswith("board_")] == [
        f"bazaar/games/{g}/static/board.js" for g in games
    ]
    assert all((ROOT / s.po).is_file() for s in SOURCES)


@pytest.mark.parametrize("source", SOURCES, ids=lambda s: s.name)
def test_extraction_finds_no_message_missing_from_the_catalogs(source: CatalogSource) -> None:
    found = extracted(source, ROOT)
    assert len(found) > 20  # the extractor sees the messages, so the check is not vacuous
    # the program's catalogs are merged when read; a game reads only its own
    known = catalog("zh-TW") if source.program else {m: s for m, s in messages(source) if s}
    missing = sorted(f"{m!r} ({where})" for m, where in found.items() if m not in known)
    assert missing == []


@pytest.mark.parametrize("source", [s for s in SOURCES if not s.program], ids=lambda s: s.name)
def test_a_game_catalog_holds_only_extracted_messages(source: CatalogSource) -> None:
    unused = sorted({m for m, _ in messages(source)} - set(extracted(source, ROOT)))
    assert unused == []


def test_the_game_messages_are_extracted_from_code_options_and_data() -> None:
    ids = extracted(next(s for s in SOURCES if s.name == "take_stock"), ROOT)
    assert ids["{who} holds {event}"].endswith("text.py")
    assert ids["Stock Split"].endswith("data.json")
    assert ids["Take Stock"].endswith("game.py")
    assert any(m.startswith("Option tokens at a new round (§9.4)") for m in ids)


@pytest.mark.parametrize("source", SOURCES, ids=lambda s: s.name)
def test_every_message_has_a_zh_tw_translation_with_the_same_fields(source: CatalogSource) -> None:
    pairs = messages(source)
    assert [m for m, text in pairs if not text.strip()] == []
    wrong = [
        (m, text)
        for m, text in pairs
        if not fields(m) <= fields(text) <= fields(m) | EXTRA_FIELDS.get(m, set())
    ]
    assert wrong == []


def test_each_game_reads_its_own_catalog() -> None:
    blsh, night = (
        Translator("bazaar.games.buy_low_sell_high"),
        Translator(GAME_PACKAGES["night-market"]),
    )
    assert blsh("{who} drew {cards}", "zh-TW", who="玩家1", cards="K0div") == "玩家1抽到 K0div"
    assert night("nothing", "zh-TW") == "無" and night("nothing", "en") == "nothing"
    assert blsh("nothing", "zh-TW") == "nothing"  # not a Buy Low Sell High message
    assert "{who} drew {cards}" not in catalog("zh-TW")  # nor one of the program's
    assert package_catalog("bazaar.core", "zh-TW") == {}  # a package without a catalog


@pytest.mark.parametrize("module", ["text.py", "words.py"])
def test_no_language_branches_remain_in_the_event_sentences(module: str) -> None:
    """text.py and words.py hold English ids only: no ``if zh:``, no ``lang == "zh-TW"``, no
    Chinese string (docstrings may show an example)."""
    for package in GAME_PACKAGES.values():
        source = (ROOT / package.replace(".", "/") / module).read_text("utf-8")
        assert re.findall(r"\bif zh\b|\bzh = |== \"zh-TW\"", source) == [], package
        tree = ast.parse(source)
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.FunctionDef) and ast.get_docstring(node)
        }
        chinese = [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and re.search(r"[\u4e00-\u9fff]", node.value)
        ]
        assert chinese == [], package


# ----------------------------------------------------------- plurals and punctuation
def test_a_number_takes_its_plural_form_in_english_and_the_one_form_in_zh_tw() -> None:
    t = Translator("bazaar.games.take_stock")
    one, many = "{who} gains {tokens} option token", "{who} gains {tokens} option tokens"
    assert t.ngettext(one, many, 1, "en", who="A", tokens=1) == "A gains 1 option token"
    assert t.ngettext(one, many, 2, "en", who="A", tokens=2) == "A gains 2 option tokens"
    assert t.ngettext(one, many, 2, "zh-TW", who="A", tokens=2) == "A獲得2個認股標記"
    assert t.ngettext(one, many, 1, "zh-TW", who="A", tokens=1) == "A獲得1個認股標記"
    # a field may be named n, like the number
    assert ngettext("{n} turn", "{n} turns", 3, "en", n=3) == "3 turns"


@pytest.mark.parametrize("source", SOURCES, ids=lambda s: s.name)
def test_plurals_are_catalog_entries_not_an_english_suffix(source: CatalogSource) -> None:
    found = extracted(source, ROOT)
    assert any("\0" in m for m in found) or source.name not in GAME_PACKAGES_BY_NAME
    assert sorted(f"{where}: {m}" for m, where in found.items() if "(s)" in m) == []


def test_the_analysis_page_takes_its_punctuation_from_the_catalog() -> None:
    source = (ROOT / "bazaar" / "play" / "analysis_page.py").read_text("utf-8")
    assert "：" not in source and "；" not in source and "zh = " not in source


# ----------------------------------------------------------- names and option help (core)
def test_game_info_names_and_option_help_come_from_the_game_catalogs() -> None:
    info = get_game("take-stock").info()
    assert info["name"] == {"en": "Take Stock", "zh-TW": "股市大亨"}
    tokens = next(o for o in info["options"] if o["name"] == "tokens_between_rounds")
    assert (
        tokens["help"]["zh-TW"]
        == "新回合的認股標記(§9.4)：未用完的保留、不再補發，或每位玩家從公區補回4個。"
    )
    assert get_game("night-market").info()["name"]["zh-TW"] == "台灣夜市-貓老闆的路邊攤"
    assert get_game("buy-low-sell-high").name_zh == "傻瓜炒股"
    for game_id in GAME_PACKAGES:
        for option in get_game(game_id).info()["options"]:
            zh = option["help"]["zh-TW"]
            assert zh != option["help"]["en"] and re.search(r"[\u4e00-\u9fff]", zh), option


def test_component_names_come_from_the_catalog() -> None:
    from bazaar.games.take_stock.components import COMPONENTS

    assert [s.short_zh for s in COMPONENTS.stocks] == ["玉米", "寶石", "科技", "石油", "電影"]
    assert COMPONENTS.stocks[2].name_zh == "Zeta晶片科技公司"
    assert take_stock_text.event_name("split-O", "zh-TW") == "股票分割(石油)"
    assert take_stock_text.event_name("split-O") == "Stock Split (Oil)"
    assert take_stock_text.card_words("O7", "zh-TW") == "石油7"


# ------------------------------------------------------- no English in zh-TW sentences
def test_the_notation_pattern_is_strict() -> None:
    assert english_tokens("take-stock", "玩家2把 O7 打到石油列；股價 C 5, G 12") == []
    assert english_tokens("take-stock", "Seat 2把 O13 打到 Oil") == ["Seat", "O13", "Oil"]
    assert english_tokens("buy-low-sell-high", "玩家1抽到 K0div K2+3 K5news") == []
    assert english_tokens("buy-low-sell-high", "K6 dud") == ["K6", "dud"]
    assert english_tokens("night-market", "客人 T1C 從入口 D-H 出發，移到入口 B/C") == []
    assert english_tokens("night-market", "T4 out") == ["T4", "out"]


@pytest.mark.parametrize("game_id", sorted(GAME_PACKAGES))
def test_zh_tw_event_sentences_hold_no_english(game_id: str) -> None:
    game = get_game(game_id)
    kinds: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        options = {o.name: rng.choice(o.choices) for o in game.option_specs}
        state = game.new(rng.randint(game.min_players, game.max_players), seed, options)
        while not state.is_over():
            for event in state.apply(rng.choice(state.legal_actions())):
                sentence = game.describe_event(event, "zh-TW")
                assert english_tokens(game_id, sentence) == [], (event, sentence)
                assert sentence != game.describe_event(event, "en")
                kinds.add(event.kind)
    assert len(kinds) >= 12  # the games reach most kinds of event


@pytest.mark.parametrize("module", [night_market_text, take_stock_text], ids=["nm", "ts"])
def test_zh_tw_action_descriptions_hold_no_english(module: object) -> None:
    game_id = "night-market" if module is night_market_text else "take-stock"
    game = get_game(game_id)
    for action in range(game.num_actions):
        words = module.describe_action(action, "zh-TW")  # type: ignore[attr-defined]
        assert english_tokens(game_id, words) == [], (action, words)


def test_update_program_adds_a_new_id_to_the_catalog_of_its_source_area(tmp_path: Path) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from bazaar.i18n_extract import update_program

    program = [s for s in SOURCES if s.program]
    for s in program:
        (tmp_path / s.po).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / s.po).write_bytes((ROOT / s.po).read_bytes())
        pot = Catalog()
        if s.name == "web":
            pot.add("Create table", locations=[("bazaar/web/static/lobby.html", None)])
            pot.add("A brand-new page word", locations=[("bazaar/web/static/lobby.js", None)])
        with (tmp_path / f"{s.name}.pot").open("wb") as fh:
            write_po(fh, pot)
    unused = update_program(tmp_path, tmp_path)
    with (tmp_path / "bazaar/locale/zh_TW/LC_MESSAGES/web.po").open("rb") as fh:
        web = {str(m.id): str(m.string) for m in read_po(fh) if m.id}
    assert web["A brand-new page word"] == "" and web["Create table"] == "開桌"
    for s in program:  # only web.po gained an id; every other file is as it was
        if s.name != "web":
            assert (tmp_path / s.po).read_bytes() == (ROOT / s.po).read_bytes()
    assert "Random bot" in unused and "Create table" not in unused


# ------------------------------------------------------------------ rule options read as words
@pytest.mark.parametrize("game_id", sorted(GAME_PACKAGES))
def test_every_option_and_choice_has_words_in_both_languages(game_id: str) -> None:
    """People read an option's label and its choices' words, never its name or raw values."""
    for spec in get_game(game_id).option_specs:
        data = spec.to_json()
        assert data["label"]["en"] != spec.name and data["label"]["zh-TW"] != data["label"]["en"]
        assert english_tokens(game_id, data["label"]["zh-TW"]) == [], spec.name
        assert english_tokens(game_id, spec.help_zh) == [], spec.name
        for value, en, zh in zip(
            spec.choices, data["choice_labels"]["en"], data["choice_labels"]["zh-TW"], strict=True
        ):
            assert english_tokens(game_id, zh) == [], (spec.name, value, zh)
            if any(c.isalpha() for c in en):  # words, not a number or a table like 4-4-3
                assert zh != en, (spec.name, value)


def test_yes_and_no_options_read_as_yes_and_no() -> None:
    spec = next(o for o in get_game("night-market").option_specs if o.name == "voluntary_loans")
    assert spec.to_json()["choice_labels"] == {"en": ["no", "yes"], "zh-TW": ["否", "是"]}
    assert spec.choice_label(True, "zh-TW") == "是"


def test_a_section_reference_is_not_english() -> None:
    assert english_tokens("take-stock", "保留事件卡何時可引發(§5.3D)") == []
    assert english_tokens("take-stock", "(§5.3D, see)") == ["see"]
