"""The documents' examples are real: every frame in docs/protocol.md decodes, and
the examples of the game interface's tutorial run."""

import doctest
import re

from marblefw.protocol import decode, encode

FRAME = re.compile(r"^[A-Z]+( \S+)*\*[0-9A-F]{8}$")


def test_every_example_frame_in_the_protocol_page_decodes(root):
    text = (root / "docs" / "protocol.md").read_text()
    frames = [line for line in text.splitlines() if FRAME.match(line)]
    assert len(frames) >= 15
    for line in frames:
        kind, fields = decode(line.encode())
        assert encode(kind, list(fields.items())) == line.encode() + b"\n"


def test_the_byte_by_byte_example_is_the_frame(root):
    text = (root / "docs" / "protocol.md").read_text()
    frame = encode("CHG", [("seq", 42), ("t", 61234), ("s", 17), ("on", 1)])
    rows = re.findall(r"^((?:[0-9a-f]{2} )+[0-9a-f]{2})$", text, re.M)
    assert bytes.fromhex(" ".join(rows[:2])) == frame


def test_the_notation_page_examples_are_real(root):
    from marbleboard.games.wampoo.game import WAMPOO
    from marbleboard.games.wampoo.notation import parse_position, position_text

    text = (root / "docs" / "notation.md").read_text()
    example = ("4 0!,5,RS,RS/14,BS,BS,BS/YS,YS,YS,YS/G1,G2,GS,GS AS7H/9C/KDQS/2H R Y 3H4D "
               "5C+0 - - 12")
    assert example in text
    state = parse_position(example)
    assert position_text(state) == example
    assert WAMPOO.view(state, 0).position in text
    assert WAMPOO.view(state, None).position.split()[2] == "?2/?1/?2/?1"


def test_the_game_tutorial_examples_run(root):
    result = doctest.testfile(str(root / "docs" / "games.md"), module_relative=False)
    assert result.attempted >= 10 and not result.failed
