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

  // ------------------------------------------------------------------ header and prompt
  /** @param {BlshBoard} c */
  function header(c, d) {
    const t = c.ui.t;
    const v = c.v;
    let s = d.rect(0, 0, W, 64, {fill: "#23403a", rx: 0});
    s += d.text(20, 41, t("Buy Low Sell High"), {size: 26, bold: true, fill: "#fff", max: 300});
    const year = t("Year {year} of {years}", {year: v.year, years: v.years});
    s += d.text(340, 30, year, {size: 18, bold: true, fill: "#fff", max: 200});
    for (let y = 1; y <= v.years; y++) {
      const done = y < v.year || (y === v.year && (c.over || v.phase === "selloff"));
      s += d.circle(348 + (y - 1) * 22, 46, 7, {
        fill: done ? GOLD : y === v.year ? "#fff" : "none", stroke: "#fff", sw: 1.5});
    }
    s += d.text(420, 52, phaseName(c), {size: 17, fill: "#d7eadf", max: 200});
    if (v.to_move !== null && v.to_move !== undefined) {
      const who = t("{who} to move", {who: c.ui.seatName(v.to_move)});
      const w = Math.min(340, textWidth(who, 18) + 50);
      s += d.rect(W - 16 - w, 13, w, 38, {fill: PLAYER[v.to_move % 4], rx: 19});
      s += d.text(W - 16 - w + 16, 38, "\u25b6 " + who, {size: 18, bold: true, fill: "#fff",
        max: w - 28});
    }
    return s;
  }

  /** The prompt bar (the viewer's task) or the final result; returns {svg, h}. */
  /** @param {BlshBoard} c */
  function prompt(c, d, y) {
    const t = c.ui.t;
    if (c.over) {
      const names = c.winners.map((p) => c.ui.seatName(p)).join(", ");
      const head = c.winners.length > 1 ? t("Shared win: {names}", {names: names})
        : t("Winner: {names}", {names: names});
      const scores = c.v.money.map((m, p) => c.ui.seatName(p) + " " + money(
        c.scores ? c.scores[p] : m)).join(" \u00b7 ");
      let s = d.rect(10, y, W - 20, 74, {fill: "#fff4cc", stroke: GOLD, sw: 2, rx: 12});
      s += d.text(30, y + 32, "\u2605 " + head, {size: 22, bold: true, max: W - 60});
      s += d.text(30, y + 60, t("Final result") + ": " + scores, {size: 16, max: W - 60});
      return {svg: s, h: 84};
    }
    const msgs = promptLines(c);
    if (!msgs.length) {
      const who = c.v.to_move === null ? "" : c.ui.seatName(c.v.to_move);
      const s = d.text(20, y + 26, t("Waiting for {who}…", {who: who}),
        {size: 17, fill: MUTED, max: W - 40});
      return {svg: s, h: 40};
    }
    const lines = [];
    msgs.forEach((m) => wrap(m, 17, W - 60).forEach((l) => lines.push(l)));
    const h = 18 + lines.length * 23;
    let s = d.rect(10, y, W - 20, h, {fill: "#fff8e1", stroke: GOLD, sw: 1.5, rx: 10});
    s += d.lines(28, y + 27, lines, {size: 17, fill: INK});
    return {svg: s, h: h + 10};
  }

  // ------------------------------------------------------------------ stock price columns
  const COL_W = 148;
  const CELL_H = 19;
  const COL_HEAD = 66;

  /** @param {BlshBoard} c */
  function stockBoard(c, d, x, y) {
    const t = c.ui.t;
    let s = d.text(x + 4, y + 24, t("Stock prices"), {size: 20, bold: true});
    if (c.v.columns.some((col, k) => columnMoves(c, k).length)) {
      s += d.text(x + 470, y + 24, t("Tap a column to trade"), {size: 14, bold: true,
        fill: "#8a6600", anchor: "end", max: 250});
    }
    const top = y + 36;
    let bottom = top;
    c.v.columns.forEach((col, k) => {
      const cx = x + k * (COL_W + 13);
      const r = priceColumn(c, d, col, k, cx, top);
      s += r.svg;
      bottom = Math.max(bottom, top + r.h);
    });
    return {svg: s, h: bottom - y};
  }

  /** @param {BlshBoard} c */
  function priceColumn(c, d, col, k, x, y) {
    const t = c.ui.t;
    const kc = KIND[k % KIND.length];
    const moves = columnMoves(c, k);
    const counts = {};
    col.tokens.forEach((v) => { counts[v] = (counts[v] || 0) + 1; });
    const lowest = col.tokens.length ? Math.min.apply(null, col.tokens) : null;
    const cellsH = SPACES.length * CELL_H;
    const footH = c.seat === null ? 34 : 56;
    const h = COL_HEAD + cellsH + footH;
    let s = d.rect(x, y, COL_W, h, {fill: "#fff", stroke: moves.length ? GOLD : "#d9d0bf",
      sw: moves.length ? 3 : 1, rx: 10});
    s += d.rect(x, y, COL_W, COL_HEAD, {fill: kc.main, rx: 10});
    s += d.rect(x, y + COL_HEAD - 10, COL_W, 10, {fill: kc.main, rx: 0});
    s += d.text(x + 12, y + 42, stockName(c, k), {size: 24, bold: true, fill: "#fff",
      max: COL_W - 110});
    const buy = col.buy === null || col.buy === undefined ? "\u2014" : money(col.buy);
    s += d.text(x + COL_W - 10, y + 27, t("Buy") + " " + buy,
      {size: 16, bold: true, fill: "#fff", anchor: "end", max: 84});
    s += d.text(x + COL_W - 10, y + 51, t("Sell") + " " + money(col.sell),
      {size: 16, fill: "#fff", anchor: "end", max: 84});
    SPACES.slice().reverse().forEach((v, i) => {
      const cy = y + COL_HEAD + i * CELL_H;
      if (i % 2) s += d.rect(x + 1, cy, COL_W - 2, CELL_H, {fill: "#f7f3ea", rx: 0});
      s += priceCell(c, d, {v: v, n: counts[v] || 0, lowest: lowest, col: col, kc: kc, k: k},
        x, cy);
    });
    const fy = y + COL_HEAD + cellsH;
    s += d.text(x + COL_W / 2, fy + 23, t("{n} on board", {n: col.tokens.length}),
      {size: 15, fill: MUTED, anchor: "middle", max: COL_W - 12});
    if (c.seat !== null) {
      const mine = c.v.holdings[c.seat][k];
      s += d.text(x + COL_W / 2, fy + 46, t("You hold {n}", {n: mine}),
        {size: 15, bold: true, fill: kc.dark, anchor: "middle", max: COL_W - 12});
    }
    const f = c.last;
    const touched = f.stock === k || (Array.isArray(f.changes) && f.changes[k] !== 0);
    return {svg: d.hot(moves, S.mark(touched, s)), h: h};
  }

  /** One price space: a token pill, the buy / sell marks, or the faint space value. */
  /** @param {BlshBoard} c */
  function priceCell(c, d, o, x, y) {
    const t = c.ui.t;
    const kc = o.kc;
    const px = x + 8;
    const pw = 74;
    const mid = y + CELL_H / 2 + 5;
    const isBuy = o.n > 0 && o.v === o.lowest && o.col.buy !== null && o.col.buy !== undefined;
    const isSell = o.v === o.col.sell;
    let s = "";
    if (o.n > 0) {
      s += d.rect(px, y + 1.5, pw, CELL_H - 3, {fill: isBuy ? kc.main : kc.light,
        stroke: kc.main, sw: 1.2, rx: 8});
      const label = money(o.v) + (o.n > 1 ? " \u00d7" + o.n : "");
      s += d.text(px + pw / 2, mid, label, {size: 14, bold: isBuy,
        fill: isBuy ? "#fff" : kc.dark, anchor: "middle", max: pw - 8});
    } else if (isSell) {
      s += d.rect(px, y + 1.5, pw, CELL_H - 3, {stroke: kc.main, sw: 1.5, dash: "4 3", rx: 8});
      s += d.text(px + pw / 2, mid, money(o.v), {size: 14, fill: kc.dark, anchor: "middle"});
    } else {
      s += d.text(px + pw / 2, mid, String(o.v), {size: 14, fill: "#786e5f", anchor: "middle"});
    }
    const tags = [];
    if (isBuy) tags.push(t("Buy"));
    if (isSell) tags.push(t("Sell"));
    if (tags.length) {
      s += d.text(px + pw + 5, mid, "\u25c0 " + tags.join("/"), {size: 14, bold: true,
        fill: kc.dark, max: COL_W - pw - 18});
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
    let s = d.text(x + 4, y + 24, t("Players & money"), {size: 20, bold: true});
    const most = Math.max(50, ...v.money.map((m) => Math.abs(m)));
    let py = y + 36;
    for (let p = 0; p < v.players; p++) {
      s += S.keyed(c.key("player:" + p), playerCard(c, d, p, x, py, w, most));
      py += PLAYER_H + 10;
    }
    return {svg: s, h: py - y};
  }

  /** @param {BlshBoard} c */
  function playerCard(c, d, p, x, y, w, most) {
    const t = c.ui.t;
    const v = c.v;
    const pc = PLAYER[p % PLAYER.length];
    const moving = v.to_move === p;
    const winner = c.over && c.winners.indexOf(p) >= 0;
    const cash = c.over && c.scores ? c.scores[p] : v.money[p];
    let s = d.rect(x, y, w, PLAYER_H, {fill: moving ? "#f3f7ff" : winner ? "#fff8dc" : "#fff",
      stroke: moving || winner ? (winner ? GOLD : pc) : "#d9d0bf", sw: moving || winner ? 3 : 1,
      rx: 12});
    s += d.rect(x, y, 10, PLAYER_H, {fill: pc, rx: 5});
    s += d.circle(x + 30, y + 26, 9, {fill: pc});
    const badges = [];
    if (moving) badges.push("\u25b6 " + t("Now playing"));
    if (winner) badges.push("\u2605 " + t("winner"));
    if (v.skip_trading && v.skip_trading[p]) badges.push(t("skips trading"));
    s += d.text(x + 46, y + 32, c.ui.seatName(p), {size: 19, bold: true, max: w - 230});
    if (badges.length) {
      s += d.text(x + 46, y + 54, badges.join(" \u00b7 "), {size: 14, bold: true,
        fill: winner ? "#8a6600" : pc, max: w - 230});
    }
    s += d.text(x + w - 14, y + 22, t("Money"), {size: 14, fill: MUTED, anchor: "end"});
    s += d.text(x + w - 14, y + 50, money(cash), {size: 28, bold: true,
      fill: cash < 0 ? "#c0262d" : INK, anchor: "end"});
    // holdings of each stock, then the cards in hand (and set aside)
    let hx = x + 24;
    const hy = y + 64;
    v.holdings[p].forEach((n, k) => {
      const kc = KIND[k % KIND.length];
      s += d.rect(hx, hy, 70, 24, {fill: n ? kc.main : kc.light, stroke: kc.main, sw: 1,
        rx: 12});
      s += d.text(hx + 35, hy + 17, stockName(c, k) + " \u00d7" + n, {size: 15, bold: true,
        fill: n ? "#fff" : kc.dark, anchor: "middle", max: 62});
      hx += 78;
    });
    let info = t("Cards") + " " + v.hand_sizes[p];
    if (v.discarded && v.discarded[p]) info += " \u00b7 " + t("Set aside") + " " + v.discarded[p];
    s += d.text(hx + 8, hy + 17, info, {size: 15, fill: MUTED, max: x + w - hx - 20});
    // money bar
    const bw = (w - 40) * Math.min(1, Math.abs(cash) / most);
    s += d.rect(x + 24, y + PLAYER_H - 10, w - 40, 5, {fill: "#eee7da", rx: 2.5});
    s += d.rect(x + 24, y + PLAYER_H - 10, bw, 5, {fill: cash < 0 ? "#c0262d" : pc, rx: 2.5});
    return s;
  }

  /** @param {BlshBoard} c */
  function deckPanel(c, d, x, y, w) {
    const t = c.ui.t;
    const v = c.v;
    const keep = c.legal.filter((m) => m.fields.kind === "keep");
    let s = d.rect(x, y, w, 118, {fill: "#fff", stroke: "#d9d0bf", sw: 1, rx: 12});
    let pile = d.rect(x + 16, y + 14, 64, 90, {fill: "#23403a", stroke: keep.length ? GOLD : "#fff",
      sw: keep.length ? 4 : 2, rx: 8});
    pile += d.rect(x + 24, y + 22, 48, 74, {stroke: "#8fb8a8", sw: 1.5, rx: 5});
    pile += d.text(x + 48, y + 66, String(v.pile), {size: 24, bold: true, fill: "#fff",
      anchor: "middle"});
    s += d.hot(keep, pile);
    s += d.text(x + 96, y + 36, t("Draw pile: {n} cards", {n: v.pile}), {size: 17, bold: true,
      max: w - 110});
    if (keep.length) {
      s += d.text(x + 96, y + 60, t("Tap to draw back up to {n} cards", {n: HAND_SIZE}),
        {size: 14, fill: "#8a6600", bold: true, max: w - 110});
    }
    const news = v.news_played || [];
    const label = t("Breaking News played:");
    const lw = Math.min(170, textWidth(label, 14));
    s += d.text(x + 96, y + 88, label, {size: 14, fill: MUTED, max: lw});
    if (!news.length) {
      s += d.text(x + 104 + lw, y + 88, t("(none)"), {size: 14, fill: MUTED});
    }
    news.forEach((name, i) => {
      const kc = KIND[parseCard(name).k % KIND.length];
      const nx = x + 104 + lw + i * 60;
      if (nx + 56 > x + w) return;
      s += d.rect(nx, y + 70, 56, 24, {fill: kc.main, rx: 6});
      s += d.text(nx + 28, y + 87, stockName(c, parseCard(name).k), {size: 14, bold: true,
        fill: "#fff", anchor: "middle", max: 50});
    });
    return {svg: s, h: 128};
  }

  /** The price moves and dividend cards the market row holds so far (public data). */
  /** @param {BlshBoard} c */
  function outlookPanel(c, d, x, y, w) {
    const t = c.ui.t;
    const net = c.v.columns.map(() => 0);
    const divs = c.v.columns.map(() => 0);
    c.v.row.forEach((cell) => {
      if (cell.covered) return;
      const card = parseCard(cell.card);
      if (card.value) net[card.k] += card.value;
      if (card.type === "div") divs[card.k] += 1;
    });
    const h = 44 + net.length * 32;
    let s = d.rect(x, y, w, h, {fill: "#fff", stroke: "#d9d0bf", sw: 1, rx: 12});
    const scored = c.v.phase === "selloff" || c.v.phase === "over";
    const title = scored ? t("Year-end result (already applied)")
      : t("Year-end outlook (cards in the row)");
    s += d.text(x + 16, y + 28, title, {size: 17, bold: true, max: w - 32});
    net.forEach((n, k) => {
      const kc = KIND[k % KIND.length];
      const ry = y + 40 + k * 32;
      s += d.rect(x + 16, ry, 62, 24, {fill: kc.main, rx: 6});
      s += d.text(x + 47, ry + 18, stockName(c, k), {size: 15, bold: true, fill: "#fff",
        anchor: "middle", max: 56});
      const move = n > 0 ? "\u25b2 " + t("price {n}", {n: signed(n)})
        : n < 0 ? "\u25bc " + t("price {n}", {n: signed(n)}) : t("price unchanged");
      s += d.text(x + 88, ry + 18, move, {size: 16, bold: n !== 0,
        fill: n > 0 ? "#11683a" : n < 0 ? "#b42318" : MUTED, max: 172});
      s += d.text(x + 270, ry + 18, t("dividend cards: {n}", {n: divs[k]}), {size: 16,
        fill: divs[k] ? INK : MUTED, max: w - 290});
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

  /** A card face of width w and height h; big faces also show the effect in words. */
  /** @param {BlshBoard} c */
  function cardFace(c, d, name, x, y, w, h, big) {
    const card = parseCard(name);
    const kc = KIND[card.k % KIND.length];
    const band = big ? 34 : 24;
    let s = d.rect(x, y, w, h, {fill: "#fff", stroke: kc.main, sw: 2, rx: 8});
    s += d.rect(x, y, w, band, {fill: kc.main, rx: 8});
    s += d.rect(x, y + band - 8, w, 8, {fill: kc.main, rx: 0});
    s += d.text(x + 8, y + band - 8, stockName(c, card.k), {size: big ? 22 : 15, bold: true,
      fill: "#fff", max: w - 16});
    const word = typeWord(c, card.type);
    if (big) {
      s += d.text(x + w / 2, y + 84, symbolOf(card), {size: 40, bold: true, fill: kc.dark,
        anchor: "middle", max: w - 16});
      s += d.text(x + w / 2, y + 112, word, {size: 17, bold: true, fill: kc.dark,
        anchor: "middle", max: w - 14});
      s += d.rect(x + 12, y + 124, w - 24, 1.5, {fill: kc.light, rx: 0});
      const lines = wrap(effectText(c, card), 14, w - 12).slice(0, 3);
      s += d.lines(x + w / 2, y + 145, lines, {size: 14, fill: INK, anchor: "middle"});
    } else {
      s += d.text(x + w / 2, y + band + 36, symbolOf(card), {size: 26, bold: true,
        fill: kc.dark, anchor: "middle", max: w - 10});
      s += d.text(x + w / 2, y + h - 12, word, {size: 14, fill: kc.dark, anchor: "middle",
        max: w - 8});
    }
    return s;
  }

  /** The last space of the market row holding ``card`` (where it was just played). */
  function lastWith(row, card) {
    let at = -1;
    row.forEach((cell, j) => { if (cell && cell.card === card) at = j; });
    return at;
  }

  /** @param {BlshBoard} c */
  function marketRow(c, d, y) {
    const t = c.ui.t;
    const v = c.v;
    const n = v.row_length;
    let s = d.text(14, y + 24, t("Market row: {filled} of {length} spaces filled",
      {filled: v.row.length, length: n}), {size: 20, bold: true, max: 640});
    const slot = Math.min(104, (W - 20) / n);
    const cw = slot - 8;
    const ch = 108;
    const x0 = (W - slot * n) / 2 + 4;
    const top = y + 58;
    for (let j = 0; j < n; j++) {
      const x = x0 + j * slot;
      const cell = v.row[j];
      const moves = spaceMoves(c, j);
      let body = d.text(x + cw / 2, top - 8, String(j + 1), {size: 14, fill: MUTED,
        anchor: "middle"});
      if (!cell) {
        body += d.rect(x, top, cw, ch, {fill: "#f3eee4", stroke: "#cfc5b2", sw: 1.5,
          dash: "6 4", rx: 8});
      } else {
        let card = cardFace(c, d, cell.card, x, top, cw, ch, false);
        if (cell.covered || cell.dud) card += rowMark(c, d, cell, x, top, cw, ch);
        body += S.keyed(c.key("card:" + cell.card), card);
        if (moves.length) body += d.rect(x - 3, top - 3, cw + 6, ch + 6,
          {stroke: GOLD, sw: 4, rx: 10});
      }
      const touched = cell && (c.last.space === j + 1 ||
        (c.last.card && cell.card === c.last.card && j === lastWith(v.row, c.last.card)));
      s += d.hot(moves, S.mark(touched, body));
    }
    return {svg: s, h: 58 + ch + 16};
  }

  /** The mark on a covered card (Breaking News on top) or on a dud. */
  /** @param {BlshBoard} c */
  function rowMark(c, d, cell, x, y, w, h) {
    const t = c.ui.t;
    const kc = KIND[parseCard(cell.card).k % KIND.length];
    let s = d.rect(x, y, w, h, {fill: "#fbf7ef", opacity: 0.72, rx: 8});
    s += d.rect(x + 3, y + h / 2 - 15, w - 6, 30, {fill: cell.covered ? kc.dark : "#6b6256",
      rx: 6});
    s += d.text(x + w / 2, y + h / 2 + 6, cell.covered ? "! " + t("covered") : t("dud"),
      {size: 14, bold: true, fill: "#fff", anchor: "middle", max: w - 12});
    return s;
  }

  /** @param {BlshBoard} c */
  function handSection(c, d, y) {
    const t = c.ui.t;
    const v = c.v;
    if (c.seat === null) {
      return {svg: d.text(14, y + 28, t("You are watching: the hands are hidden."),
        {size: 17, fill: MUTED}), h: 50};
    }
    const hand = v.hand || [];
    const aside = v.my_discards || [];
    let s = d.text(14, y + 24, t("Your hand") + " (" + hand.length + ")",
      {size: 20, bold: true});
    const cw = 150;
    const ch = 196;
    const top = y + 40;
    if (!hand.length) s += d.text(14, top + 30, t("(none)"), {size: 16, fill: MUTED});
    hand.forEach((name, i) => {
      const x = 14 + i * (cw + 14);
      const moves = cardMoves(c, name);
      let body = S.keyed(c.key("card:" + name), cardFace(c, d, name, x, top, cw, ch, true));
      if (moves.length) {
        body = d.rect(x - 4, top - 4, cw + 8, ch + 8, {fill: "#fff4cc", stroke: GOLD, sw: 3,
          rx: 11}) + body;
      }
      s += d.hot(moves, body);
    });
    if (aside.length) {
      const ax = 14 + hand.length * (cw + 14) + 10;
      s += d.text(ax, top + 16, t("Set aside"), {size: 16, bold: true, fill: MUTED});
      aside.forEach((name, i) => {
        const x = ax + i * 78;
        if (x + 70 > W) return;
        s += S.keyed(c.key("card:" + name), cardFace(c, d, name, x, top + 28, 70, 104, false));
      });
    }
    return {svg: s, h: 40 + ch + 20};
  }

  // ------------------------------------------------------------------ the whole board
  /** What the drawing functions share; ``last``: the newest move's fields, or {} (none seen).
   * @typedef {{ui: Ui, v: BlshView, seat: number | null, legal: BlshLegalMove[],
   *   last: {[field: string]: any}, over: boolean, scores: number[] | null, winners: number[],
   *   key: (name: string) => string}} BlshBoard */
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
    };
    const d = makeDraw(ui);
    const parts = [header(c, d)];
    let y = 74;
    const p = prompt(c, d, y);
    parts.push(p.svg);
    y += p.h + 6;
    const board = stockBoard(c, d, 14, y);
    const rx = 514;
    const rw = W - rx - 14;
    const players = playersPanel(c, d, rx, y, rw);
    const deck = deckPanel(c, d, rx, y + players.h, rw);
    const outlook = outlookPanel(c, d, rx, y + players.h + deck.h, rw);
    parts.push(board.svg, players.svg, deck.svg, outlook.svg);
    y += Math.max(board.h, players.h + deck.h + outlook.h) + 14;
    const row = marketRow(c, d, y);
    parts.push(row.svg);
    y += row.h;
    const hand = handSection(c, d, y);
    parts.push(hand.svg);
    const H = Math.ceil(y + hand.h);
    return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + W + " " + H +
      '" width="100%" role="group" aria-label="' + ui.esc(ui.t("Buy Low Sell High")) +
      '" font-family="' + FONT + '" style="background:' + PAPER + '">' +
      d.rect(0, 0, W, H, {fill: PAPER, rx: 0}) + parts.join("") + "</svg>";
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
