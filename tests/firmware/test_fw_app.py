# The firmware's loop and its side of the protocol, on a hand-driven fake board.

from fwfakes import Config, FakeHardware
from marblefw.app import HOST_TIMEOUT_MS, Firmware
from marblefw.protocol import PROTOCOL, decode, encode, from_b64, lights_fields


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
    assert [k for k, _ in replies] == ["HELLO", "SNAP"]
    info = replies[0][1]
    assert info["proto"] == str(PROTOCOL) and info["sensors"] == "24" and info["leds"] == "26"
    assert from_b64(replies[1][1]["occ"])[0] == 0x10  # sensor 3
    assert fw.session and not hw.kbd  # no Ctrl-C inside a session


def test_commands_before_hello_are_refused():
    hw, fw = boot()
    assert send(hw, fw, "PING", (("n", 1),)) == [("ERR", {"why": "hello-first"})]


def test_a_protocol_mismatch_is_answered_clearly():
    hw, fw = boot()
    replies = send(hw, fw, "HELLO", (("proto", PROTOCOL + 1),))
    assert replies[-1] == ("ERR", {"why": "protocol"})
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
    assert replies == [("OK", {"id": "9"})]
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
