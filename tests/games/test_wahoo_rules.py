"""Every rule sentence of the Wa-Hoo text (rules/wa-hoo.txt), one test or more each,
quoting the sentence it checks; readings of the text are in docs/rules/wa-hoo.md.

Holes on the four-colour board (see wahoo_helpers): Starting Positions red 0,
blue 14, yellow 28, green 42; entries red 52, blue 10, yellow 24, green 38;
arrows red 45, blue 3, yellow 17, green 31.
"""

import pytest
from wahoo_helpers import moves, play, position, roll

from marbleboard.games.base import CHANCE, OVER, Chance
from marbleboard.games.wahoo import Options, RuleError, new_game
from marbleboard.games.wahoo.actions import PASS
from marbleboard.games.wahoo.marbles import WahooMarbles

# --- the table -------------------------------------------------------------------------


def test_2_to_4_players_and_up_to_6_on_the_six_colour_board():
    # "For 2 to 4 players"
    for n in (2, 3, 4):
        assert len(Options(players=n).seats) == n and Options(players=n).board == "wahoo"
    with pytest.raises(ValueError, match="2 to 4 players"):
        Options(players=5, board="wahoo")
    assert Options(players=5).board == "wahoo6" and len(Options(players=6).seats) == 6
    assert Options(players=3, board="wahoo6").seats == (0, 2, 4)
    with pytest.raises(ValueError, match="2 to 6 players"):
        Options(players=7)


def test_four_marbles_each_in_the_tribal_grounds():
    # "Each player takes four marbles of the same color and places them in the
    # corresponding Tribal Grounds"
    state = new_game(Options(players=3))
    assert state.pos == [-1] * 16
    assert WahooMarbles().target(state).pools[1] == (
        ("start.blue.1", "start.blue.2", "start.blue.3", "start.blue.4"), 4)


# --- who goes first ----------------------------------------------------------------------


def test_each_player_rolls_and_the_highest_goes_first():
    # "Each player rolls the die. The highest number goes first, then play proceeds
    # to the left."
    state = new_game(Options(players=4))
    assert state.is_chance() and state.chance_due() == Chance("roll", 6, permutation=False,
                                                               secret=False)
    rollers = []
    for face in (3, 5, 2, 1):
        rollers.append(state.roller)
        roll(state, face)
    assert rollers == [0, 1, 2, 3]
    assert state.roller == 1 and state.is_chance() and not state.contenders
    roll(state, 3)
    assert state.current == 1
    play(state, "pass")
    assert state.roller == 2  # to blue's left: yellow


def test_players_tied_for_highest_roll_again():
    # "If two or more players roll the same number, they roll again to break the tie."
    state = new_game(Options(players=4))
    for face in (3, 5, 2, 5):
        roll(state, face)
    assert state.contenders == (1, 3) and state.roller == 1  # only blue and green
    roll(state, 6)
    roll(state, 6)  # tied again
    assert state.contenders == (1, 3)
    roll(state, 2)
    roll(state, 4)
    assert not state.contenders and state.roller == 3 and state.is_chance()
    assert state.turns == 0  # rolling for first is not a turn
    roll(state, 2)
    play(state, "pass")
    assert state.roller == 0  # to green's left: red


def test_first_player_may_be_chosen_instead():
    state = new_game(Options(players=2, first_player=2))
    assert state.roller == 2 and not state.contenders


# --- getting out -------------------------------------------------------------------------


@pytest.mark.parametrize("face", [1, 6])
def test_a_one_or_a_six_brings_a_marble_out(face):
    # "To move a marble out of the Tribal Grounds to the Starting Position, a player
    # must roll either a one or a six."
    state = position(roll=face)
    assert moves(state) == [f"{face} out"]
    play(state, f"{face} out")
    assert state.pos[0] == 0


@pytest.mark.parametrize("face", [2, 3, 4, 5])
def test_other_rolls_bring_no_marble_out(face):
    assert moves(position(roll=face)) == ["pass"]


