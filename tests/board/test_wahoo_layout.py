"""The Wa-Hoo boards built from their parameters (rules: ../shared/rules/wa-hoo.txt),
and their agreement with the engine's numbering of holes."""

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marbleboard.board import build_layout, load_board
from marbleboard.board.layouts import wahoo
from marbleboard.games.wahoo.geometry import ROW, SEAT_NAMES, geometry
from marbleboard.games.wahoo.marbles import PIPS

PITCH = 25.0
BOARDS = {"wahoo": 4, "wahoo6": 6}


@pytest.fixture(scope="module", params=sorted(BOARDS))
def board(request):
    return build_layout(request.param)


def colours_of(board):
    return len(board.seats)


def dist(a, b):
    return math.dist((a.x, a.y), (b.x, b.y))


def test_hole_counts():
    four, six = build_layout("wahoo"), build_layout("wahoo6")
    for b, n, track in ((four, 4, 56), (six, 6, 84)):
        roles = {}
        for h in b.holes:
            roles[h.role] = roles.get(h.role, 0) + 1
        assert roles == {"track": track - 2 * n, "starter": n, "arrow": n, "centre": 1,
                         "start": 4 * n, "home": 4 * n}
        assert len(b.track()) == track
        assert b.led_count == len(b.holes) + n + 7 + 1  # turn lamps, the die, status
        assert [s.name for s in b.seats] == list(SEAT_NAMES[:n])
    assert len(four.holes) == 89 and len(six.holes) == 133


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_engine_and_the_board_file_agree(root, name):
    # The committed board file, as a maker would use it, against the engine's
    # numbering: arrows, Starting Positions, entries, Tee-Pees, Tribal Grounds.
    board = load_board(root / "hardware" / "boards" / f"{name}.json")
    g = geometry(BOARDS[name], board.parameters["holes_per_side"])
    assert [h.id for h in board.track("track.0")] == [f"track.{t}" for t in range(g.track)]
    assert {h.id for h in board.holes_with("arrow")} == {g.hole_id(a) for a in g.arrows}
    assert [h.id for h in board.holes_with("centre")] == [g.hole_id(g.centre)]
    for s, seat in enumerate(board.seats):
        assert board.starter(seat.name).id == g.hole_id(g.starter(s))
        assert board.home_entry(seat.name).id == g.hole_id(g.entry(s))
        assert [h.id for h in board.home_row(seat.name)] == [
            g.hole_id(g.tee_pee(s, k)) for k in range(ROW)]
        assert [h.id for h in board.holes_with("start", seat.name)] == list(g.start_ids(s))
    for p in range(g.positions):
        assert g.hole_id(p) in board
    lamps = {lamp.id for lamp in board.lamps}
    assert {f"die.{k}" for pips in PIPS.values() for k in pips} <= lamps


def test_the_path_is_one_pitch_per_step(board):
    track = board.track()
    for a, b in zip(track, track[1:] + track[:1], strict=True):
        assert dist(a, b) == pytest.approx(PITCH, abs=0.01)


def test_arrows_are_the_inner_corners_round_the_centre(board):
    # "the pink central arrows": one where each two arms meet, all at one distance
    # from the centre hole, which is the middle of the board.
    centre = board.hole("centre")
    middle = (board.width_mm / 2, board.height_mm / 2)
    assert (centre.x, centre.y) == pytest.approx(middle, abs=0.01)
    arrows = board.holes_with("arrow")
    n = colours_of(board)
    corner = 2 / math.sin(math.pi / n) * PITCH
    assert len(arrows) == n
    for a in arrows:
        assert dist(a, centre) == pytest.approx(corner, abs=0.01)
    # Between two arms the Path turns at the arrow: 90 degrees on the cross, 60 on
    # the six-armed star.
    track = board.track()
    for i, h in enumerate(track):
        if h.role == "arrow":
            before, after = track[i - 1], track[(i + 1) % len(track)]
            v1 = (h.x - before.x, h.y - before.y)
            v2 = (after.x - h.x, after.y - h.y)
            turn = math.degrees(math.atan2(v1[0] * v2[1] - v1[1] * v2[0],
                                           v1[0] * v2[0] + v1[1] * v2[1]))
            assert abs(turn) == pytest.approx(180 - 360 / n, abs=0.01)


def test_the_four_colour_board_is_a_cross(root):
    board = build_layout("wahoo")
    xs = sorted({round(h.x, 3) for h in board.track()})
    ys = sorted({round(h.y, 3) for h in board.track()})
    assert len(xs) == len(ys) == 15  # arms 5 holes wide, 15 holes tip to tip
    # Every Path hole lies on an arm: within two pitches of the centre in x or in y.
    c = board.width_mm / 2
    for h in board.track():
        assert min(abs(h.x - c), abs(h.y - c)) <= 2 * PITCH + 1e-6


