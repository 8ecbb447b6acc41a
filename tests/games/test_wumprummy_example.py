"""The rule text's worked example of three players, move by move, every stated
result checked (docs/rules/wump-rummy.md, "The worked example").

"with no cards in the center, it's player a's turn. He has a 3H and a 5D. Player
b (to left of a) has a 3s and a jH. Player c (left of b) has a 4H and qD."

Players a, b and c are seats 1, 2 and 3; c dealt, so a plays first in the deal.
The example is not at a game's end (its last plays take single cards, not the
whole centre), so it is set in the second of the four deals of a first game:
each player has played two cards of the deal, and 24 cards are left to deal.
The text's own spelling of the cards is read as it stands ("3s", "jH", "qD").
"""

import pytest
from wumprummy_helpers import moves, play, position

from marbleboard.games.wumprummy.notation import cards_from
from marbleboard.games.wumprummy.state import bits_of

A, B, C = 0, 1, 2


def example():
    return position("3H5D,3sjH,4HqD", centre="-", deck=24, game="1.2", turn=1, dealer=3)


def taken(before, after, seat):
    """The cards a seat claimed between two states."""
    return after.claimed[seat].bit_count() - before.claimed[seat].bit_count()


def test_the_position_a_to_play_the_centre_empty():
    """The text: "with no cards in the center, it's player a's turn."."""
    state = example()
    assert state.current == A and state.centre == 0 and len(state.deck) == 24
    # Nothing to take: a must put out one of the two cards.
    assert moves(state) == ["3H", "5D"]


def test_a_plays_the_3h_b_takes_it_with_the_3s():
    """The text: "If player a plays the 3H player b will take it with the 3s"."""
    state = example()
    play(state, "3H")
    # b may take the 3H with the 3S (by value) or with the JH (by suit): the text's
    # line is one of b's two claims.
    assert moves(state) == ["3Sx3H", "JHx3H"]
    play(state, "3sx3H")
    assert state.claimed[B] & bits_of(cards_from("3S3H")) == bits_of(cards_from("3S3H"))


def test_then_c_must_put_out_a_card():
    """The text: "player c must then put out a card. If you can't take a card, you must play a
    card."
    """
    state = play(example(), "3H", "3Sx3H")
    assert state.current == C and state.centre == 0
    assert moves(state) == ["4H", "QD"]


def test_a_cannot_take_the_4h_and_puts_out_the_5d_taking_no_cards():
    """The text: "Player a will not be able to take either card player C puts out, and will
    have to put out the 5D, taking no cards." True of the 4H:
    """
    state = play(example(), "3H", "3Sx3H", "4H")
    assert moves(state) == ["5D"]
    before = state.clone()
    play(state, "5D")
    assert taken(before, state, A) == 0


def test_where_the_example_and_the_rules_disagree_a_takes_the_qd():
    """The text: "Player a will not be able to take either card player C puts out". Not so of
    the QD: a's 5D matches it by suit, and a card that "matches a center card
    either by suit or by value" takes it. The engine follows the rule
    (docs/rules/wump-rummy.md): after the QD, a's one move is to take it.
    """
    state = play(example(), "3H", "3Sx3H", "QD")
    assert moves(state) == ["5DxQD"]
    before = state.clone()
    play(state, "5DxQD")
    assert taken(before, state, A) == 2


def test_a_plays_the_5d_b_cannot_take_it():
    """The text: "If player a plays the 5D, player b cannot take it."."""
    state = play(example(), "5D")
    assert state.current == B
    assert moves(state) == ["3S", "JH"]  # no claim: b puts out a card


@pytest.mark.parametrize("b_plays, a_takes", [("3S", "3Hx3S"), ("JH", "3HxJH")])
def test_either_card_b_plays_can_be_taken_by_a(b_plays, a_takes):
    """The text: "Either card player b plays can be taken by player a."."""
    state = play(example(), "5D", b_plays)
    # a's 3H matches the 3S by value and the JH by suit. (c plays in between; a
    # takes b's card when c leaves it, below.)
    probe = state.clone()
    probe.current = A  # as though it were a's turn now
    assert a_takes in moves(probe)


def test_b_plays_the_3s_c_takes_the_5d_with_the_qd_and_a_the_3s_with_the_3h():
    """The text: "If player b plays the 3s, player c takes the 5D with qD, and player a takes
    the 3s with the 3H."
    """
    state = play(example(), "5D", "3S")
    assert moves(state) == ["QDx5D"]  # c's one move: taking is not optional
    play(state, "qDx5D")
    assert moves(state) == ["3Hx3S"]
    before = state.clone()
    play(state, "3Hx3S")
    assert taken(before, state, A) == 2 and state.centre == 0


def test_b_plays_the_jh_c_chooses_between_the_5d_and_the_jh():
    """The text: "If player b plays the jH, now player C gets the final choice between the 5D
    or the jH."
    """
    state = play(example(), "5D", "jH")
    assert state.current == C
    assert moves(state) == ["4HxJH", "QDx5D"]


def test_the_twelve_plays_of_a_three_player_deal():
    """The text: "In a three player game, it is becomes more difficult to see how all twelve
    plays are going to happen." Three players, four cards each: twelve plays a
    deal, after which the next deal comes.
    """
    state = example()
    plays = 6  # two cards each already played in this deal
    while state.deal == 2:
        state.play(state.legal_actions()[0])
        plays += 1
    assert plays == 12 and [h.bit_count() for h in state.hands] == [4, 4, 4]


@pytest.mark.parametrize("line, counts", [
    # a: 3H, b takes it with 3S, c puts out 4H, a puts out 5D (taking no cards), b's
    # JH takes the 4H, c's QD the 5D.
    (("3H", "3Sx3H", "4H", "5D", "JHx4H", "QDx5D"), (0, 4, 2)),
    # ... c puts out the QD instead: a takes it, then b's JH, which c's 4H takes.
    (("3H", "3Sx3H", "QD", "5DxQD", "JH", "4HxJH"), (2, 2, 2)),
    # a: 5D; b: 3S; c's QD takes the 5D, a's 3H the 3S; b's JH, c's 4H takes it.
    (("5D", "3S", "QDx5D", "3Hx3S", "JH", "4HxJH"), (2, 0, 4)),
    # a: 5D; b: JH; c takes the 5D: a takes the JH, b and c put out their last.
    (("5D", "JH", "QDx5D", "3HxJH", "3S", "4H"), (2, 0, 2)),
    # ... c takes the JH: a puts out the 3H, b's 3S takes it, c's QD the 5D.
    (("5D", "JH", "4HxJH", "3H", "3Sx3H", "QDx5D"), (0, 2, 4)),
])
def test_every_line_of_the_example_to_the_end_of_the_deal(line, counts):
    """The text: "Sometimes the outcome of who get's what cards is the same no matter what
    choices you make, and sometimes it's very important to play the cards in the
    right order." Each line played out: the cards each player takes.
    """
    state = example()
    before = state.clone()
    for text in line:
        play(state, text)
    assert tuple(taken(before, state, s) for s in (A, B, C)) == counts
    assert state.deal == 3  # the deal is over: the next is dealt
