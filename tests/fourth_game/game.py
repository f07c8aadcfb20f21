"""Hidden Nines: the smallest hidden-information game, to prove that a game can live outside
``bazaar/`` and still be played by every generic layer.

Nine cards 1-9 are shuffled; each seat is dealt two face down (only its owner sees them), the
rest form a face-down pile. On a turn the seat to move either plays a card from its hand face
up (``play 7``: it scores its value), draws the top card of the pile (``draw``, at most three
cards in hand; only the drawer sees what it drew) or passes (``pass``). After four turns each
the game ends: the most points win.
"""

from __future__ import annotations

from typing import Any

from bazaar.core.game import Event, Game, State
from bazaar.core.rng import Rng
from tests.fourth_game import actions as A
from tests.fourth_game.actions import DRAW, NUM_ACTIONS, PASS

CARDS = A.CARDS
HAND = 2
MAX_HAND = 3
TURNS = 4

WORDS = {
    "play": {"en": "{who} played {card}", "zh-TW": "{who}打出 {card}"},
    "draw": {"en": "{who} drew a card", "zh-TW": "{who}抽了一張牌"},
    "drew": {"en": "you drew {card}", "zh-TW": "你抽到 {card}"},
    "pass": {"en": "{who} passed", "zh-TW": "{who}跳過"},
    "game_over": {"en": "game over: scores {scores}", "zh-TW": "遊戲結束：分數 {scores}"},
}


def event_text(event: Event, lang: str) -> str:
    words = WORDS[event.kind]["zh-TW" if lang == "zh-TW" else "en"]
    number = event.data.get("seat", 0) + 1  # people count seats from 1
    who = (
        (f"玩家{number}" if lang == "zh-TW" else f"Seat {number}") if ("seat" in event.data) else ""
    )
    return words.format(who=who, **{k: v for k, v in event.data.items() if k != "seat"})


class HiddenNinesState(State):
    __slots__ = ("game", "hands", "num_players", "options", "pile", "played", "rng", "turn")

    game: Game
    hands: list[list[int]]
    pile: list[int]
    played: list[list[int]]
    turn: int

    @classmethod
    def setup(
        cls, game: Game, players: int, seed: int, options: dict[str, Any]
    ) -> HiddenNinesState:
        s = cls()
        s.game, s.num_players, s.options, s.rng = game, players, options, Rng(seed)
        deck = list(CARDS)
        s.rng.shuffle(deck)
        s.hands = [sorted(deck[HAND * p : HAND * p + HAND]) for p in range(players)]
        s.pile = deck[HAND * players :]
        s.played = [[] for _ in range(players)]
        s.turn = 0
        return s

    def to_move(self) -> int | None:
        return None if self.turn >= TURNS * self.num_players else self.turn % self.num_players

    def legal_actions(self) -> list[int]:
        p = self.to_move()
        if p is None:
            return []
        out = [c - 1 for c in self.hands[p]]
        if self.pile and len(self.hands[p]) < MAX_HAND:
            out.append(DRAW)
        return [*out, PASS]

    def _apply(self, action: int, events: list[Event] | None) -> None:
        p = self.turn % self.num_players
        if action == DRAW:
            card = self.pile.pop()
            self.hands[p] = sorted([*self.hands[p], card])
            if events is not None:
                events += [Event("draw", {"seat": p}), Event("drew", {"card": card}, to=p)]
        elif action == PASS:
            if events is not None:
                events.append(Event("pass", {"seat": p}))
        else:
            self.hands[p].remove(action + 1)
            self.played[p].append(action + 1)
            if events is not None:
                events.append(Event("play", {"seat": p, "card": action + 1}))
        self.turn += 1
        if events is not None and self.to_move() is None:
            events.append(Event("game_over", {"scores": self.scores()}))

    def view(self, seat: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game.id,
            "players": self.num_players,
            "turn": self.turn,
            "to_move": self.to_move(),
            "played": [list(p) for p in self.played],
            "hand_sizes": [len(h) for h in self.hands],
            "pile": len(self.pile),
            "scores": self.scores(),
        }
        if seat is not None:
            out["seat"] = seat
            out["hand"] = list(self.hands[seat])
        return out

    def full_view(self) -> dict[str, Any]:
        return {**self.view(), "hands": [list(h) for h in self.hands], "deck": list(self.pile)}

    def determinize(self, seat: int, rng: Rng) -> HiddenNinesState:
        s = self.clone()
        unseen = [c for q, h in enumerate(s.hands) if q != seat for c in h] + s.pile
        rng.shuffle(unseen)
        for q in range(s.num_players):
            if q != seat:
                n = len(s.hands[q])
                s.hands[q], unseen = sorted(unseen[:n]), unseen[n:]
        s.pile = unseen
        s.rng = rng.spawn()
        return s

    def scores(self) -> list[float]:
        return [float(sum(p)) for p in self.played]

    def clone(self) -> HiddenNinesState:
        s = HiddenNinesState()
        s.game, s.num_players, s.options = self.game, self.num_players, self.options
        s.rng = self.rng.clone()
        s.hands = [list(h) for h in self.hands]
        s.pile = list(self.pile)
        s.played = [list(p) for p in self.played]
        s.turn = self.turn
        return s


class HiddenNines(Game):
    id = "hidden-nines"
    name_en = "Hidden Nines"
    min_players = 2
    max_players = 3
    num_actions = NUM_ACTIONS
    state_class = HiddenNinesState
    event_text = staticmethod(event_text)
    actions_module = A


GAME = HiddenNines()
