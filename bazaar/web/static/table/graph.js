/* The analysis graph: every seat's win chance over the game as an SVG, the turning points and
 * this seat's mistakes marked on it (each with data-step: the replay jumps there).
 *
 * Drawn at the width it is shown at (one SVG unit = one CSS pixel), so its words are
 * FONT px on a phone as on a desktop. Each seat's line has the seat's colour as the board
 * draws it: the renderer's ``seatColors`` (types/globals.d.ts, Renderer); a board that gives
 * seats no colour (Take Stock) leaves the graph its own. */
import {rendererOf} from "./board.js";

/** the graph's colours for a board that colours no seat */
const OWN_COLOURS = ["#007F72", "#C24714", "#3949AB", "#547A21", "#C2185B", "#87695F"];
/** the size (CSS px) of every word and figure on the graph */
export const FONT = 13;
/** the widest the graph is drawn (CSS px) */
const MAX_WIDTH = 640;

/** Each seat's colour as the board of ``game`` draws it. @param {string} game @returns {string[]} */
export function seatColours(game) {
  const renderer = rendererOf(game);
  const colours = renderer && renderer.seatColors;
  return colours && colours.length ? colours : OWN_COLOURS;
}

/** A chance as a percentage. @param {number} x */
export function pct(x) { return `${Math.round(x * 100)}%`; }

/** The graph of ``res`` for ``game``, ``width`` CSS px wide (at most MAX_WIDTH).
 * @param {AnalysisAnswer} res @param {Ui} ui @param {string} game @param {number} width */
export function curveSvg(res, ui, game, width) {
  const W = Math.round(Math.max(240, Math.min(MAX_WIDTH, width || MAX_WIDTH)));
  const H = Math.round(Math.max(200, Math.min(260, W * 0.45)));
  const L = 48, R = 14, T = 12, B = 40;
  const colours = seatColours(game);
  /** @param {number} s */
  const colour = (s) => colours[s % colours.length];
  const moves = res.curve.moves, win = res.curve.win;
  const last = Math.max(1, moves[moves.length - 1]);
  /** @param {number} m */
  const x = (m) => L + (W - L - R) * m / last;
  /** @param {number} p */
  const y = (p) => T + (H - T - B) * (1 - p);
  /** the seat's chance at move m (between two sampled moves: a line)
   * @param {number} seat @param {number} m */
  const at = (seat, m) => {
    let i = 1;
    while (i < moves.length - 1 && moves[i] < m) i++;
    const a = moves[i - 1], b = moves[i], f = b > a ? Math.min(1, Math.max(0, (m - a) / (b - a))) : 1;
    return win[i - 1][seat] + f * (win[i][seat] - win[i - 1][seat]);
  };
  let out = `<svg id="analysis-graph" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${ui.esc(ui.t("Win chance of every seat over the game"))}">`;
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    out += `<line x1="${L}" x2="${W - R}" y1="${y(p)}" y2="${y(p)}" stroke="#ccc" stroke-width="1"/>`;
    out += `<text x="${L - 4}" y="${y(p) + 4}" text-anchor="end" font-size="${FONT}">${pct(p)}</text>`;
  }
  out += `<text x="${(L + W - R) / 2}" y="${H - 4}" text-anchor="middle" font-size="${FONT}">${ui.esc(ui.t("Move"))}</text>`;
  out += `<text x="13" y="${(T + H - B) / 2}" text-anchor="middle" font-size="${FONT}" transform="rotate(-90 13 ${(T + H - B) / 2})">${ui.esc(ui.t("Win chance"))}</text>`;
  out += `<text x="${x(last)}" y="${H - 22}" text-anchor="end" font-size="${FONT}">${last}</text><text x="${L}" y="${H - 22}" font-size="${FONT}">0</text>`;
  const seats = win.length ? win[0].length : 0;
  for (let s = 0; s < seats; s++) {
    const pts = moves.map((m, i) => `${x(m).toFixed(1)},${y(win[i][s]).toFixed(1)}`).join(" ");
    out += `<polyline class="curve" data-seat="${s}" fill="none" stroke="${colour(s)}" stroke-width="2" points="${pts}"><title>${ui.esc(ui.seatName(s))}</title></polyline>`;
  }
  for (const tp of res.turning_points) {
    out += `<circle class="turn" data-step="${tp.from}" cx="${x(tp.index)}" cy="${y(tp.after)}" r="6" fill="none" stroke="${colour(tp.seat)}" stroke-width="2" style="cursor:pointer"><title>${ui.esc(ui.t("Turning point: move {n}", {n: tp.index}))}</title></circle>`;
  }
  for (const m of res.mistakes) {
    out += `<circle class="mistake" data-step="${m.index - 1}" cx="${x(m.index)}" cy="${y(at(res.seat, m.index))}" r="5" fill="#d32f2f" style="cursor:pointer"><title>${ui.esc(ui.t("Mistake: move {n}", {n: m.index}))}</title></circle>`;
  }
  out += "</svg>";
  const legend = Array.from({length: seats}, (_, s) =>
    `<span class="legend" data-seat="${s}" style="color:${colour(s)}">━ ${ui.esc(ui.seatName(s))}</span>`).join(" ");
  const how = ui.t("Each point: each player's chance to win as that player saw the game at that moment, by Bazaar's estimate (the same numbers its hints gave).");
  return `<div class="analysis-graph">${out}<p>${legend}</p><p class="muted"><small>${ui.esc(how)}</small></p></div>`;
}
