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
        if not isinstance(value, Term):
            shown = repr(value) if f"{{{name}!r}}" in (exc.msgid or "") else str(value)
            assert shown in zh, (exc.msgid, name, zh)


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
            assert exc.msgid is not None and exc.msgid.format(**exc.fields) == message
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
