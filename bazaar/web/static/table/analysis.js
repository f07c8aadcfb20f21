/* The analysis after the game: polled until ready (202 + progress meanwhile), then the win
 * curve of every seat (graph.js), the turning points and the mistakes; each point jumps the
 * replay to the board before that move. */
import {$, sleep, tableApi, tokenQuery} from "./page.js";
import {store} from "./store.js";
import {curveSvg, pct} from "./graph.js";
import {jumpTo} from "./replay.js";

export async function analyse() {
  const button = /** @type {HTMLButtonElement} */ ($("analyse"));
  button.disabled = true;
  const box = $("analysis");
  let ui = store.get().ui;
  let lang;
  box.innerHTML = `<p class="muted">${ui.esc(ui.t("Analysing… this can take a minute."))}</p>`;
  try {
    /** @type {AnalysisAnswer} */
    let res;
    for (;;) {
      ({lang, ui} = store.get());
      res = await Bazaar.apiPatiently("GET", tableApi(`analysis?lang=${lang}${tokenQuery()}`), (seconds) => {
        ui = store.get().ui;
        box.innerHTML = `<p class="muted" id="analysis-waiting">${ui.esc(ui.t("Other analyses are being worked out first; asking again in {seconds} s.", {seconds}))}</p>`;
      });
      if (res.status !== "running") break;
      ui = store.get().ui;
      box.innerHTML = `<p class="muted" id="analysis-progress">${ui.esc(ui.t("Analysing… {done} of {total} steps done.", {done: res.done, total: res.total}))}</p>`;
      await sleep(700);
    }
    shown = res;
    box.innerHTML = analysisHtml(res);
    if (!box.dataset.wired) {  // every point and link with data-step jumps the replay there
      box.dataset.wired = "1";
      box.addEventListener("click", (ev) => {
        const target = /** @type {Element} */ (ev.target);
        const el = target.closest && target.closest("[data-step]");
        if (el) jumpTo(Number(el.getAttribute("data-step")));
      });
      window.addEventListener("resize", redrawGraph);
    }
  } catch (err) {
    box.innerHTML = "";
    Bazaar.toast(/** @type {Error} */ (err).message);
  }
  button.disabled = false;
}

/** the analysis on show (its graph is drawn again when the page's width changes)
 * @type {AnalysisAnswer | null} */
let shown = null;

/** The graph's width: the analysis box's. */
function graphWidth() { return $("analysis").clientWidth; }

/* The page's width changed: the graph again at the new width (its words stay FONT px). */
function redrawGraph() {
  const old = $("analysis").querySelector(".analysis-graph");
  if (!shown || !old) return;
  const {ui, live} = store.get();
  old.outerHTML = curveSvg(shown, ui, live ? live.game : "", graphWidth());
}

/** @param {AnalysisAnswer} res */
function analysisHtml(res) {
  const {lang, ui} = store.get();
  const turns = res.turning_points.map((tp) => {
    const zh = lang === "zh-TW", colon = zh ? "：" : ": ";
    const words = tp.moves.filter((m) => m.seat !== null)
      .map((m) => `${ui.esc(ui.seatName(/** @type {number} */ (m.seat)))}${colon}${ui.esc(m.text)}`).join(zh ? "；" : "; ");
    const facts = {first: tp.from + 1, last: tp.index, n: tp.index, who: ui.seatName(tp.seat), before: pct(tp.before), after: pct(tp.after)};
    const head = tp.from + 1 === tp.index ? ui.t("Move {n}: {who} {before} → {after}", facts)
      : ui.t("Moves {first}–{last}: {who} {before} → {after}", facts);
    return `<li><button type="button" class="link" data-step="${tp.from}">${ui.esc(head)}</button> <small>${words}</small></li>`;
  }).join("");
  const mistakes = res.mistakes.map((m) => {
    const head = ui.t("Move {n}: you played {played}; better: {best}", {n: m.index, played: m.played_text, best: m.best_text});
    return `<li><button type="button" class="link" data-step="${m.index - 1}">${ui.esc(head)}</button> <small>${ui.esc(m.change_text)}</small></li>`;
  }).join("");
  const rows = res.decisions.map((d) =>
    `<tr><td><button type="button" class="link" data-step="${d.index - 1}">${d.index}</button></td>` +
    `<td>${ui.esc(d.played_text)}</td><td>${ui.esc(d.best_text)}</td><td>${Math.round(d.loss * 100)}%</td></tr>`).join("");
  const {live} = store.get();
  return curveSvg(res, ui, live ? live.game : "", graphWidth()) +
    `<h3>${ui.esc(ui.t("Turning points"))}</h3>` +
    (turns ? `<ol id="turning-points">${turns}</ol>` : `<p class="muted">${ui.esc(ui.t("No big swings: the game stayed close."))}</p>`) +
    `<h3>${ui.esc(ui.t("Your biggest mistakes"))}</h3>` +
    (mistakes ? `<ol id="mistakes">${mistakes}</ol>` : `<p class="muted">${ui.esc(ui.t("No clear mistakes."))}</p>`) +
    `<p>${ui.esc(ui.t("Biggest mistakes first; loss = estimated win chance given away."))}</p>` +
    `<table class="list"><thead><tr><th>#</th><th>${ui.esc(ui.t("Played"))}</th>` +
    `<th>${ui.esc(ui.t("Best"))}</th><th>${ui.esc(ui.t("Loss"))}</th></tr></thead><tbody>${rows}</tbody></table>`;
}
