/* The puzzles page (/puzzles/<game>?n=N&difficulty=D, or /puzzles/table/<id> for the puzzles
 * made from a finished table, which it asks the server to make first): one "what would you
 * do?" position drawn by the game's own board script for the puzzle's seat, its legal moves in
 * words; a click posts the move. A right move shows why it is best; a wrong one says "try
 * again", keeps the position and offers "Show the answer". A difficulty menu keeps only the
 * puzzles of one difficulty (previous / next move among them). */
(function () {
  "use strict";
  /** The element with this id (the pages' inputs, selects, buttons and dialogs).
   * @param {string} id @returns {HTMLInputElement & HTMLDialogElement} */
  const $ = (id) => /** @type {HTMLInputElement & HTMLDialogElement} */ (document.getElementById(id));
  const parts = location.pathname.split("/");
  const tableId = parts[2] === "table" ? decodeURIComponent(parts[3] || "") : null;
  let game = tableId ? "" : decodeURIComponent(parts[2] || "buy-low-sell-high");
  let number = Number(new URL(location.href).searchParams.get("n")) || 1;
  let difficulty = new URL(location.href).searchParams.get("difficulty") || "";
  /** @type {{number: number, difficulty: string}[]} the set's puzzles (number from 1) */
  let listing = [];
  /** @type {string | null} the last wrong move tried at the puzzle shown */
  let tried = null;
  // a classroom table's puzzles need a seat's or the teacher's token (docs/web.md, "Classrooms")
  const token = new URL(location.href).searchParams.get("token") || "";
  const tokenQuery = token ? "&token=" + encodeURIComponent(token) : "";
  let lang = "en";
  /** @type {Catalog} */
  let strings = {};
  let ui = null;
  let catalog = null;
  let shown = null;          // the newest GET /api/puzzles/<game>/<n>
  const boardWords = {};     // "game|lang" -> the board's words

  function loadBoard(id) {
    return new Promise((resolve) => {
      if ((window.BazaarRenderers || {})[id]) { resolve(); return; }
      const script = document.createElement("script");
      script.src = `/games/${encodeURIComponent(id)}/board.js`;
      script.onload = resolve;
      script.onerror = resolve;
      document.head.appendChild(script);
    });
  }

  async function wordsOfBoard(id) {
    if (lang === "en") return {};
    const key = `${id}|${lang}`;
    if (!(key in boardWords)) {
      const res = await fetch(`/api/games/${encodeURIComponent(id)}/i18n/${encodeURIComponent(lang)}`);
      boardWords[key] = res.ok ? await res.json() : {};
    }
    return boardWords[key];
  }

  /** A move in words (after its notation, if the person turned "Show notation" on). */
  function moveText(move) {
    const notation = BazaarUI.showsNotation();
    return notation && move.text !== move.notation ? `${move.notation} — ${move.text}` : move.text;
  }

  async function draw() {
    const payload = shown.payload;
    await loadBoard(payload.game);
    const renderer = (window.BazaarRenderers || {})[payload.game];
    const words = Object.assign({}, strings, await wordsOfBoard(payload.game));
    const boardUi = BazaarUI.make(lang, words, payload.seats, payload.seat);
    const box = $("board");
    const style = getComputedStyle(box);
    boardUi.width = Math.floor(box.clientWidth - parseFloat(style.paddingLeft) -
      parseFloat(style.paddingRight));
    $("board").innerHTML = renderer ? renderer.render(payload, boardUi, null)
      : `<pre>${ui.esc(JSON.stringify(payload.view, null, 1))}</pre>`;
    const numbers = chosen();
    $("puzzle-title").textContent = ui.t("Puzzle {n} of {total} ({difficulty})", {
      n: numbers.indexOf(shown.number) + 1, total: numbers.length,
      difficulty: difficultyWords(shown.difficulty)});
    $("prompt").textContent = shown.prompt;
    $("puzzle-moves").innerHTML = payload.legal.map((m) =>
      `<li><button type="button" class="puzzle-move" data-move="${ui.esc(m.notation)}">` +
      `${ui.esc(moveText(m))}</button></li>`).join("");
    $("previous").disabled = neighbour(-1) === null;
    $("next").disabled = neighbour(1) === null;
  }

  /** A difficulty in words ("Easy" / "簡單"). */
  function difficultyWords(level) {
    if (level === "easy") return ui.t("Easy");
    return level === "medium" ? ui.t("Medium") : ui.t("Hard");
  }

  /** The numbers of the puzzles of the chosen difficulty (all without one). */
  function chosen() {
    return listing.filter((p) => !difficulty || p.difficulty === difficulty).map((p) => p.number);
  }

  /** The number of the chosen puzzle before (-1) or after (1) the one shown, or null. */
  function neighbour(step) {
    const numbers = chosen();
    const at = numbers.indexOf(number);
    const next = at < 0 ? (step > 0 ? numbers.find((n) => n > number) : undefined) : numbers[at + step];
    return next === undefined ? null : next;
  }

  function base() {
    return tableId ? `/api/tables/${encodeURIComponent(tableId)}/puzzles`
      : `/api/puzzles/${encodeURIComponent(game)}`;
  }

  function pagePath() {
    return tableId ? `/puzzles/table/${encodeURIComponent(tableId)}` : `/puzzles/${encodeURIComponent(game)}`;
  }

  /* A finished table's puzzles are made once (the server keeps them); this waits for them. */
  let made = null;
  async function makeTablePuzzles() {
    if (made) return made;
    $("prompt").textContent = ui.t("Finding puzzles in this game…");
    made = await Bazaar.api("POST", `${base()}?lang=${encodeURIComponent(lang)}${tokenQuery}`);
    return made;
  }

  /* The set's numbers and difficulties: a table's from the set made, a game's from its list. */
  let listed = null;         // the game whose listing is loaded
  async function loadListing() {
    if (listed === (tableId || game)) return;
    if (tableId) {
      const found = await makeTablePuzzles();
      listing = found.puzzles.map((p, i) => ({number: i + 1, difficulty: p.difficulty}));
    } else {
      listing = (await Bazaar.api("GET", `${base()}?lang=${encodeURIComponent(lang)}`)).puzzles;
    }
    listed = tableId || game;
  }

  async function open(n) {
    number = n;
    tried = null;
    $("puzzle-reply").hidden = true;
    $("show-answer").hidden = true;
    try {
      await loadListing();
      if (!listing.length && tableId) {
        $("prompt").textContent = ui.t("No position in this game had one clearly best move.");
        $("next").disabled = true;
        $("previous").disabled = true;
        return;
      }
      const numbers = chosen();
      if (numbers.length && !numbers.includes(n)) number = numbers[0];
      const path = `${base()}/${number}?lang=${encodeURIComponent(lang)}${tokenQuery}`;
      shown = await Bazaar.api("GET", path);
      const level = difficulty ? `&difficulty=${difficulty}` : "";
      history.replaceState(null, "", `${pagePath()}?n=${number}${level}&lang=${lang}${tokenQuery}`);
      await draw();
    } catch (err) {
      $("puzzle-moves").innerHTML = "";
      $("puzzle-title").textContent = "";
      $("prompt").textContent = "";
      $("board").innerHTML = "";
      Bazaar.toast(err.message);
    }
  }

  /** Show a reply's sentences (the first in bold) and mark the answer, once it is given. */
  function showReply(res) {
    const reply = $("puzzle-reply");
    reply.innerHTML = res.lines.map((line, i) =>
      i === 0 ? `<p><strong>${ui.esc(line)}</strong></p>` : `<p>${ui.esc(line)}</p>`).join("");
    reply.className = "result " + (res.right ? "puzzle-right" : "puzzle-wrong");
    reply.hidden = false;
    document.querySelectorAll(".puzzle-move").forEach((b) => {
      const move = b.getAttribute("data-move");
      b.classList.toggle("puzzle-answer", res.answer !== null && move === res.answer);
      if (tried !== null && move === tried) b.classList.add("puzzle-tried");
    });
    // a wrong try: the position stays, another try or the answer
    $("show-answer").hidden = res.answer !== null;
  }

  async function tryMove(notation) {
    try {
      const path = `${base()}/${number}/answer?lang=${encodeURIComponent(lang)}${tokenQuery}`;
      const res = await Bazaar.api("POST", path, {move: notation});
      if (!res.right && res.answer === null) tried = notation;
      showReply(res);
    } catch (err) {
      Bazaar.toast(err.message);
    }
  }

  async function showAnswer() {
    try {
      const path = `${base()}/${number}/solution?lang=${encodeURIComponent(lang)}${tokenQuery}`;
      showReply(await Bazaar.api("POST", path, {tried}));
    } catch (err) {
      Bazaar.toast(err.message);
    }
  }

  function fillGames() {
    $("game").innerHTML = catalog.games.map((g) =>
      `<option value="${ui.esc(g.id)}">${ui.esc(Bazaar.gameName(g, lang))}</option>`).join("");
    $("game").value = game;
    $("game").hidden = $("game-label").hidden = Boolean(tableId);
  }

  async function applyLang(code) {
    lang = code;
    Bazaar.setLang(code);
    strings = await Bazaar.loadStrings(code);
    ui = BazaarUI.make(code, strings, [], null);
    $("lang").value = code;
    $("difficulty").value = difficulty;
    Bazaar.translatePage(ui);
    fillGames();
    await open(number);
  }

  async function start() {
    catalog = await Bazaar.api("GET", "/api/games");
    BazaarUI.setBotNames(catalog.bot_names, catalog.bot_descriptions);
    $("lang").addEventListener("change", () => applyLang($("lang").value));
    $("game").addEventListener("change", () => { game = $("game").value; open(1); });
    $("difficulty").addEventListener("change", () => { difficulty = $("difficulty").value; open(number); });
    $("previous").addEventListener("click", () => { const n = neighbour(-1); if (n !== null) open(n); });
    $("next").addEventListener("click", () => { const n = neighbour(1); if (n !== null) open(n); });
    $("show-answer").addEventListener("click", showAnswer);
    $("puzzle-moves").addEventListener("click", (ev) => {
      const target = /** @type {HTMLElement} */ (ev.target);
      const button = target.closest && target.closest("[data-move]");
      if (button) tryMove(button.getAttribute("data-move"));
    });
    await applyLang(Bazaar.pickLang());
  }
  start();
})();
