"""Every rule sentence of the Stomple text (rules/stomple.txt), one test or more
each, quoting the sentence it checks; readings of the text are in
docs/rules/stomple.md.

Holes are named like a chessboard's (stomple_helpers): a1 the near left corner,
g7 the far right one; the outer row is row 1 and 7 and column a and g.
"""

import random

import pytest
from stomple_helpers import NO_STRINGS, deal, moves, play, position

from marbleboard.games.base import CHANCE, OVER, Chance, RuleError
from marbleboard.games.stomple import OUT, Options, new_game
from marbleboard.games.stomple.game import STOMPLE
from marbleboard.games.stomple.grid import BONUS, COLOURS, EMPTY, HOLES, OUTER, parse_hole
from marbleboard.games.stomple.notation import parse_outcome
from marbleboard.games.stomple.state import GONE, UNPLACED

# --- setting up ------------------------------------------------------------------------


def test_one_marble_rests_in_each_hole():
    # "Pour all of the marbles onto the game board and spread them out randomly, so
    # that one marble rests in each hole in the board."
    state = new_game(Options(players=3))
    assert state.is_chance()
    assert state.chance_due() == Chance("layout", 49, permutation=True, secret=False)
    state.apply_chance(state.chance_due().draw(random.Random(5)))
    assert EMPTY not in state.grid and len(state.grid) == HOLES
    # 42 solid marbles, 6 colours x 7, and 7 Bonus Point marbles
    assert sorted(state.grid) == sorted(list(range(len(COLOURS))) * 7 + [BONUS] * 7)


def test_each_player_draws_a_stomper_from_the_bag():
    # "Without looking, each player reaches into the Stomper Bag and draws a Stomper."
    state = new_game(Options(players=2))
    state.apply_chance(parse_outcome("layout", NO_STRINGS))
    assert state.is_chance()
    assert state.chance_due() == Chance("stompers", 6, permutation=True, secret=False)
    state.apply_chance(parse_outcome("stompers", "BWRYGP"))  # two draw; four stay in the bag
    assert [COLOURS[c] for c in state.stompers] == ["blue", "white"]
    assert state.at == [UNPLACED, UNPLACED]
    with pytest.raises(RuleError, match="no chance is due"):
        state.apply_chance(range(6))


def test_a_player_chosen_goes_first_and_play_continues_clockwise():
    # "Choose a player to go first. Play continues clockwise around the table."
    state = deal(new_game(Options(players=3, first_player=1)), random.Random(1))
    order = []
    for _ in range(4):
        order.append(state.current)
        while state.current == order[-1]:  # a string keeps the turn: play it out
            state.play(state.legal_actions()[0])
    assert order == [1, 2, 0, 1]
    with pytest.raises(ValueError, match="first_player"):
        Options(players=3, first_player=3)


def test_2_to_6_players():
    # "GAME POINT TOTALS Number of Players ... 2 Players ... 5-6 Players"
    for n in range(2, 7):
        assert Options(players=n).seats == tuple(range(n))
    for n in (1, 7):
        with pytest.raises(ValueError, match="2 to 6 players"):
            Options(players=n)


# --- the first turn --------------------------------------------------------------------


def test_the_first_stomp_is_any_marble_in_the_outer_row():
    # "On Your First Turn: Stomp ANY marble in the outer row. You do NOT have to
    # stomp a marble that matches the color of your Stomper."
    state = position(base=NO_STRINGS, stompers="W-,R-")
    legal = state.legal_actions()
    assert sorted(legal) == sorted(OUTER) and len(legal) == 24
    assert {state.grid[h] for h in legal} == set(range(len(COLOURS))) | {BONUS}
    with pytest.raises(RuleError, match="not a legal"):
        play(state, "d4")  # the middle of the grid


def test_the_first_stomp_follows_its_string():
    # "Important: If the marble you stomped is part of a string of marbles, you must
    # keep stomping the string!"
    state = position("Ya1 Ya2 Ya3 Rd4", stompers="W-,R-")
    play(state, "Ya1")
    assert state.current == 0 and moves(state) == ["Ya2"]
    play(state, "Ya2", "Ya3")
    assert state.current == 1 and state.at[0] == 14  # a3


