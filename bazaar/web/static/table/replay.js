/* The replay: the slider shows the board after any move (GET /api/tables/ID/replay/N) until
 * "Back to the game"; payloads that arrive meanwhile move the slider's end only. */
import {$, $input, tableApi, tokenQuery, viewerEpoch} from "./page.js";
import {store} from "./store.js";
import {show} from "./board.js";
import {drawSide} from "./side.js";

/** @param {number} step */
export async function replayTo(step) {
  const {live, lang, ui} = store.get();
  if (!live) return;
  if (step >= live.seq) { backToLive(); return; }
  store.update({replaying: true});
  $("live").hidden = false;
  $("replay-banner").hidden = false;
  $("replay-banner").textContent = ui.t("Replay: the board after move {n}.", {n: step});
  $("replay-step").textContent = ui.t("Move {n} of {total}", {n: step, total: live.seq});
  const asked = viewerEpoch;
  try {
    /** @type {Payload} */
    const p = await Bazaar.api("GET", tableApi(`replay/${step}?lang=${lang}${tokenQuery()}`));
    // not once another seat (pass and play) is on show
    if (store.get().replaying && asked === viewerEpoch) { show(p); drawSide(p); }
  } catch (err) { Bazaar.toast(/** @type {Error} */ (err).message); }
}

/** The slider to ``step`` and the board there. @param {number} step */
export function jumpTo(step) {
  $input("replay").value = String(step);
  replayTo(step);
}

export function backToLive() {
  store.update({replaying: false});
  $("live").hidden = true;
  $("replay-banner").hidden = true;
  const {live} = store.get();
  if (live) {
    $input("replay").value = String(live.seq);
    store.update({still: true});
    try { show(live); } finally { store.update({still: false}); }
    drawSide(live);
  }
}
