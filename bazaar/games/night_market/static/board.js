/* Taiwan Night Market (台灣夜市) — browser renderer: payload -> one SVG string.
 *
 * Layout of the 1000-unit-wide board (height grows with the content):
 *   header      title, round "3 of 5", phase and who is to move (y 0-56);
 *               at the end a banner with the winners and final cash follows.
 *   market      the three streets stacked as the customers walk them: street 1 (lots 1-10,
 *               entrances D-H on the left) at the bottom, street 2 (11-20, entrances B/C on
 *               the right) in the middle, street 3 (21-30, entrance A on the left, exit on
 *               the right) on top. Each street is a road between its two rows of lots, so the
 *               lots of a path sit along the road in walking order; curved arrows lead from
 *               the end of one street to the start of the next. Waiting customers are chips
 *               (icon + count, coloured by the stall type they like) beside their entrance.
 *               Free corners hold the decks and the stall supply.
 *   players     one card per player in turn order: cash, loans, lots, markers, hand, score.
 *   bottom      left: the auction (lots for sale, top bids, every public bid) or the lots won
 *               this round; right: the viewer's move (hint + buttons) and customer cards.
 *
 * Hotspots (class "hot", data-actions from payload.legal only): lots (bid / build / empty),
 * auction rows (bid), hand cards (hide), amount buttons ($N), stall-type buttons, pass /
 * give up, loan / done.
 *
 * Keys (data-key, for the animations of motion.js; docs/web.md "Animations"): player:Q the card
 * of seat Q (it slides when the turn order changes); owner:N the owner's token on lot N (it
 * comes from the owner's card, data-from player:Q); stall:N the stall built on lot N (it comes
 * from its type's row of the stall supply, supply:T); walk:KIND a customer who walked at the end
 * of the round, drawn only on the board right after it (render's ``prev``, the board shown
 * before): an invisible token where it ended (the lot it bought at, the entrance it moved on
 * to, or the exit) whose data-path is its entrance and then every lot it passed, along the
 * road. The walks come from the move's public "move" events (payload.last.events: entrance,
 * lot bought at, where it went on to); the lots from the map's paths (data.json).
 * Cash, counts and bids count up or down (motion.js tweens numbers in place).
 */
