/* Playing a move: a button of the move list or a board spot; several moves for one spot
 * filter the list; a move that starts a decision in parts goes to compose.js. */
import {store} from "./store.js";
import {composePick} from "./compose.js";
import {bringMoves} from "./movebar.js";
import {sendMove} from "./socket.js";
import {drawMoves} from "./side.js";

/** The moves of a clicked board spot. @param {number[]} actions */
export function pick(actions) {
  if (composePick(actions)) return;
  if (actions.length === 1) { play(actions[0]); return; }
  store.update({filter: actions});
  const {live} = store.get();
  if (live) drawMoves(live);
  bringMoves();
}

/** @param {number} action */
export function play(action) {
  const {live, sending, replaying, plan, ui} = store.get();
  if (!live || sending || replaying || plan) return;
  if (!live.legal.some((m) => m.action === action)) {
    Bazaar.toast(ui.t("That move is not legal now."));
    return;
  }
  if (composePick([action])) return;
  sendMove(action);
}
