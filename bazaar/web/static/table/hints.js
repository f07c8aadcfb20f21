/* Hint: the search's best moves for this seat now (GET /api/tables/ID/hint), each a button
 * that plays it, the best with why (what it changes, what decides it), the others with what
 * they change; a note when the top moves are too close to call. The best move's spots are
 * marked on the board until the move is made or the hint is closed. */
import {$, tableApi, tokenQuery, viewerEpoch} from "./page.js";
import {store} from "./store.js";

/** Close the hint: its list, its note, its close button and its mark on the board (the
 * guide's suggestion, when the guide shows one for this position, is marked again). */
export function closeHint() {
  $("hints").innerHTML = "";
  $("hint-note").hidden = true;
  const button = document.getElementById("hint-close");
  if (button) button.hidden = true;
  const {suggested, guideSuggests, guiding, live} = store.get();
  const guide = guiding && guideSuggests && live && guideSuggests.seq === live.seq ? guideSuggests : null;
  if (suggested !== guide) store.update({suggested: guide});
}

/** The hint's close button, below its list (made once). @returns {HTMLElement} */
function closeButton() {
  let button = document.getElementById("hint-close");
  if (!button) {
    button = document.createElement("button");
    button.id = "hint-close";
    button.addEventListener("click", closeHint);
    $("hints").after(button);
  }
  return button;
}

export async function hint() {
  const {lang, ui} = store.get();
  const button = /** @type {HTMLButtonElement} */ ($("hint"));
  button.disabled = true;
  $("hints").innerHTML = `<li class="muted">${ui.esc(ui.t("Thinking…"))}</li>`;
  const asked = viewerEpoch;
  const {live} = store.get();
  const seq = live ? live.seq : null;  // the position the hint is for
  try {
    /** @type {HintAnswer} */
    const res = await Bazaar.api("GET", tableApi(`hint?lang=${lang}${tokenQuery()}`));
    if (asked !== viewerEpoch) return;  // pass and play: another seat is on show now
    const close = res.moves.filter((m) => m.close).length;
    $("hints").innerHTML = res.moves.map((m) =>
      `<li class="hint${m.close ? " close" : ""}" data-win="${m.win === null ? "" : m.win}">` +
      `<button data-action="${m.action}" data-notation="${ui.esc(m.notation)}">` +
      `${ui.esc(ui.notation ? m.notation : m.text)}</button>` +
      (ui.notation ? ` ${ui.esc(m.text)}` : "") +
      (m.why ? `<div class="hint-why">${ui.esc(ui.t("Why: {why}", {why: m.why}))}</div>` :
        m.changes.length ? `<div class="hint-changes">` +
        m.changes.map((c) => `<div>${ui.esc(c.text)}</div>`).join("") + `</div>` : "") +
      `</li>`).join("");
    const closer = closeButton();
    closer.textContent = ui.t("Close the hint");
    closer.hidden = false;
    if (seq !== null && res.moves.length) store.update({suggested: {seq: seq, action: res.moves[0].action}});
    $("hint-note").textContent = close > 1 ? ui.t("Too close to call: the search cannot tell the top {n} moves apart.", {n: close}) : "";
    $("hint-note").hidden = close <= 1;
  } catch (err) {
    if (asked !== viewerEpoch) return;
    $("hints").innerHTML = "";
    Bazaar.toast(/** @type {Error} */ (err).message);
  }
  button.disabled = false;
}
