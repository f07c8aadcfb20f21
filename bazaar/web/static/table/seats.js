/* One list of the seats, counted from 1 like everything people read: each seat's name
 * ("(you)" for this viewer's), a bot's name with its one line on how strong it is, whether
 * its person is here, away (for how long) or played by a stand-in bot, and whose turn it
 * is; below it the turn timer. Buttons: hand an overdue seat to a bot, take one's own
 * seat back. */
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
  list.innerHTML = (p.seats || []).map((s) => {
    let state;
    if (s.kind === "bot") state = "";
    else if (s.standin) state = ui.t("a bot plays for them: {bot}", {bot: ui.botLabel(s.standin)});
    else if (s.present) state = ui.t("here");
    else state = ui.t("away for {minutes} min", {minutes: Math.max(0, Math.floor((Date.now() / 1000 - Number(s.away)) / 60))});
    const mark = s.kind === "bot" ? "" : (s.present ? "\u25cf " : "\u25cb ");
    const turn = !p.over && p.to_move === s.seat;
    const about = ui.botDescription(s.kind === "bot" ? s.bot || "" : s.standin || "");
    const hand = overdue.includes(s.seat) && p.seat !== null && s.seat !== p.seat ?
      ` <button data-standin="${s.seat}">${ui.esc(ui.t("Let a bot play for them"))}</button>` : "";
    const back = s.standin && s.seat === p.seat ?
      ` <button data-return="1">${ui.esc(ui.t("Take my seat back"))}</button>` : "";
    return `<li data-seat="${s.seat}" data-present="${s.present}" data-turn="${turn}"` +
      `${turn ? ' class="to-move"' : ""}>${mark}` +
      ui.esc(state ? ui.t("{seat}: {state}", {seat: ui.seatName(s.seat), state: state}) : ui.seatName(s.seat)) +
      (turn ? ` <span class="turn">${ui.esc(ui.t("to move"))}</span>` : "") + hand + back +
      (about ? ` <small class="muted">${ui.esc(about)}</small>` : "") + `</li>`;
  }).join("");
  const line = timerLine(timer, ui);
  const levels = overdue.length && p.seat !== null ?
    ` <select class="standin-bot" aria-label="${ui.esc(ui.t("Bot level"))}">` +
    STANDIN_BOTS.map((b) =>
      `<option value="${b}">${ui.esc(ui.botLabel(b))}</option>`).join("") + `</select>` : "";
  const below = $("seat-timer");
  below.innerHTML = (line ? ui.esc(line) : "") + levels;
  below.hidden = !line && !levels;
}

/** The turn timer in words ("" without one). @param {Partial<TurnTimer>} timer @param {Ui} ui */
function timerLine(timer, ui) {
  if (!timer.minutes) return "";
  let line = ui.t("Turn timer: {minutes} min per move.", {minutes: timer.minutes});
  if (timer.left !== null && timer.left !== undefined) {
    line += (ui.lang === "zh-TW" ? "" : " ") +
      ui.t("{seconds} s left for this move.", {seconds: timer.left});
  }
  return line;
}
