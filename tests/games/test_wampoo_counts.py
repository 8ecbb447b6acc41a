"""Move counts from fixed positions, counted by hand (as chess engines check perft).

Red to play in each; protected marbles are marked with '!'.
"""

import pytest
from wampoo_helpers import moves, position

COUNTS = [
    # Nothing out, one starter card among five: only the Ace brings a marble out.
    ({}, "AS2H3D5C9S", 1),
    # One red marble on 5, alone: K out or 5-18; 4 to 1; 7 to 12; J to 16 (nothing
    # to swap with); Joker out or 5-25.
    ({"R": "5,RS,RS,RS"}, "KS4H7DJCX1", 7),
    # One marble of each colour on the track: the Jack moves 5-16 or makes any of
    # the 6 two-colour swaps.
    ({"R": "5,RS,RS,RS", "B": "20,BS,BS,BS", "Y": "40,YS,YS,YS", "G": "60,GS,GS,GS"}, "JC", 7),
    # Mid-game, five different cards. Ace: 0-1, 30-31, R1-R2 (not out: red's own
    # protected marble holds the STARTER) = 3. Four: 0-68, 30-26 = 2. Seven: 0-7,
    # 30-37 = 2. Jack: 0-11, 30-41, and the swaps among R30 B10 B50 Y44 G60 G62 (the
    # protected 0 and 18 excluded): 15 pairs less B10-B50 and G60-G62 = 13; = 15.
    # Joker: 0-20 past blue's protected 18, 30-50 knocking blue = 2. In all 24.
    ({"R": "0!,30,R1,RS", "B": "18!,10,50,BS", "Y": "44,YS,YS,YS", "G": "60,62,GS,GS"},
     "AS4H7DJCX1", 24),
    # A 7 that would pass a protected marble cannot be played: the hand is thrown away.
    ({"R": "12,RS,RS,RS", "B": "18!,14,BS,BS"}, "7S", 1),
    # Two cards of one rank give the same moves once.
    ({"R": "5,RS,RS,RS"}, "3S3H", 1),
]


@pytest.mark.parametrize("marbles, hand, count", COUNTS)
def test_move_counts(marbles, hand, count):
    assert len(moves(position(marbles, hand))) == count


def test_the_mid_game_moves_themselves():
    state = position({"R": "0!,30,R1,RS", "B": "18!,10,50,BS", "Y": "44,YS,YS,YS",
                      "G": "60,62,GS,GS"}, "AS4H7DJCX1")
    listed = moves(state)
    assert "X 0-20" in listed and "X 30-50 xB50" in listed and "4 0-68" in listed
    assert not any("18" in m for m in listed)  # blue's protected marble: untouched
    assert sum("<>" in m for m in listed) == 13
