"""Terminal rendering of Taiwan Night Market: the three streets, entrances, auction, players.

Everything here reads a seat's :meth:`view` (never the full state), so what it draws is
exactly what that seat may see. Words come in English and Traditional Chinese; this module
keeps its own short word list (``_w``) so it needs no shared catalogue entries.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bazaar.core.describe import seat_label
from bazaar.games.night_market import actions as A
from bazaar.games.night_market.components import RAW, TYPE_NAMES
from bazaar.games.night_market.text import describe_action as _describe

NOTATION_EXAMPLES = A.EXAMPLES
TYPE_STYLES = ("bold red", "bold green", "bold blue", "bold yellow")
SEAT_STYLES = ("cyan", "magenta", "bright_green", "bright_yellow")
TYPE_WORDS = {"en": RAW["stall_type_names"]["en"], "zh-TW": RAW["stall_type_names"]["zh-TW"]}
STREETS = RAW["streets"]


def _w(lang: str, en: str, zh: str, **fmt: Any) -> str:
    """``en`` or ``zh`` by ``lang``, with ``{name}`` fields filled."""
    text = zh if lang == "zh-TW" else en
    return text.format(**fmt) if fmt else text


PHASES = {
    "hide": ("Hidden customers", "選擇隱藏客人"),
    "bid": ("Bidding", "競標土地"),
    "bid-amount": ("Bidding: amount", "競標土地：出價金額"),
    "loan": ("Payment: voluntary loans", "付錢：自願貸款"),
    "build": ("Building", "建設攤位"),
    "over": ("Game over", "遊戲結束"),
}

HINTS = {
    "hide": (
        "Choose {n} customer(s) from your hand to enter face down later this round "
        "('hide T2D' = likes T2, enters at D).",
        "從手牌選 {n} 位客人蓋放，稍後本回合進場('hide T2D' = 喜歡 T2、從入口 D 進場)。",
    ),
    "bid": (
        "Bid: choose a lot with 'bid LOT', then the amount; an empty lot takes any amount, "
        "otherwise bid more than the top bid. 'pass' ends your bidding for the round.",
        "出價：先以 'bid 攤位' 選擇攤位，再選金額；沒有人出價的攤位可出任意價格，"
        "否則必須高於最高出價。'pass' 表示本回合不再出價。",
    ),
    "compensation": (
        "Compensation bid: you hold no lot. Bid ('bid LOT', then the amount) or 'give up'.",
        "補償出價：你目前沒有攤位。請出價('bid 攤位' 再選金額)或 'give up' 放棄。",
    ),
    "bid-amount": (
        "Choose the amount of your bid on lot {lot}.",
        "選擇你對第{lot}攤的出價金額。",
    ),
    "loan": (
        "You may take a loan: $5 now, $7 repaid at the end (at most 3). 'done' to stop.",
        "你可以貸款：現在得到 $5，遊戲結束時償還 $7(最多3次)。'done' 結束。",
    ),
    "build": (
        "Choose a stall type for lot {lot}, or leave it empty to decide next round.",
        "為第{lot}攤選擇攤位類型，或保留空地下回合再決定。",
    ),
}

RULE_HINTS = {
    "notation": (
        "Type a move number from the list, or notation such as 'bid 7', '$5', 'pass', "
        "'hide T2D', 'build 7 T2' or 'empty 7'.",
        "請輸入選單中的編號，或以記法輸入，例如 'bid 7'、'$5'、'pass'、'hide T2D'、'build 7 T2'、"
        "'empty 7'。",
    ),
    "phase": ("That kind of move is not possible now.", "現在不能做這種行動。"),
    "hand": ("That customer is not in your hand.", "你的手牌中沒有這位客人。"),
    "auction-lot": ("That lot is not up for auction this round.", "這塊土地本回合沒有競標。"),
    "markers": ("You have no free marker left for a bid.", "你沒有可用的指示物可以出價。"),
    "outbid": (
        "A bid must be higher than every marker already on the lot.",
        "出價必須高於該攤位上所有的指示物。",
    ),
    "yellow-min": (
        "The opening bid on a yellow (star) lot has a minimum.",
        "黃色(星星)攤位的第一個出價有最低金額。",
    ),
    "afford": (
        "You cannot afford that: cash plus $5 per loan still available, minus your other "
        "winning bids.",
        "你付不起：現金加上每筆尚可貸款的 $5，再扣除你其他領先的出價。",
    ),
    "max-bid": ("Bids go up to $255.", "出價上限為 $255。"),
    "give-up": (
        "At a compensation bid, end your bidding with 'give up'.",
        "補償出價時請以 'give up' 放棄。",
    ),
    "pass": ("At a regular bid, end your bidding with 'pass'.", "一般出價時請以 'pass' 跳過。"),
    "build-own": ("You can only build on your own unbuilt lots.", "只能在你自己的空地上建造。"),
    "build-order": (
        "Your unbuilt lots are decided one at a time, lowest number first.",
        "你的空地依編號由小到大逐一決定。",
    ),
    "supply": ("No stall of that type is left in the supply.", "該類型的攤位卡已用完。"),
}


# ---------------------------------------------------------------------- words
def type_text(name: str, lang: str | None = None) -> Text:
    """A stall type (``T2``) in its colour, with its word if ``lang`` is given."""
    t = TYPE_NAMES.index(name)
    label = f"{name} {TYPE_WORDS[lang][t]}" if lang else name
    return Text(label, style=TYPE_STYLES[t])


def customer_text(name: str) -> Text:
    """A customer (``T2D``) coloured by the stall type it likes."""
    return Text(name, style=TYPE_STYLES[TYPE_NAMES.index(name[:2])])


def seat_mark(p: int) -> Text:
    return Text(f"P{p}", style=SEAT_STYLES[p % len(SEAT_STYLES)])


def money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


def describe_action(action: int, lang: str = "en", view: dict[str, Any] | None = None) -> str:
    """A short description of ``action``; with a view it adds the lot's current top bid."""
    words = _describe(action, lang)
    if view and A.BID_LOT_BASE <= action < A.VALUE_BASE:
        lot = action - A.BID_LOT_BASE + 1
        for a in view.get("auction", []):
            if a["lot"] == lot and a["top"] is not None:
                return words + _w(
                    lang,
                    "; top bid ${top} by seat {who}",
                    "；目前最高 ${top}(玩家{who})",
                    top=a["top"],
                    who=a["leader"],
                )
    if view and A.VALUE_BASE <= action < A.PASS and view.get("seat") is not None:
        seat = view["seat"]
        chosen = view["bidding"]["lot"]
        winning = sum(
            a["top"] for a in view["auction"] if a["leader"] == seat and a["lot"] != chosen
        )
        if action - A.VALUE_BASE + winning > view["cash"][seat]:
            return words + _w(lang, " (needs a loan)", "(需要貸款)")
    return words