def test_the_stomper_stays_where_it_last_stomped():
    # "At the end of each turn, leave your Stomper on the board where you last
    # stomped. This is where you'll start your next turn."
    state = position("Rd1 Ge2 Bd7", stompers="W-,R-")
    play(state, "Rd1")
    assert state.at[0] == 3 and state.grid[3] == EMPTY  # d1, the marble gone
    play(state, "Bd7")
    assert state.current == 0 and moves(state) == ["Ge2"]  # next to d1


# --- second and following turns --------------------------------------------------------


def test_stomp_any_adjacent_marble_vertically_horizontally_or_diagonally():
    # "You can move to and stomp any color marble that's adjacent to your Stomper
    # vertically, horizontally or diagonally."
    around = "Rc3 Yd3 Ge3 Bc4 Pe4 Wc5 *d5 Re5"
    state = position(around + " Rd7 Ga1", stompers="Wd4,Bg1")
    assert moves(state) == ["*d5", "Bc4", "Ge3", "Pe4", "Rc3", "Re5",
                            "Wc5", "Yd3"]
    play(state, "Pe4")
    assert state.at[0] == 3 * 7 + 4 and state.current == 1


def test_any_colour_may_be_stomped_next_to_the_stomper():
    # "You can stomp ANY color of marble, as long as it's next to your Stomper."
    for letter in "RYGBPW*":
        state = position(f"{letter}e5", stompers="Bd4,R-")
        assert moves(state) == [f"{letter}e5"]


def test_hop_and_stomp_any_marble_of_the_stompers_colour():
    # "Instead of stomping an adjacent marble, you can choose to hop to and stomp
    # any marble on the board that matches the color of the marble on your
    # Stomper. You'll begin your next turn from this location."
    state = position("Ra1 Wg7 Wa7 Yb7 Rd5", stompers="Wd4,R-")
    assert moves(state) == [">Wa7", ">Wg7", "Rd5"]  # not the far red or yellow
    play(state, ">Wg7")
    assert state.at[0] == 48 and state.current == 1


def test_a_marble_of_ones_own_colour_next_to_the_stomper_is_one_move():
    # Stomping it and hopping to it end alike: one move, written as a stomp.
    state = position("We5 Wa1", stompers="Wd4,R-")
    assert moves(state) == [">Wa1", "We5"]


def test_a_hop_follows_its_string():
    # "Important: If the marble you hop to is part of a string of marbles you must
    # keep stomping the string!"
    state = position("Wa7 Wb7 Wc7 Rd4", stompers="Wd1,R-")
    play(state, ">Wa7")
    assert state.current == 0 and moves(state) == ["Wb7"]
    play(state, "Wb7", "Wc7")
    assert state.current == 1


# --- strings ---------------------------------------------------------------------------


def test_a_string_is_stomped_to_its_end():
    # "A string of yellow marbles is shown in Figure 4. If the White Stomper stomps
    # yellow marble #1, it must also stomp yellow marble #2, then #3, ending on #4."
    state = position("Yb4 Yc4 Yd4 Ye4 Rg1", stompers="Wa4,R-")
    play(state, "Yb4")
    for nxt in ("Yc4", "Yd4", "Ye4"):
        assert state.current == 0 and moves(state) == [nxt]  # nothing else may be stomped
        play(state, nxt)
    assert state.current == 1 and state.at[0] == 3 * 7 + 4  # ending on #4, e4
    assert state.grid.count(1) == 0


def test_choose_one_direction_where_a_string_branches_never_both():
    # "If your stomper is adjacent to more than one marble in a string, you must
    # choose which direction to stomp in." "It cannot stomp in both directions."
    state = position("Yc3 Yd3 Ye3 Rg7", stompers="Wd2,R-")
    play(state, "Yd3")
    assert moves(state) == ["Yc3", "Ye3"]
    play(state, "Yc3")
    assert state.current == 1 and state.grid[2 * 7 + 4] == 1  # e3 is left


