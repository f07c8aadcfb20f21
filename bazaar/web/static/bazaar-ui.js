/* The helper object every game renderer receives (classic script; no build step).
 *
 *   const ui = BazaarUI.make(lang, catalog, payload.seats, payload.seat);
 *   ui.t("Money")                 -> "Money" or the zh-TW translation from the .po catalogs
 *   ui.t("Round {n}", {n: 2})     -> fields in {braces} are filled in
 *   ui.seatName(2)                -> the seat's player name ("You" marks the viewer's own seat)
 *   ui.esc(text)                  -> text safe inside SVG/HTML markup
 */
(function () {
  "use strict";
  function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => (
      {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  }
  function make(lang, catalog, seats, mySeat) {
    const strings = catalog || {};
    function t(msgid, fields) {
      let text = lang === "en" ? msgid : (strings[msgid] || msgid);
      if (fields) {
        text = text.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
      }
      return text;
    }
    function seatName(seat) {
      const info = (seats || [])[seat];
      const name = info && info.name ? info.name : t("Seat {n}", {n: seat + 1});
      return seat === mySeat ? name + " (" + t("you") + ")" : name;
    }
    return {lang: lang, t: t, esc: esc, seatName: seatName, mySeat: mySeat};
  }
  window.BazaarUI = {make: make, esc: esc};
})();
