"""Event and action sentences of Take Stock in English and Traditional Chinese."""

from __future__ import annotations

from bazaar.core.game import Event
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import (
    CARD_NAMES,
    COMPONENTS,
    KIND_BY_NAME,
    KIND_NAMES,
    LETTERS,
    NUM_CARDS,
    STOCK_BY_LETTER,
)

REASONS = {
    "market-closed": ("a player drew Market Closed", "有玩家抽到股市休市卡"),
    "value-11-12": ("an 11 or 12 was placed in a row", "有股票列打出了面額11或12"),
    "hand-empty": ("a player's hand ran out", "有玩家手牌耗盡"),
    "deck-empty": ("no share card was left to draw", "股票卡牌堆與棄牌堆都已無牌可抽"),
}


def stock_name(s: int, lang: str = "en") -> str:
    """A stock's short name: "Oil" / "石油"."""
    stock = COMPONENTS.stocks[s]
    return stock.short_zh if lang == "zh-TW" else stock.short_en


def event_name(name: str, lang: str = "en") -> str:
    """An event kind in words: "split-O" -> "Stock Split (Oil)" / "股票分割(石油)"."""
    kind = COMPONENTS.kinds[KIND_BY_NAME[name.lower()]]
    zh = lang == "zh-TW"
    base = kind.name_zh if zh else kind.name_en
    if kind.stock < 0:
        return base
    return f"{base}({stock_name(kind.stock, lang)})" if zh else f"{base} ({stock_name(kind.stock)})"


def card_words(name: str, lang: str = "en") -> str:
    """A share card in words: "O7" -> "Oil 7" / "石油7"."""
    s = STOCK_BY_LETTER[name[0].lower()]
    return f"{stock_name(s, lang)}{name[1:]}" if lang == "zh-TW" else f"{stock_name(s)} {name[1:]}"


def _cards(names: list[str], lang: str) -> str:
    if not names:
        return "無" if lang == "zh-TW" else "none"
    return ("、" if lang == "zh-TW" else ", ").join(names)


