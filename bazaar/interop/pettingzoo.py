"""PettingZoo AEC environments for every Bazaar game that declares features (docs/pettingzoo.md).

    from bazaar.interop.pettingzoo import env
    e = env("buy-low-sell-high", players=3)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination else int(obs["action_mask"].nonzero()[0][0])
        e.step(action)

The environment follows PettingZoo's classic games: agents ``player_0 .. player_{N-1}`` are
seats 0..N-1 (the "Seat 1 .. Seat N" people read), the observation is
``{"observation": float32 features, "action_mask": int8 mask}`` (a ``gymnasium`` ``Dict`` of
two ``Box`` spaces), the action space is ``Discrete(game.num_actions)``. The features are
the game's own (``GameParts.features``, bazaar.core.features): a function of what that seat
may see only. Rewards come once, at the end: each seat's win share (``State.returns()``:
1 for a sole winner, 1/k for each of k tied winners, 0 otherwise). Games end by their rules;
with ``max_turns=N`` a game still going after N turns is truncated (every agent's truncation
set, rewards 0).

``action_mode="compact"`` numbers the actions with the game's compact codes
(:mod:`bazaar.interop.compact_actions`: Take Stock's 1,501 instead of 6,401) for a shorter mask;
``state()`` is every seat's features side by side (hidden information: for centralised
training only). :func:`parallel_env` is the same game through PettingZoo's parallel API
(only the agent to move acts at each step).

Only this module imports numpy, gymnasium and pettingzoo (the ``research`` extra).
"""

from __future__ import annotations

import functools
import io
import struct
from typing import Any

import gymnasium
import numpy as np
import pettingzoo  # type: ignore[import-untyped]
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

from bazaar.core.errors import BadOptions, IllegalAction
from bazaar.core.features import FeatureLayout
from bazaar.core.game import Game, State
from bazaar.core.registry import game_ids, game_parts
from bazaar.interop.compact_actions import ACTION_MODES, ActionCodec, codec_for
from bazaar.interop.pettingzoo_parallel import raw_parallel_env

#: bounds of the observation Box: features are scaled to about [0, 1], but a few (money) have
#: no hard limit, so the declared bounds are wide rather than wrong
OBS_BOUND = 1000.0
RENDER_MODES = ("ansi", "human")
RENDER_WIDTH = 80  # the terminal boards are drawn for 80 columns


def env_name(game_id: str) -> str:
    """The PettingZoo name of a game's environment: ``bazaar_buy_low_sell_high_v0``."""
    return "bazaar_" + game_id.replace("-", "_") + "_v0"


def registry_id(game_id: str) -> str:
    """The id of a game's environment in PettingZoo's registry: ``bazaar/take_stock-v0``."""
    return "bazaar/" + game_id.replace("-", "_") + "-v0"


def game_with_features() -> list[str]:
    """The ids of the registered games that have features (so an environment)."""
    return [gid for gid in game_ids() if game_parts(gid).features is not None]


def register_envs() -> list[str]:
    """Add every game with features to PettingZoo's registry (done on import; call it again
    after registering another game), so ``pettingzoo.make("aec", "bazaar/take_stock-v0",
    players=4)`` works. Returns the registry ids."""
    ids = []
    for game_id in game_with_features():
        rid = registry_id(game_id)
        if rid not in pettingzoo.aec_registry:
            pettingzoo.register("aec", rid, entry_point=functools.partial(env, game_id))
        if rid not in pettingzoo.parallel_registry:
            pettingzoo.register(
                "parallel", rid, entry_point=functools.partial(parallel_env, game_id)
            )
        ids.append(rid)
    return ids


def parallel_env(
    game: str,
    players: int | None = None,
    render_mode: str | None = None,
    *,
    action_mode: str = "full",
    max_turns: int | None = None,
    **options: Any,
) -> ParallelEnv:
    """The environment of ``game`` through PettingZoo's parallel API: only the agent to move
    acts at each step (bazaar.interop.pettingzoo_parallel); arguments as :func:`env`."""
    return raw_parallel_env(
        raw_env(game, players, render_mode, action_mode=action_mode, max_turns=max_turns, **options)
    )


