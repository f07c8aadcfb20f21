/* What the table page knows from its address, and small helpers of every module. */

/**
 * The element with this id.
 * @param {string} id
 * @returns {HTMLElement}
 */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * The input (or select) element with this id.
 * @param {string} id
 * @returns {HTMLInputElement}
 */
export const $input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** The window event when a board script or its words have arrived (compose.js then opens
 * or redraws a decision, which needs both; board.js sends it). */
export const BOARD_ARRIVED = "bazaar-board-arrived";

export const params = new URL(location.href).searchParams;
/** the table's id, from /t/<id> */
export const tableId = decodeURIComponent(location.pathname.split("/").pop() || "");
/** this seat's secret (empty: a spectator); pass and play changes it (useToken) */
export let token = params.get("token") || "";
/** pass and play: the seat tokens of a device link, in its order (docs/web.md) */
export const deviceTokens = (params.get("tokens") || "").split(",").filter(Boolean);
/** how many times the viewer changed: an answer asked for by an earlier one is dropped */
export let viewerEpoch = 0;

/** View the table with ``secret`` from now on ("" a spectator). @param {string} secret */
export function useToken(secret) {
  token = secret;
  viewerEpoch++;
}

/** "&token=..." for a request of this seat, or "" */
export function tokenQuery() { return token ? "&token=" + encodeURIComponent(token) : ""; }

/** The path of one of this table's API calls. @param {string} what */
export function tableApi(what) { return `/api/tables/${encodeURIComponent(tableId)}/${what}`; }

/** A "1" flag in localStorage (false where storage is refused). @param {string} key */
export function stored(key) {
  try { return localStorage.getItem(key) === "1"; } catch { return false; }
}

/** Set a "1" flag in localStorage (nothing where storage is refused). @param {string} key */
export function store1(key) {
  try { localStorage.setItem(key, "1"); } catch { /* private mode */ }
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
