/* The board: the game's renderer (its board script, loaded from /games/<game>/board.js the
 * first time a payload of that game arrives; it registers itself as
 * window.BazaarRenderers[game], see types/globals.d.ts) draws the payload on show with its
 * words (/api/games/<game>/i18n/<lang>); its hot spots pick moves. */
import {$, BOARD_ARRIVED} from "./page.js";
import {store} from "./store.js";
import {drawStory} from "./log.js";
import {pick} from "./moves.js";

/** The actions of a board spot (its data-actions). @param {Element} el */
const spotActions = (el) => (el.getAttribute("data-actions") || "").split(",");

/** The renderer a board script registered for ``game``, if it has arrived.
 * @param {string} game @returns {Renderer | undefined} */
export function rendererOf(game) { return (window.BazaarRenderers || {})[game]; }

/** game id -> "loading" | "loaded" | "failed" @type {{[game: string]: string}} */
const boards = {};

/* Load the board script of ``game`` once; redraw what is shown when it has arrived (until
 * then the board stays empty; without a board script it shows the view as text), and tell
 * the page (BOARD_ARRIVED on window: the side panels are drawn again with the board's
 * words). */
/** @param {string} game */
function loadBoard(game) {
  if (boards[game] || rendererOf(game)) return;
  boards[game] = "loading";
  const script = document.createElement("script");
  script.src = `/games/${encodeURIComponent(game)}/board.js`;
  const redraw = () => {
    const {shown} = store.get();
    if (shown && shown.game === game) show(shown);
    window.dispatchEvent(new Event(BOARD_ARRIVED));
  };
  script.onload = () => { boards[game] = "loaded"; redraw(); };
  script.onerror = () => { boards[game] = "failed"; redraw(); };
  document.head.appendChild(script);
}

/** "game|lang" -> {msgid: text}, or null while loading @type {{[key: string]: Catalog | null}} */
const boardWords = {};

/* The words of ``game``'s board in the page's language (its own catalog, fetched once from
 * /api/games/<game>/i18n/<lang>); the board is redrawn when they arrive. */
/** @param {string} game @returns {Catalog} */
export function wordsOfBoard(game) {
  const lang = store.get().lang;
  if (lang === "en") return {};
  const key = `${game}|${lang}`;
  if (!(key in boardWords)) {
    boardWords[key] = null;
    const url = `/api/games/${encodeURIComponent(game)}/i18n/${encodeURIComponent(lang)}`;
    fetch(url).then((res) => (res.ok ? res.json() : {})).catch(() => ({})).then((words) => {
      boardWords[key] = words;
      const {shown, lang: now} = store.get();
      if (shown && shown.game === game && now === key.split("|")[1]) show(shown);
      window.dispatchEvent(new Event(BOARD_ARRIVED));
    });
  }
  return boardWords[key] || {};
}

/** The page's words with the board's, for a board's decision (its words are in its catalog). */
export function boardUi() {
  const {lang, strings, live} = store.get();
  return BazaarUI.make(lang, Object.assign({}, strings, live ? wordsOfBoard(live.game) : {}),
    live ? live.seats : [], live ? live.seat : null);
}

/** The width the board is drawn across (its box less its padding, CSS px): a board script
 * draws one unit to one pixel from it, so its texts and spots keep their size on any screen.
 * @param {HTMLElement} board @returns {number} */
function boardWidth(board) {
  const style = getComputedStyle(board);
  const inner = board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return Math.floor(inner);
}

/** the width the board on show was drawn for @type {number} */
let drawnWidth = 0;

/** Draw ``payload`` on the board (live or a replay step). @param {Payload} payload */
export function show(payload) {
  const {shown: previous, replaying, still, lang, strings, ui} = store.get();
  // the board shown just before, when this one is the next move of the same game (a board may
  // draw how things got here: Night Market's customer walks); never during a replay
  const prev = previous && !replaying && previous.game === payload.game &&
    previous.table === payload.table && previous.seq + 1 === payload.seq ? previous : null;
  store.update({shown: payload});
  drawStory(payload);
  loadBoard(payload.game);
  const renderer = rendererOf(payload.game);
  const board = $("board");
  const before = textsAt(board);
  const places = window.BazaarMotion ? BazaarMotion.capture(board) : null;
  if (renderer) {
    const words = Object.assign({}, strings, wordsOfBoard(payload.game));
    const ui = BazaarUI.make(lang, words, payload.seats, payload.seat);
    drawnWidth = boardWidth(board);
    ui.width = drawnWidth;
    try {
      board.innerHTML = renderer.render(payload, ui, prev);
    } catch (err) {
      board.innerHTML = `<pre>${ui.esc(JSON.stringify(payload.view, null, 1))}</pre>`;
      console.error(err);
    }
  } else if (boards[payload.game] === "loading") {
    board.innerHTML = "";
  } else {
    board.innerHTML = `<pre>${ui.esc(JSON.stringify(payload.view, null, 1))}</pre>`;
  }
  flashChanges(board, before);
  if (places) BazaarMotion.play(board, places, {off: replaying || still});
  const legal = new Set(payload.legal.map((m) => m.action));
  board.querySelectorAll("[data-actions]").forEach((el) => {
    const acts = spotActions(el).map(Number).filter((a) => legal.has(a));
    if (!acts.length || replaying) return;
    el.classList.add("hot");
    el.addEventListener("click", () => pick(acts));
  });
  keyboardHotspots(board, legal);
  markSuggested();
}

