/* The deal: a loud notice to everyone when the creator fixed the seed; behind a small
 * "fair deal" badge the commitment, and the seed and salt once they are revealed (see "Fair
 * deals" in docs/web.md). */
import {$, stored, tableId} from "./page.js";
import {store} from "./store.js";

/** a guided first game (the same deal for every learner): set by guide.js */
export const PRACTICE = `bazaar-practice:${tableId}`;

/** @param {Payload} p */
export function drawDeal(p) {
  const {ui} = store.get();
  /** @type {Partial<Deal>} */
  const d = p.deal || {};
  const notice = $("deal-notice");
  notice.hidden = !d.fixed;
  const practice = stored(PRACTICE);
  notice.classList.toggle("practice", Boolean(d.fixed && practice));
  if (d.fixed && practice) {  // a guided first game: the same deal for every learner
    notice.textContent = ui.t("Practice game with a fixed deal: every guided game starts with the same cards.");
  } else if (d.fixed) {
    notice.textContent = ui.t("Fixed deal: the table's creator chose the seed {seed}, so they can know every hidden card.", {seed: d.seed});
  }
  /* The commitment, and once the game is over its digest: lines that keep their nodes (only
   * texts change), so each Copy button keeps the keyboard focus across updates. */
  drawHexLine("commitment", d.commitment,
    ui.t("Deal commitment (SHA-256): {commitment}", {commitment: d.commitment}));
  drawHexLine("digest", d.digest, ui.t("Game digest (SHA-256): {digest}", {digest: d.digest}));
  const revealed = $("deal-revealed");
  const shown = d.seed !== null && d.seed !== undefined && Boolean(d.salt);
  revealed.hidden = !shown;
  let words = "";
  if (shown && d.digest) {
    words = ui.t("Deal revealed: seed {seed}, salt {salt}. Download the record and run “bazaar verify --commitment … --digest …” with the commitment and the game digest above to check the deal and the moves.", {seed: d.seed, salt: d.salt});
  } else if (shown) {
    words = ui.t("Deal revealed: seed {seed}, salt {salt}. Download the record and run “bazaar verify --commitment” with the commitment above to check the game.", {seed: d.seed, salt: d.salt});
  }
  revealed.textContent = words;
  /* Behind one small "fair deal" badge (a <details>): closed while the deal is secret, opened
   * by itself once when the seed and salt are revealed (the game's end or a fixed deal),
   * when there is something to check; after that it stays as the reader leaves it. */
  const info = /** @type {HTMLDetailsElement} */ ($("deal-info"));
  info.hidden = !d.commitment && !shown;
  if (shown && !info.dataset.opened) {
    info.dataset.opened = "1";
    info.open = true;
  }
}

/* One line of 64 hex digits with its Copy button (``which``: "commitment" or "digest"): the
 * line #deal-<which> with its text #deal-<which>-text and the button #copy-<which>, which
 * copies the hex alone; hidden while there is no value. */
/** @param {string} which @param {string | null | undefined} value @param {string} text */
function drawHexLine(which, value, text) {
  $("deal-" + which).hidden = !value;
  const shown = value ? text : "";
  const line = $("deal-" + which + "-text");
  if (line.textContent !== shown) line.textContent = shown;
  $("copy-" + which).dataset.copy = value || "";
}

/* Copy the hex of a Copy button: the Clipboard API where the page may use it (HTTPS or
 * localhost), else a selected text area and the browser's copy command; say in the button's
 * status (data-status) which happened, ``failed`` when neither worked. */
/** @param {HTMLElement} button @param {string} failed */
export async function copyHex(button, failed) {
  const value = button.dataset.copy;
  if (!value) return;
  let done = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(value);
      done = true;
    }
  } catch { done = false; }
  if (!done) {
    const area = document.createElement("textarea");
    area.value = value;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try { done = document.execCommand("copy"); } catch { done = false; }
    area.remove();
    button.focus();
  }
  $(button.dataset.status || "").textContent = done ? store.get().ui.t("Copied.") : failed;
}
