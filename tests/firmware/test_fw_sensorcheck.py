# The sensor check: every sensor set up over SPI must assert its ALERT under the
# probe setup and release it under the quiet one. The loop goes on meanwhile, and
# the holes keep what they held: the check's readings are never reported as marbles.

from fwfakes import Config, FakeHardware, allocated
from marblefw.app import Firmware
from marblefw.protocol import PROTOCOL, decode, encode, from_b64

PROBE = b"\x0f" * 28  # any frames: the firmware only relays them
QUIET = b"\xf0" * 28


class CheckConfig(Config):
    SENSOR_PROBE = PROBE
    SENSOR_QUIET = QUIET
    SENSOR_CHECKED = b"\xff\xff\xf0"  # sensors 0-19 set up over SPI, 20-23 plain switches
    SENSOR_CHECK_MS = 20


class SensorBoard(FakeHardware):
    """Sensors that answer what they hear as a board's do: under the probe a healthy
    one asserts, under the quiet setup it releases, under its own setup it shows
    its marble. Even sensors hear group 0, odd ones group 1."""

    def __init__(self):
        FakeHardware.__init__(self)
        self.heard = [None, None]
        self.dead = set()  # hear nothing
        self.stuck = set()  # always asserted
        self.sent = []  # (tick, group, "setup" / "probe" / "quiet")
        self.plain = False  # True: the marbles alone, nothing kept, as FakeHardware

    def setup_sensors(self, group, frames):
        FakeHardware.setup_sensors(self, group, frames)
        self.heard[group] = frames
        if not self.plain:
            which = "probe" if frames == PROBE else "quiet" if frames == QUIET else "setup"
            self.sent.append((self.now, group, which))

    def read_sensors(self, buf):
        buf[:] = self.chain  # the marbles, active low
        if self.plain:
            return
        for s in range(20):
            heard = self.heard[s % 2]
            if s in self.stuck:
                on = True
            elif s in self.dead or heard is None or heard == QUIET:
                on = False
            elif heard == PROBE:
                on = True
            else:
                continue  # set up: it shows its marble
            mask = 0x80 >> (s & 7)
            buf[s >> 3] = (buf[s >> 3] & ~mask & 0xFF) | (0 if on else mask)


def boot(dead=(), stuck=(), marbles=(), cfg=CheckConfig):
    hw = SensorBoard()
    for s in dead:
        hw.dead.add(s)
    for s in stuck:
        hw.stuck.add(s)
    for s in marbles:
        hw.magnet(s, True)
    fw = Firmware(hw, cfg)
    fw.start()
    return hw, fw