def test_each_tee_pee_leaves_from_the_middle_of_its_arms_end_towards_the_centre(board):
    centre = board.hole("centre")
    for seat in board.seats:
        entry = board.home_entry(seat.name)
        row = board.home_row(seat.name)
        chain = [entry, *row]
        for a, b in itertools.pairwise(chain):
            assert dist(a, b) == pytest.approx(PITCH, abs=0.01)
            assert dist(b, centre) < dist(a, centre)


def test_the_starting_position_is_just_outside_the_tribal_grounds(board):
    # "The Starting Position is the space just outside the Tribal Grounds."
    for seat in board.seats:
        starter = board.starter(seat.name)
        grounds = board.holes_with("start", seat.name)
        assert min(dist(starter, g) for g in grounds) < 1.6 * PITCH
        nearest = min(board.holes_with("starter"),
                      key=lambda h: min(dist(h, g) for g in grounds))
        assert nearest == starter


def test_play_goes_clockwise_from_red_at_the_south(board):
    # "play proceeds to the left": the seat after red sits clockwise of it.
    c = (board.width_mm / 2, board.height_mm / 2)
    angles = []
    for seat in board.seats:
        h = board.home_entry(seat.name)
        angles.append(math.atan2(h.y - c[1], h.x - c[0]))  # screen y down
    assert angles[0] == pytest.approx(math.pi / 2, abs=1e-4)  # red straight below the centre
    n = len(angles)
    for a, b in itertools.pairwise(angles):
        assert (b - a) % (2 * math.pi) == pytest.approx(2 * math.pi / n, abs=1e-4)


def test_seats_are_turns_of_each_other(board):
    n = colours_of(board)
    cx, cy = board.width_mm / 2, board.height_mm / 2
    turn = 2 * math.pi / n
    for i, seat in enumerate(board.seats):
        nxt = board.seats[(i + 1) % n].name
        for role in ("start", "home"):
            for a, b in zip(board.holes_with(role, seat.name), board.holes_with(role, nxt),
                            strict=True):
                x, y = a.x - cx, a.y - cy
                # clockwise on screen (y down)
                rotated = (cx + x * math.cos(turn) - y * math.sin(turn),
                           cy + x * math.sin(turn) + y * math.cos(turn))
                assert rotated == pytest.approx((b.x, b.y), abs=1e-2)


def test_lamps_sit_clear_of_every_hole(board):
    for lamp in board.lamps:
        for h in board.holes:
            assert math.dist((lamp.x, lamp.y), (h.x, h.y)) > board.hole_diameter_mm / 2 + 5
    die = {lamp.id: lamp for lamp in board.lamps if lamp.role == "die"}
    assert sorted(die) == [f"die.{k}" for k in range(1, 8)]
    # Row by row like a die's face: 1 2 / 3 4 5 / 6 7.
    assert die["die.1"].y == die["die.2"].y < die["die.4"].y < die["die.6"].y == die["die.7"].y
    assert die["die.3"].x == die["die.1"].x == die["die.6"].x < die["die.4"].x


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(sorted(BOARDS)), st.integers(7, 20).map(lambda r: 2 * r))
def test_every_allowed_side_length_builds_a_valid_board(name, side):
    board = build_layout(name, holes_per_side=side)
    g = geometry(BOARDS[name], side)
    assert len(board.track()) == g.track
    for s, seat in enumerate(board.seats):
        assert board.home_entry(seat.name).id == f"track.{g.entry(s)}"
        assert board.starter(seat.name).id == f"track.{g.starter(s)}"


@pytest.mark.parametrize("side", [12, 15, 42])
def test_side_lengths_out_of_range_are_refused(side):
    with pytest.raises(ValueError, match="holes_per_side must be an even number"):
        wahoo.build(holes_per_side=side)


def test_unknown_parameters_and_colours_are_refused():
    with pytest.raises(ValueError, match="unknown Wa-Hoo board parameter"):
        wahoo.build(holes=3)
    with pytest.raises(ValueError, match="4 or 6 colours"):
        wahoo.build(colours=5)


def test_pictures_show_the_arrows_and_the_centre(board):
    from xml.etree import ElementTree as ET

    from marbleboard.board import svg, text

    root = ET.fromstring(svg.game_view(board))
    ns = "{http://www.w3.org/2000/svg}"
    shortcut = [p for p in root.iter(f"{ns}polygon") if p.get("stroke") == svg.PINK]
    assert len(shortcut) == 1  # the arrow-to-arrow route
    corners = {tuple(map(float, pt.split(","))) for pt in shortcut[0].get("points").split()}
    assert corners == {(h.x, h.y) for h in board.holes_with("arrow")}
    ringed = [c for c in root.iter(f"{ns}circle") if c.get("stroke") == svg.PINK]
    assert len(ringed) == len(board.seats) + 1  # every arrow and the centre
    picture = text.render(board)
    assert picture.count("a") == len(board.seats) and picture.count("c") == 1
    assert max(len(line) for line in picture.splitlines()) < 80  # fits a terminal
