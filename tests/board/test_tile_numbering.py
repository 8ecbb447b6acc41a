"""Boards built from tiles are numbered as the tiles' chains run: every hole's
sensor is the register bit its tile wires its sensor's ALERT to, and every hole's
and lamp's LED its place in the chain the tiles and the controller pass along,
read off the drawn circuit boards net by net (board/tiles.py numbering)."""

import pytest

from marbleboard.board import build_layout
from marbleboard.board.pinmaps import HC165
from marbleboard.board.tilecontroller import chains
from marbleboard.board.tilepcb import tile_design
from marbleboard.board.tiles import SENSORS_PER_REGISTER, chain_order, numbering, plan

TILED = ("wampoo", "wahoo")


def registers_in_chain_order(design):
    """The tile's 74HC165s from the one whose Q7 goes to the cable: each next one
    feeds the one before through its DS."""
    regs = [p for p in design.parts if p.value == "74HC165"]
    q7, ds = HC165["Q7"], HC165["DS"]
    out = [next(r for r in regs if r.nets[str(q7)] == "Q7")]
    while (nxt := [r for r in regs if r.nets[str(q7)] == out[-1].nets[str(ds)]]):
        out.append(nxt[0])
    assert len(out) == len(regs), [r.ref for r in out]
    return out


@pytest.mark.parametrize("layout", TILED)
def test_the_board_file_numbers_its_holes_and_lamps_in_tile_order(layout):
    board = build_layout(layout)
    n = numbering(board)
    assert {h.id: h.sensor for h in board.holes} == n.sensors
    assert {h.id: h.led for h in board.holes} | {lamp.id: lamp.led for lamp in board.lamps} \
        == n.leds
    assert board.sensor_count == n.sensor_chain and board.led_count == n.led_chain
    assert sorted(n.leds.values()) == list(range(board.led_count))


@pytest.mark.parametrize("layout", TILED)
def test_each_tile_reads_its_holes_at_the_bits_the_board_file_gives_them(layout):
    board = build_layout(layout)
    n = numbering(board)
    for design in ("start", "arm"):
        tile = plan(board).of_design(design)[0]
        order = chain_order(board, tile)
        drawn = tile_design(layout, design)
        regs = registers_in_chain_order(drawn)
        first = min(n.sensors[h] for h in tile.holes) // SENSORS_PER_REGISTER
        for k, item in enumerate(order, start=1):
            if item not in tile.holes:
                continue
            alert = f"ALERT{k}"
            (r, bit), = [(i, b) for i, reg in enumerate(regs) for b in range(8)
                         if reg.nets.get(str(HC165[f"D{b}"])) == alert]
            # The register's D7 leaves first: bit 7 - b of its eight.
            assert n.sensors[item] == SENSORS_PER_REGISTER * (first + r) + 7 - bit, (item, r, bit)
        # The LED chain: the k-th in the tile's order takes LED{k-1} in.
        leds = {p.nets["3"]: p for p in drawn.parts if p.value == "WS2812B-2020"}  # 3 DIN
        assert sorted(leds) == sorted(f"LED{k}" for k in range(len(order)))
        assert [n.leds[item] - n.leds[order[0]] for item in order] == list(range(len(order)))


@pytest.mark.parametrize("layout", TILED)
def test_the_controller_passes_the_chains_to_the_tiles_in_the_numbers_order(layout):
    board = build_layout(layout)
    n = numbering(board)
    p = plan(board)
    own = [*p.controller_holes, *p.controller_lamps]
    stations = [s for s in chains(p, len(own)) if s.name != "controller"]
    tiles = {t.name: t for t in p.tiles}
    # Each tile's first LED follows the last of the one before it on the chain.
    firsts = [n.leds[chain_order(board, tiles[s.name])[0]] for s in stations]
    assert firsts == sorted(firsts) and firsts[0] == len(own)
    # The register chain passes the sensing tiles in the same order (a header's Q7
    # is Q7, Q7_2, ... along it), each tile's registers after those before it.
    before = -(-len(p.controller_holes) // SENSORS_PER_REGISTER)
    links = [c.q7 for c in chains(p, len(own)) if c.q7]
    for s in stations:
        holes = tiles[s.name].holes
        if not holes:
            assert s.q7 == ""
            continue
        assert links.index(s.q7) == (1 if p.controller_holes else 0) + sum(
            1 for o in stations[:stations.index(s)] if tiles[o.name].holes)
        assert min(n.sensors[h] for h in holes) // SENSORS_PER_REGISTER == before
        before += -(-len(holes) // SENSORS_PER_REGISTER)
    assert before * SENSORS_PER_REGISTER == board.sensor_count
