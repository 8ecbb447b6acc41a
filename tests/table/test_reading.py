"""Reading moves from occupancy, without a board: the sensors are given by hand."""

import pytest

from marbleboard.board import build_layout
from marbleboard.games.wampoo import Options
from marbleboard.games.wampoo.game import WAMPOO
from marbleboard.games.wampoo.notation import action_text, parse_position
from marbleboard.table.boardmap import BoardMap
from marbleboard.table.reading import earlier_move
from marbleboard.table.reading import read_move as read_game_move

BOARD = build_layout("wampoo")


def s(hole_id):
    return BOARD.hole(hole_id).sensor


def setup(text):
    state = parse_position(text, Options(players=4))
    board = BoardMap(BOARD, WAMPOO.marbles)
    return state, board, board.setup(state)


def read_move(state, board, occupied, lifted, allowed=None, group=None):
    return read_game_move(WAMPOO, state, board, occupied, lifted, allowed, group)


MID = ("4 10,30,RS,RS/15,BS,BS,BS/12,YS,YS,YS/GS,GS,GS,GS 5S7HJDKC/2C/2C/2C R G - +0 - - 0")


def texts(state, reading):
    return sorted(action_text(state, a) for a in reading.actions)


def test_an_untouched_board_reads_no_move():
    state, board, occ = setup(MID)
    reading = read_move(state, board, occ, set())
    assert reading.actions == () and reading.unchanged


def test_a_plain_move():
    state, board, occ = setup(MID)
    occ -= {s("track.30")}
    occ |= {s("track.35")}
    assert texts(state, read_move(state, board, occ, {s("track.30")})) == ["5 30-35"]


def test_a_knock_off_reads_with_the_victim_in_any_free_start_hole():
    text = MID.replace("15,BS,BS,BS", "15,40,BS,BS")
    state, board, occ = setup(text)  # blue's two waiting marbles are in START holes 1 and 2
    for free in ("start.blue.3", "start.blue.4"):
        o = (occ - {s("track.10")}) | {s("track.15"), s(free)}
        assert texts(state, read_move(state, board, o, set())) == ["5 10-15 xB15"]
    o = (occ - {s("track.10"), s("start.blue.1")}) | {s("track.15"), s("start.blue.3"),
                                                       s("start.blue.4")}
    assert texts(state, read_move(state, board, o, set())) == ["5 10-15 xB15"]  # rearranged


def test_a_knock_off_is_not_a_move_until_the_victim_is_home():
    state, board, occ = setup(MID)
    o = set(occ) - {s("track.10")}  # red moved 10 -> 15, blue still in the hand
    assert read_move(state, board, o, set()).actions == ()


def test_the_7_with_two_victims():
    state, board, occ = setup(MID)
    o = set(occ) - {s("track.10"), s("track.12"), s("track.15")}
    o |= {s("track.17"), s("start.yellow.4"), s("start.blue.4")}
    assert texts(state, read_move(state, board, o, set())) == ["7 10-17 xY12 xB15"]


def test_a_swap_is_read_from_the_lifted_holes():
    state, board, occ = setup(MID)
    lifted = {s("track.30"), s("track.15")}
    assert texts(state, read_move(state, board, occ, lifted)) == ["J 15<>30"]
    assert read_move(state, board, occ, {s("track.30")}).actions == ()


def test_several_lifted_holes_leave_the_swap_open():
    state, board, occ = setup(MID)
    lifted = {s("track.30"), s("track.15"), s("track.12")}
    assert len(read_move(state, board, occ, lifted).actions) == 3  # the player is asked


def test_cards_with_one_outcome_are_told_apart_by_the_chosen_card():
    text = "4 RS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS ASKCX1/2C/2C/2C R G - +0 - - 0"
    state, board, occ = setup(text)
    occ = (occ - {s("start.red.3")}) | {s("track.0")}
    assert texts(state, read_move(state, board, occ, set())) == ["A RS-0", "K RS-0", "X RS-0"]
    assert texts(state, read_move(state, board, occ, set(), group="K")) == ["K RS-0"]


