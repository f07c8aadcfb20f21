"""State as data: a game's fields written once, in a slotted dataclass, and what follows from them.

:func:`state_data` makes a class a slotted dataclass of its annotated fields and writes its
``clone`` once, as source (as :mod:`dataclasses` writes ``__init__``), from each annotation:
a list of scalars is sliced, a list of lists is copied row by row, an
:class:`~bazaar.core.rng.Rng` restarts from its state, anything else (numbers, flags, the game,
the option flags) is shared. :func:`kept` says under which key of the position
(``full_view()``) a field is kept, with which :class:`Codec` it is read and written there, and
whether the public view shows it (then the view writes it); :func:`read_position` and
:func:`write_position` do that for every kept field, in the order the fields are declared.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import (
    Any,
    ClassVar,
    Generic,
    Self,
    TypeVar,
    cast,
    dataclass_transform,
    get_args,
    get_origin,
    get_type_hints,
)

from bazaar.core.rng import Rng

T = TypeVar("T")
D = TypeVar("D", bound="StateData")


@dataclass(frozen=True, slots=True)
class Codec(Generic[T]):
    """How one field's value is read from a position (checked) and written into one.

    ``read(value, key, state)`` returns the field's value from ``value``, found under ``key``,
    or raises BadRecord; ``state`` holds the fields read before it. ``read`` is None for a
    field the game's restore reads first (the players, the options). ``write(field value)``
    is the position's value (the value itself by default); None for a field whose key
    another field writes.
    """

    read: Callable[[Any, str, Any], T] | None = None
    write: Callable[[T], Any] | None = lambda value: value


_META = "bazaar.position"


def kept(key: str, codec: Codec[Any], *, public: bool = False) -> Any:
    """Declare a field kept in the position under ``key``, read and written with ``codec``;
    a ``public`` one is shown in every seat's view, which writes it."""
    return dataclasses.field(metadata={_META: (key, codec, public)})


class StateData:
    """Base of the state dataclasses made by :func:`state_data`."""

    __slots__ = ()
    #: (field name, position key, codec, public) of every kept field, in declaration order
    kept_fields: ClassVar[tuple[tuple[str, str, Codec[Any], bool], ...]] = ()

    def clone(self) -> Self:
        """An independent copy (written for each class by :func:`state_data`)."""
        raise NotImplementedError


@dataclass_transform(eq_default=False, field_specifiers=(kept,))
def state_data(cls: type[D]) -> type[D]:
    """``cls`` as a slotted dataclass (no generated eq, repr or init) with its ``clone``."""
    data: Any = dataclasses.dataclass(slots=True, eq=False, repr=False, init=False)(cls)
    fields = dataclasses.fields(data)
    data.kept_fields = tuple((f.name, *f.metadata[_META]) for f in fields if _META in f.metadata)
    data.clone = _clone_function(data, fields)
    return cast(type[D], data)


def position_keys(cls: type[StateData]) -> tuple[str, ...]:
    """The keys of the kept fields, each once, in declaration order."""
    return tuple(dict.fromkeys(key for _, key, _, _ in cls.kept_fields))


def read_position(state: StateData, data: dict[str, Any]) -> None:
    """Set every kept field that has a reader from ``data``, in declaration order."""
    for name, key, codec, _ in state.kept_fields:
        if codec.read is not None:
            setattr(state, name, codec.read(data[key], key, state))


def write_position(state: StateData, out: dict[str, Any]) -> None:
    """Add every kept field that is not public and has a writer to ``out``, in declaration
    order (the public view writes the public ones)."""
    for name, key, codec, public in state.kept_fields:
        if codec.write is not None and not public:
            out[key] = codec.write(getattr(state, name))


def _copy_of(name: str, hint: Any) -> str:
    """The source of an independent copy of field ``name`` of ``self``, by its type."""
    value = f"self.{name}"
    if hint is Rng:
        return f"Rng({value}.state)"
    if get_origin(hint) is list:
        (item,) = get_args(hint)
        return f"[row[:] for row in {value}]" if get_origin(item) is list else f"{value}[:]"
    return value


def _clone_function(
    cls: type[Any], fields: tuple[dataclasses.Field[Any], ...]
) -> Callable[..., Any]:
    hints = get_type_hints(cls)
    lines = ["def clone(self):", "    s = new(type(self))"]
    lines += [f"    s.{f.name} = {_copy_of(f.name, hints[f.name])}" for f in fields]
    lines.append("    return s")
    namespace: dict[str, Any] = {"new": object.__new__, "Rng": Rng}
    exec("\n".join(lines), namespace)  # the source is built from the field names above
    clone: Callable[..., Any] = namespace["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone.__doc__ = StateData.clone.__doc__
    return clone
