/* On one column (phones, tablets: style.css) the board takes the screen's width and the
 * move panel is a bar fixed to the bottom of the screen (at most a third of its height,
 * scrolling inside). Its toggle folds it to one line ("Your moves (12) ▴") and unfolds it;
 * while it is not this seat's turn it shows the turn sentence only (and Undo while that
 * applies). The page keeps room below for the bar (--bar-room on body, the bar's height),
 * so every part of the page, the board's bottom too, can be scrolled above it. A finished
 * game's panel is an ordinary panel again and keeps no room; a spectator has no bar. */
import {$} from "./page.js";
import {store} from "./store.js";

const ONE_COLUMN = window.matchMedia("(max-width: 999px)");

export function fitBoard() {
  const panel = $("moves-panel");
  const fixed = ONE_COLUMN.matches && !panel.hidden && getComputedStyle(panel).position === "fixed";
  const room = fixed ? Math.ceil(panel.getBoundingClientRect().height) : 0;
  document.body.style.setProperty("--bar-room", room + "px");
}

export function drawFold() {
  const {folded} = store.get();
  $("moves-panel").classList.toggle("folded", folded);
  $("moves-toggle").setAttribute("aria-expanded", String(!folded));
  /** @type {Element} */ ($("moves-toggle").querySelector(".fold-mark")).textContent = folded ? "▴" : "▾";
  fitBoard();
}

/** The moves in reach after a board pick: the bar unfolds, its top (the decision) shown. */
export function bringMoves() {
  const panel = $("moves-panel");
  if (ONE_COLUMN.matches && getComputedStyle(panel).position === "fixed") {
    if (store.get().folded) { store.update({folded: false}); drawFold(); }
    panel.scrollTop = 0;
  } else {
    panel.scrollIntoView({behavior: "smooth", block: "nearest"});
  }
}