def test_a_bot_move_only_reads_as_itself():
    state, board, occ = setup(MID)
    wanted = next(a for a in state.legal_actions() if action_text(state, a) == "7 30-37")
    o = (occ - {s("track.30")}) | {s("track.35")}  # the person played a 5 instead
    assert read_move(state, board, o, set(), allowed={wanted}).actions == ()


def test_differences_name_wrong_and_missing_marbles():
    state, board, occ = setup(MID)
    o = (occ - {s("track.30"), s("start.red.1")}) | {s("track.33")}
    extra, missing = board.differences(o, board.target(state))
    assert extra == [s("track.33")]
    assert sorted(missing) == sorted([s("track.30"), s("start.red.1")])


def test_a_board_without_the_games_holes_is_refused():
    small = build_layout("wampoo", holes_per_side=16)
    state = parse_position(MID, Options(players=4))
    with pytest.raises(ValueError, match=r"does not fit this game: it lacks track\.64"):
        BoardMap(small, WAMPOO.marbles).check(state.opts)


# --- moves faster than the quiet period ------------------------------------------------------


def earlier(state, board, start, changes, allowed=None):
    return earlier_move(WAMPOO, state, board, start, changes, allowed)


def test_a_move_followed_at_once_by_the_next_players_is_read_from_the_changes_in_order():
    state, board, occ = setup(MID)
    changes = [(s("track.30"), False), (s("track.35"), True),  # red: 5 30-35
               (s("track.15"), False), (s("track.17"), True)]  # blue, at once: 2 15-17
    final = (occ - {s("track.30"), s("track.15")}) | {s("track.35"), s("track.17")}
    assert read_move(state, board, final, {s("track.30"), s("track.15")}).actions == ()
    used, action = earlier(state, board, occ, changes)
    assert used == 2 and action_text(state, action) == "5 30-35"
    # Blue has only lifted the marble yet: red's move is read all the same.
    used, action = earlier(state, board, occ, changes[:3])
    assert used == 2 and action_text(state, action) == "5 30-35"


def test_a_marble_picked_up_again_by_its_player_is_not_read_as_played():
    state, board, occ = setup(MID)
    changes = [(s("track.30"), False), (s("track.35"), True), (s("track.35"), False)]
    assert earlier(state, board, occ, changes) is None


def test_a_move_only_the_next_player_could_not_begin_is_not_read():
    state, board, occ = setup(MID)
    # Red's 5, then yellow's marble lifted: yellow does not play next.
    changes = [(s("track.30"), False), (s("track.35"), True), (s("track.12"), False)]
    assert earlier(state, board, occ, changes) is None


def test_a_bots_move_then_a_reply_reads_only_the_bots_move_first():
    state, board, occ = setup(MID)
    wanted = next(a for a in state.legal_actions() if action_text(state, a) == "7 30-37")
    five = [(s("track.30"), False), (s("track.35"), True), (s("track.15"), False)]
    assert earlier(state, board, occ, five, allowed={wanted}) is None  # not the bot's move
    seven = [(s("track.30"), False), (s("track.37"), True), (s("track.15"), False)]
    assert earlier(state, board, occ, seven, allowed={wanted}) == (2, wanted)


def test_the_next_player_may_lift_the_marble_they_knock_off_first():
    state, board, occ = setup(MID.replace("12,YS", "17,YS"))  # blue's 2 knocks yellow off 17
    changes = [(s("track.30"), False), (s("track.35"), True),  # red: 5 30-35
               (s("track.17"), False), (s("track.15"), False),  # blue lifts yellow's first
               (s("track.17"), True), (s("start.yellow.4"), True)]
    for end in (3, 4, 6):  # blue has lifted the victim; and its own; and finished
        used, action = earlier(state, board, occ, changes[:end])
        assert used == 2 and action_text(state, action) == "5 30-35"


