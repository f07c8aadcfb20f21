/* Buy Low Sell High (傻瓜炒股): the browser renderer (classic script, no build step).
 *
 *   BazaarRenderers["buy-low-sell-high"].render(payload, ui) -> "<svg ...>...</svg>"
 *
 * Layout of the board (viewBox 1000 units wide; the height follows the content):
 *
 *   ┌──────────────────────────────────────────────────────────────────────┐
 *   │ header: game name · year (with year dots) · phase · whose turn       │
 *   │ prompt: what the viewer can do now, or the final result              │
 *   ├────────────────────────────┬─────────────────────────────────────────┤
 *   │ stock prices: one column   │ players: name, money (+ bar), holdings  │
 *   │ per stock, spaces $30..$2, │ of each stock, cards in hand; the one   │
 *   │ tokens as pills; the       │ to move is outlined, winners starred    │
 *   │ lowest token is the buy    │ draw pile (+ Breaking News played)      │
 *   │ price, the space below it  │ year-end outlook: the price move and    │
 *   │ the sell price             │ dividend cards in the row, per stock    │
 *   ├────────────────────────────┴─────────────────────────────────────────┤
 *   │ market row: one slot per space, played cards, covered / dud marks    │
 *   ├──────────────────────────────────────────────────────────────────────┤
 *   │ your hand: big card faces with their effect; set-aside cards         │
 *   └──────────────────────────────────────────────────────────────────────┘
 *
 * Phones and tablets (ui.width below 1000: the frame's CSS px; see layoutFor): a viewBox
 * ui.width wide, one unit one pixel, 13 units the smallest text. Below 600 one column of
 * the regions above, what the viewer acts on first (the hand on a card turn, each card a strip
 * across; the price columns on a trading turn); 600-999 the price columns beside the players,
 * pile and outlook, then the market row (on two lines) and the hand (or the hand first). The
 * layout is data: the regions' places, given to the same drawing functions.
 *
 * Hotspots (class "hot", data-actions = legal action numbers, <title> = the moves):
 *   price column K  -> trades that buy or sell K ('+K0', '-2K1', '+K0 -K2') and 'sell K'
 *   hand card       -> 'play CARD', 'discard CARD'; a Breaking News card -> 'news N' on
 *                      spaces of its colour and 'dud Kk'
 *   market space N  -> 'news N'
 *   draw pile       -> 'keep' (year-end redraw: draw back up to five cards)
 * Every word on the board goes through ui.t (English msgid, zh-TW from the .po catalogs).
 *
 * Keys (data-key, for the animations of motion.js; docs/web.md "Animations"):
 *   buy:K / sell:K  the buy price (lowest token) and sell price marks of stock K's column
 *   player:P        seat P's card (its money and holdings count up or down where it is)
 *   card:NAME       a card face in the market row, the hand or set aside (row first, then the
 *                   hand: a card played slides from the hand to its space); a second card of
 *                   the same name is card:NAME~2
 */
