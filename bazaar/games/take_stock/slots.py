"""Take Stock's compact action codes: the mover's own cards by hand slot, not by card id.

The full encoding (:mod:`bazaar.games.take_stock.actions`, 6,401 numbers) names a card of the
mover's hand by its id (0..59), so ``buy`` takes 60 × 60 numbers and ``trigger`` 24 × 60.
The compact code names it by its slot in the sorted hand (0..MAX_HAND-1), as the features'
``hand_slot_*`` groups and the ``exercise`` moves already do; everything else keeps its
argument. 1,501 codes, one per full action at any position (a bijection on the legal moves):

==============  =========================  ==========================================
codes           full actions               argument
==============  =========================  ==========================================
0–9             play (main or upturn)      hand slot
10–109          buy                        10 × certificate slot + discard slot
110–119         event2                     discard slot
120–129         event1                     discard slot
130–369         trigger                    10 × event kind + discard slot
370–393         choose                     event kind
394–403         insider                    hand slot
404, 405        decline, stop              -
406–465         audit                      certificate card id (another seat's)
466–471         target                     seat
472–476         freeze                     stock
477–1500        exercise                   bit mask of hand slots (as in full)
==============  =========================  ==========================================
"""

from __future__ import annotations

from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import NUM_CARDS, NUM_KINDS, STOCKS

H = A.MAX_HAND
PLAY = 0
BUY = PLAY + H
EVENT2 = BUY + H * H
EVENT1 = EVENT2 + H
TRIGGER = EVENT1 + H
CHOOSE = TRIGGER + NUM_KINDS * H
INSIDER = CHOOSE + NUM_KINDS
DECLINE = INSIDER + H
STOP = DECLINE + 1
AUDIT = STOP + 1
TARGET = AUDIT + NUM_CARDS
FREEZE = TARGET + A.MAX_SEATS
EXERCISE = FREEZE + STOCKS
SIZE = EXERCISE + (1 << H)

#: full actions whose argument is kept as it is: (first full, first code, last full + 1)
_KEPT = (
    (A.CHOOSE_BASE, CHOOSE, A.INSIDER_BASE),
    (A.DECLINE, DECLINE, A.STOP + 1),
    (A.AUDIT_BASE, AUDIT, A.EXERCISE_BASE + (1 << H)),
)


class TakeStockSlots:
    """The codec the PettingZoo environment's ``action_mode="compact"`` uses."""

    size = SIZE

    def encode(self, state: object, actions: list[int]) -> list[int]:
        """The compact codes of ``actions`` (full ids, legal for the mover), in their order."""
        hand: list[int] = state.hands[state.cur]  # type: ignore[attr-defined]
        slot = {c: j for j, c in enumerate(hand)}
        out = []
        for a in actions:
            if a < A.BUY_BASE:
                out.append(PLAY + slot[a])
            elif a < A.EVENT2_BASE:
                cert, discard = divmod(a - A.BUY_BASE, NUM_CARDS)
                out.append(BUY + H * slot[cert] + slot[discard])
            elif a < A.EVENT1_BASE:
                out.append(EVENT2 + slot[a - A.EVENT2_BASE])
            elif a < A.TRIGGER_BASE:
                out.append(EVENT1 + slot[a - A.EVENT1_BASE])
            elif a < A.CHOOSE_BASE:
                kind, discard = divmod(a - A.TRIGGER_BASE, NUM_CARDS)
                out.append(TRIGGER + H * kind + slot[discard])
            elif A.INSIDER_BASE <= a < A.DECLINE:
                out.append(INSIDER + slot[a - A.INSIDER_BASE])
            else:
                out.append(_kept_code(a))
        return out

    def decode(self, state: object, code: int) -> int | None:
        """The full action of ``code`` at ``state`` (None: a slot beyond the hand, or not a
        code). Legality is the game's to check."""
        if not 0 <= code < SIZE:
            return None
        hand: list[int] = state.hands[state.cur]  # type: ignore[attr-defined]
        if code < BUY:
            return _card(hand, code - PLAY)
        if code < EVENT2:
            cert, discard = divmod(code - BUY, H)
            c, d = _card(hand, cert), _card(hand, discard)
            return None if c is None or d is None else A.BUY_BASE + NUM_CARDS * c + d
        if code < EVENT1:
            d = _card(hand, code - EVENT2)
            return None if d is None else A.EVENT2_BASE + d
        if code < TRIGGER:
            d = _card(hand, code - EVENT1)
            return None if d is None else A.EVENT1_BASE + d
        if code < CHOOSE:
            kind, discard = divmod(code - TRIGGER, H)
            d = _card(hand, discard)
            return None if d is None else A.TRIGGER_BASE + NUM_CARDS * kind + d
        if INSIDER <= code < DECLINE:
            c = _card(hand, code - INSIDER)
            return None if c is None else A.INSIDER_BASE + c
        for full, first, end in _KEPT:
            if first <= code < first + end - full:
                return full + code - first
        return None  # pragma: no cover -- the ranges above cover 0..SIZE-1


def _kept_code(action: int) -> int:
    for full, first, end in _KEPT:
        if full <= action < end:
            return first + action - full
    raise ValueError(f"{action!r} is not a take-stock action")


def _card(hand: list[int], slot: int) -> int | None:
    return hand[slot] if slot < len(hand) else None


CODEC = TakeStockSlots()
