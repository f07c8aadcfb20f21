"""Customer movement (客人移動) on hand-built boards: spec §2, §4 Step 8, §5 and §7.3.

Each test clears the market, places stalls (lot, owner, type, round won) and customers at
entrances, then runs the end of a round (reveal, movement, income). T0 plays the part of the
spec's "red". ``movement`` returns the state after it and the events; ``moves`` lists
(customer, from, lot, to).
"""

from __future__ import annotations

import pytest

from .helpers import (
    clear_board,
    clear_entrances,
    income,
    keep_waiting,
    movement,
    moves,
    new,
    stall,
    stand,
    waiting,
)

BOTH_ORDERS = pytest.mark.parametrize("order", ["chain", "table"])


def market(**options):
    s = new(4, seed=1, **options)
    s = clear_board(s)
    return s


# ------------------------------------------------------------------ right-hand priority (§2.1)
def test_right_hand_priority_lot_1_before_facing_6_before_2():
    s = market()
    s = stall(s, 1, 0, "T0")
    s = stall(s, 6, 1, "T0")
    s = stall(s, 2, 2, "T0")
    s = stand(s, "T0D", "T0E")
    s, ev = movement(s, 1)
    assert [m[2] for m in moves(ev)] == [1, 6]
    assert income(ev) == [3, 3, 0, 0]


def test_right_hand_priority_on_street_2_lot_15_before_facing_20():
    s = market()
    s = stall(s, 20, 1, "T1")
    s = stall(s, 15, 0, "T1")
    s = stand(s, "T1B")
    s, round_events = movement(s, 1)
    assert moves(round_events) == [("T1B", "B", 15, None)]


def test_right_hand_priority_on_street_3_lot_26_before_facing_21():
    s = market()
    s = stall(s, 21, 1, "T1")
    s = stall(s, 26, 0, "T1")
    s = stand(s, "T1A")
    s, round_events = movement(s, 1)
    assert moves(round_events) == [("T1A", "A", 26, None)]


def test_path_order_follows_the_seed_table_exactly():
    """Lot 10 comes after 5 on P_DH, then the tail 14, 15, 20."""
    s = market()
    for lot, seat in ((20, 3), (15, 2), (14, 1), (10, 0)):
        s = stall(s, lot, seat, "T2")
    s = stand(s, "T2D", "T2E", "T2F", "T2G")
    s, round_events = movement(s, 1)
    assert [m[2] for m in moves(round_events)] == [10, 14, 15, 20]


# ------------------------------------------------------------------ one customer per stall
def test_each_stall_holds_at_most_one_customer():
    s = market()
    s = stall(s, 3, 0, "T1")
    s = stand(s, "T1D", "T1E", "T1F")
    s, ev = movement(s, 1)
    assert moves(ev) == [
        ("T1D", "D", 3, None),
        ("T1E", "E", None, "C"),
        ("T1F", "F", None, "C"),
    ]
    assert income(ev) == [3, 0, 0, 0]


def test_customer_only_stops_at_its_liked_type():
    s = market()
    s = stall(s, 1, 0, "T1")
    s = stall(s, 2, 1, "T2")
    s = stand(s, "T2D")
    s, round_events = movement(s, 1)
    assert moves(round_events) == [("T2D", "D", 2, None)]


def test_an_empty_lot_serves_nobody():
    s = market()
    s = stall(s, 1, 0, None)
    s = stand(s, "T0D")
    s, round_events = movement(s, 1)
    assert moves(round_events) == [("T0D", "D", None, "C")]


def test_capacity_resets_every_round():
    s = market()
    s = stall(s, 3, 0, "T1")
    s = stand(s, "T1D")
    s, round_events = movement(s, 1)
    assert income(round_events) == [3, 0, 0, 0]
    s = clear_entrances(s)
    s = stand(s, "T1E")
    s, round_events = movement(s, 2)
    assert income(round_events) == [3, 0, 0, 0]


# ------------------------------------------------------------------ shared lots (§2.1)
@pytest.mark.parametrize("lot", [14, 15, 20])
@pytest.mark.parametrize("entrance", ["D", "H", "B", "C"])
def test_shared_lots_14_15_20_are_on_paths_DH_and_BC(lot, entrance):
    s = market()
    s = stall(s, lot, 0, "T3")
    s = stand(s, f"T3{entrance}")
    s, round_events = movement(s, 1)
    assert moves(round_events)[0][2] == lot


