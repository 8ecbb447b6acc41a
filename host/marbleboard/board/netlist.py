"""A board's whole circuit as a netlist, built with SKiDL from its board file: the
Pico, the buffers, the 74HC165 chain with its pull-ups, every hole's sensors and
LED (a hole module where the build has one sensor on each hole's axis, a ring
module where it has a cut-out under each hole, else the
parts one by one), the lamps, the power entry and injection points, and the
optional RUN-pin reset.

Pin numbers: ``pinmaps.py``, from the parts' datasheets; the hole module's wire
pads (``holemodule.WIRES``).
"""

from __future__ import annotations

import contextlib
import io
import re
import tempfile
from typing import Any

from .holemodule import WIRES
from .model import Board
from .pinmaps import AHCT1G125, AHCT125, HC165, PICO_POWER, TMAG5170, WS2812B, pico_pin
from .power import budget
from .ringmodule import WIRES as RING_WIRES
from .tmag5170 import configured_roles

with (contextlib.redirect_stderr(io.StringIO()),
      tempfile.TemporaryDirectory(prefix="skidl-") as _quiet_dir,
      contextlib.chdir(_quiet_dir)):
    # SKiDL looks for KiCad's libraries as it loads and says so at length; every
    # part here is defined in place, so none are needed. It also opens its log and
    # check files in the working directory as it loads, named after the program:
    # two processes of one program in one directory would remove each other's, so
    # it loads in a directory of its own.
    import skidl  # type: ignore[import-untyped]

    skidl.logger.stop_log_file_output()

class _Builder:
    def __init__(self) -> None:
        self.circuit = skidl.Circuit()
        self.nets: dict[str, Any] = {}
        self.count: dict[str, int] = {}

    def net(self, name: str) -> Any:
        if name not in self.nets:
            self.nets[name] = skidl.Net(name, circuit=self.circuit)
        return self.nets[name]

    def part(self, prefix: str, name: str, pins: dict[str, int], footprint: str,
             value: str | None = None, ref: str | None = None) -> Any:
        self.count[prefix] = self.count.get(prefix, 0) + 1
        template = skidl.Part(tool=skidl.SKIDL, name=name, ref_prefix=prefix,
                              dest=skidl.TEMPLATE, circuit=self.circuit,
                              pins=[skidl.Pin(num=n, name=p, func=skidl.Pin.types.PASSIVE)
                                    for p, n in sorted(pins.items(), key=lambda i: i[1])])
        ref = ref or f"{prefix}{self.count[prefix]}"
        # The reference as its tag: SKiDL would draw a random one, and the file would
        # change at every build.
        return template(ref=ref, tag=ref, value=value or name,
                        footprint=f"marbleboard:{footprint}", circuit=self.circuit)

    def connect(self, net: str, *pins: Any) -> None:
        n = self.net(net)
        for p in pins:
            n += p

    def resistor(self, value: str, a: str, b: str) -> None:
        r = self.part("R", "R", {"1": 1, "2": 2}, "R_0603", value)
        self.connect(a, r.p[1])
        self.connect(b, r.p[2])

    def capacitor(self, value: str, a: str, b: str, footprint: str = "C_0603") -> None:
        c = self.part("C", "C", {"1": 1, "2": 2}, footprint, value)
        self.connect(a, c.p[1])
        self.connect(b, c.p[2])


