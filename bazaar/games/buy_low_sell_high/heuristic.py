"""A heuristic player for Buy Low Sell High.

Reasoning, in the game's own terms:

* **What a share is worth.** At year end a kind's price moves by the net of the uncovered
  bull and bear cards of its colour, and each share earns the dividend for the number of
  uncovered Dividend cards. The bot projects both from the market row plus the cards in its
  own hand that it would like to play, and values a share at the projected sell price plus
  the projected dividend.
* **Trading.** Every legal trade is scored as (shares gained × projected value) + cash
  received − cash paid; the best trade wins, and passing wins ties (trading costs the spread
  between buy and sell price).
* **Playing a card.** A card is worth its effect on the bot *relative to the others*: a +2 on
  a kind the bot holds 3 shares of, while the others hold 1 on average, gains it
  2 × (3 − 1). Commissions hurt holders, so they are played on kinds the others hold more of;
  Breaking News cancels the card that hurts the bot most.
* **Redraw.** Cards whose best use would still hurt the bot are discarded.
* **Selling** (forced sales and the final sell-off): the dearest kind first, since every sale
  pushes that price down; a forced sale stops as soon as money is back to $0.

It reads only public information and its own hand, so it never peeks.
"""

from __future__ import annotations

from bazaar.core.rng import Rng
from bazaar.games.buy_low_sell_high import actions as A
from bazaar.games.buy_low_sell_high.components import (
    CARD_TYPES,
    COMMISSION,
    COMPONENTS,
    DIVIDEND,
    KINDS,
    NEWS,
    NUM_CARDS,
    TYPE_VALUE,
)
from bazaar.games.buy_low_sell_high.fields import (
    FORCED,
    PLAY,
    REDRAW,
    SELLOFF,
    SPACES,
    TRADE,
)
from bazaar.games.buy_low_sell_high.state import BlshState

_TYPES = len(CARD_TYPES)
TOP = len(SPACES) - 1


class BlshHeuristic:
    """``choose(state)`` for the seat to move; ``noise`` > 0 randomises near-ties."""

    name = "heuristic"

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.noise = noise

    def choose(self, state: BlshState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == TRADE:
            scored = self._score_trades(state, legal)
        elif phase == PLAY:
            scored = self._score_plays(state, legal)
        elif phase == REDRAW:
            scored = self._score_redraw(state, legal)
        elif phase in (FORCED, SELLOFF):
            scored = self._score_sales(state, legal)
        else:
            scored = [(0.0, a) for a in legal]
        if self.noise:
            scored = [(v + self.noise * self.rng.below(1000) / 1000, a) for v, a in scored]
        return max(scored, key=lambda va: va[0])[1]

    # ------------------------------------------------------------------ valuation
    @staticmethod
    def _relative_holding(state: BlshState, k: int) -> float:
        me = state.cur
        others = [state.held[q][k] for q in range(state.num_players) if q != me]
        return state.held[me][k] - sum(others) / len(others)

    @staticmethod
    def _row_totals(state: BlshState) -> tuple[list[int], list[int]]:
        net = [0] * KINDS
        dividends = [0] * KINDS
        for card, covered in zip(state.row, state.row_covered, strict=True):
            if covered:
                continue
            k, t = divmod(card, _TYPES)
            if t < DIVIDEND:
                net[k] += TYPE_VALUE[t]
            elif t == DIVIDEND:
                dividends[k] += 1
        return net, dividends

    def _share_values(self, state: BlshState) -> list[float]:
        """Projected value of one share of each kind at the end of this year."""
        net, dividends = self._row_totals(state)
        hand = state.hands[state.cur]
        values: list[float] = []
        for k in range(KINDS):
            mine = [TYPE_VALUE[t] for t in range(6) if hand[k * _TYPES + t]]
            push = max(mine) if mine and max(mine) > 0 else 0
            index = min(TOP, max(0, state.lo[k] - 1 + net[k] + push))
            divs = dividends[k] + (1 if hand[k * _TYPES + DIVIDEND] else 0)
            values.append(SPACES[index] + state.rules.dividend(divs))
        return values

    # ------------------------------------------------------------------ phases
    def _score_trades(self, state: BlshState, legal: list[int]) -> list[tuple[float, int]]:
        values = self._share_values(state)
        p = state.cur
        out = []
        for a in legal:
            d = A.TRADES[a]
            gain = 0.0
            for k in range(KINDS):
                x = d[k]
                if not x:
                    continue
                lo, n = state.lo[k], state.n[k]
                if x < 0:
                    cash = SPACES[lo - 1 if lo else 0]
                    if x == -2:
                        cash += SPACES[lo - 2 if lo > 1 else 0]
                else:
                    cash = -SPACES[lo]
                    if x == 2:
                        cash -= SPACES[lo if lo == 0 and n - state.hi[k] > 1 else lo + 1]
                gain += x * values[k] + cash
            money_after = state.money[p] + sum(
                -SPACES[state.lo[k]] * d[k] if d[k] > 0 else 0 for k in range(KINDS)
            )
            if money_after < 4:  # keep a little cash against commissions
                gain -= 2
            out.append((gain - 0.5 * sum(abs(x) for x in d), a))
        return out

    def _card_effect(self, state: BlshState, card: int, dividends: list[int]) -> float:
        k, t = divmod(card, _TYPES)
        rel = self._relative_holding(state, k)
        if t < DIVIDEND:
            return TYPE_VALUE[t] * rel
        if t == DIVIDEND:
            c = dividends[k]
            return (state.rules.dividend(c + 1) - state.rules.dividend(c)) * rel
        if t == COMMISSION:
            return -COMPONENTS.commission * rel - 0.5
        return -1.0  # Breaking News as a dud

    def _score_plays(self, state: BlshState, legal: list[int]) -> list[tuple[float, int]]:
        _, dividends = self._row_totals(state)
        out = []
        for a in legal:
            if a >= A.COVER_BASE:
                target = state.row[a - A.COVER_BASE]
                if target % _TYPES == COMMISSION:
                    value = -0.5  # fees are not refunded
                else:
                    value = -self._card_effect(state, target, dividends) - 0.25
            else:
                value = self._card_effect(state, a - A.PLAY_BASE, dividends)
            out.append((value, a))
        return out

    def _score_redraw(self, state: BlshState, legal: list[int]) -> list[tuple[float, int]]:
        _, dividends = self._row_totals(state)
        out = []
        for a in legal:
            if a == A.KEEP:
                out.append((0.0, a))
                continue
            card = a - A.DISCARD_BASE
            if card % _TYPES == NEWS:
                out.append((-0.5, a))
                continue
            effect = self._card_effect(state, card, dividends)
            out.append((-effect - 0.5, a))
        return out

    def _score_sales(self, state: BlshState, legal: list[int]) -> list[tuple[float, int]]:
        out = []
        for a in legal:
            if a == A.STOP:
                out.append((1000.0, a))
            else:
                out.append((float(state.sell_price(a - A.SELL_BASE)), a))
        return out


assert NUM_CARDS == KINDS * _TYPES
