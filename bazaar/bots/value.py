"""The learned value model of a game: each seat's win chance and final score from what one
seat sees.

A model is a small multi-layer perceptron over the seat's observation features
(:mod:`bazaar.core.features`; seat-relative, so they never hold what the seat cannot see). It
outputs, for every seat in the seat-relative order of the features (the observer first), a
win logit (a softmax over the seats gives the win chances, which add up to 1) and a final
score (scaled by the mean and spread stored with the weights).

Each game ships one model per player count in its package (``GameFiles.value``, e.g.
``value/3p.npz``) with a JSON file beside it that records how it was trained (the seed, the
games, the held-out calibration). :mod:`bazaar.bots.value_train` makes them; inference here
needs numpy only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from bazaar.core.errors import UnknownGame
from bazaar.core.game import State
from bazaar.core.registry import game_parts

#: the arrays of a weights file: layers ``w0, b0, w1, b1, …`` and the score scale
SCORE_MEAN = "score_mean"
SCORE_SCALE = "score_scale"


@dataclass(frozen=True)
class ValueModel:
    """A trained model for one game and player count (see the module docstring)."""

    game_id: str
    players: int
    weights: tuple[tuple[np.ndarray, np.ndarray], ...]
    score_mean: float
    score_scale: float
    meta: dict[str, Any]

    @property
    def inputs(self) -> int:
        return int(self.weights[0][0].shape[0])

    def predict(self, features: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(win chances, scores) for a batch of feature rows, each ``(batch, players)`` in the
        rows' seat-relative order (column 0: the observing seat)."""
        h = np.asarray(features, dtype=np.float32)
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(self.weights):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        n = self.players
        logits = h[:, :n]
        logits = logits - logits.max(axis=1, keepdims=True)
        odds = np.exp(logits)
        win = odds / odds.sum(axis=1, keepdims=True)
        score = h[:, n:] * self.score_scale + self.score_mean
        return win, score

    def to_arrays(self) -> dict[str, np.ndarray]:
        """The arrays of its weights file."""
        out: dict[str, np.ndarray] = {}
        for i, (w, b) in enumerate(self.weights):
            out[f"w{i}"] = w
            out[f"b{i}"] = b
        out[SCORE_MEAN] = np.array(self.score_mean, dtype=np.float32)
        out[SCORE_SCALE] = np.array(self.score_scale, dtype=np.float32)
        return out

    @classmethod
    def from_arrays(
        cls, game_id: str, players: int, arrays: Any, meta: dict[str, Any]
    ) -> ValueModel:
        layers = []
        i = 0
        while f"w{i}" in arrays:
            w = np.asarray(arrays[f"w{i}"], dtype=np.float32)
            b = np.asarray(arrays[f"b{i}"], dtype=np.float32)
            layers.append((w, b))
            i += 1
        if not layers or layers[-1][0].shape[1] != 2 * players:
            raise ValueError(f"weights for {game_id} do not fit {players} players")
        return cls(
            game_id,
            players,
            tuple(layers),
            float(arrays[SCORE_MEAN]),
            float(arrays[SCORE_SCALE]),
            meta,
        )


def weights_path(game_id: str, players: int) -> str | None:
    """The path inside the game's package of its model for ``players`` seats (None: the game
    declares none)."""
    parts = game_parts(game_id)
    template = parts.files.value
    if parts.package is None or template is None:
        return None
    return template.format(players=players)


@cache
def model_for(game_id: str, players: int) -> ValueModel | None:
    """The shipped model of ``game_id`` for ``players`` seats (None: none is shipped)."""
    try:
        path = weights_path(game_id, players)
    except UnknownGame:
        return None
    package = game_parts(game_id).package
    if path is None or package is None:
        return None
    weights = resources.files(package).joinpath(path)
    if not weights.is_file():
        return None
    meta_file = resources.files(package).joinpath(path.removesuffix(".npz") + ".json")
    meta = json.loads(meta_file.read_text("utf-8")) if meta_file.is_file() else {}
    with weights.open("rb") as f, np.load(f) as arrays:
        return ValueModel.from_arrays(game_id, players, arrays, meta)


def outlook_inputs(state: State, seat: int) -> list[float]:
    """What the public score estimate says, seat-relative (the observer first): each seat's
    estimated final score minus the mean, and the observer's lead over the best other seat,
    both divided by the mean's size + 10. The game's ``estimate`` (or ``scores()``) reads only
    public information, so these never depend on what ``seat`` cannot see."""
    estimate = game_parts(state.game.id).estimate
    est = [float(x) for x in (estimate(state) if estimate else state.scores())]
    n = len(est)
    rel = [est[(seat + i) % n] for i in range(n)]
    mean = sum(rel) / n
    size = abs(mean) + 10.0
    lead = rel[0] - max(rel[1:]) if n > 1 else 0.0
    return [(x - mean) / size for x in rel] + [lead / size]


def encode(state: State, seat: int) -> list[float]:
    """A model's inputs for ``seat``: its observation features (the game must declare them)
    and :func:`outlook_inputs`."""
    features = game_parts(state.game.id).features
    if features is None:
        raise ValueError(f"{state.game.id} declares no observation features")
    return features(state.num_players).encode(state, seat) + outlook_inputs(state, seat)


def absolute(row: np.ndarray, seat: int) -> list[float]:
    """A seat-relative row (the observer first) in seat order."""
    n = len(row)
    return [float(row[(q - seat) % n]) for q in range(n)]


__all__ = ["ValueModel", "absolute", "encode", "model_for", "weights_path"]
