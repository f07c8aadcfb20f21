"""Option customer_deck (spec §7.5, an assumption): the composition of each deck, a seeded deal
under 'even_paths' and the error for an unknown deck."""

from __future__ import annotations

from collections import Counter

import pytest

from bazaar.core.errors import BadOptions
from bazaar.games.night_market import GAME
from bazaar.games.night_market.components import CUSTOMER_DECKS, KIND_NAMES, LETTERS, NUM_LETTERS

from .helpers import new

#: the three entrance paths of the seed's movement table
PATHS = {"A": "A", "B": "B/C", "C": "B/C", **dict.fromkeys("DEFGH", "D-H")}


def _letters(deck: tuple[int, ...], stall_type: int | None = None) -> Counter[str]:
    return Counter(LETTERS[k % NUM_LETTERS] for k in deck if stall_type in (None, k // NUM_LETTERS))


def _paths(letters: Counter[str]) -> dict[str, int]:
    out: Counter[str] = Counter()
    for letter, n in letters.items():
        out[PATHS[letter]] += n
    return dict(out)


def test_the_option_lists_both_decks_spec_first():
    option = next(o for o in GAME.option_specs if o.name == "customer_deck")
    assert option.default == "spec" and option.choices == ("spec", "even_paths")
    assert tuple(CUSTOMER_DECKS) == ("spec", "even_paths")


@pytest.mark.parametrize(
    ("name", "letters", "paths"),
    [
        ("spec", dict.fromkeys("ABCDEFGH", 5), {"A": 5, "B/C": 10, "D-H": 25}),
        (
            "even_paths",
            {"A": 13, "B": 7, "C": 7, "D": 3, "E": 3, "F": 3, "G": 2, "H": 2},
            {"A": 13, "B/C": 14, "D-H": 13},
        ),
    ],
)
def test_deck_composition_per_type_letter_and_path(name, letters, paths):
    deck = CUSTOMER_DECKS[name]
    assert len(deck) == 40
    assert Counter(k // NUM_LETTERS for k in deck) == {0: 10, 1: 10, 2: 10, 3: 10}
    assert _letters(deck) == letters
    assert _paths(_letters(deck)) == paths


def test_even_paths_spreads_each_type_over_the_paths_and_letters():
    deck = CUSTOMER_DECKS["even_paths"]
    per_type = [_paths(_letters(deck, t)) for t in range(4)]
    assert per_type == [
        {"A": 4, "B/C": 3, "D-H": 3},
        {"A": 3, "B/C": 4, "D-H": 3},
        {"A": 3, "B/C": 4, "D-H": 3},
        {"A": 3, "B/C": 3, "D-H": 4},
    ]
    # within B/C and D-H a type never has two cards more on one letter than on another
    for t in range(4):
        letters = _letters(deck, t)
        assert max(letters[x] for x in "BC") - min(letters[x] for x in "BC") <= 1
        assert max(letters[x] for x in "DEFGH") <= 1


def test_a_seeded_game_deals_from_the_even_paths_deck():
    s = new(4, seed=15, customer_deck="even_paths")
    view = s.full_view()
    assert view["options"]["customer_deck"] == "even_paths"
    assert [[KIND_NAMES[s.rules.kind[c]] for c in h] for h in s.hands] == [
        ["T2A", "T3A", "T3H", "T1G"],
        ["T2A", "T2C", "T1A", "T0F"],
        ["T1H", "T2G", "T2F", "T3A"],
        ["T2A", "T3F", "T1B", "T0E"],
    ]
    assert {e: c for e, c in view["entrances"].items() if c} == {
        "A": ["T1A"],
        "B": ["T0B"],
        "C": ["T0C"],
        "E": ["T2E"],
    }
    # the same seed with the default deck deals the same card ids, read as the spec's kinds
    spec = new(4, seed=15)
    assert spec.hands == s.hands
    assert [KIND_NAMES[spec.rules.kind[c]] for c in spec.hands[0]] == ["T2B", "T3B", "T3H", "T1B"]


def test_an_unknown_deck_is_refused_naming_the_option_and_its_choices():
    with pytest.raises(BadOptions) as err:
        GAME.new(4, 0, {"customer_deck": "even"})
    assert str(err.value) == (
        "night-market: option 'customer_deck' cannot be 'even' (allowed: 'spec', 'even_paths')"
    )
