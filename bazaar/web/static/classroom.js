/* The classroom page: create several tables at once (/c/new), then follow them all
 * (/c/<id>?token=...): live status by polling (a slow page never holds up a table), invite
 * links, and once tables finish a summary per player and, for duplicate play, a comparison. */
(function () {
  "use strict";
  /** The element with this id (the pages' inputs, selects, buttons and dialogs).
   * @param {string} id @returns {HTMLInputElement & HTMLDialogElement} */
  const $ = (id) => /** @type {HTMLInputElement & HTMLDialogElement} */ (document.getElementById(id));
  const POLL_MS = 3000;
  const roomId = decodeURIComponent(location.pathname.split("/")[2] || "new");
  const token = new URL(location.href).searchParams.get("token") || "";
  let ui = null;
  let catalog = null;
  let room = null;           // the newest GET /api/classrooms/{id}
  let timer = null;
  const ANALYSIS_POLL_MS = 1000;
  const mistakes = {};       // "table:seat" -> {busy} | {decisions} | {error}

  function gameInfo(id) { return catalog.games.find((g) => g.id === id); }

  /* ---------------------------------------------------------------- the creation form */
  function fillGames() {
    const keep = $("game").value;
    $("game").innerHTML = catalog.games.map((g) =>
      `<option value="${ui.esc(g.id)}">${ui.esc(Bazaar.gameName(g, ui.lang))}</option>`).join("");
    if (keep) $("game").value = keep;
    fillPlayers();
  }

  function fillPlayers() {
    const g = gameInfo($("game").value);
    const keep = Number($("players").value) || Math.min(g.max_players, Math.max(g.min_players, 3));
    let html = "";
    for (let n = g.min_players; n <= g.max_players; n++) html += `<option value="${n}">${n}</option>`;
    $("players").innerHTML = html;
    $("players").value = String(Math.min(g.max_players, Math.max(g.min_players, keep)));
    fillSeats();
  }

  function fillSeats() {
    const n = Number($("players").value);
    const old = [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#seats select"))].map((s) => s.value);
    let html = "";
    for (let i = 0; i < n; i++) {
      const kind = old[i] || "human";
      const choices = ["human", ...catalog.bots].map((spec) =>
        `<option value="${spec}" ${spec === kind ? "selected" : ""}>` +
        `${ui.esc(spec === "human" ? ui.t("Person") : ui.botLabel(spec))}</option>`).join("");
      const label = ui.esc(ui.t("Seat {n}", {n: i + 1}));
      html += `<div class="seat-row"><span>${label}</span>` +
        `<select aria-label="${label}" data-seat="${i}">${choices}</select></div>`;
    }
    $("seats").innerHTML = html;
  }

  function readNames(tables, players) {
    const lines = $("names").value.split("\n").map((l) => l.trim()).filter((l) => l);
    if (!lines.length) return null;
    const rows = [];
    for (let i = 0; i < tables; i++) {
      const names = (lines[i] || "").split(/[,，、]/).map((x) => x.trim());
      rows.push(Array.from({length: players}, (_, j) => names[j] || ""));
    }
    return rows;
  }

  async function create() {
    const players = Number($("players").value);
    const tables = Number($("tables").value);
    const seats = [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#seats select"))].map((s) =>
      s.value === "human" ? {kind: "human"} : {kind: "bot", bot: s.value});
    /** @type {Record<string, unknown>} */
    const body = {game: $("game").value, players: players, tables: tables, seats: seats,
      deal: $("deal").value, lang: $("table-lang").value, name: $("class-name").value.trim(),
      ...Bazaar.readPace()};
    const names = readNames(tables, players);
    if (names) body.names = names;
    try {
      const res = await Bazaar.api("POST", "/api/classrooms", body);
      location.href = `/c/${encodeURIComponent(res.id)}?token=${encodeURIComponent(res.token)}&lang=${ui.lang}`;
    } catch (err) {
      Bazaar.toast(err.data && err.data.explain ? err.data.explain : err.message);
    }
  }

  /* ---------------------------------------------------------------- the teacher page */
  function seatLabel(tb, s) {
    const base = s.name || ui.t("Seat {n}", {n: s.seat + 1});
    return s.kind === "bot" && !s.name ? ui.t("{name} ({what})", {name: base, what: ui.botLabel(s.bot)}) : base;
  }

  function stateWords(tb) {
    if (tb.over) return ui.t("finished");
    if (tb.to_move === null || tb.to_move === undefined) return ui.t("playing");
    return ui.t("move {n}; to move: {name}", {n: tb.seq + 1, name: seatLabel(tb, tb.seats[tb.to_move])});
  }

  function renderTables() {
    const g = gameInfo(room.game);
    $("room-title").textContent = room.name || ui.t("Classroom");
    let about = Bazaar.gameName(g, ui.lang) + " · " +
      ui.tn("{n} table", "{n} tables", room.tables.length) + " · " +
      (room.deal === "same" ? ui.t("the same deal at every table") : ui.t("a different deal at each table"));
    if (room.commitment) about += " · " + ui.t("deal commitment {hash}", {hash: room.commitment});
    $("room-about").textContent = about;
    const rows = room.tables.map((tb, i) => {
      const seats = tb.seats.map((s) => {
        const presence = s.kind === "bot" ? "" : (s.present ? " ●" : " ○");
        const link = s.link ? ` <a class="seat-link" href="${ui.esc(s.link)}">${ui.esc(ui.t("Open this seat"))}</a> ` +
          `<button data-copy="${ui.esc(s.link)}">${ui.esc(ui.t("Copy"))}</button>` : "";
        return `<li>${ui.esc(seatLabel(tb, s) + presence)}${link}</li>`;
      }).join("");
      return `<tr data-table="${ui.esc(tb.id)}"><td data-label="${label("Table")}">${i + 1}</td>` +
        `<td data-label="${label("Seats")}"><ul class="links">${seats}</ul></td>` +
        `<td data-label="${label("Moves")}">${tb.seq}</td>` +
        `<td class="state" data-label="${label("State")}">${ui.esc(stateWords(tb))}</td>` +
        `<td><a href="${ui.esc(tb.spectator)}">${ui.esc(ui.t("Watch"))}</a></td></tr>`;
    }).join("");
    $("room-tables").innerHTML = `<table class="list" id="tables-list"><thead><tr><th>${ui.esc(ui.t("Table"))}</th>` +
      `<th>${ui.esc(ui.t("Seats"))}</th><th>${ui.esc(ui.t("Moves"))}</th>` +
      `<th>${ui.esc(ui.t("State"))}</th><td></td></tr></thead><tbody>${rows}</tbody></table>`;
    $("room").hidden = false;
  }

  /* A score as one unbreakable figure inside a sentence ("$9 / 4" with no-break spaces). */
  function oneFigure(shown) { return String(shown).replace(/ /g, "\u00a0"); }

  /* A column's name for a phone's stacked rows (style.css shows it before the cell). */
  function label(msgid) { return ui.esc(ui.t(msgid)); }

  function rankOf(tb, seat) {
    return tb.result.ranking.find((r) => r.seat === seat);
  }

  function mistakesCell(tb, s) {
    if (s.kind === "bot") return "";
    if (tb.held) return `<span class="muted">${ui.esc(ui.t("Same cards as tables still playing: this table's analysis, record and puzzles are shown once every table is over."))}</span>`;
    const key = tb.id + ":" + s.seat;
    const found = mistakes[key];
    if (!found) {
      return `<button data-analyse="${ui.esc(key)}">${ui.esc(ui.t("Find mistakes"))}</button>`;
    }
    if (found.busy) {
      const words = found.total ? ui.t("Analysing… {done} of {total} steps done.", {done: found.done, total: found.total})
        : ui.t("Analysing… this can take a minute.");
      return `<span class="muted">${ui.esc(words)}</span>`;
    }
    if (found.error) {
      return `<span class="muted">${ui.esc(found.error)}</span> ` +
        `<button data-analyse="${ui.esc(key)}">${ui.esc(ui.t("Try again"))}</button>`;
    }
    const top = found.decisions.filter((d) => d.loss > 0).slice(0, 3);
    if (!top.length) return ui.esc(ui.t("No mistakes found."));
    return "<ul class='links'>" + top.map((d) => {
      const where = ui.t("move {n}", {n: d.index});  // move numbers count from 1
      const loss = ui.t("loss {p}%", {p: Math.round(d.loss * 100)});
      const words = d.played_text && d.best_text ? ` ${ui.esc(d.played_text)} → ${ui.esc(d.best_text)}`
        : ui.notation ? ` <code>${ui.esc(d.played)}</code> → <code>${ui.esc(d.best)}</code>` : "";
      return `<li>${ui.esc(where)}${words} · ${ui.esc(loss)}</li>`;
    }).join("") + "</ul>";
  }

  function renderSummary() {
    const done = room.tables.map((tb, i) => ({tb: tb, n: i + 1})).filter((x) => x.tb.over);
    $("summary-panel").hidden = !done.length;
    $("compare-panel").hidden = !(done.length && room.deal === "same");
    if (!done.length) return;
    const rows = [];
    done.forEach(({tb, n}) => {
      tb.seats.forEach((s) => {
        const r = rankOf(tb, s.seat);
        const open = s.link ? `<a href="${ui.esc(s.link)}">${ui.esc(ui.t("Analysis and replay"))}</a>` :
          `<a href="${ui.esc(tb.spectator)}">${ui.esc(ui.t("Replay"))}</a>`;
        const puzzles = tb.held ? "" : ` · <a class="puzzles-link" href="/puzzles/table/${encodeURIComponent(tb.id)}` +
          `?lang=${encodeURIComponent(ui.lang)}&token=${encodeURIComponent(token)}">${ui.esc(ui.t("Puzzles from this game"))}</a>`;
        rows.push(`<tr class="summary-row" data-table="${ui.esc(tb.id)}" data-seat="${s.seat}">` +
          `<td data-label="${label("Table")}">${n}</td><td data-label="${label("Player")}">${ui.esc(seatLabel(tb, s))}</td>` +
          `<td data-label="${label("Rank")}">${r.rank}</td>` +
          `<td class="score" data-label="${label("Score")}">${ui.esc(r.shown)}</td>` +
          `<td data-label="${label("Biggest mistakes")}">${mistakesCell(tb, s)}</td><td>${open}${puzzles}</td></tr>`);
      });
    });
    $("summary").innerHTML = `<table class="list" id="summary-list"><thead><tr><th>${ui.esc(ui.t("Table"))}</th>` +
      `<th>${ui.esc(ui.t("Player"))}</th><th>${ui.esc(ui.t("Rank"))}</th><th>${ui.esc(ui.t("Score"))}</th>` +
      `<th>${ui.esc(ui.t("Biggest mistakes"))}</th><td></td></tr></thead><tbody>${rows.join("")}</tbody></table>`;
    if (room.deal !== "same") return;
    const seats = done[0].tb.seats.map((_, seat) => {
      const line = done.map(({tb, n}) => ({tb: tb, n: n, r: rankOf(tb, seat)}))
        .sort((a, b) => b.r.score - a.r.score)
        .map((x) => ui.t("table {n}: {name} {score}", {n: x.n, name: seatLabel(x.tb, x.tb.seats[seat]), score: oneFigure(x.r.shown)}));
      return `<tr class="compare-row"><td>${ui.esc(ui.t("Seat {n}", {n: seat + 1}))}</td><td>${ui.esc(line.join(" > "))}</td></tr>`;
    }).join("");
    $("compare").innerHTML = `<table class="list"><tbody>${seats}</tbody></table>`;
  }

  async function analyse(key) {
    const [tableId, seatText] = key.split(":");
    const tb = room.tables.find((x) => x.id === tableId);
    const seatToken = tb.seats[Number(seatText)].token;
    mistakes[key] = {busy: true};
    renderSummary();
    const url = `/api/tables/${encodeURIComponent(tableId)}/analysis?lang=${ui.lang}&token=${encodeURIComponent(seatToken)}`;
    try {
      // 429 + Retry-After: other analyses from this address first (waited for, then asked again)
      const ask = () => Bazaar.apiPatiently("GET", url);
      let res = await ask();
      while (res.status === "running") {  // 202 with progress until it is worked out (stored once)
        mistakes[key] = {busy: true, done: res.done, total: res.total};
        renderSummary();
        await new Promise((done) => setTimeout(done, ANALYSIS_POLL_MS));
        res = await ask();
      }
      mistakes[key] = {decisions: res.mistakes || res.decisions || []};
    } catch (err) {
      mistakes[key] = {error: err.data && err.data.explain ? err.data.explain : ui.t("The analysis is not ready; ask again later.")};
    }
    renderSummary();
  }

  function render() {
    if (!room) return;
    renderTables();
    renderSummary();
  }

  async function poll() {
    clearTimeout(timer);
    try {
      room = await Bazaar.api("GET", `/api/classrooms/${encodeURIComponent(roomId)}?token=${encodeURIComponent(token)}&lang=${ui.lang}`);
      render();
    } catch (err) {
      Bazaar.toast(err.data && err.data.explain ? err.data.explain : err.message);
      if (err.status === 403 || err.status === 404) return;
    }
    if (!room || !room.over) timer = setTimeout(poll, POLL_MS);
  }

  async function applyLang(lang) {
    Bazaar.setLang(lang);
    ui = BazaarUI.make(lang, await Bazaar.loadStrings(lang), [], null);
    $("lang").value = lang;
    $("table-lang").value = lang;
    Bazaar.translatePage(ui);
    if (roomId === "new") fillGames(); else render();
  }

  async function start() {
    catalog = await Bazaar.api("GET", "/api/games");
    BazaarUI.setBotNames(catalog.bot_names, catalog.bot_descriptions);
    $("lang").addEventListener("change", () => applyLang($("lang").value));
    document.addEventListener("click", (ev) => {
      const el = /** @type {HTMLElement} */ (ev.target);
      const copy = el.getAttribute && el.getAttribute("data-copy");
      if (copy && navigator.clipboard) navigator.clipboard.writeText(copy).catch(() => {});
      const key = el.getAttribute && el.getAttribute("data-analyse");
      if (key) analyse(key);
    });
    await applyLang(Bazaar.pickLang());
    if (roomId === "new") {
      $("new-classroom").hidden = false;
      Bazaar.wirePace();
      $("game").addEventListener("change", fillPlayers);
      $("players").addEventListener("change", fillSeats);
      $("create").addEventListener("click", create);
    } else {
      poll();
    }
  }
  start();
})();