# A sensor may read the marbles next to its empty hole (hardware/sensing/): a move is
# read past such a phantom, but never past a marble the board cannot feel.

def test_a_move_is_read_past_a_sensor_that_feels_its_full_neighbours():
    state, board, occ = setup(MID)
    crowd = {s("track.11")}  # between red's 10 and yellow's 12
    moved = (occ - {s("track.30")}) | {s("track.35")}
    reading = read_move(state, board, moved | crowd, {s("track.30")})
    assert texts(state, reading) == ["5 30-35"] and reading.phantoms == crowd
    # With the move not yet made, the board is as it was: no mistake to show.
    reading = read_move(state, board, occ | crowd, set())
    assert reading.actions == () and reading.unchanged


def test_a_hole_next_to_one_marble_alone_never_reads_it():
    state, board, occ = setup(MID)
    lonely = {s("track.31")}  # next to 30 and 32: only 30 holds a marble
    reading = read_move(state, board, occ | lonely, set())
    assert reading.actions == () and not reading.unchanged


def test_a_marble_the_board_cannot_feel_is_not_taken_for_a_move():
    state, board, occ = setup(MID)
    lifted = (occ - {s("track.30")}) | {s("track.11")}  # in the hand, or unfelt at 35
    reading = read_move(state, board, lifted, {s("track.30")})
    assert reading.actions == () and not reading.unchanged


def five(moves, phantom, placed, start_phantom):
    """Five in a Row on the Stomple board after ``moves``: the board reads a
    ``phantom`` hole too, since the turn began or not, and a marble put on ``placed``."""
    from marbleboard.games.registry import get_game

    game = get_game("fiveinarow")
    board = build_layout("stomple")
    state = game.new_state(game.options({"players": 2}))
    for move in moves:
        state.apply(game.parse_action(state, move))
    bmap = BoardMap(board, game.marbles)
    occ = bmap.setup(state)
    x = board.hole(f"grid.{phantom}").sensor
    start = occ | {x} if start_phantom else occ
    now = occ | {x, board.hole(f"grid.{placed}").sensor}
    reading = read_game_move(game, state, bmap, now, set(), start=start)
    return sorted(game.action_text(state, a) for a in reading.actions), reading


def test_a_phantom_since_the_turn_began_is_not_taken_for_the_marble_put_down():
    # d4 lies among c3, e3, c5 and e5 (the diagonal holes are next to it too), d5
    # among c5, e5 and d4: either may read its neighbours.
    moves = ["c3", "a1", "e3", "a2", "c5", "a3", "e5", "a4"]
    said, reading = five(moves, "d4", "d5", start_phantom=True)
    assert said == ["d5"] and reading.phantoms == {build_layout("stomple").hole("grid.d4").sensor}
    # Both new at once: which is the marble put down is asked.
    said, _ = five(moves, "d4", "d5", start_phantom=False)
    assert said == ["d4", "d5"]
    # Where no neighbour could make it read, the marble is the one put down.
    said, _ = five(moves, "d4", "g1", start_phantom=False)
    assert said == ["g1"]


def test_a_hole_blind_for_a_moment_between_two_moves_is_read_past():
    from marbleboard.table.reading import without_blips

    state, board, occ = setup(MID)
    # Red's 5, blue begins its 2 at once; meanwhile yellow's 12 goes blind for a
    # moment (its sensor's supply dipped) and reads again only after blue's lift.
    changes = [(s("track.30"), False), (s("track.12"), False), (s("track.35"), True),
               (s("track.15"), False), (s("track.12"), True), (s("track.17"), True)]
    assert earlier(state, board, occ, changes) is None
    calm = without_blips(changes)
    assert calm == [changes[0], changes[2], changes[3], changes[5]]
    used, action = earlier(state, board, occ, calm)
    assert used == 2 and action_text(state, action) == "5 30-35"


def test_the_holes_next_to_one_are_those_the_sensing_pages_count():
    from marbleboard.board import sensing
    from marbleboard.table import reading

    assert reading.NEXT_TO == sensing.RING
