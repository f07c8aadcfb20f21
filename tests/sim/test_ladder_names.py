"""The ladder's folder names: one plain folder per pair, whatever the agents' specs hold."""

from __future__ import annotations

import hashlib

from bazaar.sim.ladder import folder_name


def test_built_in_agents_keep_their_readable_folder_names() -> None:
    assert folder_name("ismcts:easy@50", "random") == "ismcts-easy-at-50~random"


def test_an_engine_command_with_a_path_makes_one_plain_folder() -> None:
    spec = "engine:/usr/bin/python3 /home/ann/agent.py --seed 3"
    name = folder_name(spec, "heuristic")
    digest = hashlib.sha256(spec.encode()).hexdigest()[:8]
    assert name == f"r-bin-python3-home-ann-agent.py---seed-3-{digest}~heuristic"


def test_specs_that_clean_alike_still_get_different_folders() -> None:
    one = folder_name("engine:python3 /a/agent.py", "random")
    two = folder_name("engine:python3 /a agent.py", "random")
    assert one != two
