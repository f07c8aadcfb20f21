"""Engine protocol v2's ``plays`` command: a list of moves in one request.

``{"cmd": "plays", "picks": [n, ...]}`` (each a client's number: legal move n modulo their
count) or ``{"cmd": "plays", "actions": [a, ...]}`` (action numbers) plays the moves in order
and answers once: the moves played (index, action, notation), then ``to_move``, ``legal`` and
``over`` as ``play`` does. The list stops early when the game is over (``played`` says how many
were used). A bad move anywhere refuses the whole request and changes nothing. With ``seat``,
every move must be that seat's own (a seat plays only its own moves), so the reply never holds
another seat's private choice. Events are not listed (``log`` gives them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bazaar.core.errors import IllegalAction
from bazaar.interop.engine_fields import MISSING, RequestError, show
from bazaar.interop.shapes import EngineMove

if TYPE_CHECKING:
    from bazaar.interop.engine_v2 import Version2

#: Most moves in one ``plays`` request.
MAX_PLAYS = 100_000
LIST_FIELDS = ("picks", "actions")


def plays(v2: Version2, req: dict[str, Any]) -> dict[str, Any]:
    """Carry out a ``plays`` request (see the module docstring)."""
    match = v2.need_match()
    seat = v2.fields.seat(req, match.state, public=False)
    name, values = _move_list(req)
    game = match.game
    backup = match.state.clone()
    done = len(match.record.actions)
    moves: list[EngineMove] = []
    try:
        for i, value in enumerate(values):
            state = match.state
            mover = state.to_move()
            if mover is None:
                break  # the game is over: the rest are not used
            if seat is not MISSING and seat != mover:
                raise RequestError(
                    f"move {i} of '{name}' would be seat {mover}'s, but the request is seat "
                    f"{seat}'s: a seat plays only its own moves",
                    "turn",
                    name,
                )
            legal = state.legal_actions()
            if name == "picks":
                action = legal[value % len(legal)]
            else:
                try:
                    state.check(value)
                except IllegalAction as exc:
                    message = f"move {i} of 'actions': {exc.message}"
                    raise RequestError(message, "illegal", name, exc.rule) from exc
                action = value
            notation = game.notation(action)
            moves.append({"index": legal.index(action), "action": action, "notation": notation})
            state.apply_unchecked(action)  # legal: checked or picked from the legal list
            match.record.actions.append(notation)
    except Exception:
        match.state = backup
        del match.record.actions[done:]
        raise
    state = match.state
    return {
        "moves": moves,
        "played": len(moves),
        **v2._turn(state, seat),
        "over": state.is_over(),
    }


def _move_list(req: dict[str, Any]) -> tuple[str, list[int]]:
    """The request's ``picks`` or ``actions``: (field name, its integers), checked."""
    given = [name for name in LIST_FIELDS if req.get(name, MISSING) is not MISSING]
    if len(given) != 1:
        raise RequestError(
            "give exactly one of 'picks' (numbers n >= 0: legal move n modulo their count) "
            "and 'actions' (action numbers)",
            "field",
            given[1] if given else "picks",
        )
    name = given[0]
    values = req[name]
    if not isinstance(values, list) or not 1 <= len(values) <= MAX_PLAYS:
        raise RequestError(
            f"field '{name}' must be a list of 1-{MAX_PLAYS} integers, not "
            + (f"a list of {len(values)}" if isinstance(values, list) else show(values)),
            "field",
            name,
        )
    lowest = 0 if name == "picks" else None
    for i, value in enumerate(values):
        if type(value) is not int or (lowest is not None and value < lowest):
            what = "n >= 0" if name == "picks" else "an action number"
            raise RequestError(
                f"item {i} of '{name}' must be an integer ({what}), not {show(value)}",
                "field",
                name,
            )
    return name, values