def step(hw, fw, ms, inbox=b"", every=5):
    # A pass every 5 ms: the check's times are multiples of it, and on the emulated
    # Pico these tests run in the chip's own (slow) time.
    hw.inbox.extend(inbox)
    for _ in range(ms // every):
        hw.now += every
        fw.last_rx = hw.now  # the host is there throughout
        fw.step()
    return [decode(line) for line in hw.lines()]


def hello(hw, fw):
    return step(hw, fw, 5, encode("HELLO", (("proto", PROTOCOL),)))


def sensors(b64):
    data = from_b64(b64)
    return [s for s in range(len(data) * 8) if data[s >> 3] & (0x80 >> (s & 7))]


def test_every_sensor_is_checked_at_boot_and_the_host_hears_it_at_hello():
    hw, fw = boot(dead=(3, 12), stuck=(8,), marbles=(5, 12))
    step(hw, fw, 100)
    replies = hello(hw, fw)
    assert [k for k, _ in replies] == ["HELLO", "SNAP", "CHECK"]
    result = replies[2][1]
    assert result["n"] == "1" and int(result["t"]) == 1060
    assert sensors(result["checked"]) == list(range(20))
    # A marble hides no healthy sensor (5), and shows through no dead one (12).
    assert sensors(result["dead"]) == [3, 12]
    assert sensors(result["stuck"]) == [8]


def test_the_check_sends_probe_then_quiet_then_the_setup_each_once_the_sensors_settle():
    hw, fw = boot()
    step(hw, fw, 100)
    assert hw.sent[:8] == [(1000, 0, "setup"), (1000, 1, "setup"),  # the boot's setup
                           (1000, 0, "probe"), (1000, 1, "probe"),
                           (1020, 0, "quiet"), (1020, 1, "quiet"),
                           (1040, 0, "setup"), (1040, 1, "setup")]
    assert len(hw.sent) == 8
    # The periodic setup counts from the check's: the sensors hear it 500 ms on.
    step(hw, fw, 520)
    assert hw.sent[8:] == [(1560, 0, "setup"), (1560, 1, "setup")]


def test_the_holes_keep_their_readings_while_the_host_has_the_board_checked():
    hw, fw = boot(marbles=(4, 5))
    step(hw, fw, 100)
    hello(hw, fw)
    replies = step(hw, fw, 5, encode("CHECK", (("id", 7),)))
    assert replies == [("OK", {"id": "7", "seq": "0", "n": "2"})]
    hw.magnet(6, True)  # a marble put down while the sensors answer the check
    during = []
    while fw.check.phase:
        # Every sensor asserts under the probe, every one releases under the quiet
        # setup: no hole changes for either.
        during += step(hw, fw, 5)
    assert [k for k, _ in during] == ["CHECK"]
    assert during[0][1]["n"] == "2" and sensors(during[0][1]["dead"]) == []
    assert fw.scanner.occupied(4) and fw.scanner.occupied(5) and not fw.scanner.occupied(6)
    # Once the check is over the scan goes on, and the marble put down meanwhile
    # is reported as any other.
    replies = step(hw, fw, 60)
    assert [(k, f["s"], f["on"]) for k, f in replies] == [("CHG", "6", "1")]


def test_the_loop_answers_and_feeds_the_watchdog_all_through_a_check():
    hw, fw = boot()
    step(hw, fw, 100)
    hello(hw, fw)
    step(hw, fw, 5, encode("CHECK"))
    fed = hw.fed
    passes = pongs = 0
    while fw.check.phase:
        hw.now += 5
        fw.last_rx = hw.now
        hw.inbox.extend(encode("PING", (("n", passes),)))
        fw.step()
        passes += 1
        pongs += len([k for k, _ in (decode(line) for line in hw.lines()) if k == "PONG"])
    assert passes == 12  # 60 ms of check
    assert hw.fed - fed == passes and pongs == passes  # each answered in its pass


def test_a_check_asked_for_during_another_follows_it_with_the_next_number():
    hw, fw = boot(dead=(0,))
    step(hw, fw, 100)
    hello(hw, fw)
    first = step(hw, fw, 25, encode("CHECK", (("id", 1),)))  # past its probe
    hw.dead.clear()  # mended while the first check runs: the second sees it
    second = step(hw, fw, 5, encode("CHECK", (("id", 2),)))
    assert first[0][1]["n"] == "2" and second[0][1]["n"] == "3"
    results = [f for k, f in step(hw, fw, 200) if k == "CHECK"]
    assert [(f["n"], sensors(f["dead"])) for f in results] == [("2", [0]), ("3", [])]


def test_an_active_high_chain_is_checked_the_same():
    class ActiveHigh(CheckConfig):
        ACTIVE_LOW = False

    class HighBoard(SensorBoard):
        def read_sensors(self, buf):
            SensorBoard.read_sensors(self, buf)
            for i in range(len(buf)):
                buf[i] ^= 0xFF

    hw = HighBoard()
    hw.dead.add(17)
    hw.stuck.add(2)
    fw = Firmware(hw, ActiveHigh)
    fw.start()
    step(hw, fw, 100)
    result = hello(hw, fw)[2][1]
    assert sensors(result["dead"]) == [17] and sensors(result["stuck"]) == [2]


def test_a_board_whose_switches_need_no_setup_checks_nothing_and_sends_nothing():
    hw, fw = boot(cfg=Config)
    step(hw, fw, 100)
    hello(hw, fw)
    sent = len(hw.sent)
    replies = step(hw, fw, 5, encode("CHECK", (("id", 3),)))
    assert [k for k, _ in replies] == ["OK", "CHECK"]
    result = replies[1][1]
    assert sensors(result["checked"]) == sensors(result["dead"]) == []
    assert len(hw.sent) == sent


def test_a_quiet_pass_after_the_check_allocates_nothing():
    hw, fw = boot()
    step(hw, fw, 100)
    hello(hw, fw)
    hw.plain = True  # the sensors' own answers would cost the fake, not the firmware

    def one_pass():
        hw.now += 1
        fw.last_rx = hw.now
        fw.step()

    assert allocated(one_pass, 200) == 0
