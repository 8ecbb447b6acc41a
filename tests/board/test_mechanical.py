"""The printed parts, read back from their solids: the mould's cavity is the
marble, its holder puts the magnet at the marble's centre, the Stomper's magnet
stands where the sensing computes it, the lamp carriers fit their windows and
their boards, and every STL file closes one solid."""

import math

import pytest
from build123d import Location, Sphere

from marbleboard.board import build_layout
from marbleboard.board.layouts import LAYOUTS
from marbleboard.board.parts3d import designs, stl, write
from marbleboard.board.parts3d.fits import (
    MAGNET_SIZE_MM,
    PRINT_SIZE_MM,
    SHEET_THICKNESS_MM,
    hole_for_pin,
    pin_play_mm,
)
from marbleboard.board.parts3d.lamp_carrier import (
    FLANGE_MM,
    PLUG_BELOW_FACE_MM,
    WINDOW_MM,
    WOOD_OVER_TIP_MM,
    lamp_carriers,
    room_mm,
)
from marbleboard.board.parts3d.marble_jig import VENT_FROM_TOP_DEG, marble_jigs
from marbleboard.board.parts3d.solids import cylinder
from marbleboard.board.parts3d.stomper import stomper
from marbleboard.board.sensing import CLEARANCE_MM
from marbleboard.cli import main

# OCCT builds and meshes every part in about a minute on a busy two-core machine,
# inside the first test that needs them.
pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module")
def boards():
    return [build_layout(name) for name in LAYOUTS]


@pytest.fixture(scope="module")
def jigs(boards):
    return marble_jigs(boards)


@pytest.fixture(scope="module")
def the_stomper():
    return stomper(build_layout("stomple"))


def top_z(solid, x, y, z0, z1, r=0.2):
    """The highest point of ``solid`` on a thin upright probe at (x, y)."""
    return (solid & cylinder(r, z0, z1, x, y)).bounding_box().max.Z


def bottom_z(solid, x, y, z0, z1, r=0.2):
    return (solid & cylinder(r, z0, z1, x, y)).bounding_box().min.Z


def test_one_mould_for_each_marble_magnet_the_boards_use(jigs, boards):
    by_board = {b: j.magnet.label for j in jigs for b in j.boards}
    assert by_board == {"wampoo": "8 x 3 mm N35", "wahoo": "8 x 3 mm N35",
                        "wahoo6": "8 x 3 mm N35", "stomple": "10 x 4 mm N35"}
    assert {j.diameter_mm for j in jigs} == {b.marble_diameter_mm for b in boards}


def test_the_closed_mould_leaves_the_marble_sphere_empty_and_walls_it(jigs):
    for jig in jigs:
        mould = jig.lower_half + jig.upper_half
        r = jig.r
        for x in jig.centres:
            sphere = Sphere(r).moved(Location((x, 0, 0)))
            assert (mould & sphere).volume < 1e-6 * sphere.volume, jig.name
            # Round it, the mould's wall: all but the sprue, vent and socket.
            shell = Sphere(r + 0.5).moved(Location((x, 0, 0))) - sphere
            walled = (mould & shell).volume / shell.volume
            assert 0.95 < walled < 1.0, (jig.name, x, walled)


def test_each_cavity_has_an_open_sprue_and_vent_to_the_top(jigs):
    for jig in jigs:
        for x in jig.centres:
            # Up the sprue's axis from the cavity's top, and up the vent.
            assert (jig.upper_half & cylinder(0.5, jig.r, jig.top_z, x)).volume == 0
            a = math.radians(VENT_FROM_TOP_DEG)
            y, z = jig.r * math.sin(a), jig.r * math.cos(a)
            assert (jig.upper_half & cylinder(0.5, z - 0.2, jig.top_z, x, y)).volume == 0
            # ... and nowhere else: beside the vent, the mould is solid.
            assert (jig.upper_half & cylinder(0.5, z + 0.5, jig.top_z, x, -y)).volume > 0


def test_the_holder_sets_the_magnet_on_the_marble_centre(jigs):
    for jig in jigs:
        x = jig.centres[0]
        holder = jig.holder_at(x)
        # The holder's stem ends on the socket's floor, read off the lower half
        # beside the push-out hole.
        floor = top_z(jig.lower_half, x + 1.2, 0, jig.bottom_z, -jig.r)
        assert bottom_z(holder, x, 0, floor - 5, 0, r=1.0) == pytest.approx(floor, abs=1e-6)
        # The magnet rests on the holder's floor, read beside the stem.
        seat = top_z(holder, x + 2.5, 0, jig.bottom_z, jig.r)
        magnet = jig.magnet_at(x)
        centre = seat + jig.magnet.height_mm / 2
        assert centre == pytest.approx(0.0, abs=1e-6), jig.name  # the sphere's centre
        # The fingers press on the magnet's rim, and only there.
        grip = magnet & holder
        lowest = grip.bounding_box().min.Z
        assert grip.volume > 0 and lowest >= seat - 1e-6
        assert len(grip.solids()) == 3
        assert math.hypot(grip.center().X - x, grip.center().Y) < 1e-6
        # Every fit and the magnet at its worst still leave it within the sensing's
        # tolerance, along each axis and both at once.
        placement = jig.placement()
        assert placement.lateral.total_mm <= jig.magnet.offset_mm
        assert placement.vertical.total_mm <= jig.magnet.offset_mm
        assert placement.distance_mm <= jig.magnet.offset_mm


