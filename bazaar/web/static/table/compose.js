/* Decisions in parts: a decision made of several moves is built up in the move panel
 * (#compose) and sent only when confirmed. Which moves start one, and how it is built, is the
 * game's: its board script's ``decisions[kind](moves, ctx)`` returns the decision (or null:
 * play the move normally), with body, confirmText, ready, steps, phases, waits, take, marks
 * and button (docs/web.md, "Decisions in several parts"). Moves are found by their fields
 * (docs/web.md, "Move fields") in each new payload and sent one after another, each with that
 * payload's seq; a refused part stops the rest with a message. Cancel sends nothing.
 * A position in the middle of a decision (the board's ``resume(ctx)``: Night Market's lot
 * chosen, its amount not yet) opens that decision by itself, and an undo that lands there
 * goes on to the decision's start: Undo takes back the whole decision (each part by the
 * server's own undo policy; a part it keeps leaves the decision open). */
import {$, BOARD_ARRIVED} from "./page.js";
import {store} from "./store.js";
import {boardUi, redrawBoard, rendererOf} from "./board.js";
import {bringMoves} from "./movebar.js";
import {errorWords, sendMove, sendUndo} from "./socket.js";
import {drawMoves} from "./side.js";

/** Whether move fields ``a`` hold every field of ``b`` with its value.
 * @param {MoveFields} a @param {{[field: string]: unknown}} b */
const same = (a, b) => {
  /** @type {{[field: string]: unknown}} */
  const have = {...a};
  return Object.keys(b).every((k) => JSON.stringify(have[k]) === JSON.stringify(b[k]));
};

/** The legal move of ``p`` with these fields. @param {Payload} p @param {{[field: string]: unknown}} f */
const legalOf = (p, f) => p.legal.find((m) => same(m.fields, f));

/** The live payload's legal move ``action``. @param {number} action */
const moveOf = (action) => {
  const {live} = store.get();
  return live ? live.legal.find((m) => m.action === action) : null;
};

/* What a board's decisions[kind](moves, ctx) may use (docs/web.md, "Decisions in several parts"):
 * functions and a getter, so each call sees the newest payload, words and open decision. */
/** @type {DecisionContext} */
const decisionCtx = {
  live: () => store.get().live,
  get ui() { return boardUi(); },
  legalOf: legalOf,
  moveOf: moveOf,
  current: () => store.get().compose,
};

/** Start or change a decision for the clicked ``actions``; true if one took them.
 * @param {number[]} actions */
export function composePick(actions) {
  const {live, replaying, plan, compose} = store.get();
  if (!live || replaying || plan) return false;
  const moves = /** @type {LegalMove[]} */ (actions.map(moveOf).filter(Boolean));
  if (!moves.length) return false;
  const kinds = new Set(moves.map((m) => m.fields.kind));
  const kind = kinds.size === 1 ? [...kinds][0] : null;
  if (compose && compose.take && compose.take(moves, kind)) { drawCompose(); redrawBoard(); return true; }
  const renderer = rendererOf(live.game) || {render: () => ""};
  const decisions = renderer.decisions;
  const decide = kind && decisions && Object.prototype.hasOwnProperty.call(decisions, kind) ?
    decisions[kind] : null;
  const made = decide ? decide(moves, decisionCtx) : null;
  if (!made) {
    if (compose) closeCompose();
    return false;
  }
  made.seq = live.seq;
  store.update({compose: made});
  drawCompose();
  redrawBoard();
  bringMoves();
  return true;
}

function closeCompose() {
  store.update({compose: null});
  $("compose").hidden = true;
  $("compose").innerHTML = "";
  redrawBoard();
}

function drawCompose() {
  const {compose, ui} = store.get();
  const box = $("compose");
  if (!compose) { box.hidden = true; box.innerHTML = ""; return; }
  const amount = $("compose-amount");
  const focused = document.activeElement && document.activeElement.id === "compose-amount";
  if (amount && focused) return;  // the player is typing an amount
  box.hidden = false;
  box.innerHTML = compose.body() + `<div class="row">` +
    `<button type="button" class="primary" id="compose-confirm"${compose.ready() ? "" : " disabled"}>` +
    `${ui.esc(compose.confirmText())}</button>` +
    `<button type="button" id="compose-cancel">${ui.esc(ui.t("Cancel"))}</button></div>`;
}

/** A click in the move panel's decision. @param {MouseEvent} ev */
export function composeClick(ev) {
  const {compose} = store.get();
  if (!compose) return;
  const el = /** @type {HTMLElement} */ (ev.target).closest("button");
  if (!el) return;
  if (el.id === "compose-cancel") {
    const {live} = store.get();
    store.update({declined: live ? live.seq : null});  // a resumed decision stays closed
    closeCompose();
    return;
  }
  if (el.id === "compose-confirm") { confirmCompose(); return; }
  const what = el.getAttribute("data-compose");
  if (what && compose.button) { compose.button(what, el); drawCompose(); redrawBoard(); }
}

/** An amount typed in the decision. @param {Event} ev */
export function composeInput(ev) {
  const {compose} = store.get();
  const field = /** @type {HTMLInputElement} */ (ev.target);
  if (!compose || field.id !== "compose-amount") return;
  const n = Number(field.value);
  compose.amount = Number.isInteger(n) ? n : -1;
  const ok = compose.ready();
  const confirm = /** @type {HTMLButtonElement} */ ($("compose-confirm"));
  confirm.disabled = !ok;
  confirm.textContent = compose.confirmText();
  const note = $("compose-note");
  if (note && compose.note) note.textContent = compose.note();
}