@pytest.mark.parametrize("lot", [21, 22, 26, 27])
@pytest.mark.parametrize("entrance", ["B", "C", "A"])
def test_shared_lots_21_22_26_27_are_on_paths_BC_and_A(lot, entrance):
    s = market()
    s = stall(s, lot, 0, "T3")
    s = stand(s, f"T3{entrance}")
    s, round_events = movement(s, 1)
    assert moves(round_events)[0][2] == lot


@pytest.mark.parametrize(
    ("lot", "entrance", "to"), [(19, "D", "C"), (11, "E", "C"), (28, "B", "A")]
)
def test_lot_off_the_path_is_not_reached(lot, entrance, to):
    s = market()
    s = stall(s, lot, 0, "T3")
    s = stand(s, f"T3{entrance}")
    s, round_events = movement(s, 1)
    assert moves(round_events) == [(f"T3{entrance}", entrance, None, to)]


def test_shared_lot_goes_to_the_group_walked_first():
    """One T0 stall at 15: under 'chain' the D customer takes it, under 'table' the B one."""
    for order, winner in (("chain", "D"), ("table", "B")):
        s = market(movement_order=order)
        s = stall(s, 15, 0, "T0")
        s = stand(s, "T0D", "T0B")
        s, round_events = movement(s, 1)
        served = [m[1] for m in moves(round_events) if m[2] == 15]
        assert served == [winner], order


# ------------------------------------------------------------------ connected stalls (§2.5)
def test_connected_stall_spanning_two_paths_is_reached_from_both():
    """Seat 0's T0 stalls 19 and 20 form one stall; P_DH meets it at 20 (its 13th lot)."""
    s = market()
    s = stall(s, 19, 0, "T0")
    s = stall(s, 20, 0, "T0")
    s = stand(s, "T0D", "T0E", "T0F")
    s, ev = movement(s, 1)
    assert moves(ev) == [
        ("T0D", "D", 20, None),
        ("T0E", "E", 20, None),
        ("T0F", "F", None, "C"),
    ]
    assert income(ev) == [8, 0, 0, 0]  # 2 customers x (2 lots + 2)


def test_connected_stall_spanning_two_paths_from_BC():
    s = market()
    s = stall(s, 19, 0, "T0")
    s = stall(s, 20, 0, "T0")
    s = stand(s, "T0B", "T0C")
    s, ev = movement(s, 1)
    assert [m[2] for m in moves(ev)] == [20, 20]
    assert income(ev) == [8, 0, 0, 0]


def test_connected_stall_per_lot_each_lot_met_at_its_own_place():
    s = market(connected_entry="per_lot")
    s = stall(s, 19, 0, "T0")
    s = stall(s, 20, 0, "T0")
    s = stand(s, "T0D", "T0E")
    s, ev = movement(s, 1)
    assert moves(ev) == [("T0D", "D", 20, None), ("T0E", "E", None, "C")]
    assert income(ev) == [4, 0, 0, 0]  # the connected rate still applies


@pytest.mark.parametrize(("mode", "expected"), [("unit", [8, 0, 0, 0]), ("per_lot", [4, 3, 0, 0])])
def test_spec_example_connected_entry_unit_or_per_lot(mode, expected):
    """§2.5: X owns T0 {13, 14}, Y owns T0 19, two T0 customers start at B."""
    s = market(connected_entry=mode)
    s = stall(s, 13, 0, "T0")
    s = stall(s, 14, 0, "T0")
    s = stall(s, 19, 1, "T0")
    s = stand(s, "T0B", "T0C")
    s, round_events = movement(s, 1)
    assert income(round_events) == expected


def test_same_type_stalls_of_different_owners_are_not_connected():
    s = market()
    s = stall(s, 1, 0, "T0")
    s = stall(s, 2, 1, "T0")
    s = stand(s, "T0D", "T0E")
    s, round_events = movement(s, 1)
    assert income(round_events) == [3, 3, 0, 0]


def test_different_types_of_one_owner_are_not_connected():
    s = market()
    s = stall(s, 1, 0, "T0")
    s = stall(s, 2, 0, "T1")
    s = stand(s, "T0D", "T1E")
    s, round_events = movement(s, 1)
    assert income(round_events) == [6, 0, 0, 0]


