/* The table page: one WebSocket with the server, the board, moves, hints, replay, analysis.
 *
 * The server sends this viewer's payload (see bazaar/web/payload.py) after every change;
 * the page draws it with the game's renderer (its board script, loaded from
 * /games/<game>/board.js the first time a payload of that game arrives, its words from
 * /api/games/<game>/i18n/<lang>) and sends moves back as
 * {"type": "move", "action": n, "seq": payload.seq}.
 */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const params = new URL(location.href).searchParams;
  const tableId = decodeURIComponent(location.pathname.split("/").pop());
  const token = params.get("token") || "";
  let lang = Bazaar.pickLang();
  let strings = {};
  let ui = BazaarUI.make(lang, strings, [], null);
  let live = null;        // the newest payload from the server
  let shown = null;       // the payload on the board (live or a replay step)
  let replaying = false;
  let still = false;      // redraw without animations (back from a replay to the live board)
  let filter = null;      // actions picked by clicking the board, or null
  let socket = null;
  let retry = 500;
  let games = null;
  let sending = false;
  let connected = false;  // the socket is open
  let lost = false;       // the connection was lost and is not back yet
  let wasMyTurn = false;
  let hadPayload = false;
  const SOUND_KEY = "bazaar.sound";

  function tokenQuery() { return token ? "&token=" + encodeURIComponent(token) : ""; }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}` +
      `?lang=${encodeURIComponent(lang)}${tokenQuery()}`);
    socket.onmessage = (ev) => receive(JSON.parse(ev.data));
    socket.onopen = () => { retry = 500; connected = true; if (lost) connectionBack(); };
    socket.onclose = (ev) => {
      connected = false;
      if (ev.code === 4404 || ev.code === 4400) return;
      connectionLost();
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  /* The connection banner: lost (the page reconnects by itself) and back again. */
  function connectionLost() {
    lost = true;
    const banner = $("connection");
    banner.textContent = ui.t("Connection lost — reconnecting…");
    banner.className = "conn-banner lost";
    banner.hidden = false;
    clearTimeout(connectionBack.timer);
    if (live) drawSide(live);
  }

  function connectionBack() {
    lost = false;
    const banner = $("connection");
    banner.textContent = ui.t("Reconnected");
    banner.className = "conn-banner back";
    banner.hidden = false;
    clearTimeout(connectionBack.timer);
    connectionBack.timer = setTimeout(() => { banner.hidden = true; }, 3000);
  }

  /* A short beep (WebAudio, no sound file) when it becomes your turn, if the sound is on. */
  function soundOn() { return localStorage.getItem(SOUND_KEY) === "on"; }
  function beep() {
    if (!soundOn()) return;
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      const ctx = beep.ctx || (beep.ctx = new Ctx());
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.25);
      document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
    } catch (err) { console.error(err); }
  }

  function receive(msg) {
    if (msg.type === "error") {
      sending = false;
      if (planRefused(msg)) return;
      Bazaar.toast(errorWords(msg));
      if (!live) $("status").textContent = msg.error;
      return;
    }
    if (msg.type !== "state") return;
    sending = false;
    live = msg;
    ui = BazaarUI.make(lang, strings, msg.seats, msg.seat);
    if (token && msg.seat !== null) {
      Bazaar.rememberSeat({table: tableId, seat: msg.seat, game: msg.game, link: location.href});
    }
    filter = null;
    $("hints").innerHTML = "";
    $("hint-note").hidden = true;
    if (!replaying) {
      show(msg);
      drawSide(msg);
    } else {  // the replay stays on show; the slider and the live move number move on
      document.body.dataset.seq = String(msg.seq);
      document.body.dataset.over = String(msg.over);
      $("replay").max = String(msg.seq);
      $("replay-step").textContent = ui.t("Move {n} of {total}", {n: $("replay").value, total: msg.seq});
    }
    afterPayload(msg);
    const mine = !msg.over && msg.to_move !== null && msg.to_move === msg.seat;
    if (mine && !wasMyTurn && hadPayload) beep();  // not for the turn the page opens on
    hadPayload = true;
    wasMyTurn = mine;
    drawTitle();
  }

  /* The tab says when it is your turn. */
  function drawTitle() {
    const game = games && live ? Bazaar.gameName(games[live.game], lang) : (live ? live.game : "");
    const mine = live && connected && !live.over && live.to_move !== null && live.to_move === live.seat;
    document.title = (mine ? "\u25cf " + ui.t("Your turn") + " \u2014 " : "") +
      (game ? game + " · " : "") + "Bazaar";
  }

  /* A refused request in the page's language: the rule in words, else the kind of error. */
  function errorWords(msg) {
    const words = {
      "stale": "Someone moved first; the board is up to date now.",
      "turn": "It is not your turn.",
      "token": "This seat link is not valid for this table.",
      "game-over": "The game is over.",
      "unknown-table": "There is no such table.",
    };
    if (msg.explain) return msg.explain;
    if (words[msg.code]) return ui.t(words[msg.code]);
    return msg.error;
  }

  /* Load the board script of ``game`` once; redraw what is shown when it has arrived (until
   * then the board stays empty; without a board script it shows the view as text). */
  const boards = {};  // game id -> "loading" | "failed"
  function loadBoard(game) {
    if (boards[game] || (window.BazaarRenderers || {})[game]) return;
    boards[game] = "loading";
    const script = document.createElement("script");
    script.src = `/games/${encodeURIComponent(game)}/board.js`;
    const redraw = () => { if (shown && shown.game === game) show(shown); };
    script.onload = () => { boards[game] = "loaded"; redraw(); };
    script.onerror = () => { boards[game] = "failed"; redraw(); };
    document.head.appendChild(script);
  }

  /* The words of ``game``'s board in the page's language (its own catalog, fetched once from
   * /api/games/<game>/i18n/<lang>); the board is redrawn when they arrive. */
  const boardWords = {};  // "game|lang" -> {msgid: text}, or null while loading
  function wordsOfBoard(game) {
    if (lang === "en") return {};
    const key = `${game}|${lang}`;
    if (!(key in boardWords)) {
      boardWords[key] = null;
      const url = `/api/games/${encodeURIComponent(game)}/i18n/${encodeURIComponent(lang)}`;
      fetch(url).then((res) => (res.ok ? res.json() : {})).catch(() => ({})).then((words) => {
        boardWords[key] = words;
        if (shown && shown.game === game && lang === key.split("|")[1]) show(shown);
      });
    }
    return boardWords[key] || {};
  }

  function show(payload) {
    // the board shown just before, when this one is the next move of the same game (a board may
    // draw how things got here: Night Market's customer walks); never during a replay
    const prev = shown && !replaying && shown.game === payload.game &&
      shown.table === payload.table && shown.seq + 1 === payload.seq ? shown : null;
    shown = payload;
    drawStory(payload);
    loadBoard(payload.game);
    const renderer = (window.BazaarRenderers || {})[payload.game];
    const board = $("board");
    const before = textsAt(board);
    const places = window.BazaarMotion ? BazaarMotion.capture(board) : null;
    if (renderer) {
      const words = Object.assign({}, strings, wordsOfBoard(payload.game));
      try {
        board.innerHTML = renderer.render(payload, BazaarUI.make(lang, words, payload.seats, payload.seat), prev);
      } catch (err) {
        board.innerHTML = `<pre>${ui.esc(JSON.stringify(payload.view, null, 1))}</pre>`;
        console.error(err);
      }
    } else if (boards[payload.game] === "loading") {
      board.innerHTML = "";
    } else {
      board.innerHTML = `<pre>${ui.esc(JSON.stringify(payload.view, null, 1))}</pre>`;
    }
    flashChanges(board, before);
    fitBoard();
    if (places) BazaarMotion.play(board, places, {off: replaying || still});
    const legal = new Set(payload.legal.map((m) => m.action));
    board.querySelectorAll("[data-actions]").forEach((el) => {
      const acts = el.getAttribute("data-actions").split(",").map(Number).filter((a) => legal.has(a));
      if (!acts.length || replaying) return;
      el.classList.add("hot");
      el.addEventListener("click", () => pick(acts));
    });
    keyboardHotspots(board, legal);
  }

  /* Board spots as buttons for the keyboard: a legal spot is focusable (svg.js gives it
   * tabindex 0, role button and its moves as its name) and Enter or Space acts as a click;
   * a spot that is not playable now (another seat's move, a replay) leaves the tab order. */
  function keyboardHotspots(board, legal) {
    board.querySelectorAll("[data-actions]").forEach((el) => {
      const playable = el.getAttribute("data-actions").split(",").some((a) => legal.has(Number(a)));
      if (!playable || replaying) {
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
        el.classList.remove("hot");
        return;
      }
      el.addEventListener("keydown", (ev) => {
        if (ev.key !== "Enter" && ev.key !== " ") return;
        ev.preventDefault();
        el.dispatchEvent(new MouseEvent("click", {bubbles: true}));
      });
    });
    if (compose && compose.marks) {
      board.querySelectorAll("[data-actions]").forEach((el) => {
        if (compose.marks(el.getAttribute("data-actions").split(",").map(Number))) {
          el.classList.add("picked");
        }
      });
    }
  }

  /* A short flash on each board text that changed (a price, money, a count) when the board
   * kept its shape; style.css leaves it out under prefers-reduced-motion. */
  function textAt(el) { return `${el.getAttribute("x")},${el.getAttribute("y")}`; }
  function textsAt(board) {
    const out = new Map();
    board.querySelectorAll("svg text").forEach((el) => out.set(textAt(el), el.textContent));
    return out;
  }
  function flashChanges(board, before) {
    let changed = 0;
    board.querySelectorAll("svg text").forEach((el) => {
      const old = before.get(textAt(el));
      if (old !== undefined && old !== el.textContent) { el.classList.add("changed"); changed++; }
    });
    document.body.dataset.flashed = String(Number(document.body.dataset.flashed || 0) + changed);
  }

  function pick(actions) {
    if (composePick(actions)) return;
    if (actions.length === 1) { play(actions[0]); return; }
    filter = actions;
    drawMoves(live);
    bringMoves();
  }

  function play(action) {
    if (!live || sending || replaying || plan) return;
    if (!live.legal.some((m) => m.action === action)) {
      Bazaar.toast(ui.t("That move is not legal now."));
      return;
    }
    if (composePick([action])) return;
    sendMove(action);
  }

  function sendMove(action) {
    sending = true;
    socket.send(JSON.stringify({type: "move", action: action, seq: live.seq}));
  }

  /* ---------------------------------------------------------------- decisions in parts
   * A decision made of several moves is built up in the move panel (#compose) and sent only
   * when confirmed. Which moves start one, and how it is built, is the game's: its board
   * script's ``decisions[kind](moves, ctx)`` returns the decision (or null: play the move
   * normally), with body, confirmText, ready, steps, phases, waits, take, marks and button
   * (docs/web.md, "Decisions in several parts"). Moves are found by their fields
   * (docs/web.md, "Move fields") in each new payload and sent one after another, each with that payload's seq; a refused
   * part stops the rest with a message. Cancel sends nothing. */
  let compose = null;  // the decision being built: {kind, seq, ...}
  let plan = null;     // a confirmed decision being sent: {steps, i, phases, waits}

  const same = (a, b) => Object.keys(b).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
  const legalOf = (p, f) => p.legal.find((m) => same(m.fields, f));
  const moveOf = (action) => (live ? live.legal.find((m) => m.action === action) : null);
  /** The page's words with the board's, for a board's decision (its words are in its catalog). */
  const boardUi = () => BazaarUI.make(lang, Object.assign({}, strings, live ? wordsOfBoard(live.game) : {}),
    live ? live.seats : [], live ? live.seat : null);
  /* What a board's decisions[kind](moves, ctx) may use (docs/web.md, "Decisions in several parts"):
   * functions and a getter, so each call sees the newest payload, words and open decision. */
  const decisionCtx = {
    live: () => live,
    get ui() { return boardUi(); },
    legalOf: legalOf,
    moveOf: moveOf,
    current: () => compose,
  };

  /** Start or change a decision for the clicked ``actions``; true if one took them. */
  function composePick(actions) {
    if (!live || replaying || plan) return false;
    const moves = actions.map(moveOf).filter(Boolean);
    if (!moves.length) return false;
    const kinds = new Set(moves.map((m) => m.fields.kind));
    const kind = kinds.size === 1 ? [...kinds][0] : null;
    if (compose && compose.take && compose.take(moves, kind)) { drawCompose(); redrawBoard(); return true; }
    const renderer = (window.BazaarRenderers || {})[live.game] || {};
    const own = kind && renderer.decisions && Object.prototype.hasOwnProperty.call(renderer.decisions, kind);
    const decide = own ? renderer.decisions[kind] : null;
    const made = decide ? decide(moves, decisionCtx) : null;
    if (!made) {
      if (compose) closeCompose();
      return false;
    }
    compose = made;
    compose.seq = live.seq;
    drawCompose();
    redrawBoard();
    bringMoves();
    return true;
  }

  function redrawBoard() { if (live && !replaying) show(live); }

  function closeCompose() {
    compose = null;
    $("compose").hidden = true;
    $("compose").innerHTML = "";
    redrawBoard();
  }

  function drawCompose() {
    const box = $("compose");
    if (!compose) { box.hidden = true; box.innerHTML = ""; return; }
    const amount = $("compose-amount");
    const focused = document.activeElement && document.activeElement.id === "compose-amount";
    if (amount && focused) return;  // the player is typing an amount
    box.hidden = false;
    box.innerHTML = compose.body() + `<div class="row">` +
      `<button type="button" class="primary" id="compose-confirm"${compose.ready() ? "" : " disabled"}>` +
      `${ui.esc(compose.confirmText())}</button>` +
      `<button type="button" id="compose-cancel">${ui.esc(ui.t("Cancel"))}</button></div>`;
  }

  function composeClick(ev) {
    if (!compose) return;
    const el = ev.target.closest("button");
    if (!el) return;
    if (el.id === "compose-cancel") { closeCompose(); return; }
    if (el.id === "compose-confirm") { confirmCompose(); return; }
    const what = el.getAttribute("data-compose");
    if (what) { compose.button(what, el); drawCompose(); redrawBoard(); }
  }

  function composeInput(ev) {
    if (!compose || ev.target.id !== "compose-amount") return;
    const n = Number(ev.target.value);
    compose.amount = Number.isInteger(n) ? n : -1;
    const ok = compose.ready();
    $("compose-confirm").disabled = !ok;
    $("compose-confirm").textContent = compose.confirmText();
  }

  function confirmCompose() {
    if (!compose || !compose.ready() || sending) return;
    plan = {steps: compose.steps(), i: 0, phases: compose.phases, waits: compose.waits, sent: 0,
      after: -1};  // the seq of the last part sent: the next part waits for a newer payload
    document.body.dataset.plan = "sending";
    compose = null;
    drawCompose();
    advancePlan();
  }

  /** After each payload: drop a decision the table has moved past; send the plan's next part. */
  function afterPayload(p) {
    if (compose && (p.seq !== compose.seq || p.to_move !== p.seat)) closeCompose();
    else drawCompose();
    if (plan && !sending && p.seq > plan.after) advancePlan();
  }

  function endPlan(message) {
    plan = null;
    delete document.body.dataset.plan;
    $("plan-note") && $("plan-note").remove();
    if (message) Bazaar.toast(message);
    if (live) drawMoves(live);
  }

  function planNote(text) {
    let note = $("plan-note");
    if (!note) {
      note = document.createElement("div");
      note.id = "plan-note";
      note.className = "row";
      $("compose").after(note);
    }
    note.innerHTML = `<span class="muted">${ui.esc(text)}</span>` +
      (plan && plan.waits ? ` <button type="button" id="plan-stop">${ui.esc(ui.t("Cancel"))}</button>` : "");
  }

  function advancePlan() {
    const p = live;
    const total = plan.steps.length;
    const rest = () => plan.steps.slice(plan.i).filter((st) => !st.optional).length;
    while (plan.i < total) {
      const step = plan.steps[plan.i];
      const fields = Object.assign({}, step);
      delete fields.optional;
      const phase = p.view && p.view.phase;
      if (p.over || !plan.phases.includes(phase)) {
        endPlan(rest() ? ui.t("{n} of {total} parts were sent; the rest no longer applies.", {n: plan.sent, total: total}) : "");
        return;
      }
      if (p.to_move !== p.seat) {
        if (!plan.waits) {
          endPlan(rest() ? ui.t("{n} of {total} parts were sent; the rest no longer applies.", {n: plan.sent, total: total}) : "");
          return;
        }
        planNote(ui.t("Waiting for your turn to send the rest ({n} left).", {n: rest()}));
        document.body.dataset.plan = "waiting";
        return;
      }
      const m = legalOf(p, fields);
      if (!m) {
        if (step.optional) { plan.i += 1; continue; }
        endPlan(ui.t("Part {n} of {total} is not a legal move now; nothing more was sent.", {n: plan.i + 1, total: total}));
        return;
      }
      plan.i += 1;
      plan.sent += 1;
      plan.after = p.seq;
      planNote(ui.t("Sending part {n} of {total}…", {n: plan.i, total: total}));
      document.body.dataset.plan = "sending";
      sendMove(m.action);
      return;
    }
    endPlan("");
  }

  /** A refused part: stop the plan and say which part and why; true if a plan was running. */
  function planRefused(msg) {
    if (!plan) return false;
    const n = plan.i;
    const total = plan.steps.length;
    endPlan(ui.t("Part {n} of {total} was refused: {why} Nothing more was sent.", {n: n, total: total, why: errorWords(msg)}));
    return true;
  }

  function seatLabel(seat) { return ui.seatName(seat); }

  /* The entries of the newest turn: the moves at the end of the log by one seat in a row. */
  function lastTurn(log) {
    const out = [];
    for (let i = log.length - 1; i >= 0 && (!out.length || log[i].seat === out[0].seat); i--) {
      out.unshift(log[i]);
    }
    return out;
  }

  /* One plain sentence for the newest turn, from its log entries: the sentences of the events
   * about the mover ("Mei buys 2 K0 …"), else the move in words. */
  function turnSentence(log) {
    const turn = lastTurn(log);
    if (!turn.length) return "";
    const seat = turn[0].seat;
    const parts = [];
    turn.forEach((e) => {
      const own = (e.groups || []).filter((g) => g.seat === seat)
        .flatMap((g) => g.lines.filter((i) => !Array.isArray(i)).map((i) => e.lines[i]));
      if (own.length) parts.push(...own);
      else parts.push(ui.t("{name}: {move}", {name: seatLabel(seat), move: e.text}));
    });
    const unique = parts.filter((x, i) => parts.indexOf(x) === i);
    return unique.join(ui.t("; ")) + ui.t(".");
  }

  function drawStory(p) {
    const box = $("story");
    const text = turnSentence(p.log || []);
    box.hidden = !text;
    if (box.textContent !== text) {
      box.textContent = text;
      box.classList.remove("fresh");
      void box.offsetWidth;  // restart the fade-in
      box.classList.add("fresh");
    }
  }

  function drawSide(p) {
    const past = p !== live;  // a replay step
    document.body.dataset.seq = String(live ? live.seq : p.seq);  // the live move number
    document.body.dataset.over = String(live ? live.over : p.over);
    document.body.dataset.shownSeq = String(p.seq);  // the step on show (a replay's or live)
    $("game-name").textContent = games ? Bazaar.gameName(games[p.game], lang) : p.game;
    drawTitle();
    const status = $("status");
    status.classList.toggle("mine", connected && !past && p.to_move !== null && p.to_move === p.seat);
    if (p.over) {
      status.textContent = ui.t("The game is over.");
    } else if (lost && !past) {
      status.textContent = ui.t("Connection lost — reconnecting…");
    } else if (past && p.to_move !== null) {
      status.textContent = ui.t("{name} was to move.", {name: seatLabel(p.to_move)});
    } else if (p.to_move === p.seat) {
      status.textContent = ui.t("Your turn.");
    } else {
      status.textContent = ui.t("Waiting for {name}.", {name: seatLabel(p.to_move)});
    }
    if (p.seat === null) status.textContent += " " + ui.t("(You are watching.)");
    drawSeats(p);
    drawResult(p);
    drawDeal(p);
    $("name-row").hidden = p.seat === null;
    $("my-name").placeholder = ui.t("Your name");
    drawMoves(past ? live : p);
    drawUndo(p);
    drawGuide(p, past);
    drawLog(p);
    $("hint").hidden = p.seat === null || p.over || past;
    $("hint").disabled = p.to_move !== p.seat;
    $("after").hidden = !(p.over && p.seat !== null) || past;
    $("record-link").href = `/api/tables/${encodeURIComponent(tableId)}/record?lang=${encodeURIComponent(lang)}${tokenQuery()}`;
    $("puzzles-link").href = `/puzzles/table/${encodeURIComponent(tableId)}?lang=${encodeURIComponent(lang)}${tokenQuery()}`;
    const slider = $("replay");
    const total = live ? live.seq : p.seq;
    slider.max = String(total);
    if (!replaying) slider.value = String(total);
    $("replay-step").textContent = ui.t("Move {n} of {total}", {n: slider.value, total: total});
    fitBoard();
  }

  /* On one column (phones, tablets: style.css) the board takes the screen's width and the
   * move panel is a bar fixed to the bottom of the screen (at most a third of its height,
   * scrolling inside). Its toggle folds it to one line ("Your moves (12) ▴") and unfolds it;
   * while it is not this seat's turn it shows the turn sentence only (and Undo while that
   * applies). The page keeps room below for the bar (--bar-room on body, the bar's height),
   * so every part of the page, the board's bottom too, can be scrolled above it. A finished
   * game's panel is an ordinary panel again and keeps no room; a spectator has no bar. */
  const ONE_COLUMN = window.matchMedia("(max-width: 999px)");
  let folded = false;  // the player folded the bar
  function fitBoard() {
    const panel = $("moves-panel");
    const fixed = ONE_COLUMN.matches && !panel.hidden && getComputedStyle(panel).position === "fixed";
    const room = fixed ? Math.ceil(panel.getBoundingClientRect().height) : 0;
    document.body.style.setProperty("--bar-room", room + "px");
  }

  function drawFold() {
    $("moves-panel").classList.toggle("folded", folded);
    $("moves-toggle").setAttribute("aria-expanded", String(!folded));
    $("moves-toggle").querySelector(".fold-mark").textContent = folded ? "▴" : "▾";
    fitBoard();
  }

  /** The moves in reach after a board pick: the bar unfolds, its top (the decision) shown. */
  function bringMoves() {
    const panel = $("moves-panel");
    if (ONE_COLUMN.matches && getComputedStyle(panel).position === "fixed") {
      if (folded) { folded = false; drawFold(); }
      panel.scrollTop = 0;
    } else {
      panel.scrollIntoView({behavior: "smooth", block: "nearest"});
    }
  }

  function drawResult(p) {
    const box = $("result");
    if (!p.over) { box.hidden = true; return; }
    const result = p.result || {ranking: p.scores.map((score, seat) => (
      {rank: 0, seat: seat, score: score, winner: p.winners.includes(seat)})), tie: null};
    const rows = result.ranking.map((r) =>
      `<li class="rank${r.winner ? " winner" : ""}" data-seat="${r.seat}" data-rank="${r.rank}">` +
      `<span class="place">${ui.esc(ui.t("{rank}.", {rank: r.rank}))}</span> ` +
      `${ui.esc(seatLabel(r.seat))}: ${ui.esc(r.shown || String(r.score))}` +
      `${r.winner ? " — " + ui.esc(ui.t("winner")) : ""}</li>`).join("");
    const tie = result.tie && result.tie.text ?
      `<p class="tie-break">${ui.esc(result.tie.text)}</p>` : "";
    const rule = result.rule ? `<p class="muted tie-rule">${ui.esc(result.rule)}</p>` : "";
    box.innerHTML = `<b>${ui.esc(ui.t("Final result"))}</b><ol class="ranking">${rows}</ol>${tie}${rule}`;
    box.hidden = false;
  }

  /* The deal: a loud notice to everyone when the creator fixed the seed; the commitment,
   * and the seed and salt once they are revealed (see "Fair deals" in docs/web.md). */
  function drawDeal(p) {
    const d = p.deal || {};
    const notice = $("deal-notice");
    notice.hidden = !d.fixed;
    const practice = stored(PRACTICE);
    notice.classList.toggle("practice", Boolean(d.fixed && practice));
    if (d.fixed && practice) {  // a guided first game: the same deal for every learner
      notice.textContent = ui.t("Practice game with a fixed deal: every guided game starts with the same cards.");
    } else if (d.fixed) {
      notice.textContent = ui.t("Fixed deal: the table's creator chose the seed {seed}, so they can know every hidden card.", {seed: d.seed});
    }
    /* The commitment, and once the game is over its digest: lines that keep their nodes (only
     * texts change), so each Copy button keeps the keyboard focus across updates. */
    drawHexLine("commitment", d.commitment,
      ui.t("Deal commitment (SHA-256): {commitment}", {commitment: d.commitment}));
    drawHexLine("digest", d.digest, ui.t("Game digest (SHA-256): {digest}", {digest: d.digest}));
    const revealed = $("deal-revealed");
    const shown = d.seed !== null && d.seed !== undefined && Boolean(d.salt);
    revealed.hidden = !shown;
    let words = "";
    if (shown && d.digest) {
      words = ui.t("Deal revealed: seed {seed}, salt {salt}. Download the record and run “bazaar verify --commitment … --digest …” with the commitment and the game digest above to check the deal and the moves.", {seed: d.seed, salt: d.salt});
    } else if (shown) {
      words = ui.t("Deal revealed: seed {seed}, salt {salt}. Download the record and run “bazaar verify --commitment” with the commitment above to check the game.", {seed: d.seed, salt: d.salt});
    }
    revealed.textContent = words;
    $("deal-info").hidden = !d.commitment && !shown;
  }

  /* One line of 64 hex digits with its Copy button (``which``: "commitment" or "digest"): the
   * line #deal-<which> with its text #deal-<which>-text and the button #copy-<which>, which
   * copies the hex alone; hidden while there is no value. */
  function drawHexLine(which, value, text) {
    $("deal-" + which).hidden = !value;
    const shown = value ? text : "";
    const line = $("deal-" + which + "-text");
    if (line.textContent !== shown) line.textContent = shown;
    $("copy-" + which).dataset.copy = value || "";
  }

  /* Copy the hex of a Copy button: the Clipboard API where the page may use it (HTTPS or
   * localhost), else a selected text area and the browser's copy command; say in the button's
   * status (data-status) which happened, ``failed`` when neither worked. */
  async function copyHex(button, failed) {
    const value = button.dataset.copy;
    if (!value) return;
    let done = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(value);
        done = true;
      }
    } catch (e) { done = false; }
    if (!done) {
      const area = document.createElement("textarea");
      area.value = value;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      area.remove();
      button.focus();
    }
    $(button.dataset.status).textContent = done ? ui.t("Copied.") : failed;
  }

  function drawMoves(p) {
    const box = $("moves");
    const mine = p.legal;
    const panel = $("moves-panel");
    panel.hidden = p.seat === null;
    panel.classList.toggle("idle", !mine.length && !p.over);
    $("bar-turn").textContent = $("status").textContent;
    $("moves-count").textContent = ui.t("Your moves ({n})", {n: mine.length});
    const key = `${p.seq}:${filter ? filter.join(",") : ""}`;
    if (panel.dataset.shown !== key) { panel.dataset.shown = key; panel.scrollTop = 0; }  // new moves
    if (!mine.length) {
      box.innerHTML = `<span class="muted">${ui.esc(p.over ? ui.t("No more moves.") :
        ui.t("Not your turn yet."))}</span>`;
      $("filter-row").hidden = true;
      return;
    }
    const list = filter ? mine.filter((m) => filter.includes(m.action)) : mine;
    $("filter-row").hidden = !filter;
    $("filter-note").textContent = filter ? ui.t("{n} moves for what you picked", {n: list.length}) : "";
    box.innerHTML = list.map((m) => {
      const shown = ui.notation && m.text !== m.notation;  // zh-TW pages show only the words
      return `<button data-action="${m.action}" data-notation="${ui.esc(m.notation)}"` +
        (ui.notation ? ` title="${ui.esc(m.notation)}"` : "") + `>${ui.esc(m.text)}` +
        (shown ? `<span class="nt">${ui.esc(m.notation)}</span>` : "") + `</button>`;
    }).join("");
  }

  /* "Undo": shown while this viewer may take back their newest move (payload ``undo``); the
   * request names the position version last seen, so a late one cannot take back a replay. */
  function drawUndo(p) {
    let btn = $("undo");
    if (!btn) {
      btn = document.createElement("button");
      btn.id = "undo";
      btn.addEventListener("click", () => {
        if (!live || !live.undo || replaying) return;
        socket.send(JSON.stringify({type: "undo", seq: live.seq - 1, version: live.version}));
      });
      $("moves").after(btn);
    }
    btn.textContent = ui.t("Undo my last move");
    btn.hidden = !p.undo || replaying;
  }

  /* One list of the seats, counted from 1 like everything people read: each seat's name
   * ("(you)" for this viewer's), a bot's name with its one line on how strong it is, whether
   * its person is here, away (for how long) or played by a stand-in bot, and whose turn it
   * is; below it the turn timer. Buttons: hand an overdue seat to a bot, take one's own
   * seat back. */
  function drawSeats(p) {
    const list = $("seat-list");
    if (!list.dataset.wired) {
      list.dataset.wired = "1";
      $("seats").addEventListener("click", (ev) => {
        const el = ev.target.closest && ev.target.closest("button[data-standin], button[data-return]");
        if (!el || !socket) return;
        if (el.hasAttribute("data-return")) { socket.send(JSON.stringify({type: "return"})); return; }
        const level = $("seats").querySelector("select.standin-bot");
        socket.send(JSON.stringify({type: "standin", seat: Number(el.getAttribute("data-standin")),
          bot: level ? level.value : "ismcts:easy"}));
      });
    }
    const timer = p.timer || {};
    const overdue = timer.overdue || [];
    list.innerHTML = (p.seats || []).map((s) => {
      let state;
      if (s.kind === "bot") state = "";
      else if (s.standin) state = ui.t("a bot plays for them: {bot}", {bot: ui.botLabel(s.standin)});
      else if (s.present) state = ui.t("here");
      else state = ui.t("away for {minutes} min", {minutes: Math.max(0, Math.floor((Date.now() / 1000 - s.away) / 60))});
      const mark = s.kind === "bot" ? "" : (s.present ? "\u25cf " : "\u25cb ");
      const turn = !p.over && p.to_move === s.seat;
      const about = ui.botDescription(s.kind === "bot" ? s.bot : s.standin || "");
      const hand = overdue.includes(s.seat) && p.seat !== null && s.seat !== p.seat ?
        ` <button data-standin="${s.seat}">${ui.esc(ui.t("Let a bot play for them"))}</button>` : "";
      const back = s.standin && s.seat === p.seat ?
        ` <button data-return="1">${ui.esc(ui.t("Take my seat back"))}</button>` : "";
      return `<li data-seat="${s.seat}" data-present="${s.present}" data-turn="${turn}"` +
        `${turn ? ' class="to-move"' : ""}>${mark}` +
        ui.esc(state ? ui.t("{seat}: {state}", {seat: seatLabel(s.seat), state: state}) : seatLabel(s.seat)) +
        (turn ? ` <span class="turn">${ui.esc(ui.t("to move"))}</span>` : "") + hand + back +
        (about ? ` <small class="muted">${ui.esc(about)}</small>` : "") + `</li>`;
    }).join("");
    let line = "";
    if (timer.minutes) {
      line = ui.t("Turn timer: {minutes} min per move.", {minutes: timer.minutes});
      if (timer.left !== null && timer.left !== undefined) {
        line += (ui.lang === "zh-TW" ? "" : " ") +
          ui.t("{seconds} s left for this move.", {seconds: timer.left});
      }
    }
    const levels = overdue.length && p.seat !== null ?
      ` <select class="standin-bot" aria-label="${ui.esc(ui.t("Bot level"))}">` +
      ["ismcts:easy", "ismcts:medium", "ismcts:hard", "heuristic"].map((b) =>
        `<option value="${b}">${ui.esc(ui.botLabel(b))}</option>`).join("") + `</select>` : "";
    const below = $("seat-timer");
    below.innerHTML = (line ? ui.esc(line) : "") + levels;
    below.hidden = !line && !levels;
  }

  /* The log by turn and actor: a turn (one seat's moves in a row) under the seat's name, each
   * move with the events about its mover; events about another seat (the next player's draw)
   * under that seat's name, the table's events without one; a long run of one kind (a Night
   * Market customer walk) as a list. */
  function drawLog(p) {
    const box = $("log");
    const entryHtml = (e) => {
      const lineHtml = (i) => (Array.isArray(i)  // indices of e.lines; a list: a walk
        ? `<ul class="walk">${i.map((j) => `<li>${ui.esc(e.lines[j])}</li>`).join("")}</ul>`
        : `<div class="line">${ui.esc(e.lines[i])}</div>`);
      const groups = e.groups || [{seat: e.seat, lines: e.lines.map((l, i) => i)}];
      const own = groups.length && groups[0].seat === e.seat ? groups[0] : null;
      const others = own ? groups.slice(1) : groups;
      return `<div class="entry" data-seq="${e.seq}" data-notation="${ui.esc(e.notation)}"><b>${e.seq + 1}.</b> ` +
        (ui.notation ? `<code>${ui.esc(e.notation)}</code> ${ui.esc(e.text !== e.notation ? e.text : "")}` : ui.esc(e.text)) +
        (own ? own.lines.map(lineHtml).join("") : "") +
        others.map((g) => `<div class="group" data-seat="${g.seat === null ? "" : g.seat}">` +
          (g.seat === null ? "" : `<span class="who">${ui.esc(seatLabel(g.seat))}</span>`) +
          g.lines.map(lineHtml).join("") + `</div>`).join("") + `</div>`;
    };
    const turns = [];
    p.log.forEach((e) => {
      const turn = turns[turns.length - 1];
      if (turn && turn.seat === e.seat) turn.entries.push(e); else turns.push({seat: e.seat, entries: [e]});
    });
    box.innerHTML = turns.map((turn) => `<div class="turn" data-seat="${turn.seat}">` +
      `<div class="actor">${ui.esc(seatLabel(turn.seat))}</div>${turn.entries.map(entryHtml).join("")}</div>`).join("");
    box.scrollTop = box.scrollHeight;
  }

  /* ------------------------------------------------------------ the guided first game
   * A table opened with ``guide=1`` (the lobby's "Learn to play", docs/guide.md) shows the
   * guide above the moves on each of this seat's turns: what is decided, the suggested move
   * and why (GET /api/tables/ID/guide), a link to the rulebook's section. "Play the
   * suggestion" sends it; "Leave the guide" turns the panel off for good (the game goes on). */
  const GUIDE_OFF = `bazaar-guide-off:${tableId}`;
  const PRACTICE = `bazaar-practice:${tableId}`;
  function stored(key) { try { return localStorage.getItem(key) === "1"; } catch (e) { return false; } }
  function store(key) { try { localStorage.setItem(key, "1"); } catch (e) { /* private mode */ } }
  if (params.get("guide") === "1") store(PRACTICE);
  let guiding = params.get("guide") === "1" && !stored(GUIDE_OFF);
  let guideKey = null;

  function guideBox() {
    let box = $("guide");
    if (!box) {
      box = document.createElement("div");
      box.id = "guide";
      box.className = "guide";
      box.setAttribute("role", "note");
      $("compose").before(box);
      box.addEventListener("click", (ev) => {
        const btn = ev.target.closest("button, a");
        if (!btn) return;
        if (btn.id === "guide-play") {
          const action = Number(btn.dataset.guideAction);
          if (live && !sending && !replaying && live.legal.some((m) => m.action === action)) {
            sendMove(action);
          }
        } else if (btn.id === "guide-leave") {
          guiding = false;
          box.hidden = true;
          store(GUIDE_OFF);
          const url = new URL(location.href);
          url.searchParams.delete("guide");
          history.replaceState(null, "", url.toString());
        } else if (btn.id === "guide-rules") {
          ev.preventDefault();
          showRules();
        }
      });
    }
    return box;
  }

  async function drawGuide(p, past) {
    if (!guiding) return;
    const box = guideBox();
    const mine = p.seat !== null && !p.over && !past && p.to_move === p.seat && p.legal.length;
    box.hidden = !mine;
    if (!mine) return;
    const key = `${p.seq}:${p.version}:${lang}`;
    if (guideKey === key) return;
    guideKey = key;
    box.innerHTML = `<p class="muted">${ui.esc(ui.t("Thinking…"))}</p>`;
    let step;
    try {
      step = await Bazaar.api("GET", `/api/tables/${encodeURIComponent(tableId)}/guide?lang=${lang}${tokenQuery()}`);
    } catch (err) {
      guideKey = null;
      box.innerHTML = "";
      Bazaar.toast(err.message);
      return;
    }
    if (guideKey !== key) return;  // the table moved on meanwhile
    const s = step.suggestion;
    const move = s.move;  // notation and words in English, words only in zh-TW
    box.innerHTML = `<h3>${ui.esc(ui.t("Guide"))}</h3>` +
      `<p class="guide-explain">${ui.esc(step.explain)}</p>` +
      `<p class="guide-suggest">${ui.esc(ui.t("Suggested: {move}, because: {why}", {move: move, why: step.why}))}</p>` +
      `<div class="row"><button id="guide-play" class="primary" data-guide-action="${s.action}">${ui.esc(ui.t("Play the suggestion"))}</button>` +
      `<a href="#" id="guide-rules" data-section="${ui.esc(step.section || "")}">${ui.esc(ui.t("More in the rulebook"))}</a>` +
      `<button id="guide-leave">${ui.esc(ui.t("Leave the guide"))}</button></div>`;
  }

  async function hint() {
    $("hint").disabled = true;
    $("hints").innerHTML = `<li class="muted">${ui.esc(ui.t("Thinking…"))}</li>`;
    try {
      const res = await Bazaar.api("GET", `/api/tables/${encodeURIComponent(tableId)}/hint?lang=${lang}${tokenQuery()}`);
      const close = res.moves.filter((m) => m.close).length;
      $("hints").innerHTML = res.moves.map((m) =>
        `<li class="hint${m.close ? " close" : ""}" data-win="${m.win === null ? "" : m.win}">` +
        `<button data-action="${m.action}" data-notation="${ui.esc(m.notation)}">` +
        `${ui.esc(ui.notation ? m.notation : m.text)}</button>` +
        (ui.notation ? ` ${ui.esc(m.text)}` : "") +
        (m.changes.length ? `<div class="hint-changes">` +
          m.changes.map((c) => `<div>${ui.esc(c.text)}</div>`).join("") + `</div>` : "") +
        `</li>`).join("");
      $("hint-note").textContent = close > 1 ? ui.t("Too close to call: the search cannot tell the top {n} moves apart.", {n: close}) : "";
      $("hint-note").hidden = close <= 1;
    } catch (err) {
      $("hints").innerHTML = "";
      Bazaar.toast(err.message);
    }
    $("hint").disabled = false;
  }

  /* The analysis: polled until ready (202 + progress meanwhile), then the win curve of every
   * seat as an SVG graph, the turning points and the mistakes; each point jumps the replay to
   * the board before that move. */
  const SEAT_COLOURS = ["#007F72", "#C24714", "#3949AB", "#547A21", "#C2185B", "#87695F"];
  const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

  async function analyse() {
    $("analyse").disabled = true;
    const box = $("analysis");
    box.innerHTML = `<p class="muted">${ui.esc(ui.t("Analysing… this can take a minute."))}</p>`;
    try {
      let res;
      for (;;) {
        res = await Bazaar.apiPatiently("GET", `/api/tables/${encodeURIComponent(tableId)}/analysis?lang=${lang}${tokenQuery()}`, (seconds) => {
          box.innerHTML = `<p class="muted" id="analysis-waiting">${ui.esc(ui.t("Other analyses are being worked out first; asking again in {seconds} s.", {seconds}))}</p>`;
        });
        if (res.status !== "running") break;
        box.innerHTML = `<p class="muted" id="analysis-progress">${ui.esc(ui.t("Analysing… {done} of {total} steps done.", {done: res.done, total: res.total}))}</p>`;
        await sleep(700);
      }
      box.innerHTML = analysisHtml(res);
      box.querySelectorAll("[data-step]").forEach((el) =>
        el.addEventListener("click", () => jumpTo(Number(el.dataset.step))));
    } catch (err) {
      box.innerHTML = "";
      Bazaar.toast(err.message);
    }
    $("analyse").disabled = false;
  }

  function jumpTo(step) {
    $("replay").value = String(step);
    replayTo(step);
  }

  function pct(x) { return `${Math.round(x * 100)}%`; }

  function analysisHtml(res) {
    const turns = res.turning_points.map((tp) => {
      const zh = lang === "zh-TW", colon = zh ? "：" : ": ";
      const words = tp.moves.filter((m) => m.seat !== null)
        .map((m) => `${ui.esc(seatLabel(m.seat))}${colon}${ui.esc(m.text)}`).join(zh ? "；" : "; ");
      const facts = {first: tp.from + 1, last: tp.index, n: tp.index, who: seatLabel(tp.seat), before: pct(tp.before), after: pct(tp.after)};
      const head = tp.from + 1 === tp.index ? ui.t("Move {n}: {who} {before} → {after}", facts)
        : ui.t("Moves {first}–{last}: {who} {before} → {after}", facts);
      return `<li><button type="button" class="link" data-step="${tp.from}">${ui.esc(head)}</button> <small>${words}</small></li>`;
    }).join("");
    const mistakes = res.mistakes.map((m) => {
      const head = ui.t("Move {n}: you played {played}; better: {best}", {n: m.index, played: m.played_text, best: m.best_text});
      return `<li><button type="button" class="link" data-step="${m.index - 1}">${ui.esc(head)}</button> <small>${ui.esc(m.change_text)}</small></li>`;
    }).join("");
    const rows = res.decisions.map((d) =>
      `<tr><td><button type="button" class="link" data-step="${d.index - 1}">${d.index}</button></td>` +
      `<td>${ui.esc(d.played_text)}</td><td>${ui.esc(d.best_text)}</td><td>${Math.round(d.loss * 100)}%</td></tr>`).join("");
    return curveSvg(res) +
      `<h3>${ui.esc(ui.t("Turning points"))}</h3>` +
      (turns ? `<ol id="turning-points">${turns}</ol>` : `<p class="muted">${ui.esc(ui.t("No big swings: the game stayed close."))}</p>`) +
      `<h3>${ui.esc(ui.t("Your biggest mistakes"))}</h3>` +
      (mistakes ? `<ol id="mistakes">${mistakes}</ol>` : `<p class="muted">${ui.esc(ui.t("No clear mistakes."))}</p>`) +
      `<p>${ui.esc(ui.t("Biggest mistakes first; loss = estimated win chance given away."))}</p>` +
      `<table class="list"><thead><tr><th>#</th><th>${ui.esc(ui.t("Played"))}</th>` +
      `<th>${ui.esc(ui.t("Best"))}</th><th>${ui.esc(ui.t("Loss"))}</th></tr></thead><tbody>${rows}</tbody></table>`;
  }

  function curveSvg(res) {
    const W = 640, H = 240, L = 44, R = 12, T = 12, B = 34;
    const moves = res.curve.moves, win = res.curve.win;
    const last = Math.max(1, moves[moves.length - 1]);
    const x = (m) => L + (W - L - R) * m / last;
    const y = (p) => T + (H - T - B) * (1 - p);
    const at = (seat, m) => {  // the seat's chance at move m (between two sampled moves: a line)
      let i = 1;
      while (i < moves.length - 1 && moves[i] < m) i++;
      const a = moves[i - 1], b = moves[i], f = b > a ? Math.min(1, Math.max(0, (m - a) / (b - a))) : 1;
      return win[i - 1][seat] + f * (win[i][seat] - win[i - 1][seat]);
    };
    let out = `<svg id="analysis-graph" viewBox="0 0 ${W} ${H}" role="img" aria-label="${ui.esc(ui.t("Win chance of every seat over the game"))}">`;
    for (const p of [0, 0.25, 0.5, 0.75, 1]) {
      out += `<line x1="${L}" x2="${W - R}" y1="${y(p)}" y2="${y(p)}" stroke="#ccc" stroke-width="1"/>`;
      out += `<text x="${L - 4}" y="${y(p) + 4}" text-anchor="end" font-size="11">${pct(p)}</text>`;
    }
    out += `<text x="${(L + W - R) / 2}" y="${H - 4}" text-anchor="middle" font-size="12">${ui.esc(ui.t("Move"))}</text>`;
    out += `<text x="12" y="${(T + H - B) / 2}" text-anchor="middle" font-size="12" transform="rotate(-90 12 ${(T + H - B) / 2})">${ui.esc(ui.t("Win chance"))}</text>`;
    out += `<text x="${x(last)}" y="${H - 18}" text-anchor="end" font-size="11">${last}</text><text x="${L}" y="${H - 18}" font-size="11">0</text>`;
    const seats = win.length ? win[0].length : 0;
    for (let s = 0; s < seats; s++) {
      const pts = moves.map((m, i) => `${x(m).toFixed(1)},${y(win[i][s]).toFixed(1)}`).join(" ");
      out += `<polyline class="curve" data-seat="${s}" fill="none" stroke="${SEAT_COLOURS[s % 6]}" stroke-width="2" points="${pts}"><title>${ui.esc(seatLabel(s))}</title></polyline>`;
    }
    for (const tp of res.turning_points) {
      out += `<circle class="turn" data-step="${tp.from}" cx="${x(tp.index)}" cy="${y(tp.after)}" r="6" fill="none" stroke="${SEAT_COLOURS[tp.seat % 6]}" stroke-width="2" style="cursor:pointer"><title>${ui.esc(ui.t("Turning point: move {n}", {n: tp.index}))}</title></circle>`;
    }
    for (const m of res.mistakes) {
      out += `<circle class="mistake" data-step="${m.index - 1}" cx="${x(m.index)}" cy="${y(at(res.seat, m.index))}" r="5" fill="#d32f2f" style="cursor:pointer"><title>${ui.esc(ui.t("Mistake: move {n}", {n: m.index}))}</title></circle>`;
    }
    out += "</svg>";
    const legend = Array.from({length: seats}, (_, s) =>
      `<span class="legend" style="color:${SEAT_COLOURS[s % 6]}">━ ${ui.esc(seatLabel(s))}</span>`).join(" ");
    const how = ui.t("Each point: the mean of {n} playouts from the true position (the whole deal is known after the game).", {n: res.curve.playouts});
    return `<div class="analysis-graph">${out}<p>${legend}</p><p class="muted"><small>${ui.esc(how)}</small></p></div>`;
  }

  async function replayTo(step) {
    if (!live) return;
    if (step >= live.seq) { backToLive(); return; }
    replaying = true;
    $("live").hidden = false;
    $("replay-banner").hidden = false;
    $("replay-banner").textContent = ui.t("Replay: the board after move {n}.", {n: step});
    $("replay-step").textContent = ui.t("Move {n} of {total}", {n: step, total: live.seq});
    try {
      const p = await Bazaar.api("GET",
        `/api/tables/${encodeURIComponent(tableId)}/replay/${step}?lang=${lang}${tokenQuery()}`);
      if (replaying) { show(p); drawSide(p); }
    } catch (err) { Bazaar.toast(err.message); }
  }

  function backToLive() {
    replaying = false;
    $("live").hidden = true;
    $("replay-banner").hidden = true;
    if (live) {
      $("replay").value = String(live.seq);
      still = true;
      try { show(live); } finally { still = false; }
      drawSide(live);
    }
  }

  async function setLanguage(code) {
    lang = code;
    Bazaar.setLang(code);
    strings = await Bazaar.loadStrings(code);
    ui = BazaarUI.make(lang, strings, live ? live.seats : [], live ? live.seat : null);
    $("lang").value = code;
    Bazaar.translatePage(ui);
    const url = new URL(location.href);
    url.searchParams.set("lang", code);
    history.replaceState(null, "", url.toString());
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({type: "lang", lang: code}));
    }
  }

  async function saveName() {
    const name = $("my-name").value.trim();
    if (!name) return;
    try {
      await Bazaar.api("POST", `/api/tables/${encodeURIComponent(tableId)}/name?lang=${ui.lang}`,
        {token: token, name: name});
    } catch (err) { Bazaar.toast(err.message); }
  }

  // The Rules dialog: the players' rulebook opened at the section of the current decision
  // (the payload's ``section``), with a link to the full specification and back; a game with
  // no rulebook (section null) shows the specification (docs/rulebook.md).
  async function showRules(wantSpec) {
    if (!live) return;
    const game = encodeURIComponent(live.game);
    const book = live.section != null && wantSpec !== true;
    const url = book ? `/api/games/${game}/rulebook?lang=${lang}`
      : `/api/games/${game}/rules?lang=${lang}&format=html`;
    const res = await fetch(url);
    const box = $("rules-text");
    box.innerHTML = await res.text();
    if (live.section != null) {
      const p = document.createElement("p");
      const a = document.createElement("a");
      p.className = "rules-switch";
      a.id = "rules-switch";
      a.href = "#";
      a.textContent = book ? ui.t("The full rules specification") : ui.t("The players' rulebook");
      a.addEventListener("click", (ev) => { ev.preventDefault(); showRules(book); });
      p.appendChild(a);
      box.prepend(p);
    }
    if (!$("rules").open) $("rules").showModal();
    const at = book ? box.querySelector(`[data-section="${CSS.escape(live.section)}"]`) : null;
    box.scrollTop = at ? at.offsetTop : 0;  // .rules is position: relative (style.css)
  }

  async function start() {
    document.addEventListener("click", (ev) => {
      const btn = ev.target.closest && ev.target.closest("button[data-action]");
      if (btn) play(Number(btn.getAttribute("data-action")));
    });
    $("show-all").addEventListener("click", () => { filter = null; drawMoves(live); });
    $("compose").addEventListener("click", composeClick);
    $("compose").addEventListener("input", composeInput);
    $("moves-panel").addEventListener("click", (ev) => {
      if (ev.target.id === "plan-stop") endPlan(ui.t("The rest was not sent."));
    });
    $("hint").addEventListener("click", hint);
    $("copy-commitment").addEventListener("click", (e) => copyHex(e.currentTarget,
      ui.t("Could not copy: select the commitment and copy it yourself.")));
    $("copy-digest").addEventListener("click", (e) => copyHex(e.currentTarget,
      ui.t("Could not copy: select the game digest and copy it yourself.")));
    $("save-name").addEventListener("click", saveName);
    $("analyse").addEventListener("click", analyse);
    $("rules-button").addEventListener("click", showRules);
    $("lang").addEventListener("change", () => setLanguage($("lang").value));
    $("sound").checked = soundOn();
    $("sound").addEventListener("change", () => {
      localStorage.setItem(SOUND_KEY, $("sound").checked ? "on" : "off");
      if ($("sound").checked) beep();
    });
    $("replay").addEventListener("input", () => replayTo(Number($("replay").value)));
    window.addEventListener("resize", fitBoard);
    $("moves-toggle").addEventListener("click", () => { folded = !folded; drawFold(); });
    if (window.ResizeObserver) new ResizeObserver(fitBoard).observe($("moves-panel"));
    $("live").addEventListener("click", backToLive);
    try {
      const info = await Bazaar.api("GET", "/api/games");
      games = Object.fromEntries(info.games.map((g) => [g.id, g]));
      BazaarUI.setBotNames(info.bot_names, info.bot_descriptions);
    } catch (err) { games = null; }
    await setLanguage(lang);
    connect();
  }
  start();
})();
