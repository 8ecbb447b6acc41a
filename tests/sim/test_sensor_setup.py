"""The firmware sets up the board's TMAG5170s over SPI, and sets them up again so a
sensor whose supply dipped sees marbles once more: the real firmware loop on the
simulated board's sensors, with a hand-driven clock."""

from marblefw.app import Firmware
from marblefw.hardware import Hardware

from marbleboard.board import build_layout
from marbleboard.pico.config import config_namespace
from marbleboard.sim.physical import PhysicalBoard


class Bench(Hardware):
    def __init__(self, physical, *, wired=True):
        self.physical = physical
        self.wired = wired  # False: the sensors' data line is not connected
        self.now = 0

    def ticks_ms(self):
        return self.now

    def read_sensors(self, buf):
        self.physical.read_chain(buf)

    def setup_sensors(self, group, frames):
        if self.wired:
            self.physical.hear_setup(group, bytes(frames))

    def write_leds(self, frame):
        return True

    def read_serial(self, buf):
        return 0

    def write_serial(self, data):
        return len(data)


def boot(holes, *, wired=True):
    board = build_layout("wampoo")
    physical = PhysicalBoard(board)
    physical.setup(holes)
    hw = Bench(physical, wired=wired)
    cfg = config_namespace(board)
    fw = Firmware(hw, cfg)
    fw.start()
    return board, physical, hw, fw, cfg


def reads_marble(physical, sensor):
    buf = bytearray((physical.board.sensor_count + 7) // 8)
    physical.read_chain(buf)
    return not buf[sensor >> 3] & (0x80 >> (sensor & 7))  # active low


def run(hw, fw, ms):
    for _ in range(ms):
        hw.now += 1
        fw.step()


def test_marbles_on_the_board_at_boot_are_seen_once_the_sensors_are_set_up():
    board, physical, _, fw, _ = boot(["track.0", "track.1", "track.2", "home.red.1"])
    seen = {board.by_sensor[s].id for s in range(board.sensor_count) if fw.scanner.occupied(s)}
    assert seen == {"track.0", "track.1", "track.2", "home.red.1"}
    assert physical.sensors_set_up()


def test_without_the_setup_no_marble_is_seen():
    board, _, hw, fw, cfg = boot(["track.0", "track.1", "track.2"], wired=False)
    run(hw, fw, 2 * cfg.SENSOR_SETUP_MS)
    assert not any(fw.scanner.occupied(s) for s in range(board.sensor_count))


def test_a_sensor_whose_supply_dipped_sees_its_marble_again_within_one_setup_period():
    board, physical, hw, fw, cfg = boot(["track.5"])
    sensor = board.hole("track.5").sensor
    run(hw, fw, 7)  # part-way into a setup period
    physical.sensor_power_dip([sensor])
    blind_from = hw.now
    fw.step()
    assert not reads_marble(physical, sensor)
    while not reads_marble(physical, sensor):
        hw.now += 1
        fw.step()
        assert hw.now - blind_from <= cfg.SENSOR_SETUP_MS, "the sensor was never set up again"
    assert hw.now - blind_from <= cfg.SENSOR_SETUP_MS
