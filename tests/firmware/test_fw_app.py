# The firmware's loop and its side of the protocol, on a hand-driven fake board.

from fwfakes import Config, FakeHardware, allocated
from marblefw.app import HOST_TIMEOUT_MS, Firmware
from marblefw.protocol import PROTOCOL, crc32, decode, encode, from_b64, lights_fields


def boot():
    hw = FakeHardware()
    fw = Firmware(hw, Config)
    fw.start()
    return hw, fw


def send(hw, fw, kind, fields=None, steps=1):
    hw.inbox.extend(encode(kind, fields))
    for _ in range(steps):
        fw.step()
    return [decode(line) for line in hw.lines()]


def advance(hw, fw, ms, step=5):
    for _ in range(ms // step):
        hw.now += step
        fw.step()


def hello(hw, fw):
    return send(hw, fw, "HELLO", (("proto", PROTOCOL),))


def test_hello_opens_a_session_and_sends_a_snapshot():
    hw, fw = boot()
    hw.magnet(3, True)
    advance(hw, fw, 100)
    replies = hello(hw, fw)
    # and the boot's sensor check: this board's switches need no setup, so it
    # checked none
    assert [k for k, _ in replies] == ["HELLO", "SNAP", "CHECK"]
    assert replies[2][1]["n"] == "1" and from_b64(replies[2][1]["checked"]) == bytes(3)
    info = replies[0][1]
    assert info["proto"] == str(PROTOCOL) and info["sensors"] == "24" and info["leds"] == "26"
    assert from_b64(replies[1][1]["occ"])[0] == 0x10  # sensor 3
    assert fw.session and not hw.kbd  # no Ctrl-C inside a session


def test_commands_before_hello_are_refused():
    hw, fw = boot()
    assert send(hw, fw, "PING", (("n", 1),)) == [("ERR", {"why": "hello-first", "seq": "0"})]


def test_a_protocol_mismatch_is_answered_clearly():
    hw, fw = boot()
    replies = send(hw, fw, "HELLO", (("proto", PROTOCOL + 1),))
    assert replies[-1] == ("ERR", {"why": "protocol", "seq": "0"})
    assert not fw.session


def test_changes_are_sent_inside_a_session_only():
    hw, fw = boot()
    hw.magnet(5, True)
    advance(hw, fw, 100)
    assert hw.lines() == []  # nobody listening
    hello(hw, fw)
    hw.magnet(6, True)
    advance(hw, fw, 100)
    changes = [decode(line) for line in hw.lines()]
    assert changes == [("CHG", {"seq": "2", "t": "1105", "s": "6", "on": "1"})]


def test_lights_are_applied_and_acknowledged():
    hw, fw = boot()
    hello(hw, fw)
    state = bytearray(26)
    state[4] = 1
    replies = send(hw, fw, "LIGHTS", [("id", 9)] + lights_fields([b"\x00\x00\xff"], state))
    assert replies == [("OK", {"id": "9", "seq": "0", "lit": "0"})]
    advance(hw, fw, 40)
    frame = hw.frames[-1]
    assert frame[12:15] == b"\x00\x00\xff"  # LED 4, G R B
    assert sum(frame) == 255


def test_a_garbled_frame_is_counted_and_dropped():
    hw, fw = boot()
    hello(hw, fw)
    hw.inbox.extend(b"PING n=1*00000000\n\x01\x02garbage\n")
    fw.step()
    assert hw.lines() == [] and fw.rx_bad == 2
    assert send(hw, fw, "PING", (("n", 2),))[0][0] == "PONG"


def test_host_silence_ends_the_session_with_the_waiting_pattern():
    hw, fw = boot()
    hello(hw, fw)
    advance(hw, fw, HOST_TIMEOUT_MS + 50)
    assert not fw.session and hw.kbd  # Ctrl-C reaches the REPL again
    frames = hw.frames[-40:]
    assert all(sum(f) > 0 for f in frames[-3:])  # dim, but on
    assert max(max(f) for f in frames) < 0x40


def test_bye_ends_the_session():
    hw, fw = boot()
    hello(hw, fw)
    assert send(hw, fw, "BYE") == [("BYE", {})]
    assert not fw.session and hw.kbd


def test_self_test_walk_lights_each_led_in_turn():
    hw, fw = boot()
    hello(hw, fw)
    send(hw, fw, "SELFTEST", (("id", 1), ("mode", "walk")))
    lit = []
    for i in range(27 * 150 // 10):
        hw.now += 10
        if i % 50 == 0:
            hw.inbox.extend(encode("PING", (("n", i),)))  # the host stays in touch
        fw.step()
        if hw.frames:
            frame = hw.frames[-1]
            on = [i for i in range(26) if sum(frame[3 * i : 3 * i + 3])]
            if on and (not lit or lit[-1] != on[0]):
                lit.append(on[0])
    assert lit[:26] == list(range(26))


def test_self_test_echo_lights_a_hole_while_it_is_occupied():
    hw, fw = boot()
    hello(hw, fw)
    send(hw, fw, "SELFTEST", (("id", 1), ("mode", "echo")))
    hw.magnet(10, True)
    advance(hw, fw, 100)
    led = Config.ECHO[10]
    assert sum(hw.frames[-1][3 * led : 3 * led + 3]) > 0
    hw.magnet(10, False)
    advance(hw, fw, 100)
    assert sum(hw.frames[-1]) == 0


def test_the_watchdog_is_fed_every_pass():
    hw, fw = boot()
    advance(hw, fw, 50)
    assert hw.fed == 10


# --- what the host can check: the last change and the light state on every reply ---


def test_every_reply_carries_the_last_change_and_the_light_state_shown():
    hw, fw = boot()
    hello(hw, fw)
    hw.magnet(6, True)
    advance(hw, fw, 100)
    hw.lines()
    state = bytearray(26)
    replies = send(hw, fw, "LIGHTS", [("id", 4), ("lit", 7)] + lights_fields([b"\x00\x00\xff"],
                                                                             state))
    assert replies == [("OK", {"id": "4", "seq": "1", "lit": "7"})]
    (kind, fields), = send(hw, fw, "PING", (("n", 3),))
    assert kind == "PONG" and fields["seq"] == "1" and fields["lit"] == "7"
    stats = send(hw, fw, "STATS")[0][1]
    assert stats["seq"] == "1" and stats["lit"] == "7"


def test_a_good_checksum_on_a_bad_body_is_counted_answered_and_resnapped():
    hw, fw = boot()
    hello(hw, fw)
    replies = send(hw, fw, "LIGHTS", (("id", 5), ("lit", 2), ("pal", "-"), ("leds", "A!A=")))
    assert [k for k, _ in replies] == ["ERR", "SNAP"]
    assert replies[0][1]["why"] == "bad-base64" and fw.rx_bad == 1
    assert fw.lights.state == bytearray(26)  # nothing of it was shown
    (kind, _), = send(hw, fw, "PING", (("n", 1),))
    assert kind == "PONG"


def test_a_field_without_a_value_is_a_bad_body():
    hw, fw = boot()
    hello(hw, fw)
    body = b"PING n"
    hw.inbox.extend(body + b"*%08X\n" % crc32(body))
    fw.step()
    assert [k for k, _ in (decode(line) for line in hw.lines())] == ["SNAP"]
    assert fw.rx_bad == 1


def test_a_colour_that_is_not_hex_is_refused_not_fatal():
    hw, fw = boot()
    hello(hw, fw)
    replies = send(hw, fw, "LIGHTS", (("id", 6), ("pal", "-fffff"), ("leds", "AA==")))
    assert replies[0] == ("ERR", {"id": "6", "why": "bad-colour", "seq": "0"})
    assert send(hw, fw, "PING", (("n", 1),))[0][0] == "PONG"


# --- a host that keeps the port open and stops reading ---------------------------


def test_a_host_that_stops_reading_gets_nothing_until_it_reads_then_a_snapshot():
    hw, fw = boot()
    hello(hw, fw)
    hw.host_reading = False
    hw.writes = 0
    for sensor in (1, 2, 3):
        hw.magnet(sensor, True)
    advance(hw, fw, 100)
    hw.inbox.extend(encode("PING", (("n", 1),)))
    advance(hw, fw, 100)
    assert hw.writes == 1  # the first write came back empty; the rest were not tried
    assert fw.tx_dropped == 4 and fw.session
    hw.host_reading = True
    fw.step()
    out = bytes(hw.outbox)
    assert out.startswith(b"\n")  # ends whatever part of a frame went before
    (kind, fields), = [decode(line) for line in hw.lines()]
    assert kind == "SNAP" and fields["seq"] == "3"
    assert from_b64(fields["occ"])[0] == 0x70


# --- the LED chain: a frame is never started inside the last one's reset gap ---------


def test_a_frame_offered_while_the_chain_is_busy_goes_out_when_it_is_free():
    hw, fw = boot()
    hello(hw, fw)
    hw.leds_busy_ms = 4
    fw.step()
    shown = len(hw.frames)
    state = bytearray(26)
    state[2] = 1
    send(hw, fw, "LIGHTS", [("id", 1)] + lights_fields([b"\xff\x00\x00"], state))
    state[3] = 1
    send(hw, fw, "LIGHTS", [("id", 2)] + lights_fields([b"\xff\x00\x00"], state))
    assert len(hw.frames) == shown + 1  # the second state came while the first was going out
    advance(hw, fw, 5, step=1)
    assert len(hw.frames) == shown + 2
    frame = hw.frames[-1]
    assert frame[6:12] == b"\x00\xff\x00\x00\xff\x00"  # the newest state, LEDs 2 and 3
    advance(hw, fw, 60, step=1)
    assert len(hw.frames) == shown + 2  # a static state is sent once


# --- a sensor that never settles ----------------------------------------------------


def test_a_flickering_sensor_is_reported_once_and_counted():
    hw, fw = boot()
    hello(hw, fw)
    for i in range(150):  # 1.5 s of a reading that changes every 10 ms
        hw.magnet(9, i % 2 == 0)
        advance(hw, fw, 10, step=5)
    reports = [f for k, f in (decode(line) for line in hw.lines()) if k == "FLICKER"]
    assert len(reports) == 1 and reports[0]["s"] == "9"
    assert int(reports[0]["n"]) >= 90
    assert send(hw, fw, "STATS")[0][1]["flicker"] == "1"


# --- no allocation in steady state (measured under MicroPython only) ---------------


def test_a_quiet_pass_allocates_nothing():
    hw, fw = boot()
    hello(hw, fw)
    send(hw, fw, "LIGHTS", [("id", 1)] + lights_fields([b"\x00\x00\xff"], bytes([1] * 26)))

    def one_pass():
        hw.now += 1
        fw.last_rx = hw.now  # heartbeats are measured apart
        fw.step()

    assert allocated(one_pass, 1000) == 0


def test_an_animated_frame_allocates_nothing():
    hw, fw = boot()
    hello(hw, fw)
    state = bytes([(4 << 4) | 1, (2 << 4) | 2, (3 << 4) | 1, (1 << 4) | 2] * 6 + [1, 2])
    send(hw, fw, "LIGHTS", [("id", 1)] + lights_fields(
        [b"\x00\x00\xff", b"\xff\x80\x00"], state, [(2, 60, [3, 4, 5, 6, 7, 8])]))
    hw.keep_frames = False
    shown = hw.shown

    def one_frame():
        hw.now += Config.FRAME_MS
        fw.last_rx = hw.now
        fw.step()

    used = allocated(one_frame, 1000)
    assert hw.shown - shown >= 1000
    assert used == 0


def test_the_sensors_are_set_up_at_boot_and_again_every_setup_period():
    # A sensor whose supply dipped forgets its setup: it hears it again within a period.
    # Each group of sensors hears its own frames under its own chip select.
    hw, fw = boot()
    assert hw.setups == 2 and hw.setup_at == 1000
    assert (hw.setup_group, hw.setup_frames) == (1, Config.SENSOR_SETUP[1])
    advance(hw, fw, Config.SENSOR_SETUP_MS - 5)
    assert hw.setups == 2
    advance(hw, fw, 5)
    assert hw.setups == 4 and hw.setup_at == 1000 + Config.SENSOR_SETUP_MS
    advance(hw, fw, 3 * Config.SENSOR_SETUP_MS)
    assert hw.setups == 10


def test_a_board_whose_switches_need_no_setup_is_sent_none():
    class NoSetup(Config):
        SENSOR_CS = ()
        SENSOR_SETUP = ()

    hw = FakeHardware()
    fw = Firmware(hw, NoSetup)
    fw.start()
    advance(hw, fw, 2 * Config.SENSOR_SETUP_MS)
    assert hw.setups == 0
