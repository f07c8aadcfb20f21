"""Train a game's value models from self-play (needs the ``learn`` extra: torch, matplotlib).

    python -m bazaar.bots.value_train GAME [--players N ...] [--seed S] [--out DIR]

For each player count: (1) self-play games of the heuristic player with noise, a random move
now and then, and one seat played by a short ISMCTS search in some games; (2) a first model
is trained on them; (3) games of the improved bot (each seat picks the move the first model
values best over a few determinizations, :func:`bazaar.bots.estimator.weigh_moves`) are added
and the final model is trained on both. Positions are sampled from every game; each gives one
row per seat: that seat's observation features and, seat-relative, every seat's share of the
win and final score. A tenth of the games (whole games) is held out: the Brier score and the
reliability table written beside the weights are measured on them.

Everything is seeded: the same command makes the same games; torch trains on one thread with
a fixed seed (the weights match to float rounding on the same machine).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from bazaar.bots.heuristics import heuristic_for
from bazaar.bots.levels import make_ismcts
from bazaar.bots.value import ValueModel, encode
from bazaar.core.game import State
from bazaar.core.parts import ValuePlan
from bazaar.core.registry import game_parts, get_game
from bazaar.core.rng import Rng

#: hidden layer widths (a wider or deeper network fitted the training games better and the
#: held-out games worse: positions of one game are much alike)
HIDDEN = (64,)
#: dropout after each hidden layer and the AdamW weight decay (against the same overfitting)
DROPOUT = 0.3
WEIGHT_DECAY = 0.03
#: a position is kept with this chance (more games, fewer positions from each)
KEEP = 0.08
#: a seat plays a uniformly random legal move with this chance (to see more positions)
EXPLORE = 0.05
SEARCH_LEVEL: dict[str, Any] = {
    "iterations": 24,
    "rollout": "heuristic",
    "rollout_noise": 1.0,
    "rollout_depth": 20,
    "score_weight": 0.5,
    "widening": 1.0,
}
#: determinizations per move of the improved bot
IMPROVED_SAMPLES = 4
#: whole games are held out: number % HOLD_OUT == 0 for calibration, == 1 to pick the epoch
HOLD_OUT = 10
#: bins of the reliability table
BINS = 10


@dataclass
class Rows:
    """Training rows: features, seat-relative win shares and scores, and each row's game."""

    x: list[np.ndarray]
    win: list[np.ndarray]
    score: list[np.ndarray]
    game: list[int]

    @classmethod
    def empty(cls) -> Rows:
        return cls([], [], [], [])

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return (
            np.stack(self.x).astype(np.float32),
            np.stack(self.win).astype(np.float32),
            np.stack(self.score).astype(np.float32),
            np.array(self.game),
        )


def _rotate(values: list[float], seat: int) -> np.ndarray:
    n = len(values)
    return np.array([values[(seat + i) % n] for i in range(n)], dtype=np.float32)