def test_a_string_turns_corners_and_runs_diagonally():
    # Interpretation: "A line of same-color marbles adjacent to each other is called
    # a string", adjacent as in Rule 1, "vertically, horizontally or diagonally".
    state = position("Gc3 Gd4 Gd5 Ge6 Ra7", stompers="Wb2,R-")
    play(state, "Gc3")
    play(state, "Gd4", "Gd5", "Ge6")
    assert state.current == 1


def test_a_string_is_followed_from_where_the_stomper_stands():
    # Interpretation: "you must keep stomping marbles in the string that are
    # adjacent to your stomper": in a clump, whatever marble of the string is next
    # to the Stomper's new hole, even one beside the marble first stomped.
    state = position("Bc3 Bd3 Bc4 Ra7", stompers="Wb2,R-")
    play(state, "Bc3")
    assert moves(state) == ["Bc4", "Bd3"]
    play(state, "Bd3")
    assert moves(state) == ["Bc4"]  # diagonal to d3: still next to the Stomper
    play(state, "Bc4")
    assert state.current == 1


def test_the_string_is_the_colour_of_the_marble_stomped():
    # "If you stomp any marble in a string, you must keep stomping marbles in the
    # string": the string's colour, whatever the Stomper's.
    state = position("Yc3 Yc4 We3 Ra7", stompers="Wd2,R-")
    play(state, "Yc3")
    assert moves(state) == ["Yc4"]  # the white marble next to it is not the string


def test_a_lone_marble_ends_the_turn():
    state = position("Yc3 Yc5 Ra7", stompers="Wd2,R-")
    play(state, "Yc3")
    assert state.current == 1 and state.chain == -1


def test_bonus_point_marbles_make_no_string_and_no_hop():
    # Interpretation: a Bonus Point marble matches no Stomper's colour ("the color
    # of the marble on your Stomper"), so no hop reaches it; and, having no colour,
    # it makes no string ("same-color marbles"), not even beside another.
    state = position("*c3 *c4 *a7 Ra7", stompers="Wd2,R-")
    assert moves(state) == ["*c3"]
    play(state, "*c3")
    assert state.current == 1


# --- out for the round -----------------------------------------------------------------


def test_a_player_who_cannot_stomp_is_out_for_the_round():
    # "If you can't stomp a marble at the beginning of your turn, you must remove
    # your Stomper from the board. You're out for the rest of the round."
    state = position("Ra7 Yb7 Gg1", stompers="Wd4,Bf1,Pa6")
    assert state.legal_actions() == [OUT]
    assert STOMPLE.forced(state) == OUT
    play(state, "out")
    assert state.at[0] == GONE and state.current == 1
    play(state, "Gg1")
    assert state.current == 2  # seat 1 is skipped from now on
    play(state, "Ra7")
    assert state.current == 1
    assert STOMPLE.forced(position("Rc3", stompers="Wd4,B-")) is None


def test_no_marble_in_the_outer_row_on_the_first_turn_is_out():
    # "If you can't stomp a marble at the beginning of your turn, you must remove
    # your Stomper": a first turn that finds the outer row empty.
    state = position("Rd4", stompers="Wc3,B-,Y-")
    state.current = 1
    assert state.legal_actions() == [OUT]


def test_trap_other_players_by_stomping_the_marbles_around_them():
    # "Trap other players by stomping out the marbles around their Stomper. If they
    # can't stomp a marble on their turn, their Stomper is taken off the board."
    state = position("Rb2 Yc3 Ga7", stompers="Wd4,Ba1,P-")
    play(state, "Yc3")
    assert state.current == 1 and moves(state) == ["Rb2"]
    state = position("Rb2 Yc3 Ga7", stompers="Wc1,Ba1,P-")
    play(state, "Rb2")
    assert state.current == 1 and state.legal_actions() == [OUT]


# --- ending the round and scoring ------------------------------------------------------


