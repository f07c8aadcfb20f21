/* The one WebSocket with the server: it reconnects by itself (the connection banner says
 * so), hands each payload to receive() and sends this viewer's requests. */
import {$, tableId, token, tokenQuery} from "./page.js";
import {store} from "./store.js";
import {afterPayload, planRefused, undoRefused} from "./compose.js";
import {show} from "./board.js";
import {drawWhileAway} from "./log.js";
import {payloadArrived} from "./seats.js";
import {drawSide, drawTitle} from "./side.js";
import {foldForTurn} from "./movebar.js";
import {beep} from "./sound.js";
import {turnNotice} from "./notice.js";
import {closeHint} from "./hints.js";
import {changesViewer, passAndPlay} from "./curtain.js";
import {chatArrived, drawTalk, rematchArrived, rematchRefused} from "./talk.js";

/** @type {WebSocket | null} */
let socket = null;
let retry = 500;  // ms before the next attempt; doubles up to 8 s
/** the next attempt, while one waits @type {ReturnType<typeof setTimeout> | undefined} */
let again;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let bannerTimer;

export function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const lang = store.get().lang;
  socket = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}` +
    `?lang=${encodeURIComponent(lang)}${tokenQuery()}`);
  socket.onmessage = (ev) => receive(JSON.parse(ev.data));
  socket.onopen = () => {
    retry = 500;
    store.update({connected: true});
    if (store.get().lost) connectionBack();
  };
  socket.onclose = (ev) => {
    store.update({connected: false});
    if (ev.code === 4404 || ev.code === 4400) return;
    connectionLost();
    again = setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

/** Close the socket for good (pass and play changes the viewer): no reconnecting, and
 * nothing it still had on its way is read. */
export function disconnect() {
  clearTimeout(again);
  if (!socket) return;
  const old = socket;
  socket = null;
  old.onmessage = null;
  old.onclose = null;
  old.onopen = null;
  old.close();
  clearTimeout(bannerTimer);
  $("connection").hidden = true;
  store.update({connected: false, lost: false});
}

/** Whether the socket is open (a request can be sent now). */
export function isOpen() { return Boolean(socket && socket.readyState === WebSocket.OPEN); }

/** Whether there is a socket at all. */
export function hasSocket() { return socket !== null; }

/** Send one request. @param {ClientMessage} msg */
export function send(msg) { /** @type {WebSocket} */ (socket).send(JSON.stringify(msg)); }

/** Take back this seat's newest move of payload ``p`` (its version names the position seen).
 * @param {Payload} p */
export function sendUndo(p) {
  store.update({undoing: p.seq - 1});
  send({type: "undo", seq: p.seq - 1, version: /** @type {number} */ (p.version)});
}

/** Send a move of the live payload; no other until its answer. @param {number} action */
export function sendMove(action) {
  store.update({sending: true});
  send({type: "move", action: action, seq: /** @type {Payload} */ (store.get().live).seq});
}

/* The connection banner: lost (the page reconnects by itself) and back again. */
function connectionLost() {
  store.update({lost: true});
  const {ui, live} = store.get();
  const banner = $("connection");
  banner.textContent = ui.t("Connection lost — reconnecting…");
  banner.className = "conn-banner lost";
  banner.hidden = false;
  clearTimeout(bannerTimer);
  if (live) drawSide(live);
}

function connectionBack() {
  store.update({lost: false});
  const banner = $("connection");
  banner.textContent = store.get().ui.t("Reconnected");
  banner.className = "conn-banner back";
  banner.hidden = false;
  clearTimeout(bannerTimer);
  bannerTimer = setTimeout(() => { banner.hidden = true; }, 3000);
}

/** A refused request in the page's language: the rule in words, else the kind of error.
 * @param {SocketError} msg */
export function errorWords(msg) {
  /** @type {{[code: string]: string}} */
  const words = {
    "stale": "Someone moved first; the board is up to date now.",
    "turn": "It is not your turn.",
    "token": "This seat link is not valid for this table.",
    "game-over": "The game is over.",
    "unknown-table": "There is no such table.",
  };
  if (msg.explain) return msg.explain;
  if (words[msg.code]) return store.get().ui.t(words[msg.code]);
  return msg.error;
}

/** One message from the server: a refusal, what a stand-in played for this returning
 * person (once), chat lines, this seat's place at the rematch, or this viewer's new payload.
 * @param {ServerMessage} msg */
function receive(msg) {
  if (msg.type === "error") {
    store.update({sending: false});
    if (planRefused(msg)) return;
    undoRefused();
    if (msg.code === "rematch") rematchRefused();
    Bazaar.toast(errorWords(msg));
    if (!store.get().live) $("status").textContent = msg.error;
    return;
  }
  if (msg.type === "while-away") { drawWhileAway(msg); return; }
  if (msg.type === "chat") { chatArrived(msg); return; }
  if (msg.type === "rematch") { rematchArrived(msg); return; }
  if (msg.type !== "state") return;
  if (changesViewer(msg)) return;  // pass and play: another seat's turn, or watching
  payloadArrived(msg);  // the server's clock, from the turn timer's deadline
  const {lang, strings} = store.get();
  store.update({sending: false, live: msg, ui: BazaarUI.make(lang, strings, msg.seats, msg.seat),
    filter: null});
  if (token && msg.seat !== null && !passAndPlay) {
    Bazaar.rememberSeat({table: tableId, seat: msg.seat, game: msg.game, link: location.href});
  }
  closeHint();
  const {ui, replaying} = store.get();
  if (!replaying) {
    show(msg);
    drawSide(msg);
  } else {  // the replay stays on show; the slider and the live move number move on
    document.body.dataset.seq = String(msg.seq);
    document.body.dataset.over = String(msg.over);
    const slider = /** @type {HTMLInputElement} */ ($("replay"));
    slider.max = String(msg.seq);
    $("replay-step").textContent = ui.t("Move {n} of {total}", {n: slider.value, total: msg.seq});
  }
  drawTalk(msg);
  afterPayload(msg);
  const mine = !msg.over && msg.to_move !== null && msg.to_move === msg.seat;
  const {wasMyTurn, hadPayload} = store.get();
  if (mine && !wasMyTurn && !replaying) foldForTurn();
  if (mine && !wasMyTurn && hadPayload) beep();  // not for the turn the page opens on
  if (mine && !wasMyTurn && !passAndPlay) turnNotice(msg, false);  // the page opens on one too
  store.update({hadPayload: true, wasMyTurn: mine});
  drawTitle();
}
