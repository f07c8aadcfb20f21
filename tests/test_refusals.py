"""Refusals: the same English as before they moved to each game's ``refusals.py``, and a
zh-TW text with no English words, over a golden sample of seeded positions of every game
(tests/golden/refusals.py recorded it from the code before the move)."""

from __future__ import annotations

import json
import re
import string
from functools import cache
from typing import Any

import pytest

from bazaar.core.errors import BadOptions, IllegalAction, NotationError, Term
from bazaar.core.registry import all_games, get_game
from tests.golden.notation_errors import PATH as NOTATION_PATH
from tests.golden.refusals import PATH, positions, refusals
from tests.test_i18n import english_tokens

#: quoted notation ('pass', 'discard CARD', '$3'), section numbers (§5.3A) and Buy Low Sell
#: High's trade options (選項A) are not words
QUOTED = re.compile(r"'[^']*'|§[0-9.]+[A-Z]?|選項[ABC]")


@cache
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
    return data


def names(msgid: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(msgid) if f}


@cache
def identifiers(game_id: str) -> re.Pattern[str]:
    """What a player types as it is, in any language: the game id, its option names and
    values (``True``, ``exact_first_lap``) and the ids of its event kinds."""
    game = get_game(game_id)
    words = {game.id, *(o.name for o in game.option_specs)}
    words |= {str(c) for o in game.option_specs for c in o.choices}
    if game_id == "take-stock":
        from bazaar.games.take_stock.components import KIND_NAMES

        words |= set(KIND_NAMES)
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w+-])(?:{alternatives})(?![\w+-])")


def assert_chinese(game_id: str, exc: IllegalAction | BadOptions) -> None:
    """The zh-TW text is translated, fills the same fields, and has no English words."""
    assert exc.translated, exc.message
    zh = exc.text("zh-TW")
    assert zh != exc.message, exc.msgid
    bare = identifiers(game_id).sub(" ", QUOTED.sub(" ", zh))
    assert english_tokens(game_id, bare) == [], (exc.msgid, zh)
    for name, value in exc.fields.items():
        if isinstance(value, IllegalAction):  # a clause of its own (a second number)
            assert value.text("zh-TW") in zh, (exc.msgid, name, zh)
        elif not isinstance(value, Term):
            shown = repr(value) if f"{{{name}!r}}" in (exc.msgid or "") else str(value)
            assert shown in zh, (exc.msgid, name, zh)


def said(exc: IllegalAction) -> str:
    """The English message from the ids: the singular, or the form for the number."""
    assert exc.msgid is not None
    if exc.plural is None:
        return exc.msgid.format(**exc.fields)
    plural, n = exc.plural
    return (exc.msgid if n == 1 else plural).format(**exc.fields)


def configs() -> list[str]:
    return sorted(golden()["games"])


@pytest.mark.parametrize("config", configs())
def test_every_sampled_refusal_is_unchanged_in_english_and_translated(config: str) -> None:
    game_id, players, seed, options = json.loads(config)
    texts = golden()["texts"]
    rows = golden()["games"][config]
    by_step: dict[int, list[tuple[int, int]]] = {}
    for step, action, index in rows:
        by_step.setdefault(step, []).append((action, index))
    checked = 0
    for step, state in positions(game_id, players, seed, options):
        for action, index in by_step.pop(step, []):
            message, rule, exc = refusals(state, action)
            assert [message, rule] == texts[index], (step, action)
            assert exc.msgid is not None and said(exc) == message
            assert_chinese(game_id, exc)
            checked += 1
    assert by_step == {} and checked == len(rows)


def test_the_golden_covers_every_rule_tag_of_every_game() -> None:
    rules: dict[str, set[str]] = {}
    for config, rows in golden()["games"].items():
        game_id = json.loads(config)[0]
        rules.setdefault(game_id, set()).update(golden()["texts"][i][1] for _, _, i in rows)
    assert rules["buy-low-sell-high"] >= {"phase", "hand", "money", "first-lap", "sell-own"}
    assert rules["night-market"] >= {"phase", "afford", "auction-lot", "outbid", "yellow-min"}
    assert rules["take-stock"] >= {"phase", "hand", "manipulate", "target", "held-event"}
    assert all("game-over" in r for r in rules.values())


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_core_refusals_are_translated(game: str) -> None:
    state = get_game(game).new(get_game(game).min_players, 1)
    with pytest.raises(IllegalAction) as caught:
        state.check(-1)
    assert caught.value.message == f"-1 is not an action of {game}"
    assert caught.value.rule == "encoding"
    assert_chinese(game, caught.value)