def phase_name(view: dict[str, Any], lang: str) -> str:
    en, zh = PHASES.get(view["phase"], (view["phase"], view["phase"]))
    if view["phase"] in ("bid", "bid-amount") and view["bidding"]["compensation"]:
        return _w(lang, "Compensation bid", "補償出價")
    return zh if lang == "zh-TW" else en


def prompt_hint(view: dict[str, Any], lang: str) -> str | None:
    """What the seat to move has to do now, in a sentence or two."""
    phase = view["phase"]
    if phase == "bid" and view["bidding"]["compensation"]:
        phase = "compensation"
    pair = HINTS.get(phase)
    if pair is None:
        return None
    return _w(
        lang,
        *pair,
        n=view.get("hidden_to_choose", 0),
        lot=view["bidding"]["lot"] if phase == "bid-amount" else view.get("building_lot"),
    )


def explain_rule(rule: str, lang: str) -> str | None:
    pair = RULE_HINTS.get(rule)
    return _w(lang, *pair) if pair else None


def notation_help(lang: str) -> str:
    return _w(
        lang,
        "Notation: 'hide T2D' hides a customer who likes stall type T2 and enters at D. "
        "A bid is two moves: 'bid 7' chooses lot 7, then '$5' gives the amount. 'pass' ends "
        "your regular bids for the round, 'give up' your compensation bids. Building: "
        "'build 7 T2' or 'empty 7', one lot at a time in increasing order. With the "
        "voluntary_loans option: 'loan' and 'done'.",
        "記法：'hide T2D' 蓋放一位喜歡 T2 攤位、從入口 D 進場的客人。"
        "出價分兩步：'bid 7' 選擇第7攤，再以 '$5' 給出金額。"
        "'pass' 結束本回合的一般出價，'give up' 放棄補償出價。"
        "建設：'build 7 T2' 或 'empty 7'，依攤位編號由小到大逐一決定。"
        "使用 voluntary_loans 選項時：'loan' 與 'done'。",
    )


def score_label(lang: str) -> str:
    return _w(lang, "Cash", "現金")


