"""Why an action is refused in Take Stock: one :class:`IllegalAction` per broken rule, with
an English message id and fields, translated by this game's catalog
(``locale/zh_TW/LC_MESSAGES/take_stock.po``). Section numbers (§) refer to the rules.
"""

from __future__ import annotations

from bazaar.core.errors import IllegalAction, Refusals, Term
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock import fields as S
from bazaar.games.take_stock.components import (
    AUDIT,
    CARD_NAMES,
    EFFECT_OF,
    KIND_NAMES,
    KIND_STOCK,
    LETTERS,
    NUM_CARDS,
    OPTION_LOST,
    STOCK_OF,
)
from bazaar.games.take_stock.fields import KIND_MASK, MAX_STEP, TakeStockFields

refuse = Refusals(__package__)


def _expected(phase: int) -> Term:
    """What the seat must do now in a phase other than the main one (Term: translated)."""
    return {
        S.CHOOSE: Term("choose which drawn event to execute: 'choose EVENT' (§5.3C①)"),
        S.INSIDER_P: Term("Insider Trading: 'insider CARD' or 'decline' (§6)"),
        S.AUDIT_P: Term("Stock Audit: 'audit CERTIFICATE' (§6)"),
        S.TARGET_P: Term("choose a seat: 'target SEAT' (§6)"),
        S.FREEZE_P: Term("Stock Freeze: 'freeze STOCK' (§6)"),
        S.UPTURN_P: Term("Market Upturn: 'play CARD' or 'stop' (§6)"),
        S.EXERCISE: Term("exercise options: 'exercise 1 3' or 'exercise none' (§7.1)"),
    }[phase]


def explain_illegal(state: TakeStockFields, action: int) -> IllegalAction:
    """The refusal of ``action``, which is not legal in ``state``."""
    phase = state.phase
    seat = state.cur
    note = A.notation(action)
    if phase == S.MAIN:
        return _explain_main(state, action)
    if phase == S.CHOOSE and A.CHOOSE_BASE <= action < A.INSIDER_BASE:
        return refuse(
            "{note!r}: seat {seat} did not draw {kind}; choose one of the two drawn events "
            "(§5.3C①)",
            "choose",
            note=note,
            seat=seat + 1,
            kind=KIND_NAMES[action - A.CHOOSE_BASE],
        )
    if phase == S.INSIDER_P and A.INSIDER_BASE <= action < A.DECLINE:
        card = action - A.INSIDER_BASE
        if card not in state.hands[seat]:
            return refuse(
                "seat {seat} has no {card} in hand", "hand", seat=seat + 1, card=CARD_NAMES[card]
            )
        return refuse(
            "{note!r}: Insider Trading of {stock} certifies only a {stock} card (§6)",
            "insider-stock",
            note=note,
            stock=LETTERS[KIND_STOCK[state.executing]],
        )
    if phase == S.AUDIT_P and A.AUDIT_BASE <= action < A.TARGET_BASE:
        name = CARD_NAMES[action - A.AUDIT_BASE]
        if state.rules.audit == 0:
            return refuse(
                "{note!r}: {card} is not a certificate of another player; the actor may not "
                "audit themself (§6 Stock Audit)",
                "audit",
                note=note,
                card=name,
            )
        return refuse(
            "{note!r}: {card} is not one of seat {seat}'s certificates (§6 Stock Audit)",
            "audit",
            note=note,
            card=name,
            seat=seat + 1,
        )
    if phase == S.TARGET_P and A.TARGET_BASE <= action < A.FREEZE_BASE:
        return _explain_target(state, action - A.TARGET_BASE, note)
    if phase == S.UPTURN_P and action < A.BUY_BASE:
        return _explain_play(state, action, upturn=True)
    if phase == S.EXERCISE and action >= A.EXERCISE_BASE:
        mask = action - A.EXERCISE_BASE
        size = len(state.hands[seat])
        if mask >> size:
            return refuse.plural(
                "{note!r}: seat {seat} has only {count} card in hand (§7.1)",
                "{note!r}: seat {seat} has only {count} cards in hand (§7.1)",
                size,
                "exercise-hand",
                note=note,
                seat=seat + 1,
                count=size,
            )
        return refuse.plural(
            "{note!r}: seat {seat} has {count} option token; each exercised card uses one (§7.1)",
            "{note!r}: seat {seat} has {count} option tokens; each exercised card uses one (§7.1)",
            state.tokens[seat],
            "exercise-tokens",
            note=note,
            seat=seat + 1,
            count=state.tokens[seat],
        )
    return refuse(
        "{note!r}: seat {seat} must now {expected}",
        "phase",
        note=note,
        seat=seat + 1,
        expected=_expected(phase),
    )


def exercise_out_of_phase(text: str) -> IllegalAction:
    """``exercise CARD …`` typed outside the exercise phase (§7.1)."""
    return refuse(
        "{text!r}: options are exercised only at the end of a round (§7.1)", "phase", text=text
    )


