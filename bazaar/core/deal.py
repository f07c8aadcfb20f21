"""Fair deals: random 64-bit seeds, salted SHA-256 commitments and derived worker seeds.

A table's seed fixes every shuffle of its game. The server draws it from the operating
system's CSPRNG, with a random salt, and publishes at creation a commitment to everything
that fixes the deal (scheme v2)::

    commitment = SHA-256(canonical JSON of {"fixed", "game", "options", "players",
                                            "salt", "seed", "tag"})

as 64 lowercase hex digits. The JSON is ``json.dumps(fields, sort_keys=True,
separators=(",", ":"), ensure_ascii=True)`` encoded as ASCII, with ``tag`` the text
``"bazaar-deal-v2"``, ``seed`` in decimal *text* (JavaScript numbers cannot hold 64 bits),
``salt`` in lowercase hex, ``fixed`` true when a person chose the seed, and ``game``,
``players`` and ``options`` as in the game record, for instance::

    {"fixed":false,"game":"buy-low-sell-high","options":{},"players":2,"salt":"5a5a…",
     "seed":"18446744073709551611","tag":"bazaar-deal-v2"}

Anyone can recompute it from a record with one command::

    python3 -c 'import hashlib, json, sys; r = json.load(sys.stdin)
    f = {k: r[k] for k in ("game", "players", "options", "salt")}
    f.update(fixed=r["fixed_seed"], seed=str(r["seed"]), tag="bazaar-deal-v2")
    text = json.dumps(f, sort_keys=True, separators=(",", ":"))
    print(hashlib.sha256(text.encode()).hexdigest())' < record.json

When the game is over the server also shows its *game digest* (scheme v1), which fixes the
moves and the final scores as well as the deal::

    digest = SHA-256(canonical JSON of {"actions", "commitment", "scores", "tag"})

as 64 lowercase hex digits, the JSON written as above, with ``tag`` the text
``"bazaar-game-v1"``, ``commitment`` the table's commitment (64 hex digits, so the deal),
``actions`` the record's list of moves in notation, in order, and ``scores`` the final scores,
each a whole number written as an integer (``12``, not ``12.0``), for instance::

    {"actions":["buy 2","pass",…],"commitment":"9f3c…","scores":[41,37],
     "tag":"bazaar-game-v1"}

Anyone can recompute it from a finished record with one command::

    python3 -c 'import hashlib, json, sys; r = json.load(sys.stdin)
    s = [int(x) if float(x).is_integer() else x for x in r["scores"]]
    f = dict(actions=r["actions"], commitment=r["commitment"], scores=s, tag="bazaar-game-v1")
    text = json.dumps(f, sort_keys=True, separators=(",", ":"))
    print(hashlib.sha256(text.encode()).hexdigest())' < record.json

The digest is never part of the record (a forger would write their own): ``bazaar verify
--digest`` works it out from the record and compares it with the one the table page showed.

Tables from before v2 used ``SHA-256("bazaar-deal-v1:<seed>:<salt>")`` (ASCII, no newline),
which covers the seed and the salt only (:func:`commit_v1`). When the game is over the seed
and the salt are revealed, so anyone can check the commitment and replay the game. Seeds of
bots and hints are derived from the seed and the salt through SHA-256 as well, so nothing
served while the game is on lets anyone work the seed out.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from typing_extensions import TypedDict

#: The game RNG keeps 64 bits of a seed; table seeds are 0 <= seed < SEED_LIMIT.
SEED_LIMIT = 1 << 64
#: Random bytes in a salt (shown as twice as many hex digits).
SALT_BYTES = 32
#: The tag of the first scheme (seed and salt only).
COMMITMENT_TAG = "bazaar-deal-v1"
#: The tag of the current scheme (game, players, options, seed, salt, fixed).
COMMITMENT_TAG_V2 = "bazaar-deal-v2"
#: The tag of the game digest (the commitment, the moves and the final scores).
GAME_DIGEST_TAG = "bazaar-game-v1"
#: A commitment or a salt as text: lowercase hex digits.
HEX = re.compile(r"[0-9a-f]+")
#: A commitment or a game digest: 64 lowercase hex digits.
DIGEST = re.compile(r"[0-9a-f]{64}")


def new_seed() -> int:
    """A fresh table seed: 64 random bits from the operating system."""
    return secrets.randbits(64)


def new_salt() -> str:
    """A fresh salt: :data:`SALT_BYTES` random bytes as lowercase hex."""
    return secrets.token_hex(SALT_BYTES)


def commitment_message(seed: int, salt: str) -> bytes:
    """The exact bytes whose SHA-256 is a v1 commitment."""
    return f"{COMMITMENT_TAG}:{seed}:{salt}".encode("ascii")


def commit_v1(seed: int, salt: str) -> str:
    """The v1 commitment to ``seed`` with ``salt`` (tables from before v2)."""
    return hashlib.sha256(commitment_message(seed, salt)).hexdigest()


def deal_message(
    game: str, players: int, options: Mapping[str, Any], seed: int, salt: str, fixed: bool | None
) -> bytes:
    """The exact bytes whose SHA-256 is a v2 commitment (see the module docstring)."""
    fields = {
        "fixed": fixed,
        "game": game,
        "options": dict(options),
        "players": players,
        "salt": salt,
        "seed": str(seed),
        "tag": COMMITMENT_TAG_V2,
    }
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return text.encode("ascii")


def commit(
    game: str, players: int, options: Mapping[str, Any], seed: int, salt: str, fixed: bool | None
) -> str:
    """The v2 commitment to a deal: SHA-256 of :func:`deal_message` as 64 hex digits."""
    return hashlib.sha256(deal_message(game, players, options, seed, salt, fixed)).hexdigest()


def _score(value: float) -> float:
    """A final score as the digest writes it: a whole number as an integer."""
    return int(value) if float(value).is_integer() else value


def game_message(commitment: str, actions: Sequence[str], scores: Sequence[float]) -> bytes:
    """The exact bytes whose SHA-256 is a game digest (see the module docstring)."""
    fields = {
        "actions": list(actions),
        "commitment": commitment,
        "scores": [_score(s) for s in scores],
        "tag": GAME_DIGEST_TAG,
    }
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return text.encode("ascii")


def game_digest(commitment: str, actions: Sequence[str], scores: Sequence[float]) -> str:
    """The digest of a finished game: SHA-256 of :func:`game_message` as 64 hex digits.

    ``commitment``: the table's (it fixes the deal); ``actions``: every move in notation, as
    the record holds them; ``scores``: the final scores.
    """
    return hashlib.sha256(game_message(commitment, actions, scores)).hexdigest()


def derived_seed(seed: int, salt: str, purpose: str, step: int) -> int:
    """A 62-bit seed for ``purpose`` ("bot", "hint", "analysis") at move ``step``.

    SHA-256 of ``bazaar-worker-v1:<seed>:<salt>:<purpose>:<step>``: deterministic from the
    stored table, yet it tells nothing about the table seed without the secret salt.
    """
    text = f"bazaar-worker-v1:{seed}:{salt}:{purpose}:{step}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 2


class PublicDeal(TypedDict):
    """What anyone may know of a table's deal (:func:`public_deal`)."""

    fixed: bool | None
    commitment: str | None
    #: decimal text (64 bits do not fit a JavaScript number); null until shown
    seed: str | None
    salt: str | None
    digest: str | None


def public_deal(
    seed: int,
    salt: str | None,
    commitment: str | None,
    fixed: bool | None,
    over: bool,
    digest: str | None = None,
) -> PublicDeal:
    """What anyone may know of a table's deal (the payload's and the listing's ``deal``).

    ``fixed``: the creator chose the seed (None: a table from before commitments, not
    known). The seed (decimal text: JavaScript numbers cannot hold 64 bits) and the salt are
    shown from the start when the seed was fixed, else only once the game is over. The game
    digest (:func:`game_digest`) is shown only once the game is over, like the record.
    """
    shown = over or bool(fixed)
    return {
        "fixed": fixed,
        "commitment": commitment,
        "seed": str(seed) if shown else None,
        "salt": salt if shown else None,
        "digest": digest if over else None,
    }
