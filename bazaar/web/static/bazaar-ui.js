/* The helper object every game renderer receives (classic script; no build step).
 *
 *   const ui = BazaarUI.make(lang, catalog, payload.seats, payload.seat);
 *   ui.t("Your turn.")            -> "Your turn." or the zh-TW translation from the catalogs
 *   ui.t("Round {n}", {n: 2})     -> fields in {braces} are filled in
 *   ui.tn("{n} table", "{n} tables", n) -> the plural form for n (fields: {n} and any given
 *                                    fourth); the catalog keys a plural "one\0other" and holds
 *                                    its forms joined by "\0" (web.po's msgid_plural entries)
 *   ui.seatName(2)                -> the seat's name, else "Seat 3" (+ the bot's name); "(you)"
 *                                    marks the viewer's own seat. People count seats from 1
 *                                    (seat 0 reads "Seat 1" / "玩家1", as in the log); the
 *                                    payload's data counts from 0.
 *   ui.botLabel("ismcts:hard")    -> "Hard bot" (the English names come from /api/games
 *                                    "bot_names", given once with BazaarUI.setBotNames)
 *   ui.botDescription("ismcts:hard") -> one line on how strong it is (/api/games
 *                                    "bot_descriptions", the second argument of setBotNames)
 *   ui.esc(text)                  -> text safe inside SVG/HTML markup
 *   ui.notation                   -> true if moves are shown with their notation: only when
 *                                    the person turned on "Show notation" (BazaarUI.setNotation,
 *                                    kept in this browser); by default a move reads in words
 *                                    alone, in either language (the notation is for typing)
 *   ui.moveLine(m)                -> how a legal move {notation, text} reads in a list or tip:
 *                                    "sell 1 purple" by default, "-K2 — sell 1 purple" with
 *                                    the notation shown
 */
(function () {
  "use strict";
  function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => (
      {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  }
  let botNames = {};  // bot spec -> English name (msgid), from the server's /api/games
  let botDescriptions = {};  // bot spec -> English line on its strength (msgid), likewise
  function setBotNames(names, descriptions) {
    botNames = names || {};
    botDescriptions = descriptions || {};
  }
  /** The index of the plural form for ``n`` in a catalog of ``lang`` (its Plural-Forms:
   * zh-TW has one form, English two). @param {string} lang @param {number} n */
  function pluralIndex(lang, n) {
    return lang === "zh-TW" ? 0 : (n === 1 ? 0 : 1);
  }
  /** @param {string} text @param {Fields} [fields] */
  function fill(text, fields) {
    if (!fields) return text;
    return text.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
  }
  /** @type {BazaarUIModule["make"]} */
  function make(lang, catalog, seats, mySeat) {
    const strings = catalog || {};
    /** @param {string} msgid @param {Fields} [fields] */
    function t(msgid, fields) {
      return fill(lang === "en" ? msgid : (strings[msgid] || msgid), fields);
    }
    /** @param {string} one @param {string} other @param {number} n @param {Fields} [fields] */
    function tn(one, other, n, fields) {
      const forms = lang === "en" ? "" : strings[one + "\0" + other];
      const list = forms ? forms.split("\0") : [one, other];
      const index = forms ? pluralIndex(lang, n) : (n === 1 ? 0 : 1);
      return fill(list[Math.min(index, list.length - 1)], Object.assign({n: n}, fields));
    }
    function botLabel(spec) {
      return t(botNames[spec] || spec);
    }
    function botDescription(spec) {
      return botDescriptions[spec] ? t(botDescriptions[spec]) : "";
    }
    function seatName(seat) {
      const info = (seats || [])[seat];
      let name = info && info.name ? info.name : t("Seat {n}", {n: seat + 1});
      if (info && !info.name && info.kind === "bot") {
        name = t("{name} ({what})", {name: name, what: botLabel(info.bot)});
      }
      return seat === mySeat ? t("{name} ({what})", {name: name, what: t("you")}) : name;
    }
    function moveLine(m) {
      if (!showsNotation()) return m.text || m.notation;
      return m.text && m.text !== m.notation ? m.notation + " \u2014 " + m.text : m.notation;
    }
    return {lang: lang, t: t, tn: tn, esc: esc, seatName: seatName, botLabel: botLabel,
      botDescription: botDescription, mySeat: mySeat,
      get notation() { return showsNotation(); }, moveLine: moveLine};
  }
  const NOTATION_KEY = "bazaar.notation";
  /** Whether the person asked to see the notation beside a move's words (this browser). */
  function showsNotation() {
    try { return localStorage.getItem(NOTATION_KEY) === "on"; } catch { return false; }
  }
  /** @param {boolean} on */
  function setNotation(on) {
    try { localStorage.setItem(NOTATION_KEY, on ? "on" : "off"); } catch { /* private mode */ }
  }
  window.BazaarUI = {make: make, esc: esc, setBotNames: setBotNames,
    showsNotation: showsNotation, setNotation: setNotation};
})();
