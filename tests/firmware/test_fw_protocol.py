# The serial framing and the light-state fields (docs/protocol.md).

from fwfakes import raises
from marblefw.protocol import (
    FrameError,
    LineReader,
    decode,
    encode,
    lights_fields,
    parse_lights,
)


def test_a_frame_round_trips():
    frame = encode("CHG", (("seq", 42), ("t", 1234), ("s", 17), ("on", 1)))
    assert frame.endswith(b"\n")
    kind, fields = decode(frame[:-1])
    assert kind == "CHG"
    assert fields == {"seq": "42", "t": "1234", "s": "17", "on": "1"}


def test_the_documented_example_frame():
    assert encode("PING", (("n", 7),)) == b"PING n=7*0E3857E5\n"


def test_a_flipped_bit_is_caught():
    frame = bytearray(encode("CHG", (("seq", 1), ("s", 3), ("on", 1)))[:-1])
    frame[5] ^= 0x04
    assert raises(FrameError, decode, bytes(frame))


def test_control_bytes_and_missing_checksums_are_refused():
    assert raises(FrameError, decode, b"PING n=1")
    assert raises(FrameError, decode, b"PING n=1*zzzzzzzz")
    body = b"PI\x03NG"
    from marblefw.protocol import crc32

    assert raises(FrameError, decode, body + b"*%08X" % crc32(body))


def test_lines_split_across_reads_are_joined():
    r = LineReader()
    frame = encode("PONG", (("n", 1),))
    assert r.feed(frame[:5]) == []
    assert r.feed(frame[5:]) == [frame[:-1]]


def test_garbage_before_a_frame_is_a_bad_line_then_the_frame_reads():
    r = LineReader()
    lines = r.feed(b"\x00\xff\x13garbage\n" + encode("PING", (("n", 2),)))
    assert len(lines) == 2
    assert raises(FrameError, decode, lines[0])
    assert decode(lines[1]) == ("PING", {"n": "2"})


def test_an_over_long_line_is_dropped_and_the_next_one_reads():
    r = LineReader(max_line=64)
    lines = r.feed(b"x" * 50)
    lines += r.feed(b"y" * 50)  # now too long: skipped up to the next newline
    lines += r.feed(b"zzz\n" + encode("PING", (("n", 3),)))
    assert lines == [encode("PING", (("n", 3),))[:-1]]
    assert r.too_long == 1


def test_light_state_fields_round_trip():
    palette = [b"\xff\x00\x00", b"\x00\x80\x10"]
    state = bytes([0, 1, 0x22, 0x41])
    chases = [(2, 120, [5, 300, 7])]
    fields = dict(lights_fields(palette, state, chases))
    assert fields["pal"] == "ff0000,008010"
    assert parse_lights(fields) == (palette, state, chases)


def test_bad_light_fields_are_refused():
    assert raises(FrameError, parse_lights, {"pal": "ff00", "leds": "AA=="})
    assert raises(FrameError, parse_lights, {"pal": "-"})
    assert raises(FrameError, parse_lights, {"leds": "AA==", "chase": "1:0:AAE="})
    assert raises(FrameError, parse_lights, {"leds": "AA==", "chase": "x"})


def test_a_good_checksum_on_a_bad_body_is_a_body_error():
    from marblefw.protocol import BodyError, crc32

    for body in (b"PING n", b"PI\x03NG", b" n=1"):
        line = body + b"*%08X" % crc32(body)
        assert raises(BodyError, decode, line)
    try:
        decode(b"PING n=1*00000000")
    except BodyError:
        raise AssertionError("a wrong checksum is no body error") from None
    except FrameError:
        pass


def test_base64_that_is_not_base64_is_refused():
    from marblefw.protocol import BodyError, from_b64

    for text in ("A!A=", "AAA", "!!!!", "A", "AB=C", "AAAA=", "AAA "):
        assert raises(BodyError, from_b64, text), text
    assert from_b64("AAA=") == b"\x00\x00"
    assert from_b64("") == b""


def test_every_bad_light_field_is_a_body_error():
    from marblefw.protocol import BodyError

    for fields in ({"pal": "-fffff", "leds": "AA=="}, {"pal": "+fffff", "leds": "AA=="},
                   {"pal": "ff 000", "leds": "AA=="}, {"leds": "AA=", "pal": "-"},
                   {"leds": "AA==", "chase": "1:120"}, {"leds": "AA==", "chase": "1:x:AAE="},
                   {"leds": "AA==", "chase": "1:120:A!E="}, {"leds": "AA==", "chase": "0:9:AAE="}):
        assert raises(BodyError, parse_lights, fields), fields


def test_a_number_field_must_be_a_number():
    from marblefw.protocol import BodyError, to_int

    assert to_int({"n": "12"}, "n") == 12
    for text in ("", "x", "1.5", "0x10", "1_0"):
        assert raises(BodyError, to_int, {"n": text}, "n"), text
    assert raises(BodyError, to_int, {}, "n")
    assert to_int({}, "n", 0) == 0
