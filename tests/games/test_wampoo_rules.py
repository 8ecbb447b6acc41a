"""Every rule sentence of the Wampoo text (rules/wampoo.txt), one test or more each.

Holes: 0 is red's STARTER, 18 blue's, 36 yellow's, 54 green's; red's HOME entry
is 68, just outside R1..R4.
"""

import random

import pytest
from wampoo_helpers import moves, play, position

from marbleboard.games.cards import parse_card
from marbleboard.games.wampoo import Options, RuleError, new_game
from marbleboard.games.wampoo.notation import LETTERS


def deck_with(top):
    """A deck whose first cards are ``top`` (card text), the rest in order."""
    first = [parse_card(top[i:i + 2]) for i in range(0, len(top), 2)]
    return first + [c for c in range(54) if c not in first]


# --- What you need to play -----------------------------------------------------------


def test_2_to_4_players():
    # "2-4 players"
    for n in (2, 3, 4):
        assert len(Options(players=n).seats) == n
    for n in (1, 5):
        with pytest.raises(ValueError, match="2, 3 or 4 players"):
            Options(players=n)


def test_a_deck_of_54_cards_with_jokers():
    # "1 standard deck of 54 cards (Jokers are used)"
    state = new_game(Options(first_dealer=0))
    with pytest.raises(RuleError, match="each of the 54 cards once"):
        state.apply_shuffle(list(range(52)))
    state.apply_shuffle(list(range(54)))
    assert sum(len(h) for h in state.hands) + len(state.deck) - state.deck_at == 54


# --- Starting the game and how to win -------------------------------------------------


def test_unless_they_choose_two_players_sit_opposite_and_three_leave_green_empty():
    # "Each player sits at one side of the game board." (interpretation: two players
    # sit opposite, as far apart as the board allows; three take red, blue, yellow)
    assert Options(players=2).seats == (0, 2)
    assert Options(players=3).seats == (0, 1, 2)
    assert Options(players=4).seats == (0, 1, 2, 3)


def test_players_choose_their_colours():
    # "Each player takes four marbles of the colour of his choosing and puts them in
    # the 4 diagonal holes of his START row." (interpretation: any colours may play,
    # each by one player; each is a side of the board, so a colour chosen is a side
    # sat at)
    assert Options(players=2, seating=(3, 1)).seats == (1, 3)  # kept in playing order
    assert Options(players=3, seating=(1, 2, 3)).seats == (1, 2, 3)
    for twice in ((0, 0), (0, 4), (0, 1, 2)):
        with pytest.raises(ValueError, match="different colours"):
            Options(players=2, seating=twice)
    state = new_game(Options(players=2, seating=(0, 1), first_dealer=0))
    state.apply_shuffle(list(range(54)))
    assert [len(h) for h in state.hands] == [5, 5, 0, 0] and state.current == 1
    state = position({"B": "20,BS,BS,BS", "G": "GS,GS,GS,GS"}, "2S", players=2, turn="B",
                     seating=(1, 3))
    assert moves(state) == ["2 20-22"]


def test_marbles_start_in_the_start_rows():
    # "puts them in the 4 diagonal holes of his START row"
    state = new_game()
    assert state.pos == [-1] * 16


def test_moving_clockwise_is_counting_up_round_the_track():
    # "moving clockwise around the game board"
    state = play(position({"R": "5,RS,RS,RS"}, "3C"), "3 5-8")
    assert state.pos[0] == 8


def test_all_four_marbles_home_wins():
    # "The object of the game is to move all 4 marbles from your START row to your HOME row"
    state = position({"R": "R2,R3,R4,68"}, "AC", players=2)
    play(state, "A 68-R1")
    assert state.winners == (0,) and state.is_over()


# --- Dealing the cards ------------------------------------------------------------------


def test_the_first_spade_dealt_chooses_the_dealer():
    # "An arbitrary dealer deals cards to each player until someone is dealt a Spade.
    # That person then becomes the dealer for the first round of the game."
    state = new_game(Options(players=4))
    state.apply_shuffle(deck_with("AH2H3HKS"))  # to blue, yellow, green, then red: a spade
    assert state.dealer == 0 and state.is_chance()


