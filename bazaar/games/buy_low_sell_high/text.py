"""Event sentences of Buy Low Sell High in English and Traditional Chinese."""

from __future__ import annotations

from bazaar.core.game import Event


def _trade_words(trade: list[int], zh: bool) -> str:
    if not any(trade):
        return "不交易" if zh else "does not trade"
    parts = []
    for k, x in enumerate(trade):
        if x:
            if zh:
                parts.append(f"{'買進' if x > 0 else '賣出'} K{k} {abs(x)} 張")
            else:
                parts.append(f"{'buys' if x > 0 else 'sells'} {abs(x)} K{k}")
    return ("、" if zh else ", ").join(parts)


def describe(event: Event, lang: str = "en") -> str:
    """One sentence for ``event``; ``lang`` is "en" or "zh-TW"."""
    zh = lang == "zh-TW"
    d = event.data
    who = (f"玩家{d['seat']}" if zh else f"Seat {d['seat']}") if "seat" in d else ""
    kind = event.kind
    if kind == "trade":
        words = _trade_words(d["trade"], zh)
        if zh:
            return f"{who}{words}(收入 ${d['received']}，支出 ${d['paid']})"
        return f"{who} {words} (received ${d['received']}, paid ${d['paid']})"
    if kind == "play":
        return (
            f"{who}在第{d['space']}格打出 {d['card']}"
            if zh
            else f"{who} plays {d['card']} on space {d['space']}"
        )
    if kind == "dud":
        return (
            f"{who}將 {d['card']} 當作無效牌放在第{d['space']}格"
            if zh
            else f"{who} places {d['card']} on space {d['space']} as a dud"
        )
    if kind == "cover":
        return (
            f"{who}以 {d['card']} 覆蓋第{d['space']}格"
            if zh
            else f"{who} covers space {d['space']} with {d['card']}"
        )
    if kind == "commission":
        paid = ", ".join(f"${x}" for x in d["paid"])
        return (
            f"K{d['kind']} 手續費：各玩家支付 {paid}"
            if zh
            else f"K{d['kind']} commission: seats pay {paid}"
        )
    if kind == "draw":
        return f"{who}抽了 {d['count']} 張牌" if zh else f"{who} draws {d['count']} card(s)"
    if kind == "drew":
        cards = " ".join(d["cards"])
        return f"{who}抽到 {cards}" if zh else f"{who} drew {cards}"
    if kind == "discard":
        return f"{who}棄掉 1 張牌" if zh else f"{who} discards a card"
    if kind == "discarded":
        return f"{who}棄掉 {d['card']}" if zh else f"{who} discarded {d['card']}"
    if kind == "sell":
        why = {
            "forced": ("(資金為負，被迫賣出)", " (forced: money below $0)"),
            "selloff": ("(遊戲結束賣股)", " (final sell-off)"),
        }[d["why"]]
        return (
            f"{who}賣出 K{d['kind']} 得 ${d['price']}{why[0]}"
            if zh
            else f"{who} sells K{d['kind']} for ${d['price']}{why[1]}"
        )
    if kind == "skip_trading":
        return f"{who}本回合不能買賣股票" if zh else f"{who} skips trading (forced sale)"
    if kind == "year_end":
        net = ", ".join(f"K{k} {x:+d}" for k, x in enumerate(d["net"]))
        prices = ", ".join(f"K{k} ${x}" for k, x in enumerate(d["prices"]))
        div = ", ".join(f"${x}" for x in d["dividends"])
        if zh:
            return f"第{d['year']}年結束：股價變動 {net}；新股價 {prices}；股利 {div}"
        return f"End of year {d['year']}: price moves {net}; prices now {prices}; dividends {div}"
    if kind == "year_start":
        return (
            f"第{d['year']}年開始，由玩家{d['start']}先行"
            if zh
            else f"Year {d['year']} begins; seat {d['start']} starts"
        )
    if kind == "game_over":
        winners = ", ".join(str(w) for w in d["winners"])
        scores = ", ".join(f"${x}" for x in d["scores"])
        if zh:
            return f"遊戲結束：最終資金 {scores}；贏家 玩家{winners}"
        return f"Game over: final money {scores}; winner(s): seat {winners}"
    return f"{kind} {d}"
