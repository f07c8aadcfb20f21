/* The lobby: create a table (game, seats, options, language), share links, rejoin, watch. */
(function () {
  "use strict";
  /** The element with this id (the pages' inputs, selects, buttons and dialogs).
   * @param {string} id @returns {HTMLInputElement & HTMLDialogElement} */
  const $ = (id) => /** @type {HTMLInputElement & HTMLDialogElement} */ (document.getElementById(id));
  let ui = null;
  let catalog = null;   // /api/games
  let lastCreated = null;

  function gameInfo() {
    return catalog.games.find((g) => g.id === $("game").value);
  }

  function botLabel(spec) { return ui.botLabel(spec); }

  function fillGames() {
    const keep = $("game").value;
    $("game").innerHTML = catalog.games.map((g) =>
      `<option value="${ui.esc(g.id)}">${ui.esc(Bazaar.gameName(g, ui.lang))}</option>`).join("");
    if (keep) $("game").value = keep;
    fillPlayers();
  }

  function fillPlayers() {
    const g = gameInfo();
    const keep = Number($("players").value) || Math.min(g.max_players, Math.max(g.min_players, 3));
    let html = "";
    for (let n = g.min_players; n <= g.max_players; n++) {
      html += `<option value="${n}">${n}</option>`;
    }
    $("players").innerHTML = html;
    $("players").value = String(Math.min(g.max_players, Math.max(g.min_players, keep)));
    fillSeats();
    fillOptions();
  }

  function fillSeats() {
    const n = Number($("players").value);
    const old = [...document.querySelectorAll(".seat-row")].map((row) => ({
      kind: row.querySelector("select").value, name: row.querySelector("input").value,
      local: /** @type {HTMLInputElement} */ (row.querySelector("input.local")).checked}));
    let html = "";
    for (let i = 0; i < n; i++) {
      const kind = old[i] ? old[i].kind : (i === 0 ? "human" : "ismcts:medium");
      const choices = ["human", ...catalog.bots].map((spec) =>
        `<option value="${spec}" ${spec === kind ? "selected" : ""}` +
        (spec === "human" ? "" : ` title="${ui.esc(ui.botDescription(spec))}"`) + `>` +
        `${ui.esc(spec === "human" ? ui.t("Person") : botLabel(spec))}</option>`).join("");
      const label = ui.esc(ui.t("Seat {n}", {n: i + 1}));  // people count seats from 1
      html += `<div class="seat-row"><span>${label}</span>` +
        `<select aria-label="${label}" data-seat="${i}">${choices}</select>` +
        `<input placeholder="${ui.esc(ui.t("Name (optional)"))}" maxlength="40" ` +
        `value="${ui.esc(old[i] ? old[i].name : "")}">` +
        `<label class="seat-local"${kind === "human" ? "" : " hidden"}><input type="checkbox" ` +
        `class="local"${old[i] && old[i].local ? " checked" : ""}> ` +
        `${ui.esc(ui.t("On this device (pass and play)"))}</label>` +
        `<small class="muted bot-about">${ui.esc(botAbout(kind))}</small></div>`;
    }
    $("seats").innerHTML = html;
    /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll(".seat-row select")).forEach((sel) => {
      sel.addEventListener("change", () => {
        sel.parentElement.querySelector(".bot-about").textContent = botAbout(sel.value);
        /** @type {HTMLElement} */ (sel.parentElement.querySelector(".seat-local")).hidden = sel.value !== "human";
      });
    });
  }

  /* The line under a seat's picker: how strong the chosen bot is (nothing for a person). */
  function botAbout(spec) {
    return spec === "human" ? "" : ui.botDescription(spec);
  }

  function fillOptions() {
    const g = gameInfo();
    if (!g.options.length) {
      $("options").innerHTML = `<p class="muted">${ui.esc(ui.t("This game has no rule options."))}</p>`;
      return;
    }
    const inLang = (texts) => texts[ui.lang] || texts.en;
    $("options").innerHTML = g.options.map((o) => {
      const labels = inLang(o.choice_labels);
      const choices = o.choices.map((c, i) =>
        `<option value='${ui.esc(JSON.stringify(c))}' ${c === o.default ? "selected" : ""}>` +
        `${ui.esc(labels[i])}${c === o.default ? " (" + ui.esc(ui.t("default")) + ")" : ""}</option>`).join("");
      return `<div class="option"><label>${ui.esc(inLang(o.label))} ` +
        `<select data-option="${ui.esc(o.name)}">` +
        `${choices}</select></label><small>${ui.esc(o.help[ui.lang] || o.help.en)}</small></div>`;
    }).join("");
  }

  function readForm() {
    const seats = [...document.querySelectorAll(".seat-row")].map((row) => {
      const kind = row.querySelector("select").value;
      const name = row.querySelector("input").value.trim();
      const local = /** @type {HTMLInputElement} */ (row.querySelector("input.local")).checked;
      return kind === "human" ? {kind: "human", name: name, local: local} : {kind: "bot", bot: kind, name: name};
    });
    const options = {};
    /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("[data-option]")).forEach((sel) => {
      options[sel.getAttribute("data-option")] = JSON.parse(sel.value);
    });
    return {game: $("game").value, players: Number($("players").value), seats: seats,
      options: options, lang: $("table-lang").value, ...Bazaar.readPace()};
  }

  /* The request body as JSON text: a fixed seed goes in as its digits, since a JavaScript
   * number cannot hold every 64-bit seed. Null when the seed field is not a valid seed. */
  function bodyText(body) {
    const seed = $("seed").value.trim();
    const text = JSON.stringify(body);
    if (!seed) return text;
    if (!/^[0-9]{1,20}$/.test(seed) || BigInt(seed) >= (1n << 64n)) return null;
    return text.slice(0, -1) + ',"seed":' + BigInt(seed).toString() + "}";
  }

  async function create() {
    const body = readForm();
    const text = bodyText(body);
    if (text === null) {
      Bazaar.toast(ui.t("The seed must be a whole number from 0 to 18446744073709551615."));
      return;
    }
    let res;
    try {
      res = await Bazaar.api("POST", "/api/tables", text);
    } catch (err) {
      Bazaar.toast(err.message);
      return;
    }
    lastCreated = {res: res, body: body};
    if (res.device) {  // pass and play: one link for the seats on this device
      Bazaar.rememberSeat({table: res.id, seat: res.device.seats[0], game: body.game,
        link: res.device.link, created: Date.now()});
    }
    res.seats.forEach((s) => {
      if (s.token && !s.local) {
        Bazaar.rememberSeat({table: res.id, seat: s.seat, game: body.game, link: s.link,
          created: Date.now()});
      }
    });
    showCreated();
    refreshMine();
    refreshTables();
  }

  function showCreated() {
    if (!lastCreated) return;
    const {res, body} = lastCreated;
    const items = res.seats.filter((s) => s.link && !s.local).map((s) =>
      `<li><b>${ui.esc(ui.t("Seat {n}", {n: s.seat + 1}))}</b> ` +
      `${ui.esc(body.seats[s.seat].name || "")} — <a class="seat-link" href="${ui.esc(s.link)}">` +
      `${ui.esc(ui.t("Open this seat"))}</a> <input readonly value="${ui.esc(s.link)}" size="40"> ` +
      `<button data-copy="${ui.esc(s.link)}">${ui.esc(ui.t("Copy"))}</button></li>`);
    if (res.device) {
      const here = res.device.seats.map((seat) => body.seats[seat].name || ui.t("Seat {n}", {n: seat + 1}));
      items.unshift(`<li><b>${ui.esc(ui.t("On this device"))}</b> ${ui.esc(here.join(ui.t(", ")))} — ` +
        `<a class="device-link" href="${ui.esc(res.device.link)}">${ui.esc(ui.t("Play on this device"))}</a></li>`);
    }
    items.push(`<li><b>${ui.esc(ui.t("Spectators"))}</b> — <a href="${ui.esc(res.spectator)}">` +
      `${ui.esc(ui.t("Watch"))}</a> <input readonly value="${ui.esc(res.spectator)}" size="40"></li>`);
    $("links").innerHTML = items.join("");
    $("created").hidden = false;
  }

  function refreshMine() {
    const seats = Bazaar.mySeats();
    if (!seats.length) {
      $("mine").innerHTML = `<p class="muted">${ui.esc(ui.t("No seats yet: create a table or open an invite link."))}</p>`;
      return;
    }
    $("mine").innerHTML = "<ul class='links'>" + seats.map((s) => {
      const g = catalog.games.find((x) => x.id === s.game);
      return `<li><a href="${ui.esc(s.link)}">${ui.esc(Bazaar.gameName(g, ui.lang))} · ` +
        `${ui.esc(ui.t("Seat {n}", {n: s.seat + 1}))} · ${ui.esc(s.table)}</a></li>`;
    }).join("") + "</ul>";
  }

  /* A person's seat in the table list: away for how long (never "0 min"), not joined yet,
   * or the bot playing for them. */
  function presenceWords(s) {
    if (s.standin) return " (" + ui.t("a bot plays for them: {bot}", {bot: botLabel(s.standin)}) + ")";
    if (s.present) return "";
    if (s.joined === false) return " (" + ui.t("has not joined yet") + ")";
    if (s.away !== null && s.away !== undefined) {
      const minutes = Math.floor((Date.now() / 1000 - s.away) / 60);
      return " (" + (minutes < 1 ? ui.t("away for less than a minute") :
        ui.t("away for {minutes} min", {minutes: minutes})) + ")";
    }
    return "";
  }

  async function refreshTables() {
    let data;
    try { data = await Bazaar.api("GET", "/api/tables"); } catch (err) { return; }
    if (!data.tables.length) {
      $("tables").innerHTML = `<p class="muted">${ui.esc(ui.t("No tables yet."))}</p>`;
      return;
    }
    const rows = data.tables.map((tb) => {
      const g = catalog.games.find((x) => x.id === tb.game);
      const seats = tb.seats.map((s) => s.kind === "bot" ? botLabel(s.bot) :
        (s.name || ui.t("Person")) + (s.connected ? " ●" : " ○") + presenceWords(s)).join(", ");
      const state = (tb.over ? ui.t("finished") : tb.waiting_for ?
        ui.tn("waiting for {n} player", "waiting for {n} players", tb.waiting_for) : ui.t("playing")) +
        (tb.deal && tb.deal.fixed ? " · " + ui.t("fixed deal") : "");
      return `<tr><td>${ui.esc(Bazaar.gameName(g, ui.lang))}</td><td>${ui.esc(seats)}</td>` +
        `<td>${tb.moves}</td><td>${ui.esc(state)}</td>` +
        `<td><a href="/t/${encodeURIComponent(tb.id)}">${ui.esc(ui.t("Watch"))}</a></td></tr>`;
    }).join("");
    $("tables").innerHTML = `<table class="list"><thead><tr><th>${ui.esc(ui.t("Game"))}</th>` +
      `<th>${ui.esc(ui.t("Seats"))}</th><th>${ui.esc(ui.t("Moves"))}</th>` +
      `<th>${ui.esc(ui.t("State"))}</th><td></td></tr></thead><tbody>${rows}</tbody></table>`;
  }

  /* "Learn to play": a guided first game of the chosen game (docs/guide.md), opened at once. */
  async function learn() {
    const game = $("game").value;
    let res;
    try {
      res = await Bazaar.api("POST", `/api/games/${encodeURIComponent(game)}/learn?lang=${ui.lang}`);
    } catch (err) {
      Bazaar.toast(err.message);
      return;
    }
    Bazaar.rememberSeat({table: res.id, seat: 0, game: game, link: res.link, created: Date.now()});
    location.href = res.link;
  }

  async function showRules(ev) {
    ev.preventDefault();
    const res = await fetch(`/api/games/${encodeURIComponent($("game").value)}/rules?lang=${ui.lang}&format=html`);
    $("rules-text").innerHTML = await res.text();
    $("rules").showModal();
  }

  async function applyLang(lang) {
    Bazaar.setLang(lang);
    ui = BazaarUI.make(lang, await Bazaar.loadStrings(lang), [], null);
    $("lang").value = lang;
    $("table-lang").value = lang;
    Bazaar.translatePage(ui);
    fillGames();
    showCreated();
    refreshMine();
    refreshTables();
  }

  async function start() {
    catalog = await Bazaar.api("GET", "/api/games");
    BazaarUI.setBotNames(catalog.bot_names, catalog.bot_descriptions);
    $("game").addEventListener("change", fillPlayers);
    $("players").addEventListener("change", () => { fillSeats(); });
    $("create").addEventListener("click", create);
    $("learn").addEventListener("click", learn);
    $("rules-link").addEventListener("click", showRules);
    $("lang").addEventListener("change", () => applyLang($("lang").value));
    Bazaar.wirePace();
    document.addEventListener("click", (ev) => {
      const target = /** @type {HTMLElement} */ (ev.target);
      const copy = target.getAttribute && target.getAttribute("data-copy");
      if (copy && navigator.clipboard) navigator.clipboard.writeText(copy);
    });
    await applyLang(Bazaar.pickLang());
    setInterval(refreshTables, 10000);
  }
  start();
})();
