/* Talk at the table: the chat panel (lines with the seat's name as the seat list shows it,
 * the text box and Send, the quick reactions, "the chat is off", the host's switch) and
 * playing again (the rematch button, "Seat N offers a rematch — Join", the spectators' link).
 * Lines arrive as their own socket message (type "chat"), never inside the payload; every
 * line is put in the page as text (textContent), never as HTML. */
import {$, $input} from "./page.js";
import {store} from "./store.js";
import {isOpen, send} from "./socket.js";

/** The quick reactions: the id the server stores -> its words (each page says them in its
 * own language; bazaar/web/chat.py REACTIONS). */
export const REACTIONS = {
  "nice-move": "Nice move!",
  "good-game": "Good game",
  "well-played": "Well played",
  "thinking": "Let me think…",
  "oops": "Oops!",
  "thanks": "Thanks!",
};
/** How many lines the panel keeps (the server sends the newest 50 on opening). */
const KEEP = 50;

/** @type {ChatLine[]} */
let lines = [];
let unread = 0;
/** the server refused this table a rematch (a classroom table): it stays refused */
let noRematch = false;

/** A chat message from the server: the history (on opening) or new lines.
 * @param {ChatMessage} msg */
export function chatArrived(msg) {
  lines = (msg.history ? msg.lines : lines.concat(msg.lines)).slice(-KEEP);
  if (!msg.history && !/** @type {HTMLDetailsElement} */ ($("chat-box")).open) unread += msg.lines.length;
  drawLines();
}

/** One line's words: a reaction in this page's language, else the text as written.
 * @param {ChatLine} line @param {Ui} ui */
function said(line, ui) {
  if (line.kind !== "reaction") return line.text;
  const words = /** @type {{[id: string]: string}} */ (REACTIONS)[line.text];
  return words ? ui.t(words) : line.text;
}

function drawLines() {
  const {ui, lang} = store.get();
  const items = lines.map((line) => {
    const li = document.createElement("li");
    li.dataset.seat = String(line.seat);
    li.dataset.kind = line.kind;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = ui.t("{name}:", {name: ui.seatName(line.seat)});
    const words = document.createElement("span");
    words.className = "said";
    words.textContent = said(line, ui);
    const when = document.createElement("time");
    when.className = "muted";
    when.dateTime = new Date(line.time * 1000).toISOString();
    when.textContent = new Date(line.time * 1000).toLocaleTimeString(lang, {hour: "2-digit", minute: "2-digit"});
    li.append(who, words, " ", when);
    return li;
  });
  $("chat-lines").replaceChildren(...items);
  $("chat-lines").scrollTop = $("chat-lines").scrollHeight;
  $("chat-empty").hidden = lines.length > 0;
  $("chat-unread").textContent = unread ?
    ui.tn("{n} new message", "{n} new messages", unread) : "";
}

/** The chat's controls and the rematch for the live payload ``p``. @param {Payload} p */
export function drawTalk(p) {
  const {ui} = store.get();
  wire();
  const chat = p.chat || {on: true, host: false};
  const seated = p.seat !== null;
  $("chat-off").hidden = chat.on;
  $("chat-watching").hidden = seated;
  $("chat-form").hidden = !seated || !chat.on;
  $("chat-reactions").hidden = !seated || !chat.on;
  $("chat-reactions").replaceChildren(...Object.entries(REACTIONS).map(([id, words]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.reaction = id;
    button.textContent = ui.t(words);
    return button;
  }));
  const toggle = $("chat-switch");
  toggle.hidden = !chat.host;
  toggle.dataset.on = String(chat.on);
  toggle.textContent = chat.on ? ui.t("Turn the chat off") : ui.t("Turn the chat on");
  drawLines();
  drawRematch(p, ui);
}

/** @param {Payload} p @param {Ui} ui */
function drawRematch(p, ui) {
  const box = $("rematch");
  const offer = p.rematch || null;
  box.hidden = !p.over || noRematch || (!offer && p.seat === null);
  if (box.hidden) { box.replaceChildren(); return; }
  const parts = [];
  if (offer) {
    const note = document.createElement("span");
    note.className = "rematch-note";
    note.textContent = ui.t("{name} offers a rematch.", {name: ui.seatName(offer.by)});
    parts.push(note, " ");
  }
  if (p.seat !== null) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = "rematch-button";
    button.className = "primary";
    button.textContent = offer ? ui.t("Join") : ui.t("Play again");
    parts.push(button);
  } else if (offer) {
    const link = document.createElement("a");
    link.id = "rematch-watch";
    link.href = `${offer.watch}?lang=${encodeURIComponent(ui.lang)}`;
    link.textContent = ui.t("Watch the rematch");
    parts.push(link);
  }
  box.replaceChildren(...parts);
}

/** A refused rematch (a classroom table has none): the offer goes away; the toast says why. */
export function rematchRefused() {
  noRematch = true;
  $("rematch").hidden = true;
}

/** Where the rematch's answer takes this seat: its own seat at the new table.
 * @param {RematchSeatMessage} msg */
export function rematchArrived(msg) {
  location.href = msg.link;
}

let wired = false;

function wire() {
  if (wired) return;
  wired = true;
  const box = /** @type {HTMLDetailsElement} */ ($("chat-box"));
  box.open = window.innerWidth >= 1000;  // on a phone the chat starts folded, after the board
  box.addEventListener("toggle", () => {
    if (box.open) { unread = 0; drawLines(); }
  });
  $("chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $input("chat-text");
    if (!input.value.trim() || !isOpen()) return;
    send({type: "chat", text: input.value});
    input.value = "";
  });
  $("chat-reactions").addEventListener("click", (ev) => {
    const target = /** @type {HTMLElement} */ (ev.target);
    const button = target.closest && target.closest("button[data-reaction]");
    if (button && isOpen()) send({type: "chat", kind: "reaction", text: button.getAttribute("data-reaction") || ""});
  });
  $("chat-switch").addEventListener("click", () => {
    if (isOpen()) send({type: "chat-switch", on: $("chat-switch").dataset.on !== "true"});
  });
  $("rematch").addEventListener("click", (ev) => {
    const target = /** @type {HTMLElement} */ (ev.target);
    if (target.id === "rematch-button" && isOpen()) send({type: "rematch"});
  });
}
