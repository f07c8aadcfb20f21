/* The guided first game: a table opened with ``guide=1`` (the lobby's "Learn to play",
 * docs/guide.md) shows the guide above the moves on each of this seat's turns: what is
 * decided, the suggested move and why (GET /api/tables/ID/guide), a link to the rulebook's
 * section; the suggested move's spots are marked on the board. "Play the suggestion" sends it;
 * "Leave the guide" turns the panel off for good (the game goes on). */
import {$, params, store1, stored, tableApi, tableId, tokenQuery} from "./page.js";
import {store} from "./store.js";
import {PRACTICE} from "./deal.js";
import {showRules} from "./rules.js";
import {sendMove} from "./socket.js";

const GUIDE_OFF = `bazaar-guide-off:${tableId}`;

/** Whether this page opens with the guide (and marks a practice game). */
export function guideAtStart() {
  if (params.get("guide") === "1") store1(PRACTICE);
  return params.get("guide") === "1" && !stored(GUIDE_OFF);
}

function guideBox() {
  let box = $("guide");
  if (!box) {
    box = document.createElement("div");
    box.id = "guide";
    box.className = "guide";
    box.setAttribute("role", "note");
    $("compose").before(box);
    box.addEventListener("click", (ev) => {
      const btn = /** @type {HTMLElement} */ (ev.target).closest("button, a");
      if (!(btn instanceof HTMLElement)) return;
      if (btn.id === "guide-play") {
        const action = Number(btn.dataset.guideAction);
        const {live, sending, replaying} = store.get();
        if (live && !sending && !replaying && live.legal.some((m) => m.action === action)) {
          sendMove(action);
        }
      } else if (btn.id === "guide-leave") {
        store.update({guiding: false, suggested: null, guideSuggests: null});
        box.hidden = true;
        store1(GUIDE_OFF);
        const url = new URL(location.href);
        url.searchParams.delete("guide");
        history.replaceState(null, "", url.toString());
      } else if (btn.id === "guide-rules") {
        ev.preventDefault();
        showRules();
      }
    });
  }
  return box;
}

/** @param {Payload} p @param {boolean} past a replay step */
export async function drawGuide(p, past) {
  const {guiding, guideKey, lang, ui} = store.get();
  if (!guiding) return;
  const box = guideBox();
  const mine = p.seat !== null && !p.over && !past && p.to_move === p.seat && p.legal.length;
  box.hidden = !mine;
  if (!mine) return;
  const key = `${p.seq}:${p.version}:${lang}`;
  if (guideKey === key) return;
  store.update({guideKey: key});
  box.innerHTML = `<p class="muted">${ui.esc(ui.t("Thinking…"))}</p>`;
  /** @type {GuideStep} */
  let step;
  try {
    step = await Bazaar.api("GET", tableApi(`guide?lang=${lang}${tokenQuery()}`));
  } catch (err) {
    store.update({guideKey: null});
    box.innerHTML = "";
    Bazaar.toast(/** @type {Error} */ (err).message);
    return;
  }
  if (store.get().guideKey !== key) return;  // the table moved on meanwhile
  const s = step.suggestion;
  const move = s.move;  // the move in words (the notation only for a game without words)
  const suggests = {seq: p.seq, action: s.action};
  store.update({suggested: suggests, guideSuggests: suggests});  // its spots marked on the board
  box.innerHTML = `<h3>${ui.esc(ui.t("Guide"))}</h3>` +
    `<p class="guide-explain">${ui.esc(step.explain)}</p>` +
    `<p class="guide-suggest">${ui.esc(ui.t("Suggested: {move}", {move: move}))}</p>` +
    `<p class="guide-why">${ui.esc(ui.t("Why: {why}", {why: step.why}))}</p>` +
    `<div class="row"><button id="guide-play" class="primary" data-guide-action="${s.action}">${ui.esc(ui.t("Play the suggestion"))}</button>` +
    `<a href="#" id="guide-rules" data-section="${ui.esc(step.section || "")}">${ui.esc(ui.t("More in the rulebook"))}</a>` +
    `<button id="guide-leave">${ui.esc(ui.t("Leave the guide"))}</button></div>`;
}
