/* A person's page (/me) and a public page (/p/ID): docs/web.md, "Your page". The key comes
 * from the private link's fragment (#key=..., never sent to the server in a URL) or from this
 * browser's storage, and goes to the server in request bodies only. */
(function () {
  "use strict";
  /** @param {string} id @returns {HTMLInputElement} */
  const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
  /** @type {Ui} */
  let ui;
  /** @type {any} */
  let data = null;
  const publicId = location.pathname.startsWith("/p/") ? decodeURIComponent(location.pathname.slice(3)) : null;

  /** The key of the private link, kept by this browser (and taken out of the address bar). */
  function takeKey() {
    const match = /[#&]key=([A-Za-z0-9_-]+)/.exec(location.hash);
    if (match) {
      Bazaar.setPersonKey(match[1]);
      history.replaceState(null, "", location.pathname + location.search);
    }
    return Bazaar.personKey();
  }

  /** "1st of 3" in words. @param {number} place @param {number} players */
  function placeWords(place, players) {
    return ui.t("place {place} of {players}", {place: place, players: players});
  }

  /** A seat's name as the page shows it. @param {any} s */
  function seatName(s) {
    if (s.name) return s.name;
    return s.kind === "bot" ? ui.botLabel(s.bot || "") : ui.t("Seat {n}", {n: s.seat + 1});
  }

  /** @param {any} t one of the page's tables */
  function tableItem(t) {
    const others = t.names.filter((/** @type {any} */ s) => s.seat !== t.seat).map(seatName);
    let about = ui.t("with {names}", {names: others.join(ui.lang === "zh-TW" ? "、" : ", ")});
    if (t.left) about += (ui.lang === "zh-TW" ? "；" : "; ") + ui.t("{time} left", {time: t.left});
    return `<li><a class="button" href="${ui.esc(t.link)}">${ui.esc(t.game_name)}</a> ` +
      `<span>${ui.esc(about)}</span></li>`;
  }

  /** @param {any} f a finished game */
  function finishedItem(f) {
    const when = new Date(f.finished * 1000).toLocaleDateString(ui.lang);
    const mark = f.winner ? "\u2605 " : "";
    return `<li>${mark}<a href="${ui.esc(f.link)}">${ui.esc(f.game_name)}</a> ` +
      `<span>${ui.esc(placeWords(f.place, f.players))} · ${ui.esc(when)}</span> ` +
      `<a href="${ui.esc(f.record)}" download>${ui.esc(ui.t("Record"))}</a></li>`;
  }

  /** @param {any} r a pool's rating or null */
  function ratingCell(r) {
    if (!r) return "<td>—</td>";
    return `<td>${ui.esc(r.ordinal.toFixed(1))} <small class="muted">` +
      `${ui.esc(ui.t("{games} games, {wins} won", {games: r.games, wins: r.wins}))}</small></td>`;
  }

  /** @param {any[]} ratings @param {HTMLElement} table */
  function fillRatings(ratings, table) {
    table.innerHTML = `<tr><th>${ui.esc(ui.t("Game"))}</th><th>${ui.esc(ui.t("Against people"))}</th>` +
      `<th>${ui.esc(ui.t("With bots"))}</th></tr>` +
      ratings.map((r) => `<tr><td>${ui.esc(r.game_name)}</td>${ratingCell(r.people)}${ratingCell(r.bots)}</tr>`).join("");
  }

  function emailState() {
    const p = data.person;
    if (!data.mail) return ui.t("This server sends no e-mail.");
    if (!p.email) return ui.t("With an address, you get an e-mail when it is your move at a turn-based table.");
    return p.email_confirmed ? ui.t("Confirmed: turn e-mails go to this address.") :
      ui.t("Not confirmed yet: open the link we mailed to this address.");
  }

  function render() {
    const p = data.person;
    $("who").textContent = p.name || ui.t("Your page");
    $("my-link").value = `${location.origin}/me#key=${Bazaar.personKey()}`;
    const waiting = data.tables.filter((/** @type {any} */ t) => t.your_turn);
    const playing = data.tables.filter((/** @type {any} */ t) => !t.your_turn);
    $("waiting").innerHTML = waiting.map(tableItem).join("");
    $("playing").innerHTML = playing.map(tableItem).join("");
    $("finished").innerHTML = data.finished.map(finishedItem).join("");
    fillRatings(data.ratings, $("ratings"));
    $("waiting-panel").hidden = !waiting.length;
    $("playing-panel").hidden = !playing.length;
    $("finished-panel").hidden = !data.finished.length;
    $("ratings-panel").hidden = !data.ratings.length;
    $("name").value = p.name;
    $("email").value = p.email || "";
    ["email-row", "mails-row"].forEach((id) => { $(id).hidden = !data.mail; });
    $("mails").value = p.mails;
    $("public").checked = p.public;
    $("public").disabled = !!p.classroom;
    $("email-state").textContent = emailState();
    $("push").hidden = !data.push_key || !("serviceWorker" in navigator) || !("PushManager" in window);
    document.title = ui.t("Your page") + " · Bazaar";
    const count = waiting.length;
    if (count) document.title = `(${count}) ` + document.title;
    ["private", "settings"].forEach((id) => { $(id).hidden = false; });
  }

  async function load() {
    const key = Bazaar.personKey();
    if (!key) { $("make").hidden = false; return; }
    try {
      data = await Bazaar.api("POST", "/api/me", {key: key, lang: ui.lang});
    } catch (err) {
      Bazaar.toast(err.data && err.data.explain ? err.data.explain : err.message);
      if (err.status === 403) { $("make").hidden = false; }
      return;
    }
    render();
  }

  async function makePage() {
    try {
      const made = await Bazaar.api("POST", "/api/people", {name: $("new-name").value, lang: ui.lang});
      Bazaar.setPersonKey(made.key);
      $("make").hidden = true;
      await load();
    } catch (err) {
      Bazaar.toast(err.data && err.data.explain ? err.data.explain : err.message);
    }
  }

  async function save() {
    const body = {key: Bazaar.personKey(), lang: ui.lang, name: $("name").value,
      mails: $("mails").value, public: $("public").checked, page_lang: ui.lang};
    if (data.mail) body.email = $("email").value.trim();
    try {
      const done = await Bazaar.api("PATCH", "/api/me", body);
      data.person = done.person;
      render();
      Bazaar.toast(done.confirmation_sent ? ui.t("Saved. We mailed you a link to confirm the address.") : ui.t("Saved."));
    } catch (err) {
      Bazaar.toast(err.data && err.data.explain ? err.data.explain : err.message);
    }
  }

  /** The push key as the bytes PushManager wants. @param {string} text */
  function keyBytes(text) {
    const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "==".slice(0, (4 - text.length % 4) % 4));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  }

  async function subscribe() {
    try {
      const registration = await navigator.serviceWorker.ready;
      const sub = await registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(data.push_key)});
      const json = sub.toJSON();
      await Bazaar.api("POST", "/api/me/push", {key: Bazaar.personKey(), lang: ui.lang, endpoint: json.endpoint,
        p256dh: json.keys && json.keys.p256dh, auth: json.keys && json.keys.auth});
      Bazaar.toast(ui.t("This browser will be told when it is your move."));
    } catch (err) {
      Bazaar.toast(ui.t("This browser cannot take notices: {reason}", {reason: err.message || String(err)}));
    }
  }

  async function showPublic() {
    try {
      const shown = await Bazaar.api("GET", `/api/people/${encodeURIComponent(publicId || "")}?lang=${ui.lang}`);
      $("public-name").textContent = shown.person.name || ui.t("Player");
      fillRatings(shown.ratings, $("public-ratings"));
    } catch (err) {
      $("public-name").textContent = err.data && err.data.explain ? err.data.explain : err.message;
    }
    $("public-panel").hidden = false;
  }

  /** @param {string} lang */
  async function applyLang(lang) {
    Bazaar.setLang(lang);
    ui = BazaarUI.make(lang, await Bazaar.loadStrings(lang), [], null);
    $("lang").value = lang;
    Bazaar.translatePage(ui);
    if (publicId) await showPublic(); else await load();
  }

  async function start() {
    const games = await Bazaar.api("GET", "/api/games");
    BazaarUI.setBotNames(games.bot_names, games.bot_descriptions);
    $("lang").addEventListener("change", () => applyLang($("lang").value));
    $("make-page").addEventListener("click", makePage);
    $("save").addEventListener("click", save);
    $("push").addEventListener("click", subscribe);
    $("copy-link").addEventListener("click", () => {
      if (navigator.clipboard) navigator.clipboard.writeText($("my-link").value).catch(() => {});
    });
    $("forget").addEventListener("click", () => { Bazaar.setPersonKey(null); location.href = "/"; });
    if (!publicId) takeKey();
    await applyLang(Bazaar.pickLang());
  }

  start();
})();
