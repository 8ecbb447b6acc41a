"""Wa-Hoo in the light language: the same painter as Wampoo's, with the die's
lamps, the arrow short cut's chase and the Tribal Grounds as the START rows."""

import pytest

from marbleboard.board import build_layout
from marbleboard.games.registry import get_game
from marbleboard.link.lights import Effect
from marbleboard.table.boardmap import BoardMap
from marbleboard.table.lights import Painter, Scene

WAHOO = get_game("wahoo")
BOARD = build_layout("wahoo")
# Red has rolled a 6: marbles on 5, 17 (an arrow) and 38, one in the Tribal Grounds.
SIX = "4 5,17,38,RS/23,BS,BS,BS/YS,YS,YS,YS/G1,G2,50,GS R 6 - 30"
RED = (0xD6, 0x28, 0x28)
BLUE = (0x1D, 0x4E, 0xD8)


LEDS = {item.id: item.led for item in [*BOARD.holes, *BOARD.lamps]}


def lit(lights, item_id):
    """(colour, effect) of a hole's or a lamp's LED, or None when dark."""
    v = lights.state[LEDS[item_id]]
    if not v:
        return None
    return lights.palette[(v & 15) - 1], Effect(v >> 4)


@pytest.fixture
def painter():
    return Painter(WAHOO, BoardMap(BOARD, WAHOO.marbles))


def test_the_die_shows_the_roll_in_the_rollers_colour(painter):
    """The host rolls the die for "Each player rolls the die"; its lamps show it."""
    lights = painter.compose(Scene(WAHOO.parse_position(SIX)))
    pips = {p for p in range(1, 8) if lit(lights, f"die.{p}")}
    assert pips == {1, 2, 3, 5, 6, 7}  # six pips: both outer columns
    assert lit(lights, "die.1") == (RED, Effect.SOLID)
    assert lit(lights, "turn.red") == (RED, Effect.PULSE)
    three = WAHOO.parse_position(SIX.replace(" R 6 ", " R 3 "))
    lights = painter.compose(Scene(three))
    assert {p for p in range(1, 8) if lit(lights, f"die.{p}")} == {1, 4, 7}


def test_before_the_roll_the_die_is_dark():
    state = WAHOO.parse_position(SIX.replace(" R 6 ", " R? 6 "))
    lights = Painter(WAHOO, BoardMap(BOARD, WAHOO.marbles)).compose(Scene(state))
    assert not any(lit(lights, f"die.{p}") for p in range(1, 8))


def test_what_can_move_is_lit_steady_the_tribal_grounds_too(painter):
    """"To move a marble out of the Tribal Grounds to the Starting Position, a player
    must roll either a one or a six": with a 6 the Tribal Grounds are lit too."""
    lights = painter.compose(Scene(WAHOO.parse_position(SIX)))
    for hole in ("track.5", "track.17", "track.38", "start.red.1"):
        assert lit(lights, hole) == (RED, Effect.SOLID), hole
    assert lit(lights, "track.23") is None  # blue's marble is not red's to move


def test_a_lifted_arrow_marble_shows_both_ways_and_the_knock(painter):
    state = WAHOO.parse_position(SIX)
    lights = painter.compose(Scene(state, lifted={BOARD.hole("track.17").sensor}))
    assert lit(lights, "track.23") == (BLUE, Effect.FAST)  # landing there knocks blue back
    assert lit(lights, "start.blue.1") == (BLUE, Effect.DIM)
    assert lit(lights, "track.49") == (RED, Effect.BLINK)  # the short cut's landing
    short_cut = next(c for c in lights.chases if c[2][-1] == BOARD.hole("track.49").led)
    assert short_cut[2][:3] == [BOARD.hole(f"track.{n}").led for n in (17, 31, 45)]


def test_the_winners_tee_pees_breathe(painter):
    state = WAHOO.parse_position("4 R1,R2,R3,R4/23,BS,BS,BS/YS,YS,YS,YS/G1,G2,50,GS over 3 R 90")
    lights = painter.compose(Scene(state))
    assert lit(lights, "home.red.4") == (RED, Effect.PULSE)
    assert lit(lights, "turn.red") == (RED, Effect.BLINK)
    assert not any(lit(lights, f"die.{p}") for p in range(1, 8))


def test_the_light_pictures_in_the_docs_are_current(root):
    from marbleboard.table.pictures import scenes

    for name, svg in scenes(WAHOO, BOARD).items():
        assert (root / "docs" / "images" / f"lights-wahoo-{name}.svg").read_text() == svg, (
            "run `make docs`")
