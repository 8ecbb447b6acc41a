"""The schematics: a circuit board's, drawn from its design, and a whole board's,
drawn from its netlist, show every connection and nothing else."""

import collections

import pytest

from marbleboard.board import build_layout, pcb
from marbleboard.board.layouts import LAYOUTS
from marbleboard.board.netlist import build, pins_by_net
from marbleboard.board.schematic import board_schematic, schematic


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


@pytest.fixture(scope="module", params=sorted(LAYOUTS))
def board_drawn(request):
    board = build_layout(request.param)
    return board, *board_schematic(board)


def test_a_whole_board_schematic_draws_every_connection_of_its_netlist(board_drawn):
    board, _, connections = board_drawn
    wanted = [(ref, pin, net) for net, pins in pins_by_net(build(board)).items()
              for ref, pin in pins]
    assert collections.Counter(connections) == collections.Counter(wanted)


def test_committed_board_schematics_are_current(root, board_drawn):
    board, svg, _ = board_drawn
    assert (root / "hardware" / "schematic" / f"{board.id}.svg").read_text() == svg
