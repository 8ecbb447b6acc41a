"""Stomple's lights (docs/lights.md): a turn in the colour of the seat's Stomper,
the string to follow, the Stomper that must leave, a seat out, and the layout set
out row by row in the marbles' own colours."""

import sys
from pathlib import Path

from marbleboard.board import build_layout
from marbleboard.games.registry import get_game
from marbleboard.games.stomple.grid import parse_hole
from marbleboard.games.stomple.marbles import PALETTE, WORDS, hole_id
from marbleboard.link.lights import Effect
from marbleboard.table.boardmap import BoardMap
from marbleboard.table.lights import MISTAKE, PUT_HERE, Painter, Scene, _rgb

sys.path.insert(0, str(Path(__file__).parents[1] / "games"))
from stomple_helpers import position

STOMPLE = get_game("stomple")
BOARD = build_layout("stomple")
MAP = BoardMap(BOARD, STOMPLE.marbles)
PAINTER = Painter(STOMPLE, MAP)
WHITE, YELLOW = _rgb(PALETTE["white"]), _rgb(PALETTE["yellow"])


def lit(lights, hole):
    led = BOARD.hole(f"grid.{hole}").led if "." not in hole else \
        next(lamp.led for lamp in BOARD.lamps if lamp.id == hole)
    v = lights.state[led]
    return None if not v else (lights.palette[(v & 15) - 1], Effect(v >> 4))


def test_a_turn_lights_what_may_be_stomped_in_the_stompers_colour():
    # "You can stomp ANY color of marble, as long as it's next to your Stomper" and
    # "hop to a matching marble": neighbours steady, hops further away pulsing.
    state = position("Rc3 Wd5 *e4 Wg7 Ra1", stompers="Wd4,R-")
    lights = PAINTER.compose(Scene(state))
    assert lit(lights, "c3") == (WHITE, Effect.SOLID)
    assert lit(lights, "d5") == (WHITE, Effect.SOLID)  # its colour, but next to it
    assert lit(lights, "e4") == (WHITE, Effect.SOLID)
    assert lit(lights, "g7") == (WHITE, Effect.PULSE)
    assert lit(lights, "a1") is None  # red, and too far
    assert lit(lights, "turn.player1")[1] == Effect.PULSE


def test_a_string_shows_the_next_marbles_blinking_and_the_rest_steady():
    # "If you stomp any marble in a string, you must keep stomping marbles in the
    # string that are adjacent to your stomper!"
    state = position("Yc3 Yb2 Ya1 Yd3 Rc4", stompers="Wc2,R-", turn="1~Y")
    lights = PAINTER.compose(Scene(state))
    assert lit(lights, "c3") == (WHITE, Effect.BLINK)
    assert lit(lights, "b2") == (WHITE, Effect.BLINK)
    assert lit(lights, "d3") == (WHITE, Effect.BLINK)
    assert lit(lights, "a1") == (WHITE, Effect.SOLID)  # further along the string
    assert lit(lights, "c4") is None  # not of the string's colour


def test_a_stomper_with_nothing_to_stomp_blinks_fast_to_be_lifted_off():
    # "If you can't stomp a marble, you must remove your Stomper from the board."
    state = position("Ra7 Yb7 Gg1", stompers="Wd4,Bf1,Pa6")
    lights = PAINTER.compose(Scene(state))
    assert lit(lights, "d4") == (WHITE, Effect.FAST)


def test_a_seat_out_for_the_round_has_its_lamp_dimmed():
    # "You're out for the rest of the round."
    state = position("Ra7 Yb7 Gg1", stompers="Wd4,Bx,Pa6", turn="3")
    lights = PAINTER.compose(Scene(state))
    assert lit(lights, "turn.player2")[1] == Effect.DIM
    assert lit(lights, "turn.player3")[1] == Effect.PULSE


def test_a_bots_stomp_runs_from_its_stomper_to_the_marble():
    state = position("Rc3 Yg7", stompers="Yd4,R-")
    lights = PAINTER.compose(Scene(state, shown=[parse_hole("g7")], movable=False))
    assert lit(lights, "g7") == (YELLOW, Effect.BLINK)
    leds = [BOARD.hole(hole_id(parse_hole(h))).led for h in ("d4", "g7")]
    assert lights.chases == [(lights.palette.index(YELLOW) + 1, 120, leds)]


def test_a_layout_is_set_out_row_by_row_in_the_marbles_colours():
    state = position("Rc3 Ya1 *b1 Pa2", stompers="?-,?-", turn="stompers>1")
    missing = sorted(MAP.target(state).holes)
    lights = PAINTER.compose(Scene(state, missing=missing))
    assert lit(lights, "a1") == (_rgb(PALETTE["yellow"]), Effect.SOLID)
    assert lit(lights, "b1") == (_rgb(PALETTE[WORDS[6]]), Effect.SOLID)
    assert lit(lights, "a2") is None and lit(lights, "c3") is None  # rows still to come
    # Row 1 filled: row 2 lights; a marble in a hole that should stay empty is red.
    row1 = {MAP.sensor("grid.a1"), MAP.sensor("grid.b1")}
    lights = PAINTER.compose(Scene(state, missing=[s for s in missing if s not in row1]))
    assert lit(lights, "a2") == (_rgb(PALETTE["purple"]), Effect.SOLID)
    lights = PAINTER.compose(Scene(state, extra=[MAP.sensor("grid.g7")], missing=missing))
    assert lit(lights, "g7") == (MISTAKE, Effect.FAST) and lit(lights, "a1") is None


def test_clearing_the_board_lights_every_hole_still_holding_something():
    state = position("Rc3", stompers="?-,?-", turn="layout>1")
    held = sorted(MAP.sensors(["grid.c3", "grid.d4"]))
    lights = PAINTER.compose(Scene(state, extra=held, clearing=True))
    assert lit(lights, "c3") == (PUT_HERE, Effect.FAST)
    assert lit(lights, "d4") == (PUT_HERE, Effect.FAST)


def test_a_stomper_reads_apart_from_a_marble_only_with_its_sensor():
    state = position("Rc3 Yg7", stompers="Yd4,R-")
    target = MAP.target(state)
    d4 = BOARD.hole("grid.d4")
    assert {d4.sensor, d4.piece_sensor} <= target.holes
    assert BOARD.hole("grid.c3").piece_sensor not in target.holes
    plain = BoardMap(build_layout("stomple", stomper_sensors=False), STOMPLE.marbles)
    assert plain.blind(position("Rc3 Ya1", stompers="Y-,R-"), parse_hole("a1"))
    assert not MAP.blind(position("Rc3 Ya1", stompers="Y-,R-"), parse_hole("a1"))
