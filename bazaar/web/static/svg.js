/* SVG markup helpers shared by the game boards (classic script; no build step).
 *
 * Every board script builds its picture as an SVG string with these:
 *   BazaarSvg.esc(text)                   text safe inside markup (also ui.esc)
 *   BazaarSvg.attrs({x: 1, fill: "#fff"}) ' x="1" fill="#fff"' (undefined/null left out)
 *   BazaarSvg.rect(x, y, w, h, attrs)     <rect .../>; attrs.rx rounds the corners
 *   BazaarSvg.circle(cx, cy, r, attrs)    <circle .../>
 *   BazaarSvg.text(x, y, s, attrs)        <text ...>s</text> (s escaped)
 *   BazaarSvg.group(inner, attrs)         <g ...>inner</g>
 *   BazaarSvg.titled(tip, inner)          a group with a tooltip
 *   BazaarSvg.hot(moves, inner, o)        a clickable, focusable group for legal moves (data-actions)
 *   BazaarSvg.measure(rules, other, cjk)  a text-width function from a board's glyph widths
 *   BazaarSvg.wrap(s, size, max, width)   lines no wider than max
 *   BazaarSvg.fit(s, size, max, width)    s cut with "…" to fit max
 *   BazaarSvg.lastFields(payload)         the fields of the newest move (payload.last), or {}
 *                                         when there is none or this viewer may not see it
 *   BazaarSvg.mark(on, inner)             inner in <g class="last-move"> when on: what the
 *                                         last move touched (table.js and style.css pulse it)
 *   BazaarSvg.keyer()                     a key maker for one drawing: key("card:K3") gives
 *                                         "card:K3", a second call "card:K3~2" (keys stay unique)
 *   BazaarSvg.keyed(key, inner, o)        inner in <g data-key="key">: a thing motion.js slides
 *                                         from its old place; o.path "x,y x,y ..." (user units,
 *                                         the points its centre passes: data-path), o.from (the
 *                                         key it comes from: data-from), o.opacity
 * Widths are estimates in SVG units (a board's font is not measured; CJK glyphs are square).
 */
(function () {
  "use strict";
  const CJK = /[\u2e80-\uffff]/;

  function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => (
      {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  }

  /** Attributes as markup, in the object's order; undefined and null values are left out. */
  function attrs(a) {
    return Object.keys(a || {}).filter((k) => a[k] !== undefined && a[k] !== null)
      .map((k) => ` ${k}="${esc(a[k])}"`).join("");
  }

  function rect(x, y, w, h, a) {
    return `<rect${attrs(Object.assign({x: x, y: y, width: w, height: h}, a || {}))}/>`;
  }

  function circle(cx, cy, r, a) {
    return `<circle${attrs(Object.assign({cx: cx, cy: cy, r: r}, a || {}))}/>`;
  }

  function text(x, y, s, a) {
    return `<text${attrs(Object.assign({x: x, y: y}, a || {}))}>${esc(s)}</text>`;
  }

  function group(inner, a) {
    return `<g${attrs(a)}>${inner}</g>`;
  }

  function titled(tip, inner) {
    return `<g><title>${esc(tip)}</title>${inner}</g>`;
  }

  /** A group clickable for ``moves`` (the payload's legal moves): data-actions lists their
   * actions, the tooltip o.tip and one line per move (o.line(m), default m.text); o.what
   * names the thing drawn (data-what). Without moves: the drawing alone (in a group when
   * o.what, o.tip or o.group is given). */
  function hot(moves, inner, o) {
    o = o || {};
    const what = o.what ? ` data-what="${esc(o.what)}"` : "";
    if (!moves || !moves.length) {
      if (o.tip) return `<g${what}><title>${esc(o.tip)}</title>${inner}</g>`;
      return what || o.group ? `<g${what}>${inner}</g>` : inner;
    }
    const line = o.line || ((m) => m.text);
    const tip = (o.tip ? [o.tip] : []).concat(moves.map(line)).join("\n");
    // Reachable by keyboard: a focusable button named by its moves (the table page makes
    // Enter and Space act as a click).
    const label = (o.tip ? [o.tip] : []).concat(moves.map((m) => m.text)).join("; ");
    return `<g class="hot"${what} data-actions="${moves.map((m) => m.action).join(",")}"` +
      ` tabindex="0" role="button" aria-label="${esc(label)}"` +
      ` style="cursor:pointer"><title>${esc(tip)}</title>${inner}</g>`;
  }

  /** A width function ``(s, size) -> units``: CJK characters are ``cjk`` em (default 1),
   * a character matching rules[i][0] is rules[i][1] em, any other ``other`` em. */
  function measure(rules, other, cjk) {
    const square = cjk === undefined ? 1 : cjk;
    return function width(s, size) {
      let w = 0;
      for (const ch of String(s)) {
        if (ch.codePointAt(0) >= 0x2e80) { w += square; continue; }
        const rule = rules.find((r) => (typeof r[0] === "string" ? r[0] === ch : r[0].test(ch)));
        w += rule ? rule[1] : other;
      }
      return w * size;
    };
  }

  /** Greedy line wrapping: Latin text breaks at spaces, CJK between characters; with
   * o.cjkRules punctuation that closes a phrase never starts a line and no CJK character
   * stands alone on the last line; with o.spaces the space after a word counts in its width. */
  function wrap(s, size, max, width, o) {
    o = o || {};
    const tokens = String(s).match(/[\u2e80-\uffff]|[^\s\u2e80-\uffff]+\s*|\s+/g) || [];
    const lines = [];
    let line = "";
    for (const tok of tokens) {
      const closing = o.cjkRules && /^[，。；：、！？）」』,.;:!?)]/.test(tok);
      const next = o.spaces ? line + tok : (line + tok).trimEnd();
      if (line && !closing && width(next, size) > max) {
        lines.push(line.trimEnd());
        line = tok.trimStart();
      } else {
        line += tok;
      }
    }
    if (line.trim()) lines.push(line.trimEnd());
    const n = lines.length;
    if (o.cjkRules && n > 1 && CJK.test(lines[n - 1]) && lines[n - 1].length === 1 &&
        /\S$/.test(lines[n - 2])) {
      lines[n - 1] = lines[n - 2].slice(-1) + lines[n - 1];
      lines[n - 2] = lines[n - 2].slice(0, -1);
    }
    return lines;
  }

  /** ``s`` as it is, or cut to fit ``max`` units with "…" at its end. */
  function fit(s, size, max, width) {
    s = String(s);
    if (width(s, size) <= max) return s;
    let out = "";
    for (const ch of s) {
      if (width(out + ch + "…", size) > max) break;
      out += ch;
    }
    return out + "…";
  }

  function lastFields(payload) {
    return (payload && payload.last && payload.last.fields) || {};
  }

  function mark(on, inner) {
    return on ? `<g class="last-move">${inner}</g>` : inner;
  }

  function keyer() {
    const seen = {};
    return function key(base) {
      seen[base] = (seen[base] || 0) + 1;
      return seen[base] === 1 ? base : `${base}~${seen[base]}`;
    };
  }

  function keyed(key, inner, o) {
    o = o || {};
    return group(inner, {"data-key": key, "data-path": o.path, "data-from": o.from,
      opacity: o.opacity});
  }

  window.BazaarSvg = {esc: esc, attrs: attrs, rect: rect, circle: circle, text: text,
    group: group, titled: titled, hot: hot, measure: measure, wrap: wrap, fit: fit,
    lastFields: lastFields, mark: mark, keyer: keyer, keyed: keyed};
})();
