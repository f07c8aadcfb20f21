/* What the table page receives and sends over its WebSocket, and the answers of the table's
 * HTTP calls it reads (bazaar/web/payload.py documents each field). Global names, for JSDoc
 * in the browser scripts (jsconfig.json); checked by tsc, never loaded by the browser. */

// The payload, its parts and the socket's messages both ways are the generated declarations
// of the server's shapes (docs/schema/bazaar.d.ts, from bazaar/web/shapes.py by
// scripts/schema.py): a field renamed or retyped there fails tsc here.
/** One viewer's picture of a table: the socket's "state" message and a replay step. */
type Payload = import("../docs/schema/bazaar").TablePayload;
/** A legal move of this viewer (payload ``legal``); ``fields``: the move as data. */
type LegalMove = import("../docs/schema/bazaar").LegalMove;
/** A move as data, in any game (docs/web.md, "Move fields"). */
type MoveFields = import("../docs/schema/bazaar").GameMoveFields;
/** One seat at the table (payload ``seats``). */
type SeatInfo = import("../docs/schema/bazaar").SeatRow;
type LogEntry = import("../docs/schema/bazaar").LogEntry;
/** A run of events about one seat: indices of the entry's ``lines`` (a list: a walk). */
type LogGroup = import("../docs/schema/bazaar").LogGroup;
type RankRow = import("../docs/schema/bazaar").RankedSeat;
type GameResult = import("../docs/schema/bazaar").FinalResult;
type Deal = import("../docs/schema/bazaar").PublicDeal;
type TurnTimer = import("../docs/schema/bazaar").TurnTimer;
/** The socket's refusal of a request. */
type SocketError = import("../docs/schema/bazaar").ErrorMessage;
type ServerMessage = import("../docs/schema/bazaar").ServerMessage;
/** Once, to a person whose return ended a stand-in: what the bot played for them. */
type AwayMessage = import("../docs/schema/bazaar").AwayMessage;
/** A chat line (the socket's "chat" message carries them; docs/web.md, "Talk at the table"). */
type ChatLine = import("../docs/schema/bazaar").ChatLine;
type ChatMessage = import("../docs/schema/bazaar").ChatMessage;
/** To the asking socket only: its seat at the rematch table. */
type RematchSeatMessage = import("../docs/schema/bazaar").RematchSeatMessage;
/** What the page sends over the socket. */
type ClientMessage = import("../docs/schema/bazaar").ClientMessage;
/** GET /api/games */
type GameInfo = import("../docs/schema/bazaar").GameInfo;
type GamesAnswer = import("../docs/schema/bazaar").GamesReply;

/** GET /api/tables/ID/hint */
interface HintAnswer {
  moves: {action: number; notation: string; text: string; win: number | null; close: boolean;
    changes: {text: string}[]; why?: string}[];
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
