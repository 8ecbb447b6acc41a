"""The SVG game view, the 1:1 drilling template and the text picture."""

import xml.etree.ElementTree as ET

import pytest

from marbleboard.board import build_layout, dxf, svg, text
from marbleboard.board.layouts import LAYOUTS, TILED

NS = {"s": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def board():
    return build_layout("wampoo")


def test_game_view_draws_every_hole_marble_and_light(board):
    marbles = {"track.0": "red", "start.blue.1": "blue"}
    lights = {"track.5": "#00ff00", "turn.red": "#d62828"}
    root = ET.fromstring(svg.game_view(board, marbles=marbles, lights=lights))
    titled = [c for c in root.iter(f"{{{NS['s']}}}circle") if c.find("s:title", NS) is not None]
    assert sorted(c.find("s:title", NS).text for c in titled) == sorted(h.id for h in board.holes)
    fills = [c.get("fill") for c in root.iter(f"{{{NS['s']}}}circle")]
    assert fills.count("#d62828") == 1 and fills.count("#1d4ed8") == 1  # the two marbles
    assert "#00ff00" in fills  # the lit hole
    assert any(r.get("fill") == "#d62828" for r in root.iter(f"{{{NS['s']}}}rect"))


def test_drill_template_is_one_to_one_with_sensor_and_led_numbers(board):
    root = ET.fromstring(svg.drill_template(board))
    assert root.get("width") == f"{board.width_mm:g}mm"
    assert root.get("viewBox") == f"0 0 {board.width_mm:g} {board.height_mm:g}"
    groups = {g.find("s:title", NS).text: g for g in root.iter(f"{{{NS['s']}}}g")}
    for h in board.holes:
        g = groups[h.id]
        circle = g.find("s:circle", NS)
        assert float(circle.get("r")) * 2 == board.hole_diameter_mm
        assert (float(circle.get("cx")), float(circle.get("cy"))) == (h.x, h.y)
        labels = [t.text for t in g.findall("s:text", NS)]
        assert f"S{h.sensor}" in labels and f"L{h.led}" in labels
    for lamp in board.lamps:
        assert f"L{lamp.led} {lamp.id}" in [t.text for t in groups[lamp.id].findall("s:text", NS)]


def test_text_picture_shows_the_cross_and_marbles(board):
    picture = text.render(board, marbles={"track.0": "red"})
    assert picture.count("o") == 68 and picture.count("X") == 3  # one starter holds red
    assert picture.count("R") == 1
    assert picture.count("s") == 16 and picture.count("h") == 16
    lines = picture.splitlines()
    assert len(lines) == 19  # 2 x 9 pitches from the centre, plus the centre row


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("path, make", [
    ("docs/images/{}.svg", lambda b: svg.game_view(b)),
    ("hardware/templates/{}-drill.svg", lambda b: svg.drill_template(b)),
    ("hardware/templates/{}-underside.svg", lambda b: svg.drill_template(b, underside=True)),
    ("hardware/templates/{}.dxf", lambda b: dxf.dxf_text(b)),
])
def test_committed_pictures_are_current(root, layout, path, make):
    board = build_layout(layout)
    assert (root / path.format(layout)).read_text() == make(board), "run `make docs`"


@pytest.mark.parametrize("layout", TILED)
@pytest.mark.parametrize("path, make", [
    ("hardware/templates/{}-modules-drill.svg",
     lambda b: svg.drill_template(b, assembly="fab")),
    ("hardware/templates/{}-modules-underside.svg",
     lambda b: svg.drill_template(b, underside=True, assembly="fab")),
    ("hardware/templates/{}-modules.dxf", lambda b: dxf.dxf_text(b, "fab")),
])
def test_committed_module_build_templates_are_current(root, layout, path, make):
    """A board built from its tiles by default keeps the module build's templates."""
    board = build_layout(layout)
    assert (root / path.format(layout)).read_text() == make(board), "run `make docs`"