def build(board: Board) -> Any:
    """The SKiDL circuit of a whole board."""
    b = _Builder()
    b.circuit.no_files = True
    b.circuit.track_src = False  # where in this file a part was made: noise in the netlist
    pico = board.pico
    groups = configured_roles(board.build)
    module = board.build is not None and len(board.build.sites_of("presence")) == 1 \
        and board.build.sites_of("presence")[0].r_mm == 0
    # The ring module carries both roles' sensors round a cut-out.
    ring = board.build is not None and bool(board.build.cutout_mm) \
        and bool(board.build.sites_of("piece"))

    pins = {f"GP{g}": pico_pin(g) for g in range(29) if g not in (23, 24, 25)}
    for name, numbers in PICO_POWER.items():
        pins.update({f"{name}_{n}" if len(numbers) > 1 else name: n for n in numbers})
    a1 = b.part("A", "Raspberry_Pi_Pico", pins, "RaspberryPi_Pico", ref="A1")
    for n in PICO_POWER["GND"]:
        b.connect("GND", a1.p[n])
    b.connect("+3V3", a1.n["3V3"])
    b.connect("RUN", a1.n["RUN"])
    j = b.part("J", "Pi_reset", {"RUN": 1, "GND": 2}, "Pads_1x2_P2.54mm", "to the Pi's GPIO17")
    b.resistor("1k", "RUN", "PI_GPIO17")
    b.connect("PI_GPIO17", j.p[1])
    b.connect("GND", j.p[2])
    # Power entry: the 5 V supply, its bulk capacitor.
    jp = b.part("J", "Power_5V", {"+5V": 1, "GND": 2}, "Pads_1x2_P5.08mm", "5 V supply")
    b.connect("+5V", jp.p[1])
    b.connect("GND", jp.p[2])
    b.capacitor("1000uF 10V", "+5V", "GND", "CP_Radial_D8.0mm")

    # The buffer: LED data, and the sensors' clock, data and chip select at 5 V.
    u = b.part("U", "74AHCT125", AHCT125, "SOIC-14_3.9x8.7mm_P1.27mm")
    b.connect("+5V", u.n["VCC"])
    b.connect("GND", u.n["GND"], u.n["1OE"], u.n["2OE"], u.n["3OE"], u.n["4OE"])
    b.capacitor("100nF", "+5V", "GND")
    b.connect("LED_3V3", a1.p[pins[f"GP{pico.led}"]], u.n["1A"])
    b.resistor("10k", "LED_3V3", "GND")
    b.connect("LED_5V", u.n["1Y"])
    b.resistor("330", "LED_5V", "LED_DIN_0")
    b.connect("SCK_3V3", a1.p[pins[f"GP{pico.sck}"]])
    b.resistor("33", "SCK_3V3", "CP")  # the registers' clock
    if groups:
        b.connect("SCK_3V3", u.n["2A"])
        b.connect("MOSI", a1.p[pins[f"GP{_tx(board)}"]], u.n["3A"])
        b.connect("CS_3V3", a1.p[pins[f"GP{pico.cs}"]], u.n["4A"])
        b.resistor("10k", "SCK_3V3", "GND")
        b.resistor("10k", "MOSI", "GND")
        b.resistor("10k", "CS_3V3", "+3V3")
        for y, net in (("2Y", "SCK"), ("3Y", "SDI"), ("4Y", "CS")):
            b.connect(net + "_5V", u.n[y])
            b.resistor("33", net + "_5V", net)
        if "piece" in groups:
            g = b.part("U", "SN74AHCT1G125", AHCT1G125, "SOT-23-5")
            b.connect("+5V", g.n["VCC"])
            b.connect("GND", g.n["GND"], g.n["OE"])
            b.capacitor("100nF", "+5V", "GND")
            b.connect("PIECE_CS_3V3", a1.p[pins[f"GP{pico.piece_cs}"]], g.n["A"])
            b.resistor("10k", "PIECE_CS_3V3", "+3V3")
            b.connect("PIECE_CS_5V", g.n["Y"])
            b.resistor("33", "PIECE_CS_5V", "PIECE_CS")
    else:
        b.connect("GND", u.n["2A"], u.n["3A"], u.n["4A"])

    # The registers: register 0's Q7 to the Pico, each next one's Q7 into its DS.
    registers = []
    for _ in range(board.sensor_registers):
        reg = b.part("U", "74HC165", HC165, "SOIC-16_3.9x9.9mm_P1.27mm")
        b.connect("+3V3", reg.n["VCC"])
        b.connect("GND", reg.n["GND"], reg.n["CE"])
        b.connect("LOAD", reg.n["PL"])
        b.connect("CP", reg.n["CP"])
        b.capacitor("100nF", "+3V3", "GND")
        registers.append(reg)
    b.connect("LOAD", a1.p[pins[f"GP{pico.load}"]])
    b.connect("MISO", a1.p[pins[f"GP{pico.miso}"]], registers[0].n["Q7"])
    for r, reg in enumerate(registers):
        nxt = f"Q7_{r + 1}" if r + 1 < len(registers) else "DS_LAST"
        b.connect(nxt, reg.n["DS"])
        b.resistor("10k", nxt, "GND")  # holds the last register's DS low
        if r > 0:
            b.connect(f"Q7_{r}", reg.n["Q7"])
    for s in range(board.sensor_registers * 8):
        reg = registers[s // 8]
        b.connect(f"S{s}", reg.n[f"D{7 - s % 8}"])
        b.resistor("10k", f"S{s}", "+3V3")  # the pull-up: its sensors', or a spare input's

    # The holes and lamps, in LED order: each LED's data out to the next one's in.
    items: list[tuple[int, str, Any]] = [(h.led, "hole", h) for h in board.holes]
    items += [(lamp.led, "lamp", lamp) for lamp in board.lamps]
    for led, kind, item in sorted(items, key=lambda i: i[0]):
        din, dout = f"LED_DIN_{led}", f"LED_DIN_{led + 1}"
        if kind == "hole" and ring:
            m = b.part("M", "Ring_module", {name: int(pad) for pad, name in RING_WIRES.items()},
                       "ring-module", f"hole {item.id}")
            for name in ("SCK", "SDI", "CS", "PIECE_CS", "+5V", "GND"):
                b.connect(name, m[name])
            b.connect(din, m.n["DIN"])
            b.connect(dout, m.n["DOUT"])
            b.connect(f"S{item.sensor}", m.n["PRESENCE"])
            b.connect(f"S{item.piece_sensor}", m.n["STOMPER"])
            continue
        if kind == "hole" and module:
            m = b.part("M", "Hole_module", {name: int(pad) for pad, name in WIRES.items()},
                       "hole-module", f"hole {item.id}")
            for name in ("SCK", "SDI", "CS", "+5V", "GND"):
                b.connect(name, m[name])
            b.connect(din, m.n["DIN"])
            b.connect(dout, m.n["DOUT"])
            b.connect(f"S{item.sensor}", m.n["ALERT"])
            continue
        d = b.part("D", "WS2812B", WS2812B, "LED_WS2812B_PLCC4_5.0x5.0mm",
                   f"{kind} {item.id}")
        b.connect("+5V", d.n["VDD"])
        b.connect("GND", d.n["VSS"])
        b.connect(din, d.n["DIN"])
        b.connect(dout, d.n["DOUT"])
        b.capacitor("100nF", "+5V", "GND")
        if kind == "hole":
            _hole_sensors(b, board, item, groups)
    # Power injection: the supply's pair into the chain at these LEDs.
    for led in budget(board).injection_leds:
        inj = b.part("J", "Power_injection", {"+5V": 1, "GND": 2}, "Pads_1x2_P5.08mm",
                     f"5 V into LED {led}")
        b.connect("+5V", inj.p[1])
        b.connect("GND", inj.p[2])
    return b.circuit


def _hole_sensors(b: _Builder, board: Board, hole: Any, groups: list[str]) -> None:
    """A hole's sensors part by part, where no hole module carries them."""
    assert board.build is not None
    for role, sensor, cs in (("presence", hole.sensor, "CS"),
                             ("piece", hole.piece_sensor, "PIECE_CS")):
        if sensor is None:
            continue
        for _ in board.build.sites_of(role):
            t = b.part("U", "TMAG5170A1", TMAG5170, "VSSOP-8_DGK")
            b.connect("SCK", t.n["SCK"])
            b.connect("SDI", t.n["SDI"])
            b.connect(cs, t.n["CS"])
            b.connect("+5V", t.n["VCC"])
            b.connect("GND", t.n["GND"], t.n["TEST"])
            b.connect(f"S{sensor}", t.n["ALERT"])  # a role's sensors wired together
            b.capacitor("100nF", "+5V", "GND")


def _tx(board: Board) -> int:
    from .fileformat import spi_tx_pin

    tx = spi_tx_pin(board.pico)
    assert tx is not None  # the board file's check makes sure of it
    return tx


def netlist(board: Board) -> str:
    """The KiCad netlist (the format KiCad's board editor imports), with its date
    left out so the file changes only with the board."""
    circuit = build(board)
    with contextlib.redirect_stderr(io.StringIO()):
        text = circuit.generate_netlist(tool=skidl.KICAD8)
    # SKiDL lists nets in an order that changes from run to run: list them again,
    # sorted, so the file changes only with the board.
    head = text[:text.index("  (nets")]
    nets = []
    for code, (name, pins) in enumerate(sorted(pins_by_net(circuit).items()), start=1):
        nodes = "".join(f'\n      (node\n        (ref "{ref}")\n        (pin "{pin}")\n'
                        f'        (pintype "PASSIVE"))' for ref, pin in pins)
        nets.append(f'    (net\n      (code {code})\n      (name "{name}")\n'
                    f'      (class "Default"){nodes})')
    text = head + "  (nets\n" + "\n".join(nets) + "))\n"
    text = re.sub(r'\s*\(date "[^"]*"\)', "", str(text))
    return re.sub(r'\(source "[^"]*"\)', f'(source "{board.id}")', text)


def pins_by_net(circuit: Any) -> dict[str, list[tuple[str, str]]]:
    def natural(ref_pin: tuple[str, str]) -> tuple[str, int, int]:
        ref, pin = ref_pin
        m = re.match(r"([A-Z]+)(\d+)", ref)
        return (m.group(1), int(m.group(2)), int(pin)) if m else (ref, 0, int(pin))

    out: dict[str, list[tuple[str, str]]] = {}
    for net in circuit.nets:
        if net.pins:
            out.setdefault(net.name, []).extend((p.part.ref, str(p.num)) for p in net.pins)
    return {name: sorted(set(pins), key=natural) for name, pins in out.items()}