def env(
    game: str,
    players: int | None = None,
    render_mode: str | None = None,
    *,
    action_mode: str = "full",
    max_turns: int | None = None,
    **options: Any,
) -> AECEnv:
    """The environment of ``game`` wrapped as PettingZoo's classic ones are (order enforcing).

    An illegal action raises :class:`~bazaar.core.errors.IllegalAction` and changes nothing;
    wrap the result in ``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` for the classic
    "an illegal move loses" behaviour instead.
    """
    raw = raw_env(
        game, players, render_mode, action_mode=action_mode, max_turns=max_turns, **options
    )
    return OrderEnforcing(raw)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper with the attributes a loop reads every turn
    (``agent_selection``, ``agents``, ``terminations`` ...) and ``last``/``step`` passed
    straight through once reset: the same checks, without a failed attribute lookup per read."""

    def __str__(self) -> str:
        return str(self.env)

    def _read(self, name: str) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    agent_selection = property(lambda self: self._read("agent_selection"))
    agents = property(lambda self: self._read("agents"))
    rewards = property(lambda self: self._read("rewards"))
    terminations = property(lambda self: self._read("terminations"))
    truncations = property(lambda self: self._read("truncations"))
    infos = property(lambda self: self._read("infos"))
    num_agents = property(lambda self: len(self._read("agents")))
    _cumulative_rewards = property(lambda self: self._read("_cumulative_rewards"))

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if observe and not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not self.env.agents:
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self.env.step(action)


class raw_env(AECEnv):  # PettingZoo's name for the unwrapped environment
    """One Bazaar game as a PettingZoo AEC environment (see the module docstring).

    ``game`` is a registered game id, ``players`` the number of seats (default: the game's
    minimum), ``options`` its rule options (checked by ``Game.resolve_options``: an unknown
    option or value raises BadOptions naming it). ``reset(options=...)`` ignores its
    ``options`` as PettingZoo's classic games do: rule options are fixed at construction.
    ``action_mode`` is ``"full"`` (the game's action numbers) or ``"compact"`` (its compact
    codes); ``max_turns`` (a positive int, or None) truncates a game after that many turns.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 -- replaced per game in __init__
        "render_modes": list(RENDER_MODES),
        "name": "bazaar_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        render_mode: str | None = None,
        *,
        action_mode: str = "full",
        max_turns: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if action_mode not in ACTION_MODES:
            raise BadOptions(f"action_mode {action_mode!r} is not one of {', '.join(ACTION_MODES)}")
        if max_turns is not None and (type(max_turns) is not int or max_turns < 1):
            raise BadOptions(f"max_turns must be a positive integer or None, not {max_turns!r}")
        parts = game_parts(game)
        if parts.features is None:
            raise BadOptions(
                f"{game}: the game declares no features (GameParts.features), so it has no "
                f"PettingZoo environment (games with features: {', '.join(game_with_features())})"
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadOptions(
                f"render_mode {render_mode!r} is not one of {', '.join(RENDER_MODES)} (or None)"
            )
        self.game: Game = parts.game
        self.num_players = self.game.min_players if players is None else players
        self.game.check_players(self.num_players)
        #: the full rule options (defaults filled in)
        self.options = self.game.resolve_options(options)
        self._link_parts()
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": env_name(self.game.id)}

        #: "full" or "compact"; the compact codec (None: the full numbers)
        self.action_mode = action_mode
        self.codec: ActionCodec | None = codec_for(game) if action_mode == "compact" else None
        #: a game still going after this many turns is truncated (None: never)
        self.max_turns = max_turns
        n = self.game.num_actions if self.codec is None else self.codec.size
        self._num_actions = n
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agents = self.possible_agents[:]
        self._names = tuple(self.possible_agents)
        self._seat_of = {name: i for i, name in enumerate(self.possible_agents)}
        size = self.layout.size
        self.observation_spaces = {
            name: spaces.Dict(
                {
                    "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for name in self.possible_agents
        }
        self.action_spaces = {name: spaces.Discrete(n) for name in self.possible_agents}
        #: the space of state(): every seat's features, seat 0 first
        self.state_space = spaces.Box(-OBS_BOUND, OBS_BOUND, (self.num_players * size,), np.float32)
        #: the full actions played since the last reset or load_state (the game's numbers)
        self.history: list[int] = []
        #: turns played since the last reset or load_state
        self.turns = 0
        self._no_actions = bytes(n)
        self._rng: np.random.Generator | None = None
        #: the Bazaar game state (None before the first reset); read it, do not change it
        self.game_state: State | None = None
        self._to_move: int | None = None
        self._legal: list[int] | None = None
        #: the mask of the seat to move, built once per position (None: not yet)
        self._mask: bytearray | None = None
        #: compact mode: compact code -> full action at this position (None: not yet)
        self._full_of: dict[int, int] | None = None

    def _link_parts(self) -> None:
        """The game's features and renderer (functions: rebuilt, not pickled)."""
        parts = game_parts(self.game.id)
        assert parts.features is not None
        self.layout: FeatureLayout = parts.features(self.num_players)
        self._encode = self.layout.encode
        # packs the features as float32 in one C call (3x faster than numpy from a list)
        self._pack_into = struct.Struct(f"={self.layout.size}f").pack_into
        self._obs_bytes = 4 * self.layout.size
        self._renderer = parts.renderer

    def __getstate__(self) -> dict[str, Any]:
        """Everything but the game's functions, so a game in progress pickles."""
        unlinked = ("layout", "_encode", "_pack_into", "_renderer")
        return {k: v for k, v in self.__dict__.items() if k not in unlinked}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        self._link_parts()

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: ``game.new(players, seed, options)``.

        With ``seed`` the game's seed is ``seed`` and the environment's own generator is
        re-seeded with it; without, the seed is drawn from that generator (seeded from the
        system at the first reset), so a run of resets after ``reset(seed=s)`` is repeatable.
        """
        if seed is not None:
            game_seed = int(seed) if isinstance(seed, np.integer) else seed
            if type(game_seed) is not int:  # the game names the bad seed
                self.game.new(self.num_players, game_seed, self.options)
            self._rng = np.random.default_rng(game_seed % 2**64)
        else:
            if self._rng is None:
                self._rng = np.random.default_rng()
            game_seed = int(self._rng.integers(0, 2**63))
        self._begin(self.game.new(self.num_players, game_seed, self.options))

    def load_state(self, state: State) -> None:
        """Go on from a Bazaar position instead of a new game (a copy of ``state``: e.g.
        ``game.restore(full_view)`` of a recorded position, or a determinization).

        It must be a position of this environment's game and player count, not over.
        """
        if state.game.id != self.game.id or state.num_players != self.num_players:
            raise BadOptions(
                f"load_state: the state is a {state.num_players}-player {state.game.id} game; "
                f"this environment plays {self.num_players}-player {self.game.id}"
            )
        if state.to_move() is None:
            raise BadOptions("load_state: the game is over; nobody is to move")
        self._begin(state.clone())

    def _begin(self, state: State) -> None:
        self.game_state = state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self._skip_agent_selection = None
        self._to_move = seat = state.to_move()
        assert seat is not None, "a game in progress has a seat to move"
        self.agent_selection = self._names[seat]
        self._legal = None
        self._mask = None
        self._full_of = None
        self.history = []
        self.turns = 0
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        """Play ``action`` (an int, or a numpy integer; a compact code in compact mode) for
        the agent to move.

        An illegal action raises IllegalAction (the game's reason) and changes nothing;
        a terminated or truncated agent must step ``None``.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        a = action if type(action) is int else _as_action(action)
        state = self.game_state
        assert state is not None
        if self.codec is not None:
            a = self._full_action(a)
        else:
            mask = self._mask
            if mask is not None:
                legal = 0 <= a < self._num_actions and mask[a]
            else:
                legal = a in self.legal_actions()
            if not legal:
                state.check(a)  # raises the game's reason
                raise IllegalAction(f"{a!r} is not a legal action now")  # pragma: no cover
        state.apply_unchecked(a)
        self.history.append(a)
        self.turns += 1
        self._legal = None
        self._mask = None
        self._full_of = None
        self._cumulative_rewards[agent] = 0.0
        self._to_move = seat = state.to_move()
        if seat is None:
            for name, share in zip(self._names, state.returns(), strict=True):
                self.rewards[name] = share
                self.terminations[name] = True
            self._accumulate_rewards()
            self._deads_step_first()
        elif self.max_turns is not None and self.turns >= self.max_turns:
            self.agent_selection = self._names[seat]
            self._to_move = None  # nobody may move: no mask, the public view
            for name in self._names:
                self.truncations[name] = True
            self._deads_step_first()
        else:
            self.agent_selection = self._names[seat]
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------------ observations
    def legal_actions(self) -> list[int]:
        """The legal actions of the agent to move (empty once the game is over)."""
        legal = self._legal
        if legal is None:
            assert self.game_state is not None
            legal = self._legal = self.game_state.legal_actions()
        return legal

    def _current_mask(self) -> bytearray:
        mask = self._mask
        if mask is None:
            mask = self._mask = bytearray(self._no_actions)
            for a in self.legal_codes():
                mask[a] = 1
        return mask

    def legal_codes(self) -> list[int]:
        """The legal actions of the agent to move as this environment numbers them (its
        action space): the full actions, or in compact mode their compact codes."""
        legal = self.legal_actions()
        if self.codec is None:
            return legal
        full_of = self._full_of
        if full_of is None:
            codes = self.codec.encode(self.game_state, legal)
            full_of = self._full_of = dict(zip(codes, legal, strict=True))
        return list(full_of)

    def action_of(self, code: int) -> int:
        """The game's full action of ``code`` (an action of this environment's space) at the
        current position: ``code`` itself in full mode. IllegalAction if it is not legal."""
        return self._full_action(code) if self.codec is not None else code

    def _full_action(self, code: int) -> int:
        full_of = self._full_of
        if full_of is None:
            self.legal_codes()
            full_of = self._full_of
            assert full_of is not None
        full = full_of.get(code)
        if full is not None:
            return full
        assert self.codec is not None and self.game_state is not None
        decoded = self.codec.decode(self.game_state, code)
        if decoded is None:
            raise IllegalAction(
                f"{code!r} is not a compact action code here (0-{self._num_actions - 1}, "
                "hand slots within the hand)",
                "encoding",
            )
        self.game_state.check(decoded)  # raises the game's reason
        raise IllegalAction(f"{code!r} is not a legal action now")  # pragma: no cover

    def state(self) -> np.ndarray:
        """Every seat's features side by side (seat 0 first, ``state_space``): all that any
        seat knows, its hidden cards included, so for centralised training only (never an
        agent's input when it plays)."""
        game_state = self.game_state
        if game_state is None:
            raise BadOptions("state(): the game has not started (call reset())")
        size = self.layout.size
        out = bytearray(self._obs_bytes * self.num_players)
        for seat in range(self.num_players):
            self._pack_into(out, seat * 4 * size, *self._encode(game_state, seat))
        return np.frombuffer(out, np.float32)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The features of ``agent``'s seat and its action mask (all 0 unless it is to move)."""
        seat = self._seat_of[agent]
        features = bytearray(self._obs_bytes)
        self._pack_into(features, 0, *self._encode(self.game_state, seat))
        mask = bytearray(self._current_mask() if seat == self._to_move else self._no_actions)
        return {
            "observation": np.frombuffer(features, np.float32),
            "action_mask": np.frombuffer(mask, np.int8),
        }

    # ------------------------------------------------------------------ render
    def render(self) -> str | None:
        """The board as text: the view of the seat to move (the public view once over).

        ``render_mode="ansi"`` returns the text, ``"human"`` prints it; None warns and
        returns None, as PettingZoo's games do.
        """
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode."
            )
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        state = self.game_state
        if state is None:
            return f"{self.game.id}: not started (call reset())"
        view = state.view(self._to_move)
        if self._renderer is None:
            return f"{self.game.id}: {view}"
        buf = io.StringIO()
        from rich.console import Console

        console = Console(file=buf, width=RENDER_WIDTH, color_system=None, force_terminal=False)
        console.print(self._renderer.render_view(view, "en", None))
        return buf.getvalue()

    def close(self) -> None:
        """Nothing to release (no window)."""


def _as_action(action: Any) -> int:
    """``action`` as a Python int (numpy integers and 0-d integer arrays pass)."""
    is_scalar = isinstance(action, np.integer) or (
        isinstance(action, np.ndarray) and action.shape == ()
    )
    if is_scalar and np.issubdtype(action.dtype, np.integer):
        return int(action)
    raise IllegalAction(f"{action!r} is not an action (an integer 0..N-1 is)", "encoding")


register_envs()