function confirmCompose() {
  const {compose, sending} = store.get();
  if (!compose || !compose.ready() || sending) return;
  store.update({
    plan: {steps: compose.steps(), i: 0, phases: compose.phases, waits: compose.waits, sent: 0,
      after: -1},  // the seq of the last part sent: the next part waits for a newer payload
    compose: null,
  });
  document.body.dataset.plan = "sending";
  drawCompose();
  advancePlan();
}

/** The decision the live position ``p`` is in the middle of (the board's ``resume``), opened
 * in the move panel; nothing while another is open or sent, on a replay, or once declined.
 * @param {Payload} p */
function resumeDecision(p) {
  const {compose, plan, replaying, declined} = store.get();
  if (compose || plan || replaying || p.over || p.to_move !== p.seat || declined === p.seq) return;
  const renderer = rendererOf(p.game);
  const made = renderer && renderer.resume ? renderer.resume(decisionCtx) : null;
  if (!made) return;
  made.seq = p.seq;
  store.update({compose: made});
  drawCompose();
  redrawBoard();
}

/* The board script or its words arrived after the payload: the decision the position is in
 * the middle of can be opened now, an open one is drawn in the board's words. */
window.addEventListener(BOARD_ARRIVED, () => {
  const {live, compose} = store.get();
  if (compose) drawCompose();
  else if (live) resumeDecision(live);
});

/** After an undo this page asked for: true if it went on to take back the earlier part of a
 * decision ``p`` is in the middle of (the player's own newest move, which the server's undo
 * policy still lets go). @param {Payload} p */
function undoOn(p) {
  const {undoing} = store.get();
  if (undoing === null || p.seq > undoing) return false;
  store.update({undoing: null});
  const renderer = rendererOf(p.game);
  const middle = Boolean(renderer && renderer.resume && renderer.resume(decisionCtx));
  if (!middle || !p.undo || !p.last || p.last.seat !== p.seat) return false;
  sendUndo(p);
  return true;
}

/** An error reply while an undo was asked for: the decision the position is in stays open. */
export function undoRefused() {
  const {undoing, live} = store.get();
  if (undoing === null) return;
  store.update({undoing: null});
  if (live) resumeDecision(live);
}

/** After each payload: drop a decision the table has moved past; send the plan's next part;
 * take back a whole decision on undo; open the decision the position is in the middle of.
 * @param {Payload} p */
export function afterPayload(p) {
  const {compose} = store.get();
  if (compose && (p.seq !== compose.seq || p.to_move !== p.seat)) closeCompose();
  else drawCompose();
  if (undoOn(p)) return;
  const {plan, sending} = store.get();
  if (plan && !sending && p.seq > plan.after) advancePlan();
  else resumeDecision(p);
}

/** Stop sending the plan, with a message (or none). @param {string} message */
export function endPlan(message) {
  store.update({plan: null});
  delete document.body.dataset.plan;
  const note = $("plan-note");
  if (note) note.remove();
  if (message) Bazaar.toast(message);
  const {live} = store.get();
  if (live) drawMoves(live);
}

/** @param {string} text */
function planNote(text) {
  const {plan, ui} = store.get();
  let note = $("plan-note");
  if (!note) {
    note = document.createElement("div");
    note.id = "plan-note";
    note.className = "row";
    $("compose").after(note);
  }
  note.innerHTML = `<span class="muted">${ui.esc(text)}</span>` +
    (plan && plan.waits ? ` <button type="button" id="plan-stop">${ui.esc(ui.t("Cancel"))}</button>` : "");
}

function advancePlan() {
  const {live: p, plan, ui} = store.get();
  if (!p || !plan) return;
  const total = plan.steps.length;
  const rest = () => plan.steps.slice(plan.i).filter((st) => !st.optional).length;
  while (plan.i < total) {
    const step = plan.steps[plan.i];
    const fields = Object.assign({}, step);
    delete fields.optional;
    const phase = p.view && p.view.phase;
    if (p.over || !plan.phases.includes(phase)) {
      endPlan(rest() ? ui.t("{n} of {total} parts were sent; the rest no longer applies.", {n: plan.sent, total: total}) : "");
      return;
    }
    if (p.to_move !== p.seat) {
      if (!plan.waits) {
        endPlan(rest() ? ui.t("{n} of {total} parts were sent; the rest no longer applies.", {n: plan.sent, total: total}) : "");
        return;
      }
      planNote(ui.t("Waiting for your turn to send the rest ({n} left).", {n: rest()}));
      document.body.dataset.plan = "waiting";
      return;
    }
    const m = legalOf(p, fields);
    if (!m) {
      if (step.optional) { plan.i += 1; continue; }
      endPlan(ui.t("Part {n} of {total} is not a legal move now; nothing more was sent.", {n: plan.i + 1, total: total}));
      return;
    }
    plan.i += 1;  // the plan's progress: its own object, the store's plan
    plan.sent += 1;
    plan.after = p.seq;
    planNote(ui.t("Sending part {n} of {total}…", {n: plan.i, total: total}));
    document.body.dataset.plan = "sending";
    sendMove(m.action);
    return;
  }
  endPlan("");
}

/** A refused part: stop the plan and say which part and why; true if a plan was running.
 * @param {SocketError} msg */
export function planRefused(msg) {
  const {plan, ui} = store.get();
  if (!plan) return false;
  const n = plan.i;
  const total = plan.steps.length;
  endPlan(ui.t("Part {n} of {total} was refused: {why} Nothing more was sent.", {n: n, total: total, why: errorWords(msg)}));
  return true;
}
