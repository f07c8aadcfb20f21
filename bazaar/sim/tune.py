"""Tuning a game's rule options toward a designer's goal (``bazaar tune``).

The search space is the game's rule options, each over its choices (``--option NAME=v1,v2``
narrows one to those values, ``--option NAME=v`` fixes it; the study variant ``size`` stays at
its default unless given), and the search settings of the first agent of ``--seats`` given by
``--agent-param NAME=v1,v2`` (an ismcts agent; :mod:`bazaar.sim.search_params`), as TAG tunes
an agent's parameters: then only the options named by ``--option`` are searched with them.
NTBEA (:mod:`bazaar.sim.ntbea`) evaluates ``evaluations`` settings,
each by a simulation of ``games`` games into ``DIR/evaluation-NNN`` (evaluation ``i`` on its own
deals, from the seed and ``i``). The model's best setting and the best evaluated ones
(``finalists`` in all) and the game's default setting are then confirmed by ``confirm`` games
each, all on the same deals (the plan seed ``--seed``), into ``DIR/confirm-*``; the best
confirmed is the answer. Everything is written to ``DIR/tune.json``; a run resumes like any
simulation, and the same seed gives the same result at any ``--jobs``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.i18n import N_
from bazaar.sim.agents import own_params
from bazaar.sim.errors import SimError
from bazaar.sim.plan import SimPlan
from bazaar.sim.run import Progress, simulate
from bazaar.sim.search_params import BAD_PARAM, SEARCH_PARAMS, param_value, split_spec, with_params

#: options a designer does not tune unless asked: study variants, not the real game
NOT_TUNED = ("size",)
#: the prefix of a search setting of the first agent in a setting (``agent.exploration``)
AGENT = "agent."
TUNE_FORMAT = 1


@dataclass(frozen=True)
class Objective:
    """A designer's goal: the figure it reads from a summary and which way is better."""

    name: str
    label: str  # msgid
    #: "min", "max" or "target" (nearest to a target)
    goal: str
    #: how its figure reads: "share", "count" or "score"
    kind: str
    figure: Callable[[Mapping[str, Any]], Mapping[str, float]]


OBJECTIVES = {
    o.name: o
    for o in (
        Objective(
            "first_player_advantage",
            N_("Seat 1's win share nearest to a fair share"),
            "target",
            "share",
            lambda s: s["seats"][0]["win"],
        ),
        Objective(
            "game_length",
            N_("Decisions per game nearest to the target"),
            "target",
            "count",
            lambda s: s["metrics"]["decisions"],
        ),
        Objective(
            "lead_changes",
            N_("Most lead changes per game"),
            "max",
            "count",
            lambda s: s["metrics"]["lead_changes"],
        ),
        Objective(
            "margin",
            N_("Smallest winner's margin over the runner-up"),
            "min",
            "score",
            lambda s: s["metrics"]["margin"],
        ),
        Objective(
            "skill",
            N_("Highest win share of the first agent in --seats"),
            "max",
            "share",
            lambda s: s["agent_stats"][0]["win"],
        ),
    )
}


@dataclass(frozen=True)
class TuneSetup:
    """A checked tuning run: the game, agents, objective, space and budgets."""

    plan: SimPlan  # the default setting's plan (its seed: the confirmation's)
    objective: Objective
    target: float | None
    #: the tuned options and their values, in the game's order
    space: tuple[tuple[str, tuple[Any, ...]], ...]
    evaluations: int
    games: int
    confirm: int
    finalists: int

    def setting(self, point: tuple[int, ...]) -> dict[str, Any]:
        return {name: values[i] for (name, values), i in zip(self.space, point, strict=True)}

    def point(self, setting: Mapping[str, Any]) -> tuple[int, ...]:
        return tuple(_index(values, setting[name]) for name, values in self.space)

    def default_point(self) -> tuple[int, ...]:
        """The game's own setting (an option narrowed away from its default: its first value;
        a search setting: the first agent's level's own value, if among those searched)."""
        defaults: dict[str, Any] = dict(self.plan.options)
        if any(name.startswith(AGENT) for name, _ in self.space):
            own = own_params(self.plan.agents[0], self.plan.game)
            defaults.update({AGENT + name: value for name, value in own.items()})
        return tuple(
            _index(values, defaults[name]) if _has(values, defaults[name]) else 0
            for name, values in self.space
        )

    def plan_for(self, setting: Mapping[str, Any], seed: int) -> SimPlan:
        """The plan of a setting: its options, and its ``agent.NAME`` search settings in the
        first agent's spec (the agent wherever it sits)."""
        options = {k: v for k, v in setting.items() if not k.startswith(AGENT)}
        params = {k[len(AGENT) :]: v for k, v in setting.items() if k.startswith(AGENT)}
        agents = self.plan.agents
        if params:
            first = agents[0]
            tuned = with_params(first, params, own_params(first, self.plan.game))
            agents = tuple(tuned if spec == first else spec for spec in agents)
        return SimPlan(
            self.plan.game, self.plan.players, agents, {**self.plan.options, **options}, seed
        )

    def score(self, figure: Mapping[str, float]) -> float:
        """Higher is better: minus the distance to the target, the mean, or minus the mean."""
        mean = float(figure["mean"])
        if self.target is not None:
            return round(-abs(mean - self.target), 6) + 0.0
        return mean if self.objective.goal == "max" else -mean


