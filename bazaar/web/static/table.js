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
  let filter = null;      // actions picked by clicking the board, or null
  let socket = null;
  let retry = 500;
  let games = null;
  let sending = false;

  function tokenQuery() { return token ? "&token=" + encodeURIComponent(token) : ""; }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}` +
      `?lang=${encodeURIComponent(lang)}${tokenQuery()}`);
    socket.onmessage = (ev) => receive(JSON.parse(ev.data));
    socket.onopen = () => { retry = 500; };
    socket.onclose = (ev) => {
      if (ev.code === 4404 || ev.code === 4400) return;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  function receive(msg) {
    if (msg.type === "error") {
      sending = false;
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
    if (!replaying) show(msg);
    drawSide(msg);
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
    shown = payload;
    loadBoard(payload.game);
    const renderer = (window.BazaarRenderers || {})[payload.game];
    const board = $("board");
    if (renderer) {
      const words = Object.assign({}, strings, wordsOfBoard(payload.game));
      try {
        board.innerHTML = renderer.render(payload, BazaarUI.make(lang, words, payload.seats, payload.seat));
      } catch (err) {
        board.innerHTML = `<pre>${ui.esc(JSON.stringify(payload.view, null, 1))}</pre>`;
        console.error(err);
      }
    } else if (boards[payload.game] === "loading") {
      board.innerHTML = "";
    } else {
      board.innerHTML = `<pre>${ui.esc(JSON.stringify(payload.view, null, 1))}</pre>`;
    }
    const legal = new Set(payload.legal.map((m) => m.action));
    board.querySelectorAll("[data-actions]").forEach((el) => {
      const acts = el.getAttribute("data-actions").split(",").map(Number).filter((a) => legal.has(a));
      if (!acts.length || replaying) return;
      el.classList.add("hot");
      el.addEventListener("click", () => pick(acts));
    });
  }

  function pick(actions) {
    if (actions.length === 1) { play(actions[0]); return; }
    filter = actions;
    drawMoves(live);
    $("moves-panel").scrollIntoView({behavior: "smooth", block: "nearest"});
  }

  function play(action) {
    if (!live || sending || replaying) return;
    if (!live.legal.some((m) => m.action === action)) {
      Bazaar.toast(ui.t("That move is not legal now."));
      return;
    }
    sending = true;
    socket.send(JSON.stringify({type: "move", action: action, seq: live.seq}));
  }

  function seatLabel(seat) { return ui.seatName(seat); }

  function drawSide(p) {
    document.body.dataset.seq = String(p.seq);
    document.body.dataset.over = String(p.over);
    $("game-name").textContent = games ? Bazaar.gameName(games[p.game], lang) : p.game;
    document.title = `${$("game-name").textContent} · Bazaar`;
    const status = $("status");
    status.classList.toggle("mine", p.to_move !== null && p.to_move === p.seat);
    if (p.over) {
      status.textContent = ui.t("The game is over.");
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
    drawMoves(p);
    drawLog(p);
    $("hint").hidden = p.seat === null || p.over;
    $("hint").disabled = p.to_move !== p.seat;
    $("after").hidden = !(p.over && p.seat !== null);
    $("record-link").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
    const slider = $("replay");
    slider.max = String(p.seq);
    if (!replaying) slider.value = String(p.seq);
    $("replay-step").textContent = ui.t("Move {n} of {total}", {n: slider.value, total: p.seq});
  }

  /* Who sits where, counted from 1 like everything people read; a bot's seat says how strong
   * the bot is. */
  function drawSeats(p) {
    $("seat-list").innerHTML = (p.seats || []).map((s) => {
      const about = s.kind === "bot" ? ui.botDescription(s.bot) : "";
      return `<li data-seat="${s.seat}">${ui.esc(seatLabel(s.seat))}` +
        (about ? ` <small class="muted">${ui.esc(about)}</small>` : "") + `</li>`;
    }).join("");
  }

  function drawResult(p) {
    const box = $("result");
    if (!p.over) { box.hidden = true; return; }
    const rows = p.scores.map((score, seat) => {
      const win = p.winners.includes(seat);
      return `<li class="${win ? "winner" : ""}">${ui.esc(seatLabel(seat))}: ${ui.esc(String(score))}` +
        `${win ? " — " + ui.esc(ui.t("winner")) : ""}</li>`;
    }).join("");
    box.innerHTML = `<b>${ui.esc(ui.t("Final result"))}</b><ol>${rows}</ol>`;
    box.hidden = false;
  }

  /* The deal: a loud notice to everyone when the creator fixed the seed; the commitment,
   * and the seed and salt once they are revealed (see "Fair deals" in docs/web.md). */
  function drawDeal(p) {
    const d = p.deal || {};
    const notice = $("deal-notice");
    notice.hidden = !d.fixed;
    if (d.fixed) {
      notice.textContent = ui.t("Fixed deal: the table's creator chose the seed {seed}, so they can know every hidden card.", {seed: d.seed});
    }
    const lines = [];
    if (d.commitment) lines.push(ui.t("Deal commitment (SHA-256): {commitment}", {commitment: d.commitment}));
    if (d.seed !== null && d.seed !== undefined && d.salt) {
      lines.push(ui.t("Deal revealed: seed {seed}, salt {salt}. Download the record and run “bazaar verify” on it to check the game.", {seed: d.seed, salt: d.salt}));
    }
    const info = $("deal-info");
    info.innerHTML = lines.map((l) => ui.esc(l)).join("<br>");
    info.hidden = !lines.length;
  }

  function drawMoves(p) {
    const box = $("moves");
    const mine = p.legal;
    $("moves-panel").hidden = p.seat === null;
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

  function drawLog(p) {
    const box = $("log");
    box.innerHTML = p.log.map((e) =>
      `<div class="entry" data-notation="${ui.esc(e.notation)}"><b>${e.seq + 1}.</b> ` +
      `${ui.esc(seatLabel(e.seat))}: ` +
      (ui.notation ? `<code>${ui.esc(e.notation)}</code>` : ui.esc(e.text)) +
      (e.lines.length ? " — " + e.lines.map((l) => ui.esc(l)).join(" · ") : "") + `</div>`).join("");
    box.scrollTop = box.scrollHeight;
  }

  async function hint() {
    $("hint").disabled = true;
    $("hints").innerHTML = `<li class="muted">${ui.esc(ui.t("Thinking…"))}</li>`;
    try {
      const res = await Bazaar.api("GET", `/api/tables/${encodeURIComponent(tableId)}/hint?lang=${lang}${tokenQuery()}`);
      $("hints").innerHTML = res.moves.map((m) =>
        `<li><button data-action="${m.action}" data-notation="${ui.esc(m.notation)}">` +
        `${ui.esc(ui.notation ? m.notation : m.text)}</button>` +
        (ui.notation ? ` ${ui.esc(m.text)}` : "") + `</li>`).join("");
    } catch (err) {
      $("hints").innerHTML = "";
      Bazaar.toast(err.message);
    }
    $("hint").disabled = false;
  }

  async function analyse() {
    $("analyse").disabled = true;
    $("analysis").innerHTML = `<p class="muted">${ui.esc(ui.t("Analysing… this can take a minute."))}</p>`;
    try {
      const res = await Bazaar.api("GET", `/api/tables/${encodeURIComponent(tableId)}/analysis?lang=${lang}${tokenQuery()}`);
      const rows = res.decisions.map((d) =>
        `<tr><td>${d.index}</td><td><code>${ui.esc(d.played)}</code></td>` +
        `<td><code>${ui.esc(d.best)}</code></td><td>${Math.round(d.loss * 100)}%</td></tr>`).join("");
      $("analysis").innerHTML = `<p>${ui.esc(ui.t("Biggest mistakes first; loss = estimated win chance given away."))}</p>` +
        `<table class="list"><thead><tr><th>#</th><th>${ui.esc(ui.t("Played"))}</th>` +
        `<th>${ui.esc(ui.t("Best"))}</th><th>${ui.esc(ui.t("Loss"))}</th></tr></thead><tbody>${rows}</tbody></table>`;
    } catch (err) {
      $("analysis").innerHTML = "";
      Bazaar.toast(err.message);
    }
    $("analyse").disabled = false;
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
      if (replaying) show(p);
    } catch (err) { Bazaar.toast(err.message); }
  }

  function backToLive() {
    replaying = false;
    $("live").hidden = true;
    $("replay-banner").hidden = true;
    if (live) { $("replay").value = String(live.seq); show(live); drawSide(live); }
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

  async function showRules() {
    if (!live) return;
    const res = await fetch(`/api/games/${encodeURIComponent(live.game)}/rules?lang=${lang}&format=html`);
    $("rules-text").innerHTML = await res.text();
    $("rules").showModal();
  }

  async function start() {
    document.addEventListener("click", (ev) => {
      const btn = ev.target.closest && ev.target.closest("button[data-action]");
      if (btn) play(Number(btn.getAttribute("data-action")));
    });
    $("show-all").addEventListener("click", () => { filter = null; drawMoves(live); });
    $("hint").addEventListener("click", hint);
    $("save-name").addEventListener("click", saveName);
    $("analyse").addEventListener("click", analyse);
    $("rules-button").addEventListener("click", showRules);
    $("lang").addEventListener("change", () => setLanguage($("lang").value));
    $("replay").addEventListener("input", () => replayTo(Number($("replay").value)));
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
