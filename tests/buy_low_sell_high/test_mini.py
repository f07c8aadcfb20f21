"""Option ``size``: the mini study variant is what rules.en.md says, and normal is unchanged."""

from __future__ import annotations

import pytest

from bazaar.core.errors import BadOptions
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng

GAME = get_game("buy-low-sell-high")


def play_out(players: int, seed: int, options: dict[str, str]) -> list[str]:
    """The phases of one seeded random game, in order of play (repeats removed)."""
    s = GAME.new(players, seed, options)
    rng = Rng(seed)
    phases = [s.full_view()["phase"]]
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        again = GAME.restore(s.full_view())
        assert again == s and again.legal_actions() == s.legal_actions()
        if s.full_view()["phase"] != phases[-1]:
            phases.append(s.full_view()["phase"])
    return phases


@pytest.mark.parametrize(("players", "row"), [(2, 2), (3, 3), (4, 4)])
def test_mini_is_one_year_with_two_card_hands_and_a_row_of_one_card_each(
    players: int, row: int
) -> None:
    s = GAME.new(players, 7, {"size": "mini"})
    view = s.view(0)
    assert (view["year"], view["years"], view["row_length"]) == (1, 1, row)
    assert view["hand_sizes"] == [2] * players
    assert view["money"] == [50] * players and view["holdings"] == [[1, 1, 1]] * players
    assert view["pile"] == 45 - 2 * players


def test_a_mini_game_trades_plays_and_sells_off_with_no_year_end_redraw() -> None:
    assert play_out(2, 3, {"size": "mini"}) == ["trade", "play", "trade", "play", "selloff", "over"]


def test_normal_is_the_default_and_unchanged() -> None:
    assert GAME.default_options()["size"] == "normal"
    s = GAME.new(2, 7)
    view = s.view(0)
    assert (view["years"], view["row_length"], view["hand_sizes"]) == (3, 9, [5, 5])
    assert s.full_view() == GAME.new(2, 7, {"size": "normal"}).full_view()


def test_a_position_stored_before_the_option_existed_restores_as_normal() -> None:
    data = GAME.new(3, 5).full_view()
    del data["options"]["size"]
    assert GAME.restore(data) == GAME.new(3, 5)


def test_an_unknown_size_is_refused_naming_the_option() -> None:
    with pytest.raises(BadOptions, match="option 'size' cannot be 'tiny'"):
        GAME.new(2, 0, {"size": "tiny"})
