"""The TMAG5170 setup frames, checked against the datasheet (TI SBASAF4) and against
a model of what a sensor does with them."""

import pytest

from marbleboard.board import build_layout
from marbleboard.board.build import Build, Site
from marbleboard.board.parts import THRESHOLD_SENSORS
from marbleboard.board.tmag5170 import (
    RANGE_25MT,
    RANGES_MT,
    SetupError,
    Tmag5170,
    board_setups,
    crc4,
    frame,
    frames,
    setup,
)

AXES = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def set_up(data):
    sensor = Tmag5170()
    for one in frames(data):
        sensor.hear(one)
    return sensor


def test_the_crc_matches_the_datasheets_own_frame():
    # 7.5.2.5: "To disable the CRC at the SDI line, send the SPI SDI command x0F000407."
    assert crc4(0x0F000400) == 0x7
    assert frame(0x0F, 0x0004) == bytes.fromhex("0f000407")


def test_a_sensor_out_of_reset_never_switches():
    # 7.6.1.1: OPERATING_MODE resets to 0h, "Configuration mode": no conversions.
    sensor = Tmag5170()
    for axis in AXES:
        assert not sensor.alert([24.0 * a for a in axis])


@pytest.mark.parametrize("board", ["wampoo", "wahoo", "wahoo6"])
def test_the_board_setup_switches_on_every_axis_either_way_at_its_threshold(board):
    # 7.3.5.2: "If the measured magnetic field is greater than *_HI_THRESHOLD, or
    # smaller than *_LO_THRESHOLD, the ALERT output will assert low."
    built = build_layout(board).build
    site = next(s for s in built.sites if s.part == "TMAG5170A1")
    part = THRESHOLD_SENSORS["TMAG5170A1"]
    threshold = part.code(site.threshold_mt) * part.lsb_mt
    [(role, frames)] = board_setups(built)
    assert role == "presence"
    sensor = set_up(frames)
    for axis in AXES:
        for sign in (1, -1):
            assert sensor.alert([sign * (threshold + 0.01) * a for a in axis])
            assert not sensor.alert([sign * (threshold - 0.01) * a for a in axis])
    assert sensor.rejected == 0


def test_the_parts_threshold_step_is_the_range_the_setup_chooses():
    # 7.6.1.5: "The threshold in mT can be calculated as: (X_RANGE/128)*X_HI_THRESHOLD."
    assert THRESHOLD_SENSORS["TMAG5170A1"].lsb_mt == RANGES_MT[RANGE_25MT] / 128


def test_a_setup_frame_with_any_one_bit_wrong_is_ignored():
    # 7.5.2.5: "The write instruction from the controller is ignored if there is any
    # CRC error present in the frame."
    data = setup(23)
    for one in frames(data):
        word = int.from_bytes(one, "big")
        for bit in range(32):
            sensor = Tmag5170()
            before = dict(sensor.registers)
            sensor.hear((word ^ (1 << bit)).to_bytes(4, "big"))
            assert sensor.registers == before and sensor.rejected == 1, (one.hex(), bit)


def test_a_sensor_that_lost_power_is_blind_until_set_up_again():
    sensor = set_up(setup(23))
    assert sensor.alert((0, 0, 7.0))
    sensor.power_on()
    assert not sensor.alert((0, 0, 7.0))
    for one in frames(setup(23)):
        sensor.hear(one)
    assert sensor.alert((0, 0, 7.0))


def test_sensors_that_share_a_chip_select_must_share_a_threshold():
    sites = (Site("presence", "TMAG5170A1", 12, 45, threshold_mt=4.5),
             Site("presence", "TMAG5170A1", 12, 135, threshold_mt=3.5))
    with pytest.raises(SetupError, match="one threshold"):
        board_setups(Build(top_mm=6, seat="rim", sites=sites))


def test_each_role_has_its_own_setup_at_its_own_threshold():
    sites = (Site("presence", "TMAG5170A1", 12, 45, threshold_mt=4.5),
             Site("piece", "TMAG5170A1", 12, 0, side="bottom", threshold_mt=12.0))
    setups = board_setups(Build(top_mm=6, seat="rim", sites=sites))
    assert [role for role, _ in setups] == ["presence", "piece"]
    piece = set_up(setups[1][1])
    assert piece.alert((0, 0, 12.1)) and not piece.alert((0, 0, 11.9))


def test_boards_of_fixed_switches_send_no_setup():
    assert board_setups(None) == []


def test_frames_and_codes_out_of_range_are_refused():
    with pytest.raises(ValueError, match="from 1 to 127"):
        setup(128)
    with pytest.raises(ValueError, match="4 bytes each"):
        frames(b"\x00" * 6)
    with pytest.raises(ValueError, match="no TMAG5170 frame"):
        frame(0x80, 0)