(function () {
  "use strict";

  const TYPES = ["T0", "T1", "T2", "T3"];
  const TYPE_COLORS = ["#ff9f43", "#4dd0e1", "#f48fb1", "#ffe066"];
  const SEAT_COLORS = ["#d63031", "#2f6fd6", "#1d8047", "#8e44ad"];
  const INK = "#2d2417";
  const NIGHT = "#1c2040";
  const GOLD = "#ffc93c";
  const FONT = "'Noto Sans TC','Noto Sans CJK TC','PingFang TC','Microsoft JhengHei',"
    + "'WenQuanYi Micro Hei','DejaVu Sans',sans-serif";
  /* The layout: the board's width and its regions' places and sizes, as data the drawing
   * functions read (c.L). WIDE is the 1000-unit board of wide screens, rulebook pictures and
   * tests (ui.width unset or 1000 and more); layoutFor(width) gives a narrower screen's, one
   * unit to one CSS px: below 600 (phones) every region in one column, from 600 (tablets) two
   * columns where they fit. ``lot`` is a lot card's size, the step between lots and the first
   * lot's x; ``face`` the places inside a lot card; ``roadH`` a street's road; ``player`` a
   * player card's height, cells per line and label size; ``small`` the size of the notes. */
  /** The places inside a lot card of the wide board (and of tablets). */
  const WIDE_FACE = {num: 19, numX: 9, numY: 23, starX: 14, star: 18, tok: 12, tokD: 17,
    word: 14, wordY: 56, bannerX: 6, bannerY: 37, bannerH: 30, unbuiltY: 58, stack: false,
    stall: 16, dollar: 17, dollarY: 23, top: 22, topX: 12, topY: 61, leader: 13, leaderX: 22,
    leaderY: 53, noBidY: 58};
  const WIDE = {W: 1000, wide: true, columns: 2, margin: 0,
    lot: {w: 114, h: 74, pitch: 120, x: 212}, face: WIDE_FACE, roadH: 38, road: 15,
    player: {h: 150, cells: 3, label: 14, value: 19, min: 0, pad: 10, room: 4}, small: 14};
  /** A phone's lot card: the number and owner on top, the stall's icon over its word. */
  const NARROW_FACE = {num: 16, numX: 6, numY: 20, starX: 9, star: 15, tok: 10, tokD: 13,
    word: 12, wordY: 54, bannerX: 2, bannerY: 30, bannerH: 42, unbuiltY: 56, stack: true,
    stall: 12, dollar: 14, dollarY: 18, top: 17, topX: 6, topY: 48, leader: 10, leaderX: 13,
    leaderY: 64, noBidY: 50};
  /** The layout for a board ``width`` CSS px wide (WIDE when unset or 1000 and more). */
  function layoutFor(width) {
    if (!width || width >= 1000) return WIDE;
    const W = Math.max(300, Math.floor(width));
    const narrow = W < 600;
    const margin = narrow ? 16 : 26;  // beside the streets: the arrows between them
    const pitch = (W - 2 * margin) / 5;
    const w = narrow ? pitch - 4 : Math.min(130, pitch - 8);
    return {W: W, wide: false, columns: narrow ? 1 : 2, margin: margin,
      lot: {w: w, h: narrow ? 78 : 74, pitch: pitch, x: margin + (pitch - w) / 2},
      face: narrow ? NARROW_FACE : WIDE_FACE, roadH: narrow ? 30 : 36, road: narrow ? 13 : 15,
      player: narrow ? {h: 112, cells: 6, label: 12, value: 17, min: 300, pad: 7, room: 2}
        : {h: 150, cells: 3, label: 14, value: 19, min: 220, pad: 10, room: 4},
      small: 13};
  }
  /** The height of a street: its two rows of lots and the road between them. */
  function streetH(L) { return 2 * L.lot.h + L.roadH; }
  const STREETS = [
    {rows: [[21, 22, 23, 24, 25], [26, 27, 28, 29, 30]], dir: 1, name: 3},
    {rows: [[11, 12, 13, 14, 15], [16, 17, 18, 19, 20]], dir: -1, name: 2},
    {rows: [[6, 7, 8, 9, 10], [1, 2, 3, 4, 5]], dir: 1, name: 1},
  ];
  // The lots a customer passes from each group of entrances, in order (data.json "paths",
  // basic map), and the group that follows each one (data.json "chain"; null: the exit).
  const PATHS = {
    DH: [1, 6, 2, 7, 3, 8, 4, 9, 5, 10, 14, 15, 20],
    BC: [15, 20, 14, 19, 13, 18, 12, 17, 11, 16, 21, 22, 27, 26],
    A: [26, 21, 27, 22, 28, 23, 29, 24, 30, 25],
  };
  const NEXT_PATH = {DH: "BC", BC: "A", A: null};
  function pathOf(letter) { return letter === "A" ? "A" : letter === "B" || letter === "C" ? "BC" : "DH"; }

  // ------------------------------------------------------------------ svg helpers
  const S = window.BazaarSvg;
  const rect = S.rect;
  const circle = S.circle;
  /** A frame drawn ``d`` units around a box (focus, the player to move, clickable cards). */
  function halo(x, y, w, h, d, color, sw) {
    return rect(x - d, y - d, w + 2 * d, h + 2 * d,
      {rx: 9 + d, fill: "none", stroke: color, "stroke-width": sw});
  }
  function text(ui, x, y, s, a) {
    const o = Object.assign({size: 16, fill: INK}, a || {});
    return S.text(x, y, s, {"font-size": o.size, fill: o.fill,
      "font-weight": o.bold ? "bold" : undefined, "text-anchor": o.anchor, opacity: o.opacity});
  }
  /** Rough width of ``s`` at ``size`` (CJK glyphs are square, latin about 0.58 em). */
  const width = S.measure([], 0.58);
  function fit(s, size, max) { return S.fit(s, size, max, width); }
  /** ``s`` broken into lines of at most ``max`` units (at spaces; CJK text anywhere). */
  function wrap(s, size, max) { return S.wrap(s, size, max, width, {spaces: true}); }
  function money(n) {
    return n < 0 ? "-$" + -n : "$" + n;
  }
  /** A clickable group: the actions, a tooltip (``about`` + the moves' texts), the drawing.
   *  Without moves it is just the drawing, with ``about`` as its tooltip. */
  function hot(ui, moves, inner, about) { return S.hot(moves, inner, {tip: about}); }
  function titled(ui, tip, inner) { return S.titled(tip, inner); }

  // ------------------------------------------------------------------ words
  function typeWord(ui, t) {
    return [ui.t("food"), ui.t("drink"), ui.t("dessert"), ui.t("snack")][t];
  }
  /** The stall type word of a customer or stall name such as "T2D" or "T2". */
  function typeOf(ui, name) {
    return typeWord(ui, TYPES.indexOf(name.slice(0, 2)));
  }
  function phaseWord(ui, v) {
    if ((v.phase === "bid" || v.phase === "bid-amount") && v.bidding.compensation) {
      return ui.t("Compensation bids");
    }
    return {
      "hide": ui.t("Choosing hidden customers"),
      "bid": ui.t("Bidding for lots"),
      "bid-amount": ui.t("Bidding: the amount"),
      "loan": ui.t("Payment: loans"),
      "build": ui.t("Building stalls"),
      "over": ui.t("Game over"),
    }[v.phase] || v.phase;
  }
  function shortName(ui, seat, size, max) {
    return fit(ui.seatName(seat), size, max);
  }

  // ------------------------------------------------------------------ drawings
  /** A small line drawing of a stall type: noodle bowl, bubble tea, ice cream, skewer. */
  function icon(t, cx, cy, s) {
    const h = s / 2;
    const st = `fill="none" stroke="${INK}" stroke-width="${(s / 9).toFixed(1)}" `
      + `stroke-linecap="round" stroke-linejoin="round"`;
    const f = `fill="${INK}"`;
    if (t === 0) {
      return `<path d="M${cx - h} ${cy} A${h} ${h * 0.9} 0 0 0 ${cx + h} ${cy} Z" ${f}/>`
        + `<path d="M${cx - h * 0.1} ${cy - h * 0.2} L${cx + h * 0.9} ${cy - h}`
        + ` M${cx + h * 0.2} ${cy - h * 0.1} L${cx + h} ${cy - h * 0.7}" ${st}/>`;
    }
    if (t === 1) {
      return `<path d="M${cx - h * 0.6} ${cy - h * 0.5} L${cx + h * 0.6} ${cy - h * 0.5}`
        + ` L${cx + h * 0.45} ${cy + h} L${cx - h * 0.45} ${cy + h} Z" ${st}/>`
        + `<path d="M${cx + h * 0.1} ${cy - h * 0.5} L${cx + h * 0.4} ${cy - h * 1.1}" ${st}/>`
        + circle(cx - h * 0.2, cy + h * 0.6, s / 10, {fill: INK})
        + circle(cx + h * 0.2, cy + h * 0.6, s / 10, {fill: INK});
    }
    if (t === 2) {
      // a pudding on a plate, with a cherry
      return `<path d="M${cx - h * 0.4} ${cy - h * 0.35} L${cx + h * 0.4} ${cy - h * 0.35}`
        + ` L${cx + h * 0.7} ${cy + h * 0.7} L${cx - h * 0.7} ${cy + h * 0.7} Z" ${st}/>`
        + `<path d="M${cx - h * 0.4} ${cy - h * 0.35} L${cx + h * 0.4} ${cy - h * 0.35}`
        + ` L${cx + h * 0.5} ${cy} L${cx - h * 0.5} ${cy} Z" ${f}/>`
        + `<path d="M${cx - h} ${cy + h * 0.9} L${cx + h} ${cy + h * 0.9}" ${st}/>`
        + circle(cx, cy - h * 0.65, h * 0.25, {fill: INK});
    }
    return `<path d="M${cx - h} ${cy + h} L${cx + h} ${cy - h}" ${st}/>`
      + [-0.45, 0, 0.45].map((k) => circle(cx + h * k, cy - h * k, h * 0.28, {fill: INK})).join("");
  }
  function seatColor(seat) {
    return SEAT_COLORS[seat % SEAT_COLORS.length];
  }
  function token(seat, cx, cy, r) {
    return circle(cx, cy, r, {fill: seatColor(seat), stroke: "#fff", "stroke-width": 2})
      + `<text x="${cx}" y="${cy + r * 0.42}" font-size="${Math.round(r * 1.2)}" fill="#fff"`
      + ` font-weight="bold" text-anchor="middle">${seat + 1}</text>`;
  }
  /** A customer chip: type colour, icon and how many such customers wait there. */
  function chip(ui, t, count, x, y) {
    const tip = `${typeWord(ui, t)} × ${count}`;
    return titled(ui, tip, rect(x, y, 36, 26, {rx: 13, fill: TYPE_COLORS[t]})
      + icon(t, x + 12, y + 13, 14)
      + text(ui, x + 28, y + 19, String(count), {size: 15, bold: true, anchor: "middle"}));
  }
  function button(ui, x, y, w, h, label, moves, opts) {
    const o = Object.assign({fill: GOLD, size: 16}, opts || {});
    return hot(ui, moves, rect(x, y, w, h, {rx: 8, fill: o.fill, stroke: INK})
      + text(ui, x + w / 2, y + h / 2 + o.size * 0.36, label,
        {size: o.size, bold: true, anchor: "middle"}));
  }
  function panel(ui, x, y, w, h, title) {
    return rect(x, y, w, h, {rx: 14, fill: "#fff8e7", stroke: "#e0c9a0", "stroke-width": 2})
      + text(ui, x + 16, y + 28, title, {size: 19, bold: true});
  }

  // ------------------------------------------------------------------ context
  /** @typedef {ReturnType<typeof context>} NightMarketBoard */
  /** Everything the drawing functions share: payload, view, words and the legal moves.
   * @param {NightMarketPayload} payload @param {Ui} ui @param {NightMarketPayload | null} [prev] */
  function context(payload, ui, prev) {
    const v = payload.view;
    const c = {p: payload, v: v, ui: ui, L: layoutFor(ui.width), lotMoves: {}, hideMoves: {}, amounts: [],
      typeMoves: {}, other: {}, lots: {}, auction: {}, prev: prev || null, key: S.keyer(),
      at: {lots: {}, entrances: {}, exit: null}};
    for (const lot of v.lots) c.lots[lot.lot] = lot;
    for (const a of v.auction) c.auction[a.lot] = a;
    for (const m of payload.legal || []) {
      const f = m.fields;
      if (f.kind === "bid" || f.kind === "empty") {
        push(c.lotMoves, f.lot, m);
        if (f.kind === "empty") c.emptyMove = m;
      } else if (f.kind === "build") {
        push(c.lotMoves, f.lot, m);
        push(c.typeMoves, TYPES.indexOf(f.type), m);
      } else if (f.kind === "hide") push(c.hideMoves, f.customer, m);
      else if (f.kind === "amount") c.amounts.push({amount: f.amount, move: m});
      else c.other[f.kind] = m;
    }
    return c;
  }
  function push(table, key, m) {
    (table[key] = table[key] || []).push(m);
  }

  // ------------------------------------------------------------------ header
  /** The title, the round, the phase and who is to move: one line 56 high on the wide board,
   * two lines on a narrower one. @param {NightMarketBoard} c */
  function header(c) {
    const {v, ui, L} = c;
    if (!L.wide) return twoLineHeader(c);
    const W = L.W;
    let s = rect(0, 0, W, 56, {fill: "#12152d"})
      + text(ui, 20, 37, ui.t("Taiwan Night Market"), {size: 24, bold: true, fill: GOLD});
    let round = ui.t("Round {r} of {n}", {r: v.round, n: v.rounds});
    if (v.final_round && !v.over) round += " · " + ui.t("final round");
    const tx = 40 + width(ui.t("Taiwan Night Market"), 24);
    s += text(ui, tx, 35, round, {size: 18, bold: true, fill: "#fff"});
    const px = tx + width(round, 18) + 24;
    s += text(ui, px, 35, "· " + phaseWord(ui, v), {size: 18, fill: "#ffe8b0"});
    if (v.to_move !== null && v.to_move !== undefined) {
      const room = W - 20 - (px + width("· " + phaseWord(ui, v), 18) + 60);
      const full = ui.t("{who} to move", {who: ui.seatName(v.to_move)});
      const who = width(full, 17) <= room ? full : fit(ui.seatName(v.to_move), 17, room);
      s += token(v.to_move, W - 28, 28, 13)
        + text(ui, W - 50, 35, who, {size: 17, bold: true, fill: GOLD, anchor: "end"});
    }
    return {svg: s, h: 56};
  }
  /** A narrower board's header: the round and phase, then who is to move (the page names the
   * game above the board; a tablet's header has the room for it too). @param {NightMarketBoard} c */
  function twoLineHeader(c) {
    const {v, ui, L} = c;
    const W = L.W;
    let s = rect(0, 0, W, 64, {fill: "#12152d"});
    let round = ui.t("Round {r} of {n}", {r: v.round, n: v.rounds});
    if (v.final_round && !v.over) round += " · " + ui.t("final round");
    const phase = "· " + phaseWord(ui, v);
    const room = W - 24 - width(round, 16) - 8;
    s += text(ui, 12, 26, round, {size: 16, bold: true, fill: "#fff"})
      + text(ui, 20 + width(round, 16), 26, fit(phase, 16, room), {size: 16, fill: "#ffe8b0"});
    const title = ui.t("Taiwan Night Market");
    if (room > width(phase, 16) + width(title, 16) + 24) {
      s += text(ui, W - 12, 26, title, {size: 16, bold: true, fill: GOLD, anchor: "end"});
    }
    if (v.to_move !== null && v.to_move !== undefined) {
      s += token(v.to_move, 24, 46, 11)
        + text(ui, 42, 52, fit(ui.t("{who} to move", {who: ui.seatName(v.to_move)}), 15, W - 54),
          {size: 15, bold: true, fill: GOLD});
    }
    return {svg: s, h: 64};
  }
  /** @param {NightMarketBoard} c */
  function finalBanner(c, y) {
    const {p, v, ui, L} = c;
    const W = L.W;
    const winners = p.winners || v.winners || [];
    const names = winners.map((q) => ui.seatName(q)).join(", ");
    const line = winners.length > 1 ? ui.t("Shared win: {names}", {names: names})
      : ui.t("Winner: {names}", {names: names});
    const scores = p.scores || v.scores;
    const order = scores.map((x, q) => q).sort((a, b) => scores[b] - scores[a]);
    // the scores on one line on the wide board; on a narrower one as many as fit uncut a line
    const longest = Math.max(...order.map((q) => width(`${ui.seatName(q)} ${money(scores[q])}`, 17)));
    const per = L.wide ? order.length
      : Math.max(1, Math.min(order.length, Math.floor((W - 60) / (longest + 48))));
    const h = 84 + (Math.ceil(order.length / per) - 1) * 30;
    const size = L.wide ? 22 : 17;
    const head = ui.t("Final result") + " · ";
    let s = rect(10, y, W - 20, h, {rx: 14, fill: GOLD, stroke: "#a86b00", "stroke-width": 3})
      + text(ui, 30, y + 32, head + fit(line, size, L.wide ? 760 : W - 60 - width(head, size)),
        {size: size, bold: true});
    const step = (W - 60) / per;
    order.forEach((q, i) => {
      const x = 30 + (i % per) * step;
      const ly = y + Math.floor(i / per) * 30;
      s += token(q, x + 12, ly + 60, 12)
        + text(ui, x + 30, ly + 66, fit(`${ui.seatName(q)} ${money(scores[q])}`, 17, step - 40),
          {size: 17, bold: winners.includes(q)});
    });
    return {svg: s, h: h};
  }

  // ------------------------------------------------------------------ the market
  /** @param {NightMarketBoard} c */
  function market(c, y0) {
    const {ui, L} = c;
    const LOT = L.lot;
    const STREET_H = streetH(L);
    let s = rect(0, y0, L.W, 3 * STREET_H + 60, {fill: NIGHT});
    const ys = STREETS.map((st, i) => y0 + 18 + i * (STREET_H + 20));
    STREETS.forEach((st, i) => { s += street(c, st, ys[i]); });
    const road = (i) => ys[i] + LOT.h + L.roadH / 2;
    const right = LOT.x + 4 * LOT.pitch + LOT.w;
    s += connector(right, road(2), right + 12, road(1), 1)
      + connector(LOT.x, road(1), LOT.x - 12, road(0), -1);
    s += exitSign(ui, right, road(0), ys[0]);
    s += entranceBlock(c, "A", ["A"], 10, ys[0], 186, STREET_H, LOT.x - 12, road(0), 1);
    s += entranceBlock(c, "B/C", ["B", "C"], 832, ys[1], 158, STREET_H, right + 12, road(1), -1);
    s += entranceBlock(c, "D–H", ["D", "E", "F", "G", "H"], 10, ys[2], 186, STREET_H,
      LOT.x, road(2), 1);
    s += decks(c, 6, ys[1] + 8, 184);
    s += supply(c, 832, ys[2] + 8, 158);
    c.at.exit = {x: right + 40, y: road(0)};
    s += walkers(c);
    return s;
  }
  /** The market of a narrower board: each street the screen's width, below a band with its
   * entrances' waiting customers; the arrows between streets and in from the entrances run in
   * the margins beside the lots. @param {NightMarketBoard} c @returns {{svg: string, h: number}} */
  function bandMarket(c, y0) {
    const {ui, L} = c;
    const LOT = L.lot;
    const m = L.margin;
    const right = LOT.x + 4 * LOT.pitch + LOT.w;
    const bands = [["A", ["A"]], ["B/C", ["B", "C"]], ["D–H", ["D", "E", "F", "G", "H"]]];
    const exit = ui.t("Exit") + " →";
    let s = "";
    let y = y0 + 10;
    /** @type {number[]} */
    const roads = [];
    STREETS.forEach((st, i) => {
      const [label, letters] = bands[i];
      const band = entranceBand(c, label, letters, m, y, L.W - 2 * m, i === 0 ? exit : "");
      const top = y + band.h + 8;
      const roadY = top + LOT.h + L.roadH / 2;
      const side = st.dir > 0 ? m / 2 - 3 : L.W - m / 2 + 3;
      const inner = st.dir > 0 ? LOT.x - 2 : right + 2;
      s += band.svg + `<path d="M${side} ${y + band.h - 6} L${side} ${roadY} L${inner} ${roadY}"`
        + ` fill="none" stroke="${GOLD}" stroke-width="3"/>` + street(c, st, top);
      roads.push(roadY);
      y = top + streetH(L) + 12;
    });
    s += connector(right, roads[2], right + 6, roads[1], 1)
      + connector(LOT.x, roads[1], LOT.x - 6, roads[0], -1)
      + `<path d="M${right} ${roads[0]} L${L.W - 4} ${roads[0]}" stroke="${GOLD}" stroke-width="3"/>`
      + `<path d="M${L.W - 10} ${roads[0] - 7} L${L.W - 2} ${roads[0]} L${L.W - 10} ${roads[0] + 7} Z"`
      + ` fill="${GOLD}"/>`;
    c.at.exit = {x: L.W - 6, y: roads[0]};
    s += walkers(c);
    return {svg: rect(0, y0, L.W, y - y0, {fill: NIGHT}) + s, h: y - y0};
  }
  /** The customers who walked in the move just made: [{kind, from, lot, to, final}], from the
   *  move's "move" events (payload.last.events: public, one per customer, with the entrance
   *  it set off from, the lot it bought at or null, and where it went on to: an entrance
   *  letter or "out"); only when the board shown before (c.prev) is the one just before. */
  /** @param {NightMarketBoard} c */
  function walks(c) {
    const a = c.prev && c.prev.view;
    const last = c.p.last;
    if (!a || !a.entrances || !last || !last.events) return [];
    return last.events.filter((e) => e.kind === "move").map((e) => ({
      kind: e.data.customer, from: e.data.from, lot: e.data.lot, to: e.data.to,
      final: Boolean(a.final_round),
    }));
  }
  /** The lots walked from entrance ``from``: its street's path up to the lot it bought at, or
   *  the whole path (in the final round on through the next streets until it buys or leaves). */
  function lotsWalked(w) {
    let group = pathOf(w.from);
    let lots = PATHS[group].slice();
    const further = () => (w.lot ? lots.indexOf(w.lot) < 0 : w.to === "out" && w.final);
    while (further() && NEXT_PATH[group]) {
      group = NEXT_PATH[group];
      lots = lots.concat(PATHS[group]);
    }
    return w.lot ? lots.slice(0, lots.indexOf(w.lot) + 1) : lots;
  }
  /** @param {NightMarketBoard} c */
  function walkers(c) {
    let s = "";
    for (const w of walks(c)) {
      const start = c.at.entrances[w.from];
      const end = w.lot ? c.at.lots[w.lot] : w.to === "out" ? c.at.exit : c.at.entrances[w.to];
      if (!start || !end) continue;
      const points = [start].concat(lotsWalked(w).map((n) => c.at.lots[n]).filter(Boolean));
      const path = points.map((p) => `${p.x},${p.y}`).join(" ");
      const t = TYPES.indexOf(w.kind.slice(0, 2));
      s += S.keyed(c.key("walk:" + w.kind),
        circle(end.x, end.y, 14, {fill: TYPE_COLORS[t], stroke: "#fff", "stroke-width": 2})
        + icon(t, end.x, end.y, 14), {path: path, opacity: 0});
    }
    return s;
  }
  /** @param {NightMarketBoard} c */
  function street(c, st, y) {
    const {ui, L} = c;
    const LOT = L.lot;
    const ROAD_H = L.roadH;
    const x0 = LOT.x - 6;
    const roadY = y + LOT.h;
    const wRoad = 4 * LOT.pitch + LOT.w + 12;
    let s = rect(x0, roadY, wRoad, ROAD_H, {fill: "#3b4068"})
      + `<line x1="${x0 + 8}" y1="${roadY + ROAD_H / 2}" x2="${x0 + wRoad - 8}"`
      + ` y2="${roadY + ROAD_H / 2}" stroke="#9aa1cf" stroke-width="2" stroke-dasharray="10 10"/>`;
    const mid = ROAD_H / 2;
    // the walking direction: four arrows (on a narrower road kept clear of its name and ends)
    const spots = L.wide ? null : [0.08, 0.28, 0.72, 0.92];
    for (let k = 0; k < 4; k++) {
      const ax = spots ? x0 + wRoad * spots[k] : x0 + 60 + k * LOT.pitch * 1.3;
      const d = st.dir;
      s += `<path d="M${ax - 7 * d} ${roadY + mid - 8} L${ax + 5 * d} ${roadY + mid}`
        + ` L${ax - 7 * d} ${roadY + mid + 8}" fill="none" stroke="${GOLD}" stroke-width="3"/>`;
    }
    const label = ui.t("Street {n}", {n: st.name});
    const lw = width(label, L.road) + 20;
    s += rect(x0 + wRoad / 2 - lw / 2, roadY + mid - 12, lw, 24, {rx: 12, fill: "#262a4d"})
      + text(ui, x0 + wRoad / 2, roadY + mid + 5, label,
        {size: L.road, fill: "#dfe3ff", anchor: "middle"});
    st.rows.forEach((row, r) => {
      const ly = r === 0 ? y : roadY + ROAD_H;
      row.forEach((n, k) => {
        c.at.lots[n] = {x: LOT.x + k * LOT.pitch + LOT.w / 2, y: roadY + ROAD_H / 2};
        s += lotCard(c, n, LOT.x + k * LOT.pitch, ly);
      });
      s += links(c, row, ly);
    });
    return s;
  }
  /** Connected stalls: same owner and type side by side in a row get a little bridge. */
  /** @param {NightMarketBoard} c */
  function links(c, row, y) {
    const LOT = c.L.lot;
    let s = "";
    for (let k = 0; k + 1 < row.length; k++) {
      const a = c.lots[row[k]];
      const b = c.lots[row[k + 1]];
      if (a && b && a.owner !== null && a.owner === b.owner && a.stall && a.stall === b.stall) {
        const x = LOT.x + k * LOT.pitch + LOT.w - 4;
        s += rect(x, y + LOT.h / 2 + 2, LOT.pitch - LOT.w + 8, 12,
          {fill: seatColor(a.owner), stroke: "#fff", "stroke-width": 1});
      }
    }
    return s;
  }
  /** @param {NightMarketBoard} c */
  function lotTip(c, lot) {
    const {ui} = c;
    const a = c.auction[lot.lot];
    const head = ui.t("Lot {n}", {n: lot.lot}) + (lot.star ? " ★" : "");
    if (lot.status === "owned") {
      const what = lot.stall ? typeOf(ui, lot.stall) : ui.t("unbuilt");
      return `${head} · ${ui.seatName(lot.owner)} · ${what}`;
    }
    if (lot.status === "auction") {
      return a && a.top !== null && a.top !== undefined
        ? `${head} · ${ui.t("top bid {amount} by {who}",
          {amount: money(a.top), who: ui.seatName(a.leader)})}`
        : `${head} · ${ui.t("up for auction")}`;
    }
    const words = {removed: ui.t("removed"), void: ui.t("unused"), deck: ui.t("not drawn yet")};
    return `${head} · ${words[lot.status] || lot.status}`;
  }
  /** @param {NightMarketBoard} c */
  function lotCard(c, n, x, y) {
    const {v, ui} = c;
    const f = c.L.face;
    const lot = c.lots[n];
    const w = c.L.lot.w;
    const h = c.L.lot.h;
    const dark = lot.status === "removed" || lot.status === "void";
    const fills = {deck: "#d9d2c0", auction: "#fff4d1", owned: "#fffdf6"};
    const a = {rx: 9, fill: dark ? "#444a72" : fills[lot.status] || "#fff"};
    if (lot.status === "owned") Object.assign(a, {stroke: seatColor(lot.owner), "stroke-width": 5});
    if (lot.status === "auction") {
      Object.assign(a, {stroke: GOLD, "stroke-width": 4, "stroke-dasharray": "9 5"});
    }
    let s = "";
    const focus = v.building_lot === n || (v.bidding && v.bidding.lot === n);
    const moves = c.lotMoves[n];
    if (focus || moves) s += halo(x, y, w, h, 5, focus ? "#fff" : "#7ef0ff", 3);
    s += rect(x, y, w, h, a);
    const numFill = dark ? "#b9bddd" : INK;
    s += text(ui, x + f.numX, y + f.numY, String(n), {size: f.num, bold: true, fill: numFill});
    if (lot.star) {
      s += text(ui, x + f.starX + width(String(n), f.num), y + f.numY, "★",
        {size: f.star, fill: dark ? GOLD : "#755300"});
    }
    if (dark) {
      s += text(ui, x + w / 2, y + f.wordY, lot.status === "removed" ? ui.t("removed") : ui.t("unused"),
        {size: f.word, fill: "#c5c9ea", anchor: "middle"});
    } else if (lot.status === "owned") {
      s += S.keyed(c.key("owner:" + n), token(lot.owner, x + w - f.tokD, y + f.tokD, f.tok),
        {from: "player:" + lot.owner});
      s += lot.stall ? S.keyed(c.key("stall:" + n), stallBanner(c, lot, x, y),
        {from: "supply:" + lot.stall}) : stallBanner(c, lot, x, y);
    } else if (lot.status === "auction") {
      s += auctionFace(c, c.auction[n], x, y);
    }
    return hot(ui, moves, S.mark(S.lastFields(c.p).lot === n, s), lotTip(c, lot));
  }
  /** @param {NightMarketBoard} c */
  /** The stall on a lot: its icon beside its word (wide lots) or over it (phones' lots). */
  function stallBanner(c, lot, x, y) {
    const {ui} = c;
    const f = c.L.face;
    const w = c.L.lot.w;
    const bx = f.bannerX;
    if (!lot.stall) {
      return rect(x + bx + 2, y + f.bannerY + 1, w - 2 * (bx + 2), f.bannerH - 2, {rx: 6,
        fill: "none", stroke: "#b8ab90", "stroke-dasharray": "5 4", "stroke-width": 2})
        + text(ui, x + w / 2, y + f.unbuiltY, ui.t("unbuilt"),
          {size: f.word, fill: "#786d56", anchor: "middle"});
    }
    const t = TYPES.indexOf(lot.stall);
    const banner = rect(x + bx, y + f.bannerY, w - 2 * bx, f.bannerH, {rx: 7, fill: TYPE_COLORS[t]});
    if (f.stack) {
      return banner + icon(t, x + w / 2, y + f.bannerY + 12, 14)
        + text(ui, x + w / 2, y + f.bannerY + f.bannerH - 7, fit(typeWord(ui, t), f.stall, w - 8),
          {size: f.stall, bold: true, anchor: "middle"});
    }
    return banner + icon(t, x + 22, y + 52, 18)
      + text(ui, x + 36, y + 58, fit(typeWord(ui, t), f.stall, w - 46), {size: f.stall, bold: true});
  }
  /** @param {NightMarketBoard} c */
  function auctionFace(c, a, x, y) {
    const {ui} = c;
    const f = c.L.face;
    const w = c.L.lot.w;
    let s = circle(x + w - f.tokD, y + f.tokD, f.tok, {fill: GOLD, stroke: "#a86b00"})
      + text(ui, x + w - f.tokD, y + f.dollarY, "$", {size: f.dollar, bold: true, anchor: "middle"});
    if (a && a.top !== null && a.top !== undefined) {
      s += text(ui, x + f.topX, y + f.topY, money(a.top), {size: f.top, bold: true})
        + token(a.leader, x + w - f.leaderX, y + f.leaderY, f.leader);
    } else {
      // on a phone's narrow lot the words may take two lines
      const lines = f.stack ? wrap(ui.t("no bid yet"), f.word, w - 8) : [ui.t("no bid yet")];
      lines.forEach((line, i) => {
        s += text(ui, x + w / 2, y + f.noBidY + i * (f.word + 2), line,
          {size: f.word, fill: "#7d631c", anchor: "middle"});
      });
    }
    return s;
  }
  /** An arrow from the end of one road to the start of the next street's road. */
  function connector(x1, y1, x2, y2, side) {
    const bend = x2 + side * 4;
    return `<path d="M${x1} ${y1} L${bend - side * 10} ${y1} Q${bend} ${y1} ${bend} ${y1 - 10}`
      + ` L${bend} ${y2 + 10} Q${bend} ${y2} ${bend - side * 10} ${y2}"`
      + ` fill="none" stroke="${GOLD}" stroke-width="5" stroke-dasharray="2 8"`
      + ` stroke-linecap="round"/>`
      + `<path d="M${x2 - side * 2} ${y2 - 8} L${x2 - side * 14} ${y2} L${x2 - side * 2} ${y2 + 8}"`
      + ` fill="${GOLD}"/>`;
  }
  function exitSign(ui, x, roadY, top) {
    return `<path d="M${x + 4} ${roadY - 12} L${x + 40} ${roadY - 12} L${x + 40} ${roadY - 22}`
      + ` L${x + 64} ${roadY} L${x + 40} ${roadY + 22} L${x + 40} ${roadY + 12}`
      + ` L${x + 4} ${roadY + 12} Z" fill="${GOLD}"/>`
      + text(ui, x + 30, top + 30, ui.t("Exit"), {size: 18, bold: true, fill: GOLD})
      + text(ui, x + 30, top + 52, ui.t("leave the market"), {size: 14, fill: "#dfe3ff"});
  }
  /** Entrances ``letters`` in a box, each with its waiting customers, and an arrow in. */
  /** @param {NightMarketBoard} c */
  function entranceBlock(c, label, letters, x, y, w, h, ax, ay, dir) {
    const {ui} = c;
    let s = rect(x, y, w, h, {rx: 12, fill: "#2a2f58", stroke: "#59609a", "stroke-width": 2})
      + text(ui, x + 10, y + 22, ui.t("Entrance {letters}", {letters: label}),
        {size: 15, bold: true, fill: "#dfe3ff"});
    const rowH = (h - 30) / letters.length;
    letters.forEach((letter, i) => {
      const ry = y + 30 + i * rowH;
      c.at.entrances[letter] = {x: x + 22, y: ry + rowH / 2};
      const {counts, tip} = waitingAt(c, letter);
      let row = letterBadge(ui, letter, x + 22, ry + rowH / 2);
      let cx = x + 40;
      let cy = ry + rowH / 2 - 13;
      const perLine = Math.max(1, Math.floor((w - 44) / 38));
      let k = 0;
      counts.forEach((n, t) => {
        if (!n) return;
        if (k && k % perLine === 0) { cx = x + 40; cy += 30; }
        row += chip(ui, t, n, cx, cy);
        cx += 38;
        k++;
      });
      if (!k) row += text(ui, x + 44, ry + rowH / 2 + 5, "–", {size: 16, fill: "#9aa1cf"});
      s += titled(ui, tip, row);
    });
    s += `<path d="M${dir > 0 ? x + w : x} ${ay} L${ax} ${ay}"`
      + ` stroke="${GOLD}" stroke-width="3"/>`;
    return s;
  }
  /** The customers waiting at entrance ``letter``: how many of each stall type, and in words.
   * @param {NightMarketBoard} c */
  function waitingAt(c, letter) {
    const {v, ui} = c;
    const counts = [0, 0, 0, 0];
    for (const name of v.entrances[letter] || []) counts[TYPES.indexOf(name.slice(0, 2))]++;
    const names = (v.entrances[letter] || []).map((nm) => typeOf(ui, nm));
    const tip = `${ui.t("Entrance {letters}", {letters: letter})}: `
      + (names.length ? names.join(", ") : ui.t("(none)"));
    return {counts: counts, tip: tip};
  }
  function letterBadge(ui, letter, cx, cy) {
    return circle(cx, cy, 13, {fill: GOLD})
      + text(ui, cx, cy + 6, letter, {size: 16, bold: true, anchor: "middle"});
  }
  /** Entrances ``letters`` in a band ``w`` wide: the title, then each letter with its waiting
   * customers, on as many lines as they take; ``end`` a word at the band's right end (the exit).
   * @param {NightMarketBoard} c @returns {{svg: string, h: number}} */
  function entranceBand(c, label, letters, x, y, w, end) {
    const {ui} = c;
    const title = ui.t("Entrance {letters}", {letters: label});
    const limit = x + w - 8 - (end ? width(end, 15) + 12 : 0);
    let s = text(ui, x + 10, y + 22, title, {size: 14, bold: true, fill: "#dfe3ff"});
    let cx = x + 18 + width(title, 14);
    let cy = y + 4;
    for (const letter of letters) {
      const {counts, tip} = waitingAt(c, letter);
      const kinds = counts.filter((n) => n).length;
      const gw = 30 + Math.max(kinds, 1) * 38;
      if (cx + gw > limit && cx > x + 12) { cx = x + 10; cy += 34; }
      c.at.entrances[letter] = {x: cx + 13, y: cy + 13};
      let row = letterBadge(ui, letter, cx + 13, cy + 13);
      let k = 0;
      counts.forEach((n, t) => {
        if (n) row += chip(ui, t, n, cx + 30 + 38 * k++, cy);
      });
      if (!kinds) row += text(ui, cx + 34, cy + 18, "–", {size: 16, fill: "#9aa1cf"});
      s += titled(ui, tip, row);
      cx += gw + 8;
    }
    const h = cy - y + 34;
    if (end) s += text(ui, x + w - 10, y + 22, end, {size: 15, bold: true, fill: GOLD, anchor: "end"});
    return {svg: rect(x, y, w, h, {rx: 12, fill: "#2a2f58", stroke: "#59609a", "stroke-width": 2}) + s,
      h: h};
  }
  /** @param {NightMarketBoard} c */
  function decks(c, x, y, w) {
    const {v, ui} = c;
    const lines = [
      [ui.t("Customer deck"), v.deck],
      [ui.t("Discarded"), v.discard.length],
      [ui.t("Left the market"), v.left_game.length],
      [ui.t("Land deck"), v.land_deck],
    ];
    let s = rect(x, y, w, 34 + lines.length * 30, {rx: 12, fill: "#2a2f58", stroke: "#59609a"})
      + text(ui, x + 10, y + 24, ui.t("Card piles"), {size: 15, bold: true, fill: "#dfe3ff"});
    lines.forEach(([label, n], i) => {
      s += text(ui, x + 10, y + 54 + i * 30, fit(label, c.L.small, c.L.wide ? w - 42 : w - 36),
        {size: c.L.small, fill: "#dfe3ff"})
        + text(ui, x + w - 12, y + 54 + i * 30, String(n),
          {size: 17, bold: true, fill: GOLD, anchor: "end"});
    });
    return s;
  }
  /** @param {NightMarketBoard} c */
  function supply(c, x, y, w) {
    const {v, ui} = c;
    let s = rect(x, y, w, 40 + 4 * 34, {rx: 12, fill: "#2a2f58", stroke: "#59609a"})
      + text(ui, x + 10, y + 24, ui.t("Stalls left"), {size: 15, bold: true, fill: "#dfe3ff"});
    TYPES.forEach((name, t) => {
      const ry = y + 36 + t * 34;
      // where a stall built comes from (an unpainted box over the row; motion.js)
      s += S.keyed(c.key("supply:" + name), rect(x + 8, ry, w - 16, 28, {fill: "none"}));
      s += rect(x + 8, ry, w - 16, 28, {rx: 14, fill: TYPE_COLORS[t]})
        + icon(t, x + 24, ry + 14, 16)
        + text(ui, x + 40, ry + 20, fit(typeWord(ui, t), 15, w - 90), {size: 15, bold: true})
        + text(ui, x + w - 18, ry + 20, String(v.supply[t]),
          {size: 16, bold: true, anchor: "end"});
    });
    return s;
  }
  /** @param {NightMarketBoard} c */
  /** The marks of the lots in words: one line on the wide board, as many as they take on a
   * narrower one. @param {NightMarketBoard} c @returns {{svg: string, h: number}} */
  function legend(c, y) {
    const {ui, L} = c;
    const items = [
      [text(ui, 0, 17, "★", {size: 18, fill: "#e0a000"}), ui.t("star lot")],
      [rect(0, 2, 20, 16, {rx: 4, fill: "#fff4d1", stroke: GOLD, "stroke-width": 3,
        "stroke-dasharray": "5 3"}), ui.t("for sale")],
      [rect(0, 2, 20, 16, {rx: 4, fill: "#fffdf6", stroke: SEAT_COLORS[0], "stroke-width": 3}),
        ui.t("owned (player colour)")],
      [rect(0, 6, 20, 8, {fill: SEAT_COLORS[1]}), ui.t("connected stalls")],
      [rect(0, 2, 20, 16, {rx: 4, fill: "#d9d2c0"}), ui.t("not drawn yet")],
    ];
    let s = "";
    let x = 20;
    let ly = y;
    for (const [mark, word] of items) {
      if (!L.wide && x > 20 && x + 26 + width(word, 15) > L.W - 10) { x = 20; ly += 28; }
      s += `<g transform="translate(${x} ${ly + 7})">${mark}</g>`
        + text(ui, x + 26, ly + 23, word, {size: 15, fill: "#dfe3ff"});
      x += 50 + width(word, 15);
    }
    const h = ly - y + 34;
    return {svg: rect(0, y, L.W, h, {fill: "#12152d"}) + s, h: h};
  }

  // ------------------------------------------------------------------ players
  /** @param {NightMarketBoard} c */
  /** The players' cards in turn order: in one row on the wide board, else as many per row as
   * are at least ``L.player.min`` wide. @param {NightMarketBoard} c
   * @returns {{svg: string, h: number}} */
  function players(c, y) {
    const {v, ui, L} = c;
    const n = v.turn_order.length;
    const gap = 10;
    const fits = Math.max(1, Math.min(n, Math.floor((L.W - 20 + gap) / (L.player.min + gap))));
    const per = L.wide ? n : Math.ceil(n / Math.ceil(n / fits));  // rows as even as they go
    const cw = (L.W - 20 - gap * (per - 1)) / per;
    const ph = L.player.h;
    const rows = Math.ceil(n / per);
    let s = text(ui, 14, y + 20, ui.t("Turn order"), {size: 16, bold: true, fill: "#dfe3ff"});
    v.turn_order.forEach((q, i) => {
      s += playerCard(c, q, i, 10 + (i % per) * (cw + gap), y + 30 + Math.floor(i / per) * (ph + 22), cw);
    });
    const note = ui.t("Score = cash − $7 per loan · +n = hidden customers");
    const lines = L.wide ? [note] : wrap(note, 14, L.W - 28);
    const ny = y + 30 + rows * ph + (rows - 1) * 22 + 22;
    lines.forEach((line, i) => {
      s += text(ui, 14, ny + i * 19, line, {size: 14, fill: "#b9bde0"});
    });
    return {svg: s, h: ny - y + (lines.length - 1) * 19 + 18};
  }
  /** @param {NightMarketBoard} c */
  function playerCard(c, q, pos, x, y, w) {
    const {v, ui, L} = c;
    const look = L.player;
    const h = look.h;
    const col = seatColor(q);
    const moving = v.to_move === q;
    const winner = (v.winners || []).includes(q);
    let s = "";
    if (moving) s += halo(x, y, w, h, 4, GOLD, 5);
    s += rect(x, y, w, h, {rx: 12, fill: "#fff8e7", stroke: col, "stroke-width": 3})
      + rect(x, y, w, 34, {rx: 12, fill: col}) + rect(x, y + 20, w, 14, {fill: col})
      + token(q, x + 20, y + 17, 12);
    const bidding = v.phase === "bid" || v.phase === "bid-amount";
    let tag = "";
    if (winner) tag = "★ " + ui.t("winner");
    else if (moving) tag = "▶ " + ui.t("to move");
    else if (v.bidding.gave_up.includes(q)) tag = ui.t("gave up");
    else if (bidding && v.bidding.passed.includes(q)) tag = ui.t("passed");
    s += text(ui, x + 38, y + 23, shortName(ui, q, 16, w - 50),
      {size: 16, bold: true, fill: "#fff"});
    if (tag) {
      const tw = width(tag, 14) + 16;
      s += rect(x + w - tw - 10, y - 13, tw, 22,
        {rx: 11, fill: moving || winner ? GOLD : "#fff", stroke: col, "stroke-width": 2})
        + text(ui, x + w - 10 - tw / 2, y + 3, tag,
          {size: 14, bold: true, fill: INK, anchor: "middle"});
    }
    const hidden = v.hidden_counts[q];
    const cells = [
      [ui.t("Cash"), money(v.cash[q])], [ui.t("Loans"), `${v.loans[q]}`],
      [ui.t("Lots"), `${v.lots_owned[q]}`], [ui.t("Score"), money(v.scores[q])],
      [ui.t("Markers"), `${v.free_markers[q]}`],
      [ui.t("Hand"), `${v.hand_sizes[q]}` + (hidden ? ` +${hidden}` : "")],
    ];
    const cw = (w - 2 * look.pad + 4) / look.cells;
    cells.forEach(([label, value], i) => {
      const cx = x + look.pad + (i % look.cells) * cw;
      const cy = y + 56 + Math.floor(i / look.cells) * 46;
      s += text(ui, cx, cy, fit(label, look.label, cw - look.room), {size: look.label, fill: "#7a6a4f"})
        + text(ui, cx, cy + 22, value, {size: i === 0 ? look.value + 2 : look.value, bold: true,
          fill: value.startsWith("-") ? "#c0392b" : INK});
    });
    const last = v.last_income[q] + v.last_bonus[q];
    const income = ui.t("last income {amount}", {amount: money(last)});
    s += text(ui, x + 10, y + h - 8, fit(income, L.small, w - 60), {size: L.small, fill: "#7a6a4f"})
      + text(ui, x + w - 10, y + h - 8, `#${pos + 1}`,
        {size: 15, bold: true, fill: col, anchor: "end"});
    return S.keyed(c.key("player:" + q), titled(ui, ui.seatName(q), s));
  }

  // ------------------------------------------------------------------ auction
  /** @param {NightMarketBoard} c */
  function auctionPanel(c, x, y, w) {
    const {v, ui} = c;
    if (!v.auction.length) return wonPanel(c, x, y, w);
    let sub = "";
    if (v.bidding.compensation) sub = ui.t("Compensation bids");
    else if (v.phase === "bid" || v.phase === "bid-amount") {
      sub = ui.t("Regular bids left: {n}", {n: v.bidding.regular_turns_left});
    }
    const title = ui.t("Auction of round {r}", {r: v.round});
    const gone = [
      ...v.bidding.passed.map((q) => ui.t("{who} passed", {who: ui.seatName(q)})),
      ...v.bidding.gave_up.map((q) => ui.t("{who} gave up", {who: ui.seatName(q)})),
    ];
    const foot = gone.length ? gone.join(" · ")
      : ui.t("Beat the top bid; an open lot takes any amount.");
    // a narrower board puts the count of bids under the title and may wrap the last line
    const below = !c.L.wide && sub && 32 + width(title, 19) + width(sub, 15) > w;
    const top = below ? 24 : 0;
    const feet = c.L.wide ? [fit(foot, 14, w - 32)] : wrap(foot, 14, w - 32).slice(0, 3);
    const h = 56 + v.auction.length * 52 + 40 + top + (feet.length - 1) * 18;
    let s = panel(ui, x, y, w, h, title)
      + (below ? text(ui, x + 16, y + 50, sub, {size: 15, fill: "#7a6a4f"})
        : text(ui, x + w - 16, y + 28, sub, {size: 15, fill: "#7a6a4f", anchor: "end"}));
    v.auction.forEach((a, i) => { s += auctionRow(c, a, x + 12, y + 44 + top + i * 52, w - 24); });
    feet.forEach((line, i) => {
      s += text(ui, x + 16, y + h - 16 - (feet.length - 1 - i) * 18, line, {size: 14, fill: "#7a6a4f"});
    });
    return {svg: s, h: h};
  }
  /** @param {NightMarketBoard} c */
  function auctionRow(c, a, x, y, w) {
    const {v, ui} = c;
    const chosen = v.bidding.lot === a.lot;
    let s = rect(x, y, w, 46, {rx: 10, fill: chosen ? "#ffe9a8" : "#fdf0d2",
      stroke: chosen ? "#d08c00" : "none", "stroke-width": 2})
      + rect(x + 6, y + 6, 54, 34, {rx: 7, fill: "#fff4d1", stroke: GOLD, "stroke-width": 3})
      + text(ui, x + 33, y + 30, String(a.lot) + (a.face === "yellow" ? "★" : ""),
        {size: 18, bold: true, anchor: "middle"});
    if (a.top !== null && a.top !== undefined) {
      s += text(ui, x + 72, y + 31, money(a.top), {size: 21, bold: true})
        + token(a.leader, x + 134, y + 23, 12)
        + text(ui, x + 152, y + 29, shortName(ui, a.leader, 15, Math.min(120, w - 226)), {size: 15});
    } else {
      s += text(ui, x + 72, y + 29, ui.t("no bid yet"), {size: 15, fill: "#7d631c"});
    }
    // the public bids, newest last, as many as fit before the "Bid" button
    const end = x + w - 70;
    const shown = [];
    let used = 0;
    for (const bid of a.bids.slice().reverse()) {
      const bw = 30 + width(money(bid[1]), 15);
      if (x + 270 + used + bw > end) break;
      shown.unshift(bid);
      used += bw;
    }
    let bx = end - used;
    for (const [seat, amount] of shown) {
      s += token(seat, bx + 10, y + 23, 10)
        + text(ui, bx + 23, y + 29, money(amount), {size: 15});
      bx += 30 + width(money(amount), 15);
    }
    if (c.lotMoves[a.lot]) {
      s += rect(x + w - 62, y + 9, 54, 28, {rx: 14, fill: "#7ef0ff", stroke: INK})
        + text(ui, x + w - 35, y + 28, ui.t("Bid"), {size: 15, bold: true, anchor: "middle"});
    }
    return hot(ui, c.lotMoves[a.lot], s);
  }
  /** After the auction: the lots won this round (shown while building). */
  /** @param {NightMarketBoard} c */
  function wonPanel(c, x, y, w) {
    const {v, ui} = c;
    const won = v.lots.filter((l) => l.won_round === v.round && l.owner !== null);
    if (!won.length) return {svg: "", h: 0};
    const per = c.L.wide ? 4 : Math.max(2, Math.min(4, Math.floor((w - 32) / 100)));
    const h = 56 + Math.ceil(won.length / per) * 40;
    let s = panel(ui, x, y, w, h, ui.t("Lots won this round"));
    won.forEach((l, i) => {
      const lx = x + 16 + (i % per) * ((w - 32) / per);
      const ly = y + 44 + Math.floor(i / per) * 40;
      s += token(l.owner, lx + 12, ly + 14, 12)
        + text(ui, lx + 30, ly + 20, ui.t("Lot {n}", {n: l.lot}), {size: 16, bold: true});
    });
    return {svg: s, h: h};
  }

  // ------------------------------------------------------------------ the viewer's move
  /** @param {NightMarketBoard} c */
  function movePanel(c, x, y, w) {
    const {p, v, ui} = c;
    const mine = p.seat !== null && p.seat !== undefined && p.to_move === p.seat && p.legal.length;
    if (!mine) {
      if (v.over) return {svg: "", h: 0};
      const who = v.to_move === null || v.to_move === undefined ? "" : ui.seatName(v.to_move);
      const line = ui.t("{who} to move", {who: who}) + " · " + phaseWord(ui, v);
      const s = panel(ui, x, y, w, 70, ui.t("Waiting"))
        + text(ui, x + 16, y + 54, fit(line, 16, w - 32), {size: 16});
      return {svg: s, h: 70};
    }
    let s = "";
    const hint = moveHint(c, c.L.wide ? 440 : w - 32);
    let h = 70 + hint.length * 22;
    let body = "";
    const by = y + h - 10;
    if (c.amounts.length) {
      const r = amountGrid(c, x + 16, by, w - 32);
      body = r.svg;
      h += r.h;
    } else if (Object.keys(c.typeMoves).length || c.emptyMove) {
      const r = buildButtons(c, x + 16, by, w - 32);
      body = r.svg;
      h += r.h;
    }
    const extra = ["pass", "give-up", "loan", "done"].filter((n) => c.other[n]);
    if (extra.length) {
      const labels = {"pass": ui.t("Pass"), "give-up": ui.t("Give up"),
        "loan": ui.t("Take a loan"), "done": ui.t("No more loans")};
      // side by side, 188 wide where there is room; a finger's height on narrower boards
      const bw = Math.min(188, (w - 32 - 12 * (extra.length - 1)) / extra.length);
      const bh = c.L.wide ? 40 : 46;
      extra.forEach((n, i) => {
        body += button(ui, x + 16 + i * (bw + 12), y + h - 8, bw, bh, fit(labels[n], 16, bw - 12),
          [c.other[n]], {fill: n === "loan" ? GOLD : "#f3d9a4"});
      });
      h += bh + 4;
    }
    s += panel(ui, x, y, w, h, ui.t("Your move"));
    s += hint.map((line, i) => text(ui, x + 16, y + 54 + i * 22, line, {size: 16})).join("");
    return {svg: s + body, h: h};
  }
  /** @param {NightMarketBoard} c */
  function moveHint(c, room) {
    const {v, ui} = c;
    const phase = v.phase;
    let line;
    if (phase === "hide") {
      line = ui.t("Click a customer in your hand to hide it ({n} to choose).",
        {n: v.hidden_to_choose});
    } else if (phase === "bid") {
      line = v.bidding.compensation ? ui.t("Compensation bid: click a lot for sale, or give up.")
        : ui.t("Click a lot for sale to bid on it, or pass.");
    } else if (phase === "bid-amount") {
      line = ui.t("How much do you bid on lot {n}?", {n: v.bidding.lot});
    } else if (phase === "build") {
      line = ui.t("Choose a stall for lot {n}, or leave it empty.", {n: v.building_lot});
    } else if (phase === "loan") {
      line = ui.t("A loan gives $5 now and costs $7 at the end.");
    } else {
      line = phaseWord(ui, v);
    }
    return wrap(line, 16, room).slice(0, 3);
  }
  /** @param {NightMarketBoard} c */
  function amountGrid(c, x, y, w) {
    const {v, p, ui} = c;
    const me = p.seat;
    const chosen = v.bidding.lot;
    const winning = v.auction.filter((a) => a.leader === me && a.lot !== chosen)
      .reduce((sum, a) => sum + a.top, 0);
    // eight a line, 36 high, on the wide board; else as many 52 wide and 46 high as fit
    const per = c.L.wide ? 8 : Math.max(4, Math.floor((w + 6) / 58));
    const bh = c.L.wide ? 36 : 46;
    const bw = (w - (per - 1) * 6) / per;
    const list = c.amounts.slice(0, 48);
    let s = "";
    let loan = false;
    list.forEach((m, i) => {
      const needs = m.amount + winning > v.cash[me];
      loan = loan || needs;
      s += button(ui, x + (i % per) * (bw + 6), y + Math.floor(i / per) * (bh + 6), bw, bh,
        "$" + m.amount, [m.move], {fill: needs ? "#ffb199" : GOLD});
    });
    let h = Math.ceil(list.length / per) * (bh + 6);
    if (loan) {
      s += rect(x, y + h + 2, 16, 16, {rx: 4, fill: "#ffb199"})
        + text(ui, x + 24, y + h + 16, ui.t("needs a loan"), {size: 14, fill: "#7a6a4f"});
      h += 24;
    }
    return {svg: s, h: h};
  }
  /** @param {NightMarketBoard} c */
  function buildButtons(c, x, y, w) {
    const {v, ui} = c;
    let s = "";
    const bh = c.L.wide ? 40 : 46;  // a finger's height on narrower boards
    const per = c.L.wide || w >= 330 ? 2 : 1;  // one a line where two cut their words
    const bw = (w - 6 * (per - 1)) / per;
    TYPES.forEach((name, t) => {
      const moves = c.typeMoves[t];
      const bx = x + (t % per) * (bw + 6);
      const by = y + Math.floor(t / per) * (bh + 6);
      const label = fit(`${typeWord(ui, t)} (${v.supply[t]})`, 16, bw - 48);
      const inner = rect(bx, by, bw, bh, {rx: 10, fill: moves ? TYPE_COLORS[t] : "#ddd",
        stroke: INK, "stroke-width": 1.5, opacity: moves ? 1 : 0.5})
        + icon(t, bx + 22, by + bh / 2, 20)
        + text(ui, bx + 40, by + bh / 2 + 6, label, {size: 16, bold: true});
      s += hot(ui, moves, inner);
    });
    let h = (4 / per) * (bh + 6);
    if (c.emptyMove) {
      s += button(ui, x, y + h, w, bh - 2, ui.t("Leave it empty for now"), [c.emptyMove],
        {fill: "#f3d9a4"});
      h += bh + 4;
    }
    return {svg: s, h: h};
  }

  // ------------------------------------------------------------------ the viewer's customers
  /** @param {NightMarketBoard} c */
  function customersPanel(c, x, y, w) {
    const {v, ui} = c;
    if (!v.hand || (v.over && !v.hand.length)) return {svg: "", h: 0};
    /** @type {[string, string[], boolean][]} */
    const rows = [[ui.t("Your hand"), v.hand, false]];
    if (v.hidden && v.hidden.length) rows.push([ui.t("Your hidden customers"), v.hidden, true]);
    // one line of cards on the wide board; on a narrower one as many lines as they take
    const per = c.L.wide ? Infinity : Math.max(1, Math.floor((w - 24) / 84));
    const tall = rows.map(([, cards]) => 28 + Math.max(1, Math.ceil(cards.length / per)) * 112);
    const h = 40 + tall.reduce((a, b) => a + b, 0);
    let s = panel(ui, x, y, w, h, ui.t("Your customers"));
    let ry = y + 44;
    rows.forEach(([label, cards, hidden], r) => {
      s += text(ui, x + 16, ry + 14, label, {size: 15, fill: "#7a6a4f"});
      if (!cards.length) s += text(ui, x + 16, ry + 50, ui.t("(none)"), {size: 15});
      cards.forEach((name, i) => {
        s += customerCard(c, name, x + 16 + (i % per) * 84, ry + 24 + Math.floor(i / per) * 112, hidden);
      });
      ry += tall[r];
    });
    return {svg: s, h: h};
  }
  /** @param {NightMarketBoard} c */
  function customerCard(c, name, x, y, hidden) {
    const {ui} = c;
    const t = TYPES.indexOf(name.slice(0, 2));
    const letter = name.slice(2);
    const moves = hidden ? null : c.hideMoves[name];
    let s = "";
    if (moves) s += halo(x, y, 76, 104, 4, "#7ef0ff", 4);
    s += rect(x, y, 76, 104, {rx: 9, fill: "#fffdf6", stroke: INK, "stroke-width": 1.5,
      "stroke-dasharray": hidden ? "6 4" : undefined})
      + rect(x + 4, y + 4, 68, 40, {rx: 6, fill: TYPE_COLORS[t]})
      + icon(t, x + 38, y + 24, 24)
      + text(ui, x + 38, y + 64, fit(typeWord(ui, t), 15, 70),
        {size: 15, bold: true, anchor: "middle"})
      + circle(x + 38, y + 84, 13, {fill: GOLD})
      + text(ui, x + 38, y + 90, letter, {size: 16, bold: true, anchor: "middle"});
    const tip = ui.t("likes {type}, enters at {letter}", {type: typeWord(ui, t), letter: letter})
      + (hidden ? ` · ${ui.t("hidden")}` : "");
    return hot(ui, moves, s, tip);
  }

  // ------------------------------------------------------------------ render
  /** @param {NightMarketPayload} payload @param {Ui} ui @param {NightMarketPayload | null} [prev]
   * @returns {string} */
  function render(payload, ui, prev) {
    const c = context(payload, ui, prev);
    const drawn = c.L.wide ? wideBoard(c) : stackedBoard(c);
    const W = c.L.W;
    const h = Math.ceil(drawn.h);
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${h}" width="100%"`
      + ` font-family="${FONT.replace(/"/g, "'")}" role="group"`
      + ` aria-label="${ui.esc(ui.t("Taiwan Night Market"))}">`
      + drawn.svg + "</svg>";
  }
  /** The 1000-unit board: the market, the legend, the players in a row, then the auction
   * beside the viewer's move and customers. @param {NightMarketBoard} c */
  function wideBoard(c) {
    const W = c.L.W;
    let y = 56;
    let body = header(c).svg;
    if (c.v.over) {
      body += rect(0, y, W, 100, {fill: "#12152d"}) + finalBanner(c, y + 6).svg;
      y += 100;
    }
    body += market(c, y);
    y += 3 * streetH(c.L) + 60;
    body += legend(c, y).svg;
    y += 34;
    const top = y;
    const cards = players(c, y + 10).svg;
    y += 10 + 30 + 150 + 40;
    const half = (W - 30) / 2;
    const left = auctionPanel(c, 10, y, half);
    const move = movePanel(c, 20 + half, y, half);
    const gap = move.h ? 12 : 0;
    const cust = customersPanel(c, 20 + half, y + move.h + gap, half);
    const bottom = y + Math.max(left.h, move.h + gap + cust.h) + 14;
    body += rect(0, top, W, bottom - top, {fill: NIGHT}) + cards + left.svg + move.svg + cust.svg;
    return {svg: body, h: bottom};
  }

  /** The regions of a narrower board in the order the viewer needs them: on their turn what
   * they act on first (the move's buttons and hint, then their hand to hide a card, the auction
   * rows to bid on, or the market with the lot to build on), the rest after; else the market
   * first. On a tablet the move, the hand and the auction ("pair") sit in two columns.
   * @param {NightMarketBoard} c @returns {string[]} */
  function regionOrder(c) {
    const {p, v} = c;
    const mine = p.seat !== null && p.seat !== undefined && p.to_move === p.seat
      && p.legal.length > 0;
    if (c.L.columns > 1) return mine ? ["pair", "market", "players"] : ["market", "pair", "players"];
    if (!mine) return ["market", "auction", "move", "hand", "players"];
    if (v.phase === "hide") return ["move", "hand", "market", "auction", "players"];
    if (v.phase === "build") return ["move", "market", "auction", "hand", "players"];
    return ["move", "auction", "market", "hand", "players"];
  }
  /** Each region of a narrower board drawn at ``y`` across the width: {svg, h} (h 0: none).
   * @param {NightMarketBoard} c @returns {{svg: string, h: number}} */
  function region(c, name, y) {
    const W = c.L.W;
    if (name === "market") {
      const streets = bandMarket(c, y);
      const marks = legend(c, y + streets.h);
      const py = y + streets.h + marks.h + 10;
      const half = (W - 30) / 2;
      const piles = decks(c, 10, py, half) + supply(c, 20 + half, py, half);
      return {svg: streets.svg + marks.svg + piles, h: streets.h + marks.h + 10 + 176};
    }
    if (name === "players") return players(c, y);
    if (name === "pair") {
      // the move and the hand on the left (read first), the auction on the right
      const half = (W - 30) / 2;
      const move = movePanel(c, 10, y, half);
      const gap = move.h ? 12 : 0;
      const cust = customersPanel(c, 10, y + move.h + gap, half);
      const right = auctionPanel(c, 20 + half, y, half);
      return {svg: move.svg + cust.svg + right.svg, h: Math.max(right.h, move.h + gap + cust.h)};
    }
    const draw = {move: movePanel, hand: customersPanel, auction: auctionPanel}[name];
    return draw(c, 10, y, W - 20);
  }
  /** A phone's or tablet's board: the header, then the regions one under another.
   * @param {NightMarketBoard} c */
  function stackedBoard(c) {
    const W = c.L.W;
    const head = header(c);
    let body = head.svg;
    let y = head.h;
    if (c.v.over) {
      const banner = finalBanner(c, y + 8);
      body += rect(0, y, W, banner.h + 16, {fill: "#12152d"}) + banner.svg;
      y += banner.h + 16;
    }
    for (const name of regionOrder(c)) {
      const part = region(c, name, y + 12);
      if (part.h) {
        body += part.svg;
        y += 12 + part.h;
      }
    }
    y += 14;
    return {svg: rect(0, 0, W, y, {fill: NIGHT}) + body, h: y};
  }

  // ------------------------------------------------------------------ decisions in parts
  /* The table page (table.js, "decisions in parts") calls decisions[kind](moves, ctx) when
   * moves of that kind are clicked; ctx: live() the newest payload, ui (board words),
   * legalOf(p, fields), moveOf(action), current() the open decision. Null: play normally. */

  // Loans by the table's option size (data.json "loan" and "sizes"; the view does not carry
  // these figures): $5 each, $7 repaid at the end, at most 3; the mini's $1, $2, at most 1.
  const LOANS = {normal: {amount: 5, repay: 7, max: 3}, mini: {amount: 1, repay: 2, max: 1}};

  function loanTerms(options) {
    return LOANS[(options || {}).size] || LOANS.normal;
  }

  /** The lowest amount the server takes on auction ``slot``: more than its top bid, else any
   * amount, except at least ``yellow_min_bid`` on a yellow (star) lot under the rule option
   * ``yellow_face = min_bid`` (§4 Step 1; the table's options are in the payload). */
  function leastBid(slot, options) {
    if (slot.top !== null && slot.top !== undefined) return slot.top + 1;
    const o = options || {};
    return slot.face === "yellow" && o.yellow_face === "min_bid" ? o.yellow_min_bid : 0;
  }

  /** What an amount costs in loans if the bid wins (§4 Step 5: the fewest loans that cover
   * the seat's winning bids), in words next to the amount; "" within the seat's cash. */
  function loanNote(ui, c) {
    const short = c.amount - c.free;
    if (short <= 0 || c.amount > c.hi) return "";
    const n = Math.ceil(short / c.terms.amount);
    return ui.tn(
      "Above ${free} you need a loan: {n} loan if you win, ${now} now and ${repay} to repay at the end.",
      "Above ${free} you need loans: {n} loans if you win, ${now} now and ${repay} to repay at the end.",
      n, {free: Math.max(c.free, 0), now: n * c.terms.amount, repay: n * c.terms.repay});
  }

  /** Where the amount's bound comes from: cash, the loans still possible, other winning bids. */
  function boundWords(ui, c) {
    const range = c.loans
      ? ui.tn("From ${lo} to ${hi}: your ${cash} in cash plus ${each} for the {n} loan you may still take.",
        "From ${lo} to ${hi}: your ${cash} in cash plus ${each} for each of the {n} loans you may still take.",
        c.loans, {lo: c.lo, hi: c.hi, cash: c.cash, each: c.terms.amount})
      : ui.t("From ${lo} to ${hi}: your ${cash} in cash (no loans left).", {lo: c.lo, hi: c.hi, cash: c.cash});
    return c.held ? range + " " + ui.t("Your winning bids on other lots hold ${held} of it.", {held: c.held}) : range;
  }

  /** The lot is chosen; now the amount (from the lowest legal bid up to what the seat can pay
   * with its cash and the loans it may still take: the range the server accepts, §4 Step 4).
   * ``resumed``: the lot was chosen already (the position is the amount's), so only the amount
   * is sent. */
  function bidDecision(move, ctx, resumed) {
    const live = ctx.live();
    const v = live.view;
    const me = live.seat;
    const lot = move.fields.lot;
    const slot = v.auction.find((a) => a.lot === lot) || {};
    const lo = leastBid(slot, live.options);
    const terms = loanTerms(live.options);
    const loans = terms.max - v.loans[me];
    let held = 0;
    for (const a of v.auction) if (a.leader === me && a.lot !== lot) held += a.top;
    const hi = Math.max(lo, Math.min(v.cash[me] + terms.amount * loans - held, 255));
    return {kind: "bid", lot: lot, lo: lo, hi: hi, amount: lo, cash: v.cash[me], loans: loans,
      held: held, free: v.cash[me] - held, terms: terms,
      marks: (acts) => acts.includes(move.action),
      take: (moves, kind) => {
        if (kind !== "bid" || moves.length !== 1) return false;
        const compose = ctx.current();
        Object.assign(compose, bidDecision(moves[0], ctx, resumed), {seq: compose.seq});
        return true;
      },
      body: () => {
        const ui = ctx.ui;
        const c = ctx.current();
        const less = ui.t("Less");
        const more = ui.t("More");
        return `<div class="summary">${ui.esc(ui.t("Bid on lot {lot}", {lot: c.lot}))}</div>` +
          `<div class="choices"><button type="button" data-compose="less" aria-label="${ui.esc(less)}">−</button>` +
          `<label>${ui.esc(ui.t("Amount"))} &#36;<input id="compose-amount" type="number" inputmode="numeric" ` +
          `min="${c.lo}" max="${c.hi}" value="${c.amount}" size="4"></label>` +
          `<button type="button" data-compose="more" aria-label="${ui.esc(more)}">+</button></div>` +
          `<div class="muted" id="compose-bound">${ui.esc(boundWords(ui, c))}</div>` +
          `<div class="loan-note" id="compose-note" aria-live="polite">${ui.esc(loanNote(ui, c))}</div>`;
      },
      note: () => loanNote(ctx.ui, ctx.current()),
      confirmText: () => {
        const ui = ctx.ui;
        const c = ctx.current();
        const words = ui.t("Bid ${amount} on lot {lot}", {amount: c.amount, lot: c.lot});
        return loanNote(ui, c) ? words + ui.t(" (needs a loan)") : words;
      },
      ready: () => ctx.current().amount >= ctx.current().lo && ctx.current().amount <= ctx.current().hi,
      steps: () => [{kind: "bid", lot: ctx.current().lot, optional: Boolean(resumed)},
        {kind: "amount", amount: ctx.current().amount}],
      phases: ["bid", "bid-amount"], waits: false,
      button: (what) => {
        const c = ctx.current();
        if (what === "less") c.amount = Math.max(c.lo, c.amount - 1);
        if (what === "more") c.amount = Math.min(c.hi, c.amount + 1);
      },
    };
  }

  const decisions = {
    /** Night Market's bid: lot then amount, one decision (a single lot clicked). */
    bid: (moves, ctx) => (moves.length === 1 ? bidDecision(moves[0], ctx) : null),
  };

  /** A position in the middle of a bid (the lot chosen, the amount not yet: a page opened
   * then, or a refused amount): the amount's picker for that lot, or null. */
  function resume(ctx) {
    const live = ctx.live();
    const v = live && live.view;
    if (!v || v.phase !== "bid-amount" || live.to_move !== live.seat || live.seat === null) return null;
    return bidDecision({action: -1, fields: {kind: "bid", lot: v.bidding.lot}}, ctx, true);
  }

  window.BazaarRenderers = window.BazaarRenderers || {};
  window.BazaarRenderers["night-market"] = {render: render, decisions: decisions, resume: resume,
    seatColors: SEAT_COLORS};
})();
