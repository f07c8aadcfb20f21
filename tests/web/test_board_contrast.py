"""WCAG AA contrast of the colours inside every board's SVG (axe-core does not look inside SVG).

Each game's board is rendered in headless Chromium (render_harness, with style.css and reduced
motion so no animation is half-way) at its design size (1000 px wide: one SVG unit is one CSS
pixel), and at the widths of :data:`LAYOUT_WIDTHS` (``ui.width``: a phone's and a tablet's
layout), for six positions from the start to the end of a seeded random game, in English and
Traditional Chinese. Then, in the page:

- every visible ``<text>``: its fill against what is painted beneath its centre (the shapes
  drawn before it whose fill or stroke covers that point, blended by their opacity and
  fill-opacity, over the board's background) must reach 4.5:1, or 3:1 for large text
  (rendered 24 px, or 18.66 px bold);
- the non-text marks (WCAG 1.4.11, 3:1): the last-move outline (``.last-move``, style.css)
  against what lies just outside the marked shape, and the hotspot highlights of style.css
  (``.hot.picked``, ``.hot:focus-visible`` and the suggested move's ``.hot.suggested``
  glows) against what lies just outside each hotspot.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from bazaar.core.registry import get_game
from bazaar.web.payload import sample_payloads
from tests.scale import LONG, LONG_VARIABLE
from tests.web.render_harness import STATIC, board_words, load_renderer

GAMES = {"buy-low-sell-high": 8, "take-stock": 9, "night-market": 10}  # game: seed
LANGS = ("en", "zh-TW")
SHOWN = 6  # positions per game and language
TEXT_MIN, LARGE_TEXT_MIN, GRAPHIC_MIN = 4.5, 3.0, 3.0

#: The page's check: returns {"texts": [...], "failures": [...], "marks": [...]}.
CHECK = """([minText, minLarge, minGraphic]) => {
  const svg = document.querySelector("#board svg");
  const SHAPES = "rect,circle,ellipse,path,polygon,polyline,line";
  const parse = (c) => {
    const m = /rgba?\\(([\\d.]+),\\s*([\\d.]+),\\s*([\\d.]+)(?:,\\s*([\\d.]+))?\\)/.exec(c || "");
    return m ? {rgb: [+m[1], +m[2], +m[3]], a: m[4] === undefined ? 1 : +m[4]} : null;
  };
  const lum = (rgb) => {
    const f = rgb.map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * f[0] + 0.7152 * f[1] + 0.0722 * f[2];
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const blend = (top, a, under) => top.map((v, i) => a * v + (1 - a) * under[i]);
  const hex = (rgb) => "#" + rgb.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  const opacity = (el) => {  // opacity of el and its groups up to the svg
    let o = 1;
    for (let e = el; e && e !== svg.parentNode; e = e.parentNode) o *= +getComputedStyle(e).opacity;
    return o;
  };
  const shown = (el) => getComputedStyle(el).visibility !== "hidden" &&
    getComputedStyle(el).display !== "none" && !el.closest("defs,clipPath,mask,title");
  let base = [255, 255, 255];
  for (let e = svg; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c && c.a > 0) { base = c.rgb; break; }
  }
  // Paint order is document order: every shape, with its page box for a quick test.
  const all = [...svg.querySelectorAll(SHAPES + ",text")].filter(shown);
  const boxes = new Map(all.map((e) => [e, e.getBoundingClientRect()]));
  /** The colour painted at page point (x, y) by the shapes before index ``upto`` in ``all``. */
  function under(x, y, upto) {
    const layers = [];
    for (let i = upto - 1; i >= 0; i--) {
      const e = all[i];
      if (e.tagName === "text") continue;
      const b = boxes.get(e);
      if (x < b.left - 3 || x > b.right + 3 || y < b.top - 3 || y > b.bottom + 3) continue;
      const p = new DOMPoint(x, y).matrixTransform(e.getScreenCTM().inverse());
      const cs = getComputedStyle(e);
      let paint = null;
      let a = opacity(e);
      if (cs.stroke !== "none" && e.isPointInStroke(p)) {
        paint = parse(cs.stroke); a *= +cs.strokeOpacity;
      } else if (cs.fill !== "none" && e.isPointInFill(p)) {
        paint = parse(cs.fill); a *= +cs.fillOpacity;
      }
      if (!paint || paint.a * a === 0) continue;
      layers.push([paint.rgb, paint.a * a]);
      if (paint.a * a >= 1) break;
    }
    let c = base;
    for (const [rgb, a] of layers.reverse()) c = blend(rgb, a, c);
    return c;
  }
  const texts = [], failures = [], marks = [];
  all.forEach((t, i) => {
    if (t.tagName !== "text" || !t.textContent.trim()) return;
    const cs = getComputedStyle(t);
    const ink = parse(cs.fill);
    if (!ink) return;
    const b = boxes.get(t);
    const bg = under((b.left + b.right) / 2, (b.top + b.bottom) / 2, i);
    const fg = blend(ink.rgb, ink.a * opacity(t) * +cs.fillOpacity, bg);
    const px = parseFloat(cs.fontSize) * t.getScreenCTM().a;
    const bold = cs.fontWeight === "bold" || +cs.fontWeight >= 700;
    const large = px >= 24 || (bold && px >= 18.66);
    const r = ratio(fg, bg);
    const row = {text: t.textContent, fg: hex(fg), bg: hex(bg), ratio: +r.toFixed(2),
      px: +px.toFixed(1), bold: bold};
    texts.push(row);
    if (r < (large ? minLarge : minText)) failures.push(row);
  });
  const colors = (css) => (css.match(/rgba?\\([^)]*\\)|#[0-9a-fA-F]{6}\\b/g) || []).map((c) =>
    c.startsWith("#") ? [1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16)) : parse(c).rgb);
  /** Each point 2 px outside el's box (four sides) against the best of ``inks`` (a two-tone
   * mark is seen by whichever of its colours stands out there). */
  function around(el, inks, what) {
    const b = el.getBoundingClientRect();
    const idx = all.indexOf(el.matches(SHAPES) ? el : el.querySelector(SHAPES));
    const last = idx < 0 ? all.length : idx;
    const points = [[(b.left + b.right) / 2, b.top - 2], [(b.left + b.right) / 2, b.bottom + 2],
      [b.left - 2, (b.top + b.bottom) / 2], [b.right + 2, (b.top + b.bottom) / 2]];
    for (const [x, y] of points) {
      const bg = under(x, y, last);
      const [r, ink] = inks.map((c) => [ratio(c, bg), c]).sort((p, q) => q[0] - p[0])[0];
      const row = {what: what, color: hex(ink), bg: hex(bg), ratio: +r.toFixed(2),
        label: el.getAttribute("aria-label") || el.getAttribute("data-what") || el.tagName};
      marks.push(row);
      if (r < minGraphic) failures.push(row);
    }
  }
  for (const g of svg.querySelectorAll(".last-move")) {
    const shape = g.matches(SHAPES) ? g : g.querySelector(":scope > rect, :scope > circle");
    if (!shape) continue;
    const cs = getComputedStyle(shape);
    const inks = colors(cs.stroke).concat(colors(cs.filter));
    if (inks.length) around(shape, inks, "last-move outline");
  }
  const glows = {};
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (!rule.selectorText || !/drop-shadow/.test(rule.cssText)) continue;
      const inks = colors(rule.style.filter);
      if (rule.selectorText.includes(".hot.picked")) glows.picked = inks;
      if (rule.selectorText.includes(".hot:focus-visible")) glows.focus = inks;
      if (rule.selectorText.includes(".hot.suggested")) glows.suggested = inks;
    }
  }
  for (const g of svg.querySelectorAll(".hot")) {
    for (const [name, inks] of Object.entries(glows)) around(g, inks, name + " glow");
  }
  return {texts: texts, failures: failures, marks: marks, glows: glows};
}"""


@pytest.fixture(scope="module")
def board_page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1000, "height": 4000}, reduced_motion="reduce")
    yield context.new_page()
    context.close()


def positions(game: str, lang: str) -> list[dict[str, Any]]:
    """Six positions from the start to the end of one seeded random game with the most players
    (every seat colour shows)."""
    every = sample_payloads(game, get_game(game).max_players, GAMES[game], lang)
    last = len(every) - 1
    return [every[i] for i in sorted({last * k // (SHOWN - 1) for k in range(SHOWN)})]


def check(page: Any, payload: dict[str, Any], width: int | None = None) -> dict[str, Any]:
    """The contrast figures of ``payload``'s board, drawn for a frame ``width`` CSS px wide
    (``ui.width``: a phone's or tablet's layout) or at its design size."""
    strings = board_words(payload["game"], payload["lang"])
    page.evaluate(
        """([payload, strings, width]) => {
            const ui = BazaarUI.make(payload.lang, strings, payload.seats, payload.seat);
            if (width) ui.width = width;
            const board = document.getElementById("board");
            board.style.width = width ? width + "px" : "";
            board.innerHTML = BazaarRenderers[payload.game].render(payload, ui);
        }""",
        [json.loads(json.dumps({**payload, "log": []})), strings, width],
    )
    return page.evaluate(CHECK, [TEXT_MIN, LARGE_TEXT_MIN, GRAPHIC_MIN])


def describe(failure: dict[str, Any]) -> str:
    if "text" in failure:
        size = f"{failure['px']} px{' bold' if failure['bold'] else ''}"
        return (
            f"text {failure['text']!r} ({size}): {failure['fg']} on {failure['bg']}"
            f" = {failure['ratio']}:1"
        )
    return (
        f"{failure['what']} of {failure['label']!r}: {failure['color']} beside {failure['bg']}"
        f" = {failure['ratio']}:1"
    )


def contrast_failures(
    page: Any, game: str, payloads: list[dict[str, Any]], width: int | None = None
) -> tuple[dict[str, str], int, int]:
    """Each failure's description and where it was first seen; the texts and marks checked
    (the boards drawn for a page ``width`` CSS px wide, when given)."""
    errors = load_renderer(page, game)
    page.add_style_tag(path=str(STATIC / "style.css"))
    found: dict[str, str] = {}
    checked = marks = 0
    for payload in payloads:
        out = check(page, payload, width)
        checked += len(out["texts"])
        marks += len(out["marks"])
        where = f"{len(payload['seats'])} players, after {payload['seq']} moves"
        for failure in out["failures"]:
            found.setdefault(describe(failure), where)
        glows = {name: len(inks) for name, inks in out["glows"].items()}
        assert glows == {"picked": 3, "focus": 3, "suggested": 3}
    assert not errors
    return found, checked, marks


def report(found: dict[str, str], game: str, lang: str) -> str:
    return f"{len(found)} contrast failures ({game}, {lang}):\n" + "\n".join(
        f"  {what} [{where}]" for what, where in found.items()
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_text_and_mark_on_the_board_meets_wcag_aa_contrast(
    board_page: Any, game: str, lang: str
) -> None:
    found, checked, marks = contrast_failures(board_page, game, positions(game, lang))
    assert checked > 100 and marks > 0, (checked, marks)
    assert not found, report(found, game, lang)


#: The widths (CSS px) a board lays itself out for besides its design size (issue 23: a
#: phone's one column, a tablet's two): each width in one language, the languages in turn
#: (both at every width with BAZAAR_LONG_TESTS=1).
LAYOUT_WIDTHS = {
    "buy-low-sell-high": (336, 656),
    "night-market": (360, 740),
    "take-stock": (360, 700),
}


@pytest.mark.parametrize(
    ("game", "width", "lang"),
    [
        (game, width, lang)
        for game, widths in sorted(LAYOUT_WIDTHS.items())
        for n, width in enumerate(widths)
        for lang in LANGS
        if LONG or lang == LANGS[n % 2]
    ],
)
def test_the_phone_and_tablet_layouts_meet_wcag_aa_contrast(
    board_page: Any, game: str, width: int, lang: str
) -> None:
    found, checked, marks = contrast_failures(board_page, game, positions(game, lang), width)
    assert checked > 100 and marks > 0, (checked, marks)
    assert not found, report(found, game, f"{lang}, {width} px")


@pytest.mark.skipif(not LONG, reason=f"a sweep of many games: {LONG_VARIABLE}=1")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_contrast_holds_along_many_games(board_page: Any, game: str) -> None:
    """Every player count, three seeds, every 7th position (about a minute per game)."""
    g = get_game(game)
    payloads = [
        payload
        for players in range(g.min_players, g.max_players + 1)
        for seed in (1, 2, 3)
        for payload in sample_payloads(game, players, seed, "en", every=7)
    ]
    found, checked, _ = contrast_failures(board_page, game, payloads)
    assert checked > 1000
    assert not found, report(found, game, "en")