def _has(values: tuple[Any, ...], value: Any) -> bool:
    return any(v == value and type(v) is type(value) for v in values)


def _index(values: tuple[Any, ...], value: Any) -> int:
    return next(i for i, v in enumerate(values) if v == value and type(v) is type(value))


def make_setup(
    game_id: str,
    seats: list[str],
    players: int | None,
    options: Mapping[str, list[Any]],
    objective: str,
    target: float | None,
    seed: int,
    evaluations: int,
    games: int,
    confirm: int,
    finalists: int,
    agent_params: Mapping[str, list[str]] | None = None,
) -> TuneSetup:
    """Check everything before any game; raise SimError (or the game's BadOptions) naming the
    bad objective, target, option or value. ``options``: NAME -> the values to search (one
    value: fixed)."""
    if objective not in OBJECTIVES:
        raise SimError.of(
            N_("unknown objective {name!r} (known objectives: {known})"),
            name=objective,
            known=", ".join(OBJECTIVES),
        )
    goal = OBJECTIVES[objective]
    for name, count in (("--evaluations", evaluations), ("--games", games), ("--confirm", confirm)):
        if count < 1:
            raise SimError.of(N_("{name} must be at least 1, not {count}"), name=name, count=count)
    game = get_game(game_id)
    for name, values in options.items():
        for value in values:
            game.resolve_options({name: value})  # an unknown option or value: BadOptions
    fixed = {name: values[0] for name, values in options.items() if len(values) == 1}
    plan = SimPlan.make(game_id, seats, players, fixed, seed)
    if objective == "game_length" and target is None:
        raise SimError.of(N_("--objective game_length needs --target (decisions per game)"))
    if objective == "skill" and len(plan.distinct_agents()) < 2:
        raise SimError.of(
            N_("--objective skill needs two different agents in --seats (the first is measured)")
        )
    if objective == "first_player_advantage" and target is None:
        target = 1 / plan.players
    space: list[tuple[str, tuple[Any, ...]]] = []
    for spec in game.option_specs:
        if spec.name in options:
            choices = tuple(options[spec.name])
        elif spec.name in NOT_TUNED or agent_params:
            continue  # tuning an agent: only the options named by --option are searched
        else:
            choices = tuple(spec.choices)
        if len(choices) > 1:
            space.append((spec.name, choices))
    space += agent_space(plan, agent_params or {})
    if not space:
        raise SimError.of(
            N_("nothing to tune: every option of {game} is fixed by --option"), game=game.id
        )
    return TuneSetup(
        plan, goal, target, tuple(space), evaluations, games, confirm, max(1, finalists)
    )


def agent_space(
    plan: SimPlan, params: Mapping[str, list[str]]
) -> list[tuple[str, tuple[Any, ...]]]:
    """The search settings of ``--agent-param NAME=v1,v2`` as dimensions ``agent.NAME``, checked
    against the first agent of ``--seats`` (an ismcts agent)."""
    if not params:
        return []
    first = plan.agents[0]
    if not split_spec(first)[0].startswith("ismcts"):
        raise SimError.of(
            N_(
                "--agent-param tunes the first agent of --seats, which must be ismcts, not {spec!r}"
            ),
            spec=first,
        )
    space = []
    for name, texts in params.items():
        param = SEARCH_PARAMS.get(name)
        if param is None:
            raise SimError.of(BAD_PARAM, spec=first, part=name, known=", ".join(SEARCH_PARAMS))
        values = tuple(dict.fromkeys(param_value(param, text, first) for text in texts))
        space.append((AGENT + name, values))
    return space


