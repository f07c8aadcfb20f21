/* On one column (phones, tablets: style.css) the move panel is a bar just above the board that
 * sticks to the top of the screen while the page scrolls (at most a third of its height,
 * scrolling inside), so it never lies over the board on the first screen of a turn. Its
 * toggle folds it to one line ("Your moves (12) ▾") and unfolds it; while it is not this
 * seat's turn it shows the turn sentence only (and Undo while that applies). When a turn
 * starts and the board itself takes moves, the bar starts folded: playing by the board is the
 * natural way. A person who unfolds it keeps it open on later turns (this browser remembers:
 * the list stays for those who like it). A finished game's panel is an ordinary panel; a
 * spectator has no bar. */
import {$} from "./page.js";
import {store} from "./store.js";

const ONE_COLUMN = window.matchMedia("(max-width: 999px)");
const LIST_KEY = "bazaar.moveList";

/** Whether the person chose to keep the move list open on their turns. */
function listKeptOpen() {
  try { return localStorage.getItem(LIST_KEY) === "open"; } catch { return false; }
}

export function drawFold() {
  const {folded} = store.get();
  $("moves-panel").classList.toggle("folded", folded);
  $("moves-toggle").setAttribute("aria-expanded", String(!folded));
  /** @type {Element} */ ($("moves-toggle").querySelector(".fold-mark")).textContent = folded ? "▾" : "▴";
}

/** The person folded or unfolded the bar: so it stays, and so it starts their next turns. */
export function toggleFold() {
  const folded = !store.get().folded;
  store.update({folded});
  try { localStorage.setItem(LIST_KEY, folded ? "folded" : "open"); } catch { /* private mode */ }
  drawFold();
}

/** A turn of this seat starts: on one column the bar folds when the board has spots that take
 * a move (unless the person keeps the list open), and opens when only the list does. */
export function foldForTurn() {
  if (!ONE_COLUMN.matches) return;
  const boardPlays = document.querySelector("#board .hot") !== null;
  const deciding = store.get().compose !== null;  // a decision in parts is open in the bar
  store.update({folded: boardPlays && !deciding && !listKeptOpen()});
  drawFold();
}

/** The moves in reach after a board pick: the bar unfolds, its top (the decision) shown. */
export function bringMoves() {
  const panel = $("moves-panel");
  if (ONE_COLUMN.matches && getComputedStyle(panel).position === "sticky") {
    if (store.get().folded) { store.update({folded: false}); drawFold(); }
    panel.scrollTop = 0;
  } else {
    panel.scrollIntoView({behavior: "smooth", block: "nearest"});
  }
}
