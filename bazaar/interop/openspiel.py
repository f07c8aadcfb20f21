"""The Bazaar games as OpenSpiel games: ``import bazaar.interop.openspiel`` registers them.

After the import, ``pyspiel.load_game("python_bazaar_take_stock(players=5)")`` works like any
OpenSpiel game. Every registered game that declares an OpenSpiel name (``GameParts.openspiel``)
is there: ``python_bazaar_buy_low_sell_high``, ``python_bazaar_take_stock`` and
``python_bazaar_night_market`` for the built-ins (:data:`SHORT_NAMES`). Their
parameters are ``players``, ``seed`` and every rule option of the game, with the option's
name, default and choices (docs/openspiel.md lists them).

Chance: a Bazaar game is fully determined by its seed and its actions (the state's own seeded
SplitMix64 generator does every shuffle), so the one chance event is the seed itself. A game
starts with :data:`SEED_BYTES` explicit chance nodes, each drawing one byte of the 64-bit seed
(256 equally likely outcomes); after them the game is deterministic, no player sees the
chance outcomes, and ``history()`` (seed bytes, then moves) is the whole game, which is how
``pyspiel.serialize_game_and_state`` stores it. With the parameter ``seed`` >= 0 every game is
dealt from that seed instead and has no chance node (for replays and benchmarks: a player who
reads the parameter could know every hidden card). :func:`deal` starts a game from a seed.
With the parameter ``deals`` = N > 0 the game starts with ONE chance node instead, drawing the
seed from 0 to N - 1 (N equally likely deals): a game small enough to walk whole, such as a
``size=mini`` variant, then has a tree that exact methods (CFR, NashConv) can enumerate; it is
the game over those N deals, not over every deal.

What a player sees: the observation string is the seat's current view (``view(seat)`` as
JSON); the information-state string adds the moves as that seat saw them (its own in full,
the others' private choices only as their public notation, such as ``hide ?``). Both tensors
are the game's feature vector for the seat (:mod:`bazaar.core.features`), split into its
named groups. Nothing in them depends on what the seat may not see.
``resample_from_infostate`` (backed by :meth:`bazaar.core.game.State.determinize`) gives search
bots such as OpenSpiel's Python ``ISMCTSBot`` the worlds a seat cannot tell apart.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from bazaar.core.errors import BazaarError
from bazaar.core.features import FeatureLayout
from bazaar.core.game import Game, State
from bazaar.core.registry import game_ids, game_parts
from bazaar.core.rng import Rng

#: Bazaar game id -> OpenSpiel short name: every registered game that declares one
#: (``GameParts.openspiel``) when this module is imported
SHORT_NAMES = {
    game_id: spiel.short_name
    for game_id in game_ids()
    if (spiel := game_parts(game_id).openspiel) is not None
}
DEFAULT_PLAYERS = 3
#: the game parameters that are not rule options
PLAYERS, SEED, DEALS = "players", "seed", "deals"
#: chance nodes at the start of a game, one byte of the seed each (most significant first)
SEED_BYTES = 8
OUTCOMES = 256
#: the largest fixed ``seed`` parameter (OpenSpiel's integer parameters have 32 bits)
MAX_SEED_PARAMETER = 2**31 - 1
#: a move in the state's log: (mover, action, public notation if it was a private choice)
Move = tuple[int, int, str | None]
#: the action of another seat's private choice in a resampled state (not known to the seat)
UNKNOWN = -1


class BadParameter(ValueError):
    """A game parameter OpenSpiel accepted by type but the game does not allow."""


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class _Setup:
    """What every state of one loaded game shares; ``seed`` None: chance draws it, from
    :data:`SEED_BYTES` bytes, or (``deals`` > 0) at one node from 0 to ``deals`` - 1."""

    game: Game
    players: int
    options: dict[str, Any]
    seed: int | None
    deals: int = 0

    @property
    def chance_nodes(self) -> int:
        """How many chance nodes start a game (0 with a fixed seed)."""
        if self.seed is not None:
            return 0
        return 1 if self.deals else SEED_BYTES

    @property
    def outcomes(self) -> int:
        """The outcomes of each chance node."""
        return self.deals or OUTCOMES


class _Core:
    """The Python side of one OpenSpiel state: the seed bytes drawn so far, the Bazaar state
    (made on first use, so that OpenSpiel's clone, which builds a fresh state and then
    overwrites it, costs little), the log of moves and caches of the current position.
    ``copy.deepcopy`` (OpenSpiel's clone) copies it with the game's own cheap ``clone()``;
    ``pickle`` (serialisation) keeps it whole."""

    __slots__ = ("bazaar", "drawn", "features", "legal", "moves", "seed", "setup", "texts")

    def __init__(self, setup: _Setup, seed: int, drawn: int, moves: list[Move]) -> None:
        self.setup = setup
        self.seed = seed
        self.drawn = drawn
        self.bazaar: State | None = None
        self.moves = moves
        self.legal: list[int] | None = None
        self.texts: dict[tuple[bool, int | None], str] = {}
        self.features: dict[int, list[float]] = {}

    @classmethod
    def start(cls, setup: _Setup) -> _Core:
        if setup.seed is None:
            return cls(setup, 0, 0, [])
        return cls(setup, setup.seed, 0, [])

    def dealt(self) -> bool:
        return self.drawn == self.setup.chance_nodes

    def state(self) -> State:
        """The Bazaar state (only once the seed is drawn)."""
        if self.bazaar is None:
            if not self.dealt():
                raise BadParameter("the seed is not drawn yet: this is a chance node")
            setup = self.setup
            self.bazaar = setup.game.new(setup.players, self.seed, setup.options)
        return self.bazaar

    def copy(self, bazaar: State | None, moves: list[Move]) -> _Core:
        out = _Core(self.setup, self.seed, self.drawn, moves)
        out.bazaar = bazaar
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        out = self.copy(None if self.bazaar is None else self.bazaar.clone(), list(self.moves))
        out.legal = self.legal
        out.texts = dict(self.texts)
        out.features = dict(self.features)
        return out

    def __getstate__(self) -> dict[str, Any]:
        return {
            "setup": self.setup,
            "seed": self.seed,
            "drawn": self.drawn,
            "bazaar": self.bazaar,
            "moves": self.moves,
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        _Core.__init__(self, data["setup"], data["seed"], data["drawn"], data["moves"])
        self.bazaar = data["bazaar"]

    def draw(self, byte: int) -> None:
        outcomes = self.setup.outcomes
        if self.dealt() or not 0 <= byte < outcomes:
            raise BadParameter(f"{byte!r} is not a chance outcome here (0 to {outcomes - 1})")
        self.seed = byte if self.setup.deals else (self.seed << 8) | byte
        self.drawn += 1

    def apply(self, action: int) -> None:
        if type(action) is not int:
            action = int(action)  # numpy integers from OpenSpiel's Python bots
        if not self.dealt():
            self.draw(action)
            return
        s = self.state()
        legal = self.legal if self.legal is not None else s.legal_actions()
        if action not in legal:
            s.check(action)  # raises IllegalAction naming the rule; nothing changes
        mover = s.to_move()
        assert mover is not None
        public = s.public_notation(action)
        private = public if public != s.notation(action) else None
        s.apply_unchecked(action)
        self.moves.append((mover, action, private))
        self.legal = None
        self.texts = {}
        self.features = {}

    def legal_actions(self) -> list[int]:
        if self.legal is None:
            self.legal = self.state().legal_actions()
        return self.legal

    def encode(self, layout: FeatureLayout, seat: int) -> list[float]:
        """``seat``'s features; cached until the next move."""
        out = self.features.get(seat)
        if out is None:
            out = self.features[seat] = layout.encode(self.state(), seat)
        return out

    def text(self, recall: bool, seat: int | None) -> str:
        """The view of ``seat`` (None: a spectator, ``_ALL``: the referee) as JSON, with the
        moves as that seat saw them when ``recall``; cached until the next move."""
        if not self.dealt():
            return "dealing"
        texts = self.texts
        out = texts.get((recall, seat))
        if out is None:
            if recall:
                moves = " ".join(_seen(move, seat) for move in self.moves)
                out = f"{self.text(False, seat)} moves {moves}"
            elif seat == _ALL:
                out = f"full view {_dumps(self.state().full_view())}"
            else:
                who = "spectator" if seat is None else f"seat {seat}"
                out = f"{who} view {_dumps(self.state().view(seat))}"
            texts[(recall, seat)] = out
        return out


#: the ``seat`` of :meth:`_Core.text` for the referee's view (everything)
_ALL = -2


def _seen(move: Move, seat: int | None) -> str:
    """One move as ``seat`` saw it: ``mover:action``, or ``mover:?public`` for a private
    choice of another seat."""
    mover, action, private = move
    if private is None or seat == _ALL or (mover == seat and action != UNKNOWN):
        return f"{mover}:{action}"
    return f"{mover}:?{private.replace(' ', '_')}"


#: characters that make OpenSpiel's game-string reader take a value for a number
_NUMBER_CHARS = frozenset("+-.0123456789")
#: characters that OpenSpiel's game-string reader splits on
_SYNTAX_CHARS = frozenset("(),=")


def spiel_choice(choice: Any) -> Any:
    """A rule option's choice as an OpenSpiel parameter value: itself, except that a text
    OpenSpiel would read as a number (Take Stock's ``4-4-3``) has ``_`` for ``+``, ``-`` and
    ``.`` (``4_4_3``), so that every game string reads back."""
    if isinstance(choice, str) and choice and set(choice) <= _NUMBER_CHARS:
        return "".join("_" if c in "+-." else c for c in choice)
    return choice


def _choices(game: Game) -> dict[str, dict[Any, Any]]:
    """Option name -> {OpenSpiel value: the game's choice}; TypeError for an option that
    OpenSpiel cannot carry."""
    out: dict[str, dict[Any, Any]] = {}
    for option in game.option_specs:
        kind = type(option.default)
        if kind not in (bool, int, str) or any(type(c) is not kind for c in option.choices):
            raise TypeError(f"{game.id}: option {option.name} is not all bool, int or str")
        table = {spiel_choice(c): c for c in option.choices}
        bad = [
            v
            for v in table
            if isinstance(v, str) and (set(v) & _SYNTAX_CHARS or v.lower() in ("true", "false"))
        ]
        if len(table) != len(option.choices) or bad:
            raise TypeError(f"{game.id}: option {option.name} has choices OpenSpiel cannot read")
        out[option.name] = table
    return out


def _parameter_spec(game: Game) -> dict[str, Any]:
    spec: dict[str, Any] = {
        PLAYERS: min(max(DEFAULT_PLAYERS, game.min_players), game.max_players),
        SEED: -1,
        DEALS: 0,
    }
    for option in game.option_specs:
        spec[option.name] = spiel_choice(option.default)
    _choices(game)  # fails at import for an option OpenSpiel cannot carry
    return spec


def _game_type(game_id: str) -> pyspiel.GameType:
    parts = game_parts(game_id)
    game = parts.game
    has_features = parts.features is not None
    return pyspiel.GameType(
        short_name=SHORT_NAMES[game_id],
        long_name=f"Python Bazaar {game.name_en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=has_features,
        provides_observation_string=True,
        provides_observation_tensor=has_features,
        parameter_specification=_parameter_spec(game),
    )


def _setup(game_id: str, params: dict[str, Any]) -> _Setup:
    """The checked setup, or BadParameter naming the parameter and what it may be."""
    name = SHORT_NAMES[game_id]
    game = game_parts(game_id).game
    spec = _parameter_spec(game)
    unknown = sorted(set(params) - set(spec))
    if unknown:
        raise BadParameter(f"{name}: unknown parameter {unknown[0]!r}")
    players = params.get(PLAYERS, spec[PLAYERS])
    seed = params.get(SEED, -1)
    deals = params.get(DEALS, 0)
    choices = _choices(game)
    options = {}
    for key, value in params.items():
        if key in (PLAYERS, SEED, DEALS):
            continue
        table = choices[key]
        if value not in table or type(value) is not type(spec[key]):
            allowed = ", ".join(repr(v) for v in table)
            raise BadParameter(f"{name}: {key} cannot be {value!r} (allowed: {allowed})")
        options[key] = table[value]
    try:
        game.check_players(players)
        resolved = game.resolve_options(options)
    except BazaarError as exc:
        raise BadParameter(f"{name}: {exc.message}") from exc
    if type(seed) is not int or not -1 <= seed <= MAX_SEED_PARAMETER:
        raise BadParameter(
            f"{name}: seed must be -1 (drawn by chance) or 0 to {MAX_SEED_PARAMETER}, not {seed!r}"
        )
    if type(deals) is not int or not 0 <= deals <= MAX_SEED_PARAMETER:
        raise BadParameter(
            f"{name}: deals must be 0 (every seed, drawn byte by byte) or 1 to "
            f"{MAX_SEED_PARAMETER} (seeds 0 to deals - 1 at one chance node), not {deals!r}"
        )
    return _Setup(game, players, resolved, None if seed == -1 else seed, deals)


class BazaarGame(pyspiel.Game):
    """One Bazaar game as an OpenSpiel game (one subclass per game, registered below)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.setup = _setup(self.game_id, params)
        game = self.setup.game
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=self.setup.outcomes,
            num_players=self.setup.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=_max_game_length(self.game_id),
        )
        super().__init__(_TYPES[self.game_id], info, params)
        features = game_parts(self.game_id).features
        self.features = None if features is None else features(self.setup.players)

    def new_initial_state(self, *_: Any) -> BazaarState:
        """A new game: at its chance nodes (``seed`` -1) or dealt from the ``seed``."""
        return BazaarState(self, _Core.start(self.setup))

    def max_chance_nodes_in_history(self) -> int:
        return self.setup.chance_nodes

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BazaarObserver:
        """The observer of ``iig_obs_type`` (default: the current observation of one seat)."""
        if params:
            raise BadParameter(f"observer parameters are not supported: {sorted(params)}")
        return BazaarObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), self
        )


class BazaarState(pyspiel.State):
    """An OpenSpiel state around a Bazaar state (``state.bazaar`` once the seed is drawn)."""

    def __init__(self, game: BazaarGame, core: _Core) -> None:
        super().__init__(game)
        self._core = core

    @property
    def bazaar(self) -> State:
        """The Bazaar state (the full protocol of :mod:`bazaar.core.game`), to read: play
        through ``apply_action``, which keeps the log and the caches, or on a ``clone()``."""
        return self._core.state()

    @property
    def seed(self) -> int | None:
        """The seed of the deal, None while chance is still drawing it."""
        return self._core.seed if self._core.dealt() else None

    # --- OpenSpiel's state interface ---------------------------------------------------
    def current_player(self) -> int:
        core = self._core
        if not core.dealt():
            return pyspiel.PlayerId.CHANCE
        seat = core.state().to_move()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next byte of the seed: 256 equally likely outcomes (with ``deals`` = N: the
        seed, N equally likely outcomes)."""
        deals = self._core.setup.deals
        return _deals(deals) if deals else _BYTES

    def _legal_actions(self, player: int) -> list[int]:
        return self._core.legal_actions()

    def _apply_action(self, action: int) -> None:
        self._core.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}" if self._core.setup.deals else f"seed byte {action}"
        return self._core.setup.game.notation(action)

    def is_terminal(self) -> bool:
        core = self._core
        return core.dealt() and core.state().to_move() is None

    def returns(self) -> list[float]:
        """Win shares: 1/k for each of k tied winners, 0 otherwise (all 0 before the end)."""
        if not self._core.dealt():
            return [0.0] * self._core.setup.players
        return self._core.state().returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BazaarState:
        """A state ``player_id`` cannot tell from this one: everything the seat cannot see is
        redealt (``determinize``, its generator seeded from two draws of the sampler) and
        the other seats' private choices are forgotten. Its ``history()`` is empty: it has
        no real past of actions."""
        core = self._core
        if not core.dealt():
            return BazaarState(self.get_game(), core.copy(None, []))
        high = int(probability_sampler() * (1 << 32))
        low = int(probability_sampler() * (1 << 32))
        world = core.state().determinize(player_id, Rng((high << 32) | low))
        moves = [
            (move[0], UNKNOWN, move[2]) if move[2] is not None and move[0] != player_id else move
            for move in core.moves
        ]
        return BazaarState(self.get_game(), core.copy(world, moves))

    def __str__(self) -> str:
        """Everything (the referee's view), for debugging: the seed and the full view."""
        core = self._core
        if not core.dealt():
            return f"dealing: {core.drawn} of {core.setup.chance_nodes} chance nodes drawn"
        return f"seed {core.seed} {core.text(False, _ALL)}"


