/* Hint: the search's best moves for this seat now (GET /api/tables/ID/hint), each a button
 * that plays it, with what it changes; a note when the top moves are too close to call. */
import {$, tableApi, tokenQuery, viewerEpoch} from "./page.js";
import {store} from "./store.js";

export async function hint() {
  const {lang, ui} = store.get();
  const button = /** @type {HTMLButtonElement} */ ($("hint"));
  button.disabled = true;
  $("hints").innerHTML = `<li class="muted">${ui.esc(ui.t("Thinking…"))}</li>`;
  const asked = viewerEpoch;
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
      (m.changes.length ? `<div class="hint-changes">` +
        m.changes.map((c) => `<div>${ui.esc(c.text)}</div>`).join("") + `</div>` : "") +
      `</li>`).join("");
    $("hint-note").textContent = close > 1 ? ui.t("Too close to call: the search cannot tell the top {n} moves apart.", {n: close}) : "";
    $("hint-note").hidden = close <= 1;
  } catch (err) {
    if (asked !== viewerEpoch) return;
    $("hints").innerHTML = "";
    Bazaar.toast(/** @type {Error} */ (err).message);
  }
  button.disabled = false;
}
