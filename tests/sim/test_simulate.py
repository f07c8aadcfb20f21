"""bazaar.sim: plans, one game's row, the out folder, resuming and --jobs (docs/simulation.md)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from bazaar.core.errors import BazaarError
from bazaar.core.record import GameRecord
from bazaar.core.registry import game_parts
from bazaar.sim import backends
from bazaar.sim.agents import SIM_ITERATIONS, make_agent
from bazaar.sim.plan import SimError, SimPlan
from bazaar.sim.play import LeadTracker, play_game, ranks
from bazaar.sim.run import simulate
from bazaar.sim.store import OutDir, read_records, read_rows, read_timings, row_columns

BLSH = "buy-low-sell-high"


def plan3(seed: int = 7) -> SimPlan:
    return SimPlan.make(BLSH, ["heuristic", "random", "random"], seed=seed)


def test_seats_rotate_so_every_agent_sits_everywhere_equally() -> None:
    plan = SimPlan.make(BLSH, ["heuristic", "ismcts:easy", "random"])
    assert [plan.task(i).seats for i in range(4)] == [
        ("heuristic", "ismcts:easy", "random"),
        ("random", "heuristic", "ismcts:easy"),
        ("ismcts:easy", "random", "heuristic"),
        ("heuristic", "ismcts:easy", "random"),
    ]


def test_a_game_depends_on_the_plan_seed_and_its_index_only() -> None:
    first, again, other = plan3(7).task(5), plan3(7).task(5), plan3(8).task(5)
    assert first == again
    assert first.seed != other.seed and first.seed != plan3(7).task(6).seed
    assert len(set(first.bot_seeds)) == 3


def test_the_last_agent_fills_the_other_seats() -> None:
    plan = SimPlan.make("take-stock", ["heuristic", "random"], players=4)
    assert plan.agents == ("heuristic", "random", "random", "random")
    assert SimPlan.make("night-market", ["heuristic"]).agents == ("heuristic",) * 3


@pytest.mark.parametrize(
    ("seats", "players", "message"),
    [
        (["heuristic", "rando"], None, "unknown agent 'rando' (known agents: random, heuristic"),
        (["random"] * 5, 4, "5 agents in --seats for 4 players"),
        (["random", ""], None, "--seats needs at least one agent and no empty entry"),
        (["random@5"], None, "'random@5': only ismcts agents take @N"),
        (["ismcts:easy@0"], None, "'ismcts:easy@0': only ismcts agents take @N"),
    ],
)
def test_bad_seats_are_refused_by_name(seats: list[str], players: int | None, message: str) -> None:
    with pytest.raises(SimError) as caught:
        SimPlan.make(BLSH, seats, players)
    assert message in caught.value.message


def test_bad_player_counts_and_options_get_the_games_own_errors() -> None:
    with pytest.raises(BazaarError) as caught:
        SimPlan.make(BLSH, ["random"], players=5)
    assert caught.value.message == "buy-low-sell-high is for 2-4 players, not 5"
    with pytest.raises(BazaarError) as caught:
        SimPlan.make(BLSH, ["random"], options={"first_lap_limits": "never"})
    assert caught.value.message == (
        "buy-low-sell-high: option 'first_lap_limits' cannot be 'never' "
        "(allowed: 'exact', 'at_most')"
    )


def test_time_limited_levels_search_a_fixed_budget_in_simulations() -> None:
    hard = make_agent("ismcts:hard", 1, BLSH)
    search = hard.search(_start())  # type: ignore[attr-defined]
    assert (search.iterations, search.millis) == (SIM_ITERATIONS["hard"], None)
    chosen = make_agent("ismcts:medium@37", 1, BLSH).search(_start())  # type: ignore[attr-defined]
    assert (chosen.iterations, chosen.millis) == (37, None)


def _start():
    from bazaar.core.registry import get_game

    return get_game(BLSH).new(3, 1)


def test_ranks_share_the_best_place_of_a_tie() -> None:
    assert ranks([5.0, 9.0, 5.0, 1.0]) == [2, 1, 2, 4]
    lead = LeadTracker()
    for scores in ([1, 0], [1, 1], [0, 2], [0, 2], [3, 3], [4, 1]):
        lead.see([float(x) for x in scores])
    assert (lead.leader, lead.changes) == (0, 2)


def test_a_row_agrees_with_its_record_replayed() -> None:
    task = plan3().task(4)
    result = play_game(task)
    row, record = result.row, GameRecord.from_json(result.record)
    assert record.seats == list(task.seats) and record.seed == task.seed
    states = list(_legal_counts(record))
    forced = sum(1 for n in states if n == 1)
    legal = sum(states)
    final = record.replay()
    assert row["decisions"] == len(record.actions) == len(states)
    assert row["forced"] == forced
    assert row["legal_mean"] == float(f"{legal / len(states):.6g}")
    assert row["legal_max"] == max(states)
    assert [row[f"seat{k}_score"] for k in (1, 2, 3)] == final.scores() == record.scores
    assert [row[f"seat{k}_win"] for k in (1, 2, 3)] == [float(f"{x:.6g}") for x in final.returns()]
    assert row["winners"] == " ".join(str(s + 1) for s in final.winners())
    assert row["seat1_agent"] == task.seats[0]
    assert sum(row[f"seat{k}_decisions"] for k in (1, 2, 3)) == row["decisions"]
    assert row["lead_changes"] == _lead_changes(record)


def _legal_counts(record: GameRecord):
    from bazaar.core.record import Match
    from bazaar.core.registry import get_game

    match = Match.new(get_game(record.game), record.players, record.seed, record.options)
    for text in record.actions:
        yield len(match.state.legal_actions())
        match.play(text)


def _lead_changes(record: GameRecord) -> int:
    from bazaar.core.record import Match
    from bazaar.core.registry import get_game

    estimate = game_parts(record.game).estimate
    assert estimate is not None
    match = Match.new(get_game(record.game), record.players, record.seed, record.options)
    leaders: list[int] = []
    for text in record.actions:
        mover = match.state.to_move()
        match.play(text)
        state = match.state
        if state.is_over():
            scores = state.scores()
        elif state.to_move() != mover:
            scores = estimate(state)
        else:
            continue
        best = max(scores)
        if scores.count(best) == 1:
            leaders.append(scores.index(best))
    return sum(1 for a, b in itertools.pairwise(leaders) if a != b)


def test_the_out_folder_holds_plan_rows_timings_and_records(tmp_path: Path) -> None:
    assert simulate(plan3(), 6, tmp_path) == 6
    rows = read_rows(tmp_path)
    assert [row["game_index"] for row in rows] == list(range(6))
    header = (tmp_path / "rows.csv").read_text().splitlines()[0].split(",")
    assert header == list(row_columns(3)) and header[13:16] == [
        "seat1_agent",
        "seat1_score",
        "seat1_win",
    ]
    plan_json = json.loads((tmp_path / "plan.json").read_text())
    assert plan_json["agents"] == ["heuristic", "random", "random"] and plan_json["rows"] == "csv"
    timings = read_timings(tmp_path)
    assert [t["game_index"] for t in timings] == list(range(6))
    assert all(t["seconds"] >= t["seat1_seconds"] >= 0 for t in timings)
    records = list(read_records(tmp_path))
    assert [i for i, _ in records] == list(range(6))
    for (_, record), row in zip(records, rows, strict=True):
        assert record.replay().scores() == [row[f"seat{k}_score"] for k in (1, 2, 3)]


def test_running_again_plays_only_the_missing_games(tmp_path: Path) -> None:
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    simulate(plan3(), 20, whole)
    assert simulate(plan3(), 12, parts) == 12
    assert simulate(plan3(), 20, parts) == 8
    assert simulate(plan3(), 20, parts) == 0
    assert simulate(plan3(), 10, parts) == 0
    for name in ("rows.csv", "records.jsonl"):
        assert (parts / name).read_bytes() == (whole / name).read_bytes()


def test_a_stop_in_the_middle_of_a_line_resumes_cleanly(tmp_path: Path) -> None:
    simulate(plan3(), 5, tmp_path)
    rows = tmp_path / "rows.csv"
    text = rows.read_text()
    rows.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 20])  # game 4 cut short
    with open(tmp_path / "records.jsonl", "a") as handle:
        handle.write('{"game_index": 5, "rec')  # a record whose row never came
    assert OutDir.open(tmp_path, plan3()).done == 4
    assert simulate(plan3(), 6, tmp_path) == 2
    assert rows.read_text().startswith(text)
    assert [i for i, _ in read_records(tmp_path)] == list(range(6))


def test_another_simulation_in_the_same_folder_is_refused(tmp_path: Path) -> None:
    simulate(plan3(7), 2, tmp_path)
    with pytest.raises(SimError) as caught:
        simulate(plan3(8), 4, tmp_path)
    assert caught.value.message.startswith(
        f"--out {tmp_path} holds another simulation (buy-low-sell-high, 3 players, "
        "heuristic/random/random, seed 7)"
    )
    with pytest.raises(SimError, match="holds another simulation"):
        simulate(plan3(7), 4, tmp_path, fmt="parquet")
    assert len(read_rows(tmp_path)) == 2


def test_two_jobs_and_parquet_give_the_same_rows(tmp_path: Path) -> None:
    simulate(plan3(), 24, tmp_path / "one")
    simulate(plan3(), 24, tmp_path / "two", jobs=2, batch=2)
    simulate(plan3(), 24, tmp_path / "pq", jobs=2, fmt="parquet")
    one = (tmp_path / "one" / "rows.csv").read_bytes()
    assert (tmp_path / "two" / "rows.csv").read_bytes() == one
    assert (tmp_path / "two" / "records.jsonl").read_bytes() == (
        tmp_path / "one" / "records.jsonl"
    ).read_bytes()
    assert read_rows(tmp_path / "pq") == read_rows(tmp_path / "one")
    assert sorted(p.name for p in (tmp_path / "pq" / "rows").iterdir()) == [
        "part-000000000.parquet"
    ]


def test_games_in_flight_are_bounded_however_many_games(monkeypatch: pytest.MonkeyPatch) -> None:
    pulled = []

    def tasks():
        for index in range(10**9):
            pulled.append(index)
            yield plan3().task(index)

    results = backends._windowed(
        backends.batches(tasks(), 2), 3, lambda chunk: chunk, lambda chunk: [len(chunk)] * 2
    )
    for _ in range(50):
        next(results)
    assert len(pulled) <= 50 + 3 * 2 + 2


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"jobs": 0}, "--jobs must be at least 1, not 0"),
        ({"backend": "spark"}, "unknown backend 'spark' (known backends: local, ray)"),
        ({"address": "auto"}, "--address is for --backend ray"),
        ({"fmt": "xlsx"}, "unknown format 'xlsx' (known formats: csv, parquet)"),
    ],
)
def test_bad_run_settings_are_refused_and_write_no_game(
    tmp_path: Path, settings: dict, message: str
) -> None:
    with pytest.raises(SimError) as caught:
        simulate(plan3(), 3, tmp_path / "out", **settings)
    assert caught.value.message == message
    assert not (tmp_path / "out").exists()


def test_a_folder_from_before_a_new_rule_option_still_resumes(tmp_path: Path) -> None:
    simulate(plan3(), 3, tmp_path)
    plan_file = tmp_path / "plan.json"
    held = json.loads(plan_file.read_text())
    del held["options"]["deck"]  # as written before the option existed
    plan_file.write_text(json.dumps(held))
    assert simulate(plan3(), 5, tmp_path) == 2
    held["options"]["first_lap_limits"] = "at_most"  # a real difference is still refused
    plan_file.write_text(json.dumps(held))
    with pytest.raises(SimError, match="holds another simulation"):
        simulate(plan3(), 6, tmp_path)


def test_a_missing_optional_package_is_named_with_its_extra_before_any_work() -> None:
    from bazaar.sim.errors import need_package

    with pytest.raises(SimError) as caught:
        need_package("no_such_module_for_bazaar", "sim", "--report")
    assert caught.value.message == (
        '--report needs no_such_module_for_bazaar: pip install -e ".[sim]"'
    )
    assert caught.value.text("zh-TW") == (
        '--report 需要安裝 no_such_module_for_bazaar：pip install -e ".[sim]"'
    )
    need_package("json", "sim", "--report")  # installed: nothing to say
