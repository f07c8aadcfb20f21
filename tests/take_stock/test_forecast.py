"""The seat's own forecast of the round's scores (bazaar/games/take_stock/forecast.py): the
heuristic's row projection, applied to every seat's certificates, from one seat's view."""

from __future__ import annotations

import pytest

from bazaar.bots.random_bot import RandomBot
from bazaar.core.rng import Rng
from bazaar.games.take_stock.forecast import forecast_scores
from tests.take_stock.helpers import give, new, set_certs, set_row, set_tokens, set_totals


def test_each_seat_forecasts_with_its_own_hand() -> None:
    s = new(2, 0)
    set_row(s, "C", 3)  # top 3
    set_row(s, "T", 5, splits=1)  # top 5, price x2
    give(s, 0, "C4", "C6", "T9")
    give(s, 1, "M3", "O8")
    set_certs(s, 0, "C2")  # 1 share
    set_certs(s, 1, "T7")  # 2 shares
    set_tokens(s, [1, 4])
    set_totals(s, [10, 20])
    # The first seat's view (seat 1 to people, index 0 here): C4 then C6 climb corn to 6
    # (steps of at most 4): 3 + 0.75 + 0.3 * 3 = 4.65; T9 climbs tech to 9:
    # (5 + 0.75 + 0.3 * 4) * 2 = 13.9; the other rows 1.75. First seat: 10 + 4.65, and its one
    # token exercises T9 (2 shares * 13.9): + 0.7 * 27.8 = 34.11. Second: 20 + 2 * 13.9 = 47.8.
    assert forecast_scores(s, 0) == pytest.approx([34.11, 47.8])
    # The second seat's view: corn 3.75, tech 5.75 * 2 = 11.5, M3 climbs movies to 2.35, O8 is
    # too far (1.75). First seat: 10 + 3.75. Second: 20 + 2 * 11.5 + 0.7 * (2.35 + 2 * 1.75).
    assert forecast_scores(s, 1) == pytest.approx([13.75, 47.095])


def test_the_game_over_gives_the_totals() -> None:
    s = new(3, 4)
    bot = RandomBot(4)
    while not s.is_over():
        s.apply(bot.choose(s))
    assert forecast_scores(s, 2) == [float(x) for x in s.totals]


@pytest.mark.parametrize("players", [2, 4])
def test_a_forecast_never_depends_on_what_the_seat_cannot_see(players: int) -> None:
    s = new(players, 11)
    bot = RandomBot(11)
    rng = Rng(5)
    checked = 0
    while not s.is_over() and checked < 40:
        for seat in range(players):
            world = s.determinize(seat, rng)
            assert forecast_scores(world, seat) == forecast_scores(s, seat)
            checked += 1
        for _ in range(7):
            if not s.is_over():
                s.apply(bot.choose(s))
    assert checked >= 20
