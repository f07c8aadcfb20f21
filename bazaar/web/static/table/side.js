/* The side panels of a payload on show: the status line, seats, result, deal, moves, Undo,
 * guide, log, the replay slider; and the tab's title. */
import {$, $input, tableId, tokenQuery} from "./page.js";
import {store} from "./store.js";
import {drawDeal} from "./deal.js";
import {drawGuide} from "./guide.js";
import {drawLog} from "./log.js";
import {drawSeats} from "./seats.js";
import {sendUndo} from "./socket.js";
import {handOverShown} from "./curtain.js";

/* The tab says when it is your turn. */
export function drawTitle() {
  const {games, live, lang, connected, ui} = store.get();
  const game = games && live ? Bazaar.gameName(games[live.game], lang) : (live ? live.game : "");
  const mine = live && connected && !live.over && live.to_move !== null && live.to_move === live.seat;
  document.title = (mine ? "\u25cf " + ui.t("Your turn") + " \u2014 " : "") +
    (game ? game + " · " : "") + "Bazaar";
}

/** Every side panel for ``p``: the live payload or a replay step. @param {Payload} p */
export function drawSide(p) {
  const {live, games, lang, connected, lost, replaying, ui} = store.get();
  const past = p !== live;  // a replay step
  document.body.dataset.seq = String(live ? live.seq : p.seq);  // the live move number
  document.body.dataset.over = String(live ? live.over : p.over);
  document.body.dataset.shownSeq = String(p.seq);  // the step on show (a replay's or live)
  $("game-name").textContent = games ? Bazaar.gameName(games[p.game], lang) : p.game;
  drawTitle();
  const status = $("status");
  status.classList.toggle("mine", connected && !past && p.to_move !== null && p.to_move === p.seat);
  if (p.over) {
    status.textContent = ui.t("The game is over.");
  } else if (lost && !past) {
    status.textContent = ui.t("Connection lost — reconnecting…");
  } else if (past && p.to_move !== null) {
    status.textContent = ui.t("{name} was to move.", {name: ui.seatName(p.to_move)});
  } else if (p.to_move === p.seat) {
    status.textContent = ui.t("Your turn.");
  } else {
    status.textContent = ui.t("Waiting for {name}.", {name: ui.seatName(/** @type {number} */ (p.to_move))});
  }
  if (p.seat === null) status.textContent += " " + ui.t("(You are watching.)");
  $("hand-over").hidden = past || p.over || !handOverShown();
  drawSeats(p);
  drawResult(p);
  drawDeal(p);
  $("name-row").hidden = p.seat === null;
  $input("my-name").placeholder = ui.t("Your name");
  drawMoves(past && live ? live : p);
  drawUndo(p);
  drawGuide(p, past);
  drawLog(p);
  const hint = /** @type {HTMLButtonElement} */ ($("hint"));
  hint.hidden = p.seat === null || p.over || past;
  hint.disabled = p.to_move !== p.seat;
  $("after").hidden = !(p.over && p.seat !== null) || past;
  const query = `lang=${encodeURIComponent(lang)}${tokenQuery()}`;
  /** @type {HTMLAnchorElement} */ ($("record-link")).href = `/api/tables/${encodeURIComponent(tableId)}/record?${query}`;
  /** @type {HTMLAnchorElement} */ ($("puzzles-link")).href = `/puzzles/table/${encodeURIComponent(tableId)}?${query}`;
  const slider = $input("replay");
  const total = live ? live.seq : p.seq;
  slider.max = String(total);
  if (!replaying) slider.value = String(total);
  $("replay-step").textContent = ui.t("Move {n} of {total}", {n: slider.value, total: total});
}

/** @param {Payload} p */
function drawResult(p) {
  const {ui} = store.get();
  const box = $("result");
  if (!p.over) { box.hidden = true; return; }
  /** @type {GameResult} */
  const result = p.result || {ranking: (p.scores || []).map((score, seat) => (
    {rank: 0, seat: seat, score: score, shown: String(score), winner: p.winners.includes(seat)})),
  tie: null, rule: ""};
  const rows = result.ranking.map((r) =>
    `<li class="rank${r.winner ? " winner" : ""}" data-seat="${r.seat}" data-rank="${r.rank}">` +
    `<span class="place">${ui.esc(ui.t("{rank}.", {rank: r.rank}))}</span> ` +
    `${ui.esc(ui.seatName(r.seat))}: <span class="score">${ui.esc(r.shown || String(r.score))}</span>` +
    `${r.winner ? " — " + ui.esc(ui.t("winner")) : ""}</li>`).join("");
  const tie = result.tie && result.tie.text ?
    `<p class="tie-break">${ui.esc(result.tie.text)}</p>` : "";
  const rule = result.rule ? `<p class="muted tie-rule">${ui.esc(result.rule)}</p>` : "";
  box.innerHTML = `<b>${ui.esc(ui.t("Final result"))}</b><ol class="ranking">${rows}</ol>${tie}${rule}`;
  box.hidden = false;
}

/** This seat's moves (all, or those of a board pick). @param {Payload} p */
export function drawMoves(p) {
  const {filter, ui} = store.get();
  const box = $("moves");
  const mine = p.legal;
  const panel = $("moves-panel");
  panel.hidden = p.seat === null;
  panel.classList.toggle("idle", !mine.length && !p.over);
  $("bar-turn").textContent = $("status").textContent;
  $("moves-count").textContent = ui.t("Your moves ({n})", {n: mine.length});
  const key = `${p.seq}:${filter ? filter.join(",") : ""}`;
  if (panel.dataset.shown !== key) { panel.dataset.shown = key; panel.scrollTop = 0; }  // new moves
  if (!mine.length) {
    box.innerHTML = `<span class="muted">${ui.esc(p.over ? ui.t("No more moves.") :
      ui.t("Not your turn yet."))}</span>`;
    $("filter-row").hidden = true;
    return;
  }
  const list = filter ? mine.filter((m) => filter.includes(m.action)) : mine;
  $("filter-row").hidden = !filter;
  $("filter-note").textContent = filter ? ui.t("{n} moves for what you picked", {n: list.length}) : "";
  box.innerHTML = list.map((m) => {
    const shown = ui.notation && m.text !== m.notation;  // zh-TW pages show only the words
    return `<button data-action="${m.action}" data-notation="${ui.esc(m.notation)}"` +
      (ui.notation ? ` title="${ui.esc(m.notation)}"` : "") + `>${ui.esc(m.text)}` +
      (shown ? `<span class="nt">${ui.esc(m.notation)}</span>` : "") + `</button>`;
  }).join("");
}

/* "Undo": shown while this viewer may take back their newest move (payload ``undo``); the
 * request names the position version last seen, so a late one cannot take back a replay. */
/** @param {Payload} p */
function drawUndo(p) {
  let btn = $("undo");
  if (!btn) {
    btn = document.createElement("button");
    btn.id = "undo";
    btn.addEventListener("click", () => {
      const {live, replaying} = store.get();
      if (!live || !live.undo || replaying) return;
      sendUndo(live);
    });
    $("moves").after(btn);
  }
  btn.textContent = store.get().ui.t("Undo my last move");
  btn.hidden = !p.undo || store.get().replaying;
}
