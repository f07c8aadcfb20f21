"""A finished game's analysis as one self-contained HTML page (``bazaar analyse --html``).

The win curve is inline SVG drawn here (no plotting library: the page must show Chinese words
with whatever fonts the reader's browser has, and it stays one small file). Every turning
point and mistake links to an anchor in the page's list of the game's moves ("jump the
replay" in a static file), where each move is written out in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from bazaar.bots.analysis import moves_in_words
from bazaar.bots.shapes import AnalysisReport, TurningPoint
from bazaar.core.record import GameRecord
from bazaar.core.registry import get_game
from bazaar.i18n import N_, t

#: the seats' colours (as the browser's analysis graph draws them)
SEAT_COLOURS = ("#007F72", "#C24714", "#3949AB", "#547A21", "#C2185B", "#87695F")


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def turn_heading(tp: TurningPoint, names: Sequence[str], lang: str) -> str:
    """ "Moves 7–9: Ana 12% → 62%" (one move: "Move 7: ...")."""
    before, after, who = _pct(tp["before"]), _pct(tp["after"]), names[tp["seat"]]
    if tp["from"] + 1 == tp["index"]:
        return t(
            "Move {n}: {who} {before} → {after}",
            lang,
            n=tp["index"],
            who=who,
            before=before,
            after=after,
        )
    return t(
        "Moves {first}–{last}: {who} {before} → {after}",
        lang,
        first=tp["from"] + 1,
        last=tp["index"],
        who=who,
        before=before,
        after=after,
    )


def curve_svg(report: AnalysisReport, names: Sequence[str], lang: str) -> str:
    """The win curve of every seat, its turning points and the seat's mistakes, as SVG."""
    width, height, left, right, top, bottom = 640, 240, 44, 12, 12, 34
    moves, win = report["curve"]["moves"], report["curve"]["win"]
    last = max(1, moves[-1])

    def x(m: float) -> float:
        return round(left + (width - left - right) * m / last, 1)

    def y(p: float) -> float:
        return round(top + (height - top - bottom) * (1 - p), 1)

    def at(seat: int, m: int) -> float:
        i = 1
        while i < len(moves) - 1 and moves[i] < m:
            i += 1
        a, b = moves[i - 1], moves[i]
        f = min(1.0, max(0.0, (m - a) / (b - a))) if b > a else 1.0
        return float(win[i - 1][seat] + f * (win[i][seat] - win[i - 1][seat]))

    label = escape(t("Win chance of every seat over the game", lang))
    move_word, chance_word = escape(t("Move", lang)), escape(t("Win chance", lang))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{label}">'
    ]
    for p in (0, 0.25, 0.5, 0.75, 1):
        out.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(p)}" y2="{y(p)}" '
            'stroke="#ccc" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{left - 4}" y="{y(p) + 4}" text-anchor="end" font-size="11">{_pct(p)}</text>'
        )
    mid = (top + height - bottom) / 2
    out.append(
        f'<text x="{(left + width - right) / 2}" y="{height - 4}" text-anchor="middle" '
        f'font-size="12">{move_word}</text>'
    )
    out.append(
        f'<text x="12" y="{mid}" text-anchor="middle" font-size="12" '
        f'transform="rotate(-90 12 {mid})">{chance_word}</text>'
    )
    out.append(
        f'<text x="{left}" y="{height - 18}" font-size="11">0</text>'
        f'<text x="{x(last)}" y="{height - 18}" text-anchor="end" '
        f'font-size="11">{last}</text>'
    )
    for seat in range(len(win[0]) if win else 0):
        points = " ".join(f"{x(m)},{y(w[seat])}" for m, w in zip(moves, win, strict=True))
        out.append(
            f'<polyline class="curve" data-seat="{seat}" fill="none" '
            f'stroke="{SEAT_COLOURS[seat % 6]}" stroke-width="2" points="{points}">'
            f"<title>{escape(names[seat])}</title></polyline>"
        )
    for tp in report["turning_points"]:
        out.append(
            f'<a href="#move-{tp["from"] + 1}"><circle class="turn" cx="{x(tp["index"])}" '
            f'cy="{y(tp["after"])}" r="6" fill="white" '
            f'stroke="{SEAT_COLOURS[tp["seat"] % 6]}" stroke-width="2"/></a>'
        )
    for m in report["mistakes"]:
        out.append(
            f'<a href="#move-{m["index"]}"><circle class="mistake" cx="{x(m["index"])}" '
            f'cy="{y(at(report["seat"], m["index"]))}" r="5" fill="#d32f2f"/></a>'
        )
    out.append("</svg>")
    return "\n".join(out)