def evaluation_seed(seed: int, number: int) -> int:
    """The plan seed of evaluation ``number`` (its own deals, from the run's seed)."""
    rng = Rng(seed ^ ((number + 1) * 0x9E3779B97F4A7C15))
    return rng.next64()


def run_tune(
    setup: TuneSetup, out: Path, progress: Progress | None = None, **settings: Any
) -> dict[str, Any]:
    """Search, confirm, write and return ``DIR/tune.json`` (see the module docstring)."""
    from bazaar.sim.ntbea import search

    out = Path(out)
    total = setup.evaluations * setup.games + (setup.finalists + 1) * setup.confirm
    runs: list[dict[str, Any]] = []
    confirmed: list[dict[str, Any]] = []

    def play(setting: Mapping[str, Any], seed: int, games: int, folder: Path) -> dict[str, Any]:
        before = sum(run["games"] for run in runs) + sum(c["games"] for c in confirmed)

        def step(done: int, _games: int) -> None:
            if progress is not None:
                progress(before + done, total)

        simulate(setup.plan_for(setting, seed), games, folder, progress=step, **settings)
        summary = _summary(folder, games)
        figure = setup.objective.figure(summary)
        return {
            "setting": dict(setting),
            "folder": folder.name,
            "games": games,
            "figure": dict(figure),
            "score": setup.score(figure),
            "figures": _figures(summary),
        }

    def evaluate(point: tuple[int, ...]) -> float:
        number = len(runs) + 1
        folder = out / f"evaluation-{number:03d}"
        run = play(
            setup.setting(point), evaluation_seed(setup.plan.seed, number), setup.games, folder
        )
        runs.append({"number": number, **run})
        return float(run["score"])

    found = search(
        [len(values) for _, values in setup.space],
        evaluate,
        setup.evaluations,
        seed=setup.plan.seed,
        start=setup.default_point(),
    )
    default_point = setup.default_point()
    candidates = list(dict.fromkeys([found.model_best] + [p for p, _ in found.ranked]))
    finalists = candidates[: setup.finalists]
    estimates = dict(found.ranked)
    for number, point in enumerate([default_point, *finalists]):
        if number > 0 and point == default_point:
            confirmed.append({**confirmed[0], "finalist": number})
            continue
        folder = out / ("confirm-default" if number == 0 else f"confirm-{number}")
        run = play(setup.setting(point), setup.plan.seed, setup.confirm, folder)
        run["finalist"] = number
        run["estimate"] = estimates.get(point)
        confirmed.append(run)
    best = max(confirmed, key=lambda c: (c["score"], -c["finalist"]))
    if progress is not None:
        progress(total, total)
    result = {
        "format": TUNE_FORMAT,
        "game": setup.plan.game,
        "players": setup.plan.players,
        "agents": list(setup.plan.agents),
        "options": dict(setup.plan.options),
        "seed": setup.plan.seed,
        "objective": setup.objective.name,
        "goal": "target" if setup.target is not None else setup.objective.goal,
        "target": setup.target,
        "kind": setup.objective.kind,
        "space": [{"name": name, "values": list(values)} for name, values in setup.space],
        "evaluations": setup.evaluations,
        "games": setup.games,
        "confirm": setup.confirm,
        "runs": runs,
        "confirmed": confirmed,
        "default": confirmed[0],
        "best": best,
        "changes": {
            name: [confirmed[0]["setting"][name], best["setting"][name]]
            for name, _ in setup.space
            if confirmed[0]["setting"][name] != best["setting"][name]
            or type(confirmed[0]["setting"][name]) is not type(best["setting"][name])
        },
    }
    (out / "tune.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return result


def _summary(folder: Path, games: int) -> dict[str, Any]:
    from bazaar.sim.store import read_rows
    from bazaar.sim.summary import summarize

    return summarize(read_rows(folder, games))


def _figures(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The figures a designer compares side by side (each with its 95% interval)."""
    return {
        "first_player": summary["seats"][0]["win"],
        "decisions": summary["metrics"]["decisions"],
        "lead_changes": summary["metrics"]["lead_changes"],
        "margin": summary["metrics"]["margin"],
        "fair": summary["fair"],
    }