def test_the_fingers_grip_the_smallest_magnet_and_take_the_largest(jigs):
    for jig in jigs:
        d = jig.magnet.diameter_mm
        assert jig.finger_circle_mm + PRINT_SIZE_MM < d - MAGNET_SIZE_MM
        # The largest magnet spreads the smallest circle by under half a millimetre.
        assert (d + MAGNET_SIZE_MM) - (jig.finger_circle_mm - PRINT_SIZE_MM) < 0.5


def test_the_stem_presses_into_its_socket_and_the_upper_half_keys_on(jigs):
    for jig in jigs:
        # The crush ribs reach into the lower half round the socket: they, not
        # the socket's play, centre the stem.
        overlap = jig.holder_at(jig.centres[0]) & jig.lower_half
        assert overlap.volume > 0
        highest = overlap.bounding_box().max.Z
        assert highest <= -jig.r + 1e-6
        keys = jig.lower_half & jig.upper_half
        assert keys.volume == pytest.approx(0.0, abs=1e-6)
    assert pin_play_mm(5.0) == pytest.approx(2 * PRINT_SIZE_MM)
    assert hole_for_pin(5.0) - PRINT_SIZE_MM >= 5.0 + PRINT_SIZE_MM


def test_cavities_are_far_enough_apart_for_the_magnets(jigs):
    for jig in jigs:
        assert jig.pull_from_others_n(jig.pitch_mm) <= jig.magnet_weight_n
        if jig.pitch_mm > math.ceil(jig.diameter_mm + 4):
            # The least such pitch: a millimetre closer pulls harder than the weight.
            assert jig.pull_from_others_n(jig.pitch_mm - 1) > jig.magnet_weight_n


def test_the_stompers_magnet_stands_where_the_sensing_puts_it(the_stomper):
    s = the_stomper
    body, build, magnet = s.body, s.build, s.magnet
    # Standing, the flange rests on the sheet: read the flange's underside off
    # the solid, beyond the neck.
    flange = bottom_z(body, 10.0, 0, -20, 40)
    assert flange == pytest.approx(build.sheet_mm, abs=1e-6)
    # The magnet goes up its pocket to the pocket's end (read inside the pocket).
    pocket_end = bottom_z(body, 3.0, 0, -20, 40)
    centre = pocket_end - magnet.height_mm / 2
    assert centre == pytest.approx(magnet.z_mm, abs=1e-6)
    # Its lower face flush with the foot's end, south face down as the board says.
    foot_end = body.bounding_box().min.Z
    assert foot_end == pytest.approx(centre - magnet.height_mm / 2, abs=1e-6)
    assert magnet.pole_down == "south"
    # The second magnet's closed pocket, centred where the board file puts it: an
    # empty space as tall as the magnet, solid print under and over it.
    second = magnet.opposed
    assert s.opposed_z == pytest.approx(magnet.z_mm + second.distance_mm)
    lo, hi = s.opposed_z - second.height_mm / 2, s.opposed_z + second.height_mm / 2
    assert (body & cylinder(0.2, lo + 0.01, hi - 0.01, 3.0, 0.0)).volume == 0
    assert top_z(body, 3.0, 0, pocket_end, lo) == pytest.approx(lo, abs=1e-6)
    assert bottom_z(body, 3.0, 0, hi, hi + 5) == pytest.approx(hi, abs=1e-6)
    assert (s.magnet_solid() & cylinder(6, lo, hi)).volume == pytest.approx(
        math.pi * (second.diameter_mm / 2) ** 2 * second.height_mm, rel=1e-6)
    # The pocket's ribs grip both magnets evenly.
    grip = s.magnet_solid() & body
    assert grip.volume > 0 and math.hypot(grip.center().X, grip.center().Y) < 1e-6
    # The neck is wider than the sheet's hole at its widest: the sheet grips it.
    neck = body & cylinder(20, 0.1, build.sheet_mm - 0.1)
    neck_d = neck.bounding_box().max.X * 2
    assert neck_d - PRINT_SIZE_MM > build.sheet_hole_mm + build.hole_tolerance_mm
    placement = s.placement()
    assert placement.lateral.total_mm <= magnet.offset_mm
    assert placement.vertical.total_mm <= magnet.offset_mm
    assert placement.tilt_deg <= magnet.tilt_deg
    assert any(what.startswith("the silicone sheet") and mm == SHEET_THICKNESS_MM
               for what, mm in placement.vertical.terms)


def test_the_stompers_foot_clears_the_hole_and_the_sensors(the_stomper):
    rows = the_stomper.clearances()
    assert len(rows) == 2 + len(the_stomper.build.sites)
    assert all(have >= CLEARANCE_MM for _, have in rows), rows
    # Nothing of the Stomper below the top's face is wider than its foot.
    foot = the_stomper.body & cylinder(30, -30, -0.01)
    widest = foot.bounding_box().max.X
    assert widest == pytest.approx(the_stomper.foot_mm / 2, abs=1e-6)


