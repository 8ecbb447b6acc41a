"""The circuit boards' schematics: drawn from the designs, they show every
connection of the board and nothing else."""

import collections

import pytest

from marbleboard.board import pcb
from marbleboard.board.schematic import schematic


@pytest.fixture(scope="module", params=sorted(pcb.DESIGNS))
def drawn(request):
    design = pcb.DESIGNS[request.param]()
    return design, *schematic(design)


def test_every_connection_of_the_board_is_drawn_once(drawn):
    design, _, connections = drawn
    wanted = [(p.ref, pad, net) for p in design.parts for pad, net in p.nets.items()]
    assert collections.Counter(connections) == collections.Counter(wanted)


def test_every_part_is_named_with_its_value(drawn):
    design, svg, _ = drawn
    for part in design.parts:
        assert f"{part.ref}  {part.value}" in svg or f"{part.ref} {part.value}" in svg, part.ref


def test_committed_schematics_are_current(root, drawn):
    design, svg, _ = drawn
    assert (root / "hardware" / "schematic" / f"{design.name}.svg").read_text() == svg