def test_after_coming_out_the_player_rolls_again():
    # "After a marble is placed on the Starting Position, the player rolls again to
    # begin moving along the Path"
    state = play(position(roll=6), "6 out")
    assert state.current == CHANCE and state.roller == 0
    roll(state, 3)
    assert moves(state) == ["3 0-3"]


def test_a_one_or_a_six_may_bring_one_out_or_move_one_on_the_path():
    # "If a one or a six is rolled, a player may either move a marble out of the
    # Tribal Grounds to the Starting Position, or move a marble that is already on
    # the Path."
    assert moves(position({"R": "5,RS,RS,RS"}, 6)) == ["6 5-11", "6 out"]
    assert moves(position({"R": "5,RS,RS,RS"}, 1)) == ["1 5-6", "1 out"]


def test_coming_out_knocks_back_an_opponent_on_the_starting_position():
    # "If a marble lands on a space already occupied by an opponent's marble, the
    # opponent's marble is removed" -- the Starting Position is a space of the Path.
    state = position({"B": "0,BS,BS,BS"}, 6)
    assert moves(state) == ["6 out xB0"]
    play(state, "6 out")
    assert state.pos[0] == 0 and state.pos[4] == -1


def test_no_marble_comes_out_onto_ones_own_marble():
    # "A player may never land on ... one of his or her own marbles."
    assert moves(position({"R": "0,RS,RS,RS"}, 6)) == ["6 0-6"]


# --- moving ------------------------------------------------------------------------------


def test_a_marble_moves_the_exact_number_rolled():
    # "A marble on the Path is moved the exact number rolled on the die."
    for face in range(2, 6):
        assert moves(position({"R": "5,RS,RS,RS"}, face)) == [f"{face} 5-{5 + face}"]


def test_marbles_move_round_the_path_past_the_end_of_the_numbers():
    # "moving along the Path in the direction indicated by the arrows": counting up
    state = position({"B": "53,BS,BS,BS"}, 5, turn="B")
    assert moves(state) == ["5 53-2"]


def test_a_one_or_a_six_that_moves_gives_another_turn():
    # "If a player rolls a one or a six and is able to make a move, the player is
    # allowed an extra turn."
    state = play(position({"R": "5,RS,RS,RS"}, 6), "6 5-11")
    assert state.is_chance() and state.roller == 0
    state = play(position({"R": "5,RS,RS,RS"}, 4), "4 5-9")
    assert state.roller == 1


def test_again_and_again():
    # "If, on that turn, a one or a six is rolled the player goes again, and so on."
    state = play(position({"R": "5,RS,RS,RS"}, 6), "6 5-11")
    for face, move in ((6, "6 11-17"), (1, "1 17-18"), (1, "1 out")):
        assert state.is_chance() and state.roller == 0
        play(roll(state, face), move)
    assert state.roller == 0
    play(roll(state, 2), "2 18-20")
    assert state.roller == 1 and state.turns == 5


def test_a_one_or_a_six_that_cannot_move_gives_no_extra_turn():
    # "... and is able to make a move": red's last marble would overshoot its Tee-Pee.
    state = position({"R": "R4,R3,R2,51"}, 6)
    assert moves(state) == ["pass"]
    play(state, "pass")
    assert state.roller == 1


def test_a_roll_that_moves_nothing_forfeits_the_turn_as_one_pass():
    # "If a number is rolled that does not allow a marble to be moved, the player
    # forfeits that turn."
    state = position({"R": "52,RS,RS,RS"}, 5)  # 5 from the entry is past the Tee-Pee
    assert state.legal_actions() == [PASS]
    play(state, "pass")
    assert state.pos[0] == 52 and state.roller == 1 and state.turns == 1


def test_never_land_on_ones_own_marble():
    # "A player may never land on or pass over one of his or her own marbles."
    assert moves(position({"R": "5,7,RS,RS"}, 2)) == ["2 7-9"]


def test_never_pass_over_ones_own_marble():
    # "A player may never land on or pass over one of his or her own marbles."
    assert moves(position({"R": "5,7,RS,RS"}, 3)) == ["3 7-10"]


