"""Event sentences and action descriptions of Taiwan Night Market in English and 繁體中文."""

from __future__ import annotations

from bazaar.core.game import Event
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.components import KIND_NAMES, NUM_TYPES, TYPE_NAMES


def _seat(p: int | None, zh: bool) -> str:
    return f"玩家{p}" if zh else f"Seat {p}"


def _lots(lots: list[int]) -> str:
    return ", ".join(str(x) for x in lots)


def _cash(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


def _money(values: list[int], zh: bool) -> str:
    sep = "、" if zh else ", "
    return sep.join(f"{_seat(q, zh)} {_cash(v)}" for q, v in enumerate(values) if v)


def _move(d: dict, zh: bool) -> str:
    c, e = d["customer"], d["from"]
    if d["lot"] is not None:
        who = _seat(d["owner"], zh)
        if zh:
            return f"客人 {c} 從入口 {e} 出發，在第{d['lot']}攤({who})消費"
        return f"Customer {c} walks from {e} and buys at lot {d['lot']} ({who})"
    if d["to"] == "out":
        if zh:
            return f"客人 {c} 從入口 {e} 出發，找不到喜歡的攤位，離開夜市"
        return f"Customer {c} walks from {e}, finds no stall it likes and leaves the market"
    if zh:
        return f"客人 {c} 從入口 {e} 出發，找不到喜歡的攤位，移到入口 {d['to']}"
    return f"Customer {c} walks from {e}, finds no stall it likes and moves on to {d['to']}"


def describe(event: Event, lang: str = "en") -> str:
    """One sentence for ``event``; ``lang`` is "en" or "zh-TW"."""
    zh = lang == "zh-TW"
    d = event.data
    who = _seat(d.get("seat"), zh)
    kind = event.kind
    if kind == "round_start":
        yellow = (
            ("(黃色：" + _lots(d["yellow"]) + ")" if zh else f" (yellow: {_lots(d['yellow'])})")
            if d["yellow"]
            else ""
        )
        if zh:
            return f"第{d['round']}回合開始：競標攤位 {_lots(d['lots'])}{yellow}"
        return f"Round {d['round']} begins: lots {_lots(d['lots'])} are up for auction{yellow}"
    if kind == "customers":
        names = " ".join(d["customers"]) or ("(無)" if zh else "(none)")
        return f"公開客人：{names}" if zh else f"Public customers: {names}"
    if kind == "reshuffle":
        if zh:
            return f"顧客牌庫用完，將 {d['cards']} 張棄牌洗勻成新牌庫"
        return f"The customer deck is empty: {d['cards']} discarded customers are reshuffled"
    if kind == "hide":
        if zh:
            return f"{who}蓋放一位隱藏客人(共 {d['count']} 位)"
        return f"{who} puts a hidden customer face down ({d['count']} in all)"
    if kind == "hid":
        return f"{who}的隱藏客人：{d['customer']}" if zh else f"{who} hides {d['customer']}"
    if kind == "bid":
        extra = ("(補償出價)" if zh else " (compensation bid)") if d["compensation"] else ""
        if zh:
            return f"{who}對第{d['lot']}攤出價 ${d['amount']}{extra}"
        return f"{who} bids ${d['amount']} on lot {d['lot']}{extra}"
    if kind == "pass":
        return f"{who}跳過，本回合不再出價" if zh else f"{who} passes and bids no more this round"
    if kind == "give_up":
        return f"{who}放棄補償出價" if zh else f"{who} gives up compensation bids"
    if kind == "no_legal_bid":
        if zh:
            return f"{who}沒有任何合法出價，跳過這次出價"
        return f"{who} has no legal bid; the turn is skipped"
    if kind == "compensation":
        if zh:
            return f"{who}目前沒有攤位，獲得一次補償出價"
        return f"{who} holds no lot and gets a compensation bid"
    if kind == "pay":
        if zh:
            return f"{who}支付 ${d['amount']} 得到第{d['lot']}攤"
        return f"{who} pays ${d['amount']} and takes lot {d['lot']}"
    if kind == "loan":
        why = ("(現金不足)" if zh else " (cash short)") if d["forced"] else ""
        if zh:
            return f"{who}借貸 {d['count']} 次，得到 ${d['amount']}{why}"
        return f"{who} takes {d['count']} loan(s) for ${d['amount']}{why}"
    if kind == "unbid":
        if zh:
            what = "洗回土地牌堆" if d["returned"] else "本局不再使用"
            return f"沒有人出價的攤位 {_lots(d['lots'])} {what}"
        what = "go back into the land deck" if d["returned"] else "stay unused for the game"
        return f"Lots {_lots(d['lots'])} got no bid and {what}"
    if kind == "build":
        if zh:
            return f"{who}在第{d['lot']}攤建造 {d['type']} 攤位"
        return f"{who} builds a {d['type']} stall on lot {d['lot']}"
    if kind == "empty":
        return f"{who}讓第{d['lot']}攤保持空地" if zh else f"{who} leaves lot {d['lot']} empty"
    if kind == "reveal":
        names = " ".join(d["customers"])
        return f"{who}翻開隱藏客人：{names}" if zh else f"{who} reveals hidden customers: {names}"
    if kind == "move":
        return _move(d, zh)
    if kind == "bonus":
        parts = []
        for t, won in enumerate(d["winners"]):
            if won:
                seats = (
                    "、".join(_seat(q, zh) for q in won)
                    if zh
                    else ", ".join(_seat(q, zh) for q in won)
                )
                parts.append(f"{TYPE_NAMES[t]}: {seats}")
        listing = "; ".join(parts) or ("無" if zh else "none")
        if zh:
            return f"最多客人獎勵：{listing}；獎金 {_money(d['bonus'], zh) or '無'}"
        return f"Majority bonus: {listing}; paid {_money(d['bonus'], zh) or 'nothing'}"
    if kind == "income":
        paid = _money(d["income"], zh)
        if zh:
            return f"第{d['round']}回合收入：{paid or '無'}"
        return f"Income of round {d['round']}: {paid or 'nothing'}"
    if kind == "refill":
        return f"{who}補了 {d['count']} 張顧客卡" if zh else f"{who} draws {d['count']} customer(s)"
    if kind == "drew":
        names = " ".join(d["customers"])
        return f"{who}抽到 {names}" if zh else f"{who} drew {names}"
    if kind == "turn_order":
        sep = "、" if zh else ", "
        order = sep.join(_seat(q, zh) for q in d["order"])
        return f"新的玩家順位：{order}" if zh else f"New turn order: {order}"
    if kind == "repay":
        paid = _money(d["repaid"], zh)
        if zh:
            return f"償還貸款(每筆 $7)：{paid or '無'}"
        return f"Loans repaid at $7 each: {paid or 'none'}"
    if kind == "game_over":
        sep = "、" if zh else ", "
        winners = sep.join(_seat(q, zh) for q in d["winners"])
        scores = sep.join(_cash(x) for x in d["scores"])
        if zh:
            return f"遊戲結束：最終現金 {scores}；贏家 {winners}"
        return f"Game over: final cash {scores}; winner(s): {winners}"
    return f"{kind} {d}"


def describe_action(action: int, lang: str = "en") -> str:
    """A short description of ``action`` in words."""
    zh = lang == "zh-TW"
    if action < A.BID_LOT_BASE:
        name = KIND_NAMES[action - A.HIDE_BASE]
        t, e = name[:2], name[2:]
        if zh:
            return f"把一位喜歡 {t}、從入口 {e} 進場的客人蓋放為隱藏客人"
        return f"hide a customer who likes {t} and enters at {e}"
    if action < A.VALUE_BASE:
        lot = action - A.BID_LOT_BASE + 1
        return f"對第{lot}攤出價(接著選金額)" if zh else f"bid on lot {lot} (the amount comes next)"
    if action < A.PASS:
        amount = action - A.VALUE_BASE
        return f"出價 ${amount}" if zh else f"bid ${amount}"
    if action == A.PASS:
        return "跳過：本回合不再出價" if zh else "pass: no more bids this round"
    if action == A.GIVE_UP:
        return "放棄補償出價" if zh else "give up: no more compensation bids"
    if action < A.EMPTY_BASE:
        lot, t = divmod(action - A.BUILD_BASE, NUM_TYPES)
        name = TYPE_NAMES[t]
        return (
            f"在第{lot + 1}攤建造 {name} 攤位" if zh else f"build a {name} stall on lot {lot + 1}"
        )
    if action < A.LOAN:
        lot = action - A.EMPTY_BASE + 1
        return f"第{lot}攤保持空地" if zh else f"leave lot {lot} empty for now"
    if action == A.LOAN:
        return (
            "貸款：現在得到 $5，遊戲結束時償還 $7"
            if zh
            else "take a loan: $5 now, repay $7 at the end"
        )
    return "不再貸款" if zh else "no (more) loans"
