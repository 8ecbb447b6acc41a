"""The light language: each moment of a turn as a light state."""

from marbleboard.board import build_layout
from marbleboard.games.wampoo import Options
from marbleboard.games.wampoo.game import WAMPOO
from marbleboard.games.wampoo.marbles import positions_passed as path
from marbleboard.games.wampoo.notation import action_text, parse_position
from marbleboard.link.lights import Effect
from marbleboard.table.boardmap import BoardMap
from marbleboard.table.lights import MISTAKE, PUT_HERE, Painter, Scene

BOARD = build_layout("wampoo")
MID = ("4 10,30,RS,RS/15,BS,BS,BS/12,YS,YS,YS/GS,GS,GS,GS 5S7H/2C/2C/2C R G - +0 - - 0")
RED = (0xD6, 0x28, 0x28)


def lit(lights, led):
    v = lights.state[led]
    if not v:
        return None
    return lights.palette[(v & 15) - 1], Effect(v >> 4)


def setup():
    state = parse_position(MID, Options(players=4))
    return state, Painter(WAMPOO, BoardMap(BOARD, WAMPOO.marbles))


def compose(painter, scene):
    return painter.compose(scene)


def test_whose_turn_pulses_their_lamp_and_lights_what_can_move():
    state, board = setup()
    lights = compose(board, Scene(state))
    lamp = next(lamp.led for lamp in BOARD.lamps if lamp.id == "turn.red")
    assert lit(lights, lamp) == (RED, Effect.PULSE)
    assert lit(lights, BOARD.hole("track.10").led) == (RED, Effect.SOLID)
    assert lit(lights, BOARD.hole("track.30").led) == (RED, Effect.SOLID)
    assert lit(lights, BOARD.hole("track.15").led) is None


def test_a_lifted_marble_shows_where_it_may_go_and_whom_it_knocks_off():
    state, board = setup()
    lifted = {BOARD.hole("track.10").sensor}
    lights = compose(board, Scene(state, lifted=lifted))
    assert lit(lights, BOARD.hole("track.17").led) == (RED, Effect.BLINK)  # the 7
    blue = (0x1D, 0x4E, 0xD8)
    assert lit(lights, BOARD.hole("track.15").led)[1] == Effect.FAST  # the 5 knocks blue
    assert lit(lights, BOARD.hole("start.blue.1").led) == (blue, Effect.DIM)
    assert len(lights.chases) == 2
    assert lit(lights, BOARD.hole("track.30").led) is None  # the other marble is not shown


def test_a_bots_move_is_shown_from_to():
    state, board = setup()
    action = next(a for a in state.legal_actions() if action_text(state, a) == "7 30-37")
    lights = compose(board, Scene(state, shown=[action], movable=False))
    assert lit(lights, BOARD.hole("track.37").led) == (RED, Effect.BLINK)
    assert lights.chases[0][2] == [BOARD.hole(f"track.{i}").led for i in range(30, 38)]


def test_one_mistake_at_a_time_what_to_lift_and_where_to_put_it():
    state, board = setup()
    extra = [BOARD.hole("track.40").sensor, BOARD.hole("track.41").sensor]
    missing = [BOARD.hole("track.30").sensor, BOARD.hole("track.31").sensor]
    lights = compose(board, Scene(state, extra=extra, missing=missing))
    assert lit(lights, BOARD.hole("track.40").led) == (MISTAKE, Effect.FAST)
    assert lit(lights, BOARD.hole("track.30").led) == (PUT_HERE, Effect.BLINK)
    assert lit(lights, BOARD.hole("track.41").led) is None
    assert lit(lights, BOARD.hole("track.31").led) is None
    lights = compose(board, Scene(state, missing=[BOARD.hole("track.30").sensor]))
    assert lit(lights, BOARD.hole("track.30").led) == (PUT_HERE, Effect.BLINK)


def test_the_winners_home_rows_pulse():
    state, board = setup()
    state.winners = (0, 2)
    lights = compose(board, Scene(state))
    assert lit(lights, BOARD.hole("home.red.1").led) == (RED, Effect.PULSE)
    assert lit(lights, BOARD.hole("track.10").led) is None
    # And the first winner's colour runs round the whole track.
    ((colour, _step, path),) = lights.chases
    assert lights.palette[colour - 1] == RED
    assert path == [h.led for h in BOARD.track()]


def test_paths_follow_the_track_into_home():
    state = parse_position("2 66,RS,RS,RS/-/YS,YS,YS,YS/- 5S4H/-/2C/- R Y - +0 - - 0",
                           Options(players=2))
    five = next(a for a in state.legal_actions() if a >> 3 & 15 == 5)
    four = next(a for a in state.legal_actions() if a >> 3 & 15 == 4)
    assert path(state, five) == [66, 67, 68, 72, 73, 74]
    assert path(state, four) == [66, 65, 64, 63, 62]


def test_the_light_pictures_in_the_docs_are_current(root):
    from marbleboard.table.pictures import scenes

    for name, svg in scenes(WAMPOO, BOARD).items():
        assert (root / "docs" / "images" / f"lights-{name}.svg").read_text() == svg, (
            "run `make docs`")