def describe(event: Event, lang: str = "en") -> str:
    """One sentence for ``event``; ``lang`` is "en" or "zh-TW"."""
    zh = lang == "zh-TW"
    d = event.data
    who = (f"玩家{d['seat']}" if zh else f"Seat {d['seat']}") if "seat" in d else ""
    kind = event.kind
    ev = event_name(d["event"], lang) if "event" in d else ""
    card = d.get("card", "")
    if kind == "round_start":
        if zh:
            return (
                f"第{d['round']}回合開始：玩家{d['dealer']}發牌，每人{d['cards_each']}張，"
                f"由玩家{d['start']}先行"
            )
        return (
            f"Round {d['round']} begins: seat {d['dealer']} deals {d['cards_each']} cards each; "
            f"seat {d['start']} starts"
        )
    if kind == "dealt":
        cards = _cards(d["cards"], lang)
        return f"{who}拿到手牌 {cards}" if zh else f"{who} is dealt {cards}"
    if kind == "reshuffle":
        if zh:
            return f"股票卡牌堆用完：洗勻棄牌堆的{d['cards']}張牌成為新牌堆"
        return f"The share draw pile is empty: the {d['cards']} discarded cards are reshuffled"
    if kind == "draw":
        return f"{who}抽1張股票卡" if zh else f"{who} draws a share card"
    if kind == "drew":
        return f"{who}抽到 {card}" if zh else f"{who} drew {card}"
    if kind == "discard":
        return f"{who}棄掉 {card}" if zh else f"{who} discards {card}"
    if kind in ("play", "upturn_play"):
        row = stock_name(d["stock"], lang)
        extra = ("(市場上揚)" if zh else " (Market Upturn)") if kind == "upturn_play" else ""
        return f"{who}把 {card} 打到{row}列{extra}" if zh else f"{who} plays {card} on {row}{extra}"
    if kind == "buy":
        if zh:
            return f"{who}購買股票：{card} 成為股票憑證({d['shares']}股)"
        return f"{who} buys: {card} becomes a certificate ({d['shares']} share(s))"
    if kind == "make_event":
        n = d["mode"]
        if zh:
            return f"{who}製造事件：抽{n}張事件卡" + ("，選1張執行" if n == 2 else "並保留")
        return f"{who} makes an event: draws {n} event card(s)" + (
            " to execute one" if n == 2 else " to hold"
        )
    if kind == "events_seen":
        names = _cards([event_name(e, lang) for e in d["events"]], lang)
        return f"{who}看到事件卡 {names}" if zh else f"{who} sees {names}"
    if kind == "hold":
        return f"{who}將1張事件卡蓋著保留" if zh else f"{who} keeps an event card face down"
    if kind == "held":
        return f"{who}保留了{ev}" if zh else f"{who} holds {ev}"
    if kind == "event_discard_hidden":
        return (
            f"{who}把另一張事件卡蓋著丟入事件棄牌堆"
            if zh
            else f"{who} discards the other event card face down"
        )
    if kind == "event_discarded":
        return f"{who}蓋著丟掉了{ev}" if zh else f"{who} discarded {ev} face down"
    if kind == "market_closed":
        return (
            f"{who}抽到股市休市卡！本回合立即結束"
            if zh
            else f"{who} draws Market Closed! The round ends at once"
        )
    if kind == "choose":
        return f"{who}執行{ev}" if zh else f"{who} executes {ev}"
    if kind == "trigger":
        return f"{who}引發保留的{ev}" if zh else f"{who} triggers a held {ev}"
    if kind == "no_effect":
        return f"{ev}沒有效果" if zh else f"{ev} has no effect"
    if kind == "no_change":
        return "市場無變化" if zh else "No market change"
    if kind == "split":
        row = stock_name(d["stock"], lang)
        if zh:
            return f"{row}股票分割：現有{d['splits']}張分割卡"
        return f"{row} splits: {d['splits']} split card(s) now"
    if kind == "crash":
        row = stock_name(d["stock"], lang)
        removed = _cards(d["removed"], lang)
        if zh:
            extra = f"，{d['splits']}張分割卡丟入棄牌堆" if d["splits"] else ""
            return f"{row}崩盤：移除 {removed}{extra}"
        extra = f"; {d['splits']} split card(s) discarded" if d["splits"] else ""
        return f"{row} crashes: {removed} removed{extra}"
    if kind == "downturn":
        removed = _cards(d["removed"], lang)
        return f"市場下滑：移除 {removed}" if zh else f"Market downturn: {removed} removed"
    if kind == "option_gained":
        return (
            f"{who}獲得{d['tokens']}個認股標記"
            if zh
            else f"{who} gains {d['tokens']} option token(s)"
        )
    if kind == "option_lost":
        return (
            f"{who}失去{d['tokens']}個認股標記"
            if zh
            else f"{who} loses {d['tokens']} option token(s)"
        )
    if kind == "insider":
        if zh:
            return f"{who}內線交易：{card} 成為股票憑證({d['shares']}股)"
        return f"{who} trades on inside information: {card} becomes a certificate"
    if kind == "insider_decline":
        return f"{who}放棄內線交易" if zh else f"{who} declines the insider trade"
    if kind == "audit_target":
        return (
            f"{who}查核玩家{d['target']}的股票"
            if zh
            else f"{who} audits seat {d['target']}, who picks the certificate"
        )
    if kind == "audit":
        if zh:
            return f"股票查核：玩家{d['target']}的憑證 {card} 被丟棄"
        return f"Stock audit: seat {d['target']} loses certificate {card}"
    if kind == "freeze":
        row = stock_name(d["stock"], lang)
        return f"{who}凍結{row}股票列" if zh else f"{who} freezes the {row} row"
    if kind == "freeze_player":
        if zh:
            return f"{who}凍結玩家{d['target']}：本回合不能購買股票"
        return f"{who} freezes seat {d['target']}'s account: no Buy this round"
    if kind == "upturn_stop":
        return f"{who}結束市場上揚" if zh else f"{who} stops the upturn"
    if kind == "round_end":
        why = REASONS[d["reason"]][1 if zh else 0]
        return f"第{d['round']}回合結束：{why}" if zh else f"Round {d['round']} ends: {why}"
    if kind == "exercise_decided":
        return f"{who}已秘密決定認股" if zh else f"{who} has secretly decided on options"
    if kind == "exercise_chosen":
        cards = _cards(d["cards"], lang)
        return f"{who}選擇認股：{cards}" if zh else f"{who} chose to exercise: {cards}"
    if kind == "exercise":
        cards = _cards(d["cards"], lang)
        if zh:
            return f"{who}使用{len(d['cards'])}個認股標記：{cards} 成為股票憑證"
        return f"{who} exercises {len(d['cards'])} option(s): {cards} become certificates"
    if kind == "hand_discard":
        cards = _cards(d["cards"], lang)
        if zh:
            return f"{who}棄掉剩餘手牌 {cards}"
        return f"{who} discards the rest of the hand: {cards}"
    if kind == "score":
        prices = ", ".join(f"{LETTERS[s]} {p}" for s, p in enumerate(d["prices"]))
        scores = ", ".join(str(x) for x in d["scores"])
        totals = ", ".join(str(x) for x in d["totals"])
        if zh:
            return f"第{d['round']}回合計分：股價 {prices}；本回合得分 {scores}；累計 {totals}"
        return (
            f"Round {d['round']} scoring: prices {prices}; round scores {scores}; totals {totals}"
        )
    if kind == "event_deck":
        if zh:
            if d["rebuilt"]:
                return "40張事件卡重新洗勻，股市休市卡放在倒數第11張"
            return "事件棄牌堆與場上事件卡洗勻後放到事件卡牌堆下方"
        if d["rebuilt"]:
            return "All 40 event cards are reshuffled, Market Closed 11th from the bottom"
        return "The event discards and table events are shuffled under the event deck"
    if kind == "game_over":
        winners = "、".join(str(w) for w in d["winners"])
        scores = ", ".join(str(x) for x in d["scores"])
        if zh:
            return f"遊戲結束：總分 {scores}；贏家 玩家{winners}"
        return f"Game over: totals {scores}; winner(s): seat {', '.join(map(str, d['winners']))}"
    return f"{kind} {d}"