def _explain_target(state: TakeStockFields, target: int, note: str) -> IllegalAction:
    effect = EFFECT_OF[state.executing]
    if target >= state.num_players:
        return refuse(
            "{note!r}: there is no seat {target} in a {players}-player game",
            "target",
            note=note,
            target=target + 1,
            players=state.num_players,
        )
    if effect == AUDIT:
        return refuse(
            "{note!r}: seat {target} is the actor or holds no certificate (§6 Stock Audit)",
            "target",
            note=note,
            target=target + 1,
        )
    if effect == OPTION_LOST:
        return refuse(
            "{note!r}: seat {target} has no option token (§6 Stock Option Lost)",
            "target",
            note=note,
            target=target + 1,
        )
    return refuse(
        "{note!r}: seat {target} is not an opponent (§6 Stock Freeze, freeze=player)",
        "target",
        note=note,
        target=target + 1,
    )


def _explain_play(state: TakeStockFields, card: int, upturn: bool = False) -> IllegalAction:
    seat = state.cur
    name = CARD_NAMES[card]
    s = STOCK_OF[card]
    if card not in state.hands[seat]:
        return refuse("seat {seat} has no {card} in hand", "hand", seat=seat + 1, card=name)
    if state.frozen[s]:
        return refuse(
            "'play {card}': the {stock} row is frozen; no card may be played on it this round "
            "(§6 Stock Freeze)",
            "frozen",
            card=name,
            stock=LETTERS[s],
        )
    if upturn and state.upturn_mask >> s & 1:
        return refuse(
            "'play {card}': Market Upturn allows one play per row and {stock} has had its play "
            "(§6 Market Upturn)",
            "upturn-row",
            card=name,
            stock=LETTERS[s],
        )
    top = state.top[s]
    if state.rules.either_direction:
        return refuse(
            "'play {card}': the {stock} row shows {top}; a card played on it must differ from "
            "{top} by 1 to {step} (§5.3A)",
            "manipulate",
            card=name,
            stock=LETTERS[s],
            top=top,
            step=MAX_STEP,
        )
    return refuse(
        "'play {card}': the {stock} row shows {top}; a card played on it must be higher than "
        "{top} and at most {most} (§5.3A)",
        "manipulate",
        card=name,
        stock=LETTERS[s],
        top=top,
        most=top + MAX_STEP,
    )


def _explain_main(state: TakeStockFields, action: int) -> IllegalAction:
    seat = state.cur
    hand = state.hands[seat]
    note = A.notation(action)
    if action < A.BUY_BASE:
        return _explain_play(state, action)
    if action < A.EVENT2_BASE:
        cert, discard = divmod(action - A.BUY_BASE, NUM_CARDS)
        for c in (cert, discard):
            if c not in hand:
                return refuse(
                    "{note!r}: seat {seat} has no {card} in hand",
                    "hand",
                    note=note,
                    seat=seat + 1,
                    card=CARD_NAMES[c],
                )
        if cert == discard:
            return refuse(
                "{note!r}: Buy takes two different cards: one certificate and one other card "
                "to discard (§5.3B)",
                "buy-two-cards",
                note=note,
            )
        if state.pfrozen[seat]:
            return refuse(
                "{note!r}: a Stock Freeze lies in front of seat {seat}; they may not buy this "
                "round (§6 Stock Freeze, freeze=player)",
                "buy-frozen",
                note=note,
                seat=seat + 1,
            )
        # two numbers, two plurals: the row's clause is a refusal of its own, said in its words
        have, limit = len(state.certs[seat]), state.hold_limit()
        row = refuse.plural(
            "the longest row (splits included) has {limit} card",
            "the longest row (splits included) has {limit} cards",
            limit,
            "buy-limit",
            limit=limit,
        )
        return refuse.plural(
            "{note!r}: seat {seat} holds {have} certificate and {row}; a Buy needs fewer "
            "certificates than that (§5.3B)",
            "{note!r}: seat {seat} holds {have} certificates and {row}; a Buy needs fewer "
            "certificates than that (§5.3B)",
            have,
            "buy-limit",
            note=note,
            seat=seat + 1,
            have=have,
            row=row,
        )
    if action < A.TRIGGER_BASE:
        discard = (action - A.EVENT2_BASE) % NUM_CARDS
        return refuse(
            "{note!r}: seat {seat} has no {card} in hand to discard",
            "hand",
            note=note,
            seat=seat + 1,
            card=CARD_NAMES[discard],
        )
    if action < A.CHOOSE_BASE:
        kind, discard = divmod(action - A.TRIGGER_BASE, NUM_CARDS)
        if discard not in hand:
            return refuse(
                "{note!r}: seat {seat} has no {card} in hand to discard",
                "hand",
                note=note,
                seat=seat + 1,
                card=CARD_NAMES[discard],
            )
        if any(e & KIND_MASK == kind for e in state.held[seat]):
            return refuse(
                "{note!r}: seat {seat}'s held {kind} was drawn this round; held events may be "
                "triggered only in a later round (§5.3D, held_usable=later_round)",
                "held-timing",
                note=note,
                seat=seat + 1,
                kind=KIND_NAMES[kind],
            )
        return refuse(
            "{note!r}: seat {seat} holds no {kind} event (§5.3D)",
            "held-event",
            note=note,
            seat=seat + 1,
            kind=KIND_NAMES[kind],
        )
    return refuse(
        "{note!r}: it is seat {seat}'s turn: choose one action A-D, e.g. 'play O7', "
        "'buy O7 C3', 'event2 C3', 'event1 C3' or 'trigger EVENT C3' (§5.1)",
        "phase",
        note=note,
        seat=seat + 1,
    )