def test_a_stomped_marble_is_held_by_the_foot_until_far_below_it(the_stomper):
    s = the_stomper
    touching = s.stomped_marble_pull_n(0.0)
    assert touching > 10 * s.marble_weight_n
    gap = s.falls_free_gap_mm
    assert s.stomped_marble_pull_n(gap) <= s.marble_weight_n < s.stomped_marble_pull_n(gap - 1)


def test_lamp_carriers_fill_their_windows_without_touching_the_wood(boards):
    for carrier in lamp_carriers(boards):
        body = carrier.body
        (wood,) = [p.solid for p in carrier.board_pieces()]
        assert (body & wood).volume == pytest.approx(0.0, abs=1e-6), carrier.name
        for (x, y), led in zip(carrier.leds, carrier.led_solids(), strict=True):
            # The plug stops under the face; the LED's face lies against its end.
            assert top_z(body, x, y, -20, 5) == pytest.approx(-PLUG_BELOW_FACE_MM, abs=1e-6)
            assert (body & led).volume == pytest.approx(0.0, abs=1e-9)
            face = led.bounding_box().max.Z
            assert face == pytest.approx(-carrier.top_mm, abs=1e-6)
            assert bottom_z(body, x, y, -carrier.top_mm - 0.5, 5) == \
                pytest.approx(-carrier.top_mm, abs=1e-6)
        assert carrier.plug_mm + PRINT_SIZE_MM <= WINDOW_MM - carrier.hole_tolerance_mm


def test_lamp_carriers_fit_every_board_and_their_screws_stay_in_the_wood(boards):
    for board in boards:
        assert all(room >= 0 for room in room_mm(board).values()), (board.id, room_mm(board))
    by_top = {c.top_mm: c for c in lamp_carriers(boards) if c.kind == "lamp"}
    thick, thin = by_top[6.0], by_top[2.0]
    assert thick.screw_mm is not None
    assert thick.screw_mm <= FLANGE_MM + thick.top_mm - WOOD_OVER_TIP_MM
    assert thin.screw_mm is None  # glued
    die = [c for c in lamp_carriers(boards) if c.kind == "die"]
    assert [sorted(c.boards) for c in die] == [["wahoo", "wahoo6"]] and len(die[0].leds) == 7


@pytest.fixture(scope="module")
def written(boards, tmp_path_factory):
    """Every part written once, as the command writes them."""
    out = tmp_path_factory.mktemp("parts3d")
    return [(drawn, write(drawn, out)) for drawn in designs(boards)]


def test_every_printed_part_is_written_as_one_closed_solid(written):
    names = set()
    for drawn, files in written:
        for w in files:
            if w.path.suffix != ".stl":
                assert w.path.read_text().startswith("<svg")
                continue
            names.add(w.path.stem)
            assert stl.problems(w.path) == []
            solid = next(p.solid for p in drawn.design.pieces() if p.name == w.path.stem)
            assert w.volume_mm3 > 0
            assert w.volume_mm3 == pytest.approx(solid.volume, rel=0.01)
            assert solid.is_valid and len(solid.solids()) == 1
    assert {"marble-jig-8x3-lower", "marble-jig-8x3-upper", "marble-jig-8x3-holder",
            "marble-jig-10x4-holder", "stomper", "lamp-carrier-6mm",
            "lamp-carrier-2mm", "die-carrier-6mm"} <= names


def test_stl_check_finds_an_open_surface(tmp_path):
    path = tmp_path / "cube.stl"
    stl.write(cylinder(5, 0, 5), path)
    assert stl.problems(path) == []
    data = bytearray(path.read_bytes())
    count = int.from_bytes(data[80:84], "little")
    data[80:84] = (count - 1).to_bytes(4, "little")
    path.write_bytes(bytes(data[:-50]))  # one triangle gone: a hole
    assert any("open edges" in p for p in stl.problems(path))
    path.write_bytes(bytes(data[:100]))
    with pytest.raises(stl.StlError, match="triangles but holds"):
        stl.triangles(path)


def test_committed_parts_are_what_the_code_makes(written, root):
    for _drawn, files in written:
        for w in files:
            committed = root / "hardware/mechanical" / w.path.name
            assert committed.exists(), f"{committed} is missing: run make docs"
            if w.path.suffix == ".svg":
                assert committed.read_text() == w.path.read_text(), f"{committed} is stale"
            else:
                assert stl.volume_mm3(committed) == pytest.approx(w.volume_mm3, rel=1e-3), \
                    f"{committed} is stale"


def test_command_writes_a_part_and_names_unknown_ones(tmp_path, capsys):
    assert main(["board", "parts3d", "lamp-carrier-6mm", "-o", str(tmp_path)]) == 0
    assert {p.name for p in tmp_path.iterdir()} == {"lamp-carrier-6mm.stl",
                                                    "lamp-carrier-6mm.svg"}
    assert "window of 8 mm" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="no printed part called sprocket"):
        main(["board", "parts3d", "sprocket", "-o", str(tmp_path)])
