/* The classic scripts' globals (bazaar/web/static/*.js, the board scripts) and how a board
 * script plugs into the table page: it registers its renderer as
 *   window.BazaarRenderers["<game id>"] = {render, decisions};
 * Checked by tsc (jsconfig.json); never loaded by the browser. */

/** Fields to fill into a message's {braces}. */
type Fields = {[name: string]: string | number | boolean | null | undefined};

/** The helper every renderer receives (bazaar-ui.js, BazaarUI.make). */
interface Ui {
  lang: string;
  t(msgid: string, fields?: Fields): string;
  /** a plural message: ``one`` for n = 1 in English, else ``other``; fields gain n */
  tn(one: string, other: string, n: number, fields?: Fields): string;
  esc(text: unknown): string;
  seatName(seat: number): string;
  botLabel(spec: string): string;
  botDescription(spec: string): string;
  mySeat: number | null;
  notation: boolean;
  /** the CSS px the board is drawn across, where the page knows it (the table page): a board
   * script narrower than its full width draws one unit to one pixel and lays itself out for
   * that width (phones, tablets); unset (rulebook pictures, tests): the board's own width */
  width?: number;
  moveLine(m: {notation: string; text?: string}): string;
}

/** The translated strings of a page (English id -> text); a plural's id is "one\u0000other"
 * and its text the forms joined by "\u0000" (gettext's own encoding). */
type Catalog = {[msgid: string]: string};

interface BazaarUIModule {
  make(lang: string, catalog: Catalog, seats: SeatInfo[], mySeat: number | null): Ui;
  esc(text: unknown): string;
  setBotNames(names: {[spec: string]: string}, descriptions: {[spec: string]: string}): void;
  /** whether the person turned on "Show notation" (kept in this browser) */
  showsNotation(): boolean;
  setNotation(on: boolean): void;
}

/** A refused API call (common.js, api). */
interface ApiError extends Error {
  status?: number;
  data?: unknown;
  retryAfter?: number;
}

interface SeatMemory {
  table: string;
  seat: number;
  game: string;
  link: string;
  /** when this browser created the table (ms since the epoch) */
  created?: number;
}

interface BazaarModule {
  pickLang(): string;
  loadStrings(lang: string): Promise<Catalog>;
  api(method: string, path: string, body?: unknown): Promise<any>;
  apiPatiently(method: string, path: string, waiting?: (seconds: number) => void): Promise<any>;
  mySeats(): SeatMemory[];
  rememberSeat(entry: SeatMemory): void;
  gameName(info: GameInfo | undefined | null, lang: string): string;
  translatePage(ui: Ui): void;
  setLang(lang: string): void;
  toast(message: string): void;
  wirePace(): void;
  readPace(): Record<string, string | number | null>;
  personKey(): string;
  setPersonKey(key: string | null): void;
}

/** Where the board's things were before a redraw (motion.js). */
type Places = {rects: Map<string, DOMRect>; texts: Map<string, unknown>};
interface BazaarMotionModule {
  capture(board: Element): Places;
  play(board: Element, before: Places, o?: {off?: boolean}): void;
  parsePath(s: string): {x: number; y: number}[];
}

/** svg.js: markup helpers of the board scripts. */
interface BazaarSvgModule {
  esc(text: unknown): string;
  [helper: string]: (...args: any[]) => any;
}

/** A decision made of several moves, built in the move panel (docs/web.md, "Decisions in
 * several parts"); a board script's ``decisions[kind](moves, ctx)`` makes one. */
interface Decision {
  body(): string;
  confirmText(): string;
  ready(): boolean;
  steps(): ({[field: string]: unknown; optional?: boolean})[];
  phases: string[];
  waits?: boolean;
  take?(moves: LegalMove[], kind: string | null): boolean;
  marks?(actions: number[]): boolean;
  button?(what: string, el: Element): void;
  /** words that follow the amount as it is typed (#compose-note: a loan it needs) */
  note?(): string;
  amount?: number;
  /** set by the page: the payload's seq the decision was started on */
  seq?: number;
  [field: string]: unknown;
}

/** What a board's decision may use: functions and a getter, so each call sees the newest. */
interface DecisionContext {
  live(): Payload | null;
  readonly ui: Ui;
  legalOf(p: Payload, fields: {[field: string]: unknown}): LegalMove | undefined;
  moveOf(action: number): LegalMove | null | undefined;
  current(): Decision | null;
}

/** A game's board script: its picture of a payload and its decisions in parts. */
interface Renderer {
  render(payload: Payload, ui: Ui, prev?: Payload | null): string;
  decisions?: {[kind: string]: (moves: LegalMove[], ctx: DecisionContext) => Decision | null};
  /** the decision the live position is in the middle of (its first parts played), or null:
   * the page opens it by itself, and an undo that lands there goes on to the decision's start */
  resume?(ctx: DecisionContext): Decision | null;
  /** each seat's colour as the board draws it (seat s: seatColors[s % length]), for the page's
   * other pictures of seats (the analysis graph); none for a board that colours no seat */
  seatColors?: string[];
}

interface Window {
  Bazaar: BazaarModule;
  BazaarUI: BazaarUIModule;
  BazaarSvg: BazaarSvgModule;
  BazaarMotion: BazaarMotionModule;
  BazaarRenderers: {[game: string]: Renderer};
  webkitAudioContext?: typeof AudioContext;
}
declare var Bazaar: BazaarModule;
declare var BazaarUI: BazaarUIModule;
declare var BazaarSvg: BazaarSvgModule;
declare var BazaarMotion: BazaarMotionModule;
declare var BazaarRenderers: {[game: string]: Renderer};