# ---------------------------------------------------------------------- the board
def _lot_cell(lot: dict[str, Any], bids: dict[int, dict[str, Any]]) -> Text:
    num = f"{lot['lot']:>2}" + ("★" if lot["star"] else " ")
    text = Text(num, style="bold" if lot["status"] in ("auction", "owned") else "dim")
    status = lot["status"]
    text.append(" ")
    if status == "owned":
        text.append_text(seat_mark(lot["owner"]))
        text.append(" ")
        if lot["stall"]:
            text.append_text(type_text(lot["stall"]))
        else:
            text.append("□ ", style="dim")
    elif status == "auction":
        a = bids[lot["lot"]]
        if a["top"] is None:
            text.append("$?   ", style="yellow")
        else:
            text.append(f"${a['top']}", style="yellow")
            text.append(" ")
            text.append_text(seat_mark(a["leader"]))
    elif status == "removed":
        text.append("×    ", style="dim")
    elif status == "void":
        text.append("–    ", style="dim")
    else:
        text.append("·    ", style="dim")
    return text


def _streets(view: dict[str, Any], lang: str) -> Table:
    lots = {x["lot"]: x for x in view["lots"]}
    bids = {a["lot"]: a for a in view["auction"]}
    entrances = view["entrances"]

    def waiting(letters: str) -> Text:
        out = Text()
        for letter in letters:
            if entrances.get(letter):
                out.append(f"{letter}:", style="bold")
                for name in entrances[letter]:
                    out.append_text(customer_text(name))
                    out.append(" ")
        return out

    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True, min_width=10)
    for _ in range(5):
        grid.add_column(no_wrap=True, min_width=10)
    grid.add_column(no_wrap=True)
    leave = _w(lang, "out", "離開")
    arrows = {
        "S3": ("A ⇒", f"⇒ {leave}", "A"),
        "S2": ("⇐ A", "⇐ B C", "BC"),
        "S1": ("D-H ⇒", "⇒ B/C", "DEFGH"),
    }
    title = {"S1": "P_DH", "S2": "P_BC", "S3": "P_A"}
    for street in STREETS:
        name = street["name"]
        top, bottom = (
            (street["left"], street["right"])
            if street["direction"] == "east"
            else (street["right"], street["left"])
        )
        left_arrow, right_arrow, letters = arrows[name]
        grid.add_row("", *(_lot_cell(lots[x], bids) for x in top), "")
        road = Text("─" * 10, style="dim")
        grid.add_row(
            Text(left_arrow, style="bold"),
            *(road for _ in range(5)),
            Text(right_arrow + "  ", style="bold") + Text(title[name], style="dim"),
        )
        grid.add_row("", *(_lot_cell(lots[x], bids) for x in bottom), "")
        grid.add_row(Text(""), *[""] * 5, waiting(letters))
    return grid


def _auction(view: dict[str, Any], lang: str, names: list[str] | None) -> RenderableType:
    if not view["auction"]:
        return Text("")
    bidding = view["bidding"]
    title = _w(lang, "Auction of round {r}", "第{r}回合競標", r=view["round"])
    if bidding["compensation"]:
        title += _w(lang, " — compensation bids", "——補償出價")
    elif view["phase"] in ("bid", "bid-amount"):
        title += _w(
            lang,
            " — {n} regular turn(s) left",
            "——尚餘 {n} 次一般出價",
            n=bidding["regular_turns_left"],
        )
    table = Table(
        title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD, show_edge=False
    )
    table.add_column(_w(lang, "Lot", "攤位"), justify="right")
    table.add_column(_w(lang, "Card", "出價卡"))
    table.add_column(_w(lang, "Top bid", "最高出價"), justify="right")
    table.add_column(_w(lang, "Leader", "領先"))
    table.add_column(_w(lang, "Markers (seat $bid, in order)", "指示物(玩家 出價，依序)"))
    for a in view["auction"]:
        face = Text(
            _w(lang, "yellow ★", "黃色 ★") if a["face"] == "yellow" else _w(lang, "white", "白色"),
            style="yellow" if a["face"] == "yellow" else "",
        )
        marks = Text()
        for seat, amount in a["bids"]:
            marks.append_text(seat_mark(seat))
            marks.append(f" ${amount}  ")
        chosen = bidding["lot"] == a["lot"]
        table.add_row(
            Text(str(a["lot"]) + (" ◀" if chosen else ""), style="bold"),
            face,
            "—" if a["top"] is None else money(a["top"]),
            seat_label(a["leader"], lang, names) if a["leader"] is not None else "—",
            marks,
        )
    out: list[RenderableType] = [table]
    gone = [
        *(_w(lang, "seat {p} passed", "玩家{p} 已跳過", p=p) for p in bidding["passed"]),
        *(_w(lang, "seat {p} gave up", "玩家{p} 已放棄", p=p) for p in bidding["gave_up"]),
    ]
    if gone:
        out.append(Text(", ".join(gone), style="dim"))
    return Group(*out)


