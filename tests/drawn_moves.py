"""Moves that hypothesis draws, for the property tests (tests/<game>/test_properties.py).

A property test plays whole games in which hypothesis chooses every move: ``MOVES`` gives a
``random.Random`` whose every call is one of hypothesis's own draws, and ``choose`` asks it for
the index of the next move in the sorted legal list. A failing game therefore shrinks like any
other example: to fewer moves, the seed toward 0 and each move toward the first legal action
that still fails. ``report_moves`` adds the shrunk game to the failure report as notation and
as a record that ``GameRecord.from_json`` replays. Checks that cost too much to run after
every move are scheduled by drawn numbers, so they shrink too.

Hypothesis keeps at most 8 KiB of choices per example (``BUFFER_SIZE``); one move costs 2
bytes when the legal list has at most 256 actions and 3 when larger, so a game may have about
2,700 to 4,000 moves before hypothesis would discard it as too large (never cut short): the
longest random games here have a few hundred (about 100 for Buy Low Sell High and Night Market
and 200 for Take Stock), and each test's ``MAX_ACTIONS`` proves its games end.

The settings (``PROPERTY_SETTINGS``): the number of games from tests/scale.py (270, or 1,000
with ``BAZAAR_LONG_TESTS=1``); ``derandomize=True``, so every run on every machine plays the
same games (CI is deterministic and a failure seen once is seen on every rerun; it also means
no example database is read or written); no deadline (a game takes 5–50 ms, far from any
useful per-example limit); ``print_blob`` so a failure also prints the
``@reproduce_failure`` line; no explain phase (it traces every line of hundreds of replays
to say which lines only failures ran: over a minute, against seconds for the shrink itself);
the too-slow health check is off because a game of hundreds of
moves with its deep checks is slow by hypothesis's measure on purpose.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from hypothesis import HealthCheck, Phase, note, settings
from hypothesis import strategies as st

from bazaar.core.record import GameRecord
from tests.scale import examples

#: Hypothesis draws every move through this ``random.Random`` (it shrinks like any draw).
MOVES = st.randoms(use_true_random=False)

PROPERTY_SETTINGS = settings(
    max_examples=examples(270, long=1000),  # 1,000 games with BAZAAR_LONG_TESTS=1
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    phases=[Phase.explicit, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow],
)

#: An extra check run on the state before every move and at the end (tests pass a broken one
#: to show that a failure shrinks to a short move list).
StateCheck = Callable[[Any], None]


def options_of(game: Any) -> st.SearchStrategy[dict[str, Any]]:
    """Every rule option of ``game``, each drawn among its choices.

    Each option draws from its own (name, choice) pairs, so no two options look alike to
    hypothesis: its mutator, which copies a draw over another one that looks alike, would
    otherwise swap choices between options, replay a different game against the same number
    of moves and throw the many that need more moves away as overruns.
    """
    return st.fixed_dictionaries(
        {
            o.name: st.sampled_from([(o.name, c) for c in o.choices]).map(_choice)
            for o in game.option_specs
        }
    )


def _choice(pair: tuple[str, Any]) -> Any:
    return pair[1]


def choose(moves: random.Random, legal: Sequence[int]) -> int:
    """The move hypothesis draws among ``legal`` (an index into it; shrinks toward the first)."""
    return legal[moves.randrange(len(legal))]


@contextmanager
def report_moves(
    game_id: str, players: int, seed: int, options: dict, notations: list[str]
) -> Iterator[None]:
    """On a failure, note the moves played so far (notation) and the game as a record."""
    try:
        yield
    except BaseException:
        note(f"moves ({len(notations)}): {json.dumps(notations)}")
        record = GameRecord(game_id, players, seed, options, list(notations))
        note(f"record: {json.dumps(record.to_json(), sort_keys=True)}")
        raise


def moves_noted(notes: Sequence[str]) -> list[str]:
    """The moves that ``report_moves`` noted in a failure's ``__notes__``."""
    for line in notes:
        if line.startswith("moves ("):
            return json.loads(line.split(": ", 1)[1])
    raise AssertionError(f"no moves noted in {list(notes)!r}")
