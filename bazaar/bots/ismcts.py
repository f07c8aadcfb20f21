"""Information-set Monte Carlo tree search (single-observer ISMCTS) for every game.

Each iteration samples a *determinization* of the root state from the searching seat's point
of view (``state.determinize(seat, rng)``: everything the seat cannot see is resampled), walks
one shared tree with UCB over the actions legal in that sample, expands one node, finishes the
game with a rollout policy, and backs up each seat's result. Because a node's children are
scored by how often they were *available* (Cowling, Powley & Whitehouse 2012), actions that
exist only in some determinizations are not favoured unfairly.

Results are multi-player: every node keeps the reward of the seat that chose the move into it.
The reward is the win share (1 for a sole winner, 1/k for a k-way tie, 0 otherwise) blended
with the seat's normalised score, so the search prefers winning by more when it can.

The search never reads the true state's hidden parts: it only calls ``determinize``, whose
result depends on the seat's view alone.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bazaar.core.game import State
from bazaar.core.parts import Estimate
from bazaar.core.registry import game_parts
from bazaar.core.rng import Rng

#: A rollout policy: (state, rng) -> an action from state.legal_actions().
Policy = Callable[[State, Rng], int]
#: A move ranking: state -> the legal actions of the seat to move, best first.
Ranker = Callable[[State], list[int]]
#: A leaf judge: (unfinished state, searching seat) -> (each seat's win chance, each seat's
#: expected final score), from what the searching seat could see (the value model's outlook).
Leaf = Callable[[State, int], tuple[list[float], list[float]]]


def random_policy(state: State, rng: Rng) -> int:
    legal = state.legal_actions()
    return legal[rng.below(len(legal))]


@dataclass(frozen=True)
class MoveStats:
    """What the search learned about one root action."""

    action: int
    notation: str
    visits: int
    win: float  # estimated win probability (mean win share)
    score: float  # mean final score of the searching seat

    def to_json(self) -> dict[str, object]:
        return {
            "action": self.action,
            "notation": self.notation,
            "visits": self.visits,
            "win": round(self.win, 4),
            "score": round(self.score, 2),
        }


class _Node:
    __slots__ = ("avail", "children", "mover", "score", "value", "visits", "win")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.value = 0.0
        self.win = 0.0
        self.score = 0.0


def outcome(
    state: State,
    score_weight: float,
    estimate: Estimate | None = None,
    judged: tuple[list[float], list[float]] | None = None,
) -> tuple[list[float], list[float], list[float]]:
    """(rewards used by the search, win shares, scores) at the end of a rollout.

    A finished game gives its true result; an unfinished one (a truncated rollout) is
    ``judged`` (win chances and scores from a leaf judge) when given, else judged by the
    game's ``estimate`` (its parts' ``estimate``) if it has one, else by ``scores()``.
    """
    if state.is_over():
        wins = state.returns()
        scores = state.scores()
    elif judged is not None:
        wins, scores = judged
    else:
        scores = estimate(state) if estimate else state.scores()
        best = max(scores)
        leaders = [i for i, x in enumerate(scores) if x == best]
        wins = [1 / len(leaders) if i in leaders else 0.0 for i in range(len(scores))]
    low, high = min(scores), max(scores)
    spread = high - low
    if spread <= 0 or score_weight <= 0:
        return wins, wins, scores
    rewards = [
        (1 - score_weight) * w + score_weight * (s - low) / spread
        for w, s in zip(wins, scores, strict=True)
    ]
    return rewards, wins, scores


#: The most moves played to finish an open round before a position is judged (a guard against
#: a round that never ends under some policy, not a rule: Night Market's bidding takes at most
#: a few dozen).
ROUND_MOVES = 200


def play_out_round(
    state: State, open_round: Callable[[State], Any], choose: Callable[[State], int]
) -> State:
    """Play ``state`` on in place with ``choose`` until the open round it is in (the game's
    ``GameParts.open_round``: a round whose outcome the seats' coming moves decide together)
    is over, so that a judge of the position sees the round's result; ``state`` unchanged
    outside such a round."""
    key = open_round(state)
    if key is None:
        return state
    for _ in range(ROUND_MOVES):
        if state.is_over() or open_round(state) != key:
            break
        state.apply_unchecked(choose(state))
    return state


Judged = tuple[list[float], list[float], list[float]]


def _mixed(first: Judged, second: Judged, weight: float) -> Judged:
    """(rewards, wins, scores) of two judges mixed: ``(1 - weight) * first + weight * second``."""

    def mix(a: list[float], b: list[float]) -> list[float]:
        return [(1 - weight) * x + weight * y for x, y in zip(a, b, strict=True)]

    return mix(first[0], second[0]), mix(first[1], second[1]), mix(first[2], second[2])


#: A timed search makes at least this many iterations, however slow the machine. One: an
#: iteration that plays a Night Market bidding round out can take 25 ms on a busy machine, and a
#: floor of 8 made a 50 ms search take 200 ms (issue 24); one more iteration of the mean length
#: so far is the most a search now overruns by.
MIN_TIMED_ITERATIONS = 1


class Ismcts:
    """ISMCTS bot: ``Ismcts(iterations=..., millis=..., seed=...).choose(state)``.

    ``iterations`` and ``millis`` bound the search (whichever comes first; at least one
    iteration runs). ``rollout`` is the playout policy (uniform random by default);
    ``jobs`` > 1 runs independent searches in that many processes and adds their root
    statistics (root parallelisation). ``rollout_depth`` cuts playouts after that many
    actions and judges the position by ``leaf`` (the value model,
    :class:`bazaar.bots.estimator.ModelLeaf`) when given, else by the game's ``estimate``
    (``GameParts``; games without either always play out to the end). ``widening``
    (progressive widening) lets a node with ``v`` visits grow at most
    ``2 + widening * sqrt(v)`` children, so searches in games with many moves (bid amounts) go
    deep instead of wide; new children are tried in the playout
    policy's order of preference first, or, with a ``ranker`` (the legal actions best first,
    e.g. by a heuristic's scores), in the ranker's order. With a ranker, ``prior_bonus`` > 0
    makes the root pick conservative: the ranker's best move counts its visits
    ``1 + prior_bonus`` times, so another move is played only when the search clearly
    prefers it (near-ties, where playout noise decides, go to the ranker's move).
    ``blend`` > 0 (with a ``leaf``) mixes two judges of a new node: the leaf judges it where
    the playout starts, the playout then runs ``rollout_depth`` actions and is judged as
    without a leaf, and the reward is ``(1 - blend) * leaf + blend * playout`` (as AlphaGo
    mixed its value network with fast rollouts).
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int | None = 1000,
        millis: float | None = None,
        seed: int = 0,
        exploration: float = 0.7,
        score_weight: float = 0.25,
        rollout: Policy | None = None,
        jobs: int = 1,
        rollout_depth: int | None = None,
        widening: float | None = None,
        ranker: Ranker | None = None,
        prior_bonus: float = 0.0,
        leaf: Leaf | None = None,
        blend: float = 0.0,
    ) -> None:
        if iterations is None and millis is None:
            raise ValueError("give an iteration budget, a time budget, or both")
        self.iterations = iterations
        self.millis = millis
        self.rng = Rng(seed)
        self.exploration = exploration
        self.score_weight = score_weight
        self.rollout = rollout or random_policy
        self.jobs = jobs
        self.rollout_depth = rollout_depth
        self.widening = widening
        self.ranker = ranker
        self.prior_bonus = prior_bonus
        self.leaf = leaf
        self.blend = blend
        self.last_iterations = 0
        self._pool: Any = None

    def close(self) -> None:
        """Stop the worker processes of a ``jobs`` > 1 search (also done at exit)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None

    def __del__(self) -> None:
        self.close()

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_pool"] = None
        return state

    # ------------------------------------------------------------------ public
    def choose(self, state: State) -> int:
        stats = self.analyse(state)
        return stats[0].action

    def analyse(self, state: State) -> list[MoveStats]:
        """Search from ``state`` for the seat to move; root actions, best first."""
        seat = state.to_move()
        if seat is None:
            raise ValueError("the game is over: nothing to search")
        legal = state.legal_actions()
        if len(legal) == 1 and self.jobs == 1:
            self.last_iterations = 0
            return [MoveStats(legal[0], state.notation(legal[0]), 0, 0.0, 0.0)]
        seed = self.rng.next64()
        totals = self._parallel(state) if self.jobs > 1 else self._search(state, seed)
        stats = [
            MoveStats(
                a,
                state.notation(a),
                visits,
                win / visits if visits else 0.0,
                score / visits if visits else 0.0,
            )
            for a, (visits, win, score) in totals.items()
            if a in legal
        ]
        weight = {}
        if self.ranker is not None and self.prior_bonus > 0:
            weight[self.ranker(state)[0]] = 1 + self.prior_bonus  # the seat's own view only
        stats.sort(key=lambda m: (-m.visits * weight.get(m.action, 1), -m.win, m.action))
        return stats

    # ------------------------------------------------------------------ search
    def _search(
        self, state: State, seed: int, only: frozenset[int] | None = None
    ) -> dict[int, tuple[int, float, float]]:
        """One search; with ``only``, the root tries just those of its legal actions (all of
        them in a determinization where none of ``only`` is legal)."""
        seat = state.to_move()
        assert seat is not None
        rng = Rng(seed)
        root = _Node(-1)
        started = time.perf_counter()
        deadline = None if self.millis is None else started + self.millis / 1000
        limit = self.iterations
        count = 0
        c = self.exploration
        rollout = self.rollout
        weight = self.score_weight
        # truncated playouts only where the game can estimate an unfinished position
        estimate = game_parts(state.game.id).estimate
        leaf = self.leaf
        blend = self.blend if leaf is not None else 0.0
        # the model judges a position only once an open round in it has been played out
        open_round = game_parts(state.game.id).open_round if leaf is not None else None
        depth = self.rollout_depth if estimate is not None or leaf is not None else None
        widening = self.widening
        ranker = self.ranker
        log = math.log
        sqrt = math.sqrt
        while True:
            s = state.determinize(seat, rng)
            node = root
            path = []
            while True:
                mover = s.to_move()
                if mover is None:
                    break
                legal = s.legal_actions()
                if only is not None and node is root:
                    legal = [b for b in legal if b in only] or legal
                children = node.children
                known = [b for b in legal if b in children]
                if len(known) < len(legal) and (
                    not known or widening is None or len(known) < 2 + widening * sqrt(node.visits)
                ):
                    # expand: the ranker's best untried move, else the playout policy's move
                    # first (the heuristic's choice), else a random untried one
                    a = -1
                    if ranker is not None:
                        for b in ranker(s):
                            if b not in children:
                                a = b
                                break
                    else:
                        a = rollout(s, rng)
                    if a in children or a not in legal:
                        untried = [b for b in legal if b not in children]
                        a = untried[rng.below(len(untried))]
                    child = _Node(mover)
                    children[a] = child
                    for b in known:
                        children[b].avail += 1
                    s.apply_unchecked(a)
                    path.append(child)
                    break
                best_a = known[0]
                best_v = -1.0
                for b in known:
                    ch = children[b]
                    ch.avail += 1
                    v = ch.value / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if v > best_v:
                        best_v, best_a = v, b
                node = children[best_a]
                s.apply_unchecked(best_a)
                path.append(node)
            early = None
            if leaf is not None and blend > 0 and not s.is_over():
                # the leaf's judgement where the playout starts, mixed in below
                if open_round is not None:
                    play_out_round(s, open_round, lambda t: rollout(t, rng))
                if not s.is_over():
                    early = outcome(s, weight, estimate, leaf(s, seat))
            if depth is None:
                while not s.is_over():
                    s.apply_unchecked(rollout(s, rng))
            else:
                for _ in range(depth):
                    if s.is_over():
                        break
                    s.apply_unchecked(rollout(s, rng))
            if early is not None:
                rewards, wins, scores = _mixed(early, outcome(s, weight, estimate), blend)
            else:
                if open_round is not None and not s.is_over():
                    play_out_round(s, open_round, lambda t: rollout(t, rng))
                judged = leaf(s, seat) if leaf is not None and not s.is_over() else None
                rewards, wins, scores = outcome(s, weight, estimate, judged)
            for n in path:
                n.visits += 1
                n.value += rewards[n.mover]
                n.win += wins[n.mover]
                n.score += scores[n.mover]
            root.visits += 1
            count += 1
            if limit is not None and count >= limit:
                break
            if deadline is not None and count >= MIN_TIMED_ITERATIONS:
                # stop when one more iteration of the mean length so far would end past the
                # deadline: the search keeps its time budget instead of overrunning it
                now = time.perf_counter()
                if now + (now - started) / count >= deadline:
                    break
        self.last_iterations = count
        return {a: (n.visits, n.win, n.score) for a, n in root.children.items()}

    def _parallel(self, state: State) -> dict[int, tuple[int, float, float]]:
        seeds = [self.rng.next64() for _ in range(self.jobs)]
        worker = Ismcts(
            iterations=None if self.iterations is None else -(-self.iterations // self.jobs),
            millis=self.millis,
            exploration=self.exploration,
            score_weight=self.score_weight,
            rollout=self.rollout,
            rollout_depth=self.rollout_depth,
            widening=self.widening,
            ranker=self.ranker,
            leaf=self.leaf,
            blend=self.blend,
        )
        if self._pool is None:  # started once and reused: forking per move costs ~50 ms
            self._pool = multiprocessing.get_context("fork").Pool(self.jobs)
        parts = self._pool.starmap(_search_worker, [(worker, state, s) for s in seeds])
        totals: dict[int, tuple[int, float, float]] = {}
        iterations = 0
        for part, count in parts:
            iterations += count
            for a, (v, w, sc) in part.items():
                tv, tw, ts = totals.get(a, (0, 0.0, 0.0))
                totals[a] = (tv + v, tw + w, ts + sc)
        self.last_iterations = iterations
        return totals


def _search_worker(
    bot: Ismcts, state: State, seed: int
) -> tuple[dict[int, tuple[int, float, float]], int]:
    result = bot._search(state, seed)
    return result, bot.last_iterations
