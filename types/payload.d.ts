/* What the table page receives and sends over its WebSocket, and the answers of the table's
 * HTTP calls it reads (bazaar/web/payload.py documents each field). Global types, for JSDoc
 * in the browser scripts (jsconfig.json); checked by tsc, never loaded by the browser. */

/** A legal move of this viewer (payload ``legal``). */
interface LegalMove {
  action: number;
  notation: string;
  text: string;
  /** the move as data (docs/web.md, "Move fields") */
  fields: {kind: string; [field: string]: unknown};
}

/** One seat at the table (payload ``seats``; present, away, standin: Hub.payload). */
interface SeatInfo {
  seat: number;
  name: string | null;
  kind: "human" | "bot";
  bot: string | null;
  present?: boolean;
  /** when the person left (seconds since the epoch) */
  away?: number | null;
  standin?: string | null;
}

/** A run of events about one seat: indices of the entry's ``lines`` (a list: a walk). */
interface LogGroup {
  seat: number | null;
  lines: (number | number[])[];
}

interface LogEntry {
  seq: number;
  seat: number | null;
  notation: string;
  text: string;
  lines: string[];
  groups?: LogGroup[];
}

interface RankRow {
  rank: number;
  seat: number;
  score: number;
  shown?: string;
  winner: boolean;
}

interface GameResult {
  ranking: RankRow[];
  tie: {score?: number; seats?: number[]; broken?: boolean; text: string} | null;
  rule?: string;
}

interface Deal {
  fixed: boolean;
  commitment: string | null;
  seed: number | null;
  salt: string | null;
  digest: string | null;
}

interface TurnTimer {
  minutes: number | null;
  seat?: number | null;
  deadline?: number | null;
  left: number | null;
  overdue: number[];
}

/** One viewer's picture of a table: the socket's "state" message and a replay step. */
interface Payload {
  type: "state";
  table: string;
  game: string;
  seq: number;
  seat: number | null;
  lang: string;
  seats: SeatInfo[];
  /** the game's view (its board script knows its shape) */
  view: {phase?: string; [field: string]: unknown};
  options: {[name: string]: unknown};
  to_move: number | null;
  legal: LegalMove[];
  log: LogEntry[];
  last: unknown;
  over: boolean;
  scores: number[] | null;
  winners: number[];
  result: GameResult | null;
  section: string | null;
  deal?: Deal;
  undo?: boolean;
  version: number;
  timer?: TurnTimer;
}

/** The socket's refusal of a request. */
interface SocketError {
  type: "error";
  error: string;
  code?: string;
  explain?: string;
}

type ServerMessage = Payload | SocketError;

/** What the page sends over the socket. */
type ClientMessage =
  | {type: "move"; action: number; seq: number}
  | {type: "undo"; seq: number; version: number}
  | {type: "lang"; lang: string}
  | {type: "return"}
  | {type: "standin"; seat: number; bot: string};

/** GET /api/tables/ID/hint */
interface HintAnswer {
  moves: {action: number; notation: string; text: string; win: number | null; close: boolean;
    changes: {text: string}[]}[];
}

/** GET /api/tables/ID/guide */
interface GuideStep {
  explain: string;
  why: string;
  section: string | null;
  suggestion: {action: number; move: string};
}

interface TurningPoint {
  from: number;
  index: number;
  seat: number;
  before: number;
  after: number;
  moves: {seat: number | null; text: string}[];
}

/** GET /api/tables/ID/analysis, once ready (status "running" meanwhile, with done/total). */
interface AnalysisAnswer {
  status?: string;
  done?: number;
  total?: number;
  seat: number;
  curve: {moves: number[]; win: number[][]; playouts: number};
  turning_points: TurningPoint[];
  mistakes: {index: number; played_text: string; best_text: string; change_text: string}[];
  decisions: {index: number; played_text: string; best_text: string; loss: number}[];
}

/** GET /api/games, as the table page uses it. */
interface GameInfo {
  id: string;
  name: {[lang: string]: string};
}
interface GamesAnswer {
  games: GameInfo[];
  bot_names: {[spec: string]: string};
  bot_descriptions: {[spec: string]: string};
}
