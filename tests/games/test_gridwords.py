"""A grid's holes in words: the centre, or arrows from it, that point the way the
screens draw the board (the Stomple board's picture), one distinct reading per hole."""

import pytest

from marbleboard.board import get_board
from marbleboard.games.gridwords import arrow, from_centre, steps
from marbleboard.games.stomple.grid import SIZE, hole_name
from marbleboard.words import LANGUAGES, say

# Each arrow's direction on the screen: x to the right, y down (SVG).
ON_SCREEN = {"↑": (0, -1), "↓": (0, 1), "→": (1, 0), "←": (-1, 0),
             "↗": (1, -1), "↖": (-1, -1), "↘": (1, 1), "↙": (-1, 1)}


def test_steps_along_a_line_and_across():
    assert steps(0, 3) == "3↑" and steps(-2, -2) == "2↙" and steps(1, 0) == "1→"
    assert steps(1, 2) == "2↑ 1→" and steps(-3, 1) == "1↑ 3←"
    assert arrow(1, 1) == "↗" and arrow(0, -1) == "↓"
    with pytest.raises(ValueError):
        steps(0, 0)
    with pytest.raises(ValueError):
        arrow(2, 0)


def test_every_hole_of_the_grid_reads_apart_in_every_language():
    for lang in LANGUAGES:
        said = [say(from_centre(SIZE, c, r), lang) for r in range(SIZE) for c in range(SIZE)]
        assert len(set(said)) == SIZE * SIZE
    assert say(from_centre(SIZE, 3, 3), "en") == "at the centre"
    assert say(from_centre(SIZE, 0, 0), "fr") == "à 3↙ du centre"


def test_the_arrows_point_where_the_screens_draw_the_holes():
    board = get_board("stomple")
    centre = board.hole("grid.d4")
    for row in range(SIZE):
        for column in range(SIZE):
            if (row, column) == (3, 3):
                continue
            hole = board.hole("grid." + hole_name(row * SIZE + column))
            way = steps(column - 3, row - 3)
            x, y = centre.x, centre.y
            pitch = board.hole("grid.e4").x - centre.x
            for part in way.split():
                count, sign = int(part[:-1]), part[-1]
                dx, dy = ON_SCREEN[sign]
                x, y = x + dx * count * pitch, y + dy * count * pitch
            assert (x, y) == (hole.x, hole.y), (hole.id, way)
