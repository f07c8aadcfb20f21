/* The move log by turn and actor, and the one sentence above the board on the newest turn. */
import {$} from "./page.js";
import {store} from "./store.js";

/* The entries of the newest turn: the moves at the end of the log by one seat in a row. */
/** @param {LogEntry[]} log */
function lastTurn(log) {
  /** @type {LogEntry[]} */
  const out = [];
  for (let i = log.length - 1; i >= 0 && (!out.length || log[i].seat === out[0].seat); i--) {
    out.unshift(log[i]);
  }
  return out;
}

/* One plain sentence for the newest turn, from its log entries: an entry's story when the
 * game tells what the move caused (a round's end: the walk, the bonus, the income, the
 * winner), else the sentences of the events about the mover ("Mei buys 2 K0 …"), else the
 * move in words. */
/** @param {LogEntry[]} log */
function turnSentence(log) {
  const {ui} = store.get();
  const turn = lastTurn(log);
  if (!turn.length) return "";
  const seat = turn[0].seat;
  /** @type {string[]} */
  const parts = [];
  turn.forEach((e) => {
    if (e.story && e.story.length) { parts.push(...e.story); return; }
    const own = (e.groups || []).filter((g) => g.seat === seat)
      .flatMap((g) => g.lines.filter((i) => !Array.isArray(i)).map((i) => e.lines[/** @type {number} */ (i)]));
    if (own.length) parts.push(...own);
    else parts.push(ui.t("{name}: {move}", {name: ui.seatName(seat), move: e.text}));
  });
  const unique = parts.filter((x, i) => parts.indexOf(x) === i);
  return unique.join(ui.t("; ")) + ui.t(".");
}

/** @param {Payload} p */
export function drawStory(p) {
  const box = $("story");
  const text = turnSentence(p.log || []);
  box.hidden = !text;
  if (box.textContent !== text) {
    box.textContent = text;
    box.classList.remove("fresh");
    void box.offsetWidth;  // restart the fade-in
    box.classList.add("fresh");
  }
}

/* What a stand-in bot played for this returning person (the server's "while-away"
 * message, sent once when their return ended the stand-in): a short note above the board,
 * the moves in words as their log has them, until they close it. */
/** @param {AwayMessage} msg */
export function drawWhileAway(msg) {
  const {ui} = store.get();
  const box = $("away-summary");
  const moves = msg.moves.map((m) => m.text).join(ui.t("; "));
  box.innerHTML = `<span class="away-words">${ui.esc(ui.t("While you were away, the bot played: {moves}",
    {moves: moves}) + ui.t("."))}</span> <button type="button" class="away-close">${ui.esc(ui.t("Close"))}</button>`;
  box.hidden = false;
  const close = /** @type {HTMLElement} */ (box.querySelector(".away-close"));
  close.addEventListener("click", () => { box.hidden = true; });
}

/* The log by turn and actor: a turn (one seat's moves in a row) under the seat's name, each
 * move with the events about its mover; events about another seat (the next player's draw)
 * under that seat's name, the table's events without one; a long run of one kind (a Night
 * Market customer walk) as a list. */
/** @param {Payload} p */
export function drawLog(p) {
  const {ui} = store.get();
  const box = $("log");
  /** @param {LogEntry} e */
  const entryHtml = (e) => {
    /** @param {number | number[]} i */
    const lineHtml = (i) => (Array.isArray(i)  // indices of e.lines; a list: a walk
      ? `<ul class="walk">${i.map((j) => `<li>${ui.esc(e.lines[j])}</li>`).join("")}</ul>`
      : `<div class="line">${ui.esc(e.lines[i])}</div>`);
    /** @type {LogGroup[]} */
    const groups = e.groups || [{seat: e.seat, lines: e.lines.map((l, i) => i)}];
    const own = groups.length && groups[0].seat === e.seat ? groups[0] : null;
    const others = own ? groups.slice(1) : groups;
    const standin = e.standin ? ` <span class="standin-mark">${ui.esc(
      ui.t("(played by the stand-in bot {bot})", {bot: ui.botLabel(e.standin)}))}</span>` : "";
    return `<div class="entry${e.standin ? " by-standin" : ""}" data-seq="${e.seq}"` +
      `${e.standin ? ` data-standin="${ui.esc(e.standin)}"` : ""}` +
      ` data-notation="${ui.esc(e.notation)}"><b>${e.seq + 1}.</b> ` +
      (ui.notation ? `<code>${ui.esc(e.notation)}</code> ${ui.esc(e.text !== e.notation ? e.text : "")}` : ui.esc(e.text)) +
      standin +
      (own ? own.lines.map(lineHtml).join("") : "") +
      others.map((g) => `<div class="group" data-seat="${g.seat === null ? "" : g.seat}">` +
        (g.seat === null ? "" : `<span class="who">${ui.esc(ui.seatName(g.seat))}</span>`) +
        g.lines.map(lineHtml).join("") + `</div>`).join("") + `</div>`;
  };
  /** @type {{seat: number, entries: LogEntry[]}[]} */
  const turns = [];
  p.log.forEach((e) => {
    const turn = turns[turns.length - 1];
    if (turn && turn.seat === e.seat) turn.entries.push(e); else turns.push({seat: e.seat, entries: [e]});
  });
  box.innerHTML = turns.map((turn) => `<div class="turn" data-seat="${turn.seat}">` +
    `<div class="actor">${ui.esc(ui.seatName(turn.seat))}</div>${turn.entries.map(entryHtml).join("")}</div>`).join("");
  box.scrollTop = box.scrollHeight;
}
