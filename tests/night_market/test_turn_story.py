"""The turn sentence of a round's last build tells what the move caused (the walk, the majority
bonus, the income, the game's end) in both languages, with the players named and seats counted
from 1 (text.turn_story, the log entries' ``story``)."""

from __future__ import annotations

from bazaar.core.game import Event, State
from bazaar.core.registry import get_game
from bazaar.core.rng import Rng
from bazaar.web.payload import LoggedMove, log_entries

#: the 3-player random game of tests/web/test_story.py's TIE_SEED: it ends $14, $1, $14 and
#: seat 2 wins the tie by the most lots
SEED = 12
NAMES = ["Mei", "Ana", "Bo"]


def random_game() -> tuple[State, list[LoggedMove]]:
    state = get_game("night-market").new(3, SEED)
    rng = Rng(SEED)
    history: list[LoggedMove] = []
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        action = rng.choice(state.legal_actions())
        public = state.public_notation(action)
        events: list[Event] = state.apply(action)
        history.append(
            LoggedMove(len(history), seat, state.notation(action), events, public=public)
        )
    return state, history


def stories(lang: str, seat: int | None = 0) -> list[list[str]]:
    state, history = random_game()
    entries = log_entries(state, history, seat, lang, last=None, names=NAMES)
    return [e["story"] for e in entries]


def test_first_round_end_tells_the_walk_and_each_income() -> None:
    told = [s for s in stories("en") if s]
    assert len(told) == 5  # one per round: the round's last build
    assert told[0] == [
        "Ana builds a snack stall on lot 10",
        "3 hidden customers come in",
        "Mei serves 1 customer (snack)",
        "Ana serves 1 customer (snack)",
        "4 customers wait for the next round at A, C",
        "1 customer leaves the market",
        "income: Mei $3, Ana $3, nothing for Bo",
    ]
    assert not any("$0" in clause for story in told for clause in story)


def test_last_build_tells_bonus_income_and_winner_in_english_and_chinese() -> None:
    en = stories("en")[-1]
    assert en[0] == "Bo builds a food stall on lot 17"
    assert "Bo serves 6 customers (food/drink/dessert)" in en
    assert "9 customers leave the market" in en
    assert not any("wait for the next round" in clause for clause in en)  # they walk on at once
    assert en[-3:] == [
        "majority bonus: Ana $4 (snack), Bo $12 (food/drink/dessert)",
        "income: Mei $6, Ana $9, Bo $20",
        "game over, Bo wins with $14",
    ]
    zh = stories("zh-TW")[-1]
    assert zh[0] == "Bo在第17攤建造食物攤位"
    assert "Bo的攤位招待6位客人(食物/飲料/甜點)" in zh
    assert zh[-3:] == [
        "最多客人獎勵：Ana $4(小吃)、Bo $12(食物/飲料/甜點)",
        "收入：Mei $6、Ana $9、Bo $20",
        "遊戲結束，Bo以 $14 獲勝",
    ]


def test_every_seat_and_spectators_read_the_same_story() -> None:
    for lang in ("en", "zh-TW"):
        seen = [stories(lang, seat) for seat in (None, 0, 1, 2)]
        assert all(s == seen[0] for s in seen)


def test_a_tie_is_a_shared_win() -> None:
    from bazaar.games.night_market.text import turn_story

    over = Event("game_over", {"scores": [9, 9, 3], "winners": [0, 1]})
    income = Event("income", {"round": 5, "income": [0, 0, 0], "customers": [0, 0, 0]})
    assert turn_story([income, over], 0, "en") == [
        "no income for anybody",
        "game over, a tie: Seat 1, Seat 2 share the win with $9",
    ]
    assert (
        turn_story([income, over], 0, "zh-TW")[-1]
        == "遊戲結束，平手：玩家1、玩家2都是 $9，共同獲勝"
    )
