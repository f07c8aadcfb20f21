"""Record the notation-error golden: ``python -m tests.golden.notation_errors``.

For every game, text that is not valid notation, made by mangling the notation of every
action (a word dropped, one added, a number out of range, a letter changed), and action
numbers out of range; each with the English NotationError message it gets. Recorded from
the code before notation errors became translatable; ``tests/test_refusals.py`` compares.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from bazaar.core.errors import NotationError
from bazaar.core.registry import all_games, get_game

PATH = Path(__file__).resolve().parent / "notation_errors.json"
PER_SHAPE = 4
EXTRA = ("", "   ", "fly", "fly K9", "$", "$x", "$999", "at", "bid", "bid 1 2", "bid x",
         "build 1", "build 99 T0", "build 1 T9", "empty", "empty 99", "hide", "hide zz",
         "news 99", "news x", "play", "play zz", "discard zz", "sell K7", "+K0 +K0", "+K0 -2K1",
         "+K9", "+3K0", "dud K0", "play K0news", "exercise 0", "exercise 1 1", "exercise 9",
         "exercise O7 O7", "target x", "target 9", "freeze", "freeze Z", "insider", "audit Z1",
         "choose zz", "trigger zz C1", "buy C1", "event2", "Z1", "C13", "12")  # fmt: skip


def candidates(game_id: str) -> Iterator[str]:
    """Mangled notation of every action of the game, then the fixed extras."""
    game = get_game(game_id)
    seen: set[str] = set()
    for action in range(0, game.num_actions, max(1, game.num_actions // 400)):
        words = game.notation(action).split()
        variants = [" ".join(words[:-1]), " ".join([*words, "x"]), " ".join([*words, "9"])]
        variants += [" ".join(w[:-1] + "9" if w[-1:].isdigit() else w + "z" for w in words)]
        variants += [" ".join(["zz", *words[1:]])]
        for text in variants:
            if text not in seen:
                seen.add(text)
                yield text
    yield from EXTRA


def shape(message: str) -> str:
    """A message with its quoted parts and numbers blanked: one per kind of notation error."""
    return re.sub(r"'[^']*'|[0-9]+", "_", message)


def errors(game_id: str) -> list[list[str]]:
    """[[text, message]] for the candidates that are not valid notation (at most PER_SHAPE
    of each shape of message)."""
    game = get_game(game_id)
    out = []
    shapes: Counter[str] = Counter()
    for text in candidates(game_id):
        try:
            game.parse(text)
        except NotationError as exc:
            shapes[shape(exc.message)] += 1
            if shapes[shape(exc.message)] <= PER_SHAPE:
                out.append([text, exc.message])
    for number in (-1, game.num_actions, 10**6):
        try:
            game.notation(number)
        except NotationError as exc:
            out.append([str(number), exc.message])
    return out


if __name__ == "__main__":
    data = {g.id: errors(g.id) for g in all_games()}
    PATH.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n")
    print(PATH, {k: len(v) for k, v in data.items()}, len({m for v in data.values() for _, m in v}))
