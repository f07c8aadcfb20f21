"""The story of play: each game's story from its record, their aggregate and their charts."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bazaar.core.errors import BadRecord
from bazaar.core.record import Match
from bazaar.core.registry import game_parts, get_game
from bazaar.games.buy_low_sell_high.story import STOCK_HEX as BLSH_HEX
from bazaar.games.night_market import story as night_story
from bazaar.games.night_market.fields import NightMarketFields
from bazaar.games.take_stock.story import STOCK_HEX as TAKE_STOCK_HEX
from bazaar.sim import story as sim_story
from bazaar.sim.story import aggregate, stories

GAMES = ("buy-low-sell-high", "take-stock", "night-market")
ROOT = Path(__file__).resolve().parents[2] / "bazaar" / "games"


def match(game_id: str, players: int, seed: int, moves: list[str]) -> Match:
    m = Match.new(get_game(game_id), players, seed)
    for move in moves:
        m.play(move)
    return m


def first_legal_to_the_end(m: Match) -> None:
    while m.state.to_move() is not None:
        m.play(m.state.legal_actions()[0])


def tell(m: Match) -> dict[str, Any]:
    story = game_parts(m.game.id).story
    assert story is not None
    return story(m.record)


# ---------------------------------------------------------------------------- price stories
def test_buy_low_sell_high_prices_follow_the_trades() -> None:
    m = match("buy-low-sell-high", 3, 7, ["+K0", "play K0com", "play K0+3", "-K1 -K2"])
    s = tell(m)
    assert s["prices"] == [[16, 16, 16], [17, 16, 16], [17, 16, 16], [17, 16, 16], [17, 15, 15]]
    assert s["moves"] == 4 and s["ends"] == []
    assert s["marks"] == [[0, {"en": "Year 1", "zh-TW": "第1年"}]]
    assert s["stocks"] == [
        {"id": "K0", "name": {"en": "red", "zh-TW": "紅色"}, "color": "#d23c3c"},
        {"id": "K1", "name": {"en": "green", "zh-TW": "綠色"}, "color": "#188449"},
        {"id": "K2", "name": {"en": "purple", "zh-TW": "紫色"}, "color": "#7a4bd3"},
    ]


def test_buy_low_sell_high_whole_game_marks_years_and_the_sell_off() -> None:
    m = match("buy-low-sell-high", 3, 7, [])
    first_legal_to_the_end(m)
    s = tell(m)
    assert s["moves"] == len(m.record.actions) == 91
    assert [mark[0] for mark in s["marks"]] == [0, 36, 70, 90]
    assert s["marks"][3][1] == {"en": "Final sell-off", "zh-TW": "最後賣股"}
    assert [(e["move"], e["prices"]) for e in s["ends"]] == [
        (19, [10, 15, 16]),
        (54, [8, 16, 12]),
        (90, [8, 19, 11]),
    ]
    assert all(s["prices"][e["move"]] == e["prices"] for e in s["ends"])
    assert s["prices"][-1] == [8, 19, 10]  # the sell-off sold purple


def test_take_stock_prices_follow_the_rows_and_keep_each_rounds_scored_prices() -> None:
    m = match("take-stock", 3, 7, ["play G2", "play T5"])
    s = tell(m)
    assert s["prices"] == [[1, 1, 1, 1, 1], [1, 2, 1, 1, 1], [1, 2, 5, 1, 1]]
    assert [st["name"]["en"] for st in s["stocks"]] == ["Cereal", "Gems", "Tech", "Oil", "Movies"]
    assert s["stocks"][0]["color"] == "#936000"
    first_legal_to_the_end(m)
    s = tell(m)
    assert [mark[0] for mark in s["marks"]] == [0, 16, 28, 39]
    assert s["marks"][1][1] == {"en": "Round 2", "zh-TW": "第2回合"}
    ends = [(e["move"], e["prices"]) for e in s["ends"]]
    assert ends == [
        (16, [4, 11, 8, 3, 1]),
        (28, [12, 7, 4, 1, 1]),
        (39, [6, 11, 5, 1, 2]),
        (47, [12, 2, 1, 1, 1]),
    ]
    # the move that ends a round shows its scored prices, the next one the new round's rows
    assert [s["prices"][move] for move, _ in ends] == [prices for _, prices in ends]
    assert s["prices"][17] == [3, 1, 1, 1, 1]


# ---------------------------------------------------------------------------- market stories
NIGHT_MOVES = ["hide T0E", "hide T1B", "hide T0B", "bid 3", "$5", "pass", "pass", "pass"]


def test_night_market_story_of_one_round() -> None:
    m = match("night-market", 3, 7, [*NIGHT_MOVES, "build 3 T0"])
    s = tell(m)
    lots = {lot["lot"]: lot for lot in s["lots"]}
    assert lots[3] == {
        "lot": 3,
        "x": 509.0,
        "y": 579.0,
        "street": 1,
        "star": False,
        "status": "owned",
        "price": 5,
        "round": 1,
        "owner": 1,
        "stall": "T0",
        "bids": 1,
        "served": 1,
    }
    assert [n for n, lot in lots.items() if lot["status"] == "void"] == [17, 23, 24]
    assert sum(lot["served"] for lot in s["lots"]) == 1
    state = m.state
    assert isinstance(state, NightMarketFields)
    assert state.last_income == (3, 0, 0)  # one customer at a single stall pays 3
    assert s["rounds"] == [
        {"round": 1, "entered": 7, "carried": 0, "served": 1, "left": 0, "stayed": 6, "income": 3},
        {"round": 2, "entered": 4, "carried": 6, "served": 0, "left": 0, "stayed": 10, "income": 0},
    ]
    assert len(state.waiting) == 10  # round 2 has not walked: all of them still wait
    assert s["stalls"][0] == {
        "id": "T0",
        "name": {"en": "food", "zh-TW": "食物"},
        "color": "#ff9f43",
    }


def _js_list(text: str, name: str) -> str:
    found = re.search(rf"const {name} = (.*?);\n", text, re.S)
    assert found, name
    return found.group(1)


def test_the_story_places_lots_and_colours_as_the_web_boards_draw_them() -> None:
    js = (ROOT / "night_market" / "static" / "board.js").read_text("utf-8")
    wide = _js_list(js, "WIDE")  # the board's 1000-unit layout (the story draws that one)
    found = re.search(r"lot: (\{[^}]*\}), face: WIDE_FACE, roadH: (\d+)", wide)
    assert found, wide
    lot, road_h = found.groups()
    assert lot == "{w: 114, h: 74, pitch: 120, x: 212}"
    assert (night_story.LOT_W, night_story.LOT_H, night_story.LOT_PITCH, night_story.LOT_X) == (
        114,
        74,
        120,
        212,
    )
    assert road_h == str(night_story.ROAD_H)
    rows = [json.loads(r) for r in re.findall(r"rows: (\[\[.*?\]\])", _js_list(js, "STREETS"))]
    assert rows == [[list(row) for row in street[1]] for street in night_story.STREETS]
    assert json.loads(_js_list(js, "TYPE_COLORS")) == list(night_story.STALL_HEX)
    blsh = (ROOT / "buy_low_sell_high" / "static" / "board.js").read_text("utf-8")
    assert tuple(re.findall(r'\{main: "(#[0-9a-f]{6})"', blsh)) == BLSH_HEX
    take = (ROOT / "take_stock" / "static" / "board.js").read_text("utf-8")
    colours = dict(re.findall(r'  ([A-Z]): \{name: N_\("\w+"\), color: "(#[0-9A-F]{6})"', take))
    assert colours == TAKE_STOCK_HEX


@pytest.mark.parametrize("game_id", GAMES)
def test_a_story_tells_every_random_game(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(5):
        rng = random.Random(seed)
        players = rng.randint(game.min_players, game.max_players)
        m = Match.new(game, players, seed)
        cut = rng.choice([None, 30])  # some games stop early: a story of an unfinished game
        while m.state.to_move() is not None and (cut is None or len(m.record.actions) < cut):
            m.play(rng.choice(m.state.legal_actions()))
        s = tell(m)
        assert json.loads(json.dumps(s)) == s
        assert s["moves"] == len(m.record.actions) and s["players"] == players
        if s["kind"] == "prices":
            assert len(s["prices"]) == s["moves"] + 1
            assert all(len(row) == len(s["stocks"]) for row in s["prices"])
            assert s["marks"][0][0] == 0
        else:
            for row in s["rounds"]:
                assert (
                    row["carried"] + row["entered"] == row["served"] + row["left"] + row["stayed"]
                )
            assert sum(r["served"] for r in s["rounds"]) == sum(lot["served"] for lot in s["lots"])
            if m.state.to_move() is None:
                assert s["rounds"][-1]["stayed"] == 0


# ---------------------------------------------------------------------------- aggregate
def price_story(prices: list[list[int]], marks: list[int], index: int | None) -> dict[str, Any]:
    return {
        "kind": "prices",
        "game": "toy",
        "players": 2,
        "moves": len(prices) - 1,
        "stocks": [{"id": "a", "name": {"en": "a", "zh-TW": "甲"}, "color": "#ff0000"}],
        "prices": prices,
        "marks": [
            [i, {"en": f"Part {k + 1}", "zh-TW": f"第{k + 1}段"}] for k, i in enumerate(marks)
        ],
        "ends": [{"move": marks[1], "label": {"en": "end"}, "prices": prices[marks[1]]}],
        **({"game_index": index} if index is not None else {}),
    }


def test_aggregate_of_price_stories(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim_story, "POINTS_PER_SEGMENT", 2)
    # two segments each; points read moves first, first + half (rounded up), and the last move
    a = price_story([[10], [11], [12], [13], [14]], [0, 2], index=5)  # points 10, 11, 12, 13, 14
    b = price_story([[20], [20], [22], [24]], [0, 1], index=3)  # points 20, 20, 20, 22, 24
    c = price_story([[0], [2], [4], [8], [8], [9], [10]], [0, 3], index=None)  # 0, 4, 8, 9, 10
    out = aggregate([a, b, c])
    assert out["games"] == 3 and out["segments"] == 2
    assert out["x"] == [0.0, 0.5, 1.0, 1.5, 2.0]
    assert out["median"] == [[10.0, 11.0, 12.0, 13.0, 14.0]]
    assert out["low"] == [[2.0, 5.4, 8.8, 9.8, 10.8]]
    assert out["high"] == [[18.0, 18.2, 18.4, 20.2, 22.0]]
    assert [m[0] for m in out["marks"]] == [0, 1]
    assert out["ends"] == [{"label": {"en": "end"}, "games": 3, "x": 1.0, "mean": [40 / 3]}]
    assert out["sample"] == {
        "game_index": 3,
        "x": [0.0, 1.0, 1.5, 2.0],
        "prices": [[20, 20, 22, 24]],
    }
    assert aggregate([c, b, a])["median"] == out["median"]


def market_story(lots: list[tuple[int | None, int, str]], flow: list[int]) -> dict[str, Any]:
    def lot(i: int, price: int | None, served: int, status: str) -> dict[str, Any]:
        return {
            "lot": i + 1,
            "x": 100.0 * i,
            "y": 50.0,
            "street": 1,
            "star": False,
            "status": status,
            "price": price,
            "round": 1 if price is not None else None,
            "owner": 1 if price is not None else None,
            "stall": "T1" if price is not None else None,
            "bids": 0 if price is None else 2,
            "served": served,
        }

    keys = ("entered", "carried", "served", "left", "stayed", "income")
    return {
        "kind": "market",
        "game": "night-market",
        "players": 3,
        "moves": 9,
        "board": {"width": 400, "height": 100, "lot_width": 90, "lot_height": 40},
        "stalls": [{"id": "T1", "name": {"en": "drink", "zh-TW": "飲料"}, "color": "#4dd0e1"}],
        "lots": [lot(i, *spec) for i, spec in enumerate(lots)],
        "rounds": [{"round": 1, **dict(zip(keys, flow, strict=True))}],
    }


def test_aggregate_of_market_stories() -> None:
    one = market_story([(4, 3, "owned"), (None, 0, "void")], [6, 0, 3, 1, 2, 9])
    two = market_story([(9, 1, "owned"), (None, 0, "removed")], [8, 2, 5, 1, 4, 15])
    three = market_story([(None, 0, "deck"), (0, 6, "owned")], [7, 4, 6, 0, 5, 18])
    out = aggregate([one, two, three])
    first, second = out["lots"]
    assert first["bought"] == pytest.approx(2 / 3) and first["price"] == 6.5
    assert (first["price_median"], first["price_low"], first["price_high"]) == (6.5, 4.5, 8.5)
    assert first["served"] == pytest.approx(4 / 3) and first["stalls"] == {
        "T1": pytest.approx(2 / 3)
    }
    assert second["price"] == 0 and second["bought"] == pytest.approx(1 / 3)
    assert (second["removed"], second["void"]) == (pytest.approx(1 / 3), pytest.approx(1 / 3))
    assert out["rounds"] == [
        {"round": 1, "games": 3, "entered": 7.0, "carried": 2.0, "served": 14 / 3,
         "left": 2 / 3, "stayed": 11 / 3, "income": 14.0}
    ]  # fmt: skip
    assert aggregate([]) == {"kind": None, "games": 0}
    with pytest.raises(ValueError, match="aggregate one game at a time"):
        aggregate([one, price_story([[1], [2]], [0, 1], None)])


# ---------------------------------------------------------------------------- out folders
def write_records(folder: Path, matches: list[Match]) -> None:
    lines = [
        json.dumps({"game_index": i, "record": m.record.to_json()}) for i, m in enumerate(matches)
    ]
    (folder / "records.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_stories_of_an_output_folder(tmp_path: Path) -> None:
    matches = [match("night-market", 3, 7, NIGHT_MOVES), match("night-market", 4, 8, [])]
    write_records(tmp_path, matches)
    told = list(stories(tmp_path))
    assert [s["game_index"] for s in told] == [0, 1]
    assert [s["players"] for s in told] == [3, 4]
    assert [s["game_index"] for s in stories(tmp_path, limit=1)] == [0]
    lots = {lot["lot"]: lot for lot in aggregate(told)["lots"]}
    assert (lots[3]["bought"], lots[3]["price"], lots[3]["bids"]) == (0.5, 5.0, 0.5)
    with (tmp_path / "records.jsonl").open("a") as fh:
        fh.write('{"game_index": 2}\n')
    with pytest.raises(BadRecord, match=r"records\.jsonl line 3: not a game record line"):
        list(stories(tmp_path))
    with pytest.raises(FileNotFoundError, match=r"no records\.jsonl in"):
        next(stories(tmp_path / "missing"))


def test_stories_of_a_simulation(tmp_path: Path) -> None:
    from bazaar.sim.plan import SimPlan
    from bazaar.sim.run import simulate

    plan = SimPlan.make("take-stock", ["random", "random", "random"], seed=3)
    assert simulate(plan, 3, tmp_path) == 3
    told = list(stories(tmp_path))
    assert [(s["game_index"], s["kind"], s["players"]) for s in told] == [
        (i, "prices", 3) for i in range(3)
    ]
    out = aggregate(told)
    assert out["games"] == 3 and out["segments"] == 4 and out["sample"]["game_index"] == 0
    assert [e["games"] for e in out["ends"]] == [3, 3, 3, 3]


# ---------------------------------------------------------------------------- charts
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_story_charts_in_both_languages(lang: str) -> None:
    from bazaar.sim.story_charts import story_pngs

    prices = aggregate(
        [price_story([[10], [11], [12]], [0, 1], 0), price_story([[9], [12], [8]], [0, 1], 1)]
    )
    market = aggregate([market_story([(4, 3, "owned"), (None, 0, "void")], [6, 0, 3, 1, 2, 9])])
    pngs = {**story_pngs(prices, lang), **story_pngs(market, lang)}
    assert sorted(pngs) == ["story_board", "story_flow", "story_prices"]
    assert all(png.startswith(PNG) and len(png) > 5000 for png in pngs.values())
    assert story_pngs({"kind": None, "games": 0}, lang) == {}