def analysis_page(
    record: GameRecord, report: AnalysisReport, names: Sequence[str], lang: str
) -> str:
    """The page: the graph, the turning points, the mistakes and every move in words."""
    seat = report["seat"]
    kind = get_game(record.game)
    game = kind.name_zh if lang == "zh-TW" else kind.name_en
    title = t("Analysis of {who}", lang, who=names[seat])
    legend = " ".join(
        f'<span style="color:{SEAT_COLOURS[s % 6]};font-weight:600">━ {escape(name)}</span>'
        for s, name in enumerate(names)
    )
    turns = []
    for tp in report["turning_points"]:
        head = turn_heading(tp, names, lang)
        # the punctuation is the catalog's: full-width colon and semicolon in zh-TW
        words = t("; ", lang).join(
            t("{name}: {move}", lang, name=escape(names[m["seat"]]), move=escape(m["text"][lang]))
            for m in tp["moves"]
            if m["seat"] is not None
        )
        turns.append(
            f'<li><a href="#move-{tp["from"] + 1}">{escape(head)}</a> <small>{words}</small></li>'
        )
    wrong = []
    for m in report["mistakes"]:
        head = t(
            "Move {n}: you played {played}; better: {best}",
            lang,
            n=m["index"],
            played=m["played_text"][lang],
            best=m["best_text"][lang],
        )
        wrong.append(
            f'<li><a href="#move-{m["index"]}">{escape(head)}</a> '
            f"<small>{escape(m['change_text'][lang])}</small></li>"
        )
    moves = []
    for move in moves_in_words(record, 1, len(record.actions)):
        text = escape(move["text"][lang])
        if move["seat"] is not None:
            text = t("{name}: {move}", lang, name=escape(names[move["seat"]]), move=text)
        moves.append(f'<li id="move-{move["index"]}" value="{move["index"]}">{text}</li>')
    how = t(
        "Each point: each player's chance to win as that player saw the game at that moment, "
        "by Bazaar's estimate (the same numbers its hints gave).",
        lang,
    )
    none_turns = escape(t("No big swings: the game stayed close.", lang))
    none_wrong = escape(t("No clear mistakes.", lang))
    heads = [
        escape(t(words, lang))
        for words in (
            N_("Turning points"),
            N_("Your biggest mistakes"),
            N_("The moves of the game"),
        )
    ]
    html_lang = "zh-Hant-TW" if lang == "zh-TW" else "en"
    return f"""<!doctype html>
<html lang="{html_lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} · {escape(game)}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 46rem; margin: 1rem auto; padding: 0 1rem;
  line-height: 1.45; }}
svg {{ width: 100%; height: auto; }} small {{ color: #555; }}
li:target {{ background: #fff3c4; }}
</style></head><body>
<h1>{escape(title)}</h1>
<p>{escape(game)}</p>
{curve_svg(report, names, lang)}
<p>{legend}</p>
<p><small>{escape(how)}</small></p>
<h2>{heads[0]}</h2>
{f"<ol>{''.join(turns)}</ol>" if turns else f"<p>{none_turns}</p>"}
<h2>{heads[1]}</h2>
{f"<ol>{''.join(wrong)}</ol>" if wrong else f"<p>{none_wrong}</p>"}
<h2>{heads[2]}</h2>
<ol>{"".join(moves)}</ol>
</body></html>
"""
