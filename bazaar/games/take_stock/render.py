"""Terminal rendering of Take Stock: the five stock rows, players, piles, your hand, moves.

Everything here reads a seat's :meth:`view` (never the full state), so what it draws is
exactly what that seat may see. Words specific to this game are kept here in both languages
(:func:`tr`); shared words come from :func:`bazaar.i18n.t`.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bazaar.core.describe import seat_label
from bazaar.games.take_stock import actions as A
from bazaar.games.take_stock.components import (
    CARD_BY_NAME,
    LETTERS,
    NUM_CARDS,
    STOCK_OF,
    VALUE_OF,
)
from bazaar.games.take_stock.text import card_words, event_name, stock_name
from bazaar.games.take_stock.text import describe_action as _describe

NOTATION_EXAMPLES = A.EXAMPLES
STOCK_STYLES = ("bold yellow", "bold magenta", "bold cyan", "bold white", "bold red")


def tr(en: str, zh: str, lang: str, **fmt: Any) -> str:
    """``en`` or ``zh`` by ``lang``, with ``{names}`` filled from ``fmt``."""
    text = zh if lang == "zh-TW" else en
    return text.format(**fmt) if fmt else text


PHASES = {
    "action": ("Action phase", "行動階段"),
    "choose-event": ("Choose an event", "選擇事件"),
    "insider": ("Insider Trading", "內線交易"),
    "audit": ("Stock Audit", "股票查核"),
    "target": ("Choose a player", "選擇玩家"),
    "freeze": ("Stock Freeze", "股票凍結"),
    "upturn": ("Market Upturn", "市場上揚"),
    "exercise": ("Exercise options", "執行認股"),
    "over": ("Game over", "遊戲結束"),
}

HINTS = {
    "action": (
        "Choose one action: A 'play CARD' raises its stock (1-4 higher); B 'buy CERT DISCARD'; "
        "C 'event2 DISCARD' (draw 2, execute 1) or 'event1 DISCARD' (draw 1, hold); "
        "D 'trigger EVENT DISCARD'.",
        "四選一：A 炒作 'play 卡'(比該列大1至4)；B 購買 'buy 憑證 棄牌'；"
        "C 製造事件 'event2 棄牌'(抽2執行1)或 'event1 棄牌'(抽1保留)；D 引發 'trigger 事件 棄牌'。",
    ),
    "choose-event": (
        "You drew two events: choose the one to execute; the other is discarded face down.",
        "你抽到2張事件卡：選1張立即執行，另1張蓋著丟入事件棄牌堆。",
    ),
    "insider": (
        "Insider Trading: turn one card of that stock into a certificate, or 'decline'.",
        "內線交易：把一張該股票的手牌變成股票憑證，或 'decline' 放棄。",
    ),
    "audit": (
        "Stock Audit: choose the certificate to discard.",
        "股票查核：選擇要丟棄的股票憑證。",
    ),
    "target": ("Choose a player: 'target SEAT'.", "選擇一位玩家：'target 座位'。"),
    "freeze": (
        "Stock Freeze: choose the row that may not be raised this round.",
        "股票凍結：選擇本回合不能再打牌的股票列。",
    ),
    "upturn": (
        "Market Upturn: play up to one card on each row, then 'stop'.",
        "市場上揚：每列最多打1張牌，完成後 'stop'。",
    ),
    "exercise": (
        "Round end: secretly turn hand cards into certificates, one option token each "
        "('exercise 1 3' by hand position, 'exercise O7 C3' by card, or 'exercise none').",
        "回合結束：秘密使用認股標記，每個標記把1張手牌變成股票憑證"
        "('exercise 1 3' 依手牌位置、'exercise O7 C3' 依卡名，或 'exercise none')。",
    ),
}

RULE_HINTS = {
    "notation": (
        "Type a move number from the list, or notation such as " + A.EXAMPLES + ".",
        "請輸入清單中的編號，或記譜，例如 " + A.EXAMPLES + "。",
    ),
    "phase": ("That kind of move is not possible now.", "現在不能做這種行動。"),
    "hand": ("That card is not in your hand.", "你的手牌中沒有這張卡。"),
    "manipulate": (
        "A card played on a row must be 1 to 4 higher than the row's bottom card.",
        "打到股票列的卡必須比該列最下方的卡大1至4。",
    ),
    "frozen": ("That row is frozen this round.", "該股票列本回合已被凍結。"),
    "buy-limit": (
        "You may hold fewer certificates than the longest row has cards (splits count).",
        "你的股票憑證數必須少於場上最長股票列的張數(含分割卡)才能購買。",
    ),
    "buy-two-cards": (
        "A Buy uses two different cards: a certificate and a discard.",
        "購買股票要用兩張不同的牌：一張憑證、一張棄牌。",
    ),
    "buy-frozen": (
        "A Stock Freeze in front of you stops you buying this round.",
        "你面前有股票凍結卡，本回合不能購買股票。",
    ),
    "held-event": ("You hold no such event.", "你沒有這種保留事件卡。"),
    "held-timing": (
        "A held event can be triggered only in a later round than the one it was drawn in.",
        "保留事件卡只能在抽到它之後的回合引發。",
    ),
    "choose": ("Choose one of the two events you drew.", "請從抽到的2張事件卡中選1張。"),
    "insider-stock": (
        "Insider Trading certifies only a card of its own stock.",
        "內線交易只能使用該股票的卡。",
    ),
    "audit": ("That certificate cannot be audited.", "不能查核那張股票憑證。"),
    "target": ("That player cannot be chosen.", "不能選擇那位玩家。"),
    "upturn-row": ("Market Upturn allows one card per row.", "市場上揚每列只能打1張。"),
    "exercise-tokens": ("Each exercised card needs one option token.", "每張認股需要1個認股標記。"),
    "exercise-hand": ("You do not have that many cards.", "你的手牌沒有那麼多張。"),
}


# ---------------------------------------------------------------------- words
def stock_text(s: int, lang: str) -> Text:
    return Text(f"{LETTERS[s]} {stock_name(s, lang)}", style=STOCK_STYLES[s])


def card_text(name: str) -> Text:
    return Text(name, style=STOCK_STYLES[STOCK_OF[CARD_BY_NAME[name.lower()]]])


def _cards_line(cards: list[str]) -> Text:
    out = Text()
    for i, name in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(name))
    return out


def describe_action(action: int, lang: str = "en", view: dict[str, Any] | None = None) -> str:
    """A short description in words of ``action``; with a view, exercised cards and prices."""
    words = _describe(action, lang)
    if not view:
        return words
    if action >= A.EXERCISE_BASE and view.get("hand") is not None:
        hand = view["hand"]
        cards = [hand[j] for j in A.mask_positions(action - A.EXERCISE_BASE) if j < len(hand)]
        if not cards:
            return words
        names = ", ".join(card_words(c, lang) for c in cards)
        return tr("certificates: {cards}", "成為憑證：{cards}", lang, cards=names)
    if A.BUY_BASE <= action < A.EVENT2_BASE:
        cert = (action - A.BUY_BASE) // NUM_CARDS
        s = STOCK_OF[cert]
        symbols = view.get("share_symbols")
        shares = symbols[VALUE_OF[cert] - 1] if symbols else None
        price = view["stocks"][s]["price"]
        if shares is not None:
            return words + tr(
                " ({n} share(s), price now {p})", "({n}股，現價{p})", lang, n=shares, p=price
            )
        return words + tr(" (price now {p})", "(現價{p})", lang, p=price)
    return words


def phase_name(view: dict[str, Any], lang: str) -> str:
    en, zh = PHASES.get(view["phase"], (view["phase"], view["phase"]))
    return tr(en, zh, lang)


def prompt_hint(view: dict[str, Any], lang: str) -> str | None:
    hint = HINTS.get(view["phase"])
    return tr(*hint, lang) if hint else None


def explain_rule(rule: str, lang: str) -> str | None:
    hint = RULE_HINTS.get(rule)
    return tr(*hint, lang) if hint else None


def notation_help(lang: str) -> str:
    return tr(
        "Notation: cards are stock letter + value (C cereal, G gems, T tech, O oil, M movies; "
        "'O7'). A: 'play O7' (or 'O7'). B: 'buy O7 C3' (O7 certificate, C3 discarded). "
        "C: 'event2 C3' / 'event1 C3'. D: 'trigger audit C3'. Then as asked: 'choose split-O', "
        "'insider O7' or 'decline', 'audit O7', 'target 2', 'freeze O', 'play O7' or 'stop' "
        "(upturn). Round end: 'exercise 1 3', 'exercise O7 C3' or 'exercise none'.",
        "記譜：卡牌寫作股票字母+面額(C 玉米、G 寶石、T 科技、O 石油、M 電影；如 'O7')。"
        "A：'play O7'(或 'O7')。B：'buy O7 C3'(O7 成為憑證，棄掉 C3)。C：'event2 C3'／'event1 C3'。"
        "D：'trigger audit C3'。之後依提示：'choose split-O'、'insider O7' 或 'decline'、"
        "'audit O7'、'target 2'、'freeze O'、'play O7' 或 'stop'(市場上揚)。"
        "回合結束：'exercise 1 3'、'exercise O7 C3' 或 'exercise none'。",
        lang,
    )


def score_label(lang: str) -> str:
    return tr("Points", "分數", lang)


# ---------------------------------------------------------------------- the board
def header(view: dict[str, Any], lang: str, names: list[str] | None = None) -> Text:
    parts = [
        tr("Round {r} of {n}", "第{r}/{n}回合", lang, r=view["round"], n=view["rounds"]),
        phase_name(view, lang),
    ]
    if view["to_move"] is not None:
        who = seat_label(view["to_move"], lang, names)
        parts.append(tr("{who} to move", "輪到{who}", lang, who=who))
        if view["turn_of"] is not None and view["turn_of"] != view["to_move"]:
            turn = seat_label(view["turn_of"], lang, names)
            parts.append(tr("({who}'s turn)", "({who}的行動回合)", lang, who=turn))
    parts.append(tr("dealer {d}", "發牌玩家 {d}", lang, d=view["dealer"]))
    return Text("  ·  ".join(parts), style="bold")


def _market_table(view: dict[str, Any], lang: str) -> Table:
    table = Table(
        title=tr("Market (holding limit {n})", "股市(持股上限 {n})", lang, n=view["hold_limit"]),
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        show_edge=False,
    )
    table.add_column(tr("Stock", "股票", lang), no_wrap=True)
    table.add_column(tr("Row", "股票列", lang), no_wrap=True)
    table.add_column(tr("Splits", "分割", lang), justify="right")
    table.add_column(tr("Frozen", "凍結", lang), justify="center")
    table.add_column(tr("Length", "張數", lang), justify="right")
    table.add_column(tr("Price", "股價", lang), justify="right")
    for s, row in enumerate(view["stocks"]):
        values = Text(" ".join(c[1:] for c in row["cards"][:-1]), style="dim")
        if len(row["cards"]) > 1:
            values.append(" ")
        values.append(row["cards"][-1][1:], style=STOCK_STYLES[s])
        splits = f"×{row['splits'] + 1}" if row["splits"] else "·"
        frozen = Text("❄" * row["frozen"], style="bold blue") if row["frozen"] else Text("·")
        price = Text(str(row["price"]), style="bold")
        table.add_row(stock_text(s, lang), values, splits, frozen, str(row["length"]), price)
    return table


def _players_table(view: dict[str, Any], lang: str, names: list[str] | None) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    table.add_column("")
    table.add_column(tr("Player", "玩家", lang))
    table.add_column(tr("Points", "分數", lang), justify="right")
    for s in range(len(LETTERS)):
        table.add_column(Text(LETTERS[s], style=STOCK_STYLES[s]), justify="right")
    table.add_column(tr("Certificates", "股票憑證", lang))
    table.add_column(tr("Tokens", "認股", lang), justify="right")
    table.add_column(tr("Hand", "手牌", lang), justify="right")
    table.add_column(tr("Held", "保留", lang), justify="right")
    me = view.get("seat")
    winners = view.get("winners") or []
    for p, seat in enumerate(view["seats"]):
        marker = "▶" if view["to_move"] == p else ("★" if p in winners else "")
        label = Text(seat_label(p, lang, names), style="bold" if p == me else "")
        if seat.get("frozen"):
            label.append(" ❄", style="bold blue")
        if seat.get("exercise_decided"):
            label.append(" ✓", style="green")
        table.add_row(
            marker,
            label,
            str(seat["total"]),
            *(str(x) if x else "·" for x in seat["shares"]),
            _cards_line(seat["certificates"]),
            str(seat["tokens"]),
            str(seat["hand_size"]),
            str(seat["held"]),
        )
    return table


def _piles(view: dict[str, Any], lang: str) -> Text:
    position = view["market_closed_position"]
    if position is None:
        closed = tr("Market Closed drawn", "股市休市卡已抽出", lang)
    else:
        closed = tr("Market Closed {n}th from the top", "股市休市卡在第{n}張", lang, n=position)
    line = Text(
        tr(
            "Share pile {d} · discard {x} · event deck {e} ({closed}) · token supply {t}",
            "股票卡牌堆 {d}・棄牌堆 {x}・事件卡牌堆 {e}({closed})・認股標記公區 {t}",
            lang,
            d=view["share_draw"],
            x=len(view["share_discard"]),
            e=view["event_deck"],
            closed=closed,
            t=view["token_supply"],
        ),
        style="dim",
    )
    return line


def _event_discard(view: dict[str, Any], lang: str) -> Text:
    pile = view.get("event_discard") or []
    line = Text(tr("Event discard: ", "事件棄牌堆：", lang), style="bold")
    if not pile:
        line.append(tr("(empty)", "(空)", lang), style="dim")
        return line
    shown = pile[-6:]
    words = [event_name(e, lang) if e != "?" else tr("face down", "蓋著", lang) for e in shown]
    if len(pile) > len(shown):
        more = len(pile) - len(shown)
        line.append(tr("({n} more below) ", "(下方另有{n}張) ", lang, n=more), style="dim")
    line.append(" | ".join(words))
    return line


def _situation(view: dict[str, Any], lang: str) -> list[RenderableType]:
    out: list[RenderableType] = []
    if view.get("executing"):
        out.append(
            Text(
                tr("Resolving: {e}", "執行中：{e}", lang, e=event_name(view["executing"], lang)),
                style="bold green",
            )
        )
    if view["phase"] == "upturn" and view.get("upturn_played"):
        out.append(
            Text(
                tr(
                    "Upturn rows played: {rows}",
                    "市場上揚已打過：{rows}",
                    lang,
                    rows=" ".join(view["upturn_played"]),
                )
            )
        )
    if view.get("audit_limit") is not None and view["phase"] == "audit":
        out.append(Text(tr("Audit limit: {n}", "查核上限：{n}", lang, n=view["audit_limit"])))
    if view.get("round_end"):
        why = {
            "market-closed": ("Market Closed was drawn", "抽到股市休市卡"),
            "value-11-12": ("an 11 or 12 was played", "打出了11或12"),
            "hand-empty": ("a hand ran out", "有玩家手牌耗盡"),
            "deck-empty": ("no share card left to draw", "股票卡已抽完"),
        }[view["round_end"]]
        out.append(
            Text(
                tr("Round over: {why}", "本回合結束：{why}", lang, why=tr(*why, lang)), style="bold"
            )
        )
    return out


def _own(view: dict[str, Any], lang: str) -> list[RenderableType]:
    out: list[RenderableType] = []
    hand = view.get("hand", [])
    line = Text(tr("Your hand: ", "你的手牌：", lang), style="bold")
    if hand:
        for i, name in enumerate(hand, 1):
            line.append(f"{i}:", style="dim")
            line.append_text(card_text(name))
            line.append("  ")
    else:
        line.append(tr("(none)", "(無)", lang), style="dim")
    out.append(line)
    held = view.get("held_events") or []
    if held:
        line = Text(tr("Your held events: ", "你的保留事件：", lang), style="bold")
        parts = []
        for h in held:
            later = not h["usable"] and view["phase"] != "over"
            mark = tr(" (next round)", "(下回合起)", lang) if later else ""
            parts.append(event_name(h["event"], lang) + mark)
        line.append(" | ".join(parts))
        out.append(line)
    if view.get("drawn_events"):
        line = Text(tr("You drew: ", "你抽到：", lang), style="bold green")
        line.append(" | ".join(event_name(e, lang) for e in view["drawn_events"]))
        out.append(line)
    if view.get("exercising") is not None:
        line = Text(tr("Your options: ", "你的認股：", lang), style="bold")
        line.append(" ".join(view["exercising"]) or tr("none", "無", lang))
        out.append(line)
    return out


def render_view(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> RenderableType:
    """The board as seen in ``view``: header, market rows, players, piles and own cards."""
    parts: list[RenderableType] = [
        header(view, lang, names),
        Text(""),
        _market_table(view, lang),
        Text(""),
        _players_table(view, lang, names),
        _piles(view, lang),
        _event_discard(view, lang),
        *_situation(view, lang),
    ]
    if view.get("seat") is not None:
        parts.append(Text(""))
        parts.extend(_own(view, lang))
    return Group(*parts)