@pytest.mark.parametrize(
    ("call", "english"),
    [
        (lambda g: g.new(9), "{id} is for {lo}-{hi} players, not 9"),
        (lambda g: g.new(g.min_players, seed="x"), "seed must be an integer, not 'x'"),
        (
            lambda g: g.new(g.min_players, 0, {"nope": 1}),
            "{id}: unknown option 'nope' (known options: {known})",
        ),
    ],
)
def test_core_option_errors_are_translated(call: Any, english: str) -> None:
    for game in all_games():
        with pytest.raises(BadOptions) as caught:
            call(game)
        known = ", ".join(sorted(o.name for o in game.option_specs)) or "none"
        expected = english.format(id=game.id, lo=game.min_players, hi=game.max_players, known=known)
        assert caught.value.message == expected
        assert_chinese(game.id, caught.value)


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_notation_errors_are_unchanged_in_english_and_translated(game_id: str) -> None:
    game = get_game(game_id)
    rows = json.loads(NOTATION_PATH.read_text(encoding="utf-8"))[game_id]
    assert len(rows) >= 20
    for text, message in rows:
        with pytest.raises(NotationError) as caught:
            if re.fullmatch(r"-?[0-9]+", text) and int(text) not in (12,):
                game.notation(int(text))
            else:
                game.parse(text)
        exc = caught.value
        assert (exc.message, exc.rule) == (message, "notation")
        assert exc.msgid is not None and exc.msgid.format(**exc.fields) == message
        assert_chinese(game_id, exc)


def test_exercise_cards_errors_are_translated() -> None:
    state = get_game("take-stock").new(3, 5)
    with pytest.raises(IllegalAction) as caught:
        state.parse("exercise O7 C3")
    assert (
        caught.value.message
        == "'exercise O7 C3': options are exercised only at the end of a round (§7.1)"
    )
    assert caught.value.text("zh-TW") == "'exercise O7 C3'：認股權只能在回合結束時行使(§7.1)"


def test_a_refusal_with_a_number_takes_its_plural_form_in_every_language() -> None:
    from bazaar.games.take_stock.refusals import refuse

    def hand(count: int) -> IllegalAction:
        return refuse.plural(
            "{note!r}: seat {seat} has only {count} card in hand (§7.1)",
            "{note!r}: seat {seat} has only {count} cards in hand (§7.1)",
            count,
            "exercise-hand",
            note="x",
            seat=2,
            count=count,
        )

    one, two = hand(1), hand(2)
    assert one.message == "'x': seat 2 has only 1 card in hand (§7.1)"
    assert two.message == "'x': seat 2 has only 2 cards in hand (§7.1)"
    assert one.text("en") == one.message and two.text("en") == two.message
    assert (one.rule, one.msgid, one.plural) == (
        "exercise-hand",
        "{note!r}: seat {seat} has only {count} card in hand (§7.1)",
        ("{note!r}: seat {seat} has only {count} cards in hand (§7.1)", 1),
    )
    assert one.text("zh-TW") == "'x'：玩家2手牌只有1張(§7.1)"
    assert two.text("zh-TW") == "'x'：玩家2手牌只有2張(§7.1)"


def test_two_numbers_two_plurals_the_row_clause_is_said_in_its_own_words() -> None:
    from bazaar.games.take_stock.refusals import refuse

    def limit(have: int, cards: int) -> IllegalAction:
        row = refuse.plural(
            "the longest row (splits included) has {limit} card",
            "the longest row (splits included) has {limit} cards",
            cards,
            "buy-limit",
            limit=cards,
        )
        return refuse.plural(
            "{note!r}: seat {seat} holds {have} certificate and {row}; a Buy needs fewer "
            "certificates than that (§5.3B)",
            "{note!r}: seat {seat} holds {have} certificates and {row}; a Buy needs fewer "
            "certificates than that (§5.3B)",
            have,
            "buy-limit",
            note="buy",
            seat=1,
            have=have,
            row=row,
        )

    assert limit(1, 1).message == (
        "'buy': seat 1 holds 1 certificate and the longest row (splits included) has 1 card; "
        "a Buy needs fewer certificates than that (§5.3B)"
    )
    assert limit(2, 1).message.startswith("'buy': seat 1 holds 2 certificates and the longest")
    assert "has 1 card;" in limit(2, 1).message and "has 2 cards;" in limit(2, 2).message
    assert limit(2, 2).text("zh-TW") == (
        "'buy'：玩家1有2張股票憑證，最長的股票列(含分割卡)有2張；購買股票時憑證張數必須少於這個數(§5.3B)"
    )
