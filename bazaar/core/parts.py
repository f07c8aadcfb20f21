"""What a game package declares about itself: its parts, in one typed place.

A game package (``bazaar/games/<game>/parts.py`` for the built-ins, any module for others)
builds one :class:`GameParts` and the registry (:mod:`bazaar.core.registry`) holds it. The
generic layers read the parts from there: every surface (``words``), the terminal
(``renderer``), the bots (``heuristic``, ``ranker``, ``estimate``, ``level_overrides``), the
cli (``package`` for the rules texts) and the simulation reports (``story``). A part a game
does not have is ``None``; the layer then falls back to its generic behaviour (raw views,
plain notation, random playouts, playouts to the end).

Core knows nothing of rich, bots or the terminal: a renderer's output is whatever the
terminal can print (``object``), a heuristic player anything with ``choose(state)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from bazaar.core.features import FeatureSet
from bazaar.core.game import Event, Game, State
from bazaar.core.guide import GameGuide

if TYPE_CHECKING:  # record imports the registry, which imports this module
    from bazaar.core.record import GameRecord

#: A view as ``State.view`` gives it.
View = dict[str, Any]


class CompactActions(Protocol):
    """Compact codes of a game's actions at a position (a bijection on the legal ones):
    ``size`` codes, ``encode(state, actions)`` the codes of the mover's legal full actions in
    their order, ``decode(state, code)`` the full action of a code there (None: no such move)."""

    size: int

    def encode(self, state: Any, actions: list[int]) -> list[int]: ...
    def decode(self, state: Any, code: int) -> int | None: ...


class Player(Protocol):
    """A heuristic player: picks a legal action for the seat to move.

    ``state`` is typed ``Any`` because each game's player takes its own state class.
    """

    def choose(self, state: Any) -> int: ...


#: ``heuristic(seed, noise)``: a new heuristic player (``noise`` > 0 randomises near-ties).
HeuristicFactory = Callable[[int, float], Player]
#: The legal actions of the state's seat to move, best first (of the game's own state class).
Ranker = Callable[[Any], list[int]]
#: Estimated final scores of an unfinished state, from public information only.
Estimate = Callable[[State], list[float]]


@dataclass(frozen=True)
class GameWords:
    """A game's words for its moves, phases and scores, for every surface: the terminal, the
    web payloads, the bots' hints, the analyses and the engine protocol (``bazaar.core.describe``
    reads them). They live in the game's ``words`` module, apart from any drawing.

    ``describe_action(action, lang, view)`` says a move in words; the others give texts in
    ``lang``. ``None``: the plain default.
    """

    describe_action: Callable[[int, str, View | None], str]
    prompt_hint: Callable[[View, str], str | None] | None = None
    explain_rule: Callable[[str, str], str | None] | None = None
    score_label: Callable[[str], str] | None = None
    notation_help: Callable[[str], str] | None = None
    #: a line of notation examples for ``bazaar play --help``
    notation_examples: str | None = None
    #: a final score in the game's unit ("$85"); None: the plain number
    money: Callable[[int], str] | None = None
    #: ``turn_story(events, mover, lang)``: the clauses of the turn's one sentence when a move
    #: causes more than its own events tell (a round's end), from the events a seat sees;
    #: ``[]`` (or None for the game): the sentence is the mover's own events
    turn_story: Callable[[list[Event], int, str], list[str]] | None = None
    #: True (the three games): the notation is for typing only, so hints, analyses, the
    #: guide and puzzles name a move by its words alone in every language (the web pages
    #: show the notation only when a person turns "Show notation" on); False: English
    #: sentences show the notation beside the words
    words_only: bool = False


@dataclass(frozen=True)
class TerminalRenderer:
    """A game's pictures for the terminal (``bazaar play``, hints, analyses): only drawing.

    ``render_view(view, lang, names)`` draws a view (a rich renderable); its words come from
    :class:`GameWords`. ``compact_view(view, lang, names)``, when given, draws the same view in
    a few lines (about ten at 80 columns: the guided game's 24-line screen, docs/terminal.md).
    """

    render_view: Callable[[View, str, list[str] | None], object]
    compact_view: Callable[[View, str, list[str] | None], object] | None = None


@dataclass(frozen=True)
class ResultRule:
    """How a finished game is decided, for the ranked result people read.

    ``rule`` and ``tie_break_words`` are English message ids of the game's own catalog.
    """

    #: the winner rule in one sentence ("Most money wins; tied players share the win.")
    rule: str
    #: what breaks a tie of scores: a number per seat, higher is better (None: a shared win)
    tie_break: Callable[[State], list[float]] | None = None
    #: a tie it broke, in words, with the field ``{score}``
    tie_break_words: str = ""


#: One thing a move changes, as plain hashable data: ``("money", 40, 55)``, ``("price", 2, 5, 6)``.
Fact = tuple[Any, ...]


@dataclass(frozen=True)
class MoveChanges:
    """What a move changes that its mover can know, for hints that teach (bazaar.bots.advice).

    ``facts(before, after, seat)`` compares ``seat``'s views before and after the move (in one
    determinization of the seat's information set) and lists the changes as facts; the hint
    keeps only the facts that come out the same in every determinization it tries, so no
    hidden card or chance outcome shows. ``words(fact, lang)`` says one fact in words.
    """

    facts: Callable[[View, View, int], list[Fact]]
    words: Callable[[Fact, str], str]


#: One factor of a move's worth for the mover, as plain hashable data: ``("rise", 2)``.
Factor = tuple[Any, ...]


@dataclass(frozen=True)
class MoveReasons:
    """Why one move beats another, for the *why* of hints and the guide (bazaar.bots.why).

    ``factors(state, seat)`` splits the worth of a position for ``seat`` into named parts in
    the game's score unit (money, points), each larger when better for ``seat``: the game's
    public estimate taken apart (what the estimator uses without a learned model), plus how
    far the strongest rival is held back. It is called on determinizations of the seat's
    information set after a move, and reads only what ``seat`` may know. ``words(factor,
    gain, lang)`` says in a short clause why a move that is ``gain`` better on that factor
    wins ("purple should go up this year, which earns you about $6 more").
    """

    factors: Callable[[State, int], dict[Factor, float]]
    words: Callable[[Factor, float, str], str]


@dataclass(frozen=True)
class GameFiles:
    """The files of a game's package that the generic layers read, each a path inside the
    package with ``/`` between folders (None: the game has no such file)."""

    #: the rules texts (``bazaar rules``, the web's rules page); ``{lang}`` is "en" or "zh-TW"
    rules: str | None = None
    #: the board script the browser loads as ``/games/<id>/board.js``
    board_script: str | None = None
    #: the shipped puzzle set (bazaar.bots.puzzles; ``scripts/make_puzzles.py`` writes it)
    puzzles: str | None = None
    #: the domain of the game's own catalog, ``locale/<locale>/LC_MESSAGES/<catalog>.po`` (the
    #: one ``Translator(package)`` reads: the package's last name)
    catalog: str | None = None
    #: the domain of its board script's catalog, beside the game's own (bazaar.i18n.BOARD_DOMAIN)
    board_catalog: str | None = None
    #: the learned value model per player count (bazaar.bots.value; ``{players}`` is the
    #: count, a JSON file with the same stem records how it was trained)
    value: str | None = None

    def rules_text(self, lang: str) -> str | None:
        """The path of the rules text in ``lang``."""
        return None if self.rules is None else self.rules.format(lang=lang)


@dataclass(frozen=True)
class ValuePlan:
    """How much self-play trains one of the game's value models (bazaar.bots.value_train),
    per player count; training stops at ``epochs`` or keeps the epoch that did best on the
    validation games."""

    heuristic_games: int
    improved_games: int
    epochs: int
    #: the first this many games have one seat played by a short ISMCTS search
    search_games: int


@dataclass(frozen=True)
class OpenSpielName:
    """How OpenSpiel knows the game (bazaar.interop.openspiel registers every game with one)."""

    #: the short name ``pyspiel.load_game`` takes ("python_bazaar_take_stock")
    short_name: str
    #: an upper bound of the moves in one game (OpenSpiel's ``max_game_length``; the rules
    #: bound every game but give no exact figure: take one well above any random game)
    max_game_length: int


@dataclass(frozen=True)
class GameParts:
    """Everything the generic layers need of one game."""

    game: Game
    #: the package whose files (``files``) and catalogs the game declares (None: none of them)
    package: str | None = None
    #: the files of ``package`` the layers read: rules texts, board script, puzzles, catalogs
    files: GameFiles = field(default_factory=GameFiles)
    #: the words of its moves, phases and scores (None: notation and plain defaults)
    words: GameWords | None = None
    renderer: TerminalRenderer | None = None
    heuristic: HeuristicFactory | None = None
    #: ``ranker()`` gives the heuristic's ranking of moves (for progressive widening)
    ranker: Callable[[], Ranker] | None = None
    estimate: Estimate | None = None
    #: level name -> settings merged over ``bazaar.bots.levels.LEVELS[name]`` for this game
    level_overrides: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: ``move_fields(action)``: the move as data for the browser (kind and its facts)
    move_fields: Callable[[int], dict[str, Any]] | None = None
    #: how the winner is decided and what breaks a tie (for the ranked result)
    result_rule: ResultRule | None = None
    #: the module of the players' rulebook (bazaar.core.rulebook: ``SECTIONS``,
    #: ``section_for``, ``PICTURES``; its texts in ``package``/rulebook; None: no rulebook)
    rulebook: ModuleType | None = None
    #: the guided first game (bazaar.bots.guide; None: the game has none)
    guide: GameGuide | None = None
    #: the game's name in OpenSpiel (None: not registered there)
    openspiel: OpenSpielName | None = None
    #: what a move changes, in data and words, for the hints (None: hints without changes)
    changes: MoveChanges | None = None
    #: why a move beats the next best one, by named factors (None: the win chance alone)
    reasons: MoveReasons | None = None
    #: ``features(players)``: the fixed-size observation vector of a seat (bazaar.core.features;
    #: None: no numeric observations, so no PettingZoo / OpenSpiel tensors for the game)
    features: FeatureSet | None = None
    #: ``story(record)``: the story of one finished game as JSON-able data, computed by
    #: replaying the whole record (price paths, lots and customer flow; bazaar.sim.story;
    #: None: the game tells no story)
    story: Callable[[GameRecord], dict[str, Any]] | None = None
    #: the self-play behind its value models (None: the game trains none; its ``files.value``
    #: then names no shipped model either)
    value_plan: ValuePlan | None = None
    #: ``open_round(state)``: a key naming the round in progress whose outcome the seats'
    #: coming moves decide together (Night Market's hidden customers, its bidding), else None.
    #: Before the value model judges a position in such a round, the estimator and the search
    #: play the round out (the heuristic's moves, the search's playout policy): a bid's worth
    #: shows only once the others have answered it.
    open_round: Callable[[State], Any] | None = None
    #: compact action codes for the PettingZoo environments' ``action_mode="compact"``
    #: (bazaar.interop.compact_actions; None: the full encoding is small enough)
    compact_actions: CompactActions | None = None

    @property
    def id(self) -> str:
        return self.game.id
