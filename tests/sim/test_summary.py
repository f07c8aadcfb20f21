"""The summary of a simulation's rows: exact figures on rows computed by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bazaar.sim.report import read_out
from bazaar.sim.report_text import (
    headlines,
    ladder_lines,
    ladder_table,
    seconds_words,
    summary_lines,
    summary_table,
    width,
)
from bazaar.sim.summary import (
    mean_interval,
    rate,
    ratio_interval,
    summarize,
    wilson,
)
from tests.no_english import english_tokens
from tests.sim.fake_out import game_row, write_out

H, R = "heuristic", "random"


def four_games() -> list[dict]:
    """Two seats, rotated: Seat 1 wins, a 7-7 tie, Seat 2 wins, Seat 1 wins."""
    return [
        game_row(0, [H, R], [10, 5], decisions=10, forced=2, legal_mean=3.0, lead_changes=1),
        game_row(1, [R, H], [7, 7], decisions=12, forced=3, legal_mean=5.0, lead_changes=0),
        game_row(2, [H, R], [3, 9], decisions=8, forced=0, legal_mean=2.0, lead_changes=2),
        game_row(3, [R, H], [8, 2], decisions=10, forced=5, legal_mean=4.0, lead_changes=1),
    ]


@pytest.fixture(scope="module")
def summary(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = write_out(
        tmp_path_factory.mktemp("sim") / "out",
        four_games(),
        seconds=[[0.5, 1.2], [0.6, 0.6], [0.4, 0.8], [1.0, 0.2]],
    )
    _plan, rows, timings = read_out(folder)
    return summarize(rows, timings)


def test_intervals_match_hand_computed_values() -> None:
    assert wilson(8, 10) == {"mean": 0.8, "low": 0.490162, "high": 0.943318}  # textbook example
    assert wilson(0, 4) == {"mean": 0.0, "low": 0.0, "high": 0.489891}
    assert wilson(0, 0) == {"mean": 0.0, "low": 0.0, "high": 0.0}
    # mean 7, s = sqrt(26/3), t(0.975, 3) = 3.1824
    assert mean_interval([10, 7, 3, 8]) == {"mean": 7.0, "low": 2.315634, "high": 11.684366}
    assert mean_interval([4.5]) == {"mean": 4.5, "low": 4.5, "high": 4.5}
    # a count never goes below 0: mean 1, half-width 4.3027 * sqrt(3 / 3)
    assert mean_interval([0, 0, 3], floor=0.0) == {"mean": 1.0, "low": 0.0, "high": 5.3027}
    # pooled 10/40; residuals 2-2.5, 3-3, 0-2, 5-2.5 -> se = sqrt(10.5 / 12) / 10
    assert ratio_interval([2, 3, 0, 5], [10, 12, 8, 10], share=True) == {
        "mean": 0.25,
        "low": 0.0,
        "high": 0.547686,
    }


def test_seats_and_first_player(summary: dict) -> None:
    assert (summary["game"], summary["players"], summary["games"]) == ("buy-low-sell-high", 2, 4)
    assert summary["agents"] == [H, R] and summary["fair"] == 0.5
    seat1, seat2 = summary["seats"]
    # Seat 1: 1 + 1/2 + 0 + 1 = 2.5 wins of 4
    assert seat1["win"] == {"mean": 0.625, "low": 0.219427, "high": 0.908101}
    assert round(seat2["win"]["low"], 4) == 0.0919 and round(seat2["win"]["high"], 4) == 0.7806
    assert seat1["score"] == {"mean": 7.0, "low": 2.315634, "high": 11.684366}
    assert summary["first_player"] == {"win": seat1["win"], "fair": 0.5, "advantage": 0.125}


def test_agents_ratings_and_time_per_decision(summary: dict) -> None:
    heuristic, rand = summary["agent_stats"]
    assert (heuristic["agent"], heuristic["seats_played"]) == (H, 4)
    assert heuristic["win"]["mean"] == 0.375 and rand["win"]["mean"] == 0.625
    assert heuristic["score"]["mean"] == 5.5 and rand["score"]["mean"] == 7.25
    # random won twice, tied once, lost once: rated above; two players move mu symmetrically
    assert rand["rating"]["mu"] > 25 > heuristic["rating"]["mu"]
    assert rand["rating"]["mu"] + heuristic["rating"]["mu"] == pytest.approx(50, abs=1e-5)
    assert rand["rating"]["ordinal"] == pytest.approx(
        rand["rating"]["mu"] - 3 * rand["rating"]["sigma"], abs=1e-5
    )
    # heuristic: 0.5 + 0.6 + 0.4 + 0.2 s over 5 + 6 + 4 + 5 decisions
    assert heuristic["seconds_per_decision"] == 0.085
    assert rand["seconds_per_decision"] == pytest.approx((1.2 + 0.6 + 0.8 + 1.0) / 20)


def test_metrics_and_distributions(summary: dict) -> None:
    metrics = summary["metrics"]
    assert metrics["decisions"]["mean"] == 10.0
    assert metrics["forced_share"] == {"mean": 0.25, "low": 0.0, "high": 0.547686}
    # legal moves pooled over decisions: (30 + 60 + 16 + 40) / 40
    assert metrics["legal_mean"]["mean"] == 3.65
    assert metrics["lead_changes"]["mean"] == 1.0
    assert metrics["score_spread"]["mean"] == 4.25  # 5, 0, 6, 6
    assert metrics["margin"]["mean"] == 4.25  # a tie for first has no margin
    assert summary["distributions"] == {
        "score_by_agent": {H: [10.0, 7.0, 3.0, 2.0], R: [5.0, 7.0, 9.0, 8.0]},
        "decisions": [10, 12, 8, 10],
    }
    assert json.loads(json.dumps(summary)) == summary  # JSON-able, nothing lost


def test_the_summary_is_deterministic_and_order_free() -> None:
    rows = four_games()
    assert json.dumps(summarize(rows[::-1])) == json.dumps(summarize(rows))


def test_an_agent_in_several_seats_gets_the_mean_of_its_seats_updates() -> None:
    from openskill.models import PlackettLuce

    rows = [
        game_row(0, [H, R, R], [5, 9, 1]),  # random first and last, heuristic second
        game_row(1, [R, R, R], [3, 2, 1]),  # random against itself: not rated
    ]
    model = PlackettLuce()
    teams = [[model.rating()], [model.rating()], [model.rating()]]
    h, r1, r2 = (team[0] for team in model.rate(teams, ranks=[2, 1, 3]))
    ratings = rate(rows, 3)
    assert ratings[H]["mu"] == round(h.mu, 6)
    assert ratings[R]["mu"] == round((r1.mu + r2.mu) / 2, 6)
    assert ratings[R]["sigma"] == round((r1.sigma + r2.sigma) / 2, 6)
    assert summarize(rows)["agent_stats"][1]["seats_played"] == 5


def test_bad_rows_are_refused_with_the_field_named() -> None:
    with pytest.raises(ValueError, match="rows: no games"):
        summarize([])
    mixed = [game_row(0, [H, R], [1, 2]), game_row(1, [H, R, R], [1, 2, 3])]
    with pytest.raises(ValueError, match="rows: game 1 is buy-low-sell-high with 3 players"):
        summarize(mixed)


def test_headlines_say_what_the_interval_allows(summary: dict) -> None:
    assert headlines(summary, "en")[0] == (
        "Seat 1 won 63% of the games (95%: 22%–91%); a fair share of 50% lies inside that "
        "range, so these 4 games show no clear first-player advantage."
    )
    assert headlines(summary, "zh-TW")[0] == (
        "玩家1贏得63%的對局（95%：22%–91%）；公平勝率50%落在這個範圍內，"
        "所以這4局看不出明顯的先手優勢。"
    )
    clear = {**summary, "seats": [{**summary["seats"][0], "win": wilson(70, 100)}]}
    assert headlines(clear, "en")[0] == (
        "Seat 1 won 70% of the games (95%: 60%–78%) where a fair share is 50%: "
        "a first-player advantage."
    )
    behind = {**summary, "seats": [{**summary["seats"][0], "win": wilson(30, 100)}]}
    assert headlines(behind, "zh-TW")[0] == (
        "玩家1只贏得30%的對局（95%：22%–40%），而公平勝率是50%：先手吃虧。"
    )
    assert headlines(summary, "en")[1] == (
        "Random bot rates highest: it won 63% of the seats it played (95%: 22%–91%). Its "
        "interval overlaps with that of Rule-based bot: more games would tell them apart."
    )
    assert len(headlines(summary, "en")) == 4  # with two agents, no "won least" line
    assert seconds_words(0.0000123, "en") == "0.012 ms"
    assert seconds_words(0.0853, "zh-TW") == "85.3毫秒" and seconds_words(None, "en") == "–"


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_terminal_table_fits_80_columns(summary: dict, lang: str) -> None:
    lines = summary_lines(summary, lang)
    assert str(summary_table(summary, lang)) == "\n".join(lines)
    assert max(width(line) for line in lines) <= 80
    assert (
        lines[0]
        == {"en": "Buy Low Sell High: 4 games, 2 players", "zh-TW": "傻瓜炒股：4局，2位玩家"}[lang]
    )
    if lang == "zh-TW":
        assert [w for line in lines for w in english_tokens("buy-low-sell-high", line)] == []
        assert lines[3] == "玩家1  63%（95%：22%–91%）  7.0（95%：2.3–11.7）"


def test_the_reader_types_the_columns(tmp_path: Path) -> None:
    _plan, rows, timings = read_out(write_out(tmp_path, four_games(), seconds=[[1, 2]] * 4))
    assert rows[1]["seat1_win"] == 0.5 and isinstance(rows[1]["seat1_rank"], int)
    assert rows[0]["winners"] == "1" and rows[1]["winners"] == "1 2"
    assert timings[0] == {
        "game_index": 0,
        "seconds": 3.0,
        "seat1_seconds": 1.0,
        "seat2_seconds": 2.0,
    }


def test_the_ladder_table() -> None:
    matrix = {
        "game": "night-market",
        "players": 3,
        "agents": ["random", "heuristic"],
        "win": [[None, wilson(1, 10)], [wilson(6, 10), None]],
        "games": [[0, 10], [10, 0]],
    }
    assert ladder_lines(matrix, "en") == [
        "Strength ladder: Taiwan Night Market, 3 players (fair share 33%)",
        "",
        "                    1    2",
        "1 Random bot        –  10%",
        "2 Rule-based bot  60%    –",
        "",
        "Rows: the agent in one seat; columns (by number): the agent in every other seat.",
    ]
    zh = ladder_lines(matrix, "zh-TW")
    assert zh[3] == "1 隨機電腦      –  10%"
    assert [w for line in zh for w in english_tokens("night-market", line)] == []
    assert str(ladder_table(matrix, "en")).splitlines()[3] == "1 Random bot        –  10%"


def test_one_agent_in_every_seat() -> None:
    rows = [game_row(i, [H, H, H], [3, 1 + i, 2]) for i in range(3)]
    summary = summarize(rows)
    (stats,) = summary["agent_stats"]
    assert stats["seats_played"] == 9 and stats["win"]["mean"] == pytest.approx(1 / 3)
    assert stats["rating"] == {"mu": 25.0, "sigma": 8.333333, "ordinal": 0.0}  # never rated
    assert stats["seconds_per_decision"] is None
    lines = headlines(summary, "en")
    assert len(lines) == 3 and not any("rates highest" in line for line in lines)
