/* Take Stock (股市大亨): the browser board, drawn as one SVG string.
 *
 * Layout (viewBox 1000 units wide; the height grows with the content), top to bottom:
 *   header   title, "Round r of 4", dealer; on the right who is to move and the phase
 *   banner   the final result at the end; otherwise the event being resolved, why the round
 *            ended, what the viewer is asked to do, and buttons for decline / stop / no options
 *   market   five stock rows: name tile, the row's cards (the bottom card, which sets the
 *            value, filled in), splits, frozen overlay, row length and price (value × multiplier);
 *            the holding limit sits in the market's title bar
 *   yours    (a seated viewer) drawn events to choose from, the hand as big cards with the kinds
 *            of move each card allows, held events with the round they were drawn in
 *   players  one panel per seat: name, badges (to move, dealer, winner, frozen, options),
 *            total and round scores, certificates as small cards, shares per stock, option
 *            tokens, hand size and held-event count
 *   piles    share draw / discard piles, event deck (and where Market Closed lies), event
 *            discard pile, token supply
 *
 * Hotspots (class "hot", data-actions from payload.legal only): each hand card -> every move
 * naming it (play, buy, event, trigger, insider, exercise); each stock row -> play / freeze /
 * insider / choose-event moves on that stock; the event deck -> event1 / event2; a held or
 * drawn event -> trigger / choose; a player panel -> target; a player's certificate -> audit;
 * banner buttons -> decline, stop, exercise none.
 *
 * Keys (data-key, for the animations of motion.js; docs/web.md "Animations"): card:C3 a share
 * card in a market row, the viewer's hand or a player's certificates (drawn in that order, so a
 * card played or bought slides from the hand to its row or to the certificates; a second card
 * of the same name is card:C3~2); shares:Q:L the share chip of stock L on seat Q's panel;
 * player:Q seat Q's panel (its scores and counts count up or down wherever it is drawn); row:L
 * stock L's market row (its price, value and length count up or down: motion.js tweens the
 * numbers that change within a keyed group).
 */