def test_facing_lots_across_the_aisle_are_not_adjacent_by_default():
    s = market()
    s = stall(s, 1, 0, "T0")
    s = stall(s, 6, 0, "T0")
    s = stand(s, "T0D", "T0E")
    s, round_events = movement(s, 1)
    assert income(round_events) == [6, 0, 0, 0]
    s = market(adjacency="row+aisle")
    s = stall(s, 1, 0, "T0")
    s = stall(s, 6, 0, "T0")
    s = stand(s, "T0D", "T0E")
    s, round_events = movement(s, 1)
    assert income(round_events) == [8, 0, 0, 0]


def test_corner_adjacency_option_joins_10_and_14():
    s = market(adjacency="row+corners")
    s = stall(s, 10, 0, "T2")
    s = stall(s, 14, 0, "T2")
    s = stand(s, "T2D")
    s, round_events = movement(s, 1)
    assert income(round_events) == [4, 0, 0, 0]


def test_three_lot_connected_stall_pays_5_per_customer():
    s = market()
    for lot in (2, 3, 4):
        s = stall(s, lot, 0, "T1")
    s = stand(s, "T1D", "T1E", "T1F", "T1G")
    s, ev = movement(s, 1)
    assert income(ev) == [15, 0, 0, 0]
    assert [m[2] for m in moves(ev)] == [2, 2, 2, None]


def test_connected_stall_is_met_at_its_first_lot_on_the_path():
    """A unit {3, 4} is met at 3 (before lot 8 on P_DH: 3, 8, 4)."""
    s = market()
    s = stall(s, 3, 0, "T1")
    s = stall(s, 4, 0, "T1")
    s = stall(s, 8, 1, "T1")
    s = stand(s, "T1D", "T1E", "T1F")
    s, round_events = movement(s, 1)
    assert income(round_events) == [8, 3, 0, 0]


# ------------------------------------------------------------------ next entrance (§2.2)
def test_customer_passed_on_from_H_to_C_to_A_and_out():
    s = market()
    s = stand(s, "T3H")
    s, round_events = movement(s, 1)
    assert moves(round_events) == [("T3H", "H", None, "C")]
    assert waiting(s)[0] == "T3H@C"
    s = keep_waiting(s, 1)
    s, round_events = movement(s, 2)
    assert moves(round_events) == [("T3H", "C", None, "A")]
    assert waiting(s)[0] == "T3H@A"
    s = keep_waiting(s, 1)
    out_before = len(s.out)
    s, round_events = movement(s, 3)
    assert moves(round_events) == [("T3H", "A", None, "out")]
    assert len(s.out) == out_before + 1


def test_next_entrance_letter_walks_down_one_letter_at_a_time():
    s = market(next_entrance="letter")
    s = stand(s, "T3F")
    for expected in ("E", "D", "C", "B", "A"):
        s, ev = movement(s, 2)
        assert moves(ev)[0][3] == expected
        s = keep_waiting(s, 1)
    s, round_events = movement(s, 3)
    assert moves(round_events)[0][3] == "out"


def test_passed_on_customer_is_not_walked_again_in_the_same_phase():
    """M1: round 2, T0 customer at D, Seat 0's T0 stall at 19 (P_BC only) stays empty."""
    for order in ("chain", "table"):
        s = market(movement_order=order)
        s = stall(s, 19, 0, "T0")
        s = stand(s, "T0D")
        s, ev = movement(s, 2)
        assert moves(ev) == [("T0D", "D", None, "C")]
        assert income(ev) == [0, 0, 0, 0]
        s = keep_waiting(s, 1)
        s, ev = movement(s, 3)
        assert moves(ev) == [("T0D", "C", 19, None)]


@pytest.mark.parametrize("leavers", ["removed", "discard"])
def test_customer_leaving_from_A_goes_out_of_the_game_or_to_discard(leavers):
    s = market(leavers=leavers)
    s = stand(s, "T2A")
    out, discard = len(s.out), len(s.discard)
    s, _ = movement(s, 1)
    if leavers == "removed":
        assert (len(s.out), len(s.discard)) == (out + 1, discard)
    else:
        assert (len(s.out), len(s.discard)) == (out, discard + 1)


def test_served_customers_are_discarded():
    s = market()
    s = stall(s, 1, 0, "T0")
    s = stand(s, "T0D")
    before = len(s.discard)
    s, _ = movement(s, 1)
    assert len(s.discard) == before + 1


