"""The sensor board under each hole lies flat against the wood: every part on its
top face stands in the hole or in a cut of the board file deep enough for it; and
the drilling templates carry what each build needs from the wood."""

import dataclasses
import doctest
import io
import xml.etree.ElementTree as ET

import ezdxf
import pytest

from marbleboard.board import build_layout, dxf, fit, svg, tilefit
from marbleboard.board.layouts import LAYOUTS, TILED

NS = {"s": "http://www.w3.org/2000/svg"}


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


def test_the_module_builds_templates_and_dxf_carry_every_cut(board):
    """Built from one module per hole (``fab``, the modules the fab assembles)."""
    cuts = fit.placed_cuts(board)
    assert len(cuts) == len(board.holes) * len(board.build.cuts)
    for underside in (False, True):
        picture = svg.drill_template(board, underside=underside, assembly="fab")
        assert picture.count("<polygon") == len(cuts)
    assert "SEEN FROM BENEATH" in svg.drill_template(board, underside=True, assembly="fab")
    doc = ezdxf.read(io.StringIO(dxf.dxf_text(board, "fab")))
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


@pytest.mark.parametrize("layout", TILED)
def test_a_tiled_boards_template_has_a_pilot_hole_for_every_screw_and_no_recess(layout):
    """The tiles lie flat under the top with no recess (hardware/pcb/tiles.md): the
    wood needs only the holes, the lamps' windows and each screw's pilot hole."""
    board = build_layout(layout)
    screws = tilefit.screws(layout)
    tiles = tilefit.placed(layout)
    for underside in (False, True):
        root = ET.fromstring(svg.drill_template(board, underside=underside))
        assert not root.findall(".//s:polygon", NS), "a recess drawn for tiles"
        pilots = [g for g in root.iter(f"{{{NS['s']}}}g")
                  if "pilot hole" in g.find("s:title", NS).text]
        assert len(pilots) == len(screws)
        for g, screw in zip(pilots, screws, strict=True):
            circle = g.find("s:circle", NS)
            x = board.width_mm - screw.x if underside else screw.x
            assert (float(circle.get("cx")), float(circle.get("cy"))) == \
                pytest.approx((x, screw.y), abs=1e-6)
            assert float(circle.get("r")) * 2 == tilefit.PILOT_MM
        outlines = root.findall(".//s:polyline", NS)
        assert sorted(o.find("s:title", NS).text.split(":")[0] for o in outlines) == sorted(tiles)
    doc = ezdxf.read(io.StringIO(dxf.dxf_text(board)))
    msp = doc.modelspace()
    pilots = msp.query(f'CIRCLE[layer=="{dxf._layer(tilefit.PILOT_DEPTH_MM)}"]')
    assert sorted((round(c.dxf.center.x, 3), round(c.dxf.center.y, 3)) for c in pilots) == \
        sorted((round(s.x, 3), round(board.height_mm - s.y, 3)) for s in screws)
    assert len(msp.query('POLYLINE[layer=="TILES"]')) == len(tiles)
    assert not [layer.dxf.name for layer in doc.layers
                if layer.dxf.name.startswith("UNDERSIDE_")
                and layer.dxf.name != dxf._layer(tilefit.PILOT_DEPTH_MM)]


def test_a_tile_screws_pilot_hole_is_deeper_than_the_screw_reaches_and_not_through():
    """An M3 x 6 through a 1.6 mm tile reaches 4.4 mm into the top: its pilot hole
    is deeper, so the screw never bottoms, and leaves wood above it."""
    for layout in TILED:
        build = build_layout(layout).build
        reach = tilefit.SCREW_LENGTH_MM - build.pcb_mm
        assert reach < tilefit.PILOT_DEPTH_MM < build.top_mm, layout


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
