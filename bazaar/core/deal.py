"""Fair deals: random 64-bit seeds, salted SHA-256 commitments and derived worker seeds.

A table's seed fixes every shuffle of its game. The server draws it from the operating
system's CSPRNG, with a random salt, and publishes at creation::

    commitment = SHA-256("bazaar-deal-v1:<seed in decimal>:<salt in lowercase hex>")

(ASCII bytes, no newline), as 64 lowercase hex digits. When the game is over the seed and the
salt are revealed, so anyone can check the commitment, for instance with
``printf 'bazaar-deal-v1:%s:%s' SEED SALT | sha256sum``, and replay the game from the seed.
Seeds of bots and hints are derived from the seed and the salt through SHA-256 as well, so
nothing served while the game is on lets anyone work the seed out.
"""

from __future__ import annotations

import hashlib
import re
import secrets

#: The game RNG keeps 64 bits of a seed; table seeds are 0 <= seed < SEED_LIMIT.
SEED_LIMIT = 1 << 64
#: Random bytes in a salt (shown as twice as many hex digits).
SALT_BYTES = 32
#: What a commitment message starts with (names the scheme's version).
COMMITMENT_TAG = "bazaar-deal-v1"
#: A commitment or a salt as text: lowercase hex digits.
HEX = re.compile(r"[0-9a-f]+")


def new_seed() -> int:
    """A fresh table seed: 64 random bits from the operating system."""
    return secrets.randbits(64)


def new_salt() -> str:
    """A fresh salt: :data:`SALT_BYTES` random bytes as lowercase hex."""
    return secrets.token_hex(SALT_BYTES)


def commitment_message(seed: int, salt: str) -> bytes:
    """The exact bytes whose SHA-256 is the commitment."""
    return f"{COMMITMENT_TAG}:{seed}:{salt}".encode("ascii")


def commit(seed: int, salt: str) -> str:
    """The commitment to ``seed`` with ``salt``: SHA-256 as 64 lowercase hex digits."""
    return hashlib.sha256(commitment_message(seed, salt)).hexdigest()


def derived_seed(seed: int, salt: str, purpose: str, step: int) -> int:
    """A 62-bit seed for ``purpose`` ("bot", "hint", "analysis") at move ``step``.

    SHA-256 of ``bazaar-worker-v1:<seed>:<salt>:<purpose>:<step>``: deterministic from the
    stored table, yet it tells nothing about the table seed without the secret salt.
    """
    text = f"bazaar-worker-v1:{seed}:{salt}:{purpose}:{step}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 2


def public_deal(
    seed: int, salt: str | None, commitment: str | None, fixed: bool | None, over: bool
) -> dict[str, object]:
    """What anyone may know of a table's deal (the payload's and the listing's ``deal``).

    ``fixed``: the creator chose the seed (None: a table from before commitments, not
    known). The seed (decimal text: JavaScript numbers cannot hold 64 bits) and the salt are
    shown from the start when the seed was fixed, else only once the game is over.
    """
    shown = over or bool(fixed)
    return {
        "fixed": fixed,
        "commitment": commitment,
        "seed": str(seed) if shown else None,
        "salt": salt if shown else None,
    }
