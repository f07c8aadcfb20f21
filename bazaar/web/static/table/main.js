/* The table page: one WebSocket with the server, the board, moves, hints, replay, analysis.
 *
 * The server sends this viewer's payload (see bazaar/web/payload.py, types/payload.d.ts)
 * after every change; the page draws it with the game's renderer (board.js) and sends moves
 * back as {"type": "move", "action": n, "seq": payload.seq}. Every module shares its state
 * through the one store (store.js). Loaded as <script type="module"> after the classic
 * scripts bazaar-ui.js, common.js, svg.js and motion.js (their globals: types/globals.d.ts). */
import {$, $input, BOARD_ARRIVED, tableApi, token} from "./page.js";
import {store} from "./store.js";
import {analyse} from "./analysis.js";
import {followWidth, markSuggested} from "./board.js";
import {composeClick, composeInput, endPlan} from "./compose.js";
import {copyHex} from "./deal.js";
import {guideAtStart} from "./guide.js";
import {hint} from "./hints.js";
import {foldForTurn, toggleFold} from "./movebar.js";
import {play} from "./moves.js";
import {backToLive, replayTo} from "./replay.js";
import {showRules} from "./rules.js";
import {connect, isOpen, send} from "./socket.js";
import {drawCurtain, passAndPlay, startDevice} from "./curtain.js";
import {drawMoves, drawSide, drawTitle} from "./side.js";
import {SOUND_KEY, beep, soundOn} from "./sound.js";
import {drawNoticeSetting, wireNotices} from "./notice.js";
import {wireMine} from "./mine.js";

/** The page in language ``code``: its words, the address, the server's payloads.
 * @param {string} code */
async function setLanguage(code) {
  store.update({lang: code});
  Bazaar.setLang(code);
  const strings = await Bazaar.loadStrings(code);
  const {live} = store.get();
  const ui = BazaarUI.make(code, strings, live ? live.seats : [], live ? live.seat : null);
  store.update({strings, ui});
  $input("lang").value = code;
  Bazaar.translatePage(ui);
  drawNoticeSetting();
  const url = new URL(location.href);
  url.searchParams.set("lang", code);
  history.replaceState(null, "", url.toString());
  if (isOpen()) send({type: "lang", lang: code});
  drawCurtain();
}

async function saveName() {
  const name = $input("my-name").value.trim();
  if (!name) return;
  try {
    await Bazaar.api("POST", tableApi(`name?lang=${store.get().ui.lang}`), {token: token, name: name});
  } catch (err) { Bazaar.toast(/** @type {Error} */ (err).message); }
}

function wire() {
  document.addEventListener("click", (ev) => {
    const target = /** @type {HTMLElement} */ (ev.target);
    const btn = target.closest && target.closest("button[data-action]");
    if (btn) play(Number(btn.getAttribute("data-action")));
  });
  $("show-all").addEventListener("click", () => {
    store.update({filter: null});
    const {live} = store.get();
    if (live) drawMoves(live);
  });
  $("compose").addEventListener("click", composeClick);
  $("compose").addEventListener("input", composeInput);
  $("moves-panel").addEventListener("click", (ev) => {
    if (/** @type {HTMLElement} */ (ev.target).id === "plan-stop") endPlan(store.get().ui.t("The rest was not sent."));
  });
  $("hint").addEventListener("click", hint);
  $("copy-commitment").addEventListener("click", (e) => copyHex(/** @type {HTMLElement} */ (e.currentTarget),
    store.get().ui.t("Could not copy: select the commitment and copy it yourself.")));
  $("copy-digest").addEventListener("click", (e) => copyHex(/** @type {HTMLElement} */ (e.currentTarget),
    store.get().ui.t("Could not copy: select the game digest and copy it yourself.")));
  $("save-name").addEventListener("click", saveName);
  $("analyse").addEventListener("click", analyse);
  $("rules-button").addEventListener("click", () => showRules());
  $("lang").addEventListener("change", () => setLanguage($input("lang").value));
  const sound = $input("sound");
  sound.checked = soundOn();
  sound.addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, sound.checked ? "on" : "off");
    if (sound.checked) beep();
  });
  // "Notify me when it is my turn": a notification while the page is not in front
  wireNotices();
  // this seat on the person's page ("Your page")
  wireMine();
  // "Show notation": moves in lists, the log and hints after their notation (for typing in
  // the terminal or the engine); off by default, kept in this browser
  const notation = $input("show-notation");
  notation.checked = BazaarUI.showsNotation();
  notation.addEventListener("change", () => {
    BazaarUI.setNotation(notation.checked);
    const {shown} = store.get();
    if (shown) drawSide(shown);
  });
  $("replay").addEventListener("input", () => replayTo(Number($input("replay").value)));
  $("moves-toggle").addEventListener("click", toggleFold);
  followWidth($("board"));
  $("live").addEventListener("click", backToLive);
  // a board script or the board's words have arrived: the side panels are drawn again
  // (and the board's spots are there now: the bar folds if the board takes this turn's moves)
  window.addEventListener(BOARD_ARRIVED, () => {
    const {shown, live, replaying} = store.get();
    if (shown) drawSide(shown);
    if (live && !replaying && !live.over && live.to_move === live.seat) foldForTurn();
  });
}

async function start() {
  store.update({guiding: guideAtStart()});
  // the tab's title follows the payload, the connection, the language and the games' names
  store.subscribe((_state, changed) => {
    if ("connected" in changed || "games" in changed) drawTitle();
    if ("suggested" in changed) markSuggested();
  });
  wire();
  try {
    /** @type {GamesAnswer} */
    const info = await Bazaar.api("GET", "/api/games");
    store.update({games: Object.fromEntries(info.games.map((g) => [g.id, g]))});
    BazaarUI.setBotNames(info.bot_names, info.bot_descriptions);
  } catch { store.update({games: null}); }
  await setLanguage(store.get().lang);
  if (passAndPlay) startDevice();
  else connect();
}

start();