def test_the_cards_dealt_to_find_the_dealer_are_shuffled_back_before_the_deal():
    # "An arbitrary dealer deals cards to each player until someone is dealt a Spade."
    # (interpretation: the arbitrary dealer is the first colour in playing order; the
    # cards go back and all 54 are shuffled again for the first deal)
    state = new_game(Options(players=2, seating=(1, 3)))
    state.apply_shuffle(deck_with("AH2S"))  # blue deals: AH to green, 2S to blue
    assert state.dealer == 1 and state.is_chance() and state.chance == "shuffle"
    assert state.hands == [[], [], [], []]
    second = list(range(53, -1, -1))
    state.apply_shuffle(second)
    dealt = sorted(c for h in state.hands for c in h)
    assert dealt == sorted(second[:10])  # the first ten of the new shuffle, all 54 in it
    assert state.hands[3][0] == second[0] and state.current == 3  # left of blue: green
    assert len(state.deck) - state.deck_at == 44


def test_five_cards_each_starting_left_of_the_dealer():
    # "The dealer deals 5 cards to each player, starting with the player to his left"
    state = new_game(Options(players=4, first_dealer=0))
    state.apply_shuffle(deck_with("AS2S3S4S5S"))
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert state.hands[1][0] == parse_card("AS") and state.hands[2][0] == parse_card("2S")
    assert state.hands[0][0] == parse_card("4S")


