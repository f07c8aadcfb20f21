"""Pass and play (docs/web.md, "Pass and play"): several people's seats of one table played
on one device. The creator marks seats "on this device"; the new table's reply then has one
device link holding those seats' tokens only, and the table page asks which seats they are
(:func:`device_seats`) before it connects as any of them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bazaar.i18n import N_
from bazaar.web.errors import WebError, refused

#: The most seats a device link may hold (a table has at most 8).
MAX_DEVICE_TOKENS = 8

LOCAL_BOT = N_(
    "seats.{index}.local: seat {seat} is a bot; only a person's seat can be played on this device"
)
NO_TOKENS = N_("tokens: the device link names no seat token")
TOO_MANY_TOKENS = N_("tokens: a device link holds at most {max} seat tokens, not {count}")
UNKNOWN_TOKEN = N_("tokens: token {number} of the device link is not a seat of this table")
SAME_SEAT = N_("tokens: tokens {first} and {second} of the device link are the same seat")


def local_seats(seats: Sequence[Any]) -> list[int]:
    """The seats (0-based) a new table's request marks ``local``; WebError 422 ``local`` if
    one of them is a bot's."""
    local = [i for i, seat in enumerate(seats) if seat.local]
    for i in local:
        if seats[i].kind == "bot":
            raise refused(422, "local", LOCAL_BOT, index=i, seat=i + 1)
    return local


def device_link(base: str, table_id: str, lang: str, tokens: list[str]) -> str:
    """The one link of the device: the table with every local seat's token."""
    return f"{base}/t/{table_id}?tokens={','.join(tokens)}&lang={lang}"


def split_tokens(raw: str) -> list[str]:
    """The tokens of a device link's ``tokens`` (comma-separated); WebError if none or too
    many."""
    tokens = [tok for tok in raw.split(",") if tok]
    if not tokens:
        raise refused(400, "tokens", NO_TOKENS)
    if len(tokens) > MAX_DEVICE_TOKENS:
        raise refused(400, "tokens", TOO_MANY_TOKENS, max=MAX_DEVICE_TOKENS, count=len(tokens))
    return tokens


def device_seats(tokens: list[str], seat_of: Callable[[str], int | None]) -> list[int]:
    """The seat of each token, in the link's order; WebError 403 ``token`` naming the first
    token (counted from 1) that is no seat of the table (a teacher's token is none), 400 if
    two name the same seat. ``seat_of``: the keeper's token check of the table."""
    seats: list[int] = []
    for number, tok in enumerate(tokens, start=1):
        try:
            seat = seat_of(tok)
        except WebError as exc:
            raise refused(403, "token", UNKNOWN_TOKEN, number=number) from exc
        if seat is None:
            raise refused(403, "token", UNKNOWN_TOKEN, number=number)
        if seat in seats:
            raise refused(400, "tokens", SAME_SEAT, first=seats.index(seat) + 1, second=number)
        seats.append(seat)
    return seats
