"""α-Rank and Nash averaging over hand-made meta-games whose answers are known."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("scipy")
pytest.importorskip("open_spiel")

from bazaar.sim.metagame import alpha_rank, metagame, nash_average, payoff_table

ROCK_PAPER_SCISSORS = [[0.0, -0.5, 0.5], [0.5, 0.0, -0.5], [-0.5, 0.5, 0.0]]
#: A beats B and C, B beats C
DOMINANT = [[0.0, 0.4, 0.3], [-0.4, 0.0, 0.1], [-0.3, -0.1, 0.0]]
#: rock, paper, scissors with unequal stakes (the mix solving them: 2:3:1)
BIASED = [[0.0, -0.1, 0.3], [0.1, 0.0, -0.2], [-0.3, 0.2, 0.0]]
#: a cycle of three, and a fourth agent that loses to each of them
CYCLE_AND_WEAK = [
    [0.0, -0.2, 0.2, 0.3],
    [0.2, 0.0, -0.2, 0.1],
    [-0.2, 0.2, 0.0, 0.2],
    [-0.3, -0.1, -0.2, 0.0],
]


def approx(values: list[float]) -> Any:
    return pytest.approx(values, abs=1e-6)


def test_rock_paper_scissors_is_uniform_for_both() -> None:
    mix, rating = nash_average(ROCK_PAPER_SCISSORS)
    assert mix == approx([1 / 3, 1 / 3, 1 / 3])
    assert rating == approx([0.0, 0.0, 0.0])
    assert alpha_rank(ROCK_PAPER_SCISSORS) == approx([1 / 3, 1 / 3, 1 / 3])


def test_a_dominant_agent_takes_all_the_mass() -> None:
    mix, rating = nash_average(DOMINANT)
    assert mix == approx([1.0, 0.0, 0.0])
    assert rating == approx([0.0, -0.4, -0.3])  # each one's payoff against A
    assert alpha_rank(DOMINANT)[0] > 0.999


def test_unequal_stakes_give_the_mix_that_no_agent_beats() -> None:
    mix, rating = nash_average(BIASED)
    assert mix == approx([2 / 6, 3 / 6, 1 / 6])
    assert rating == approx([0.0, 0.0, 0.0])


def test_a_copy_of_an_agent_changes_no_nash_averaged_rating() -> None:
    mix, rating = nash_average(CYCLE_AND_WEAK)
    assert mix == approx([1 / 3, 1 / 3, 1 / 3, 0.0])
    assert rating == approx([0.0, 0.0, 0.0, -0.2])
    copied = [[*row, row[0]] for row in CYCLE_AND_WEAK]  # agent 5 is agent 1 again
    copied.append([*copied[0][:4], 0.0])
    mix2, rating2 = nash_average(copied)
    assert rating2 == approx([*rating, rating[0]])  # the ratings hold
    assert mix2 == approx([1 / 6, 1 / 3, 1 / 3, 0.0, 1 / 6])  # the copies share one weight
    # a plain average over the field moves: the weak agent's mean payoff is not its rating
    means = [sum(row) / len(row) for row in CYCLE_AND_WEAK]
    means2 = [sum(row) / len(row) for row in copied]
    assert means[3] == pytest.approx(-0.15) and means2[3] == pytest.approx(-0.18)


def test_the_payoff_table_of_a_ladder_is_its_antisymmetric_part() -> None:
    table = payoff_table([[None, {"mean": 0.7}], [{"mean": 0.4}, None]])
    assert table is not None
    assert [[round(x, 9) for x in row] for row in table] == [[0.0, 0.15], [-0.15, 0.0]]
    assert payoff_table([[None, {"mean": 0.7}], [None, None]]) is None


def test_a_ladder_matrix_gets_both_ratings_rounded() -> None:
    cell = [[None, {"mean": 0.9}, {"mean": 0.8}], [{"mean": 0.1}, None, {"mean": 0.6}]]
    cell.append([{"mean": 0.2}, {"mean": 0.4}, None])
    found = metagame({"win": cell})
    assert found is not None
    assert found["payoff"] == [[0.0, 0.4, 0.3], [-0.4, 0.0, 0.1], [-0.3, -0.1, 0.0]]
    assert found["nash"] == {"mix": [1.0, 0.0, 0.0], "rating": [0.0, -0.4, -0.3]}
    assert found["alpharank"]["mass"][0] == 1.0
    assert (found["alpharank"]["population"], found["alpharank"]["intensity"]) == (50, 100.0)


def ladder_with_ratings() -> dict[str, Any]:
    """random, heuristic and ismcts:easy, the last beating both (the DOMINANT game reordered)."""
    win = [
        [None, {"mean": 0.4}, {"mean": 0.2}],
        [{"mean": 0.6}, None, {"mean": 0.1}],
        [{"mean": 0.8}, {"mean": 0.9}, None],
    ]
    agents = ["random", "heuristic", "ismcts:easy"]
    matrix = {"game": "take-stock", "players": 2, "agents": agents, "win": win}
    return {**matrix, "metagame": metagame(matrix)}


def test_the_ladder_text_shows_both_ratings_strongest_first_in_both_languages() -> None:
    from bazaar.sim.report_text import ladder_lines

    lines = ladder_lines(ladder_with_ratings())
    start = lines.index("Ratings beyond the matrix")
    assert lines[start + 2].split() == [
        "Agent",
        "α-Rank",
        "mass",
        "Nash",
        "mix",
        "Nash-averaged",
        "rating",
    ]
    assert [line.split()[-3:] for line in lines[start + 3 : start + 6]] == [
        ["100%", "100%", "0.0"],
        ["0%", "0%", "-30.0"],
        ["0%", "0%", "-40.0"],
    ]
    text = " ".join(lines)
    assert "α-Rank: the share of time each agent holds" in text
    assert "(population 50, selection intensity 100)" in text
    assert "Nash averaging: the mix of agents that no single agent beats" in text
    chinese = " ".join(ladder_lines(ladder_with_ratings(), "zh-TW"))
    assert "勝率表之外的評分" in chinese and "納許平均：" in chinese and "族群大小 50" in chinese


def test_the_ladder_report_section_and_a_ladder_without_ratings() -> None:
    from bazaar.sim.report import metagame_section
    from bazaar.sim.report_text import ladder_lines

    html = metagame_section(ladder_with_ratings(), "en")
    assert "<th>Nash-averaged rating</th>" in html
    assert "<td>-40.0</td>" in html and "<td>-30.0</td>" in html
    bare = {**ladder_with_ratings(), "metagame": None}
    assert "need every cell of the matrix, and scipy and OpenSpiel" in metagame_section(bare, "en")
    old = {key: value for key, value in bare.items() if key != "metagame"}
    assert metagame_section(old, "en") == ""
    assert "Ratings beyond the matrix" not in ladder_lines(old)