class _Improved:
    """The improved bot: the move the current model values best over a few worlds."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> int:
        from bazaar.bots.estimator import weigh_moves

        return weigh_moves(state, samples=IMPROVED_SAMPLES, seed=self.rng.next64())[0].action


def play_games(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    improved: bool,
    rows: Rows,
    first: int,
    search_games: int = 0,
) -> None:
    """Play ``games`` self-play games and add their sampled positions to ``rows``; the first
    ``search_games`` of them with one seat played by a short search."""
    game = get_game(game_id)
    rng = Rng(seed)
    for g in range(games):
        number = first + g
        state = game.new(players, seed=rng.next64())
        if improved:
            seats: list[Any] = [_Improved(rng.next64()) for _ in range(players)]
        else:
            seats = [heuristic_for(game_id, rng.next64(), 1.0) for _ in range(players)]
            if g < search_games:
                seats[rng.below(players)] = make_ismcts(SEARCH_LEVEL, game_id, rng.next64())
        kept: list[list[np.ndarray]] = []
        while not state.is_over():
            if rng.below(1000) < KEEP * 1000:
                kept.append([np.array(encode(state, q), dtype=np.float16) for q in range(players)])
            legal = state.legal_actions()
            mover = state.to_move()
            assert mover is not None
            if rng.below(1000) < EXPLORE * 1000:
                action = legal[rng.below(len(legal))]
            else:
                action = seats[mover].choose(state)
            state.apply_unchecked(action)
        returns = state.returns()
        scores = [float(x) for x in state.scores()]
        for position in kept:
            for q in range(players):
                rows.x.append(position[q])
                rows.win.append(_rotate(returns, q))
                rows.score.append(_rotate(scores, q))
                rows.game.append(number)


def train(
    x: np.ndarray,
    win: np.ndarray,
    score: np.ndarray,
    check: np.ndarray,
    epochs: int,
    seed: int,
) -> tuple[list[tuple[np.ndarray, np.ndarray]], float, float, int]:
    """Fit the network on the rows not in ``check``; keep the epoch whose win chances score
    best (Brier) on the ``check`` rows. Its layers (numpy), the score scale, the epoch."""
    import copy

    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    mean = float(score.mean())
    scale = float(score.std()) or 1.0
    n = win.shape[1]
    sizes = [x.shape[1], *HIDDEN, 2 * n]
    layers: list[torch.nn.Module] = []
    for i in range(len(sizes) - 1):
        layers.append(torch.nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(torch.nn.ReLU())
            layers.append(torch.nn.Dropout(DROPOUT))
    net = torch.nn.Sequential(*layers)
    optimiser = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=WEIGHT_DECAY)
    learn = ~check
    tx = torch.from_numpy(x[learn])
    tw = torch.from_numpy(win[learn])
    ts = torch.from_numpy((score[learn] - mean) / scale)
    vx = torch.from_numpy(x[check])
    vw = win[check][:, 0]
    generator = torch.Generator().manual_seed(seed)
    best: tuple[float, int, Any] = (float("inf"), 0, None)
    for epoch in range(1, epochs + 1):
        net.train()
        order = torch.randperm(len(tx), generator=generator)
        for start in range(0, len(tx), 512):
            batch = order[start : start + 512]
            out = net(tx[batch])
            loss_win = -(tw[batch] * torch.log_softmax(out[:, :n], dim=1)).sum(dim=1).mean()
            loss_score = ((out[:, n:] - ts[batch]) ** 2).mean()
            loss = loss_win + 0.5 * loss_score
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        net.eval()
        with torch.no_grad():
            p = torch.softmax(net(vx)[:, :n], dim=1).numpy()[:, 0]
        brier = float(((p - vw) ** 2).mean())
        if brier < best[0]:
            best = (brier, epoch, copy.deepcopy(net.state_dict()))
    net.load_state_dict(best[2])
    found = []
    for layer in net:
        if isinstance(layer, torch.nn.Linear):
            w = layer.weight.detach().numpy().T.copy()
            b = layer.bias.detach().numpy().copy()
            found.append((w, b))
    return found, mean, scale, best[1]


def calibration(model: ValueModel, x: np.ndarray, win: np.ndarray) -> dict[str, Any]:
    """Brier score of the observer's own win chance on held-out rows, against the constant
    1/players, and the reliability table (per bin of predicted chance: rows, mean predicted,
    share won)."""
    predicted, _ = model.predict(x)
    p = predicted[:, 0]
    y = win[:, 0]
    brier = float(((p - y) ** 2).mean())
    base = float(((1.0 / model.players - y) ** 2).mean())
    table = []
    for b in range(BINS):
        low, high = b / BINS, (b + 1) / BINS
        inside = (p >= low) & ((p < high) if b < BINS - 1 else (p <= high))
        if inside.any():
            table.append(
                {
                    "bin": [low, high],
                    "rows": int(inside.sum()),
                    "predicted": round(float(p[inside].mean()), 4),
                    "observed": round(float(y[inside].mean()), 4),
                }
            )
    return {"brier": round(brier, 4), "brier_uniform": round(base, 4), "reliability": table}


def fit_stage(
    game_id: str, players: int, rows: Rows, epochs: int, seed: int, meta: dict[str, Any]
) -> ValueModel:
    x, win, score, games = rows.arrays()
    held = games % HOLD_OUT == 0
    check = games % HOLD_OUT == 1
    use = ~held
    weights, mean, scale, epoch = train(x[use], win[use], score[use], check[use], epochs, seed)
    model = ValueModel(game_id, players, tuple(weights), mean, scale, meta)
    meta["epoch"] = epoch
    meta["rows"] = len(x)
    meta["held_out_rows"] = int(held.sum())
    meta["calibration"] = calibration(model, x[held], win[held])
    return model


def make_model(game_id: str, players: int, seed: int, plan: ValuePlan, out: Path) -> dict[str, Any]:
    """Both stages for one player count; writes ``{players}p.npz`` and ``.json`` to ``out``."""
    from bazaar.bots import value

    began = time.process_time()
    rows = Rows.empty()
    play_games(game_id, players, plan.heuristic_games, seed, False, rows, 0, plan.search_games)
    meta: dict[str, Any] = {
        "game": game_id,
        "players": players,
        "seed": seed,
        "hidden": list(HIDDEN),
        "epochs": plan.epochs,
        "data": {
            "heuristic_games": plan.heuristic_games,
            "improved_games": plan.improved_games,
            "keep": KEEP,
            "explore": EXPLORE,
            "search_games": plan.search_games,
            "search_level": SEARCH_LEVEL,
            "dropout": DROPOUT,
            "weight_decay": WEIGHT_DECAY,
            "improved_samples": IMPROVED_SAMPLES,
            "hold_out": f"games numbered 0 mod {HOLD_OUT} (calibration), 1 mod {HOLD_OUT} (epoch)",
        },
    }
    first = fit_stage(game_id, players, rows, plan.epochs, seed, dict(meta))
    # the improved bot plays with the first model: it is put where model_for finds it
    value.model_for.cache_clear()
    original = value.model_for

    def current(gid: str, n: int) -> ValueModel | None:
        return first if (gid, n) == (game_id, players) else original(gid, n)

    value.model_for = current  # type: ignore[assignment]
    import bazaar.bots.estimator as estimator

    estimator.model_for = current  # type: ignore[assignment]
    try:
        play_games(
            game_id, players, plan.improved_games, seed + 1, True, rows, plan.heuristic_games
        )
    finally:
        value.model_for = original
        estimator.model_for = original
    meta["stage_one_calibration"] = first.meta["calibration"]
    model = fit_stage(game_id, players, rows, plan.epochs, seed, meta)
    meta["cpu_seconds"] = round(time.process_time() - began, 1)
    out.mkdir(parents=True, exist_ok=True)
    np.savez(out / f"{players}p.npz", allow_pickle=False, **model.to_arrays())
    (out / f"{players}p.json").write_text(json.dumps(meta, indent=1) + "\n", "utf-8")
    return meta


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, nargs="*")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--scale", type=float, default=1.0, help="scale the stage sizes")
    args = parser.parse_args(argv)
    parts = game_parts(args.game)
    plan = parts.value_plan
    if plan is None:
        parser.error(f"{args.game} declares no value_plan in its parts")
    plan = ValuePlan(
        max(20, int(plan.heuristic_games * args.scale)),
        max(10, int(plan.improved_games * args.scale)),
        plan.epochs,
        int(plan.search_games * min(1.0, args.scale)),
    )
    out = args.out
    if out is None:
        from importlib import resources

        assert parts.package is not None
        out = Path(str(resources.files(parts.package))) / "value"
    counts = args.players or list(range(parts.game.min_players, parts.game.max_players + 1))
    for n in counts:
        meta = make_model(args.game, n, args.seed + n, plan, out)
        cal = meta["calibration"]
        print(
            json.dumps(
                {
                    "game": args.game,
                    "players": n,
                    "rows": meta["rows"],
                    "brier": cal["brier"],
                    "brier_uniform": cal["brier_uniform"],
                    "cpu_seconds": meta["cpu_seconds"],
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
