"""Move counts from fixed positions, counted by hand (as chess engines check perft).

A hand card takes any centre card of its suit or its value, one claim each; a
seat that has no claim puts any of its cards into the centre.
"""

import pytest
from wumprummy_helpers import moves, position

from marbleboard.games.wumprummy import Options, new_game
from marbleboard.games.wumprummy.notation import parse_outcome

ORDERED = "".join(f"{v}{s}" for v in "A23456789TJQK" for s in "SHDC")
HEARTS = "".join(f"{v}H" for v in "A23456789TJQK")

COUNTS = [
    # KS: KD KC by value, 2S by suit; KH: KD KC, 2H; 5D: 5C, KD 9D; 9C: 9D, KC 5C.
    ("KSKH5D9C", "KDKC2S2H5C9D", 12),
    # Nothing shares a suit or a value: each card may go into the centre.
    ("2S3S4S5S", "6H7D8CKH", 4),
    # One card left that takes nothing: one move, the table's to play (forced).
    ("2S", "6H7D8CKH", 1),
    # The spades AS-4S against the thirteen hearts: each its own value, once.
    ("AS2S3S4S", HEARTS, 4),
    # The hearts AH-4H against the other nine hearts: each takes any of them.
    ("AH2H3H4H", HEARTS[8:], 36),
    # An empty centre: nothing to take, each card may go.
    ("AH2H3H4H", "-", 4),
]


@pytest.mark.parametrize("hand, centre, count", COUNTS)
def test_counts(hand, centre, count):
    other = "JCJDJSQC"[:len(hand)]  # seat 2 holds as many, to play after
    state = position(f"{hand},{other}", centre=centre)
    assert len(state.legal_actions()) == count, moves(state)


@pytest.mark.parametrize("players, first_hand, count", [
    # The deck in order (AS AH AD AC 2S 2H ...): the starters are the four aces and
    # the cards go round from the dealer's left (seat 2), one at a time.
    (2, "2S2D3S3D", 4),  # 2S 3S take AS, 2D 3D take AD
    (3, "2S2C3D4H", 4),  # each takes the ace of its suit
    (4, "2S3S4S5S", 4),  # each takes the AS
])
def test_counts_at_the_first_turn_of_an_ordered_deck(players, first_hand, count):
    state = new_game(Options(players=players))
    state.apply_chance(parse_outcome(ORDERED))
    assert moves(state)[0][:2] in first_hand
    assert len(state.legal_actions()) == count


def test_counts_through_a_deal():
    # Two players, seat 1 to play: 3H 5D against 3S JH, centre 9C KD.
    state = position("3H5D,3SJH", centre="9CKD", deck=8)
    assert moves(state) == ["5DxKD"]  # 3H takes nothing; 5D takes KD by suit
    state.play(state.legal_actions()[0])
    assert moves(state) == ["3S", "JH"]  # 9C: neither; seat 2 puts one out