def _players(view: dict[str, Any], lang: str, names: list[str] | None) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    table.add_column("")
    table.add_column(_w(lang, "Order", "順位"), justify="right")
    table.add_column(_w(lang, "Player", "玩家"))
    table.add_column(_w(lang, "Cash", "現金"), justify="right")
    table.add_column(_w(lang, "Loans", "貸款"), justify="right")
    table.add_column(_w(lang, "Lots", "攤位"), justify="right")
    table.add_column(_w(lang, "Hand", "手牌"), justify="right")
    table.add_column(_w(lang, "Hidden", "隱藏"), justify="right")
    table.add_column(_w(lang, "Last income", "上回合收入"), justify="right")
    table.add_column(_w(lang, "Score", "分數"), justify="right")
    me = view.get("seat")
    winners = view.get("winners") or []
    for pos, p in enumerate(view["turn_order"]):
        marker = "▶" if view["to_move"] == p else ("★" if p in winners else "")
        label = Text(seat_label(p, lang, names), style="bold" if p == me else "")
        label = seat_mark(p) + Text(" ") + label
        last = view["last_income"][p] + view["last_bonus"][p]
        table.add_row(
            marker,
            str(pos + 1),
            label,
            Text(money(view["cash"][p]), style="red" if view["cash"][p] < 0 else ""),
            str(view["loans"][p]),
            str(view["lots_owned"][p]),
            str(view["hand_sizes"][p]),
            str(view["hidden_counts"][p]),
            money(last),
            money(int(view["scores"][p])),
        )
    return table


def _customers(label: str, names: list[str], lang: str) -> Text:
    line = Text(label + _w(lang, ": ", "："), style="bold")
    if not names:
        line.append(_w(lang, "(none)", "(無)"), style="dim")
    for name in names:
        line.append_text(customer_text(name))
        line.append(" ")
    return line


def header(view: dict[str, Any], lang: str, names: list[str] | None = None) -> Text:
    parts = [
        _w(lang, "Round {r} of {n}", "第{r}/{n}回合", r=view["round"], n=view["rounds"]),
        phase_name(view, lang),
    ]
    if view["final_round"] and not view["over"]:
        parts.append(_w(lang, "final round", "最後一回合"))
    if view["to_move"] is not None:
        who = seat_label(view["to_move"], lang, names)
        parts.append(_w(lang, "{who} to move", "輪到{who}", who=who))
    parts.append(_w(lang, "customer deck {n}", "顧客牌庫 {n}", n=view["deck"]))
    parts.append(_w(lang, "land deck {n}", "土地牌堆 {n}", n=view["land_deck"]))
    return Text("  ·  ".join(parts), style="bold")


def _legend(view: dict[str, Any], lang: str) -> Text:
    line = Text(_w(lang, "Stall types: ", "攤位類型："), style="dim")
    for t, name in enumerate(TYPE_NAMES):
        line.append_text(type_text(name, lang))
        line.append(f" ({view['supply'][t]})  ", style="dim")
    line.append(
        _w(
            lang,
            "· (n) = stalls left. Lot: ★ star, P2 owner, □ unbuilt, $5 P1 top bid, "
            "× removed, – unused, · not drawn yet.",
            "· (n) = 剩餘攤位卡。攤位：★ 星星，P2 擁有者，□ 空地，$5 P1 目前最高出價，× 移除，"
            "– 不使用，· 尚未翻開。",
        ),
        style="dim",
    )
    return line


def render_view(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> RenderableType:
    """The market as seen in ``view``: header, streets, auction, players, own customers."""
    parts: list[RenderableType] = [
        header(view, lang, names),
        Text(""),
        _streets(view, lang),
        _legend(view, lang),
        Text(""),
        _auction(view, lang, names),
        _players(view, lang, names),
    ]
    if view.get("seat") is not None:
        parts.append(_customers(_w(lang, "Your hand", "你的手牌"), view.get("hand", []), lang))
        if view.get("hidden"):
            parts.append(_customers(_w(lang, "Your hidden", "你的隱藏客人"), view["hidden"], lang))
    return Group(*parts)
