/* The table page's one state store: every value the page's modules share lives in one
 * object, read with ``store.get()`` and changed only with ``store.update(patch)``, which
 * tells every subscriber (``store.subscribe(fn)``) what changed. */

/**
 * A confirmed decision in parts being sent, one part per payload (compose.js).
 * @typedef {object} Plan
 * @property {({[field: string]: unknown, optional?: boolean})[]} steps the parts, as move fields
 * @property {number} i the next part
 * @property {string[]} phases the view phases the plan applies in
 * @property {boolean | undefined} waits whether it waits for this seat's next turn
 * @property {number} sent how many parts were sent
 * @property {number} after the seq of the last part sent: the next waits for a newer payload
 */

/**
 * @typedef {object} TableState
 * @property {string} lang the page's language
 * @property {Catalog} strings the page's words in that language
 * @property {Ui} ui the words helper for the live payload's seats
 * @property {Payload | null} live the newest payload from the server
 * @property {Payload | null} shown the payload on the board (live or a replay step)
 * @property {boolean} replaying a replay step is on show
 * @property {boolean} still redraw without animations (back from a replay to the live board)
 * @property {number[] | null} filter actions picked by clicking the board
 * @property {boolean} sending a move was sent and its answer has not come
 * @property {boolean} connected the socket is open
 * @property {boolean} lost the connection was lost and is not back yet
 * @property {boolean} wasMyTurn the last payload was this seat's turn
 * @property {boolean} hadPayload a payload has arrived (no beep for the first turn)
 * @property {{[id: string]: GameInfo} | null} games /api/games by game id
 * @property {Decision | null} compose the decision being built in the move panel
 * @property {Plan | null} plan a confirmed decision being sent
 * @property {boolean} folded the player folded the move bar
 * @property {boolean} guiding the guide of a first game is on
 * @property {string | null} guideKey the turn the guide's panel was drawn for
 * @property {{seq: number, action: number} | null} suggested the move a hint or the guide
 *   suggests for the position ``seq``: its board spots are marked (board.js)
 * @property {{seq: number, action: number} | null} guideSuggests the guide's suggestion on
 *   show (marked again when a hint asked meanwhile is closed)
 * @property {number | null} undoing the seq an undo this page asked for will leave (null: none)
 * @property {number | null} declined the seq whose resumed decision the player cancelled
 */

/**
 * @template S
 * @typedef {object} Store
 * @property {() => Readonly<S>} get the current state
 * @property {(patch: Partial<S>) => void} update change some fields, then tell the subscribers
 * @property {(fn: (state: Readonly<S>, changed: Partial<S>) => void) => () => void} subscribe
 *   call ``fn`` after every update; returns the unsubscribe function
 */

/**
 * A store holding ``initial``; each update makes a new frozen state object.
 * @template S
 * @param {S} initial
 * @returns {Store<S>}
 */
export function createStore(initial) {
  let state = Object.freeze({...initial});
  /** @type {Set<(state: Readonly<S>, changed: Partial<S>) => void>} */
  const listeners = new Set();
  return {
    get: () => state,
    update(patch) {
      state = Object.freeze({...state, ...patch});
      listeners.forEach((fn) => fn(state, patch));
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => { listeners.delete(fn); };
    },
  };
}

const lang = Bazaar.pickLang();

/** @type {Store<TableState>} */
export const store = createStore(/** @type {TableState} */ ({
  lang: lang,
  strings: {},
  ui: BazaarUI.make(lang, {}, [], null),
  live: null,
  shown: null,
  replaying: false,
  still: false,
  filter: null,
  sending: false,
  connected: false,
  lost: false,
  wasMyTurn: false,
  hadPayload: false,
  games: null,
  compose: null,
  plan: null,
  folded: false,
  guiding: false,
  guideKey: null,
  suggested: null,
  guideSuggests: null,
  undoing: null,
  declined: null,
}));
