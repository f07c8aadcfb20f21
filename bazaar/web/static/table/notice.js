/* Turn notices (docs/web.md, "Installable app and turn notices in the browser"): with "Notify me
 * when it is my turn" on (off by default, kept in this browser), the service worker shows a
 * notification when this seat's turn starts while the page is not in front. It names the game
 * and the table, nothing of the position; one per position version; a newer one replaces an
 * older one of the same table (its tag is the table id). */
import {$, $input, tableId} from "./page.js";
import {store} from "./store.js";

export const NOTICE_KEY = "bazaar.notify";

/** the position version last told of (never twice for one position) @type {number | null} */
let told = null;

/** Whether this page can show notifications: the browser has them and a service worker (which
 * needs https, or localhost). */
function possible() { return "Notification" in window && "serviceWorker" in navigator; }

/** Whether the person turned the setting on (whatever the browser allows). */
function wanted() {
  try { return localStorage.getItem(NOTICE_KEY) === "on"; } catch { return false; }
}

/** Whether turn notices are on: asked for, and allowed by the browser. */
export function noticesOn() { return possible() && wanted() && Notification.permission === "granted"; }

/** The setting as it stands, and its note in the page's language: the browser blocks
 * notifications the person asked for, or cannot show them on this page. */
export function drawNoticeSetting() {
  const {ui} = store.get();
  const box = $input("notify");
  const note = $("notify-note");
  box.disabled = !possible();
  box.checked = noticesOn();
  note.textContent = !possible() ? ui.t("This browser cannot show notifications on this page.") :
    wanted() && Notification.permission === "denied" ?
      ui.t("Notifications are blocked: allow them for this site in the browser's settings.") : "";
  note.hidden = !note.textContent;
}

/** The checkbox was clicked: turning it on asks the browser's permission (from the click). */
async function noticeClicked() {
  const on = $input("notify").checked;
  try { localStorage.setItem(NOTICE_KEY, on ? "on" : "off"); } catch { /* private mode */ }
  // a browser that has blocked them answers "denied" at once, without asking
  if (on && Notification.permission !== "granted") await Notification.requestPermission();
  drawNoticeSetting();
}

/** The page came to the front: its table's notice has done its job. */
function frontAgain() {
  if (document.visibilityState !== "visible" || !possible()) return;
  navigator.serviceWorker.getRegistration()
    .then((reg) => (reg ? reg.getNotifications({tag: tableId}) : Promise.resolve([])))
    .then((shown) => shown.forEach((n) => n.close()))
    .catch((err) => console.error(err));
}

export function wireNotices() {
  drawNoticeSetting();
  $input("notify").addEventListener("change", noticeClicked);
  document.addEventListener("visibilitychange", frontAgain);
}

/** This seat's turn has just started in payload ``p``: a notice if the person asked for one and
 * the page is not in front (hidden, or without the focus). ``device``: a pass-and-play page,
 * which tells only while it is hidden (its curtain says whose turn it is to the people at it).
 * @param {Payload} p
 * @param {boolean} device */
export function turnNotice(p, device) {
  const version = p.version ?? p.seq;
  if (!noticesOn() || version === told) return;
  const behind = document.visibilityState === "hidden" || (!device && !document.hasFocus());
  if (!behind) return;
  told = version;
  const {ui, games, lang} = store.get();
  const game = games && games[p.game] ? Bazaar.gameName(games[p.game], lang) : p.game;
  const title = ui.t("Your turn at Bazaar");
  // no icon (the browser shows the site's): headless Chromium sometimes never showed a notice
  // whose icon it had to load
  /** @type {NotificationOptions & {renotify?: boolean}} */
  const options = {
    body: ui.t("{game}, table {table}: it is your move.", {game: game, table: tableId}),
    tag: tableId, renotify: true, lang: lang, data: {url: location.href},
  };
  document.body.dataset.notices = String(Number(document.body.dataset.notices || 0) + 1);
  navigator.serviceWorker.ready
    .then((reg) => reg.showNotification(title, options))
    .catch((err) => console.error(err));
}
