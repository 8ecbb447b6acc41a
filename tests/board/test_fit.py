"""The sensor board under each hole lies flat against the wood: every part on its
top face stands in the hole or in a cut of the board file deep enough for it."""

import dataclasses
import doctest
import io

import ezdxf
import pytest

from marbleboard.board import build_layout, dxf, fit, svg
from marbleboard.board.layouts import LAYOUTS


@pytest.fixture(params=sorted(LAYOUTS))
def board(request):
    return build_layout(request.param)


def test_every_shipped_board_lies_flat_against_its_top(board):
    result = fit.check(board)
    assert result.ok and result.drop_mm == 0, result.collisions
    # Every top-face part is checked, none left out for want of a body.
    module = fit.module_for(board)
    assert {p.ref for p in result.parts} == {p.ref for p in module.parts
                                            if p.side == "top" and p.solder}
    for part in result.parts:
        assert part.depth_spare_mm >= 0 and part.side_spare_mm > 0, part


def test_cuts_leave_wood_between_neighbouring_holes(board):
    assert fit.neighbours_apart(board) >= 3.0


def test_without_its_counterbore_the_hole_module_rests_on_its_led():
    board = build_layout("wampoo")
    bare = dataclasses.replace(board, build=dataclasses.replace(board.build, cuts=()))
    result = fit.check(bare)
    assert not result.ok
    assert {p.ref for p in result.collisions} == {"D1", "C1", "C2"}
    assert result.drop_mm == 1.6  # the LED's height: the module hangs that low
    # A counterbore too shallow for the LED holds it off just the same.
    shallow = dataclasses.replace(board.build.cuts[0], depth_mm=1.5)
    result = fit.check(dataclasses.replace(board, build=dataclasses.replace(
        board.build, cuts=(shallow,))))
    assert [p.ref for p in result.collisions] == ["D1"] and result.drop_mm == 1.6


def test_a_pocket_too_small_for_the_sensor_and_its_registration_is_found():
    board = build_layout("stomple")
    cuts = list(board.build.cuts)
    # The 5 mm square the build once described: smaller than the sensor's leads
    # (5.05 mm across) and the half millimetre the module may sit off.
    cuts[0] = dataclasses.replace(cuts[0], w_mm=5, l_mm=5)
    result = fit.check(dataclasses.replace(board, build=dataclasses.replace(
        board.build, cuts=tuple(cuts))))
    assert {p.ref for p in result.collisions} == {"U1", "C1"}
    assert all(p.side_spare_mm <= -build_layout("stomple").build.registration_mm
               for p in result.collisions)


def test_the_templates_and_the_dxf_carry_every_cut(board):
    cuts = fit.placed_cuts(board)
    assert len(cuts) == len(board.holes) * len(board.build.cuts)
    for underside in (False, True):
        picture = svg.drill_template(board, underside=underside)
        assert picture.count("<polygon") == len(cuts)
    assert "SEEN FROM BENEATH" in svg.drill_template(board, underside=True)
    doc = ezdxf.read(io.StringIO(dxf.dxf_text(board)))
    msp = doc.modelspace()
    through = msp.query('CIRCLE[layer=="THROUGH"]')
    assert len(through) == len(board.holes)
    notches = sum(1 for c in cuts if c.cut.kind == "notch")
    assert len(msp.query('POLYLINE[layer=="THROUGH"]')) == notches
    recessed = [c for c in cuts if c.cut.kind != "notch"]
    drawn = sum(len(msp.query(f'*[layer=="{dxf._layer(depth)}"]'))
                for depth in {c.depth_mm for c in recessed})
    assert drawn == len(recessed)
    assert len(msp.query('CIRCLE[layer=="LAMPS"]')) == len(board.lamps)


def test_the_dxf_is_seen_from_above_in_millimetres():
    board = build_layout("wampoo")
    doc = ezdxf.read(io.StringIO(dxf.dxf_text(board)))
    # R12 names no unit: the outline measures the board in millimetres, and says so.
    outline = doc.modelspace().query('POLYLINE[layer=="OUTLINE"]').first
    xs = [v.dxf.location.x for v in outline.vertices]
    assert max(xs) - min(xs) == board.width_mm
    notes = " ".join(t.dxf.text for t in doc.modelspace().query("TEXT"))
    assert "millimetres" in notes and "from above" in notes
    hole = board.hole("track.0")  # the south arm: low on the board file's y-down page
    centres = {(round(c.dxf.center.x, 3), round(c.dxf.center.y, 3))
               for c in doc.modelspace().query('CIRCLE[layer=="THROUGH"]')}
    assert (hole.x, board.height_mm - hole.y) in centres


def test_the_examples_in_the_fit_and_dxf_modules_run():
    for module in (fit, dxf):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed, module.__name__


def test_a_board_file_with_a_bad_cut_says_what_is_wrong():
    from marbleboard.board import BoardError, board_to_data, parse_board
    data = board_to_data(build_layout("wampoo"))
    data["build"]["cuts"] = [{"kind": "counterbore", "w_mm": 20},
                             {"kind": "pocket", "w_mm": 5, "depth_mm": 1},
                             {"kind": "groove", "w_mm": 5, "l_mm": 2, "depth_mm": 1}]
    with pytest.raises(BoardError) as e:
        parse_board(data)
    said = str(e.value)
    assert "build cut #0" in said and "'depth_mm' above 0" in said
    assert "build cut #1" in said and "'l_mm' above 0" in said
    assert "build cut #2" in said and "groove" in said
    # What the board file holds comes back as it went.
    board = build_layout("stomple")
    assert parse_board(board_to_data(board)).build.cuts == board.build.cuts
