/* Pass and play (docs/web.md, "Pass and play"): a device link (``?tokens=a,b``) holds the
 * seats played on this device. The page watches as a spectator while no seat of the device is
 * to move; when one is, it first tears down everything a seat may have drawn (socket, board,
 * moves, hints, guide, log, decision, away summary, the payloads in the store), then raises
 * the curtain "Pass to <name>"; only the tap connects as that seat. The page never holds two
 * seats' payloads: each seat's socket is closed before another's opens. */
import {$, deviceTokens, tableApi, useToken} from "./page.js";
import {store} from "./store.js";
import {connect, disconnect} from "./socket.js";
import {turnNotice} from "./notice.js";

/** whether this page is a device link */
export const passAndPlay = deviceTokens.length > 0;

/** seat -> its token, once the server said which seats the tokens hold @type {Map<number, string>} */
const local = new Map();
/** the seat this page connects as now (null: watching) */
let viewing = /** @type {number | null} */ (null);
/** the seat behind the raised curtain (null: no curtain) */
let waiting = /** @type {number | null} */ (null);
/** the seats' names and kinds (public), for the curtain's sentence @type {SeatInfo[]} */
let seats = [];

/** Ask which seats the device link holds, then watch. */
export async function startDevice() {
  wireCurtain();
  const {lang} = store.get();
  try {
    /** @type {{seats: number[]}} */
    const res = await Bazaar.api("GET",
      tableApi(`device?tokens=${encodeURIComponent(deviceTokens.join(","))}&lang=${lang}`));
    res.seats.forEach((seat, i) => local.set(seat, deviceTokens[i]));
  } catch (err) {  // the refusal in the page's language (its explain), naming the token
    const refused = /** @type {ApiError} */ (err);
    const data = /** @type {{explain?: string} | undefined} */ (refused.data);
    $("status").textContent = (data && data.explain) || refused.message;
    return;
  }
  document.body.dataset.device = [...local.keys()].join(",");
  watch();
}

/** Connect as a spectator (the public view only). */
function watch() {
  viewing = null;
  useToken("");
  connect();
}

/** The seat of the device that should see a payload whose ``to_move`` it says (null: the
 * public view). @param {Payload} p */
function seatFor(p) {
  if (p.over || p.to_move === null || !local.has(p.to_move)) return null;
  return p.to_move;
}

/** A payload has arrived: true if it must not be drawn (the page changes viewer instead).
 * @param {Payload} p */
export function changesViewer(p) {
  if (!passAndPlay) return false;
  seats = p.seats;
  if (p.over) return false;  // the result is public: no curtain
  const next = seatFor(p);
  if (next === viewing) return false;
  tearDown();
  if (next === null) watch();
  else {
    raise(next);
    turnNotice(p, true);  // only while the page is hidden
  }
  return true;
}

/** Close the socket and empty every part a seat's payload may have drawn. */
function tearDown() {
  disconnect();
  useToken("");
  viewing = null;
  store.update({live: null, shown: null, compose: null, plan: null, filter: null,
    replaying: false, sending: false, undoing: null, declined: null, guideKey: null,
    suggested: null, guideSuggests: null, wasMyTurn: false, hadPayload: false});
  ["board", "moves", "hints", "log", "compose", "away-summary", "story", "status", "seat-list",
    "seat-timer", "result", "bar-turn", "analysis", "replay-step", "filter-note", "guide",
    "replay-banner"].forEach((id) => {
    const el = document.getElementById(id);
    if (el) el.textContent = "";
  });
  ["compose", "away-summary", "guide", "hint-note", "result", "replay-banner", "filter-row"]
    .forEach((id) => {
      const el = document.getElementById(id);
      if (el) el.hidden = true;
    });
  $("hint-note").textContent = "";
  const planNote = document.getElementById("plan-note");
  if (planNote) planNote.remove();
  delete document.body.dataset.plan;  // a plan's parts not sent yet are dropped
  const undo = document.getElementById("undo");
  if (undo) undo.hidden = true;
}

/** The curtain up for ``seat``: only its button is on the page. @param {number} seat */
function raise(seat) {
  waiting = seat;
  drawCurtain();
  document.body.classList.add("curtained");
  $("curtain").hidden = false;
  $("curtain-go").focus();
}

/** The curtain's words in the page's language (again after a change of language). */
export function drawCurtain() {
  if (waiting === null) return;
  const {lang, strings} = store.get();
  const ui = BazaarUI.make(lang, strings, seats, null);
  const name = ui.seatName(waiting);
  $("curtain-words").textContent = ui.t("Pass to {name} — tap when only they are looking", {name});
  $("curtain-go").textContent = ui.t("I am {name}: show my turn", {name});
  $("curtain").dataset.seat = String(waiting);
}

/** The tap: the curtain goes, the page connects as the seat behind it. */
function lower() {
  if (waiting === null) return;
  const seat = waiting;
  waiting = null;
  $("curtain").hidden = true;
  document.body.classList.remove("curtained");
  viewing = seat;
  useToken(/** @type {string} */ (local.get(seat)));
  connect();
}

/** "Hand over": the seat on show hides behind its curtain (to look away, or pass on). */
function handOver() {
  const seat = viewing;
  if (seat === null) return;
  tearDown();
  raise(seat);
}

/** Whether the "Hand over" button shows: a seat of the device is on show. */
export function handOverShown() { return passAndPlay && viewing !== null; }

function wireCurtain() {
  $("curtain-go").addEventListener("click", lower);
  $("hand-over").addEventListener("click", handOver);
}
