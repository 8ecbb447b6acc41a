"""Move counts from fixed positions, counted by hand (as chess engines check perft).

NO_STRINGS (stomple_helpers) is a full layout in which hole (row r, column c),
counted from 0 at a1, holds MARBLE_LETTERS[(c + 3r) % 7] = "RYGBPW*"[...]: the
neighbours of a hole are at offsets +1, -1, +3, -3, +4, +2, -2, -4 (mod 7) from
it, all different from 0, so no string anywhere, and seven of each letter.
"""

import pytest
from stomple_helpers import NO_STRINGS, moves, play, position

COUNTS = [
    # The round's first stomp: the 24 holes of the outer row, whatever they hold.
    ("", "W-,R-", "1", 24, ()),
    # White on d4 (offset 5, a white hole, now empty): its eight neighbours hold
    # offsets 6 4 1 2 2 0 3 1 (* P Y G G R B Y), no white; and the six other whites
    # to hop to: 8 + 6 = 14.
    ("Wd4", "Wd4,R-", "1", 14, ()),
    # Yellow on d4: two of the neighbours are yellow (d5 and c3); the other five
    # yellows are hops: 8 + 5 = 13.
    ("Wd4", "Yd4,R-", "1", 13, ()),
    # Purple in the corner a1 (a red hole, emptied): a2 B, b1 Y, b2 P next to it;
    # six purples elsewhere: 3 + 6 = 9.
    ("Ra1", "Pa1,R-", "1", 9, ()),
    # The same, after the turn's stomp of b2 (purple, alone): the red seat to play
    # its first stomp, 24 outer holes but a1 is empty: 23.
    ("Ra1", "Pa1,R-", "1", 23, ("Pb2",)),
]


def emptied(letters_holes):
    return " ".join("." + h[1:] for h in letters_holes.split())


@pytest.mark.parametrize("emptied_holes, stompers, turn, count, first", COUNTS)
def test_counts_on_the_full_layout(emptied_holes, stompers, turn, count, first):
    state = position(emptied(emptied_holes), stompers=stompers, turn=turn, base=NO_STRINGS)
    play(state, *first)
    assert len(state.legal_actions()) == count, moves(state)


def test_counts_in_a_clump_of_one_colour():
    # Yellow on c3 d3 e3 c4 e4 c5 d5 round a white Stomper on d4; a red far away.
    state = position("Yc3 Yd3 Ye3 Yc4 Ye4 Yc5 Yd5 Ra7", stompers="Wd4,R-")
    assert len(state.legal_actions()) == 7  # the seven yellows; no white to hop to
    play(state, "Yc4")
    # From c4: b3 c3 d3 b4 d4 b5 c5 d5 around it; yellow on c3 d3 c5 d5.
    assert moves(state) == ["Yc3", "Yc5", "Yd3", "Yd5"]
    play(state, "Yd5")
    # From d5: c4 d4 e4 c5 e5 c6 d6 e6; yellow left on e4 and c5.
    assert moves(state) == ["Yc5", "Ye4"]
    play(state, "Ye4")
    # From e4: d3 e3 f3 d4 f4 d5 e5 f5; yellow on d3 and e3. c5 is out of reach now.
    assert moves(state) == ["Yd3", "Ye3"]
    play(state, "Ye3")
    assert moves(state) == ["Yd3"]
    play(state, "Yd3")
    assert moves(state) == ["Yc3"]
    play(state, "Yc3")
    assert state.current == 1 and state.grid.count(1) == 1  # c5 stays


def test_counts_with_three_stompers_and_a_trapped_one():
    # Three seats: white on a1 with nothing round it and no white anywhere (out);
    # blue on d4 with Rc3 Rd3 next to it and two blues away (4 moves); purple not on
    # the board yet, with Ra7 and Bg1 in the outer row (2 moves).
    state = position("Rc3 Rd3 Bf6 Bg1 Ra7", stompers="Wa1,Bd4,P-")
    assert moves(state) == ["out"]
    play(state, "out")
    assert moves(state) == [">Bf6", ">Bg1", "Rc3", "Rd3"]
    play(state, "Rd3")  # the red string: c3 next to d3
    assert moves(state) == ["Rc3"]
    play(state, "Rc3")
    assert moves(state) == ["Bg1", "Ra7"]