@pytest.mark.parametrize("players, left", [(4, 2), (3, 3), (2, 4)])
def test_later_deals_are_four_each_until_the_deck_runs_down(players, left):
    # "In subsequent deals, the dealer deals only 4 cards to each player, until there
    # are only 2 cards remaining in the deck (in a 3-player game there will be 3 cards
    # remaining in the deck and in a 2-player game there will be 4 cards remaining)"
    state = new_game(Options(players=players, first_dealer=0))
    state.apply_shuffle(list(range(54)))
    rng = random.Random(1)
    deals = [5]
    while not state.is_chance():
        dealt = state.deck_at
        state.apply(rng.choice(state.legal_actions()))
        if state.is_over():
            pytest.skip("the game ended before the deck ran down")
        if state.deck_at != dealt:
            deals.append((state.deck_at - dealt) // players)
    assert deals == [5] + [4] * ((54 - left - 5 * players) // (4 * players))
    assert len(state.deck) - state.deck_at == left


def test_play_begins_left_of_the_dealer_and_goes_left():
    # "The play begins with the first person to the dealer's left. Each player plays
    # one card (if possible) and then the play continues to the left."
    state = new_game(Options(players=3, first_dealer=1))
    state.apply_shuffle(list(range(54)))
    order = []
    for _ in range(6):
        order.append(state.current)
        state.apply(state.legal_actions()[0])
        if state.hands[state.current] == []:
            break
    assert order[:3] == [2, 0, 1]


def test_the_deal_passes_left_after_the_round():
    # "After the round is over, the deal passes to the next person to the left."
    state = new_game(Options(players=4, first_dealer=3))
    state.apply_shuffle(list(range(54)))
    dealt = state.deck_at
    while state.deck_at == dealt:
        state.apply(state.legal_actions()[0])
    assert state.dealer == 0 and state.current == 1


def test_when_the_deck_has_run_down_all_54_cards_are_shuffled_again():
    # "until there are only 2 cards remaining in the deck" (interpretation,
    # docs/rules/wampoo.md: then a new shuffle of all 54, and 5 cards each again)
    state = position({"R": "5,RS,RS,RS"}, "3C", others="-")
    state.deck = [parse_card("AS"), parse_card("AH")]
    play(state, "3 5-8")
    assert state.is_chance() and state.chance == "shuffle"
    state.apply_shuffle(list(range(54)))
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]


# --- Getting out ----------------------------------------------------------------------


def test_only_ace_king_and_joker_get_a_marble_out():
    # "only special starter cards can be used to get the marble out. These special
    # starter cards are the Ace, King, and Joker."
    assert moves(position({}, "AS")) == ["A RS-0"]
    assert moves(position({}, "KD")) == ["K RS-0"]
    assert moves(position({}, "X1")) == ["X RS-0"]
    assert moves(position({}, "QS")) == ["fold"]


def test_one_marble_out_per_card():
    # "Only one marble can be taken out of the START row at a time"
    state = play(position({}, "ASKS"), "A RS-0")
    assert sum(p >= 0 for p in state.pos[:4]) == 1


def test_no_marble_out_and_no_starter_card_forfeits_the_hand():
    # "If a player does not have any marbles out of his START row and does not have an
    # Ace, King, or Joker in his hand, he must throw away his cards and forfeit the hand."
    state = position({}, "2C5D9H")
    assert moves(state) == ["fold"]
    play(state, "fold")
    assert state.hands[0] == [] and state.forfeited == 1


def test_no_second_marble_out_onto_ones_own_protected_starter_marble():
    # "A marble in your STARTER hole blocks all other marbles from knocking you off"
    # (interpretation: coming out onto it would change nothing, a pass the rules
    # never offer)
    assert moves(position({"R": "0!,RS,RS,RS"}, "KS")) == ["K 0-13"]
    assert "K RS-0 xR0" in moves(position({"R": "0,RS,RS,RS"}, "KS"))  # once it has moved


def test_getting_out_lands_on_the_starter_hole_and_knocks_off_whoever_is_there():
    # "he can play one of these cards and move one of his marbles to the STARTER hole"
    state = play(position({"B": "0,BS,BS,BS"}, "KS"), "K RS-0 xB0")
    assert state.pos[0] == 0 and state.pos[4] == -1


def test_all_four_marbles_may_be_out():
    # "It is possible (though not always advisable) for a player to have all 4 of his
    # marbles out of the START row and on the board."
    state = position({"R": "3,5,7,RS"}, "AS")
    assert "A RS-0" in moves(state)


# --- Moving towards home -----------------------------------------------------------------


@pytest.mark.parametrize("card, steps", [("AS", 1), ("2S", 2), ("3S", 3), ("5S", 5),
                                         ("6S", 6), ("8S", 8), ("9S", 9), ("TS", 10),
                                         ("JS", 11), ("QS", 12), ("KS", 13), ("X1", 20)])
def test_card_values(card, steps):
    # "The number of holes that a marble can be moved with each card is shown below"
    state = position({"R": "1,RS,RS,RS"}, card)
    assert f"{card[0]} 1-{1 + steps}" in moves(state)


def test_each_card_moves_only_one_marble():
    # "Each card can be used to move only one marble."
    state = play(position({"R": "1,10,RS,RS"}, "5S"), "5 1-6")
    assert state.pos[:2] == [6, 10]


# --- Knocking players off -------------------------------------------------------------------


def test_landing_on_an_opponent_sends_it_back_to_start():
    # "If you play a card which causes one of your marbles to land in a hole occupied by
    # an opponent's marble, your opponent's marble is returned to his START row."
    state = play(position({"R": "10,RS,RS,RS", "Y": "15,YS,YS,YS"}, "5S"), "5 10-15 xY15")
    assert state.pos[8] == -1 and state.pos[0] == 15


def test_landing_on_your_own_marble_knocks_it_off_too():
    # "no two marbles can occupy the same hole at the same time, so it is possible (and
    # sometimes unavoidable) to knock off [your own marble] instead of your opponent"
    state = play(position({"R": "10,15,RS,RS"}, "5S"), "5 10-15 xR15")
    assert state.pos[1] == -1


# --- Special cards ----------------------------------------------------------------------------


def test_the_4_moves_back():
    # "4 - move back 4 spaces instead of ahead."
    assert moves(position({"R": "20,RS,RS,RS"}, "4S")) == ["4 20-16"]


def test_the_4_from_the_starter_lands_next_to_home():
    # "This card is especially useful when used from the STARTER hole, since it puts
    # your marble next to your HOME row."
    state = play(position({"R": "0!,RS,RS,RS"}, "4S"), "4 0-68")
    assert "A 68-R1" in moves(position({"R": "68,RS,RS,RS"}, "AS"))
    assert state.pos[0] == 68


def test_a_4_backwards_past_ones_own_home_entry_stays_on_the_track():
    # "This card is especially useful when used from the STARTER hole, since it puts
    # your marble next to your HOME row." (interpretation: a marble moving backwards
    # never enters HOME, even crossing its own entry; it lands on the track behind the
    # entry, and from there goes in forwards without another lap)
    state = position({"R": "71,RS,RS,RS"}, "4S")
    assert moves(state) == ["4 71-67"]
    play(state, "4 71-67")
    assert state.pos[0] == 67
    assert moves(position({"R": "67,RS,RS,RS"}, "2S")) == ["2 67-R1"]
    assert moves(position({"R": "1,RS,RS,RS"}, "4S")) == ["4 1-69"]
    assert moves(position({"R": "69,RS,RS,RS"}, "3S")) == ["3 69-0"]  # not past the entry


def test_the_4_knocks_off_too():
    # "Just like when you move forwards, you can knock off an opponent's marble if you
    # land on a hole occupied by one of his marbles."
    play(position({"R": "20,RS,RS,RS", "B": "16,BS,BS,BS"}, "4S"), "4 20-16 xB16")


def test_the_7_knocks_off_every_marble_along_the_way_even_its_own_side():
    # "7 - the "killer card". This card allows you to move forward 7 spaces, but your
    # marble knocks off every other marble along the way. This card can be dangerous if
    # you are forced to knock off your own or your teammate's marbles."
    state = position({"R": "1,3,RS,RS", "B": "5,BS,BS,BS", "Y": "8,YS,YS,YS"}, "7S")
    assert "7 1-8 xR3 xB5 xY8" in moves(state)
    play(state, "7 1-8")
    assert [state.pos[m] for m in (0, 1, 4, 8)] == [8, -1, -1, -1]


def test_the_jack_moves_11_or_swaps_any_two_marbles():
    # "Jack - move 11 spaces ahead OR swap any two marbles on the board."
    state = position({"R": "1,RS,RS,RS", "B": "30,BS,BS,BS", "Y": "50,YS,YS,YS"}, "JS")
    assert moves(state) == ["J 1-12", "J 1<>30", "J 1<>50", "J 30<>50"]
    play(state, "J 30<>50")
    assert state.pos[4] == 50 and state.pos[8] == 30


def test_the_jack_swaps_only_with_a_marble_of_ones_own_in_play():
    # "You must have at least one marble in play (not in the START row or HOME row) to
    # swap marbles with a Jack."
    state = position({"R": "R1,RS,RS,RS", "B": "30,BS,BS,BS", "Y": "50,YS,YS,YS"}, "JS")
    assert moves(state) == ["fold"]


def test_the_joker_moves_20_and_may_pass_a_protected_starter_marble():
    # "Joker - move 20 spaces ahead AND be able to pass a marble on a player's STARTER hole."
    state = position({"R": "10,RS,RS,RS", "B": "18!,BS,BS,BS"}, "X1QS")
    assert moves(state) == ["X 10-30", "X RS-0"]


def test_a_protected_starter_marble_cannot_be_killed_swapped_or_passed():
    # "If one of the players has a marble in his STARTER hole, you cannot kill that
    # marble or swap that marble with a Jack. You also cannot move past the marble in
    # the STARTER hole, unless you have a Joker."
    state = position({"R": "10,14,RS,RS", "B": "18!,BS,BS,BS", "Y": "40,YS,YS,YS"}, "8SJS4S")
    assert moves(state) == ["4 10-6", "4 14-10 xR10", "J 10<>40", "J 14<>40"]
    joker = position({"R": "10,RS,RS,RS", "B": "18!,BS,BS,BS"}, "X1")
    assert "X 10-30" in moves(joker)
    joker_onto = position({"R": "70,RS,RS,RS", "B": "18!,BS,BS,BS"}, "X1")
    assert moves(joker_onto) == ["X RS-0"]  # 70 + 20 lands on it: not even a Joker


# --- Special rules -------------------------------------------------------------------------------


def test_no_playable_card_at_any_time_forfeits_the_hand():
    # "If at any time you cannot play any of your cards, you must throw away your cards
    # and forfeit the hand."
    state = position({"R": "R4,R3,RS,RS"}, "2S3S5S")
    assert moves(state) == ["fold"]


def test_you_must_play_even_when_it_hurts():
    # "You MUST play one of your cards if possible, even if it means knocking off one of
    # your own or your teammate's marbles."
    state = position({"R": "10,RS,RS,RS", "Y": "15,YS,YS,YS"}, "5S")
    assert moves(state) == ["5 10-15 xY15"]


def test_a_protected_starter_marble_blocks_every_other_marble_both_ways():
    # "A marble in your STARTER hole blocks all other marbles from knocking you off or
    # moving past you in either direction (unless a player has a joker)."
    forwards = position({"R": "15,RS,RS,RS", "B": "18!,BS,BS,BS"}, "5S")
    backwards = position({"R": "20,RS,RS,RS", "B": "18!,BS,BS,BS"}, "4S")
    own = position({"R": "66,0!,RS,RS"}, "8S", pass_home_entry=True)
    assert moves(forwards) == ["fold"] and moves(backwards) == ["fold"]
    assert "8 66-2" not in moves(own)


def test_protection_ends_for_good_once_the_marble_moves():
    # "the STARTER hole rule applies only until the marble is first moved out of the
    # STARTER hole. For example, if a marble was moved out of the STARTER hole, and is
    # later moved back into the STARTER hole as a result of a swap (by a Jack), that
    # marble would not block other marbles from passing and would not be safe"
    state = position({"R": "20,RS,RS,RS", "B": "0,70,BS,BS"}, "JS")
    play(state, "J 0<>20")  # the red marble is back on its STARTER by a swap
    assert state.pos[0] == 0 and not state.fresh
    state.current = 1
    state.hands[1] = [parse_card("2S")]
    assert "2 70-0 xR0" in moves(state)  # so it can be knocked off (and passed)


def test_any_number_of_marbles_on_the_board():
    # "Any number of marbles can be on the board at the same time, but only one marble
    # can be moved by each card."
    state = position({"R": "1,5,9,13", "B": "20,24,28,32"}, "2S")
    assert moves(state) == ["2 1-3", "2 13-15", "2 5-7", "2 9-11"]


def test_jack_may_swap_any_two_colours_but_not_one_colour():
    # "The Jack swaps any two marbles, no matter which players they belong to ...
    # However, swapping marbles of the same colour is not allowed"
    state = position({"R": "1,5,RS,RS", "B": "20,24,BS,BS"}, "JS")
    swaps = [m for m in moves(state) if "<>" in m]
    assert swaps == ["J 1<>20", "J 1<>24", "J 5<>20", "J 5<>24"]


def test_the_jack_spares_only_a_protected_starter_marble():
    # "The Jack swaps any two marbles, no matter which players they belong to (unless a
    # marble is in a player's STARTER hole)." (interpretation: the marble meant is one
    # protected on its own STARTER; a marble of another colour there, or one back on
    # its own STARTER after moving, is swapped like any other)
    state = position({"R": "10,RS,RS,RS", "B": "0,BS,BS,BS", "Y": "36!,YS,YS,YS",
                      "G": "54,GS,GS,GS"}, "JS")
    assert moves(state) == ["J 0<>10", "J 0<>54", "J 10-21", "J 10<>54"]
    play(state, "J 0<>10")  # red's own marble onto red's STARTER by a swap
    assert state.pos[0] == 0 and not state.fresh & 1


def test_marbles_in_the_start_row_are_never_swapped():
    # "Marbles in the START row and HOME row are not considered in play." (interpretation:
    # a Jack swaps marbles on the track only, so it never brings a marble out of a START
    # row, nor sends one there)
    state = position({"R": "10,RS,RS,RS", "Y": "40,YS,YS,YS"}, "JS")
    assert moves(state) == ["J 10-21", "J 10<>40"]  # no swap with any START marble
    play(state, "J 10<>40")
    assert state.pos[0] == 40 and state.pos[8] == 10
    assert state.pos[1:4] == [-1, -1, -1] and state.pos[9:12] == [-1, -1, -1]


def test_marbles_in_start_or_home_are_not_in_play_for_a_jack():
    # "Marbles in the START row and HOME row are not considered in play."
    state = position({"R": "1,RS,RS,RS", "B": "B1,BS,BS,BS"}, "JS")
    assert moves(state) == ["J 1-12"]


# --- Getting home -------------------------------------------------------------------------


def test_exact_count_into_home():
    # "A player must move an exact number of spaces in the HOME row. For example, if a
    # player is just outside the HOME row and does not have an Ace, 2, or 3, he cannot
    # move his marble inside the HOME row."
    outside = position({"R": "68,RS,RS,RS"}, "AS2S3S5S4S")
    assert moves(outside) == ["2 68-R2", "3 68-R3", "4 68-64", "A 68-R1", "A RS-0"]


def test_next_to_home_without_a_small_card_forfeits():
    # "Once a player is next to his HOME row, he must forfeit his hand if he does not
    # have a small enough card to enter the HOME row."
    assert moves(position({"R": "68,R4,R3,R2"}, "5S9S")) == ["fold"]


def test_next_to_home_the_hand_is_forfeited_only_when_no_card_can_be_played():
    # "Once a player is next to his HOME row, he must forfeit his hand if he does not
    # have a small enough card to enter the HOME row." (interpretation: that marble
    # cannot move; the hand goes only if no card moves any other marble either, as
    # "You MUST play one of your cards if possible")
    assert moves(position({"R": "68,20,RS,RS"}, "9S")) == ["9 20-29"]
    assert moves(position({"R": "66,20,RS,RS"}, "8S")) == ["8 20-28"]
    assert "4 68-64" in moves(position({"R": "68,RS,RS,RS"}, "4SQS"))  # a 4 goes back
    state = position({"R": "68,RS,RS,RS"}, "9SQS")
    assert moves(state) == ["fold"]
    play(state, "fold")
    assert state.hands[0] == [] and state.pos[0] == 68  # it waits there, not round again


def test_no_jumping_over_ones_own_marbles_in_home():
    # "A player cannot jump over his own marbles in the HOME row."
    state = position({"R": "68,R2,RS,RS"}, "AS2S3S")
    assert moves(state) == ["2 R2-R4", "A 68-R1", "A R2-R3", "A RS-0"]


def test_no_4_backwards_out_of_home():
    # "A player cannot use a 4 to move backwards out of the HOME row."
    assert moves(position({"R": "R1,RS,RS,RS"}, "4S")) == ["fold"]


def test_nobody_enters_another_players_home_row():
    # "No player can ever enter another player's HOME row. If a player finds himself just
    # outside another player's HOME row, he must simply continue around the board."
    state = play(position({"R": "14,RS,RS,RS"}, "2S"), "2 14-16")  # 14 is blue's HOME entry
    assert state.pos[0] == 16


def test_home_marbles_are_untouchable():
    # "Once a player's marble has entered the HOME row, it is considered out of play and
    # untouchable (it can never be knocked off)."
    state = position({"R": "10,RS,RS,RS", "B": "B1,BS,BS,BS"}, "JS7S")
    assert all("B1" not in m for m in moves(state))


def test_a_marble_reaching_its_home_entry_goes_in_not_round_again():
    # "A player will only have to move a marble around the board again if someone knocks
    # it off or swaps the marble with a Jack." (interpretation: see docs/rules/wampoo.md)
    assert moves(position({"R": "66,RS,RS,RS"}, "8S")) == ["fold"]
    assert moves(position({"R": "66,RS,RS,RS"}, "8S", pass_home_entry=True)) == ["8 66-2"]


def test_seven_and_joker_into_home_are_options():
    # "A player must move an exact number of spaces in the HOME row." (interpretation,
    # docs/rules/wampoo.md: by default a 7 or a Joker may end in HOME, exactly)
    assert "7 64-R3" in moves(position({"R": "64,RS,RS,RS"}, "7S"))
    assert moves(position({"R": "64,RS,RS,RS"}, "7S", seven_into_home=False)) == ["fold"]
    assert "X 50-R2" in moves(position({"R": "50,RS,RS,RS"}, "X1"))
    assert "X 50-R2" not in moves(position({"R": "50,RS,RS,RS"}, "X1", joker_into_home=False))


def test_the_7_knocks_only_on_the_track_on_its_way_home():
    state = play(position({"R": "64,RS,RS,RS", "B": "66,BS,BS,BS"}, "7S"), "7 64-R3 xB66")
    assert state.pos[4] == -1


# --- Teams (interpretations) ----------------------------------------------------------------


def test_partners_sit_opposite_and_win_together():
    # "your teammate's marbles" and "The object of the game is to move all 4 marbles
    # from your START row to your HOME row" (interpretations, docs/rules/wampoo.md:
    # four players play as two teams, partners opposite, and a team wins when all
    # eight of its marbles are HOME)
    state = position({"R": "R1,R2,R3,R4", "Y": "Y2,Y3,Y4,32"}, "AH", turn="Y")
    play(state, "A 32-Y1")
    assert state.winners == (0, 2) and state.returns() == [1, -1, 1, -1]


def test_a_finished_player_plays_the_partners_marbles():
    # "If at any time you cannot play any of your cards, you must throw away your cards
    # and forfeit the hand." (interpretation: a finished player can still play, for
    # the partner; option partner_plays_on)
    state = position({"R": "R1,R2,R3,R4", "Y": "40,YS,YS,YS"}, "5S")
    assert moves(state) == ["5 40-45"]
    off = position({"R": "R1,R2,R3,R4", "Y": "40,YS,YS,YS"}, "5S", partner_plays_on=False)
    assert moves(off) == ["fold"]


def test_a_finished_player_swaps_with_a_jack_for_the_partners_marble_in_play():
    # "A Jack can only be used by a player to swap marbles if that player has a marble
    # in play on the board." (interpretation: a player whose four marbles are HOME
    # plays the partner's marbles, so the partner's marble in play counts)
    finished = {"R": "R1,R2,R3,R4", "B": "20,BS,BS,BS"}
    assert moves(position({**finished, "Y": "40,YS,YS,YS"}, "JS")) == ["J 20<>40", "J 40-51"]
    assert moves(position({**finished, "Y": "YS,YS,YS,YS"}, "JS")) == ["fold"]
    assert moves(position({**finished, "Y": "40,YS,YS,YS"}, "JS",
                          partner_plays_on=False)) == ["fold"]
    # Not yet finished, a player's own marbles count, not the partner's.
    assert moves(position({"B": "20,BS,BS,BS", "Y": "40,YS,YS,YS"}, "JS")) == ["fold"]


def test_seat_letters():
    assert LETTERS == "RBYG"


# --- The rule page ------------------------------------------------------------------------


def test_every_interpretation_on_the_rule_page_is_checked_by_a_test_quoting_its_sentence():
    import re
    from pathlib import Path

    def plain(text):
        return " ".join(text.replace("#", " ").split())

    root = Path(__file__).resolve().parents[2]
    page = (root / "docs" / "rules" / "wampoo.md").read_text()
    readings = re.findall(r"\*\*Interpretation: ([^*]+)\*\*(.*?)(?=\n- |\n\n|\n#|\Z)", page, re.S)
    assert len(readings) >= 15
    tests = [plain(t) for t in Path(__file__).read_text().split("\ndef test_")[1:]]
    for title, text in readings:
        quoted = re.findall(r'"([^"]+)"', plain(text))
        assert quoted, f"the interpretation {title!r} names no sentence it reads"
        sentence = quoted[0].rstrip(".")
        assert any(sentence in t and "nterpretation" in t for t in tests), \
            f"no rule test quotes {sentence!r} as an interpretation ({title})"