def test_opponents_are_passed_freely():
    # "However, a player may jump over and pass an opponent's marble."
    state = play(position({"R": "5,RS,RS,RS", "B": "6,7,BS,BS"}, 3), "3 5-8")
    assert state.pos[0] == 8 and state.pos[4:6] == [6, 7]


def test_landing_on_an_opponent_knocks_it_back():
    # "If a marble lands on a space already occupied by an opponent's marble, the
    # opponent's marble is removed and placed back into its Tribal Grounds."
    state = position({"R": "10,RS,RS,RS", "B": "14,BS,BS,BS"}, 4)
    assert moves(state) == ["4 10-14 xB14"]  # blue's own Starting Position is no refuge
    play(state, "4 10-14")
    assert state.pos[4] == -1 and state.board[14] == 0


def test_a_marble_at_its_entry_goes_into_the_tee_pee():
    assert moves(position({"R": "50,RS,RS,RS"}, 4)) == ["4 50-R2"]


# --- the first short cut: arrow to arrow -------------------------------------------------


def test_a_marble_on_an_arrow_may_go_arrow_to_arrow_one_space_each():
    # "Any time a player ends a turn with a marble on one of the pink central arrows,
    # that player may, on the next turn, choose to move that marble along a short cut
    # route. Each clockwise move to the next pink arrow counts as one space."
    assert moves(position({"R": "3,RS,RS,RS"}, 2)) == ["2 3-5", "2 3>31"]
    assert moves(position({"R": "3,RS,RS,RS"}, 3)) == ["3 3-6", "3 3>45"]


def test_the_short_cut_ends_at_ones_own_arrow_and_the_roll_finishes_on_the_path():
    # "The player should exit the short cut route at the pink arrow just before his
    # or her own Tee-Pee and, if necessary, finish out the roll along the regular
    # path." Diagram 1: "the player has rolled a 4 and moves the marble clockwise
    # along the shortcut path, exiting at the pink arrow (B) just before his own
    # Tee-Pee ... He finishes out his roll along the regular path."
    state = position({"R": "17,RS,RS,RS"}, 4)
    assert moves(state) == ["4 17-21", "4 17>47"]
    assert WahooMarbles().path(state, state.legal_actions()[1]) == [
        "track.17", "track.31", "track.45", "track.46", "track.47"]


def test_no_short_cut_from_ones_own_arrow():
    # "exit the short cut route at the pink arrow just before his or her own Tee-Pee":
    # a marble already there goes on along the Path.
    assert moves(position({"R": "45,RS,RS,RS"}, 2)) == ["2 45-47"]


def test_the_short_cut_never_passes_ones_own_marble_on_an_arrow():
    # "A player may never land on or pass over one of his or her own marbles."
    assert moves(position({"R": "3,31,RS,RS"}, 4)) == ["4 3-7", "4 31-35", "4 31>48"]


def test_the_short_cut_passes_opponents_and_knocks_back_the_one_it_lands_on():
    state = position({"R": "3,RS,RS,RS", "B": "17,BS,BS,BS", "G": "31,GS,GS,GS"}, 2)
    assert moves(state) == ["2 3-5", "2 3>31 xG31"]
    play(state, "2 3>31")
    assert state.pos[4] == 17 and state.pos[12] == -1


def test_a_marble_that_stopped_on_an_arrow_uses_the_short_cut_on_the_extra_turn():
    # "ends a turn ... on the next turn": a 6 ends a turn, and the extra turn is the
    # next one.
    state = play(position({"R": "11,RS,RS,RS"}, 6), "6 11-17")
    roll(state, 2)
    assert "2 17>45" in moves(state)


# --- the second short cut: the centre ----------------------------------------------------


def test_one_space_beyond_an_arrow_a_4_goes_to_the_centre():
    # "Any time a player's turn ends leaving a marble one space beyond a pink arrow
    # space, that player may choose to place the marble at the center (forehead)
    # space." Diagram 2: "the player has rolled a 4, allowing him to move his marble
    # to the center"
    assert moves(position({"R": "4,RS,RS,RS"}, 4)) == ["4 4-8", "4 4>C"]
    assert moves(position({"R": "4,RS,RS,RS"}, 3)) == ["3 4-7"]
    assert moves(position({"R": "5,RS,RS,RS"}, 4)) == ["4 5-9"]


