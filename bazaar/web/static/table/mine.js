/* This seat on the person's page (docs/web.md, "Your page"). A browser that keeps a person
 * saves the seat it opens to their page at once, quietly (a seat someone else saved, or a
 * classroom's, stays as it is). Otherwise Settings offers "Save this game to my page", which
 * makes a person named as the seat and keeps them in this browser. A spectator and a pass
 * and play device (several people at one browser) save nothing. */
import {$, deviceTokens, tableId, token} from "./page.js";
import {store} from "./store.js";

/** Save this seat to the page of this browser's person (none yet: one is made).
 * @param {boolean} quiet no message either way */
async function saveSeat(quiet) {
  const key = Bazaar.personKey();
  const {ui, lang} = store.get();
  /** @type {Record<string, string>} */
  const body = {table: tableId, token: token, lang: lang};
  if (key) body.key = key;
  try {
    const saved = await Bazaar.api("POST", "/api/me/claim", body);
    if (saved.key) Bazaar.setPersonKey(saved.key);
    $("save-mine").hidden = true;
    $("my-page").hidden = false;
    if (!quiet) Bazaar.toast(ui.t("Saved: this game is on your page."));
  } catch (err) {
    const refused = /** @type {ApiError} */ (err);
    const data = /** @type {{explain?: string} | undefined} */ (refused.data);
    if (!quiet) Bazaar.toast((data && data.explain) || refused.message);
  }
}

export function wireMine() {
  if (!token || deviceTokens.length) return;
  if (Bazaar.personKey()) {
    $("my-page").hidden = false;
    saveSeat(true);
    return;
  }
  $("save-mine").hidden = false;
  $("save-mine").addEventListener("click", () => saveSeat(false));
}
