/* One list of the seats, counted from 1 like everything people read: each seat's name
 * ("(you)" for this viewer's), a bot's name with its one line on how strong it is, whether
 * its person is here, away (for how long), has not opened the table yet or is played by a
 * stand-in bot, and whose turn it is; below it the turn timer. Buttons: hand an overdue seat
 * to a bot (with the bot's level, labelled), take one's own seat back.
 *
 * The timer and the away times count every second (tick): from the server's deadline and
 * away times by the server's clock, which this page estimates from each payload (its
 * ``timer.left`` said how far the deadline was when it was sent). */
import {$} from "./page.js";
import {store} from "./store.js";
import {hasSocket, send} from "./socket.js";

const STANDIN_BOTS = ["ismcts:easy", "ismcts:medium", "ismcts:hard", "heuristic"];

/** @param {Payload} p */
export function drawSeats(p) {
  const {ui} = store.get();
  const list = $("seat-list");
  if (!list.dataset.wired) {
    list.dataset.wired = "1";
    $("seats").addEventListener("click", (ev) => {
      const target = /** @type {HTMLElement} */ (ev.target);
      const el = target.closest && target.closest("button[data-standin], button[data-return]");
      if (!el || !hasSocket()) return;
      if (el.hasAttribute("data-return")) { send({type: "return"}); return; }
      const level = /** @type {HTMLSelectElement | null} */ ($("seats").querySelector("select.standin-bot"));
      send({type: "standin", seat: Number(el.getAttribute("data-standin")),
        bot: level ? level.value : "ismcts:easy"});
    });
  }
  /** @type {Partial<TurnTimer>} */
  const timer = p.timer || {};
  const overdue = timer.overdue || [];
  shownPayload = p;
  list.innerHTML = (p.seats || []).map((s) => {
    const mark = s.kind === "bot" ? "" : (s.present ? "\u25cf " : "\u25cb ");
    const turn = !p.over && p.to_move === s.seat;
    const about = ui.botDescription(s.kind === "bot" ? s.bot || "" : s.standin || "");
    const hand = overdue.includes(s.seat) && p.seat !== null && s.seat !== p.seat ?
      ` <button data-standin="${s.seat}">${ui.esc(ui.t("Let a bot play for them"))}</button>` : "";
    const back = s.standin && s.seat === p.seat ?
      ` <button data-return="1">${ui.esc(ui.t("Take my seat back"))}</button>` : "";
    return `<li data-seat="${s.seat}" data-present="${s.present}" data-turn="${turn}"` +
      `${turn ? ' class="to-move"' : ""}>${mark}` +
      `<span class="seat-words">${ui.esc(seatWords(s, ui))}</span>` +
      (turn ? ` <span class="turn">${ui.esc(ui.t("to move"))}</span>` : "") + hand + back +
      (about ? ` <small class="muted">${ui.esc(about)}</small>` : "") + `</li>`;
  }).join("");
  const line = timerLine(timer, ui);
  const levels = overdue.length && p.seat !== null ?
    ` <label class="standin-level"><span>${ui.esc(ui.t("Bot level"))}</span> ` +
    `<select class="standin-bot">` +
    STANDIN_BOTS.map((b) =>
      `<option value="${b}">${ui.esc(ui.botLabel(b))}</option>`).join("") + `</select></label>` : "";
  const below = $("seat-timer");
  below.innerHTML = (line ? `<span id="timer-words">${ui.esc(line)}</span>` : "") + levels;
  below.hidden = !line && !levels;
  if (!ticking) { ticking = true; setInterval(tick, 1000); }  // one ticker for the page
}

/** the payload the seats were drawn for @type {Payload | null} */
let shownPayload = null;
/** how far the server's clock is ahead of this page's (seconds) */
let skew = 0;
let ticking = false;

/* A payload has just arrived (socket.js): the server's clock ahead of this one, 0 unless the
 * timer's deadline and ``left`` (whole seconds, rounded up, when it was sent) disagree with
 * this clock by more than two seconds; a payload with no running deadline keeps the last. */
/** @param {Payload} p */
export function payloadArrived(p) {
  /** @type {Partial<TurnTimer>} */
  const timer = p.timer || {};
  if (timer.deadline === null || timer.deadline === undefined ||
    timer.left === null || timer.left === undefined || timer.left <= 0) return;
  const gap = timer.deadline - Date.now() / 1000 - timer.left;
  skew = Math.abs(gap) > 2 ? gap : 0;
}

/** Now by the server's clock (UNIX seconds). */
function serverNow() { return Date.now() / 1000 + skew; }