def test_any_roll_may_go_to_the_centre_by_option():
    assert moves(position({"R": "4,RS,RS,RS"}, 3, centre_roll=0)) == ["3 4-7", "3 4>C"]


def test_the_centre_is_left_only_with_a_1_onto_ones_own_arrow():
    # "When that player rolls a one (and only a one) he or she moves to the pink arrow
    # position just before the player's own Tee-Pee and proceeds down the path."
    assert moves(position({"R": "C,RS,RS,RS"}, 1)) == ["1 C>45", "1 out"]
    for face in (2, 3, 4, 5):
        assert moves(position({"R": "C,RS,RS,RS"}, face)) == ["pass"]
    assert moves(position({"B": "C,BS,BS,BS"}, 1, turn="B")) == ["1 C>3", "1 out"]


def test_leaving_the_centre_with_a_1_gives_an_extra_turn():
    # Diagram 2: "Also, because he has rolled a 1, the player gets an extra turn."
    state = play(position({"R": "C,RS,RS,RS"}, 1), "1 C>45")
    assert state.pos[0] == 45 and state.roller == 0


def test_an_opponent_entering_the_centre_knocks_back_the_one_there():
    # "It is possible for an opponent to move into the center forehead position and
    # displace another player's marble, thus sending it back to its Tribal-Grounds."
    state = position({"R": "C,RS,RS,RS", "B": "18,BS,BS,BS"}, 4, turn="B")
    assert "4 18>C xRC" in moves(state)
    play(state, "4 18>C")
    assert state.pos[0] == -1 and state.pos[4] == state.g.centre


def test_the_centre_holds_one_marble_and_never_ones_own_twice():
    assert moves(position({"R": "4,C,RS,RS"}, 4)) == ["4 4-8"]


# --- the Tee-Pee and winning -----------------------------------------------------------------


def test_the_tee_pee_needs_the_exact_count_and_no_jumping_ones_own():
    # "Remember, you may not jump over one of your own marbles, even in the Tee-Pee.
    # Therefore you must arrive by exact count."
    assert moves(position({"R": "51,R3,RS,RS"}, 3)) == ["3 51-R2"]
    assert moves(position({"R": "51,R2,RS,RS"}, 4)) == ["pass"]  # 51 would jump R2
    assert moves(position({"R": "50,R1,RS,RS"}, 3)) == ["3 R1-R4"]  # 50 would land on R1
    assert moves(position({"R": "52,RS,RS,RS"}, 5)) == ["pass"]  # past the end
    assert moves(position({"R": "R1,RS,RS,RS"}, 2)) == ["2 R1-R3"]
    assert moves(position({"R": "R1,R3,RS,RS"}, 3)) == ["pass"]


def test_moving_all_four_marbles_into_the_tee_pee_wins():
    # "The first player to move all of his or her marbles into the appropriate
    # Tee-Pee is the winner."
    state = play(position({"R": "R2,R3,R4,52"}, 1, players=2), "1 52-R1")
    assert state.winners == (0,) and state.current == OVER
    assert state.returns() == [1.0, 0.0, -1.0, 0.0]
    with pytest.raises(RuleError):
        state.play(PASS)


def test_a_marble_in_the_centre_is_not_home():
    # "all of his or her marbles into the appropriate Tee-Pee": three in and one in
    # the centre has not won.
    state = play(position({"R": "R2,R3,C,51"}, 2, players=2), "2 51-R1")
    assert not state.winners and not state.finished(0) and state.is_chance()


def test_tee_pee_marbles_are_never_knocked_back():
    # Only one's own marbles enter a Tee-Pee, so nobody ever lands on them there:
    # blue passes red's entry and goes on round.
    state = position({"R": "R1,RS,RS,RS", "B": "50,BS,BS,BS"}, 6, turn="B")
    assert moves(state) == ["6 50-0", "6 out"]


