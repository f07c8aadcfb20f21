/* The Rules dialog: the players' rulebook opened at the section of the current decision
 * (the payload's ``section``), with a link to the full specification and back; a game with
 * no rulebook (section null) shows the specification (docs/rulebook.md). */
import {$} from "./page.js";
import {store} from "./store.js";

/** @param {boolean} [wantSpec] the specification rather than the rulebook */
export async function showRules(wantSpec) {
  const {live, lang, ui} = store.get();
  if (!live) return;
  const game = encodeURIComponent(live.game);
  const book = live.section != null && wantSpec !== true;
  const url = book ? `/api/games/${game}/rulebook?lang=${lang}`
    : `/api/games/${game}/rules?lang=${lang}&format=html`;
  const res = await fetch(url);
  const box = $("rules-text");
  box.innerHTML = await res.text();
  if (live.section != null) {
    const p = document.createElement("p");
    const a = document.createElement("a");
    p.className = "rules-switch";
    a.id = "rules-switch";
    a.href = "#";
    a.textContent = book ? ui.t("The full rules specification") : ui.t("The players' rulebook");
    a.addEventListener("click", (ev) => { ev.preventDefault(); showRules(book); });
    p.appendChild(a);
    box.prepend(p);
  }
  const dialog = /** @type {HTMLDialogElement} */ ($("rules"));
  if (!dialog.open) dialog.showModal();
  const at = book ? /** @type {HTMLElement | null} */ (box.querySelector(`[data-section="${CSS.escape(live.section || "")}"]`)) : null;
  box.scrollTop = at ? at.offsetTop : 0;  // .rules is position: relative (style.css)
}
