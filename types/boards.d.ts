/* What each game's board script (bazaar/games/<game>/static/board.js) receives: the table
 * payload with that game's view, legal moves and last move, all from the generated
 * declarations of the server's shapes (docs/schema/bazaar.d.ts): a view field renamed there
 * fails tsc on the board that reads it (jsconfig.boards.json). Never loaded by the browser. */


/** A board's view: the spectator's public part, with the seat's own part when a seat looks. */
type BoardView<Seat, Spectator> = Spectator & Partial<Omit<Seat, keyof Spectator>>;

/** A legal move whose fields are one game's move fields. */
type BoardLegalMove<Fields> = Omit<LegalMove, "fields"> & {fields: Fields};

/** The newest move (payload ``last``) in one game's fields and events. */
type BoardLastMove<Fields, Event> = Omit<import("../docs/schema/bazaar").LastMove, "fields" | "events"> & {
  fields: Fields | null;
  events: Event[];
};

/** The table payload as one game's board reads it. */
type BoardPayload<View, Fields, Event> = Omit<Payload, "view" | "legal" | "last"> & {
  view: View;
  legal: BoardLegalMove<Fields>[];
  last: BoardLastMove<Fields, Event> | null;
};

type BlshView = BoardView<
  import("../docs/schema/bazaar").BlshSeatView,
  import("../docs/schema/bazaar").BlshSpectatorView
>;
type BlshMoveFields = import("../docs/schema/bazaar").BlshMoveFields;
type BlshEvent = import("../docs/schema/bazaar").BlshEvent;
type BlshLegalMove = BoardLegalMove<BlshMoveFields>;
type BlshPayload = BoardPayload<BlshView, BlshMoveFields, BlshEvent>;

type TakeStockView = BoardView<
  import("../docs/schema/bazaar").TakeStockSeatView,
  import("../docs/schema/bazaar").TakeStockSpectatorView
>;
type TakeStockMoveFields = import("../docs/schema/bazaar").TakeStockMoveFields;
type TakeStockEvent = import("../docs/schema/bazaar").TakeStockEvent;
type TakeStockLegalMove = BoardLegalMove<TakeStockMoveFields>;
type TakeStockPayload = BoardPayload<TakeStockView, TakeStockMoveFields, TakeStockEvent>;

type NightMarketView = BoardView<
  import("../docs/schema/bazaar").NightMarketSeatView,
  import("../docs/schema/bazaar").NightMarketSpectatorView
>;
type NightMarketMoveFields = import("../docs/schema/bazaar").NightMarketMoveFields;
type NightMarketEvent = import("../docs/schema/bazaar").NightMarketEvent;
type NightMarketLegalMove = BoardLegalMove<NightMarketMoveFields>;
type NightMarketPayload = BoardPayload<NightMarketView, NightMarketMoveFields, NightMarketEvent>;