# --- partners --------------------------------------------------------------------------------


def test_partners_sit_opposite():
    # "A player sits opposite his or her partner."
    four = Options(players=4, partners=True)
    assert [four.partner(s) for s in four.seats] == [2, 3, 0, 1]
    six = Options(players=6, partners=True)
    assert [six.partner(s) for s in six.seats] == [3, 4, 5, 0, 1, 2]
    with pytest.raises(ValueError, match="partners need"):
        Options(players=3, partners=True)


def test_players_choose_their_colours_partners_still_opposite():
    # "Each player takes four marbles of the same color" (interpretation: any colours
    # of the board may play, chosen at the table; partners still sit opposite)
    assert Options(players=2, seating=(1, 2)).seats == (1, 2)
    assert Options(players=3, board="wahoo6", seating=(5, 0, 3)).seats == (0, 3, 5)
    facing = Options(players=4, board="wahoo6", partners=True, seating=(1, 2, 4, 5))
    assert [facing.partner(s) for s in facing.seats] == [4, 5, 1, 2]
    with pytest.raises(ValueError, match="partners need"):
        Options(players=4, board="wahoo6", partners=True, seating=(0, 1, 2, 3))
    with pytest.raises(ValueError, match="different colours"):
        Options(players=2, seating=(0, 4))  # the four-colour board has no purple
    state = new_game(Options(players=2, seating=(1, 2), first_player=1))
    assert state.current == CHANCE and state.roller == 1
    assert WahooMarbles().target(state).pools[0][0][0] == "start.blue.1"


def test_landing_on_the_partner_only_when_it_is_the_only_move():
    # "If a player's only move is to land on a space occupied by his or her partner,
    # the player must do so, removing the partner's marble and placing it back into
    # its Tribal Grounds."
    state = position({"R": "5,RS,RS,RS", "Y": "8,YS,YS,YS"}, 3, partners=True)
    assert moves(state) == ["3 5-8 xY8"]
    play(state, "3 5-8")
    assert state.pos[8] == -1
    state = position({"R": "5,20,RS,RS", "Y": "8,YS,YS,YS"}, 3, partners=True)
    assert moves(state) == ["3 20-23"]
    alone = position({"R": "5,20,RS,RS", "Y": "8,YS,YS,YS"}, 3)
    assert moves(alone) == ["3 20-23", "3 5-8 xY8"]  # yellow is just an opponent


def test_a_finished_player_rolls_for_the_partner():
    # "After a player moves all of his or her marbles into the Tee-Pee, he or she may
    # begin rolling for their partner, on their turn."
    state = position({"R": "R1,R2,R3,R4", "Y": "30,YS,YS,YS"}, 3, partners=True)
    assert state.controls(0) == 2
    assert moves(state) == ["3 30-33"]
    assert WahooMarbles().mover(state, state.legal_actions()[0]) == 2
    play(state, "3 30-33")
    assert state.pos[8] == 33 and state.roller == 1


def test_a_partner_finishing_first_does_not_end_the_game():
    state = play(position({"R": "R2,R3,R4,52"}, 1, partners=True), "1 52-R1")
    assert state.current == CHANCE and state.finished(0) and not state.winners


def test_the_first_team_home_wins_together():
    # "The first team to move all the marbles into their Tee-Pees is the winner."
    state = position({"R": "R1,R2,R3,R4", "Y": "Y2,Y3,Y4,24"}, 1, partners=True)
    play(state, "1 24-Y1")
    assert state.winners == (0, 2) and state.is_over()
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]


# --- the die ---------------------------------------------------------------------------------


def test_the_die_is_rolled_by_the_caller_and_checked():
    state = new_game(Options(first_player=0))
    with pytest.raises(RuleError, match="a roll is one number"):
        state.apply_chance((6,))
    roll(state, 6)
    with pytest.raises(RuleError, match="no roll is due"):
        state.apply_chance((0,))
    with pytest.raises(RuleError, match="not a legal action"):
        state.play(PASS)
