"""The tiles fit together under the board (board/tilefit.py): no two placed
outlines, the controller's included, overlap or come within the gap a routed
edge needs; each tile and controller has its mounting holes, none under a hole
of the wood nor within the keep-out of a part, track or via; KiCad sees a
screw's keep-out."""

import dataclasses
import doctest
import itertools
import math

import pytest
from shapely.geometry import LineString, Polygon, box
from shapely.geometry import Point as Circle
from shapely.ops import unary_union

from marbleboard.board import build_layout, pcb, tilefit, tileframe
from marbleboard.board.bodies import SCREW_KEEPOUT_MM, courtyard
from marbleboard.board.pcbdesign import EDGE_CLEARANCE_MM, TRACK_MM, VIA_MM
from marbleboard.board.tiles import plan

LAYOUTS = ("wampoo", "wahoo")
DESIGNS = [f"{layout}-{d}" for layout in LAYOUTS
           for d in ("arm-tile", "start-tile", "tile-controller")]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_no_two_placed_boards_overlap_or_come_within_the_gap(layout):
    shapes = tilefit.placed(layout)
    sensing = [t.name for t in plan(build_layout(layout)).tiles if t.holes]
    assert sorted(shapes) == sorted([*sensing, "controller"])
    assert tilefit.clashes(layout, outlines=shapes) == []
    least = min(a.distance(b) for a, b in itertools.combinations(shapes.values(), 2))
    assert round(least, 3) >= tileframe.GAP_MM, least  # drawn to 0.1 um


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_check_finds_the_rectangles_the_tiles_had_overlapping(layout):
    """Each design's whole rectangle, placed as its outline is: the arms overlap
    by 25 x 25 mm at every corner, and the start strips' corners reach into the
    arms."""
    board = build_layout(layout)
    rects = {}
    for name, shape in tilefit.placed(layout).items():
        tile = next((t for t in plan(board).tiles if t.name == name), None)
        if tile is None:
            rects[name] = shape
            continue
        to = tileframe.on_board(board, tile)
        x0, y0, x1, y1 = pcb.DESIGNS[f"{layout}-{tile.design}-tile"]().rect_mm
        rects[name] = Polygon([to(x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))])
    found = tilefit.clashes(layout, outlines=rects)
    arms = [c for c in found if c.a.startswith("arm") and c.b.startswith("arm")]
    assert len(arms) == 4 and all(c.overlap_mm2 == pytest.approx(625.0) for c in arms), arms
    assert any(c.a.startswith("arm") and c.b.startswith("start") for c in found), found


@pytest.mark.parametrize("layout", LAYOUTS)
def test_an_arm_gives_up_one_corner_to_the_neighbour_whose_hole_stands_there(layout):
    d = pcb.DESIGNS[f"{layout}-arm-tile"]()
    x0, y0, x1, y1 = d.rect_mm
    cut = Polygon(d.outline())
    notch = (25.0 + tileframe.GAP_MM) ** 2
    assert box(x0, y0, x1, y1).area - cut.area == pytest.approx(notch, abs=0.01)
    # Every hole of the arm stays whole on it, an edge's clearance in.
    board = build_layout(layout)
    tile = plan(board).of_design("arm")[0]
    to = tileframe.to_design(board, tile)
    holes = {h.id: h for h in board.holes}
    r = board.hole_diameter_mm / 2 + EDGE_CLEARANCE_MM
    for h in tile.holes:
        assert cut.contains(Circle(*to(holes[h].x, holes[h].y)).buffer(r)), h


@pytest.mark.parametrize("layout", LAYOUTS)
def test_each_board_has_its_screws_spread_over_it(layout):
    found = tilefit.screws(layout)
    by_tile: dict[str, list[tilefit.Screw]] = {}
    for s in found:
        by_tile.setdefault(s.tile, []).append(s)
    assert set(by_tile) == set(tilefit.placed(layout))
    for name, mine in by_tile.items():
        kind = name.split(".")[0]
        assert len(mine) >= tileframe.SCREWS[kind], name
        shape = tilefit.placed(layout)[name]
        x0, y0, x1, y1 = shape.bounds
        apart = min(math.dist((a.x, a.y), (b.x, b.y)) for a, b in itertools.combinations(mine, 2))
        assert apart >= max(x1 - x0, y1 - y0) / 4, (name, apart)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_no_screw_is_under_a_hole_of_the_wood(layout):
    found = tilefit.screws(layout)
    assert found and all(s.wood_mm > 0 for s in found), [s for s in found if s.wood_mm <= 0]
    # The check finds a screw under a hole, or half under one.
    board = build_layout(layout)
    holes = unary_union(tileframe.wood_holes(board))
    h = board.holes[0]
    assert tilefit.wood_left(holes, h.x, h.y) < -SCREW_KEEPOUT_MM
    assert tilefit.wood_left(holes, h.x + board.hole_diameter_mm / 2, h.y) < 0


def _copper_and_parts(d):
    """Every part's courtyard (or pads, for a part drawn without one), track and
    via of a design."""
    out = []
    for p in d.parts:
        yard = courtyard(p)
        if yard is not None:
            out.append((p.ref, Polygon(yard)))
        else:
            out += [(p.ref, Circle(*p.pad_xy(pad.number)).buffer(max(pad.w, pad.h) / 2))
                    for pad in p.pads]
    out += [(f"track {t.net}", LineString(t.points).buffer(TRACK_MM / 2)) for t in d.tracks
            if len(set(t.points)) > 1]
    out += [(f"via {v.net}", Circle(v.x, v.y).buffer(VIA_MM[0] / 2)) for v in d.vias]
    return out


@pytest.mark.parametrize("name", DESIGNS)
def test_nothing_stands_or_runs_under_a_screws_head(name):
    d = pcb.DESIGNS[name]()
    assert d.mounting
    edge = Polygon(d.outline())
    things = _copper_and_parts(d)
    for h in d.mounting:
        keep = Circle(h.x, h.y).buffer(SCREW_KEEPOUT_MM)
        assert edge.buffer(-EDGE_CLEARANCE_MM).contains(keep), h
        hit = [what for what, shape in things if shape.intersects(keep)]
        assert not hit, (h.ref, hit)
        assert h.drill == 3.2


def test_the_check_under_a_screw_finds_a_track_moved_under_it():
    d = pcb.DESIGNS["wampoo-start-tile"]()
    h = d.mounting[0]
    moved = dataclasses.replace(d, tracks=[*d.tracks, dataclasses.replace(
        d.tracks[0], points=((h.x - 1.0, h.y), (h.x + 1.0, h.y)))])
    keep = Circle(h.x, h.y).buffer(SCREW_KEEPOUT_MM)
    assert any(shape.intersects(keep) for _, shape in _copper_and_parts(moved))


def test_kicad_sees_a_screw_on_a_part(tmp_path):
    d = pcb.DESIGNS["wampoo-start-tile"]()
    reg = next(p for p in d.parts if p.value == "74HC165")
    moved = dataclasses.replace(d, mounting=[dataclasses.replace(d.mounting[0], x=reg.x,
                                                                 y=reg.y)])
    checked = pcb.build(moved, tmp_path)
    assert checked.violations > 0 and "H1" in checked.report, checked.report


def test_the_examples_in_the_module_run():
    result = doctest.testmod(tilefit)
    assert result.attempted and not result.failed
