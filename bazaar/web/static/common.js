/* Shared by the lobby and the table page: language, translated strings, API calls. */
(function () {
  "use strict";
  const LANG_KEY = "bazaar.lang";
  const SEATS_KEY = "bazaar.seats";
  /* The key of this browser's person (docs/web.md, "Your page"). */
  const PERSON_KEY = "bazaar.person";

  function pickLang() {
    const url = new URL(location.href).searchParams.get("lang");
    const saved = localStorage.getItem(LANG_KEY);
    const chosen = url || saved || (navigator.language || "en");
    return /^zh/i.test(chosen) ? "zh-TW" : "en";
  }

  async function loadStrings(lang) {
    if (lang === "en") return {};
    const res = await fetch("/api/i18n/" + encodeURIComponent(lang));
    return res.ok ? res.json() : {};
  }

  async function api(method, path, body) {
    const init = {method: method, headers: {}};
    if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);  // text: JSON already
    }
    const res = await fetch(path, init);
    let data;
    try { data = await res.json(); } catch (e) { data = {error: res.statusText}; }
    if (!res.ok) {
      /** @type {ApiError} */
      const err = new Error(data && data.error ? data.error : res.statusText);
      err.status = res.status;
      err.data = data;
      err.retryAfter = Number(res.headers.get("retry-after")) || 0;  // seconds, 0: not said
      throw err;
    }
    return data;
  }

  /* ``api`` that keeps asking when the server says "not now, ask again in N seconds" (429
   * with Retry-After, as a full analysis queue answers); ``waiting(seconds)`` is called
   * before each wait. Any other refusal is thrown as ``api`` throws it. */
  async function apiPatiently(method, path, waiting) {
    for (;;) {
      try {
        return await api(method, path);
      } catch (err) {
        if (err.status !== 429 || !err.retryAfter) throw err;
        if (waiting) waiting(err.retryAfter);
        await new Promise((done) => setTimeout(done, err.retryAfter * 1000));
      }
    }
  }

  /* Seats this browser holds (so a closed tab can be reopened from the lobby). */
  function mySeats() {
    try { return JSON.parse(localStorage.getItem(SEATS_KEY) || "[]"); } catch (e) { return []; }
  }
  function rememberSeat(entry) {
    const seats = mySeats().filter((s) => !(s.table === entry.table && s.seat === entry.seat));
    seats.unshift(entry);
    localStorage.setItem(SEATS_KEY, JSON.stringify(seats.slice(0, 30)));
  }

  function gameName(info, lang) {
    return info ? info.name[lang] || info.name.en : "";
  }

  /* Fill every element with data-t="msgid" (text), data-t-placeholder (its placeholder) or
   * data-t-aria (its aria-label). */
  function translatePage(ui) {
    document.querySelectorAll("[data-t]").forEach((el) => {
      el.textContent = ui.t(el.getAttribute("data-t"));
    });
    document.querySelectorAll("[data-t-placeholder]").forEach((el) => {
      /** @type {HTMLInputElement} */ (el).placeholder = ui.t(el.getAttribute("data-t-placeholder"));
    });
    document.querySelectorAll("[data-t-aria]").forEach((el) => {
      el.setAttribute("aria-label", ui.t(el.getAttribute("data-t-aria")));
    });
    document.documentElement.lang = ui.lang;
  }

  /** The value of the form field ``id`` ("" if the page has none). @param {string} id */
  function fieldValue(id) {
    const el = /** @type {HTMLSelectElement | null} */ (document.getElementById(id));
    return el ? el.value : "";
  }

  /* The pace fields of a new table or classroom (docs/web.md, "Turn-based tables"): the
   * turn-based ones show for a turn-based pace only, the live turn timer for a live one. */
  function wirePace() {
    const pace = document.getElementById("pace");
    if (!pace) return;
    const show = () => {
      const turnBased = fieldValue("pace") === "turn-based";
      document.querySelectorAll(".turn-based-only").forEach((el) => { /** @type {HTMLElement} */ (el).hidden = !turnBased; });
      document.querySelectorAll(".live-only").forEach((el) => { /** @type {HTMLElement} */ (el).hidden = turnBased; });
    };
    pace.addEventListener("change", show);
    show();
  }

  /** The request fields of the chosen pace. @returns {Record<string, string | number | null>} */
  function readPace() {
    if (fieldValue("pace") === "turn-based") {
      return {pace: "turn-based", move_hours: Number(fieldValue("move-hours")), on_timeout: fieldValue("on-timeout")};
    }
    const minutes = fieldValue("turn-minutes");
    return {turn_minutes: minutes ? Number(minutes) : null};
  }

  /** The key of the person this browser keeps, or "". */
  function personKey() {
    try { return localStorage.getItem(PERSON_KEY) || ""; } catch (e) { return ""; }
  }
  /** Keep (or with null, forget) this browser's person key. @param {string | null} key */
  function setPersonKey(key) {
    if (key) localStorage.setItem(PERSON_KEY, key); else localStorage.removeItem(PERSON_KEY);
  }

  function setLang(lang) {
    localStorage.setItem(LANG_KEY, lang);
  }

  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let toastTimer;
  /** @param {string} message */
  function toast(message) {
    const el = document.getElementById("toast");
    if (!el) return;
    el.textContent = message;
    el.classList.add("show");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => el.classList.remove("show"), 5000);
  }

  window.Bazaar = {pickLang, loadStrings, api, apiPatiently, mySeats, rememberSeat, gameName, translatePage,
    setLang, toast, wirePace, readPace, personKey, setPersonKey};
})();