(function () {
  "use strict";

  const W = 1000;
  const FONT = "system-ui, -apple-system, 'Segoe UI', 'Noto Sans TC', 'PingFang TC', " +
    "'Microsoft JhengHei', 'WenQuanYi Micro Hei', sans-serif";
  const SPACES = [];  // the price spaces of a column: $2 .. $30
  for (let v = 2; v <= 30; v++) SPACES.push(v);
  const COMMISSION = 2;  // $ per share of a commission card (rules: "每股支付$2")
  const HAND_SIZE = 5;
  const KIND = [
    {main: "#d23c3c", light: "#fde3e1", dark: "#8f1d1d"},
    {main: "#188449", light: "#d9f3e3", dark: "#11683a"},
    {main: "#7a4bd3", light: "#ebe2fb", dark: "#4c2a94"},
  ];
  const PLAYER = ["#2563eb", "#c2410c", "#0c7d7d", "#8a5a2b"];
  const INK = "#2b2620";
  const MUTED = "#6f6657";
  const PAPER = "#fbf7ef";
  const GOLD = "#f2b705";

  // ------------------------------------------------------------------ small helpers
  function money(n) { return n < 0 ? "-$" + (-n) : "$" + n; }
  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "\u2212" + (-n) : "0"; }

  const S = window.BazaarSvg;
  /** Rough width of text in SVG units (CJK is one em, Latin about half). */
  const textWidth = S.measure([[/[A-Z0-9$+\-−#%×▲▼★▶◀mw]/, 0.68], [/[iljtf.,:;'|!()]/, 0.34],
    [" ", 0.3]], 0.6);
  /** Lines no wider than max (closing punctuation and a lone CJK character kept with the line before). */
  function wrap(s, size, max) { return S.wrap(s, size, max, textWidth, {cjkRules: true}); }

  /** Parse a card name such as "K1+3", "K0div", "K2news", "K1com". */
  function parseCard(name) {
    const m = /^K(\d)(.*)$/.exec(name);
    const k = m ? Number(m[1]) : 0;
    const code = m ? m[2] : name;
    const value = /^[+-]\d$/.test(code) ? Number(code) : 0;
    const type = value > 0 ? "bull" : value < 0 ? "bear" : code;
    return {name: name, k: k, type: type, value: value};
  }

  /** The drawing primitives (BazaarSvg with this board's defaults and option names). */
  function makeDraw(ui) {
    function text(x, y, s, o) {
      o = o || {};
      const size = o.size || 16;
      const long = o.max && textWidth(s, size) * (o.bold ? 1.06 : 1) > o.max;
      return S.text(x, y, s, {"font-size": size, fill: o.fill || INK,
        "font-weight": o.bold ? "700" : undefined, "text-anchor": o.anchor, opacity: o.opacity,
        textLength: long ? o.max : undefined, lengthAdjust: long ? "spacingAndGlyphs" : undefined});
    }
    function lines(x, y, list, o) {
      const step = (o.size || 16) * 1.3;
      return list.map((s, i) => text(x, y + i * step, s, o)).join("");
    }
    function rect(x, y, w, h, o) {
      o = o || {};
      return S.rect(x, y, w, h, {rx: o.rx === undefined ? 8 : o.rx, fill: o.fill || "none",
        stroke: o.stroke, "stroke-width": o.sw, "stroke-dasharray": o.dash, opacity: o.opacity});
    }
    function circle(x, y, r, o) {
      return S.circle(x, y, r, {fill: o.fill, stroke: o.stroke, "stroke-width": o.sw});
    }
    /** A clickable group for the legal moves ``moves`` (a plain group without moves). */
    function hot(moves, body) {
      return S.hot(moves, body, {group: true, line: moveWords});
    }
    return {text: text, lines: lines, rect: rect, circle: circle, hot: hot};
  }

  /** A legal move as a player reads it: its words (the notation, with the stocks' codes,
   * is for typing only). @param {{notation: string, text?: string}} m */
  function moveWords(m) { return m.text || m.notation; }

  // ------------------------------------------------------------------ legal moves
  /** Trades that buy or sell stock k, and the sale of k (from the moves' fields). */
  /** @param {BlshBoard} c */
  function columnMoves(c, k) {
    return c.legal.filter((m) => (m.fields.kind === "trade" && m.fields.stocks.includes(k)) ||
      (m.fields.kind === "sell" && m.fields.stock === k));
  }

  /** The moves of one hand card (Breaking News: the spaces of its colour and 'dud'). */
  /** @param {BlshBoard} c */
  function cardMoves(c, name) {
    const card = parseCard(name);
    return c.legal.filter((m) => {
      const f = m.fields;
      if ((f.kind === "play" || f.kind === "discard") && f.card === name) return true;
      if (card.type !== "news") return false;
      if (f.kind === "dud") return f.stock === card.k;
      const cell = f.kind === "news" && c.v.row[f.space - 1];
      return Boolean(cell) && parseCard(cell.card).k === card.k;
    });
  }

  /** @param {BlshBoard} c */
  function spaceMoves(c, j) {
    return c.legal.filter((m) => m.fields.kind === "news" && m.fields.space === j + 1);
  }

  // ------------------------------------------------------------------ words
  /** @param {BlshBoard} c */
  function phaseName(c) {
    const t = c.ui.t;
    switch (c.v.phase) {
      case "trade": return t("Trading phase");
      case "play": return t("Market phase");
      case "redraw": return t("Year-end redraw");
      case "forced-sale": return t("Forced sale");
      case "selloff": return t("Final sell-off");
      default: return t("Game over");
    }
  }

  /** @param {BlshBoard} c */
  function typeWord(c, type) {
    const t = c.ui.t;
    switch (type) {
      case "bull": return t("bull");
      case "bear": return t("bear");
      case "div": return t("dividend");
      case "news": return t("Breaking News");
      default: return t("commission");
    }
  }

  /** Stock k by the colour it is drawn in (the notation's K0, K1, K2 are for typing only). */
  /** @param {BlshBoard} c */
  function stockName(c, k) {
    return [c.ui.t("red"), c.ui.t("green"), c.ui.t("purple")][k] || "";
  }

  /** @param {BlshBoard} c */
  function effectText(c, card) {
    const t = c.ui.t;
    const k = stockName(c, card.k);
    switch (card.type) {
      case "bull": return t("{stock} price up {n} at year end", {stock: k, n: card.value});
      case "bear": return t("{stock} price down {n} at year end", {stock: k, n: -card.value});
      case "div": return t("Counts toward {stock} dividends at year end", {stock: k});
      case "news": return t("Covers a {stock} card in the row and cancels it", {stock: k});
      default: return t("Every {stock} share pays {fee} now; play again",
        {stock: k, fee: money(COMMISSION)});
    }
  }

  /** What the viewer is asked to do now (empty when it is not their turn). */
  /** @param {BlshBoard} c */
  function promptLines(c) {
    const t = c.ui.t;
    if (!c.legal.length) return [];
    const out = [];
    switch (c.v.phase) {
      case "trade":
        out.push(t("Your turn: buy or sell stocks. Tap a price column, or choose a move from the list."));
        if (c.v.first_lap === 1) {
          out.push(t("Year 1, first lap: the start player may only buy one token or sell one token."));
        } else if (c.v.first_lap === 2) {
          out.push(t("Year 1, first lap: the second player may only buy two different kinds or sell two different kinds, one token each."));
        }
        break;
      case "play":
        out.push(t("Your turn: tap a card in your hand to play it into the market row."));
        break;
      case "redraw":
        out.push(t("Year end: tap cards to set them aside, then tap the draw pile to draw back up to {n} cards.", {n: HAND_SIZE}));
        break;
      case "forced-sale":
        out.push(t("Your money is below $0: sell tokens one at a time until you have at least $0."));
        break;
      case "selloff":
        out.push(t("Final sell-off: tap a price column to sell one of your tokens."));
        break;
    }
    return out;
  }

  // ------------------------------------------------------------------ layouts
  /** How the board is laid out: the drawing's width ``w`` (units; one unit is one CSS px
   * below the desktop width), ``compact`` (phones and tablets: smaller type, one unit one
   * pixel), ``narrow`` (one column, below 600), the gap ``gap`` between price columns, a
   * price space's height ``cell`` and text ``cellText``, and ``blocks``: the regions' places,
   * block by block from the top (each block: columns side by side, each column a stack of
   * regions ``x`` units from the left and ``w`` wide; ``gap`` below the block).
   * @typedef {{name: string, x: number, w: number}} BlshPlace
   * @typedef {{columns: BlshPlace[][], gap: number}} BlshBlock
   * @typedef {{w: number, compact: boolean, narrow: boolean, gap: number, cell: number,
   *   cellText: number, blocks: BlshBlock[]}} BlshLayout */

  /** The regions in the order they are drawn, whatever their places (the market row before
   * the hand: a card played keeps its key, card:NAME, as it slides from the hand to the row). */
  const REGIONS = ["prices", "players", "deck", "outlook", "row", "hand"];
  const NARROW = 600;  // below: one column (phones)
  const SIDE_W = 290;  // the players' column beside the prices on a tablet

  /** The layout for the width the page draws the board across (``ui.width``, CSS px): the
   * desktop board when unset or W and more, else two columns (tablets) or one (phones).
   * @param {BlshBoard} c @param {number | undefined} width @returns {BlshLayout} */
  function layoutFor(c, width) {
    if (!width || width >= W) {
      const side = [{name: "players", x: 514, w: W - 514 - 14}, {name: "deck", x: 514, w: 472},
        {name: "outlook", x: 514, w: 472}];
      return {w: W, compact: false, narrow: false, gap: 13, cell: CELL_H, cellText: 14, blocks: [
        {columns: [[{name: "prices", x: 14, w: 470}], side], gap: 14},
        {columns: [[{name: "row", x: 0, w: W}]], gap: 0},
        {columns: [[{name: "hand", x: 0, w: W}]], gap: 0}]};
    }
    const w = Math.floor(width);
    const order = regionOrder(c, w < NARROW);
    const whole = (name, x) => ({columns: [[{name: name, x: x, w: w - 2 * x}]], gap: 12});
    const base = {w: w, compact: true, narrow: w < NARROW, gap: 8, cell: 18, cellText: 13};
    if (w < NARROW) return Object.assign(base, {blocks: order.map((name) => whole(name, 8))});
    const pricesW = Math.min(470, w - 42 - SIDE_W);
    const rx = 14 + pricesW + 14;
    const side = ["players", "deck", "outlook"].map((name) => ({name: name, x: rx,
      w: w - rx - 14}));
    const board = {columns: [[{name: "prices", x: 14, w: pricesW}], side], gap: 14};
    return Object.assign(base, {blocks: order.map((name) => name === "board" ? board
      : whole(name, 0))});
  }

  /** The regions (one column) or blocks (two: "board" is the prices beside the players) from
   * the top: on the viewer's turn what they act on comes first (their hand to play or set
   * aside, then the row it goes to; the prices to trade or sell); after the game the players'
   * money. @param {BlshBoard} c */
  function regionOrder(c, narrow) {
    const phase = c.legal.length ? c.v.phase : c.over ? "over" : "";
    if (!narrow) {
      if (phase === "play") return ["hand", "row", "board"];
      if (phase === "redraw") return ["hand", "board", "row"];
      return ["board", "row", "hand"];
    }
    if (phase === "play") return ["hand", "row", "outlook", "prices", "players", "deck"];
    if (phase === "redraw") return ["hand", "deck", "row", "outlook", "prices", "players"];
    if (phase === "over") return ["players", "prices", "outlook", "row", "deck", "hand"];
    return ["prices", "players", "outlook", "row", "hand", "deck"];
  }

  /** The type sizes of the board's parts: the desktop's, or the compact layouts' (13-17
   * units, never below 12). @param {BlshLayout} L */
  function sizes(L) {
    return L.compact ? {title: 17, body: 15, small: 13, note: 13}
      : {title: 20, body: 17, small: 14, note: 16};
  }

  // ------------------------------------------------------------------ header and prompt
  /** @param {BlshBoard} c */
  function header(c, d) {
    if (c.L.compact) return compactHeader(c, d);
    const t = c.ui.t;
    const v = c.v;
    let s = d.rect(0, 0, W, 64, {fill: "#23403a", rx: 0});
    s += d.text(20, 41, t("Buy Low Sell High"), {size: 26, bold: true, fill: "#fff", max: 300});
    const year = t("Year {year} of {years}", {year: v.year, years: v.years});
    s += d.text(340, 30, year, {size: 18, bold: true, fill: "#fff", max: 200});
    for (let y = 1; y <= v.years; y++) {
      s += d.circle(348 + (y - 1) * 22, 46, 7, yearDot(c, y));
    }
    s += d.text(420, 52, phaseName(c), {size: 17, fill: "#d7eadf", max: 200});
    if (v.to_move !== null && v.to_move !== undefined) {
      const who = t("{who} to move", {who: c.ui.seatName(v.to_move)});
      const w = Math.min(340, textWidth(who, 18) + 50);
      s += d.rect(W - 16 - w, 13, w, 38, {fill: PLAYER[v.to_move % 4], rx: 19});
      s += d.text(W - 16 - w + 16, 38, "\u25b6 " + who, {size: 18, bold: true, fill: "#fff",
        max: w - 28});
    }
    return {svg: s, h: 64};
  }

  /** Year y's dot: gold when played, white for this year, empty for the years to come. */
  /** @param {BlshBoard} c */
  function yearDot(c, y) {
    const v = c.v;
    const done = y < v.year || (y === v.year && (c.over || v.phase === "selloff"));
    return {fill: done ? GOLD : y === v.year ? "#fff" : "none", stroke: "#fff", sw: 1.5};
  }

  /** The header of phones and tablets: the name, then the year's dots, year and phase, and
   * whose turn it is (its own line on a phone, at the right on a tablet). */
  /** @param {BlshBoard} c */
  function compactHeader(c, d) {
    const t = c.ui.t;
    const v = c.v;
    const w = c.L.w;
    const moving = v.to_move !== null && v.to_move !== undefined;
    const who = moving ? "\u25b6 " + t("{who} to move", {who: c.ui.seatName(v.to_move)}) : "";
    const pillW = moving ? Math.min(c.L.narrow ? w - 24 : w * 0.45,
      textWidth(who, 15) * 1.15 + 36) : 0;
    const pillBeside = moving && !c.L.narrow;
    const h = moving && !pillBeside ? 112 : 72;
    const right = pillBeside ? w - 28 - pillW : w - 16;
    let s = d.rect(0, 0, w, h, {fill: "#23403a", rx: 0});
    s += d.text(16, 30, t("Buy Low Sell High"), {size: 20, bold: true, fill: "#fff",
      max: right - 16});
    for (let y = 1; y <= v.years; y++) s += d.circle(22 + (y - 1) * 18, 50, 6, yearDot(c, y));
    const tx = 16 + v.years * 18 + 4;
    const year = t("Year {year} of {years}", {year: v.year, years: v.years});
    s += d.text(tx, 55, year + " \u00b7 " + phaseName(c), {size: 14, fill: "#fff",
      max: right - tx});
    if (moving) {
      const px = pillBeside ? w - 12 - pillW : 12;
      const py = pillBeside ? 18 : 66;
      s += d.rect(px, py, pillW, 36, {fill: PLAYER[v.to_move % 4], rx: 18});
      s += d.text(px + 16, py + 24, who, {size: 15, bold: true, fill: "#fff", max: pillW - 28});
    }
    return {svg: s, h: h};
  }

  /** The prompt bar (the viewer's task) or the final result; returns {svg, h}. */
  /** @param {BlshBoard} c */
  function prompt(c, d, y) {
    const t = c.ui.t;
    const L = c.L;
    const w = L.w;
    const z = sizes(L);
    if (c.over) {
      const names = c.winners.map((p) => c.ui.seatName(p)).join(", ");
      const head = c.winners.length > 1 ? t("Shared win: {names}", {names: names})
        : t("Winner: {names}", {names: names});
      const scores = c.v.money.map((m, p) => c.ui.seatName(p) + " " + money(
        c.scores ? c.scores[p] : m)).join(" \u00b7 ");
      const result = t("Final result") + ": " + scores;
      if (L.compact) return compactResult(c, d, y, "\u2605 " + head, result);
      let s = d.rect(10, y, W - 20, 74, {fill: "#fff4cc", stroke: GOLD, sw: 2, rx: 12});
      s += d.text(30, y + 32, "\u2605 " + head, {size: 22, bold: true, max: W - 60});
      s += d.text(30, y + 60, result, {size: 16, max: W - 60});
      return {svg: s, h: 84};
    }
    const msgs = promptLines(c);
    if (!msgs.length) {
      const who = c.v.to_move === null ? "" : c.ui.seatName(c.v.to_move);
      const s = d.text(L.compact ? 14 : 20, y + 26, t("Waiting for {who}…", {who: who}),
        {size: z.body, fill: MUTED, max: w - 40});
      return {svg: s, h: L.compact ? 36 : 40};
    }
    const lines = [];
    const step = L.compact ? 20 : 23;
    const inset = L.compact ? 6 : 10;
    msgs.forEach((m) => wrap(m, z.body, w - 6 * inset).forEach((l) => lines.push(l)));
    const h = (L.compact ? 14 : 18) + lines.length * step;
    let s = d.rect(inset, y, w - 2 * inset, h, {fill: "#fff8e1", stroke: GOLD, sw: 1.5, rx: 10});
    s += d.lines(L.compact ? 18 : 28, y + (L.compact ? 24 : 27), lines, {size: z.body, fill: INK});
    return {svg: s, h: h + inset};
  }

  /** The final result on phones and tablets: the winners and every seat's money, wrapped. */
  /** @param {BlshBoard} c */
  function compactResult(c, d, y, head, result) {
    const w = c.L.w;
    const heads = wrap(head, 18, w - 40);
    const rest = wrap(result, 14, w - 40);
    const h = 20 + heads.length * 24 + rest.length * 19;
    let s = d.rect(6, y, w - 12, h, {fill: "#fff4cc", stroke: GOLD, sw: 2, rx: 12});
    s += d.lines(20, y + 28, heads, {size: 18, bold: true});
    s += d.lines(20, y + 32 + heads.length * 24, rest, {size: 14});
    return {svg: s, h: h + 10};
  }

  // ------------------------------------------------------------------ stock price columns
  const COL_W = 148;
  const CELL_H = 19;
  const COL_HEAD = 66;

  /** The price columns side by side across ``w`` (desktop: 148 units each). */
  /** @param {BlshBoard} c */
  function stockBoard(c, d, x, y, w) {
    const t = c.ui.t;
    const L = c.L;
    const z = sizes(L);
    const n = c.v.columns.length;
    const col = Math.min(COL_W, Math.floor((w - (n - 1) * L.gap) / n));
    const title = t("Stock prices");
    let s = d.text(x + 4, y + 24, title, {size: z.title, bold: true});
    if (c.v.columns.some((col, k) => columnMoves(c, k).length)) {
      const room = L.compact ? w - 16 - textWidth(title, z.title) * 1.06 : 250;
      s += d.text(x + n * col + (n - 1) * L.gap, y + 24, t("Tap a column to trade"),
        {size: L.compact ? 13 : 14, bold: true, fill: "#8a6600", anchor: "end", max: room});
    }
    const top = y + 36;
    let bottom = top;
    c.v.columns.forEach((colView, k) => {
      const cx = x + k * (col + L.gap);
      const r = priceColumn(c, d, colView, k, cx, top, col);
      s += r.svg;
      bottom = Math.max(bottom, top + r.h);
    });
    return {svg: s, h: bottom - y};
  }

  /** One stock's column ``cw`` wide: its name, buy and sell prices (beside the name when
   * the column is wide, under it when narrow), the price spaces, the tokens on board and
   * the viewer's. */
  /** @param {BlshBoard} c */
  function priceColumn(c, d, col, k, x, y, cw) {
    const t = c.ui.t;
    const L = c.L;
    const kc = KIND[k % KIND.length];
    const moves = columnMoves(c, k);
    const counts = {};
    col.tokens.forEach((v) => { counts[v] = (counts[v] || 0) + 1; });
    const lowest = col.tokens.length ? Math.min.apply(null, col.tokens) : null;
    const stacked = cw < 140;
    const headH = stacked ? 72 : COL_HEAD;
    const cellsH = SPACES.length * L.cell;
    const footH = (c.seat === null ? 34 : 56) - (L.compact ? 6 : 0);
    const h = headH + cellsH + footH;
    let s = d.rect(x, y, cw, h, {fill: "#fff", stroke: moves.length ? GOLD : "#d9d0bf",
      sw: moves.length ? 3 : 1, rx: 10});
    s += d.rect(x, y, cw, headH, {fill: kc.main, rx: 10});
    s += d.rect(x, y + headH - 10, cw, 10, {fill: kc.main, rx: 0});
    const buy = col.buy === null || col.buy === undefined ? "\u2014" : money(col.buy);
    if (stacked) {
      s += d.text(x + 10, y + 23, stockName(c, k), {size: 17, bold: true, fill: "#fff",
        max: cw - 16});
      s += d.text(x + 10, y + 44, t("Buy") + " " + buy, {size: 14, bold: true, fill: "#fff",
        max: cw - 16});
      s += d.text(x + 10, y + 62, t("Sell") + " " + money(col.sell), {size: 14, fill: "#fff",
        max: cw - 16});
    } else {
      s += d.text(x + 12, y + 42, stockName(c, k), {size: 24, bold: true, fill: "#fff",
        max: cw - 110});
      s += d.text(x + cw - 10, y + 27, t("Buy") + " " + buy,
        {size: 16, bold: true, fill: "#fff", anchor: "end", max: 84});
      s += d.text(x + cw - 10, y + 51, t("Sell") + " " + money(col.sell),
        {size: 16, fill: "#fff", anchor: "end", max: 84});
    }
    SPACES.slice().reverse().forEach((v, i) => {
      const cy = y + headH + i * L.cell;
      if (i % 2) s += d.rect(x + 1, cy, cw - 2, L.cell, {fill: "#f7f3ea", rx: 0});
      s += priceCell(c, d, {v: v, n: counts[v] || 0, lowest: lowest, col: col, kc: kc, k: k,
        cw: cw}, x, cy);
    });
    const fy = y + headH + cellsH;
    const foot = L.compact ? 13 : 15;
    s += d.text(x + cw / 2, fy + (L.compact ? 20 : 23), t("{n} on board", {n: col.tokens.length}),
      {size: foot, fill: MUTED, anchor: "middle", max: cw - 12});
    if (c.seat !== null) {
      const mine = c.v.holdings[c.seat][k];
      s += d.text(x + cw / 2, fy + (L.compact ? 40 : 46), t("You hold {n}", {n: mine}),
        {size: foot, bold: true, fill: kc.dark, anchor: "middle", max: cw - 12});
    }
    const f = c.last;
    const touched = f.stock === k || (Array.isArray(f.changes) && f.changes[k] !== 0);
    return {svg: d.hot(moves, S.mark(touched, s)), h: h};
  }

  /** One price space: a token pill, the buy / sell marks, or the faint space value. */
  /** @param {BlshBoard} c */
  function priceCell(c, d, o, x, y) {
    const t = c.ui.t;
    const L = c.L;
    const kc = o.kc;
    const wide = o.cw >= 140;
    const px = x + (wide ? 8 : 5);
    const pw = wide ? 74 : Math.round(o.cw * 0.56);
    const size = L.cellText;
    const mid = y + L.cell / 2 + (L.compact ? 4.5 : 5);
    const isBuy = o.n > 0 && o.v === o.lowest && o.col.buy !== null && o.col.buy !== undefined;
    const isSell = o.v === o.col.sell;
    let s = "";
    if (o.n > 0) {
      s += d.rect(px, y + 1.5, pw, L.cell - 3, {fill: isBuy ? kc.main : kc.light,
        stroke: kc.main, sw: 1.2, rx: 8});
      const label = money(o.v) + (o.n > 1 ? " \u00d7" + o.n : "");
      s += d.text(px + pw / 2, mid, label, {size: size, bold: isBuy,
        fill: isBuy ? "#fff" : kc.dark, anchor: "middle", max: pw - 8});
    } else if (isSell) {
      s += d.rect(px, y + 1.5, pw, L.cell - 3, {stroke: kc.main, sw: 1.5, dash: "4 3", rx: 8});
      s += d.text(px + pw / 2, mid, money(o.v), {size: size, fill: kc.dark, anchor: "middle"});
    } else {
      s += d.text(px + pw / 2, mid, String(o.v), {size: size, fill: "#786e5f",
        anchor: "middle"});
    }
    const tags = [];
    if (isBuy) tags.push(t("Buy"));
    if (isSell) tags.push(t("Sell"));
    if (tags.length) {
      // a narrow column keeps the arrow alone: its head says the buy and sell prices
      const room = o.cw - (px - x) - pw - 10;
      let tag = "\u25c0 " + tags.join("/");
      if (!wide && textWidth(tag, size) * 1.06 > room) tag = "\u25c0";
      s += d.text(px + pw + 5, mid, tag, {size: size, bold: true, fill: kc.dark,
        max: wide ? o.cw - pw - 18 : room});
    }
    // the buy and sell prices of stock k move along its column (motion.js slides them)
    if (isBuy) return S.keyed(c.key("buy:" + o.k), s);
    if (isSell) return S.keyed(c.key("sell:" + o.k), s);
    return s;
  }

  // ------------------------------------------------------------------ players and deck
  const PLAYER_H = 104;

  /** @param {BlshBoard} c */
  function playersPanel(c, d, x, y, w) {
    const t = c.ui.t;
    const v = c.v;
    let s = d.text(x + 4, y + 24, t("Players & money"), {size: sizes(c.L).title, bold: true});
    const most = Math.max(50, ...v.money.map((m) => Math.abs(m)));
    let py = y + 36;
    for (let p = 0; p < v.players; p++) {
      const card = c.L.compact ? compactPlayerCard(c, d, p, x, py, w, most)
        : {svg: playerCard(c, d, p, x, py, w, most), h: PLAYER_H};
      s += S.keyed(c.key("player:" + p), card.svg);
      py += card.h + 10;
    }
    return {svg: s, h: py - y};
  }

  /** What a seat's card says: its colour, whether it moves or won, its money, its badges. */
  /** @param {BlshBoard} c */
  function seatFacts(c, p) {
    const t = c.ui.t;
    const v = c.v;
    const moving = v.to_move === p;
    const winner = c.over && c.winners.indexOf(p) >= 0;
    const badges = [];
    if (moving) badges.push("\u25b6 " + t("Now playing"));
    if (winner) badges.push("\u2605 " + t("winner"));
    if (v.skip_trading && v.skip_trading[p]) badges.push(t("skips trading"));
    let info = t("Cards") + " " + v.hand_sizes[p];
    if (v.discarded && v.discarded[p]) info += " \u00b7 " + t("Set aside") + " " + v.discarded[p];
    return {pc: PLAYER[p % PLAYER.length], moving: moving, winner: winner, badges: badges,
      cash: c.over && c.scores ? c.scores[p] : v.money[p], info: info};
  }

  /** A seat's card's frame (outlined when it moves or won) and colour stripe. */
  function seatFrame(d, f, x, y, w, h) {
    const s = d.rect(x, y, w, h, {fill: f.moving ? "#f3f7ff" : f.winner ? "#fff8dc" : "#fff",
      stroke: f.moving || f.winner ? (f.winner ? GOLD : f.pc) : "#d9d0bf",
      sw: f.moving || f.winner ? 3 : 1, rx: 12});
    return s + d.rect(x, y, 10, h, {fill: f.pc, rx: 5});
  }

  /** The seat's shares of each stock as pills ``pw`` wide from (hx, hy); returns {svg, x}
   * (where the row ends). @param {BlshBoard} c */
  function holdingPills(c, d, p, hx, hy, pw, size) {
    let s = "";
    c.v.holdings[p].forEach((n, k) => {
      const kc = KIND[k % KIND.length];
      s += d.rect(hx, hy, pw, 24, {fill: n ? kc.main : kc.light, stroke: kc.main, sw: 1,
        rx: 12});
      s += d.text(hx + pw / 2, hy + 17, stockName(c, k) + " \u00d7" + n, {size: size,
        bold: true, fill: n ? "#fff" : kc.dark, anchor: "middle", max: pw - 8});
      hx += pw + 8;
    });
    return {svg: s, x: hx};
  }

  /** The money bar along the bottom of a seat's card. */
  function moneyBar(d, f, x, y, w, most) {
    const bw = (w - 40) * Math.min(1, Math.abs(f.cash) / most);
    let s = d.rect(x + 24, y, w - 40, 5, {fill: "#eee7da", rx: 2.5});
    s += d.rect(x + 24, y, bw, 5, {fill: f.cash < 0 ? "#c0262d" : f.pc, rx: 2.5});
    return s;
  }

  /** @param {BlshBoard} c */
  function playerCard(c, d, p, x, y, w, most) {
    const t = c.ui.t;
    const f = seatFacts(c, p);
    let s = seatFrame(d, f, x, y, w, PLAYER_H);
    s += d.circle(x + 30, y + 26, 9, {fill: f.pc});
    s += d.text(x + 46, y + 32, c.ui.seatName(p), {size: 19, bold: true, max: w - 230});
    if (f.badges.length) {
      s += d.text(x + 46, y + 54, f.badges.join(" \u00b7 "), {size: 14, bold: true,
        fill: f.winner ? "#8a6600" : f.pc, max: w - 230});
    }
    s += d.text(x + w - 14, y + 22, t("Money"), {size: 14, fill: MUTED, anchor: "end"});
    s += d.text(x + w - 14, y + 50, money(f.cash), {size: 28, bold: true,
      fill: f.cash < 0 ? "#c0262d" : INK, anchor: "end"});
    // holdings of each stock, then the cards in hand (and set aside)
    const hy = y + 64;
    const pills = holdingPills(c, d, p, x + 24, hy, 70, 15);
    s += pills.svg;
    s += d.text(pills.x + 8, hy + 17, f.info, {size: 15, fill: MUTED,
      max: x + w - pills.x - 20});
    return s + moneyBar(d, f, x, y + PLAYER_H - 10, w, most);
  }

  /** A seat's card on phones and tablets: the name and money on top, the shares under them
   * as wide pills, the cards in hand beside them or on a line of their own. Returns {svg, h}.
   * @param {BlshBoard} c */
  function compactPlayerCard(c, d, p, x, y, w, most) {
    const t = c.ui.t;
    const f = seatFacts(c, p);
    const cashW = Math.max(textWidth(money(f.cash), 24) * 1.06, textWidth(t("Money"), 13));
    const nameMax = w - 44 - cashW - 22;
    const pw = Math.min(96, Math.floor((w - 40) / 3) - 8);
    const infoBelow = 24 + 3 * (pw + 8) + 8 + textWidth(f.info, 14) > w - 12;
    const h = infoBelow ? 134 : 112;
    let s = seatFrame(d, f, x, y, w, h);
    s += d.circle(x + 28, y + 24, 8, {fill: f.pc});
    s += d.text(x + 44, y + 30, c.ui.seatName(p), {size: 16, bold: true, max: nameMax});
    if (f.badges.length) {
      s += d.text(x + 44, y + 51, f.badges.join(" \u00b7 "), {size: 13, bold: true,
        fill: f.winner ? "#8a6600" : f.pc, max: nameMax});
    }
    s += d.text(x + w - 12, y + 20, t("Money"), {size: 13, fill: MUTED, anchor: "end"});
    s += d.text(x + w - 12, y + 46, money(f.cash), {size: 24, bold: true,
      fill: f.cash < 0 ? "#c0262d" : INK, anchor: "end"});
    const hy = y + 62;
    const pills = holdingPills(c, d, p, x + 24, hy, pw, 13);
    s += pills.svg;
    const ix = infoBelow ? x + 24 : pills.x + 4;
    s += d.text(ix, infoBelow ? hy + 44 : hy + 17, f.info, {size: 14, fill: MUTED,
      max: x + w - ix - 12});
    return {svg: s + moneyBar(d, f, x, y + h - 10, w, most), h: h};
  }

  /** @param {BlshBoard} c */
  function deckPanel(c, d, x, y, w) {
    const t = c.ui.t;
    const v = c.v;
    const L = c.L;
    const keep = c.legal.filter((m) => m.fields.kind === "keep");
    const news = v.news_played || [];
    const label = t("Breaking News played:");
    const small = L.compact ? 13 : 14;
    const lw = Math.min(170, textWidth(label, small));
    // on phones and tablets the news played go on lines of their own under the label
    const perLine = Math.max(1, Math.floor((w - 106) / 60));
    const newsLines = L.compact ? Math.max(1, Math.ceil(news.length / perLine)) : 0;
    const h = newsLines ? Math.max(118, 100 + newsLines * 30 + 6) : 118;
    let s = d.rect(x, y, w, h, {fill: "#fff", stroke: "#d9d0bf", sw: 1, rx: 12});
    let pile = d.rect(x + 16, y + 14, 64, 90, {fill: "#23403a", stroke: keep.length ? GOLD : "#fff",
      sw: keep.length ? 4 : 2, rx: 8});
    pile += d.rect(x + 24, y + 22, 48, 74, {stroke: "#8fb8a8", sw: 1.5, rx: 5});
    pile += d.text(x + 48, y + 66, String(v.pile), {size: 24, bold: true, fill: "#fff",
      anchor: "middle"});
    s += d.hot(keep, pile);
    s += d.text(x + 96, y + 36, t("Draw pile: {n} cards", {n: v.pile}),
      {size: L.compact ? 15 : 17, bold: true, max: w - 110});
    if (keep.length) {
      const tap = t("Tap to draw back up to {n} cards", {n: HAND_SIZE});
      if (L.compact) {
        s += d.lines(x + 96, y + 58, wrap(tap, 13, w - 110).slice(0, 2), {size: 13,
          fill: "#8a6600", bold: true});
      } else {
        s += d.text(x + 96, y + 60, tap, {size: 14, fill: "#8a6600", bold: true, max: w - 110});
      }
    }
    s += d.text(x + 96, y + 88, label, {size: small, fill: MUTED, max: lw});
    if (!news.length) {
      s += newsLines ? d.text(x + 96, y + 117, t("(none)"), {size: small, fill: MUTED})
        : d.text(x + 104 + lw, y + 88, t("(none)"), {size: small, fill: MUTED});
    }
    news.forEach((name, i) => {
      const kc = KIND[parseCard(name).k % KIND.length];
      const nx = newsLines ? x + 96 + (i % perLine) * 60 : x + 104 + lw + i * 60;
      const ny = newsLines ? y + 100 + Math.floor(i / perLine) * 30 : y + 70;
      if (nx + 56 > x + w) return;
      s += d.rect(nx, ny, 56, 24, {fill: kc.main, rx: 6});
      s += d.text(nx + 28, ny + 17, stockName(c, parseCard(name).k), {size: small, bold: true,
        fill: "#fff", anchor: "middle", max: 50});
    });
    return {svg: s, h: h + 10};
  }

  /** The price moves and dividend cards the market row holds so far (public data); on
   * phones and tablets each stock's dividends go under its price move. */
  /** @param {BlshBoard} c */
  function outlookPanel(c, d, x, y, w) {
    const t = c.ui.t;
    const L = c.L;
    const net = c.v.columns.map(() => 0);
    const divs = c.v.columns.map(() => 0);
    c.v.row.forEach((cell) => {
      if (cell.covered) return;
      const card = parseCard(cell.card);
      if (card.value) net[card.k] += card.value;
      if (card.type === "div") divs[card.k] += 1;
    });
    const step = L.compact ? 50 : 32;
    const body = L.compact ? 14 : 16;
    const h = 44 + net.length * step;
    let s = d.rect(x, y, w, h, {fill: "#fff", stroke: "#d9d0bf", sw: 1, rx: 12});
    const scored = c.v.phase === "selloff" || c.v.phase === "over";
    const title = scored ? t("Year-end result (already applied)")
      : t("Year-end outlook (cards in the row)");
    s += d.text(x + 16, y + 28, title, {size: L.compact ? 15 : 17, bold: true, max: w - 32});
    net.forEach((n, k) => {
      const kc = KIND[k % KIND.length];
      const ry = y + 40 + k * step;
      s += d.rect(x + 16, ry, 62, 24, {fill: kc.main, rx: 6});
      s += d.text(x + 47, ry + 18, stockName(c, k), {size: L.compact ? 14 : 15, bold: true,
        fill: "#fff", anchor: "middle", max: 56});
      const move = n > 0 ? "\u25b2 " + t("price {n}", {n: signed(n)})
        : n < 0 ? "\u25bc " + t("price {n}", {n: signed(n)}) : t("price unchanged");
      s += d.text(x + 88, ry + 18, move, {size: body, bold: n !== 0,
        fill: n > 0 ? "#11683a" : n < 0 ? "#b42318" : MUTED, max: L.compact ? w - 104 : 172});
      s += d.text(x + (L.compact ? 88 : 270), ry + (L.compact ? 39 : 18),
        t("dividend cards: {n}", {n: divs[k]}), {size: body,
          fill: divs[k] ? INK : MUTED, max: L.compact ? w - 104 : w - 290});
    });
    return {svg: s, h: h + 10};
  }

  // ------------------------------------------------------------------ cards
  function symbolOf(card) {
    switch (card.type) {
      case "bull": return "\u25b2" + signed(card.value);
      case "bear": return "\u25bc" + signed(card.value);
      case "div": return "$";
      case "news": return "!";
      default: return "\u2212" + money(COMMISSION);
    }
  }

  /** A card face of width w and height h; big faces also show the effect in words (on
   * three lines, or as many as fit a taller face). Compact small faces use 13-unit words,
   * on two lines when one is too narrow. */
  /** @param {BlshBoard} c */
  function cardFace(c, d, name, x, y, w, h, big) {
    const card = parseCard(name);
    const kc = KIND[card.k % KIND.length];
    const band = big ? 34 : 24;
    const compact = c.L.compact;
    let s = d.rect(x, y, w, h, {fill: "#fff", stroke: kc.main, sw: 2, rx: 8});
    s += d.rect(x, y, w, band, {fill: kc.main, rx: 8});
    s += d.rect(x, y + band - 8, w, 8, {fill: kc.main, rx: 0});
    s += d.text(x + 8, y + band - 8, stockName(c, card.k), {size: big ? 22 : compact ? 14 : 15,
      bold: true, fill: "#fff", max: w - 16});
    const word = typeWord(c, card.type);
    if (big) {
      s += d.text(x + w / 2, y + 84, symbolOf(card), {size: 40, bold: true, fill: kc.dark,
        anchor: "middle", max: w - 16});
      s += d.text(x + w / 2, y + 112, word, {size: w < 150 ? 15 : 17, bold: true,
        fill: kc.dark, anchor: "middle", max: w - 14});
      s += d.rect(x + 12, y + 124, w - 24, 1.5, {fill: kc.light, rx: 0});
      const most = Math.max(3, Math.floor((h - 136) / 18.2));
      const lines = wrap(effectText(c, card), 14, w - 12).slice(0, most);
      s += d.lines(x + w / 2, y + 145, lines, {size: 14, fill: INK, anchor: "middle"});
    } else if (compact) {
      s += d.text(x + w / 2, y + band + 32, symbolOf(card), {size: 24, bold: true,
        fill: kc.dark, anchor: "middle", max: w - 10});
      const words = wrap(word, 13, w - 8).slice(0, 2);
      s += d.lines(x + w / 2, y + h - 10 - (words.length - 1) * 17, words, {size: 13,
        fill: kc.dark, anchor: "middle", max: w - 8});
    } else {
      s += d.text(x + w / 2, y + band + 36, symbolOf(card), {size: 26, bold: true,
        fill: kc.dark, anchor: "middle", max: w - 10});
      s += d.text(x + w / 2, y + h - 12, word, {size: 14, fill: kc.dark, anchor: "middle",
        max: w - 8});
    }
    return s;
  }

  /** The lines of a card strip's effect (the hand on a phone) ``w`` wide. @param {BlshBoard} c */
  function stripLines(c, name, w) {
    return wrap(effectText(c, parseCard(name)), 14, w - 106);
  }

  /** A card drawn as a strip across a phone: its colour block with the stock and the
   * symbol at the left, its kind and effect in words beside it. @param {BlshBoard} c */
  function cardStrip(c, d, name, x, y, w, h) {
    const card = parseCard(name);
    const kc = KIND[card.k % KIND.length];
    let s = d.rect(x, y, w, h, {fill: "#fff", stroke: kc.main, sw: 2, rx: 8});
    s += d.rect(x, y, 84, h, {fill: kc.main, rx: 8});
    s += d.rect(x + 76, y, 8, h, {fill: kc.main, rx: 0});
    s += d.text(x + 42, y + 24, stockName(c, card.k), {size: 15, bold: true, fill: "#fff",
      anchor: "middle", max: 74});
    s += d.text(x + 42, y + 56, symbolOf(card), {size: 26, bold: true, fill: "#fff",
      anchor: "middle", max: 74});
    s += d.text(x + 96, y + 24, typeWord(c, card.type), {size: 16, bold: true, fill: kc.dark,
      max: w - 106});
    s += d.lines(x + 96, y + 46, stripLines(c, name, w), {size: 14, fill: INK});
    return s;
  }

  /** The last space of the market row holding ``card`` (where it was just played). */
  function lastWith(row, card) {
    let at = -1;
    row.forEach((cell, j) => { if (cell && cell.card === card) at = j; });
    return at;
  }

  /** The market row across ``w``: one line of spaces on the desktop; on phones and tablets
   * as many lines as keep each space at least SLOT_MIN wide. */
  /** @param {BlshBoard} c */
  function marketRow(c, d, x, y, w) {
    const t = c.ui.t;
    const v = c.v;
    const L = c.L;
    const n = v.row_length;
    const title = t("Market row: {filled} of {length} spaces filled",
      {filled: v.row.length, length: n});
    let s = d.text(x + 14, y + 24, title, L.compact ? {size: 17, bold: true, max: w - 34}
      : {size: 20, bold: true, max: 640});
    const lines = L.compact ? Math.ceil(n / Math.max(1, Math.floor((w - 16) / SLOT_MIN))) : 1;
    const perLine = Math.ceil(n / lines);
    const slot = Math.min(104, (w - (L.compact ? 16 : 20)) / perLine);
    const cw = slot - 8;
    const ch = L.narrow ? 100 : 108;
    const lineH = ch + 34;
    const x0 = x + (w - slot * perLine) / 2 + 4;
    for (let j = 0; j < n; j++) {
      const sx = x0 + (j % perLine) * slot;
      const top = y + 58 + Math.floor(j / perLine) * lineH;
      const cell = v.row[j];
      const moves = spaceMoves(c, j);
      let body = d.text(sx + cw / 2, top - 8, String(j + 1), {size: L.compact ? 13 : 14,
        fill: MUTED, anchor: "middle"});
      if (!cell) {
        body += d.rect(sx, top, cw, ch, {fill: "#f3eee4", stroke: "#cfc5b2", sw: 1.5,
          dash: "6 4", rx: 8});
      } else {
        let card = cardFace(c, d, cell.card, sx, top, cw, ch, false);
        if (cell.covered || cell.dud) card += rowMark(c, d, cell, sx, top, cw, ch);
        body += S.keyed(c.key("card:" + cell.card), card);
        if (moves.length) body += d.rect(sx - 3, top - 3, cw + 6, ch + 6,
          {stroke: GOLD, sw: 4, rx: 10});
      }
      const touched = cell && (c.last.space === j + 1 ||
        (c.last.card && cell.card === c.last.card && j === lastWith(v.row, c.last.card)));
      s += d.hot(moves, S.mark(touched, body));
    }
    return {svg: s, h: 58 + (lines - 1) * lineH + ch + 16};
  }
  const SLOT_MIN = 76;  // the narrowest market space on phones and tablets

  /** The mark on a covered card (Breaking News on top) or on a dud. */
  /** @param {BlshBoard} c */
  function rowMark(c, d, cell, x, y, w, h) {
    const t = c.ui.t;
    const kc = KIND[parseCard(cell.card).k % KIND.length];
    let s = d.rect(x, y, w, h, {fill: "#fbf7ef", opacity: 0.72, rx: 8});
    s += d.rect(x + 3, y + h / 2 - 15, w - 6, 30, {fill: cell.covered ? kc.dark : "#6b6256",
      rx: 6});
    s += d.text(x + w / 2, y + h / 2 + 6, cell.covered ? "! " + t("covered") : t("dud"),
      {size: c.L.compact ? 13 : 14, bold: true, fill: "#fff", anchor: "middle", max: w - 12});
    return s;
  }

  /** How the hand's cards are placed across ``w``: big faces in one line (desktop, tablets:
   * narrower and taller faces there) or strips one under another (phones). Returns
   * {cw, ch, at(i) -> [x, y], h, strip}. @param {BlshBoard} c */
  function handGrid(c, x, top, w, hand) {
    const L = c.L;
    if (L.narrow) {
      const lines = Math.max(2, ...hand.map((name) => stripLines(c, name, w - 20).length));
      const ch = 54 + lines * 18;
      return {cw: w - 20, ch: ch, strip: true, h: hand.length * (ch + 12) - 12,
        at: (i) => [x + 10, top + i * (ch + 12)]};
    }
    const slots = Math.max(HAND_SIZE, hand.length);
    const cw = L.compact ? Math.min(150, Math.floor((w - 28 - (slots - 1) * 14) / slots)) : 150;
    const ch = L.compact && cw < 150 ? 214 : 196;
    return {cw: cw, ch: ch, strip: false, h: ch, at: (i) => [x + 14 + i * (cw + 14), top]};
  }

  /** @param {BlshBoard} c */
  function handSection(c, d, x, y, w) {
    const t = c.ui.t;
    const v = c.v;
    const z = sizes(c.L);
    if (c.seat === null) {
      return {svg: d.text(x + 14, y + 28, t("You are watching: the hands are hidden."),
        {size: z.body, fill: MUTED}), h: 50};
    }
    const hand = v.hand || [];
    const aside = v.my_discards || [];
    let s = d.text(x + 14, y + 24, t("Your hand") + " (" + hand.length + ")",
      {size: z.title, bold: true});
    const top = y + 40;
    const grid = handGrid(c, x, top, w, hand);
    const cw = grid.cw;
    const ch = grid.ch;
    if (!hand.length) s += d.text(x + 14, top + 30, t("(none)"), {size: 16, fill: MUTED});
    hand.forEach((name, i) => {
      const [cx, cy] = grid.at(i);
      const moves = cardMoves(c, name);
      const face = grid.strip ? cardStrip(c, d, name, cx, cy, cw, ch)
        : cardFace(c, d, name, cx, cy, cw, ch, true);
      let body = S.keyed(c.key("card:" + name), face);
      if (moves.length) {
        body = d.rect(cx - 4, cy - 4, cw + 8, ch + 8, {fill: "#fff4cc", stroke: GOLD, sw: 3,
          rx: 11}) + body;
      }
      s += d.hot(moves, body);
    });
    const handH = hand.length ? grid.h : ch;
    if (!aside.length) return {svg: s, h: 40 + handH + 20};
    // set aside: beside the hand where there is room (desktop), else on lines below it
    const beside = x + 14 + hand.length * (cw + 14) + 10;
    const below = c.L.compact && (grid.strip || beside + 78 > x + w);
    const ax = below ? x + 14 : beside;
    const ay = below ? top + handH + 12 : top;
    const perLine = below ? Math.max(1, Math.floor((w - 28 + 8) / 78)) : aside.length;
    s += d.text(ax, ay + 16, t("Set aside"), {size: c.L.compact ? 15 : 16, bold: true,
      fill: MUTED});
    aside.forEach((name, i) => {
      const ix = ax + (i % perLine) * 78;
      const iy = ay + 28 + Math.floor(i / perLine) * 114;
      if (ix + 70 > (below ? x + w : W)) return;
      s += S.keyed(c.key("card:" + name), cardFace(c, d, name, ix, iy, 70, 104, false));
    });
    const asideH = below ? 12 + 28 + Math.ceil(aside.length / perLine) * 114 : 0;
    return {svg: s, h: 40 + handH + asideH + 20};
  }

  // ------------------------------------------------------------------ the whole board
  /** What the drawing functions share; ``last``: the newest move's fields, or {} (none seen);
   * ``L``: the layout.
   * @typedef {{ui: Ui, v: BlshView, seat: number | null, legal: BlshLegalMove[],
   *   last: {[field: string]: any}, over: boolean, scores: number[] | null, winners: number[],
   *   key: (name: string) => string, L: BlshLayout}} BlshBoard */

  /** Region ``name`` drawn at (x, y), ``w`` wide: {svg, h}. @param {BlshBoard} c */
  function region(c, d, name, x, y, w) {
    switch (name) {
      case "prices": return stockBoard(c, d, x, y, w);
      case "players": return playersPanel(c, d, x, y, w);
      case "deck": return deckPanel(c, d, x, y, w);
      case "outlook": return outlookPanel(c, d, x, y, w);
      case "row": return marketRow(c, d, x, y, w);
      default: return handSection(c, d, x, y, w);
    }
  }

  /** Where each region goes (its top) when the blocks are stacked from ``y``, given each
   * region's height; returns {tops, bottom}. @param {BlshLayout} L */
  function placeBlocks(L, heights, y) {
    const tops = {};
    L.blocks.forEach((block, b) => {
      let tallest = 0;
      block.columns.forEach((column) => {
        let cy = y;
        column.forEach((p) => { tops[p.name] = cy; cy += heights[p.name]; });
        tallest = Math.max(tallest, cy - y);
      });
      y += tallest + (b < L.blocks.length - 1 ? block.gap : 0);
    });
    return {tops: tops, bottom: y};
  }

  /** @param {BlshPayload} payload @param {Ui} ui @returns {string} */
  function render(payload, ui) {
    const v = payload.view;
    const seat = payload.seat === undefined ? null : payload.seat;
    /** @type {BlshBoard} */
    const c = {
      ui: ui, v: v, seat: seat, legal: payload.legal || [], last: S.lastFields(payload),
      over: Boolean(payload.over || v.over),
      scores: payload.scores || v.scores || null,
      winners: payload.winners || v.winners || [],
      key: S.keyer(),
      L: /** @type {BlshLayout} */ ({}),
    };
    c.L = layoutFor(c, ui.width);
    const L = c.L;
    const d = makeDraw(ui);
    const head = header(c, d);
    let y = head.h + 10;
    const p = prompt(c, d, y);
    y += p.h + 6;
    /** @type {{[name: string]: BlshPlace}} */
    const places = {};
    L.blocks.forEach((block) => block.columns.forEach((column) => column.forEach((place) => {
      places[place.name] = place;
    })));
    // the regions' heights first (a first drawing), then each drawn at its place, always
    // in the order of REGIONS (keys), joined in the order they are shown (keyboard order)
    const heights = {};
    REGIONS.forEach((name) => {
      heights[name] = region(c, d, name, places[name].x, 0, places[name].w).h;
    });
    const placed = placeBlocks(L, heights, y);
    c.key = S.keyer();
    const drawn = {};
    REGIONS.forEach((name) => {
      drawn[name] = region(c, d, name, places[name].x, placed.tops[name], places[name].w).svg;
    });
    const parts = [head.svg, p.svg];
    L.blocks.forEach((block) => block.columns.forEach((column) => column.forEach((place) => {
      parts.push(drawn[place.name]);
    })));
    const H = Math.ceil(placed.bottom);
    return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + L.w + " " + H +
      '" width="100%" role="group" aria-label="' + ui.esc(ui.t("Buy Low Sell High")) +
      '" font-family="' + FONT + '" style="background:' + PAPER + '">' +
      d.rect(0, 0, L.w, H, {fill: PAPER, rx: 0}) + parts.join("") + "</svg>";
  }

  // ------------------------------------------------------------------ decisions in parts
  /* The table page (table.js, "decisions in parts") calls decisions[kind](moves, ctx) when
   * moves of that kind are clicked; ctx: live() the newest payload, ui (board words),
   * legalOf(p, fields), moveOf(action), current() the open decision. */

  /** Year-end redraw: the cards to set aside (any number), then "keep". */
  function discardDecision(ctx) {
    const live = ctx.live();
    const hand = live.view.hand || [];
    const can = new Set(live.legal.filter((m) => m.fields.kind === "discard").map((m) => m.fields.card));
    const chosen = new Set();  // positions in the hand
    const toggleCard = (card) => {
      const free = hand.findIndex((c, i) => c === card && !chosen.has(i));
      if (free >= 0) { chosen.add(free); return; }
      const last = hand.lastIndexOf(card);
      if (last >= 0) chosen.delete(last);
    };
    const textOf = (card) => {
      const m = ctx.legalOf(ctx.live(), {kind: "discard", card: card});
      return m ? moveWords(m) : card;
    };
    return {kind: "discard", chosen: chosen,
      marks: (acts) => acts.map(ctx.moveOf).some((m) => m && m.fields.kind === "discard" &&
        [...chosen].some((i) => hand[i] === m.fields.card)),
      take: (moves, kind) => {
        if (kind !== "discard") return false;
        toggleCard(moves[0].fields.card);
        return true;
      },
      body: () => {
        const ui = ctx.ui;
        return `<div class="summary">${ui.esc(ui.t("Choose the cards to set aside, then draw back up to five."))}</div>` +
          `<div class="choices">${hand.map((card, i) => can.has(card) ?
            `<button type="button" data-compose="card" data-i="${i}" aria-pressed="${chosen.has(i)}">${ui.esc(textOf(card))}</button>` : "").join("")}</div>`;
      },
      confirmText: () => {
        const ui = ctx.ui;
        return chosen.size ? ui.t("Set aside {n} and draw", {n: chosen.size}) : ui.t("Keep all and draw");
      },
      ready: () => true,
      steps: () => [...[...chosen].sort((a, b) => a - b).map((i) => ({kind: "discard", card: hand[i]})),
        {kind: "keep"}],
      phases: ["redraw"], waits: false,
      button: (what, el) => {
        const i = Number(el.getAttribute("data-i"));
        if (chosen.has(i)) chosen.delete(i); else chosen.add(i);
      },
    };
  }

  /** Forced sale or final sell-off: the shares to sell, in order. */
  function sellDecision(ctx) {
    const live = ctx.live();
    const v = live.view;
    const me = live.seat;
    const held = (v.holdings && v.holdings[me]) || [];
    const forced = v.phase === "forced-sale";
    const order = [];  // stock per sale
    const left = (k) => (held[k] || 0) - order.filter((x) => x === k).length;
    const sells = live.legal.filter((m) => m.fields.kind === "sell");
    return {kind: "sell", order: order,
      marks: (acts) => acts.map(ctx.moveOf).some((m) => m && m.fields.kind === "sell" && order.includes(m.fields.stock)),
      take: (moves, kind) => {
        if (kind !== "sell") return false;
        const k = moves[0].fields.stock;
        if (left(k) > 0) order.push(k);
        return true;
      },
      body: () => {
        const ui = ctx.ui;
        return `<div class="summary">${ui.esc(forced ? ui.t("Forced sale: choose the shares to sell, in order.") :
            ui.t("Final sell-off: choose the shares to sell, in order; each is sold when your turn comes."))}</div>` +
          `<div class="choices">${sells.map((m) =>
            `<button type="button" data-compose="sell" data-stock="${m.fields.stock}"${left(m.fields.stock) > 0 ? "" : " disabled"}>` +
            `${ui.esc(ui.t("{move} ({n} left)", {move: moveWords(m), n: left(m.fields.stock)}))}</button>`).join("")}` +
            `<button type="button" data-compose="all">${ui.esc(ui.t("Sell all"))}</button>` +
            `<button type="button" data-compose="clear"${order.length ? "" : " disabled"}>${ui.esc(ui.t("Clear"))}</button></div>` +
          `<div class="muted">${ui.esc(ui.t("Chosen: {n}", {n: order.length}))}</div>`;
      },
      confirmText: () => {
        const ui = ctx.ui;
        return ui.t("Sell {n}", {n: order.length});
      },
      ready: () => order.length > 0,
      steps: () => [...order.map((k) => ({kind: "sell", stock: k})), ...(forced ? [{kind: "stop", optional: true}] : [])],
      phases: [forced ? "forced-sale" : "selloff"], waits: !forced,
      button: (what, el) => {
        if (what === "sell") { const k = Number(el.getAttribute("data-stock")); if (left(k) > 0) order.push(k); }
        if (what === "all") sells.forEach((m) => { while (left(m.fields.stock) > 0) order.push(m.fields.stock); });
        if (what === "clear") order.length = 0;
      },
    };
  }

  /** A new decision that has taken the clicked ``moves`` already. */
  function started(decision, moves, kind) {
    decision.take(moves, kind);
    return decision;
  }

  const decisions = {
    discard: (moves, ctx) => started(discardDecision(ctx), moves, "discard"),
    sell: (moves, ctx) => started(sellDecision(ctx), moves, "sell"),
  };

  window.BazaarRenderers = window.BazaarRenderers || {};
  window.BazaarRenderers["buy-low-sell-high"] = {render: render, decisions: decisions,
    seatColors: PLAYER};
})();