/** Mark the board spots that make the suggested move (a hint's best move, the guide's
 * suggestion: ``suggested`` in the store) with ``.suggested`` (an outline, style.css) and
 * "suggested" in their accessible name; the marks go when the position moves on, the hint
 * is closed or the guide left (``suggested`` null), and during a replay. */
export function markSuggested() {
  const {suggested, shown, replaying, ui} = store.get();
  const board = $("board");
  board.querySelectorAll(".suggested").forEach((el) => {
    el.classList.remove("suggested");
    const label = el.getAttribute("data-label");
    if (label === null) return;
    if (label) el.setAttribute("aria-label", label);
    else el.removeAttribute("aria-label");
    el.removeAttribute("data-label");
  });
  if (!suggested || !shown || replaying || shown.seq !== suggested.seq) return;
  const word = ui.t("suggested");
  board.querySelectorAll("[data-actions]").forEach((el) => {
    if (!spotActions(el).map(Number).includes(suggested.action)) return;
    const label = el.getAttribute("aria-label") || "";
    el.classList.add("suggested");
    el.setAttribute("data-label", label);
    el.setAttribute("aria-label", label ? ui.t("{name} (suggested)", {name: label}) : word);
  });
}

/** Draw the board on show again when its width changed (a phone turned, a window resized):
 * the board script lays itself out for the new width. @param {HTMLElement} board */
export function followWidth(board) {
  let timer = 0;
  const again = () => {
    const {shown} = store.get();
    if (!shown || !rendererOf(shown.game) || boardWidth(board) === drawnWidth) return;
    store.update({still: true});
    show(shown);
    store.update({still: false});
  };
  const later = () => { clearTimeout(timer); timer = window.setTimeout(again, 120); };
  if (window.ResizeObserver) new ResizeObserver(later).observe(board);
  else window.addEventListener("resize", later);
}

/** The live payload again, unless a replay is on show. */
export function redrawBoard() {
  const {live, replaying} = store.get();
  if (live && !replaying) show(live);
}

/* Board spots as buttons for the keyboard: a legal spot is focusable (svg.js gives it
 * tabindex 0, role button and its moves as its name) and Enter or Space acts as a click;
 * a spot that is not playable now (another seat's move, a replay) leaves the tab order. */
/** @param {HTMLElement} board @param {Set<number>} legal */
function keyboardHotspots(board, legal) {
  const {replaying, compose} = store.get();
  board.querySelectorAll("[data-actions]").forEach((el) => {
    const playable = spotActions(el).some((a) => legal.has(Number(a)));
    if (!playable || replaying) {
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
      el.classList.remove("hot");
      return;
    }
    el.addEventListener("keydown", (ev) => {
      const key = /** @type {KeyboardEvent} */ (ev).key;
      if (key !== "Enter" && key !== " ") return;
      ev.preventDefault();
      el.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    });
  });
  const marks = compose && compose.marks ? compose.marks.bind(compose) : null;
  if (marks) {
    board.querySelectorAll("[data-actions]").forEach((el) => {
      if (marks(spotActions(el).map(Number))) {
        el.classList.add("picked");
      }
    });
  }
}

/* A short flash on each board text that changed (a price, money, a count) when the board
 * kept its shape; style.css leaves it out under prefers-reduced-motion. */
/** @param {Element} el */
function textAt(el) { return `${el.getAttribute("x")},${el.getAttribute("y")}`; }

/** @param {HTMLElement} board @returns {Map<string, string>} */
function textsAt(board) {
  const out = new Map();
  board.querySelectorAll("svg text").forEach((el) => out.set(textAt(el), el.textContent));
  return out;
}

/** @param {HTMLElement} board @param {Map<string, string>} before */
function flashChanges(board, before) {
  let changed = 0;
  board.querySelectorAll("svg text").forEach((el) => {
    const old = before.get(textAt(el));
    if (old !== undefined && old !== el.textContent) { el.classList.add("changed"); changed++; }
  });
  document.body.dataset.flashed = String(Number(document.body.dataset.flashed || 0) + changed);
}
