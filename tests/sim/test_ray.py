"""--backend ray: the same rows as local processes, on a real local Ray (dashboard off)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bazaar.sim.plan import SimError, SimPlan
from bazaar.sim.run import simulate


def test_ray_plays_the_same_games_as_local_processes(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")  # CI installs it (the ray extra); skipped only without it
    plan = SimPlan.make("night-market", ["heuristic", "random"], seed=11)
    simulate(plan, 9, tmp_path / "local")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        simulate(plan, 5, tmp_path / "ray", backend="ray", jobs=2, batch=2)
        simulate(plan, 9, tmp_path / "ray", backend="ray", jobs=2)  # resumes on Ray
        assert ray.is_initialized()  # a Ray started by the caller is left running
    finally:
        ray.shutdown()
    for name in ("rows.csv", "records.jsonl"):
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()


def test_an_address_needs_the_ray_backend(tmp_path: Path) -> None:
    plan = SimPlan.make("night-market", ["random"])
    with pytest.raises(SimError, match="--address is for --backend ray"):
        simulate(plan, 1, tmp_path, address="127.0.0.1:6379")
