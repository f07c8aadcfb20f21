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

  /** An event card face: coloured band with the event's name, a second line, a footer. */
  /** @param {TakeStockBoard} c */
  function eventCard(c, x, y, kind, footer, o) {
    o = o || {};
    const p = eventParts(kind);
    const color = p.letter ? STOCKS[p.letter].color : EVENT_COLORS[p.base] || "#555";
    const w = 180;
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
  function header(c, y) {
    const v = c.v;
    let out = rect(0, y, W, 70, "#17324D", {rx: 0});
    out += txt(c, M, y + 31, c.ui.t("Take Stock"), {size: 24, bold: true, fill: "#fff", max: 250});
    out += txt(c, M, y + 58, c.ui.t("Round {r} of {n}", {r: v.round, n: v.rounds}), {size: 18, bold: true, fill: "#FFD166"});
    out += txt(c, 240, y + 58, c.ui.t("Dealer: {name}", {name: c.ui.seatName(v.dealer)}), {size: 16, fill: "#D6E2EE", max: 300});
    let status;
    if (c.p.over) status = c.ui.t("Game over");
    else if (c.p.to_move !== null && c.p.to_move !== undefined) status = c.ui.t("{who} to move", {who: c.ui.seatName(c.p.to_move)});
    else status = "";
    out += txt(c, W - M, y + 31, status, {size: 20, bold: true, fill: "#fff", anchor: "end", max: 420});
    if (!c.p.over) out += txt(c, W - M, y + 58, c.ui.t(PHASES[v.phase] || v.phase), {size: 16, fill: "#D6E2EE", anchor: "end", max: 420});
    return {svg: out, h: 70};
  }

  /** @param {TakeStockBoard} c */
  function finalResult(c, y) {
    const v = c.v;
    const scores = c.p.scores || v.seats.map((s) => s.total);
    const winners = c.p.winners || [];
    const order = scores.map((s, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
    const h = 62 + order.length * 32;
    let out = rect(M, y, W - 2 * M, h, "#FFF8E1", {stroke: "#E0B200", sw: 3, rx: 12});
    out += txt(c, M + 20, y + 32, c.ui.t("Final result"), {size: 22, bold: true});
    const names = winners.map((s) => c.ui.seatName(s)).join(", ");
    const line = winners.length > 1 ? c.ui.t("Shared win: {names}", {names: names}) : c.ui.t("Winner: {names}", {names: names});
    if (winners.length) out += txt(c, W - M - 20, y + 32, line, {size: 20, bold: true, fill: "#8D6200", anchor: "end", max: 560});
    order.forEach((seat, i) => {
      const ry = y + 50 + i * 32;
      const win = winners.includes(seat);
      if (win) out += rect(M + 12, ry, W - 2 * M - 24, 30, "#FFE69A", {rx: 6});
      out += txt(c, M + 30, ry + 22, String(i + 1) + ".", {size: 18, bold: true});
      out += rect(M + 62, ry + 7, 16, 16, PLAYER_COLORS[seat % 6], {rx: 8});
      out += txt(c, M + 88, ry + 22, c.ui.seatName(seat), {size: 18, bold: win, max: 480});
      if (win) out += pill(c, W - M - 250, ry + 4, c.ui.t("Winner"), "#966700")[0];
      out += txt(c, W - M - 30, ry + 22, String(scores[seat]), {size: 20, bold: true, anchor: "end"});
    });
    return {svg: out, h: h};
  }

  /** @param {TakeStockBoard} c */
  function banner(c, y) {
    if (c.p.over) return finalResult(c, y);
    const v = c.v;
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
    const textMax = W - 2 * M - 30 - (buttons.length ? 200 : 0);
    const rows = [];
    for (const [s, color, bold] of lines) for (const l of wrap(s, 18, textMax)) rows.push([l, color, bold]);
    const h = Math.max(rows.length * 26 + 22, buttons.length * 50 + 10);
    let out = rect(M, y, W - 2 * M, h, mine ? "#FFF6CC" : "#EEF3F8", {stroke: mine ? "#E0B200" : "#B8C7D6", sw: 2, rx: 10});
    rows.forEach(([l, color, bold], i) => { out += txt(c, M + 16, y + 30 + i * 26, l, {size: 18, fill: color, bold: bold}); });
    buttons.forEach(([moves, label], i) => {
      const by = y + 10 + i * 50;
      out += hot(c, moves, rect(W - M - 200, by, 186, 40, "#17324D", {rx: 20}) +
        txt(c, W - M - 107, by + 26, c.ui.t(label), {size: 17, bold: true, fill: "#fff", anchor: "middle", max: 170}), "button " + label);
    });
    return {svg: out, h: h};
  }

  const COL = {cards: 182, cardsEnd: 596, splits: 660, length: 770, price: 830, priceW: 150};

  /** @param {TakeStockBoard} c */
  function marketRow(c, y, stock, longest) {
    const L = stock.letter;
    const s = STOCKS[L];
    const moves = rowMoves(c, L);
    let out = rect(M, y, W - 2 * M, 72, s.tint, {stroke: moves.length ? "#E0B200" : s.color, sw: moves.length ? 4 : 1.5, rx: 10});
    out += rect(M, y, 150, 72, s.color, {rx: 10});
    out += txt(c, M + 14, y + 49, stockMark(c, L), {size: 34, bold: true, fill: "#fff"});
    out += txt(c, M + 50, y + 46, stockName(c, L), {size: 19, bold: true, fill: "#fff", max: 94});
    const n = stock.cards.length;
    const cw = 44;
    const step = n > 1 ? Math.min(50, (COL.cardsEnd - COL.cards - cw) / (n - 1)) : 0;
    stock.cards.forEach((card, i) => { out += S.keyed(c.key("card:" + card), shareCard(c, COL.cards + i * step, y + 6, cw, 60, card, {filled: i === n - 1})); });
    if (stock.frozen) {
      const label = c.ui.t("Frozen") + (stock.frozen > 1 ? " ×" + stock.frozen : "");
      const fw = Math.min(200, textWidth(label, 20) * 1.12 + 52);
      out += rect(COL.cards - 6, y + 3, COL.cardsEnd - COL.cards + 10, 66, "#BFE4FF", {opacity: 0.45, rx: 8});
      const after = COL.cards + (n - 1) * step + cw + 14;
      const fx = after + fw <= COL.cardsEnd ? after : COL.cards - 2;
      out += rect(fx, y + 18, fw, 36, "#E3F3FF", {stroke: "#1769AA", sw: 2, rx: 18});
      out += snowflake(fx + 20, y + 36, 10, "#1769AA");
      out += txt(c, fx + 36, y + 43, label, {size: 20, bold: true, fill: "#0D4F86", max: fw - 44});
    }
    if (stock.splits) {
      for (let k = 0; k < Math.min(stock.splits, 4); k++) {
        out += rect(COL.splits - 30 + k * 6, y + 12 + k * 4, 32, 44, s.color, {stroke: "#fff", sw: 1.5, rx: 4});
      }
      out += txt(c, COL.splits - 14 + Math.min(stock.splits - 1, 3) * 6, y + 42 + Math.min(stock.splits - 1, 3) * 4, String(stock.splits), {size: 20, bold: true, fill: "#fff", anchor: "middle"});
    } else {
      out += txt(c, COL.splits, y + 45, "–", {size: 22, fill: "#6a6a6a", anchor: "middle"});
    }
    const isLongest = stock.length === longest;
    out += txt(c, COL.length, y + 45, String(stock.length), {size: 22, bold: isLongest, fill: isLongest ? "#8D6200" : "#333", anchor: "middle"});
    out += rect(COL.price, y + 8, COL.priceW, 56, "#fff", {stroke: s.color, sw: 2, rx: 8});
    const px = COL.price + COL.priceW / 2;
    if (stock.splits) {
      out += txt(c, px, y + 38, String(stock.price), {size: 28, bold: true, fill: s.color, anchor: "middle"});
      out += txt(c, px, y + 58, stock.value + " × " + (stock.splits + 1), {size: 14, fill: "#666", anchor: "middle"});
    } else {
      out += txt(c, px, y + 46, String(stock.price), {size: 28, bold: true, fill: s.color, anchor: "middle"});
    }
    const f = S.lastFields(c.p);
    const touched = f.stock === L || (typeof f.card === "string" && f.card[0] === L);
    return S.keyed(c.key("row:" + L), hot(c, moves, S.mark(touched, out), "row " + L));
  }

  /** @param {TakeStockBoard} c */
  function market(c, y) {
    const v = c.v;
    let out = txt(c, M, y + 26, c.ui.t("Market"), {size: 22, bold: true});
    const limit = c.ui.t("Holding limit {n} (the longest row)", {n: v.hold_limit});
    const lw = Math.min(560, textWidth(limit, 18) + 28);
    out += rect(W - M - lw, y + 2, lw, 32, "#FFE69A", {stroke: "#966700", sw: 1.5, rx: 16});
    out += txt(c, W - M - lw / 2, y + 24, limit, {size: 18, bold: true, fill: "#6B4A00", anchor: "middle", max: lw - 20});
    const hy = y + 60;
    const head = {size: 16, fill: "#555", anchor: "middle", max: 110};
    out += txt(c, M + 75, hy, c.ui.t("Stock"), head);
    out += txt(c, (COL.cards + COL.cardsEnd) / 2, hy, c.ui.t("Row"), head);
    out += txt(c, COL.splits, hy, c.ui.t("Splits"), head);
    out += txt(c, COL.length, hy, c.ui.t("Length"), head);
    out += txt(c, COL.price + COL.priceW / 2, hy, c.ui.t("Price"), head);
    const longest = Math.max(...v.stocks.map((s) => s.length));
    v.stocks.forEach((stock, i) => { out += marketRow(c, y + 70 + i * 80, stock, longest); });
    return {svg: out, h: 70 + 5 * 80 - 8};
  }

  /** Drawn events (to choose from) and held events of the viewer: rows of event cards. */
  /** @param {TakeStockBoard} c */
  function eventRow(c, y, title, items) {
    const rowH = items.some((it) => it.moves.length) ? 126 : 98;
    let out = txt(c, M, y + 22, title, {size: 20, bold: true});
    items.forEach((it, i) => {
      const x = M + (i % 5) * 192;
      const ey = y + 34 + Math.floor(i / 5) * rowH;
      let card = eventCard(c, x, ey, it.kind, it.footer, {hot: it.moves.length > 0, dim: it.dim});
      if (it.moves.length) card += pill(c, x + 8, ey + 92, it.label, "#17324D")[0];
      out += hot(c, it.moves, card, it.what + " " + it.kind);
    });
    return {svg: out, h: 34 + Math.ceil(items.length / 5) * rowH - 12};
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

  /** @param {TakeStockBoard} c */
  function hand(c, y) {
    const v = c.v;
    const cards = v.hand || [];
    let out = txt(c, M, y + 22, c.ui.t("Your hand") + " (" + cards.length + ")", {size: 20, bold: true});
    if (v.exercising) {
      const chosen = v.exercising.length ? v.exercising.map((x) => cardWords(c, x)).join(", ") : c.ui.t("(none)");
      out += txt(c, W - M, y + 22, c.ui.t("Your options: {cards}", {cards: chosen}), {size: 17, anchor: "end", fill: "#1B5E20", bold: true, max: 560});
    }
    if (!cards.length) return {svg: out + txt(c, M, y + 56, c.ui.t("(none)"), {size: 17, fill: "#6f6f6f"}), h: 66};
    const cw = 92;
    const step = cards.length > 1 ? Math.min(102, (W - 2 * M - cw) / (cards.length - 1)) : 0;
    let tagRows = 0;
    cards.forEach((card, i) => {
      const moves = cardMoves(c, card, i);
      const x = M + i * step;
      let g = "";
      if (moves.length) g += rect(x - 5, y + 35, cw + 10, 138, "#FFD54F", {rx: 12});
      g += S.keyed(c.key("card:" + card), shareCard(c, x, y + 40, cw, 128, card, {big: true}));
      const tags = tagsFor(moves, card);
      tagRows = Math.max(tagRows, tags.length);
      tags.forEach((tag, k) => { g += txt(c, x + cw / 2, y + 194 + k * 20, c.ui.t(tag), {size: 15, anchor: "middle", fill: "#6B4A00", bold: true, max: step - 4}); });
      out += hot(c, moves, g, "hand " + card);
    });
    return {svg: out, h: 180 + tagRows * 20};
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

  /** @param {TakeStockBoard} c */
  function playerPanel(c, x, y, w, q) {
    const v = c.v;
    const seat = v.seats[q];
    const toMove = c.p.to_move === q;
    const winner = (c.p.winners || []).includes(q);
    const h = 196;
    const moves = movesFor(c, (f) => f.kind === "target" && f.seat === q);
    let out = rect(x, y, w, h, toMove ? "#FFF8DC" : "#fff", {stroke: toMove || moves.length ? "#E0A800" : winner ? "#966700" : "#C5CED8", sw: toMove || moves.length || winner ? 4 : 1.5, rx: 12});
    out += rect(x, y, 12, h, PLAYER_COLORS[q % 6], {rx: 6});
    out += txt(c, x + 24, y + 30, c.ui.seatName(q), {size: 20, bold: true, max: w - 150, fill: PLAYER_COLORS[q % 6]});
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
      const [svg, bw] = pill(c, bx, y + 40, label, fill, ink);
      if (bx + bw > x + w - 110) break;
      out += svg;
      bx += bw + 6;
    }
    if (seat.round_scores.length) {
      out += txt(c, x + 24, y + 84, c.ui.t("Round scores: {list}", {list: seat.round_scores.join(" · ")}), {size: 16, fill: "#444", max: w - 40});
    }
    out += txt(c, x + 24, y + 106, c.ui.t("Certificates") + " (" + seat.certificates.length + ")", {size: 15, fill: "#555", max: 270});
    const certs = seat.certificates;
    const step = certs.length > 1 ? Math.min(42, (282 - 36) / (certs.length - 1)) : 0;
    certs.forEach((card, i) => {
      const auditMoves = movesFor(c, (f) => f.kind === "audit" && f.card === card);
      let g = auditMoves.length ? rect(x + 19 + i * step, y + 109, 46, 58, "#FFD54F", {rx: 7}) : "";
      g += S.keyed(c.key("card:" + card), certCard(c, x + 24 + i * step, y + 114, card));
      out += hot(c, auditMoves, g, "certificate " + card);
    });
    if (!certs.length) out += txt(c, x + 24, y + 140, c.ui.t("(none)"), {size: 15, fill: "#6a6a6a"});
    let sx = x + 24;
    seat.shares.forEach((n, s) => {
      if (!n) return;
      const L = LETTERS[s];
      out += S.keyed(c.key(`shares:${q}:${L}`), rect(sx, y + 168, 50, 22, STOCKS[L].color, {rx: 11}) + txt(c, sx + 25, y + 184, stockMark(c, L) + " " + n, {size: 14, bold: true, fill: "#fff", anchor: "middle"}));
      sx += 56;
    });
    if (sx > x + 24) out += txt(c, sx + 2, y + 184, c.ui.t("shares"), {size: 14, fill: "#666"});
    const stats = [
      [c.ui.t("Option tokens"), seat.tokens],
      [c.ui.t("Hand cards"), seat.hand_size],
      [c.ui.t("Held events"), seat.held],
    ];
    stats.forEach(([label, n], i) => {
      const sy = y + 106 + i * 28;
      out += txt(c, x + w - 150, sy + 16, label, {size: 16, fill: "#444", max: 108});
      out += txt(c, x + w - 16, sy + 16, String(n), {size: 19, bold: true, anchor: "end"});
    });
    out += `<circle cx="${x + w - 158}" cy="${y + 116}" r="6" fill="#F2B705" stroke="#8D6200"/>`;
    return hot(c, moves, out, "seat " + q);
  }

  /** @param {TakeStockBoard} c */
  function players(c, y) {
    const n = c.v.seats.length;
    const w = (W - 2 * M - 20) / 2;
    let out = txt(c, M, y + 22, c.ui.t("The players"), {size: 22, bold: true});
    for (let q = 0; q < n; q++) out += S.keyed(c.key("player:" + q), playerPanel(c, M + (q % 2) * (w + 20), y + 36 + Math.floor(q / 2) * 212, w, q));
    return {svg: out, h: 36 + Math.ceil(n / 2) * 212 - 16};
  }

  /** @param {TakeStockBoard} c */
  function pileBox(c, x, y, w, title, count, lines, o) {
    o = o || {};
    let out = rect(x, y, w, 126, o.hot ? "#FFF6CC" : "#F4F6F8", {stroke: o.hot ? "#E0A800" : "#C5CED8", sw: o.hot ? 4 : 1.5, rx: 10});
    out += txt(c, x + 12, y + 24, title, {size: 15, bold: true, fill: "#444", max: w - 24});
    out += txt(c, x + 12, y + 60, String(count), {size: 30, bold: true});
    out += o.extra || "";
    lines.slice(0, 2).forEach((l, i) => { out += txt(c, x + 12, y + 88 + i * 20, l, {size: 15, fill: "#444", max: w - 20}); });
    return out;
  }

  /** @param {TakeStockBoard} c */
  function piles(c, y) {
    const v = c.v;
    const w = (W - 2 * M - 4 * 10) / 5;
    const bx = (i) => M + i * (w + 10);
    let out = txt(c, M, y + 22, c.ui.t("Decks and piles"), {size: 22, bold: true});
    const by = y + 34;
    out += pileBox(c, bx(0), by, w, c.ui.t("Share draw pile"), v.share_draw, []);
    const top = v.share_discard.slice(-4);
    let faces = "";
    top.forEach((card, i) => { faces += shareCard(c, bx(1) + 70 + i * 24, by + 34, 28, 38, card); });
    out += pileBox(c, bx(1), by, w, c.ui.t("Share discard pile"), v.share_discard.length, [], {extra: faces});
    const pos = v.market_closed_position;
    const mc = pos === null || pos === undefined ? c.ui.t("Market Closed has been drawn") : c.ui.t("Market Closed: card {n} from the top", {n: pos});
    const evMoves = movesFor(c, (f) => f.kind === "event1" || f.kind === "event2");
    let deck = pileBox(c, bx(2), by, w, c.ui.t("Event deck"), v.event_deck, wrap(mc, 15, w - 20), {hot: evMoves.length > 0});
    if (evMoves.length) deck += pill(c, bx(2) + 62, by + 40, c.ui.t("Make an event"), "#17324D")[0];
    out += hot(c, evMoves, deck, "event deck");
    const disc = v.event_discard || [];
    const last = disc.length ? disc[disc.length - 1] : null;
    const topName = last === "?" ? c.ui.t("face down") : last === null ? "" : eventName(c, last);
    const lastText = last === null ? [] : wrap(c.ui.t("Top: {card}", {card: topName}), 15, w - 20);
    out += pileBox(c, bx(3), by, w, c.ui.t("Event discard pile"), disc.length, lastText);
    out += pileBox(c, bx(4), by, w, c.ui.t("Token supply"), v.token_supply, [],
      {extra: `<circle cx="${bx(4) + 80}" cy="${by + 50}" r="11" fill="#F2B705" stroke="#8D6200" stroke-width="2"/>`});
    return {svg: out, h: 34 + 126};
  }

  // ------------------------------------------------------------------ entry point
  /** What the drawing functions share: the payload, its view, the words and the legal moves.
   * @typedef {{p: TakeStockPayload, v: TakeStockView, ui: Ui, moves: ReturnType<typeof parseMoves>,
   *   key: (name: string) => string}} TakeStockBoard */
  /** @param {TakeStockPayload} payload @param {Ui} ui @returns {string} */
  function render(payload, ui) {
    const c = {p: payload, v: payload.view, ui: ui, moves: parseMoves(payload.legal), key: S.keyer()};
    let y = 0;
    let body = "";
    for (const section of [header, banner, market, yours, players, piles]) {
      const r = section(c, y + (y ? 16 : 0));
      if (!r.h) continue;
      body += r.svg;
      y += r.h + (y ? 16 : 0);
    }
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