(function () {
  "use strict";

  const N_ = (msgid) => msgid; // marks a msgid that is translated later with ui.t
  const W = 1000;
  const M = 20;
  const LETTERS = ["C", "G", "T", "O", "M"];
  const STOCKS = {
    C: {name: N_("Cereal"), color: "#936000", tint: "#FFF4D6"},
    G: {name: N_("Gems"), color: "#8A3DB0", tint: "#F5EAFB"},
    T: {name: N_("Tech"), color: "#1D6FB8", tint: "#E5F0FB"},
    O: {name: N_("Oil"), color: "#3B4651", tint: "#ECEFF2"},
    M: {name: N_("Movies"), color: "#CC2F2A", tint: "#FCEBEA"},
  };
  const EVENTS = {
    split: N_("Stock Split"),
    crash: N_("Stock Crash"),
    insider: N_("Insider Trading"),
    audit: N_("Stock Audit"),
    freeze: N_("Stock Freeze"),
    "no-change": N_("No Market Change"),
    upturn: N_("Market Upturn"),
    downturn: N_("Market Downturn"),
    "option-gained": N_("Stock Option Gained"),
    "option-lost": N_("Stock Option Lost"),
    "market-crash": N_("Market Crash"),
    "market-closed": N_("Market Closed"),
  };
  const EFFECTS = {
    split: N_("Price multiplier +1"),
    crash: N_("The row crashes"),
    insider: N_("A free certificate"),
    audit: N_("A certificate is discarded"),
    freeze: N_("No plays on a row"),
    "no-change": N_("Nothing happens"),
    upturn: N_("A card on each row"),
    downturn: N_("Every row loses a card"),
    "option-gained": N_("Take an option token"),
    "option-lost": N_("A player returns a token"),
    "market-crash": N_("Every row crashes"),
    "market-closed": N_("The round ends"),
  };
  const EVENT_COLORS = {
    audit: "#7A5040", freeze: "#3076A5", "no-change": "#69717B", upturn: "#2A7E4F",
    downturn: "#B55427", "option-gained": "#2A7E4F", "option-lost": "#B55427",
    "market-crash": "#8B1E1E", "market-closed": "#222222",
  };
  const PHASES = {
    action: N_("Action phase"),
    "choose-event": N_("Choose an event"),
    insider: N_("Insider Trading"),
    audit: N_("Stock Audit"),
    target: N_("Choose a player"),
    freeze: N_("Stock Freeze"),
    upturn: N_("Market Upturn"),
    exercise: N_("Exercise options"),
    over: N_("Game over"),
  };
  const HINTS = {
    action: N_("Your turn: click a hand card to play it, buy it or discard it for an event, click the event deck to make an event, or a held event to trigger it."),
    "choose-event": N_("Choose the event to execute; the other one is discarded face down."),
    insider: N_("Insider Trading: click a card of that stock to make it a certificate, or decline."),
    audit: N_("Stock Audit: click the certificate to discard."),
    target: N_("Choose a player: click their panel."),
    freeze: N_("Stock Freeze: click the row that may not be raised this round."),
    upturn: N_("Market Upturn: play up to one card on each row, then stop."),
    exercise: N_("Round end: secretly turn hand cards into certificates, one option token each."),
  };
  const REASONS = {
    "market-closed": N_("Market Closed was drawn"),
    "value-11-12": N_("an 11 or 12 was played"),
    "hand-empty": N_("a hand ran out"),
    "deck-empty": N_("no share card was left to draw"),
  };
  const PLAYER_COLORS = ["#007F72", "#C24714", "#3949AB", "#547A21", "#C2185B", "#87695F"];
  const FONT = "system-ui, 'Noto Sans TC', 'Microsoft JhengHei', 'WenQuanYi Micro Hei', sans-serif";

  // ------------------------------------------------------------------ text and shapes
  const S = window.BazaarSvg;
  /** Estimated width of `s` at font size `size` (CJK characters are square). */
  const textWidth = S.measure([[/[A-Z]/, 0.68], [/[0-9]/, 0.64], [" ", 0.32]], 0.57);

  /** A <text>; with o.max the font shrinks (to o.min) and then the text is cut with "…". */
  /** @param {TakeStockBoard} c */
  function txt(c, x, y, s, o) {
    o = o || {};
    let size = o.size || 16;
    let str = String(s);
    const k = o.bold ? 1.12 : 1;
    if (o.max) {
      const min = Math.min(size, o.min || 14);
      while (size > min && textWidth(str, size) * k > o.max) size -= 1;
      if (textWidth(str, size) * k > o.max) {
        while (str.length > 1 && textWidth(str + "…", size) * k > o.max) str = str.slice(0, -1);
        str += "…";
      }
    }
    return S.text(x, y, str, {"font-size": size, fill: o.fill || "#222", "text-anchor": o.anchor,
      "font-weight": o.bold ? "bold" : undefined});
  }

  /** Split `s` into lines no wider than `max` (words in English, characters in Chinese). */
  function wrap(s, size, max) { return S.wrap(s, size, max, textWidth); }

  function rect(x, y, w, h, fill, o) {
    o = o || {};
    return S.rect(x, y, w, h, {rx: o.rx === undefined ? 8 : o.rx, fill: fill, stroke: o.stroke,
      "stroke-width": o.stroke ? o.sw || 2 : undefined, opacity: o.opacity});
  }

  /** A small pill with a word in it; returns [markup, width]. */
  /** @param {TakeStockBoard} c */
  function pill(c, x, y, label, fill, ink) {
    const w = Math.ceil(textWidth(label, 14) * 1.12 + 16);
    return [rect(x, y, w, 22, fill, {rx: 11}) + txt(c, x + w / 2, y + 16, label, {size: 14, fill: ink || "#fff", anchor: "middle", bold: true}), w];
  }

  function snowflake(x, y, r, color) {
    let out = "";
    for (const a of [0, 60, 120]) {
      const dx = r * Math.cos((a * Math.PI) / 180);
      const dy = r * Math.sin((a * Math.PI) / 180);
      out += `<line x1="${(x - dx).toFixed(1)}" y1="${(y - dy).toFixed(1)}" x2="${(x + dx).toFixed(1)}" y2="${(y + dy).toFixed(1)}" stroke="${color}" stroke-width="3" stroke-linecap="round"/>`;
    }
    return out;
  }

  // ------------------------------------------------------------------ moves and hotspots
  /** @param {TakeStockLegalMove[]} legal */
  function parseMoves(legal) {
    return (legal || []).map((m) => ({action: m.action, text: m.text || m.notation, fields: m.fields}));
  }

  /** Wrap `inner` in a group, clickable for `moves`; `what` names the thing (data-what). */
  /** @param {TakeStockBoard} c */
  function hot(c, moves, inner, what) { return S.hot(moves, inner, {what: what}); }

  /** The moves whose fields (kind, card, discard, event, stock, seat, positions) pass `test`. */
  /** @param {TakeStockBoard} c */
  function movesFor(c, test) {
    return c.moves.filter((m) => test(m.fields));
  }

  /** Moves naming hand card `card` (at 0-based position `pos` in the hand). */
  /** @param {TakeStockBoard} c */
  function cardMoves(c, card, pos) {
    return movesFor(c, (f) => (f.kind === "exercise" ? f.positions.includes(pos + 1) : f.card === card || f.discard === card));
  }

  /** Moves on stock L's row: plays and insider trades of its cards, a freeze, a drawn
   * split / crash / insider event of L. */
  /** @param {TakeStockBoard} c */
  function rowMoves(c, L) {
    return movesFor(c, (f) => f.stock === L && (f.kind === "play" || f.kind === "insider" ||
      f.kind === "freeze" || (f.kind === "choose" && ["split", "crash", "insider"].includes(f.base))));
  }

  /** @param {TakeStockBoard} c */
  function stockName(c, L) { return c.ui.t(STOCKS[L].name); }

  function eventParts(kind) {
    const m = /^(split|crash|insider)-([CGTOM])$/.exec(kind);
    return m ? {base: m[1], letter: m[2]} : {base: kind, letter: null};
  }

  /** @param {TakeStockBoard} c */
  function eventName(c, kind) {
    const p = eventParts(kind);
    const base = c.ui.t(EVENTS[p.base] || p.base);
    return p.letter ? base + (c.ui.lang === "zh-TW" ? "(" + stockName(c, p.letter) + ")" : " (" + stockName(c, p.letter) + ")") : base;
  }

  /** A share card in words ("O7" -> "Oil 7" / "石油7"), as the event sentences say it.
   * @param {Ui} ui @param {string} card */
  function cardName(ui, card) {
    const name = ui.t(STOCKS[card[0]].name);
    return ui.lang === "zh-TW" ? name + card.slice(1) : name + " " + card.slice(1);
  }

  /** @param {TakeStockBoard} c @param {string} card */
  function cardWords(c, card) { return cardName(c.ui, card); }

  /** A stock's mark on a small card or chip: its name's first letter in English ("C" for
   * Cereal), its name's first character in zh-TW ("玉" for 玉米), never a code to learn.
   * @param {TakeStockBoard} c @param {string} L */
  function stockMark(c, L) { return stockName(c, L).charAt(0); }

  // ------------------------------------------------------------------ layouts
  /* The board's layout is data, read by the drawing functions below. The wide layout is the
   * board drawn 1000 units wide (pages at least that wide, the rulebook's pictures, the tests
   * without ui.width). A page that gives a narrower ui.width gets a board as many units wide
   * as it has CSS px (one unit, one px): the medium layout (600-999, tablets: the market's
   * columns closer together, player panels two a row, piles three a row) or the narrow one
   * (below 600, phones: one column; each market row says its length and splits under its
   * cards, the hand in rows of four, piles two a row with the event deck across). On both the
   * regions holding a move of the viewer's come first (regionOrder). */

  /** @typedef {ReturnType<typeof wideLayout>} Layout */
  function wideLayout() {
    return {
      kind: "wide", W: W, M: M,
      header: {stacked: false, dealerMax: 300, statusMax: 420, phaseMax: 420},
      banner: {size: 18, line: 26, below: false, buttonW: 186, buttonH: 40, buttonStep: 50, bold: 1},
      market: {
        limitBelow: false, heads: true, headMax: 110, rowsY: 70, rowH: 72, rowStep: 80,
        tileW: 150, mark: {x: 14, y: 49, size: 34}, name: {x: 50, y: 46, size: 19, max: 94},
        card: {y: 6, w: 44, h: 60, step: 50, least: 0}, details: false,
        col: {cards: 182, cardsEnd: 596, splits: 660, length: 770, price: 830, priceW: 150},
        price: {y: 8, h: 56, size: 28, small: 14, label: false},
      },
      hand: {grid: false, cols: 10, cw: 92, ch: 128, gap: 10, tag: 15},
      events: {cols: 5, w: 180},
      players: {cols: 2},
      // each pile's cell: [column, row, columns spanned]; piles in the order of piles()
      piles: {cols: 5, cells: [[0, 0, 1], [1, 0, 1], [2, 0, 1], [3, 0, 1], [4, 0, 1]]},
    };
  }

  /** The hand's cards in rows of `cols` (at least `least`), each at most 92 units wide. */
  function handGrid(inner, least, gap, tag) {
    const cols = Math.max(least, Math.floor((inner + gap) / (92 + gap)));
    const cw = Math.min(92, Math.floor((inner - (cols - 1) * gap) / cols));
    return {grid: true, cols: cols, cw: cw, ch: Math.round((cw * 128) / 92), gap: gap, tag: tag};
  }

  /** A tablet's layout, `width` (600-999) units wide. @returns {Layout} */
  function mediumLayout(width) {
    const m = 16;
    const inner = width - 2 * m;
    const price = width - m - 120;
    const side = (width - m - 240) / 2 - 12;
    return {
      kind: "medium", W: width, M: m,
      header: {stacked: false, dealerMax: side, statusMax: inner - 270, phaseMax: side},
      banner: {size: 18, line: 26, below: false, buttonW: 186, buttonH: 44, buttonStep: 52, bold: 1.12},
      market: {
        limitBelow: false, heads: true, headMax: 64, rowsY: 70, rowH: 72, rowStep: 80,
        tileW: 130, mark: {x: 12, y: 49, size: 30}, name: {x: 44, y: 46, size: 17, max: 80},
        card: {y: 6, w: 44, h: 60, step: 50, least: 30}, details: false,
        col: {cards: m + 142, cardsEnd: price - 155, splits: price - 115, length: price - 45,
          price: price, priceW: 110},
        price: {y: 8, h: 56, size: 28, small: 14, label: false},
      },
      hand: handGrid(inner, 4, 12, 15),
      events: {cols: Math.floor((inner + 12) / 192), w: 180},
      players: {cols: 2},
      piles: {cols: 3, cells: [[0, 0, 1], [1, 0, 1], [2, 0, 1], [0, 1, 1], [1, 1, 1]]},
    };
  }

  /** A phone's layout, `width` (below 600) units wide. @returns {Layout} */
  function narrowLayout(width) {
    const m = 10;
    const inner = width - 2 * m;
    const price = width - m - 66;
    const eventCols = inner >= 372 ? 2 : 1;
    return {
      kind: "narrow", W: width, M: m,
      header: {stacked: true, dealerMax: inner / 2 - 6, statusMax: inner, phaseMax: inner / 2 - 6},
      banner: {size: 16, line: 22, below: true, buttonW: Math.min(280, inner - 32), buttonH: 44, buttonStep: 52, bold: 1.12},
      market: {
        limitBelow: true, heads: false, headMax: 0, rowsY: 80, rowH: 80, rowStep: 88,
        tileW: 84, mark: {x: 10, y: 34, size: 26}, name: {x: 10, y: 64, size: 15, max: 66},
        card: {y: 8, w: 32, h: 44, step: 36, least: 24}, details: true,
        col: {cards: m + 94, cardsEnd: price - 8, splits: 0, length: 0, price: price, priceW: 58},
        price: {y: 6, h: 68, size: 24, small: 13, label: true},
      },
      hand: handGrid(inner, 4, 8, 13),
      events: {cols: eventCols, w: (inner - (eventCols - 1) * 12) / eventCols},
      players: {cols: 1},
      piles: {cols: 2, cells: [[0, 1, 1], [1, 1, 1], [0, 0, 2], [0, 2, 1], [1, 2, 1]]},
    };
  }

  /** The layout for a board `width` CSS px wide (none: the wide board). @returns {Layout} */
  function layoutFor(width) {
    if (!width || width >= W) return wideLayout();
    const w = Math.max(300, Math.floor(width));
    return w < 600 ? narrowLayout(w) : mediumLayout(w);
  }

  // ------------------------------------------------------------------ cards
  /** A share card face (w × h) of `card` ("O7"); `big` draws the hand-card style. */
  /** @param {TakeStockBoard} c */
  function shareCard(c, x, y, w, h, card, o) {
    o = o || {};
    const s = STOCKS[card[0]];
    const value = card.slice(1);
    if (!o.big) {
      const fill = o.filled ? s.color : "#fff";
      return rect(x, y, w, h, fill, {stroke: s.color, sw: 2, rx: 5}) +
        txt(c, x + w / 2, y + h / 2 + 8, value, {size: Math.min(22, w * 0.55), bold: true, anchor: "middle", fill: o.filled ? "#fff" : s.color});
    }
    const shares = c.v.share_symbols[Number(value) - 1];
    const ui = c.ui;
    const sharesText = ui.tn("{n} share", "{n} shares", shares);
    return rect(x, y, w, h, "#fff", {stroke: s.color, sw: 3}) +
      `<path d="M${x + 1.5} ${y + 30} v-20 a8.5 8.5 0 0 1 8.5 -8.5 h${w - 20} a8.5 8.5 0 0 1 8.5 8.5 v20 z" fill="${s.color}"/>` +
      txt(c, x + w / 2, y + 22, stockName(c, card[0]), {size: 16, bold: true, fill: "#fff", anchor: "middle", max: w - 8}) +
      txt(c, x + w / 2, y + h / 2 + 24, value, {size: 46, bold: true, fill: s.color, anchor: "middle"}) +
      txt(c, x + w / 2, y + h - 10, sharesText, {size: 14, fill: "#555", anchor: "middle", max: w - 8});
  }

  /** A certificate: a small card with the stock's mark (stockMark) over the value. */
  /** @param {TakeStockBoard} c */
  function certCard(c, x, y, card) {
    const s = STOCKS[card[0]];
    return rect(x, y, 36, 48, "#fff", {stroke: s.color, sw: 2, rx: 5}) +
      rect(x + 1, y + 1, 34, 17, s.color, {rx: 4}) +
      txt(c, x + 18, y + 15, stockMark(c, card[0]), {size: 14, bold: true, fill: "#fff", anchor: "middle"}) +
      txt(c, x + 18, y + 40, card.slice(1), {size: 18, bold: true, fill: s.color, anchor: "middle"});
  }

  /** An event card face (w wide): coloured band with the event's name, a second line, a footer. */
  /** @param {TakeStockBoard} c */
  function eventCard(c, x, y, w, kind, footer, o) {
    o = o || {};
    const p = eventParts(kind);
    const color = p.letter ? STOCKS[p.letter].color : EVENT_COLORS[p.base] || "#555";
    const h = 86;
    let out = rect(x, y, w, h, o.dim ? "#f1f1f1" : "#FFFDF6", {stroke: color, sw: o.hot ? 4 : 2});
    out += `<path d="M${x + 1} ${y + 32} v-23 a8 8 0 0 1 8 -8 h${w - 18} a8 8 0 0 1 8 8 v23 z" fill="${color}"/>`;
    out += txt(c, x + w / 2, y + 23, c.ui.t(EVENTS[p.base] || p.base), {size: 16, bold: true, fill: "#fff", anchor: "middle", max: w - 12});
    const effect = EFFECTS[p.base] ? c.ui.t(EFFECTS[p.base]) : "";
    if (p.letter) out += txt(c, x + w / 2, y + 55, stockName(c, p.letter), {size: 18, bold: true, fill: color, anchor: "middle"});
    else out += txt(c, x + w / 2, y + 56, effect, {size: 15, fill: "#333", anchor: "middle", max: w - 12});
    footer = footer || (p.letter ? effect : "");
    if (footer) out += txt(c, x + w / 2, y + 78, footer, {size: 14, fill: o.dim ? "#6c6c6c" : "#555", anchor: "middle", max: w - 10});
    return out;
  }

  // ------------------------------------------------------------------ sections
  /** @param {TakeStockBoard} c */
  function statusLine(c) {
    if (c.p.over) return c.ui.t("Game over");
    if (c.p.to_move !== null && c.p.to_move !== undefined) return c.ui.t("{who} to move", {who: c.ui.seatName(c.p.to_move)});
    return "";
  }

  /** @param {TakeStockBoard} c */
  function header(c, y) {
    const v = c.v;
    const {W, M, header: hl} = c.L;
    if (hl.stacked) return stackedHeader(c, y);
    let out = rect(0, y, W, 70, "#17324D", {rx: 0});
    out += txt(c, M, y + 31, c.ui.t("Take Stock"), {size: 24, bold: true, fill: "#fff", max: 250});
    out += txt(c, M, y + 58, c.ui.t("Round {r} of {n}", {r: v.round, n: v.rounds}), {size: 18, bold: true, fill: "#FFD166"});
    out += txt(c, 240, y + 58, c.ui.t("Dealer: {name}", {name: c.ui.seatName(v.dealer)}), {size: 16, fill: "#D6E2EE", max: hl.dealerMax});
    out += txt(c, W - M, y + 31, statusLine(c), {size: 20, bold: true, fill: "#fff", anchor: "end", max: hl.statusMax});
    if (!c.p.over) out += txt(c, W - M, y + 58, c.ui.t(PHASES[v.phase] || v.phase), {size: 16, fill: "#D6E2EE", anchor: "end", max: hl.phaseMax});
    return {svg: out, h: 70};
  }

  /** The header in three lines (narrow): title and round; who is to move; phase and dealer. */
  /** @param {TakeStockBoard} c */
  function stackedHeader(c, y) {
    const v = c.v;
    const {W, M, header: hl} = c.L;
    const half = (W - 2 * M) / 2 - 6;
    let out = rect(0, y, W, 96, "#17324D", {rx: 0});
    out += txt(c, M, y + 28, c.ui.t("Take Stock"), {size: 20, bold: true, fill: "#fff", max: half});
    out += txt(c, W - M, y + 28, c.ui.t("Round {r} of {n}", {r: v.round, n: v.rounds}), {size: 16, bold: true, fill: "#FFD166", anchor: "end", max: half});
    out += txt(c, M, y + 56, statusLine(c), {size: 18, bold: true, fill: "#fff", max: hl.statusMax});
    if (!c.p.over) out += txt(c, M, y + 82, c.ui.t(PHASES[v.phase] || v.phase), {size: 15, fill: "#D6E2EE", max: hl.phaseMax});
    out += txt(c, W - M, y + 82, c.ui.t("Dealer: {name}", {name: c.ui.seatName(v.dealer)}), {size: 15, fill: "#D6E2EE", anchor: "end", max: hl.dealerMax});
    return {svg: out, h: 96};
  }

  /** @param {TakeStockBoard} c */
  function finalResult(c, y) {
    const v = c.v;
    const {W, M, kind} = c.L;
    const scores = c.p.scores || v.seats.map((s) => s.total);
    const winners = c.p.winners || [];
    const order = scores.map((s, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
    const below = kind === "narrow" ? 30 : 0; // the winners' line under the title
    const h = 62 + below + order.length * 32;
    let out = rect(M, y, W - 2 * M, h, "#FFF8E1", {stroke: "#E0B200", sw: 3, rx: 12});
    out += txt(c, M + 20, y + 32, c.ui.t("Final result"), {size: 22, bold: true});
    const names = winners.map((s) => c.ui.seatName(s)).join(", ");
    const line = winners.length > 1 ? c.ui.t("Shared win: {names}", {names: names}) : c.ui.t("Winner: {names}", {names: names});
    if (winners.length && below) out += txt(c, M + 20, y + 32 + below, line, {size: 18, bold: true, fill: "#8D6200", max: W - 2 * M - 40});
    else if (winners.length) out += txt(c, W - M - 20, y + 32, line, {size: 20, bold: true, fill: "#8D6200", anchor: "end", max: Math.min(560, W - 2 * M - 240)});
    const pillX = kind === "wide" ? W - M - 250 : W - M - 170;
    order.forEach((seat, i) => {
      const ry = y + 50 + below + i * 32;
      const win = winners.includes(seat);
      if (win) out += rect(M + 12, ry, W - 2 * M - 24, 30, "#FFE69A", {rx: 6});
      out += txt(c, M + 30, ry + 22, String(i + 1) + ".", {size: 18, bold: true});
      out += rect(M + 62, ry + 7, 16, 16, PLAYER_COLORS[seat % 6], {rx: 8});
      const nameMax = below ? W - 2 * M - 160 : Math.min(480, pillX - M - 96);
      out += txt(c, M + 88, ry + 22, c.ui.seatName(seat), {size: 18, bold: win, max: nameMax});
      if (win && !below) out += pill(c, pillX, ry + 4, c.ui.t("Winner"), "#966700")[0];
      out += txt(c, W - M - 30, ry + 22, String(scores[seat]), {size: 20, bold: true, anchor: "end"});
    });
    return {svg: out, h: h};
  }

  /** @param {TakeStockBoard} c */
  function banner(c, y) {
    if (c.p.over) return finalResult(c, y);
    const v = c.v;
    const {W, M, banner: bl} = c.L;
    const mine = c.moves.length > 0;
    const lines = [];
    if (v.executing) lines.push([c.ui.t("Resolving: {event}", {event: eventName(c, v.executing)}), "#1B5E20", true]);
    if (v.round_end) lines.push([c.ui.t("Round over: {why}", {why: c.ui.t(REASONS[v.round_end] || v.round_end)}), "#8B1E1E", true]);
    if (mine && HINTS[v.phase]) lines.push([c.ui.t(HINTS[v.phase]), "#222", false]);
    else if (v.phase === "exercise") lines.push([c.ui.t("Round end: the players secretly decide on their options."), "#222", false]);
    if (v.phase === "upturn" && v.upturn_played.length) {
      lines.push([c.ui.t("Upturn rows played: {rows}", {rows: v.upturn_played.map((L) => stockName(c, L)).join(", ")}), "#222", false]);
    }
    if (v.audit_limit) lines.push([c.ui.t("Audit limit: {n}", {n: v.audit_limit}), "#222", false]);
    const buttons = [
      [movesFor(c, (f) => f.kind === "decline"), N_("Decline")],
      [movesFor(c, (f) => f.kind === "stop"), N_("Stop the upturn")],
      [movesFor(c, (f) => f.kind === "exercise" && !f.positions.length), N_("No options")],
    ].filter((b) => b[0].length);
    if (!lines.length && !buttons.length) return {svg: "", h: 0};
    const textMax = W - 2 * M - 30 - (buttons.length && !bl.below ? bl.buttonW + 14 : 0);
    const rows = [];
    // (bold lines are wrapped 1.12 times wider, as txt measures them, off the wide board)
    for (const [s, color, bold] of lines) for (const l of wrap(s, bl.size, bold ? textMax / bl.bold : textMax)) rows.push([l, color, bold]);
    const textH = rows.length * bl.line + 22;
    const buttonsH = buttons.length * bl.buttonStep + 10;
    // below the text (narrow): the text's height, then the buttons one under another
    const textBelowH = rows.length ? rows.length * bl.line + 16 : 0;
    const h = bl.below ? textBelowH + (buttons.length ? buttons.length * bl.buttonStep + 8 : 0) : Math.max(textH, buttonsH);
    let out = rect(M, y, W - 2 * M, h, mine ? "#FFF6CC" : "#EEF3F8", {stroke: mine ? "#E0B200" : "#B8C7D6", sw: 2, rx: 10});
    rows.forEach(([l, color, bold], i) => { out += txt(c, M + 16, y + 4 + bl.line + i * bl.line, l, {size: bl.size, fill: color, bold: bold}); });
    const bx = bl.below ? M + 16 : W - M - 200;
    const top = bl.below ? y + textBelowH + 8 : y + 10;
    buttons.forEach(([moves, label], i) => {
      const by = top + i * bl.buttonStep;
      out += hot(c, moves, rect(bx, by, bl.buttonW, bl.buttonH, "#17324D", {rx: 20}) +
        txt(c, bx + bl.buttonW / 2, by + bl.buttonH / 2 + 6, c.ui.t(label), {size: 17, bold: true, fill: "#fff", anchor: "middle", max: bl.buttonW - 16}), "button " + label);
    });
    return {svg: out, h: h};
  }

  /** @param {TakeStockBoard} c */
  function marketRow(c, y, stock, longest) {
    const L = stock.letter;
    const s = STOCKS[L];
    const {W, M, market: ml} = c.L;
    const COL = ml.col;
    const moves = rowMoves(c, L);
    let out = rect(M, y, W - 2 * M, ml.rowH, s.tint, {stroke: moves.length ? "#E0B200" : s.color, sw: moves.length ? 4 : 1.5, rx: 10});
    out += rect(M, y, ml.tileW, ml.rowH, s.color, {rx: 10});
    out += txt(c, M + ml.mark.x, y + ml.mark.y, stockMark(c, L), {size: ml.mark.size, bold: true, fill: "#fff"});
    out += txt(c, M + ml.name.x, y + ml.name.y, stockName(c, L), {size: ml.name.size, bold: true, fill: "#fff", max: ml.name.max});
    const cd = ml.card;
    // a long row on a narrow board shows its last cards (cards at least cd.least apart), the
    // bottom one setting the value; its length is written beside the row
    const room = COL.cardsEnd - COL.cards - cd.w;
    const cards = cd.least ? stock.cards.slice(-Math.floor(room / cd.least) - 1) : stock.cards;
    const n = cards.length;
    const step = n > 1 ? Math.min(cd.step, room / (n - 1)) : 0;
    cards.forEach((card, i) => { out += S.keyed(c.key("card:" + card), shareCard(c, COL.cards + i * step, y + cd.y, cd.w, cd.h, card, {filled: i === n - 1})); });
    if (stock.frozen) {
      const label = c.ui.t("Frozen") + (stock.frozen > 1 ? " ×" + stock.frozen : "");
      const fw = Math.min(200, COL.cardsEnd - COL.cards, textWidth(label, 20) * 1.12 + 52);
      out += rect(COL.cards - 6, y + 3, COL.cardsEnd - COL.cards + 10, ml.rowH - 6, "#BFE4FF", {opacity: 0.45, rx: 8});
      const after = COL.cards + (n - 1) * step + cd.w + 14;
      const fx = after + fw <= COL.cardsEnd ? after : COL.cards - 2;
      const fy = y + cd.y + cd.h / 2 - 18;
      out += rect(fx, fy, fw, 36, "#E3F3FF", {stroke: "#1769AA", sw: 2, rx: 18});
      out += snowflake(fx + 20, fy + 18, 10, "#1769AA");
      out += txt(c, fx + 36, fy + 25, label, {size: 20, bold: true, fill: "#0D4F86", max: fw - 44});
    }
    const isLongest = stock.length === longest;
    if (ml.details) {
      const length = c.ui.t("Length") + " " + stock.length;
      const dy = y + ml.rowH - 10;
      out += txt(c, COL.cards, dy, length, {size: 13, bold: isLongest, fill: isLongest ? "#7A5500" : "#333"});
      if (stock.splits) out += txt(c, COL.cardsEnd, dy, c.ui.t("Splits") + " " + stock.splits, {size: 13, bold: true, fill: "#333", anchor: "end"});
    } else {
      if (stock.splits) {
        for (let k = 0; k < Math.min(stock.splits, 4); k++) {
          out += rect(COL.splits - 30 + k * 6, y + 12 + k * 4, 32, 44, s.color, {stroke: "#fff", sw: 1.5, rx: 4});
        }
        out += txt(c, COL.splits - 14 + Math.min(stock.splits - 1, 3) * 6, y + 42 + Math.min(stock.splits - 1, 3) * 4, String(stock.splits), {size: 20, bold: true, fill: "#fff", anchor: "middle"});
      } else {
        out += txt(c, COL.splits, y + 45, "–", {size: 22, fill: "#6a6a6a", anchor: "middle"});
      }
      out += txt(c, COL.length, y + 45, String(stock.length), {size: 22, bold: isLongest, fill: isLongest ? "#8D6200" : "#333", anchor: "middle"});
    }
    const pr = ml.price;
    out += rect(COL.price, y + pr.y, COL.priceW, pr.h, "#fff", {stroke: s.color, sw: 2, rx: 8});
    const px = COL.price + COL.priceW / 2;
    const mid = y + pr.y + pr.h / 2 + (pr.label ? 6 : 0);
    if (pr.label) out += txt(c, px, y + pr.y + 17, c.ui.t("Price"), {size: 13, fill: "#555", anchor: "middle", max: COL.priceW - 6});
    if (stock.splits) {
      out += txt(c, px, mid + 2, String(stock.price), {size: pr.size, bold: true, fill: s.color, anchor: "middle"});
      out += txt(c, px, mid + 22, stock.value + " × " + (stock.splits + 1), {size: pr.small, fill: "#666", anchor: "middle"});
    } else {
      out += txt(c, px, mid + 10, String(stock.price), {size: pr.size, bold: true, fill: s.color, anchor: "middle"});
    }
    const f = S.lastFields(c.p);
    const touched = f.stock === L || (typeof f.card === "string" && f.card[0] === L);
    return S.keyed(c.key("row:" + L), hot(c, moves, S.mark(touched, out), "row " + L));
  }

  /** @param {TakeStockBoard} c */
  function market(c, y) {
    const v = c.v;
    const {W, M, market: ml} = c.L;
    const COL = ml.col;
    let out = txt(c, M, y + 26, c.ui.t("Market"), {size: 22, bold: true});
    const limit = c.ui.t("Holding limit {n} (the longest row)", {n: v.hold_limit});
    if (ml.limitBelow) {
      const lw = Math.min(W - 2 * M, textWidth(limit, 16) * 1.12 + 28);
      out += rect(M, y + 38, lw, 32, "#FFE69A", {stroke: "#966700", sw: 1.5, rx: 16});
      out += txt(c, M + lw / 2, y + 59, limit, {size: 16, bold: true, fill: "#6B4A00", anchor: "middle", max: lw - 20});
    } else {
      const lw = Math.min(560, W - 2 * M - 110, textWidth(limit, 18) + 28);
      out += rect(W - M - lw, y + 2, lw, 32, "#FFE69A", {stroke: "#966700", sw: 1.5, rx: 16});
      out += txt(c, W - M - lw / 2, y + 24, limit, {size: 18, bold: true, fill: "#6B4A00", anchor: "middle", max: lw - 20});
    }
    if (ml.heads) {
      const hy = y + 60;
      const head = {size: 16, fill: "#555", anchor: "middle", max: ml.headMax};
      out += txt(c, M + ml.tileW / 2, hy, c.ui.t("Stock"), {...head, max: 110});
      out += txt(c, (COL.cards + COL.cardsEnd) / 2, hy, c.ui.t("Row"), {...head, max: 110});
      out += txt(c, COL.splits, hy, c.ui.t("Splits"), head);
      out += txt(c, COL.length, hy, c.ui.t("Length"), head);
      out += txt(c, COL.price + COL.priceW / 2, hy, c.ui.t("Price"), {...head, max: 110});
    }
    const longest = Math.max(...v.stocks.map((s) => s.length));
    v.stocks.forEach((stock, i) => { out += marketRow(c, y + ml.rowsY + i * ml.rowStep, stock, longest); });
    return {svg: out, h: ml.rowsY + 5 * ml.rowStep - 8};
  }

  /** Drawn events (to choose from) and held events of the viewer: rows of event cards. */
  /** @param {TakeStockBoard} c */
  function eventRow(c, y, title, items) {
    const {M, events: el} = c.L;
    const rowH = items.some((it) => it.moves.length) ? 126 : 98;
    let out = txt(c, M, y + 22, title, {size: 20, bold: true});
    items.forEach((it, i) => {
      const x = M + (i % el.cols) * (el.w + 12);
      const ey = y + 34 + Math.floor(i / el.cols) * rowH;
      let card = eventCard(c, x, ey, el.w, it.kind, it.footer, {hot: it.moves.length > 0, dim: it.dim});
      if (it.moves.length) card += pill(c, x + 8, ey + 92, it.label, "#17324D")[0];
      out += hot(c, it.moves, card, it.what + " " + it.kind);
    });
    return {svg: out, h: 34 + Math.ceil(items.length / el.cols) * rowH - 12};
  }

  function tagsFor(moves, card) {
    const tags = [];
    const has = (test) => moves.some((m) => test(m.fields));
    if (has((f) => f.kind === "play")) tags.push(N_("Manipulate"));
    if (has((f) => f.kind === "buy" && f.card === card)) tags.push(N_("Buy stock"));
    if (has((f) => f.kind === "insider")) tags.push(N_("Insider trade"));
    if (has((f) => f.kind === "exercise")) tags.push(N_("Use an option"));
    return tags;
  }

  /** One hand card at (x, top), w wide: its face, a gold ground when it takes moves, the kinds
   * of move under it (each tag one line of at most `tagMax`, or wrapped when `wrapTags`);
   * returns the markup and the height of its tags. @param {TakeStockBoard} c */
  function handCard(c, x, top, card, pos, o) {
    const moves = cardMoves(c, card, pos);
    let g = "";
    if (moves.length) g += rect(x - 5, top - 5, o.w + 10, o.h + 10, "#FFD54F", {rx: 12});
    g += S.keyed(c.key("card:" + card), shareCard(c, x, top, o.w, o.h, card, {big: true}));
    const line = o.tag + 5;
    let lines = 0;
    for (const tag of tagsFor(moves, card)) {
      const words = o.wrapTags ? wrap(c.ui.t(tag), o.tag, o.tagMax / 1.12) : [c.ui.t(tag)];
      for (const l of words) {
        g += txt(c, x + o.w / 2, top + o.h + 26 + lines * line, l, {size: o.tag, anchor: "middle", fill: "#6B4A00", bold: true, max: o.tagMax, min: o.wrapTags ? 12 : 14});
        lines += 1;
      }
    }
    return {svg: hot(c, moves, g, "hand " + card), h: lines * line};
  }

  /** @param {TakeStockBoard} c */
  function hand(c, y) {
    const v = c.v;
    const {W, M, hand: hl} = c.L;
    const cards = v.hand || [];
    let out = txt(c, M, y + 22, c.ui.t("Your hand") + " (" + cards.length + ")", {size: 20, bold: true});
    let top = y + 40;
    if (v.exercising) {
      const chosen = v.exercising.length ? v.exercising.map((x) => cardWords(c, x)).join(", ") : c.ui.t("(none)");
      const options = c.ui.t("Your options: {cards}", {cards: chosen});
      if (hl.grid) {
        out += txt(c, M, y + 50, options, {size: 16, fill: "#1B5E20", bold: true, max: W - 2 * M});
        top += 30;
      } else {
        out += txt(c, W - M, y + 22, options, {size: 17, anchor: "end", fill: "#1B5E20", bold: true, max: 560});
      }
    }
    if (!cards.length) return {svg: out + txt(c, M, top + 16, c.ui.t("(none)"), {size: 17, fill: "#6f6f6f"}), h: top - y + 26};
    if (!hl.grid) {
      const step = cards.length > 1 ? Math.min(102, (W - 2 * M - hl.cw) / (cards.length - 1)) : 0;
      let tagsH = 0;
      cards.forEach((card, i) => {
        const r = handCard(c, M + i * step, top, card, i, {w: hl.cw, h: hl.ch, tag: hl.tag, tagMax: step - 4, wrapTags: false});
        out += r.svg;
        tagsH = Math.max(tagsH, r.h);
      });
      return {svg: out, h: 180 + tagsH};
    }
    for (let first = 0; first < cards.length; first += hl.cols) {
      let tagsH = 0;
      cards.slice(first, first + hl.cols).forEach((card, k) => {
        const r = handCard(c, M + k * (hl.cw + hl.gap), top, card, first + k, {w: hl.cw, h: hl.ch, tag: hl.tag, tagMax: hl.cw + hl.gap + 4, wrapTags: true});
        out += r.svg;
        tagsH = Math.max(tagsH, r.h);
      });
      top += hl.ch + 14 + (tagsH ? tagsH + 8 : 0);
    }
    return {svg: out, h: top - y - 14};
  }

  /** @param {TakeStockBoard} c */
  function yours(c, y) {
    const v = c.v;
    if (c.p.seat === null || c.p.seat === undefined || !v.hand) return {svg: "", h: 0};
    let out = "";
    let h = 0;
    const add = (r) => { out += r.svg; h += r.h + 14; };
    if (v.drawn_events && v.drawn_events.length) {
      const choosing = v.phase === "choose-event";
      add(eventRow(c, y + h, c.ui.t("You drew"), v.drawn_events.map((kind) => ({
        what: "drawn", kind: kind, footer: choosing ? "" : c.ui.t("Discarded face down next"), moves: movesFor(c, (f) => f.kind === "choose" && f.event === kind), label: c.ui.t("Execute"),
      }))));
    }
    if (!c.p.over || v.hand.length) add(hand(c, y + h));
    const held = v.held_events || [];
    if (held.length) {
      add(eventRow(c, y + h, c.ui.t("Your held events"), held.map((e) => {
        const later = !e.usable && !c.p.over;
        const moves = movesFor(c, (f) => f.kind === "trigger" && f.event === e.event);
        return {
          what: "held", kind: e.event, dim: later, moves: moves, label: c.ui.t("Trigger"),
          footer: later ? c.ui.t("Usable next round") : c.ui.t("Drawn in round {r}", {r: e.round}),
        };
      })));
    }
    return {svg: out, h: h - 14};
  }

  /** A player panel's height: the wide one has its counts on the right, the compact one (a
   * panel narrower than 420) under the shares, and its badges on a line of their own. */
  function panelHeight(compact) { return compact ? 268 : 196; }

  /** @param {TakeStockBoard} c */
  function playerPanel(c, x, y, w, q, compact) {
    const v = c.v;
    const seat = v.seats[q];
    const toMove = c.p.to_move === q;
    const winner = (c.p.winners || []).includes(q);
    const h = panelHeight(compact);
    const dy = compact ? 22 : 0; // the compact panel's rows under its badges
    const moves = movesFor(c, (f) => f.kind === "target" && f.seat === q);
    let out = rect(x, y, w, h, toMove ? "#FFF8DC" : "#fff", {stroke: toMove || moves.length ? "#E0A800" : winner ? "#966700" : "#C5CED8", sw: toMove || moves.length || winner ? 4 : 1.5, rx: 12});
    out += rect(x, y, 12, h, PLAYER_COLORS[q % 6], {rx: 6});
    out += txt(c, x + 24, y + 30, c.ui.seatName(q), {size: 20, bold: true, max: w - (compact ? 110 : 150), fill: PLAYER_COLORS[q % 6]});
    out += txt(c, x + w - 16, y + 22, c.ui.t("Total"), {size: 14, fill: "#666", anchor: "end"});
    out += txt(c, x + w - 16, y + 52, String(seat.total), {size: 30, bold: true, anchor: "end"});
    const badges = [];
    if (toMove) badges.push([c.ui.t("Now playing"), "#E0A800", "#3A2A00"]);
    if (winner) badges.push([c.ui.t("Winner"), "#966700"]);
    if (v.dealer === q) badges.push([c.ui.t("Dealer"), "#546E7A"]);
    if (seat.frozen) badges.push([c.ui.t("No Buy this round"), "#3076A5"]);
    if (seat.exercise_decided === true) badges.push([c.ui.t("Options decided"), "#2A7E4F"]);
    if (seat.exercise_decided === false) badges.push([c.ui.t("Deciding options"), "#69717B"]);
    let bx = x + 24;
    for (const [label, fill, ink] of badges) {
      const [svg, bw] = pill(c, bx, y + 40 + dy, label, fill, ink);
      if (bx + bw > x + w - (compact ? 16 : 110)) break;
      out += svg;
      bx += bw + 6;
    }
    if (seat.round_scores.length) {
      out += txt(c, x + 24, y + 84 + dy, c.ui.t("Round scores: {list}", {list: seat.round_scores.join(" · ")}), {size: 16, fill: "#444", max: w - 40});
    }
    out += txt(c, x + 24, y + 106 + dy, c.ui.t("Certificates") + " (" + seat.certificates.length + ")", {size: 15, fill: "#555", max: compact ? w - 40 : 270});
    const certs = seat.certificates;
    const room = compact ? w - 48 : 282;
    const step = certs.length > 1 ? Math.min(compact ? 48 : 42, (room - 36) / (certs.length - 1)) : 0;
    certs.forEach((card, i) => {
      const auditMoves = movesFor(c, (f) => f.kind === "audit" && f.card === card);
      let g = auditMoves.length ? rect(x + 19 + i * step, y + 109 + dy, 46, 58, "#FFD54F", {rx: 7}) : "";
      g += S.keyed(c.key("card:" + card), certCard(c, x + 24 + i * step, y + 114 + dy, card));
      out += hot(c, auditMoves, g, "certificate " + card);
    });
    if (!certs.length) out += txt(c, x + 24, y + 140 + dy, c.ui.t("(none)"), {size: 15, fill: "#6a6a6a"});
    let sx = x + 24;
    // a compact panel packs its share chips closer when five do not fit, and says "shares"
    // after them only where the word fits
    const held = seat.shares.filter((n) => n).length;
    const chipStep = compact && held > 1 ? Math.min(56, (w - 40 - 50) / (held - 1)) : 56;
    const chipW = Math.min(50, chipStep - 4);
    seat.shares.forEach((n, s) => {
      if (!n) return;
      const L = LETTERS[s];
      out += S.keyed(c.key(`shares:${q}:${L}`), rect(sx, y + 168 + dy, chipW, 22, STOCKS[L].color, {rx: 11}) + txt(c, sx + chipW / 2, y + 184 + dy, stockMark(c, L) + " " + n, {size: 14, bold: true, fill: "#fff", anchor: "middle"}));
      sx += chipStep;
    });
    const sharesWord = c.ui.t("shares");
    const fits = !compact || sx - chipStep + chipW + 8 + textWidth(sharesWord, 14) <= x + w - 10;
    if (sx > x + 24 && fits) out += txt(c, sx + 2, y + 184 + dy, sharesWord, {size: 14, fill: "#666"});
    const stats = [
      [c.ui.t("Option tokens"), seat.tokens],
      [c.ui.t("Hand cards"), seat.hand_size],
      [c.ui.t("Held events"), seat.held],
    ];
    if (compact) {
      // three cells as wide as their labels want, shared out over the panel's width
      const wants = stats.map(([label]) => textWidth(label, 14) + 20);
      const cells = wants.map((k) => (k * (w - 40)) / wants.reduce((a, b) => a + b));
      stats.forEach(([label, n], i) => {
        const cx = x + 24 + (i ? cells[0] + (i - 1) * cells[1] : 0);
        out += txt(c, cx, y + 234, label, {size: 14, fill: "#444", max: cells[i] - 5, min: 12});
        out += txt(c, cx + (i ? 0 : 20), y + 258, String(n), {size: 19, bold: true});
      });
      out += `<circle cx="${x + 31}" cy="${y + 251}" r="6" fill="#F2B705" stroke="#8D6200"/>`;
    } else {
      stats.forEach(([label, n], i) => {
        const sy = y + 106 + i * 28;
        out += txt(c, x + w - 150, sy + 16, label, {size: 16, fill: "#444", max: 108});
        out += txt(c, x + w - 16, sy + 16, String(n), {size: 19, bold: true, anchor: "end"});
      });
      out += `<circle cx="${x + w - 158}" cy="${y + 116}" r="6" fill="#F2B705" stroke="#8D6200"/>`;
    }
    return hot(c, moves, out, "seat " + q);
  }

  /** @param {TakeStockBoard} c */
  function players(c, y) {
    const n = c.v.seats.length;
    const {W, M, players: pl} = c.L;
    const w = (W - 2 * M - (pl.cols - 1) * 20) / pl.cols;
    const compact = w < 420;
    const step = panelHeight(compact) + 16;
    let out = txt(c, M, y + 22, c.ui.t("The players"), {size: 22, bold: true});
    for (let q = 0; q < n; q++) out += S.keyed(c.key("player:" + q), playerPanel(c, M + (q % pl.cols) * (w + 20), y + 36 + Math.floor(q / pl.cols) * step, w, q, compact));
    return {svg: out, h: 36 + Math.ceil(n / pl.cols) * step - 16};
  }

  /** @param {TakeStockBoard} c */
  /** A pile's box; its contents `dy` lower when its title may take two lines (titleLines). */
  function pileBox(c, x, y, w, title, count, lines, o) {
    o = o || {};
    const dy = o.dy || 0;
    let out = rect(x, y, w, 126 + dy, o.hot ? "#FFF6CC" : "#F4F6F8", {stroke: o.hot ? "#E0A800" : "#C5CED8", sw: o.hot ? 4 : 1.5, rx: 10});
    const titles = dy ? titleLines(title, w) : [title];
    titles.forEach((t, i) => { out += txt(c, x + 12, y + 24 + i * 18, t, {size: 15, bold: true, fill: "#444", max: w - 24}); });
    out += txt(c, x + 12, y + dy + 60, String(count), {size: 30, bold: true});
    out += o.extra || "";
    lines.slice(0, 2).forEach((l, i) => { out += txt(c, x + 12, y + dy + 88 + i * 20, l, {size: 15, fill: "#444", max: w - 20}); });
    return out;
  }

  /** A pile's title in lines of a box `w` wide (two at most; bold text is 1.12 wider). */
  function titleLines(title, w) { return wrap(title, 15, (w - 24) / 1.12).slice(0, 2); }

  /** @param {TakeStockBoard} c */
  function piles(c, y) {
    const v = c.v;
    const {W, M, piles: pl} = c.L;
    const cw = (W - 2 * M - (pl.cols - 1) * 10) / pl.cols;
    const by = y + 34;
    // pile i's box: left, top and width from its cell
    const bx = (i) => M + pl.cells[i][0] * (cw + 10);
    const bw = (i) => pl.cells[i][2] * cw + (pl.cells[i][2] - 1) * 10;
    const titles = [N_("Share draw pile"), N_("Share discard pile"), N_("Event deck"), N_("Event discard pile"), N_("Token supply")];
    // off the wide board, a title too long for its box takes two lines in every box
    const dy = c.L.kind !== "wide" && titles.some((t, i) => titleLines(c.ui.t(t), bw(i)).length > 1) ? 18 : 0;
    const bt = (i) => by + pl.cells[i][1] * (136 + dy);
    let out = txt(c, M, y + 22, c.ui.t("Decks and piles"), {size: 22, bold: true});
    out += pileBox(c, bx(0), bt(0), bw(0), c.ui.t(titles[0]), v.share_draw, [], {dy: dy});
    const top = v.share_discard.slice(-4);
    let faces = "";
    const fx = bx(1) + Math.min(70, bw(1) - 104);
    top.forEach((card, i) => { faces += shareCard(c, fx + i * 24, bt(1) + dy + 34, 28, 38, card); });
    out += pileBox(c, bx(1), bt(1), bw(1), c.ui.t(titles[1]), v.share_discard.length, [], {extra: faces, dy: dy});
    const pos = v.market_closed_position;
    const mc = pos === null || pos === undefined ? c.ui.t("Market Closed has been drawn") : c.ui.t("Market Closed: card {n} from the top", {n: pos});
    const evMoves = movesFor(c, (f) => f.kind === "event1" || f.kind === "event2");
    let deck = pileBox(c, bx(2), bt(2), bw(2), c.ui.t(titles[2]), v.event_deck, wrap(mc, 15, bw(2) - 20), {hot: evMoves.length > 0, dy: dy});
    if (evMoves.length) deck += pill(c, bx(2) + 62, bt(2) + dy + 40, c.ui.t("Make an event"), "#17324D")[0];
    out += hot(c, evMoves, deck, "event deck");
    const disc = v.event_discard || [];
    const last = disc.length ? disc[disc.length - 1] : null;
    const topName = last === "?" ? c.ui.t("face down") : last === null ? "" : eventName(c, last);
    const lastText = last === null ? [] : wrap(c.ui.t("Top: {card}", {card: topName}), 15, bw(3) - 20);
    out += pileBox(c, bx(3), bt(3), bw(3), c.ui.t(titles[3]), disc.length, lastText, {dy: dy});
    out += pileBox(c, bx(4), bt(4), bw(4), c.ui.t(titles[4]), v.token_supply, [],
      {dy: dy, extra: `<circle cx="${bx(4) + Math.min(80, bw(4) - 40)}" cy="${bt(4) + dy + 50}" r="11" fill="#F2B705" stroke="#8D6200" stroke-width="2"/>`});
    const rows = Math.max(...pl.cells.map((cell) => cell[1])) + 1;
    return {svg: out, h: 34 + rows * (136 + dy) - 10};
  }

  // ------------------------------------------------------------------ entry point
  const REGIONS = [market, yours, players, piles];

  /** The regions under the banner in the order drawn: on the wide board market, yours,
   * players, piles; on a narrower one those holding a move of the viewer's first (their hand
   * and events before the market, the players, the piles), then the rest as on the wide one.
   * @param {Layout} L @param {{svg: string, h: number}[]} drawn (in REGIONS' order) */
  function regionOrder(L, drawn) {
    const natural = [0, 1, 2, 3];
    if (L.kind === "wide") return natural;
    const acts = (i) => drawn[i].svg.includes('class="hot"');
    return [1, 0, 2, 3].filter(acts).concat(natural.filter((i) => !acts(i)));
  }

  /** What the drawing functions share: the payload, its view, the words, the legal moves and
   * the layout.
   * @typedef {{p: TakeStockPayload, v: TakeStockView, ui: Ui, moves: ReturnType<typeof parseMoves>,
   *   key: (name: string) => string, L: Layout}} TakeStockBoard */
  /** @param {TakeStockPayload} payload @param {Ui} ui @returns {string} */
  function render(payload, ui) {
    const L = layoutFor(ui.width);
    const c = {p: payload, v: payload.view, ui: ui, moves: parseMoves(payload.legal), key: S.keyer(), L: L};
    let y = 0;
    let body = "";
    const place = (r, svg) => {
      if (!r.h) return;
      body += svg;
      y += r.h + (y ? 16 : 0);
    };
    for (const section of [header, banner]) {
      const r = section(c, y + (y ? 16 : 0));
      place(r, r.svg);
    }
    if (L.kind === "wide") {
      for (const section of REGIONS) {
        const r = section(c, y + (y ? 16 : 0));
        place(r, r.svg);
      }
    } else {
      // drawn in the wide board's order (so the keys of equal cards are given alike), each
      // from 0, then moved to its place
      const drawn = REGIONS.map((section) => section(c, 0));
      for (const i of regionOrder(L, drawn)) {
        place(drawn[i], `<g transform="translate(0 ${y + 16})">${drawn[i].svg}</g>`);
      }
    }
    const {W, M} = L;
    const H = Math.ceil(y + M);
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" ` +
      `font-family="${FONT}" role="group" aria-label="${ui.esc(ui.t("Take Stock"))}">` +
      `<style>.hot:hover{filter:brightness(1.06) drop-shadow(0 0 4px #E0A800)}</style>` +
      rect(0, 0, W, H, "#FAFAF5", {rx: 0}) + body + "</svg>";
  }

  // ------------------------------------------------------------------ decisions in parts
  /* The table page (table.js, "decisions in parts") calls decisions[kind](moves, ctx) when
   * moves of that kind are clicked; ctx: live() the newest payload, ui (board words),
   * legalOf(p, fields), moveOf(action), current() the open decision. Null: play normally. */

  /** Round end: the hand cards whose options are used (one move: the set). */
  function exerciseDecision(ctx) {
    const live = ctx.live();
    const hand = live.view.hand || [];
    const sets = live.legal.filter((m) => m.fields.kind === "exercise");
    const usable = new Set(sets.flatMap((m) => m.fields.positions));
    const chosen = new Set();
    const match = () => sets.find((m) => m.fields.positions.length === chosen.size &&
      m.fields.positions.every((q) => chosen.has(q)));
    return {kind: "exercise", chosen: chosen,
      marks: (acts) => {
        const ms = acts.map(ctx.moveOf).filter((m) => m && m.fields.kind === "exercise");
        if (ms.length < 2) return false;
        const common = ms[0].fields.positions.filter((q) => ms.every((m) => m.fields.positions.includes(q)));
        return common.some((q) => chosen.has(q));
      },
      take: (moves, kind) => {
        if (kind !== "exercise") return false;
        if (moves.length === 1) { chosen.clear(); moves[0].fields.positions.forEach((q) => chosen.add(q)); return true; }
        const common = moves[0].fields.positions.filter((q) => moves.every((m) => m.fields.positions.includes(q)));
        common.forEach((q) => { if (chosen.has(q)) chosen.delete(q); else chosen.add(q); });
        return true;
      },
      body: () => {
        const ui = ctx.ui;
        const m = match();
        return `<div class="summary">${ui.esc(ui.t("Choose the cards whose options you use."))}</div>` +
          `<div class="choices">${hand.map((card, i) => usable.has(i + 1) ?
            `<button type="button" data-compose="pos" data-pos="${i + 1}" aria-pressed="${chosen.has(i + 1)}">${ui.esc(cardName(ui, card))}</button>` : "").join("")}</div>` +
          `<div class="muted">${ui.esc(m ? ui.moveLine(m) : ui.t("This set of cards is not a legal choice."))}</div>`;
      },
      confirmText: () => {
        const ui = ctx.ui;
        return ui.t("Use these options");
      },
      ready: () => Boolean(match()),
      steps: () => [{kind: "exercise", positions: match().fields.positions}],
      phases: [live.view.phase], waits: false,
      button: (what, el) => {
        const q = Number(el.getAttribute("data-pos"));
        if (chosen.has(q)) chosen.delete(q); else chosen.add(q);
      },
    };
  }

  const decisions = {
    /** A card that is in several exercise sets starts (or changes) the set; one set plays. */
    exercise: (moves, ctx) => {
      if (moves.length <= 1) return null;
      const decision = exerciseDecision(ctx);
      decision.take(moves, "exercise");
      return decision;
    },
  };

  window.BazaarRenderers = window.BazaarRenderers || {};
  window.BazaarRenderers["take-stock"] = {render: render, decisions: decisions};
})();