_BYTES = [(byte, 1.0 / OUTCOMES) for byte in range(OUTCOMES)]


@functools.cache
def _deals(deals: int) -> list[tuple[int, float]]:
    """The outcomes of the one chance node of a game with ``deals`` seeds."""
    return [(seed, 1.0 / deals) for seed in range(deals)]


class BazaarObserver:
    """OpenSpiel's Python observer (``make_py_observer``): strings and tensors for one seat.

    ``private_info`` SINGLE_PLAYER: the seat's view and features; NONE: the spectator's view
    (no tensor); ALL_PLAYERS: the referee's full view (no tensor). ``perfect_recall`` adds the
    moves as the seat saw them to the string. Before the deal (at the chance nodes) the
    string says so and the tensor is all 0.
    """

    def __init__(self, iig_obs_type: Any, game: BazaarGame) -> None:
        kinds = pyspiel.PrivateInfoType
        if not iig_obs_type.public_info:
            raise BadParameter("an observation without the public information is not supported")
        self.private = iig_obs_type.private_info
        self.recall = bool(iig_obs_type.perfect_recall)
        self.layout = game.features if self.private == kinds.SINGLE_PLAYER else None
        self.tensor: np.ndarray | None = None
        #: the tensor's named groups (views into it), as OpenSpiel's observers have them
        self.dict: dict[str, np.ndarray] = {}
        if self.layout is not None:
            tensor = self.tensor = np.zeros(self.layout.size, np.float32)
            start = 0
            for group in self.layout.groups:
                self.dict[group.name] = tensor[start : start + group.size]
                start += group.size

    def set_from(self, state: BazaarState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s features."""
        if self.layout is None or self.tensor is None:
            return
        core = state._core
        if core.dealt():
            self.tensor[:] = core.encode(self.layout, player)
        else:
            self.tensor.fill(0.0)

    def string_from(self, state: BazaarState, player: int) -> str:
        kinds = pyspiel.PrivateInfoType
        seat: int | None = player
        if self.private == kinds.NONE:
            seat = None
        elif self.private == kinds.ALL_PLAYERS:
            seat = _ALL
        return state._core.text(self.recall, seat)


def _max_game_length(game_id: str) -> int:
    spiel = game_parts(game_id).openspiel
    assert spiel is not None  # only games with an OpenSpiel name are registered
    return spiel.max_game_length


def _game_class(game_id: str) -> type[BazaarGame]:
    """The OpenSpiel game class of ``game_id`` ("take-stock" -> ``TakeStockGame``), made a name
    of this module so that pickle finds it."""
    name = "".join(word.capitalize() for word in game_id.split("-")) + "Game"
    cls = type(name, (BazaarGame,), {"game_id": game_id, "__module__": __name__})
    globals()[name] = cls
    return cls


_TYPES = {game_id: _game_type(game_id) for game_id in SHORT_NAMES}
#: Bazaar game id -> its OpenSpiel game class
GAME_CLASSES: dict[str, type[BazaarGame]] = {
    game_id: _game_class(game_id) for game_id in SHORT_NAMES
}
for _game_id, _cls in GAME_CLASSES.items():
    pyspiel.register_game(_TYPES[_game_id], _cls)


def load(game_id: str, **params: Any) -> BazaarGame:
    """``pyspiel.load_game`` by Bazaar id: ``load("take-stock", players=5)``."""
    game: BazaarGame = pyspiel.load_game(SHORT_NAMES[game_id], params)
    return game


def deal(game: BazaarGame, seed: int) -> BazaarState:
    """A new state of ``game`` dealt from ``seed`` (0 <= seed < 2**64): its chance nodes
    draw the seed's bytes, so ``state.bazaar`` equals ``game.new(players, seed, options)``.
    A game loaded with a fixed ``seed`` parameter has no chance node and takes only that
    seed; one loaded with ``deals`` = N takes seeds 0 to N - 1."""
    if type(seed) is not int or not 0 <= seed < 1 << (8 * SEED_BYTES):
        raise BadParameter(f"seed must be from 0 to {2 ** (8 * SEED_BYTES) - 1}, not {seed!r}")
    fixed = game.setup.seed
    if fixed is not None and seed != fixed:
        raise BadParameter(f"this game deals every game from its seed parameter {fixed}")
    deals = game.setup.deals
    state = game.new_initial_state()
    if deals and fixed is None:
        if seed >= deals:
            raise BadParameter(f"this game deals seeds 0 to {deals - 1} only, not {seed}")
        state.apply_action(seed)
        return state
    for shift in range(8 * (SEED_BYTES - 1), -1, -8):
        if state.is_chance_node():
            state.apply_action((seed >> shift) & 0xFF)
    return state


__all__ = [
    "GAME_CLASSES",
    "SEED_BYTES",
    "SHORT_NAMES",
    "BadParameter",
    "BazaarGame",
    "BazaarState",
    "deal",
    "load",
]
