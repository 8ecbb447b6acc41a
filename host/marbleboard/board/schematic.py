"""Schematics drawn with schemdraw: a circuit board's from the same design the
board is built from (``pcbdesign.py``), and a whole board's from its netlist
(``netlist.py``, every module, register, resistor and LED). Every chip, module
and group of wire pads is a box with its pins, every resistor and capacitor is
drawn on its own, and each pin's net is a label at its end; pins with the same
label are connected.

Drawn from the design rather than by hand, it cannot drift from the board; both
functions also return every connection they drew, so the tests can hold them to
the design's and the netlist's.
"""

from __future__ import annotations

import re
from typing import Any

import schemdraw
import schemdraw.elements as elm

from .pcbdesign import Design, Pad, Part

STUB = 0.9  # the line from a pin to its label
PIN_GAP = 0.6
PASSIVES_PER_ROW = 4
ROW_WIDTH = 40.0  # past this, the next box starts a row of its own


def _number(pad: str) -> tuple[int, str]:
    m = re.match(r"(\d+)$", pad)
    return (int(m.group(1)), "") if m else (0, pad)


def _sides(part: Part) -> tuple[list[str], list[str]]:
    """Pins on the left and on the right, top to bottom, as the package has them:
    a chip's first half down the left and the rest up the right; a row of wire
    pads all down the right."""
    numbers = sorted((p.number for p in part.pads), key=_number)
    if part.footprint.startswith("Pads_"):
        return [], numbers
    half = (len(numbers) + 1) // 2
    return numbers[:half], list(reversed(numbers[half:]))


def _label_room(part: Part, numbers: list[str]) -> float:
    longest = max((len(part.nets.get(n, "")) for n in numbers), default=0)
    return STUB + 0.2 * longest + 0.6


def _block(d: schemdraw.Drawing, part: Part, at: tuple[float, float],
           drawn: list[tuple[str, str, str]]) -> float:
    """The part as a box with its pins and their labels; returns the box's width."""
    left, right = _sides(part)
    rows = max(len(left), len(right))
    # schemdraw counts a side's slots from the bottom.
    pins = [elm.IcPin(name=part.pin_names.get(n, ""), pin=n, side="left",
                      slot=f"{rows - i}/{rows}", anchorname=f"p{n}") for i, n in enumerate(left)]
    pins += [elm.IcPin(name=part.pin_names.get(n, ""), pin=n, side="right",
                       slot=f"{rows - i}/{rows}", anchorname=f"p{n}")
             for i, n in enumerate(right)]
    width = 2.2 if part.footprint.startswith("Pads_") else 3.2
    height = PIN_GAP * (rows + 1)
    ic = elm.Ic(pins=pins, size=(width, height), pinspacing=PIN_GAP, lblsize=9)
    centre = (at[0] + width / 2, at[1] - height / 2)
    ic = ic.at(centre).anchor("center").label(f"{part.ref}  {part.value}", loc="top",
                                               fontsize=10)
    d += ic
    for side, numbers in (("left", left), ("right", right)):
        for n in numbers:
            net = part.nets.get(n)
            if not net:
                continue
            start = ic.absanchors[f"p{n}"]
            line = elm.Line().at(start).length(STUB)
            line = line.left() if side == "left" else line.right()
            d += line
            d += elm.Label().at(line.end).label(net, loc="left" if side == "left" else "right",
                                                fontsize=9)
            drawn.append((part.ref, n, net))
    return width


def _passive(d: schemdraw.Drawing, part: Part, at: tuple[float, float],
             drawn: list[tuple[str, str, str]]) -> None:
    body = elm.Capacitor() if part.ref.startswith("C") else elm.ResistorIEC()
    d += (body.at(at).right().length(2.4)
          .label(f"{part.ref}  {part.value}", loc="top", fontsize=9)
          .label(part.nets["1"], loc="left", fontsize=9)
          .label(part.nets["2"], loc="right", fontsize=9))
    drawn += [(part.ref, "1", part.nets["1"]), (part.ref, "2", part.nets["2"])]


def schematic(design: Design) -> tuple[str, list[tuple[str, str, str]]]:
    """The SVG, and every (part, pin, net) connection it shows."""
    return _sheet(design.name, design.parts)


def board_schematic(board: Any) -> tuple[str, list[tuple[str, str, str]]]:
    """A whole board's schematic from its netlist: the SVG, and every (part, pin,
    net) connection it shows."""
    from .netlist import build

    circuit = build(board)
    nets: dict[str, dict[str, str]] = {p.ref: {} for p in circuit.parts}
    for net in circuit.nets:
        for pin in net.pins:
            nets[pin.part.ref][str(pin.num)] = net.name
    parts = []
    def by_ref(p: Any) -> tuple[str, tuple[int, str]]:
        prefix = p.ref.rstrip("0123456789")
        return prefix, _number(p.ref[len(prefix):])

    for p in sorted(circuit.parts, key=by_ref):
        numbers = sorted((str(pin.num) for pin in p.pins), key=_number)
        footprint = str(p.footprint).split(":")[-1]
        parts.append(Part(p.ref, str(p.value), footprint, 0.0, 0.0, 0.0,
                          tuple(Pad(n, 0.0, 0.0, 0.0, 0.0) for n in numbers), nets[p.ref],
                          pin_names={str(pin.num): pin.name for pin in p.pins}))
    return _sheet(f"{board.name}, the whole board", parts)


def _sheet(title: str, parts: list[Part]) -> tuple[str, list[tuple[str, str, str]]]:
    drawn: list[tuple[str, str, str]] = []
    with schemdraw.Drawing(show=False, canvas="svg") as d:
        d.config(fontsize=10, unit=2.4)
        d += elm.Label().at((0.0, 2.2)).label(
            f"{title}: pins with the same label are connected", halign="left",
            fontsize=12)
        blocks = [p for p in parts if len(p.pads) > 2 or p.footprint.startswith("Pads_")]
        passives = [p for p in parts if p not in blocks]
        x, top, lowest = 0.0, 0.0, 0.0
        for part in blocks:
            left, right = _sides(part)
            if x > ROW_WIDTH:  # a new row of boxes under the last
                x, top = 0.0, lowest - 1.0
            x += _label_room(part, left)
            x += _block(d, part, (x, top), drawn) + _label_room(part, right)
            lowest = min(lowest, top - PIN_GAP * (max(len(left), len(right)) + 2) - 1.0)
        order = sorted(passives, key=lambda p: (p.ref[0], _number(p.ref[1:])))
        for i, part in enumerate(order):
            col, row = i % PASSIVES_PER_ROW, i // PASSIVES_PER_ROW
            _passive(d, part, (2.0 + col * 7.0, lowest - 1.5 - row * 1.6), drawn)
        svg = d.get_imagedata("svg").decode()
    # Hundredths of a point are plenty, and keep a whole board's sheet small.
    return re.sub(r"(\d+\.\d\d)\d+", r"\1", svg), drawn