# ------------------------------------------------------------------ processing order (§7.3)
@BOTH_ORDERS
def test_M2_final_round_walk_to_the_end(order):
    """Final round: a T0 customer at D reaches Seat 0's stall at 28 (P_A only)."""
    s = market(movement_order=order)
    s = stall(s, 28, 0, "T0")
    s = stand(s, "T0D")
    s, ev = movement(s, 5)
    assert moves(ev) == [
        ("T0D", "D", None, "C"),
        ("T0D", "C", None, "A"),
        ("T0D", "A", 28, None),
    ]
    assert income(ev) == [3, 0, 0, 0]


@pytest.mark.parametrize(("order", "expected"), [("chain", [3, 3, 0, 0]), ("table", [3, 0, 0, 0])])
def test_M3_processing_order_decides_shared_lot_15(order, expected):
    s = market(movement_order=order)
    s = stall(s, 15, 0, "T0")
    s = stall(s, 11, 1, "T0")
    s = stand(s, "T0D", "T0B")
    s, round_events = movement(s, 2)
    assert income(round_events) == expected


@pytest.mark.parametrize(("order", "served"), [("chain", [2, 0, 1]), ("table", [2, 1, 0])])
def test_M4_processing_order_in_the_final_round(order, served):
    """X's T0 at 21 won in the final round (2 seats); Y's at 22 and Z's at 27 won earlier."""
    s = market(movement_order=order)
    s = stall(s, 21, 0, "T0", won=5)
    s = stall(s, 22, 1, "T0", won=2)
    s = stall(s, 27, 2, "T0", won=3)
    s = stand(s, "T0A", "T0B", "T0C")
    s, ev = movement(s, 5)
    count = [0, 0, 0]
    for m in moves(ev):
        if m[2] is not None:
            count[{21: 0, 22: 1, 27: 2}[m[2]]] += 1
    assert count == served


@BOTH_ORDERS
def test_final_round_unserved_customer_leaves_after_walking_every_path(order):
    s = market(movement_order=order)
    s = stand(s, "T1H")
    s, ev = movement(s, 5)
    assert [m[3] for m in moves(ev)] == ["C", "A", "out"]


def test_final_round_walk_to_the_end_with_next_entrance_letter():
    for order in ("chain", "table"):
        s = market(movement_order=order, next_entrance="letter")
        s = stall(s, 16, 0, "T1")
        s = stand(s, "T1F")
        s, ev = movement(s, 5)
        assert [m[3] for m in moves(ev)] == ["E", "D", "C", None]
        assert income(ev)[0] == 3


# ------------------------------------------------------------------ final round extra seat (§5.1)
def test_final_round_extra_seat_only_on_lots_won_in_the_final_round():
    s = market()
    s = stall(s, 3, 0, "T0", won=5)
    s = stall(s, 8, 1, "T0", won=2)
    s = stand(s, "T0D", "T0E", "T0F", "T0G")
    s, ev = movement(s, 5)
    assert [m[2] for m in moves(ev)] == [3, 3, 8, None, None, None]
    assert income(ev) == [6, 3, 0, 0]


def test_no_extra_seat_before_the_final_round():
    s = market()
    s = stall(s, 3, 0, "T0", won=4)
    s = stand(s, "T0D", "T0E")
    s, round_events = movement(s, 4)
    assert income(round_events) == [3, 0, 0, 0]


def test_final_round_extra_seat_in_a_connected_stall():
    """Lots 1 (won in round 2) and 2 (won in round 5): 2 lots + 1 seat = 3 customers at 4."""
    s = market()
    s = stall(s, 1, 0, "T0", won=2)
    s = stall(s, 2, 0, "T0", won=5)
    s = stand(s, "T0D", "T0E", "T0F", "T0G")
    s, ev = movement(s, 5)
    assert income(ev)[0] == 12
    assert [m[2] for m in moves(ev)][:3] == [1, 1, 1]


def test_three_player_long_game_extra_seat_in_round_6():
    s = new(3, seed=1, three_player_long=True)
    s = clear_board(s)
    s = stall(s, 3, 0, "T0", won=6)
    s = stand(s, "T0D", "T0E")
    s, round_events = movement(s, 6)
    assert income(round_events) == [6, 0, 0]
