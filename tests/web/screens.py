"""What a player sees of a table page on a given screen, measured in Chromium.

:func:`measure` reads, from the page as it is drawn: the smallest text (CSS px, of the board's
SVG texts and of the page's own visible texts apart), the smallest spot or button that takes a
move (its shorter side, CSS px), whether the page scrolls sideways, and how many spots that
take a move lie under the move bar on the first screen (the bar's box overlapping theirs), with
the texts under :data:`TEXT_PX` and the targets under :data:`TARGET_PX` by name. The issue-23
screens (phones 360 and 390 wide, a tablet both ways) are :data:`SCREENS`.
"""

from __future__ import annotations

from typing import Any

#: (name, viewport) of the screens a board is drawn for.
SCREENS: list[tuple[str, dict[str, int]]] = [
    ("phone-360", {"width": 360, "height": 740}),
    ("phone-390", {"width": 390, "height": 844}),
    ("tablet-portrait", {"width": 768, "height": 1024}),
    ("tablet-landscape", {"width": 1024, "height": 768}),
]

#: The least text size (CSS px) and the least side of a target (CSS px) issue 23 asks for.
TEXT_PX = 12
TARGET_PX = 44

#: The figures, scrolled to the top. A board text's size is its font size times the SVG's
#: scale on screen (getScreenCTM), so a 14-unit text on a 1000-unit board 366 px wide is 5.1 px.
MEASURE = """() => {
  window.scrollTo(0, 0);
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const boardTexts = [];
  for (const t of document.querySelectorAll('#board svg text')) {
    if (!t.textContent.trim() || !seen(t)) continue;
    const ctm = t.getScreenCTM();
    const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
    boardTexts.push({px: parseFloat(getComputedStyle(t).fontSize) * scale,
      text: t.textContent.trim().slice(0, 30)});
  }
  const pageTexts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest('svg') || !seen(el)) continue;
    pageTexts.push({px: parseFloat(getComputedStyle(el).fontSize),
      text: n.textContent.trim().slice(0, 30)});
  }
  const bar = document.getElementById('moves-panel');
  const barBox = bar && !bar.hidden ? bar.getBoundingClientRect() : null;
  const targets = [];
  let covered = 0;
  for (const el of document.querySelectorAll(
      '#board [data-actions][tabindex], #moves button[data-action], #compose button')) {
    if (!seen(el)) continue;
    const r = el.getBoundingClientRect();
    const onBoard = el.closest('#board') !== null;
    targets.push({px: Math.min(r.width, r.height), board: onBoard,
      what: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)});
    if (onBoard && barBox && r.top < Math.min(barBox.bottom, window.innerHeight)
        && r.bottom > Math.max(barBox.top, 0)
        && r.right > barBox.left && r.left < barBox.right) covered += 1;
  }
  const least = (items) => items.reduce((a, b) => (b.px < a.px ? b : a),
    {px: Infinity, text: '', what: ''});
  return {
    width: window.innerWidth,
    sideways: document.documentElement.scrollWidth > window.innerWidth,
    board_text: least(boardTexts),
    page_text: least(pageTexts),
    board_target: least(targets.filter((t) => t.board)),
    button_target: least(targets.filter((t) => !t.board)),
    covered,
    bar_height: barBox ? barBox.height : 0,
    small_texts: boardTexts.concat(pageTexts).filter((t) => t.px < 11.95).slice(0, 12),
    small_targets: targets.filter((t) => t.px < 43.95).slice(0, 12),
  };
}"""


def measure(page: Any) -> dict[str, Any]:
    """The figures of ``page`` (a table page drawn and settled) as :data:`MEASURE` gives them,
    sizes rounded to 0.1 px (Infinity, where there is nothing of a kind, becomes None)."""
    got: dict[str, Any] = page.evaluate(MEASURE)
    for key in ("board_text", "page_text", "board_target", "button_target"):
        px = got[key]["px"]
        got[key]["px"] = None if px is None or px == float("inf") else round(px, 1)
    return got
