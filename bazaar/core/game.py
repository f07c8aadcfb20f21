"""The one game protocol every Bazaar game implements.

A :class:`Game` describes a game (id, player counts, rule options) and creates
:class:`State` objects. A state is mutable and fully determined by
(game, players, options, seed, actions): all randomness comes from the seeded
:class:`~bazaar.core.rng.Rng` inside it.

Actions are plain integers in a fixed per-game encoding (``0 <= a < game.num_actions``),
so they are hashable, cheap and usable directly as indices by learning code.
``state.notation(a)`` prints the readable text notation and ``state.parse(text)`` reads it;
``state.public_notation(a)`` is what the other seats may see of it (private choices redacted).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, ClassVar, Self

from bazaar.core.errors import BadOptions, IllegalAction, Term
from bazaar.core.rng import Rng
from bazaar.core.shapes import GameInfo, OptionInfo
from bazaar.i18n import N_, Translator, t


@dataclass(frozen=True, slots=True)
class Option:
    """A named rule option (a documented decision) with its default and allowed values.

    ``help_en`` is the msgid of its explanation, ``label`` of its short title (the ``name``
    if empty) and ``choice_labels`` pairs a choice with the msgid of its words (a choice
    without a pair reads as itself; True and False as "yes" and "no"); the zh-TW texts come
    from the catalog of package ``domain``. Mark the labels with ``N_`` so that Babel extracts
    them. Records, the CLI and the web API use ``name`` and the values; people read the labels.
    """

    name: str
    default: Any
    choices: tuple[Any, ...]
    help_en: str
    domain: str
    label: str = ""
    choice_labels: tuple[tuple[Any, str], ...] = ()

    @property
    def help_zh(self) -> str:
        return Translator(self.domain)(self.help_en, "zh-TW")

    def label_in(self, lang: str) -> str:
        """The option's short title in ``lang``."""
        return Translator(self.domain)(self.label, lang) if self.label else self.name

    def choice_label(self, value: Any, lang: str) -> str:
        """The words for choice ``value`` in ``lang``."""
        for choice, words in self.choice_labels:
            if choice == value and type(choice) is type(value):
                return Translator(self.domain)(words, lang)
        if isinstance(value, bool):
            return t(YES if value else NO, lang)
        return str(value)

    def to_json(self) -> OptionInfo:
        langs = ("en", "zh-TW")
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices),
            "help": {"en": self.help_en, "zh-TW": self.help_zh},
            "label": {lang: self.label_in(lang) for lang in langs},
            "choice_labels": {
                lang: [self.choice_label(c, lang) for c in self.choices] for lang in langs
            },
        }


#: how a yes/no option's choices read (the program's catalog translates them)
YES, NO = N_("yes"), N_("no")


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened; ``to`` is None if public, else the one seat that sees it."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        """True if ``seat`` (None = spectator) may see this event."""
        return self.to is None or self.to == seat

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        out["to"] = self.to
        return out


class Game(ABC):
    """A game definition: id, player counts, options, action encoding and a state factory."""

    id: ClassVar[str]
    #: the English name, also the msgid of the zh-TW name in the game package's catalog
    name_en: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    num_actions: ClassVar[int]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    #: The game's action module: ``NUM_ACTIONS``, ``notation(action)``, ``parse(text)``.
    actions_module: ClassVar[ModuleType]
    #: The state class; ``state_class.setup(game, players, seed, options)`` starts a game.
    state_class: ClassVar[Any]
    #: ``event_text(event, lang)``: one sentence per event (set with ``staticmethod``).
    event_text: ClassVar[Callable[[Event, str], str]]

    @property
    def name_zh(self) -> str:
        """The zh-TW name, from the catalog of the package that defines the game class."""
        return Translator(type(self).__module__.rpartition(".")[0])(self.name_en, "zh-TW")

    def default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.option_specs}

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Return the full option dict, or raise BadOptions naming the bad option or value."""
        resolved = self.default_options()
        specs = {o.name: o for o in self.option_specs}
        for name, value in (options or {}).items():
            if name not in specs:
                known = ", ".join(sorted(specs)) or Term("none")
                raise BadOptions.of(
                    N_("{game}: unknown option {name!r} (known options: {known})"),
                    game=self.id,
                    name=name,
                    known=known,
                )
            spec = specs[name]
            if value not in spec.choices or type(value) is not type(spec.default):
                raise BadOptions.of(
                    N_("{game}: option {name!r} cannot be {value!r} (allowed: {allowed})"),
                    game=self.id,
                    name=name,
                    value=value,
                    allowed=", ".join(repr(c) for c in spec.choices),
                )
            resolved[name] = value
        return resolved

    def check_players(self, players: int) -> None:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise BadOptions.of(
                N_("{game} is for {least}-{most} players, not {players!r}"),
                game=self.id,
                least=self.min_players,
                most=self.max_players,
                players=players,
            )

    def new(self, players: int, seed: int = 0, options: dict[str, Any] | None = None) -> State:
        """Start a new game for ``players`` seats from ``seed`` with the given rule options."""
        self.check_players(players)
        if type(seed) is not int:
            raise BadOptions.of(N_("seed must be an integer, not {seed!r}"), seed=seed)
        return self.state_class.setup(self, players, seed, self.resolve_options(options))

    def restore(self, data: dict[str, Any]) -> State:
        """The state whose :meth:`State.full_view` is ``data`` (a position as data), so that
        ``game.restore(state.full_view()) == state`` and play goes on identically from it.
        Raises BadRecord naming the field when ``data`` is not a position of this game."""
        return self.state_class.restore(self, data)

    def notation(self, action: int) -> str:
        """The text notation of an action (independent of the state)."""
        return self.actions_module.notation(action)

    def parse(self, text: str) -> int:
        """Read notation; raise NotationError with a clear message if it is not valid."""
        return self.actions_module.parse(text)

    def describe_event(self, event: Event, lang: str = "en") -> str:
        """A sentence in ``lang`` ("en" or "zh-TW") describing an event."""
        return type(self).event_text(event, lang)  # a staticmethod: not bound to self

    def info(self) -> GameInfo:
        return {
            "id": self.id,
            "name": {"en": self.name_en, "zh-TW": self.name_zh},
            "min_players": self.min_players,
            "max_players": self.max_players,
            "num_actions": self.num_actions,
            "options": [o.to_json() for o in self.option_specs],
        }


