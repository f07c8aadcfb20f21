"""The shapes of what the web server sends and takes (docs/web.md, "The API" and
"WebSocket"): the table payload and its parts, socket messages both ways, the lobby's and a
new table's replies and the error body. JSON Schema and TypeScript declarations of each:
docs/schema/ (scripts/schema.py).

Types only. What depends on the game is typed by the game's own shapes
(``bazaar/games/<game>/shapes.py``: its views and ``move_fields``), which this layer may not
import: here those are plain JSON objects (:data:`GameView`, :data:`MoveFields`), and
``tests/web/test_web_shapes.py`` validates them against the game's shapes.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import WithJsonSchema
from typing_extensions import TypedDict

#: the payload's ``deal`` (docs/web.md, "Fair deals"), defined with the deals in core
from bazaar.bots.shapes import WeighedMove
from bazaar.core.deal import PublicDeal as PublicDeal
from bazaar.core.shapes import GameInfo


def game_part(schema_file: str) -> WithJsonSchema:
    """The JSON Schema of a part that is the game's: docs/schema/``schema_file``, the union
    of every game's shape of it (scripts/schema.py writes the ``$ref``: pydantic would look
    for it among its own definitions)."""
    return WithJsonSchema({GAME_PART: schema_file})


#: the key of :func:`game_part`'s placeholder in the schema pydantic writes
GAME_PART = "x-game-part"


#: ``state.view(seat)`` of the table's game (``<Game>SeatView`` / ``<Game>SpectatorView``)
GameView = Annotated[dict[str, Any], game_part("game-view.json")]
#: a move as data, the game's ``move_fields(action)`` (``<Game>MoveFields``); ``{}`` for a
#: game that declares none
MoveFields = Annotated[dict[str, Any], game_part("game-move-fields.json")]
#: a game's rule options by name (``<Game>Options``)
GameOptions = Annotated[dict[str, Any], game_part("game-options.json")]


class SeatRow(TypedDict):
    """A seat as anyone may see it (``seats[]`` of the payload and the table list)."""

    seat: int
    name: str
    kind: Literal["human", "bot"]
    #: the seat's bot spec, null for a person
    bot: str | None
    #: the bot standing in for an absent person (docs/web.md, "Absent players")
    standin: NotRequired[str | None]
    connected: NotRequired[bool]
    #: the seat's person has the table open (bots: true)
    present: NotRequired[bool]
    #: since when (UNIX seconds) the person is away; null while present
    away: NotRequired[float | None]
    #: the person has opened the table (since it was loaded) or made a move of their own;
    #: false: nobody has opened this seat yet (bots: true)
    joined: NotRequired[bool]


class LegalMove(TypedDict):
    """A move the seat may make now."""

    action: int
    notation: str
    text: str
    fields: MoveFields


class LogGroup(TypedDict):
    """Indices into a log entry's ``lines`` about one seat (null: the table); a nested list
    is a run of three or more events of one kind."""

    seat: int | None
    lines: list[int | list[int]]


class LogEntry(TypedDict):
    """One move of the log as the viewer may see it."""

    seq: int
    seat: int
    notation: str
    text: str
    lines: list[str]
    groups: list[LogGroup]
    #: the clauses of the turn sentence when the game tells what the move caused (a Night
    #: Market round's end: the walk, the bonus, the income, the winner); [] otherwise
    story: list[str]
    #: the bot that made this move for the seat's absent person (a stand-in; public, as the
    #: seat list shows it), only on such moves
    standin: NotRequired[str]


class MoveEvent(TypedDict):
    """An event of the newest move as data (the game's ``<Game>...Data`` of its kind)."""

    kind: str
    data: dict[str, Any]


#: :class:`MoveEvent` of the table's game (``<Game>Event``)
GameEvent = Annotated[MoveEvent, game_part("game-event.json")]


class LastMove(TypedDict):
    """The payload's ``last``: the newest move as the viewer may see it."""

    seq: int
    seat: int
    notation: str
    text: str
    #: null unless the viewer may see the whole move
    fields: MoveFields | None
    events: list[GameEvent]


class RankedSeat(TypedDict):
    """A seat in the final ranking, best first."""

    rank: int
    seat: int
    score: float
    #: the score as the game shows it ("$14")
    shown: str
    winner: bool


class Tie(TypedDict):
    """Two or more seats with the best score; ``broken`` when the tie-break decided it."""

    score: float
    seats: list[int]
    broken: bool
    text: str


class FinalResult(TypedDict):
    """The payload's ``result`` once the game is over."""

    ranking: list[RankedSeat]
    tie: Tie | None
    #: the game's winner rule in words
    rule: str


class ListedDeal(TypedDict):
    """A listed table's ``deal``: :class:`PublicDeal` without the game digest."""

    fixed: bool | None
    commitment: str | None
    seed: str | None
    salt: str | None


class PoolRating(TypedDict):
    """A person's rating in one pool (docs/web.md, "Your page"): openskill's mean and
    uncertainty, the ordinal (mu - 3 sigma) shown, and the games and wins it comes from."""

    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int


class TurnTimer(TypedDict):
    """The turn timer (docs/web.md, "Absent players" and "Turn-based tables")."""

    minutes: int | None
    seat: int | None
    deadline: float | None
    left: int | None
    overdue: list[int]
    #: "live" or "turn-based"; a turn-based table's rule when time runs out
    pace: str
    on_timeout: str | None
    #: the time left in words in the payload's language ("2 days 3 hours"; null: no deadline)
    words: str | None
    #: the seats whose time ran out and whose turn a bot is playing
    timed_out: list[int]


class ReplayStep(TypedDict):
    """A replayed payload's position: after ``step`` of ``steps`` moves."""

    step: int
    steps: int


class ChatState(TypedDict):
    """The payload's ``chat`` (docs/web.md, "Talk at the table"): whether the chat is on, and
    whether this viewer may turn it off and on (the host: the first person's seat, or a
    classroom's teacher)."""

    on: bool
    host: bool


class RematchInfo(TypedDict):
    """The payload's ``rematch`` once a seat asked for one: the new table (public: anyone
    may watch it), the seat that asked first and the spectators' address."""

    table: str
    by: int
    watch: str


class TablePayload(TypedDict):
    """One seat's (or a spectator's) picture of a table (bazaar/web/payload.py)."""

    type: Literal["state"]
    table: str
    game: str
    seq: int
    seat: int | None
    lang: str
    seats: list[SeatRow]
    view: GameView
    options: GameOptions
    to_move: int | None
    legal: list[LegalMove]
    log: list[LogEntry]
    last: LastMove | None
    over: bool
    scores: list[float] | None
    winners: list[int]
    result: FinalResult | None
    section: str | None
    #: added by the hub (not in a puzzle's payload)
    deal: NotRequired[PublicDeal]
    undo: NotRequired[bool]
    version: NotRequired[int]
    timer: NotRequired[TurnTimer]
    chat: NotRequired[ChatState]
    rematch: NotRequired[RematchInfo | None]
    #: only in a replayed payload
    replay: NotRequired[ReplayStep]


# ---------------------------------------------------------------------- errors and replies
class ErrorReply(TypedDict):
    """A refused request (``WebError.to_json``): the English sentence and a stable code;
    ``rule`` for an illegal move, ``explain`` the refusal in the asked language."""

    error: str
    code: str
    rule: NotRequired[str]
    explain: NotRequired[str]


class OkReply(TypedDict):
    """``POST …/standin``, ``…/return``: done."""

    ok: Literal[True]


class MoveReply(TypedDict):
    """``POST …/moves``, ``…/undo``: done; ``seq`` the new move count."""

    ok: Literal[True]
    seq: int


class NewSeat(TypedDict):
    """A new table's seat: its token and link (null for a bot); ``local``: played on the
    creator's device (docs/web.md, "Pass and play")."""

    seat: int
    token: str | None
    link: str | None
    local: bool


class DeviceLink(TypedDict):
    """The one link of a new table's seats on the creator's device: their tokens only."""

    seats: list[int]
    link: str


class NewTableReply(TypedDict):
    """``POST /api/tables`` (201); ``device``: null when no seat is local."""

    id: str
    spectator: str
    seats: list[NewSeat]
    device: DeviceLink | None


class TableListing(TypedDict):
    """One table of ``GET /api/tables``: no secrets."""

    id: str
    game: str
    players: int
    seats: list[SeatRow]
    over: bool
    moves: int
    created: float
    turn_minutes: int | None
    deal: ListedDeal
    #: people seats nobody has open and no bot stands in for
    waiting_for: int


class TablesReply(TypedDict):
    """``GET /api/tables``."""

    tables: list[TableListing]


class HintChange(TypedDict):
    """What a hinted move surely changes, in the asked language."""

    data: list[Any]
    text: str


class Hint(TypedDict):
    """A hinted move (``bazaar.bots.shapes.HintMove``) with its words in the asked language."""

    action: int
    notation: str
    win: float | None
    win_low: float | None
    win_high: float | None
    margin: float | None
    score: float | None
    visits: int
    move: str
    text: str
    changes: list[HintChange]
    close: NotRequired[bool]
    #: the best move only: why it beats the next best (bazaar.bots.why)
    why: NotRequired[str]


class HintReply(TypedDict):
    """``GET /api/tables/{id}/hint``: the top moves, best estimate first."""

    moves: list[Hint]


class GuideMove(TypedDict):
    """The move the guide suggests, in the asked language."""

    action: int
    notation: str
    move: str


class GuideReply(TypedDict):
    """``GET /api/tables/{id}/guide``: ``bazaar.bots.shapes.GuideStep`` in one language."""

    topic: str
    section: str | None
    explain: str
    suggestion: GuideMove
    win: float | None
    why: str


class PuzzleAnswer(TypedDict):
    """``POST /api/puzzles/{game}/{n}/answer`` and ``…/solution``:
    ``bazaar.bots.shapes.PuzzleReply`` (the answer null after a wrong try)."""

    right: bool
    lines: list[str]
    answer: str | None
    compared: list[WeighedMove]


class GamesReply(TypedDict):
    """``GET /api/games``."""

    games: list[GameInfo]
    bots: list[str]
    bot_names: dict[str, str]
    bot_descriptions: dict[str, str]
    langs: list[str]


# ---------------------------------------------------------------------- socket messages
class MoveMessage(TypedDict):
    """Client: play ``action`` (notation text or action number) as move number ``seq``."""

    type: Literal["move"]
    action: int | str
    seq: int


class UndoMessage(TypedDict):
    """Client: take back move number ``seq`` in position ``version``."""

    type: Literal["undo"]
    seq: int
    version: int


class StandinMessage(TypedDict):
    """Client: hand ``seat`` to the bot ``bot`` (default ``ismcts:easy``)."""

    type: Literal["standin"]
    seat: int
    bot: NotRequired[str | None]


class ReturnMessage(TypedDict):
    """Client: take my seat back from its stand-in."""

    type: Literal["return"]


class LangMessage(TypedDict):
    """Client: answer in ``lang`` from now on (a fresh payload follows)."""

    type: Literal["lang"]
    lang: str


class PingMessage(TypedDict):
    """Client: are you there? (answered by :class:`PongMessage`)."""

    type: Literal["ping"]


class ChatSendMessage(TypedDict):
    """Client: say ``text`` at the table (``kind`` ``reaction``: ``text`` is a quick
    reaction's id, e.g. ``good-game``)."""

    type: Literal["chat"]
    text: str
    kind: NotRequired[Literal["text", "reaction"]]


class ChatSwitchMessage(TypedDict):
    """Client (the host): turn the table's chat on or off."""

    type: Literal["chat-switch"]
    on: bool


class RematchAskMessage(TypedDict):
    """Client: play again (the first asks for the new table, later ones join it); answered
    by :class:`RematchSeatMessage` on this socket only."""

    type: Literal["rematch"]


#: what a page (or an outside bot) sends on the table's socket
ClientMessage = (
    MoveMessage
    | UndoMessage
    | StandinMessage
    | ReturnMessage
    | LangMessage
    | PingMessage
    | ChatSendMessage
    | ChatSwitchMessage
    | RematchAskMessage
)


class PongMessage(TypedDict):
    """Server: the answer to a ping."""

    type: Literal["pong"]


class ErrorMessage(ErrorReply):
    """Server: a refused message, on that socket only."""

    type: Literal["error"]


class AwayMove(TypedDict):
    """A move a stand-in made for the returning seat, in words as its log has it."""

    seq: int
    text: str


class AwayMessage(TypedDict):
    """Server: sent once to a person whose return ended a stand-in: the moves the bot made
    for their seat meanwhile (their own moves only, as their own log shows them)."""

    type: Literal["while-away"]
    bot: str
    moves: list[AwayMove]


class ChatLine(TypedDict):
    """One chat line: the seat (from 0) and its name when it was written (``""``: none),
    ``kind`` ``text`` (the words as written) or ``reaction`` (``text`` is the reaction's id,
    which each page says in its own language), and when (UNIX seconds)."""

    id: int
    seat: int
    name: str
    kind: Literal["text", "reaction"]
    text: str
    time: float


class ChatMessage(TypedDict):
    """Server: chat lines for every viewer, seats and spectators alike; ``history`` true on
    the first one a socket gets (the newest 50 lines), false for each new line after."""

    type: Literal["chat"]
    history: bool
    lines: list[ChatLine]


class RematchSeatMessage(TypedDict):
    """Server, to the asking socket only: its seat at the rematch table, with its own new
    token (``link`` holds both)."""

    type: Literal["rematch"]
    table: str
    seat: int
    token: str
    link: str


class RematchReply(TypedDict):
    """``POST …/rematch``: the asking seat's place at the rematch table."""

    ok: Literal[True]
    table: str
    seat: int
    token: str
    link: str
    spectator: str


class ChatReply(TypedDict):
    """``GET …/chat``: whether the chat is on and its newest lines."""

    on: bool
    lines: list[ChatLine]


#: what the server sends on a table's socket
ServerMessage = (
    TablePayload | ErrorMessage | PongMessage | AwayMessage | ChatMessage | RematchSeatMessage
)
