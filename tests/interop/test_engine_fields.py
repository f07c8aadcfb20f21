# ruff: noqa: E501  (pinned reply lines are kept whole)
"""Pinned replies of the request fields both engine versions read (bazaar.interop.engine_fields):
a bad field gives protocol 1 its reply as it always was (no ``field``) and protocol 2 its own
reply naming the ``field``; the game is unchanged. Each request follows ``new`` and one move."""

from __future__ import annotations

import json

import pytest

from bazaar.interop.engine import Engine

NEW = '{"cmd": "new", "game": "buy-low-sell-high", "players": 3}'

CASES = [
    (
        1,
        '{"cmd": "new", "players": 3}',
        '{"ok": false, "error": "missing field \'game\' (a game id: buy-low-sell-high, take-stock, night-market)", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "new", "game": 7, "players": 3}',
        '{"ok": false, "error": "field \'game\' must be a game id string (buy-low-sell-high, take-stock, night-market), not 7", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "new", "game": "chess", "players": 3}',
        '{"ok": false, "error": "unknown game \'chess\' (known games: buy-low-sell-high, take-stock, night-market)", "code": "unknown-game"}',
    ),
    (
        1,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": null}',
        '{"ok": false, "error": "field \'players\' must be an integer (the number of players, 2-4), not null", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 9}',
        '{"ok": false, "error": "buy-low-sell-high is for 2-4 players, not 9", "code": "options"}',
    ),
    (
        1,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "seed": 18446744073709551616}',
        '{"ok": false, "error": "field \'seed\' is 18446744073709551616, but a seed must be from -2**63 to 2**64 - 1", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "seed": null}',
        '{"ok": false, "error": "field \'seed\' must be an integer (the random seed), not null", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "options": [1]}',
        '{"ok": false, "error": "field \'options\' must be an object of rule options, not [1]", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "options": {"nope": 1}}',
        '{"ok": false, "error": "buy-low-sell-high: unknown option \'nope\' (known options: bn_may_target_covered_space, deck, dividend_table, first_lap_limits, forced_sale_may_exceed_zero, forced_sale_replaces_trading, negative_money_timing, selloff_starts_with, short_column_shift, size)", "code": "options"}',
    ),
    (
        1,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "seats": ["a", "b"]}',
        '{"ok": false, "error": "field \'seats\' names 2 players, but \'players\' is 3", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "names": ["a", "b"]}',
        "{\"ok\": false, \"error\": \"unknown field 'names' for command 'new' (its fields: 'id', 'game', 'players', 'seed', 'options', 'seats')\", \"code\": \"field\"}",
    ),
    (
        1,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "seats": "abc"}',
        '{"ok": false, "error": "field \'seats\' must be a list of player names, not \\"abc\\"", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "seats": ["a", "\\u202e", "c"]}',
        '{"ok": false, "error": "field \'seats\': seat 1: a name may not contain the character U+202E", "code": "name"}',
    ),
    (
        1,
        '{"cmd": "undo", "count": 5}',
        '{"ok": false, "error": "field \'count\' is 5, but the actions that can be taken back: 0", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "undo", "count": "1"}',
        '{"ok": false, "error": "field \'count\' must be an integer (how many actions to take back), not \\"1\\"", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "load"}',
        '{"ok": false, "error": "missing field \'record\' (a game record object, as the \'record\' command returns)", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "load", "record": {"format": 1, "game": "chess", "players": 3, "seed": 0, "actions": []}}',
        '{"ok": false, "error": "record cannot start a game: unknown game \'chess\' (known games: buy-low-sell-high, take-stock, night-market)", "code": "record"}',
    ),
    (
        1,
        '{"cmd": "view", "seat": 3}',
        '{"ok": false, "error": "field \'seat\' is 3, but this game has seats 0-2", "code": "field"}',
    ),
    (
        1,
        '{"cmd": "log", "lang": "fr"}',
        '{"ok": false, "error": "field \'lang\' must be one of \\"en\\", \\"zh-TW\\", not \\"fr\\"", "code": "field"}',
    ),
    (
        1,
        '{"cmd": 5}',
        '{"ok": false, "error": "field \'cmd\' must be a string, not 5", "code": "field"}',
    ),
    (
        1,
        '{"seat": 0}',
        '{"ok": false, "error": "missing field \'cmd\': say what to do, e.g. {\\"cmd\\": \\"games\\"} (commands: help, games, new, legal, check, play, undo, view, result, record, load, log, quit)", "code": "request"}',
    ),
    (
        1,
        '{"cmd": "result", "seta": 1}',
        '{"ok": false, "error": "unknown field \'seta\' for command \'result\' (its fields: \'id\')", "code": "field"}',
    ),
    (
        2,
        '{"cmd": "new", "players": 3}',
        '{"ok": false, "error": "missing field \'game\' (a game id: buy-low-sell-high, take-stock, night-market)", "code": "field", "field": "game"}',
    ),
    (
        2,
        '{"cmd": "new", "game": 7, "players": 3}',
        '{"ok": false, "error": "field \'game\' must be a game id string (buy-low-sell-high, take-stock, night-market), not 7", "code": "field", "field": "game"}',
    ),
    (
        2,
        '{"cmd": "new", "game": "chess", "players": 3}',
        '{"ok": false, "error": "unknown game \'chess\' (known games: buy-low-sell-high, take-stock, night-market)", "code": "unknown-game", "field": "game"}',
    ),
    (
        2,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": null}',
        '{"ok": false, "error": "field \'players\' must be an integer (the number of players, 2-4), not null", "code": "field", "field": "players"}',
    ),
    (
        2,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 9}',
        '{"ok": false, "error": "field \'players\' is 9, but it must be from 2 to 4 (the number of players, 2-4)", "code": "field", "field": "players"}',
    ),
    (
        2,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "seed": 18446744073709551616}',
        '{"ok": false, "error": "field \'seed\' must be an integer from -2**63 to 2**64 - 1, not 18446744073709551616", "code": "field", "field": "seed"}',
    ),
    (
        2,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "options": [1]}',
        '{"ok": false, "error": "field \'options\' must be an object of rule options, not [1]", "code": "field", "field": "options"}',
    ),
    (
        2,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "options": {"nope": 1}}',
        '{"ok": false, "error": "buy-low-sell-high: unknown option \'nope\' (known options: bn_may_target_covered_space, deck, dividend_table, first_lap_limits, forced_sale_may_exceed_zero, forced_sale_replaces_trading, negative_money_timing, selloff_starts_with, short_column_shift, size)", "code": "options", "field": "options"}',
    ),
    (
        2,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "names": ["a", "b"]}',
        '{"ok": false, "error": "field \'names\' names 2 players, but \'players\' is 3", "code": "field", "field": "names"}',
    ),
    (
        2,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "seats": ["a", "b"]}',
        "{\"ok\": false, \"error\": \"unknown field 'seats' for command 'new' (its fields: 'id', 'game', 'players', 'seed', 'options', 'names')\", \"code\": \"field\", \"field\": \"seats\"}",
    ),
    (
        2,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "names": "abc"}',
        '{"ok": false, "error": "field \'names\' must be a list of player names, not \\"abc\\"", "code": "field", "field": "names"}',
    ),
    (
        2,
        '{"cmd": "new", "game": "buy-low-sell-high", "players": 3, "names": ["a", "\\u202e", "c"]}',
        '{"ok": false, "error": "field \'names\': seat 1: a name may not contain the character U+202E", "code": "name", "field": "names"}',
    ),
    (
        2,
        '{"cmd": "undo", "count": 5}',
        '{"ok": false, "error": "field \'count\' is 5, but it must be from 1 to 1 (how many actions to take back)", "code": "field", "field": "count"}',
    ),
    (
        2,
        '{"cmd": "undo", "count": "1"}',
        '{"ok": false, "error": "field \'count\' must be an integer (how many actions to take back), not \\"1\\"", "code": "field", "field": "count"}',
    ),
    (
        2,
        '{"cmd": "load"}',
        '{"ok": false, "error": "missing field \'record\' (a game record object, as the \'record\' command returns)", "code": "field", "field": "record"}',
    ),
    (
        2,
        '{"cmd": "load", "record": {"format": 1, "game": "chess", "players": 3, "seed": 0, "actions": []}}',
        '{"ok": false, "error": "record cannot start a game: unknown game \'chess\' (known games: buy-low-sell-high, take-stock, night-market)", "code": "record", "field": "record"}',
    ),
    (
        2,
        '{"cmd": "view", "seat": 3}',
        '{"ok": false, "error": "field \'seat\' is 3, but this game has seats 0-2", "code": "field", "field": "seat"}',
    ),
    (
        2,
        '{"cmd": "log", "lang": "fr"}',
        '{"ok": false, "error": "field \'lang\' must be one of \\"en\\", \\"zh-TW\\", not \\"fr\\"", "code": "field", "field": "lang"}',
    ),
    (
        2,
        '{"cmd": 5}',
        '{"ok": false, "error": "field \'cmd\' must be a string, not 5", "code": "field", "field": "cmd"}',
    ),
    (
        2,
        '{"seat": 0}',
        '{"ok": false, "error": "missing field \'cmd\': say what to do, e.g. {\\"cmd\\": \\"legal\\"} (commands: hello, help, games, new, legal, check, play, plays, view, result, undo, record, load, log, bot, hint, analysis, quit)", "code": "request", "field": "cmd"}',
    ),
    (
        2,
        '{"cmd": "result", "seta": 1}',
        '{"ok": false, "error": "unknown field \'seta\' for command \'result\' (its fields: \'id\')", "code": "field", "field": "seta"}',
    ),
]


@pytest.mark.parametrize(("protocol", "request_line", "reply_line"), CASES)
def test_a_bad_field_gets_its_pinned_reply_and_changes_nothing(
    protocol: int, request_line: str, reply_line: str
) -> None:
    engine = Engine()
    if protocol == 2:
        engine.handle('{"cmd": "hello", "protocol": 2}')
    engine.handle(NEW)
    engine.handle(
        '{"cmd": "play", "action": 0}' if protocol == 1 else '{"cmd": "play", "index": 0}'
    )
    before = engine.handle_json('{"cmd": "record"}')
    assert engine.handle_json(request_line) == reply_line
    assert engine.handle_json('{"cmd": "record"}') == before
    assert json.loads(reply_line)["ok"] is False
