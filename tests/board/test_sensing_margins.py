"""Every shipped board whose build is designed senses its pieces: the computed
fields against the sensors' datasheet limits, with margin, and room for a marble.

The requirement these check (hardware/sensing/design-notes.md): "a marble placed in
a hole is seen in every resting orientation and position tolerance, and nothing in
a neighbouring hole is" - a present piece above the highest operate point, a
neighbour's piece below the lowest release point, each by REQUIRED_MARGIN."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

from marbleboard.board import build_layout, sensing
from marbleboard.board import pull as pull_module
from marbleboard.board.layouts import LAYOUTS
from marbleboard.board.parts import THRESHOLD_SENSORS, switch_for
from marbleboard.board.section import section_svg

DESIGNED = [name for name in sorted(LAYOUTS) if build_layout(name).build is not None]


def test_the_marble_boards_are_designed():
    assert {"wampoo", "wahoo", "wahoo6"} <= set(DESIGNED)


@pytest.fixture(scope="module", params=DESIGNED)
def report(request):
    return sensing.analyse(build_layout(request.param))


def test_a_present_marble_is_seen_however_it_lies(report):
    seen = [c for c in report.checks if c.seen]
    assert seen
    for c in seen:
        assert c.field_mt >= sensing.REQUIRED_MARGIN * c.limit_mt, c


def test_a_neighbours_marble_is_not_seen(report):
    unseen = [c for c in report.checks if not c.seen]
    assert any(c.piece == "neighbours" for c in unseen)
    for c in unseen:
        assert c.field_mt * sensing.REQUIRED_MARGIN <= c.limit_mt, c


def test_standing_pieces_beside_an_empty_hole_fool_it_no_more_than_marbles_do(report):
    # Stompers stand upright, so their fields at an empty hole's sensors add the
    # same way every time: however many stand next to it, the share of samples
    # in which a sensor reads a piece stays within a point of the marbles' own.
    if not report.standing:
        assert not any(p.playing_piece for p in report.pieces), report.board.id
        return
    for role, shares in report.standing.items():
        marbles, hole, _ = report.chance[role]
        assert shares and max(shares) <= marbles + 0.01, (role, hole, marbles, shares)


def test_the_marble_clears_the_sensor_board_and_its_parts(report):
    assert report.clearances
    for c in report.clearances:
        assert c.have_mm >= sensing.CLEARANCE_MM, c


def test_committed_sensing_page_is_current(root, report):
    name = report.board.id
    page = (root / f"hardware/sensing/{name}.md").read_text()
    assert page == sensing.format_report(report, markdown=True), name
    picture = (root / f"hardware/sensing/{name}-section.svg").read_text()
    assert picture == section_svg(report.board), name
    assert f"]({name}-section.svg)" in page


def test_a_threshold_sensor_switches_near_its_threshold_and_no_closer():
    part = THRESHOLD_SENSORS["TMAG5170A1"]
    s = switch_for("TMAG5170A1", 5.0)
    t = part.code(5.0) * part.lsb_mt
    assert s.brp_min_mt < t < s.bop_max_mt
    # Errors only widen the band: a larger sensitivity error, a wider band.
    assert s.bop_max_mt - s.brp_min_mt > 2 * (part.offset_mt + 5 * part.noise_mt)
    with pytest.raises(ValueError, match="cannot switch at 40 mT"):
        switch_for("TMAG5170A1", 40.0)
    with pytest.raises(ValueError, match="needs a threshold"):
        switch_for("TMAG5170A1")


def test_a_three_axis_switch_has_no_blind_orientation():
    # The largest of three components is never under 1/sqrt(3) of the field's size,
    # so one sensor under the hole sees a marble turned any way.
    dirs = sensing.fibonacci_directions(3000)
    magnet = build_layout("wampoo").pieces[0].magnet
    b = sensing.field_mt(magnet, 1.3, np.zeros((1, 3)), dirs, np.array([[0.0, 0.0, -10.0]]))
    largest = np.abs(b[:, 0]).max(axis=1)
    size = np.linalg.norm(b[:, 0], axis=1)
    assert (largest >= size / math.sqrt(3) - 1e-9).all()
    assert largest.min() > 0.3 * largest.max()


def test_a_marble_stays_in_its_hole_beside_another(report):
    # The two neighbours' magnets pull each other; the one in a hole must not be
    # rolled out over its rim (hardware/sensing/design-notes.md, the pull).
    pull = report.pull
    assert pull is not None
    assert pull.rollout_n >= pull_module.REQUIRED_MARGIN * pull.neighbour_n, pull
    assert pull.touching_n > pull.neighbour_n  # nearer is stronger: the model is sane


def test_the_pull_of_lined_up_magnets_falls_as_a_dipole_pairs_does():
    # Far apart, two discs pull like two dipoles: F = 3 mu0 m^2 / (2 pi r^4), m = Br V / mu0.
    magnet = build_layout("wampoo").pieces[0].magnet
    lined_up = Rotation.from_euler("y", 90, degrees=True)
    br = 1.2
    volume = math.pi * 0.004 ** 2 * 0.003
    mu0 = 4e-7 * math.pi
    m = br * volume / mu0
    for r_mm in (60, 100):
        dipole = 3 * mu0 * m ** 2 / (2 * math.pi * (r_mm / 1000) ** 4)
        assert pull_module.pull_n(magnet, br, r_mm, lined_up, lined_up) == \
            pytest.approx(dipole, rel=0.03)


def test_a_narrower_hole_holds_a_marble_less():
    # The marble sits higher on a narrower rim: the pull has more leverage.
    def rollout(hole_mm):
        board = build_layout("wampoo", hole_diameter_mm=hole_mm)
        return pull_module.marble_pull(board, board.build, board.pieces[0].magnet).rollout_n

    assert rollout(13.0) < rollout(14.0) < rollout(15.0)


def test_the_section_shows_the_marbles_sensor_switching_and_the_neighbours_not():
    # Rows of the picture at the sensors' height: the hole's own sensor sits in the
    # "surely switches" colour, the empty neighbour's in the "surely not" one.
    import re

    svg = section_svg(build_layout("wampoo"))
    sensors = [(float(x), float(y)) for x, y in re.findall(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="30.0" height="11.0" fill="#212121"', svg)]
    assert len(sensors) == 2
    cells = [(float(x), float(y), float(w), fill) for x, y, w, fill in re.findall(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="5.2" fill="(#\w+)"', svg)]

    def colour_at(px, py):
        return next(f for x, y, w, f in cells if x <= px < x + w and y <= py < y + 5.2)

    (own_x, own_y), (next_x, next_y) = sorted(sensors)
    assert colour_at(own_x + 15, own_y + 5) == "#4caf50"
    assert colour_at(next_x + 15, next_y + 5) == "#eceff1"
