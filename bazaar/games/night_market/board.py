"""The board of Taiwan Night Market: stall units (connected stalls) and customer movement.

Spec §2 (board), §4 Step 8 (movement), §5 (final round) and §7.1/§7.3 (algorithms).
Lots are 0-based here. A *seat group* is what one customer queue fills: a whole connected
stall under ``connected_entry = unit`` (one stall, pooled seats, met at its first lot on the
path), or one lot under ``per_lot``. Income per customer is always the unit's rate.
"""

from __future__ import annotations

from bazaar.games.night_market.components import (
    COMPONENTS,
    ENTRANCE_PATH,
    NUM_LETTERS,
    NUM_LOTS,
    NUM_PATHS,
    NUM_TYPES,
    PATHS,
)

#: ``PATH_POS[p][lot]``: position of ``lot`` on path ``p``, or -1 if the path does not pass it.
PATH_POS: tuple[tuple[int, ...], ...] = tuple(
    tuple(path.index(lot) if lot in path else -1 for lot in range(NUM_LOTS)) for path in PATHS
)
BASE = COMPONENTS.income_base
BONUS = COMPONENTS.connected_bonus


def pay_rate(size: int) -> int:
    """Gold per customer for a stall unit of ``size`` lots (3, or size + 2 when connected)."""
    return BASE if size == 1 else size + BONUS


def stall_units(
    owner: list[int], stall: list[int], adjacency: tuple[tuple[int, ...], ...]
) -> list[list[int]]:
    """Connected stalls: groups of built lots of one owner and one type joined by adjacency.

    Each unit is a sorted list of lots; units come in order of their lowest lot.
    """
    seen = [False] * NUM_LOTS
    units = []
    for lot in range(NUM_LOTS):
        if seen[lot] or stall[lot] < 0:
            continue
        who, kind = owner[lot], stall[lot]
        unit = [lot]
        seen[lot] = True
        i = 0
        while i < len(unit):
            for n in adjacency[unit[i]]:
                if not seen[n] and stall[n] == kind and owner[n] == who:
                    seen[n] = True
                    unit.append(n)
            i += 1
        unit.sort()
        units.append(unit)
    return units


class Seats:
    """The seat groups of one movement phase and the order in which each path meets them."""

    __slots__ = ("cands", "cap", "occ", "owner", "rate", "type", "unit_of")

    def __init__(
        self,
        owner: list[int],
        stall: list[int],
        won: list[int],
        extra_round: int,
        adjacency: tuple[tuple[int, ...], ...],
        per_lot: bool,
    ) -> None:
        """``extra_round``: lots won in this round get one extra seat (0 = none, §5.1)."""
        self.owner: list[int] = []
        self.rate: list[int] = []
        self.cap: list[int] = []
        self.type: list[int] = []
        self.unit_of: list[list[int]] = []
        group = [-1] * NUM_LOTS  # seat group of each built lot
        for unit in stall_units(owner, stall, adjacency):
            rate = pay_rate(len(unit))
            for part in [[lot] for lot in unit] if per_lot else [unit]:
                g = len(self.owner)
                self.owner.append(owner[part[0]])
                self.rate.append(rate)
                self.type.append(stall[part[0]])
                extra = sum(1 for lot in part if won[lot] == extra_round) if extra_round else 0
                self.cap.append(len(part) + extra)
                self.unit_of.append(unit)
                for lot in part:
                    group[lot] = g
        #: ``cands[path][type]``: (seat group, lot where the path meets it), in path order.
        self.cands: list[list[list[tuple[int, int]]]] = []
        met = [-1] * len(self.owner)
        for p, path in enumerate(PATHS):
            by_type: list[list[tuple[int, int]]] = [[] for _ in range(NUM_TYPES)]
            for lot in path:
                g = group[lot]
                if g >= 0 and met[g] != p:  # a group is met once per path, at its first lot
                    met[g] = p
                    by_type[self.type[g]].append((g, lot))
            self.cands.append(by_type)
        self.occ = [0] * len(self.owner)


def move_customers(
    waiting: list[int],
    seats: Seats,
    ctype: tuple[int, ...],
    order: tuple[int, ...],
    next_entrance: tuple[int, ...],
    final: bool,
    trace: list[tuple[int, int, int, int]] | None = None,
) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """Walk every waiting customer (§4 Step 8, §5.2, §7.3).

    ``waiting`` holds ``card * 8 + entrance`` in placement order; ``order`` lists the path
    groups in processing order (``movement_order``). Returns ``(served, held, left)``:
    ``served`` = (card, seat group) pairs, ``held`` = customers now standing at their next
    entrance (``card * 8 + entrance``), ``left`` = cards that left the market from A.
    ``trace`` receives (card, entrance, lot or -1, next entrance or -1) per walk.
    """
    queue: list[list[int]] = [[] for _ in range(NUM_PATHS)]
    for x in waiting:
        queue[ENTRANCE_PATH[x % NUM_LETTERS]].append(x)
    served: list[tuple[int, int]] = []
    held: list[int] = []
    left: list[int] = []
    cap, occ, cands = seats.cap, seats.occ, seats.cands

    def walk(p: int) -> None:
        q = queue[p]
        by_type = cands[p]
        i = 0
        while i < len(q):
            x = q[i]
            i += 1
            card, e = divmod(x, NUM_LETTERS)
            for g, lot in by_type[ctype[card]]:
                if occ[g] < cap[g]:
                    occ[g] += 1
                    served.append((card, g))
                    if trace is not None:
                        trace.append((card, e, lot, -1))
                    break
            else:
                e2 = next_entrance[e]
                if trace is not None:
                    trace.append((card, e, -1, e2))
                if e2 < 0:
                    left.append(card)
                elif final:
                    queue[ENTRANCE_PATH[e2]].append(card * NUM_LETTERS + e2)
                else:
                    held.append(card * NUM_LETTERS + e2)
        q.clear()

    for p in order:
        walk(p)
    if final:  # walk to the end: keep walking queues that filled after their turn (§5.2)
        while True:
            for p in range(NUM_PATHS):
                if queue[p]:
                    walk(p)
                    break
            else:
                break
    return served, held, left