def test_the_last_stomper_on_the_board_wins_the_round_and_scores():
    # "The player with the last Stomper remaining on the board wins the round, and
    # scores points as follows: 3 Points for winning the round, 3 Points for each
    # Bonus Point marble left on the board, 1 Point for each solid color marble
    # left on the board"
    state = position("Ra7 *b7 *g7 Yg6 Gg5", stompers="Wd4,Bf1", turn="2",
                     scores="4,6")
    assert state.round_points() == 3 + 3 * 2 + 3
    play(state, "out")
    assert state.scores == [4 + 12, 6] and state.rounds == [(0, 12)]
    assert state.is_chance() and state.chance_due().kind == "layout"


def test_a_round_ends_only_when_one_stomper_is_left():
    state = position("Ra7", stompers="Wd4,Bf1,Pb1", turn="1")
    play(state, "out")
    assert state.current == 1 and not state.rounds


def test_after_a_round_all_is_dealt_again_and_its_winner_begins():
    # "After each round, reset the game by randomly spreading out the marbles on the
    # game board. Place all Stompers back in the bag and have each player draw a new
    # Stomper. The winner of the last round begins the next round."
    state = position("Ra7", stompers="Wd4,Bf1,Pb1", turn="2")
    state.at[0] = GONE
    play(state, "out")  # seat 3 is the last Stomper
    assert state.rounds == [(2, 4)] and state.round == 2
    # The winner's Stomper stands on the board until it is cleared for the layout.
    assert state.at == [GONE, GONE, parse_hole("b1")]
    state.apply_chance(parse_outcome("layout", NO_STRINGS))
    assert EMPTY not in state.grid
    assert state.at == [UNPLACED] * 3 and state.stompers == [-1] * 3
    state.apply_chance(parse_outcome("stompers", "GBYRWP"))
    assert state.current == 2 and len(state.legal_actions()) == 24


@pytest.mark.parametrize("players, total", [(2, 40), (3, 20), (4, 15), (5, 10), (6, 10)])
def test_the_first_to_the_game_point_total_wins(players, total):
    # "The first player to reach the Game Point Total shown below wins the game!"
    # "2 Players 40 Points 3 Players 20 Points 4 Players 15 Points 5-6 Players 10
    # Points"
    assert Options(players=players).points_to_win == total
    stompers = ",".join(["Wd4", "Ba1", *["Px", "Gx", "Yx", "Rx"][:players - 2]])
    short = position("Rg7", stompers=stompers, turn="2",
                     scores=",".join([str(total - 5)] + ["0"] * (players - 1)))
    play(short, "out")  # 4 points: one short
    assert short.scores[0] == total - 1 and short.is_chance() and not short.winners
    reach = position("Rg7 Yg6", stompers=stompers, turn="2",
                     scores=",".join([str(total - 5)] + ["0"] * (players - 1)))
    play(reach, "out")  # 5 points: the total reached
    assert reach.current == OVER and reach.winners == (0,)
    assert reach.returns() == [1.0] + [-1.0] * (players - 1)
    assert reach.legal_actions() == []


def test_a_game_to_another_total():
    assert Options(players=2, target=12).points_to_win == 12
    with pytest.raises(ValueError, match="target"):
        Options(players=2, target=-1)


def test_chance_is_only_taken_when_due():
    state = position("Rg7", stompers="Wd4,Ba1")
    with pytest.raises(RuleError, match="no chance is due"):
        state.chance_due()
    state = new_game(Options(players=2))
    with pytest.raises(RuleError, match="layout"):
        state.apply_chance([0] * 49)
    assert state.is_chance() and state.current == CHANCE and state.grid == [EMPTY] * 49


def test_later_turns_stomp_next_door_or_hop_never_from_the_outer_row():
    # "On Your Second and Following Turns: You must do one of the following: Stomp
    # an adjacent marble ... OR Hop and stomp any marble on the board that matches
    # the color of your Stomper"
    state = position("Ra1 Ya7 Gg1 *g7 Bd5", stompers="Wd4,R-")
    assert moves(state) == ["Bd5"]  # the outer row's marbles are out of reach now