/** A seat's name with what its person is doing, in words. @param {SeatInfo} s @param {Ui} ui */
function seatWords(s, ui) {
  let state;
  if (s.kind === "bot") state = "";
  else if (s.standin) state = ui.t("a bot plays for them: {bot}", {bot: ui.botLabel(s.standin)});
  else if (s.present) state = ui.t("here");
  else if (s.joined === false) state = ui.t("has not joined yet");
  else if (s.away === null || s.away === undefined) state = ui.t("away");
  else {
    const minutes = Math.floor((serverNow() - s.away) / 60);
    state = minutes < 1 ? ui.t("away for less than a minute") :
      ui.t("away for {minutes} min", {minutes: minutes});
  }
  return state ? ui.t("{seat}: {state}", {seat: ui.seatName(s.seat), state: state}) : ui.seatName(s.seat);
}

/** The seconds left on the turn timer now (null: no deadline). @param {Partial<TurnTimer>} timer */
export function secondsLeft(timer) {
  if (timer.deadline === null || timer.deadline === undefined) return null;
  return Math.max(0, Math.ceil(timer.deadline - serverNow() - 0.001));
}

/** ``seconds`` in its two largest whole units, as the server says it (bazaar/web/pace.py:
 * "2 days 3 hours", 「2 天 3 小時」); under a minute, "1 minute".
 * @param {number} seconds @param {string} lang */
export function timeWords(seconds, lang) {
  const units = /** @type {const} */ ([["day", 86400], ["hour", 3600], ["minute", 60]]);
  const parts = [];
  let left = Math.max(0, Math.floor(seconds));
  for (const [unit, size] of units) {
    const count = Math.floor(left / size);
    left -= count * size;
    if (!count && !parts.length) continue;
    if (count) parts.push(new Intl.NumberFormat(lang, {style: "unit", unit: unit, unitDisplay: "long"}).format(count));
    if (parts.length === 2 || !count) break;
  }
  if (!parts.length) {
    parts.push(new Intl.NumberFormat(lang, {style: "unit", unit: "minute", unitDisplay: "long"}).format(seconds > 0 ? 1 : 0));
  }
  return parts.join(" ");
}

/** A turn-based table's timer in words. @param {Partial<TurnTimer>} timer @param {Ui} ui */
function turnBasedLine(timer, ui) {
  const per = timeWords((timer.minutes || 0) * 60, ui.lang);
  const rule = timer.on_timeout === "standin" ?
    ui.t("then a bot plays for them until they come back") : ui.t("then a bot plays that turn for them");
  let line = ui.t("Turn-based: {time} per move; {rule}.", {time: per, rule: rule});
  const left = secondsLeft(timer);
  const gap = ui.lang === "zh-TW" ? "" : " ";
  if ((timer.timed_out || []).length) {
    line += gap + ui.t("Time ran out: a bot is playing this turn.");
  } else if (left !== null && timer.seat !== null && timer.seat !== undefined) {
    line += gap + (left > 0 ? ui.t("{name} has {time} left for this move.",
      {name: ui.seatName(timer.seat), time: timeWords(left, ui.lang)}) : ui.t("Time is up for this move."));
  }
  return line;
}

/** The turn timer in words ("" without one). @param {Partial<TurnTimer>} timer @param {Ui} ui */
function timerLine(timer, ui) {
  if (!timer.minutes) return "";
  if (timer.pace === "turn-based") return turnBasedLine(timer, ui);
  let line = ui.t("Turn timer: {minutes} min per move.", {minutes: timer.minutes});
  const left = secondsLeft(timer);
  if (left !== null) {
    line += (ui.lang === "zh-TW" ? "" : " ") + (left > 0 ?
      ui.t("{seconds} s left for this move.", {seconds: left}) : ui.t("Time is up for this move."));
  }
  return line;
}

/* Every second: the timer's seconds and the away times of the live payload's seats, only
 * their texts (the buttons and the level picker keep their focus). */
function tick() {
  const {live, replaying, ui} = store.get();
  const p = shownPayload;
  if (!p || p !== live || replaying) return;
  const words = document.getElementById("timer-words");
  const line = timerLine(p.timer || {}, ui);
  if (words && words.textContent !== line) words.textContent = line;
  (p.seats || []).forEach((s) => {
    const el = $("seat-list").querySelector(`li[data-seat="${s.seat}"] .seat-words`);
    const text = seatWords(s, ui);
    if (el && el.textContent !== text) el.textContent = text;
  });
}