class State(ABC):
    """A game in progress. Mutable; use :meth:`clone` before exploring."""

    # slotted: a subclass that lists its attributes in ``__slots__`` has no ``__dict__``
    __slots__ = ()

    game: Game
    num_players: int
    options: dict[str, Any]
    rng: Rng

    @classmethod
    def blank(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> Self:
        """A new, not yet set up state of this class with the four fields every game has (its
        ``setup`` fills in the rest)."""
        s: Any = object.__new__(cls)  # the subclass declares the slots these go in
        s.game = game
        s.num_players = players
        s.options = options
        s.rng = Rng(seed)
        return s

    # --- whose move ---------------------------------------------------------------
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""

    def is_over(self) -> bool:
        return self.to_move() is None

    # --- actions --------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[int]:
        """All legal actions of the seat to move, in increasing order."""

    def notation(self, action: int) -> str:
        return self.game.notation(action)

    def public_notation(self, action: int) -> str:
        """The notation of ``action`` as every seat but its mover (and spectators) sees it.

        Call it before ``action`` is played by the seat to move. For a private choice (a card
        put face down, a secret decision) games return a placeholder that is the same for every
        alternative of that choice, such as ``hide ?``; otherwise it is ``notation(action)``.
        """
        return self.notation(action)

    def parse(self, text: str) -> int:
        """Notation → action. Raises NotationError or, if not legal now, IllegalAction."""
        action = self.game.parse(text)
        self.check(action)
        return action

    def legal_notations(self) -> list[str]:
        return [self.game.notation(a) for a in self.legal_actions()]

    def check(self, action: int) -> None:
        """Raise IllegalAction naming the broken rule if ``action`` is not legal now."""
        if self.to_move() is None:
            raise IllegalAction.of(N_("the game is over; no more actions"), "game-over")
        if type(action) is not int or not 0 <= action < self.game.num_actions:
            raise IllegalAction.of(
                N_("{action!r} is not an action of {game}"),
                "encoding",
                action=action,
                game=self.game.id,
            )
        if action not in self.legal_actions():
            raise self.explain_illegal(action)

    def explain_illegal(self, action: int) -> IllegalAction:
        """The reason ``action`` is illegal; games override this with the precise rule."""
        return IllegalAction.of(
            N_("{note!r} is not legal now"), "not-legal", note=self.game.notation(action)
        )

    def apply(self, action: int) -> list[Event]:
        """Validate and apply ``action``; return the events. On error nothing changes."""
        self.check(action)
        events: list[Event] = []
        self._apply(action, events)
        return events

    def apply_unchecked(self, action: int) -> None:
        """Apply an action known to be legal (from :meth:`legal_actions`), without events."""
        self._apply(action, None)

    @abstractmethod
    def _apply(self, action: int, events: list[Event] | None) -> None:
        """Mutate the state; append events if ``events`` is not None."""

    # --- information ------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """JSON-ready view for ``seat``; None is the public (spectator) view.

        Holds nothing that ``seat`` may not see.
        """

    @classmethod
    def restore(cls, game: Game, data: dict[str, Any]) -> State:
        """The state of ``game`` whose ``full_view()`` is ``data`` (see :meth:`Game.restore`)."""
        raise NotImplementedError(f"{game.id} cannot restore a position from data yet")

    @abstractmethod
    def full_view(self) -> dict[str, Any]:
        """Everything, hidden parts included (for the engine's full-state request and debugging)."""

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> State:
        """A copy in which everything ``seat`` cannot see is resampled with ``rng``."""

    # --- outcome ----------------------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score (final once the game is over)."""

    def winners(self) -> list[int]:
        """Seats with the best score (ties share); empty until the game is over."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    def returns(self) -> list[float]:
        """Win shares: 1/len(winners) for each winner, 0 otherwise (all 0 before the end)."""
        winners = self.winners()
        share = 1.0 / len(winners) if winners else 0.0
        return [share if s in winners else 0.0 for s in range(self.num_players)]

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (hand-written, cheap)."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.full_view() == other.full_view()

    __hash__ = None  # type: ignore[assignment]