def describe_action(action: int, lang: str = "en") -> str:
    """A short description of ``action`` in words (no state needed)."""
    zh = lang == "zh-TW"
    if action < A.BUY_BASE:
        card = card_words(CARD_NAMES[action], lang)
        return f"把{card}打到股票列上(炒作股票)" if zh else f"play {card} onto its row"
    if action < A.EVENT2_BASE:
        cert, discard = divmod(action - A.BUY_BASE, NUM_CARDS)
        c, d = card_words(CARD_NAMES[cert], lang), card_words(CARD_NAMES[discard], lang)
        return f"購買{c}為股票憑證，棄掉{d}" if zh else f"buy {c} as a certificate, discard {d}"
    if action < A.EVENT1_BASE:
        d = card_words(CARD_NAMES[action - A.EVENT2_BASE], lang)
        if zh:
            return f"棄掉{d}，抽2張事件卡並執行其中1張"
        return f"discard {d}, draw 2 events and execute one"
    if action < A.TRIGGER_BASE:
        d = card_words(CARD_NAMES[action - A.EVENT1_BASE], lang)
        return f"棄掉{d}，抽1張事件卡保留" if zh else f"discard {d}, draw 1 event and hold it"
    if action < A.CHOOSE_BASE:
        kind, discard = divmod(action - A.TRIGGER_BASE, NUM_CARDS)
        d = card_words(CARD_NAMES[discard], lang)
        e = event_name(KIND_NAMES[kind], lang)
        return f"棄掉{d}，引發保留的{e}" if zh else f"discard {d}, trigger your held {e}"
    if action < A.INSIDER_BASE:
        e = event_name(KIND_NAMES[action - A.CHOOSE_BASE], lang)
        return f"執行{e}" if zh else f"execute {e}"
    if action < A.DECLINE:
        c = card_words(CARD_NAMES[action - A.INSIDER_BASE], lang)
        return f"內線交易：{c}成為股票憑證" if zh else f"insider trade: {c} becomes a certificate"
    if action == A.DECLINE:
        return "放棄內線交易" if zh else "take no insider certificate"
    if action == A.STOP:
        return "不再打牌，結束市場上揚" if zh else "make no more upturn plays"
    if action < A.TARGET_BASE:
        c = card_words(CARD_NAMES[action - A.AUDIT_BASE], lang)
        return f"股票查核：丟棄憑證{c}" if zh else f"audit: certificate {c} is discarded"
    if action < A.FREEZE_BASE:
        q = action - A.TARGET_BASE
        return f"選擇玩家{q}" if zh else f"choose seat {q}"
    if action < A.EXERCISE_BASE:
        row = stock_name(action - A.FREEZE_BASE, lang)
        return f"凍結{row}股票列" if zh else f"freeze the {row} row"
    positions = [str(j + 1) for j in A.mask_positions(action - A.EXERCISE_BASE)]
    if not positions:
        return "不使用認股標記" if zh else "exercise no options"
    if zh:
        return f"使用{len(positions)}個認股標記，把手牌第{'、'.join(positions)}張變成股票憑證"
    return f"use {len(positions)} token(s): hand card(s) {', '.join(positions)} become certificates"
