"""The power budget of a board's LEDs, sensors and logic.

The firmware's current limiter uses ``brightness_cap``: the share of full
brightness at which every LED lit white still fits the supply.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Board
from .parts import SENSOR_SUPPLY_V, SWITCHES, THRESHOLD_SENSORS, self_heating_c

INJECT_EVERY = 50  # LEDs between 5 V injection points, for thin chain wiring
PULLUP_OHM = 10_000  # each sensor output's pull-up to 3.3 V
# Raspberry Pi Pico datasheet, 2.1 Pico pinout (pin descriptions): keep the load on
# the 3V3 pin under 300 mA. It feeds the 74HC165s and the sensors' pull-ups.
PICO_3V3_MA = 300.0
# NXP 74HC165 datasheet (Rev. 4, 2015), Table 7 Static characteristics: ICC at most
# 80 uA from -40 to 85 C, inputs at a rail.
HC165_ICC_MA = 0.08


@dataclass(frozen=True)
class Budget:
    leds: int
    led_typical_a: float
    led_max_a: float
    sensor_a: float
    logic_a: float
    supply_a: float
    usable_a: float
    led_budget_a: float
    brightness_cap: float
    injection_leds: tuple[int, ...]
    sensors: int  # sensor parts
    sensor_part: str
    sensor_warming_c: float  # a sensor's die above the room, from its own power
    pico_3v3_ma: float  # the registers and every pull-up pulled low at once

    @property
    def pico_3v3_share(self) -> float:
        return self.pico_3v3_ma / PICO_3V3_MA

    @property
    def injection_points(self) -> int:
        return len(self.injection_leds)


def sensor_chips(board: Board) -> int:
    """Sensor parts on the board: every site of the build under every hole (piece
    sites only under holes with a piece sensor); without a build, one part per
    register input."""
    if board.build is None:
        return board.sensor_lines
    presence = len(board.build.sites_of("presence"))
    piece = len(board.build.sites_of("piece"))
    return sum(presence + (piece if h.piece_sensor is not None else 0) for h in board.holes)


def sensor_part(board: Board) -> str:
    """The part under every hole: the build's presence sensor, else the omnipolar
    switch of the boards not yet engineered."""
    if board.build and board.build.sites_of("presence"):
        return board.build.sites_of("presence")[0].part
    return "DRV5033AJ"


def budget(board: Board) -> Budget:
    p = board.power
    part = sensor_part(board)
    theta = (THRESHOLD_SENSORS[part] if part in THRESHOLD_SENSORS else SWITCHES[part]
             ).theta_ja_c_per_w
    sensors = sensor_chips(board)
    leds = board.led_count
    sensor_a = sensors * p.sensor_ma / 1000
    logic_a = p.logic_ma / 1000
    usable = p.supply_a * p.headroom
    led_budget = max(0.0, usable - sensor_a - logic_a)
    led_max = leds * p.led_ma_max / 1000
    return Budget(
        leds=leds,
        led_typical_a=leds * p.led_ma_typical / 1000,
        led_max_a=led_max,
        sensor_a=sensor_a,
        logic_a=logic_a,
        supply_a=p.supply_a,
        usable_a=usable,
        led_budget_a=led_budget,
        brightness_cap=min(1.0, led_budget / led_max) if led_max else 1.0,
        injection_leds=tuple(range(0, leds, INJECT_EVERY)),
        sensors=sensors,
        sensor_part=part,
        sensor_warming_c=self_heating_c(p.sensor_ma, theta),
        # One pull-up for each sensor line (a hole's sensors of one role share it),
        # all pulled low at once; an unused input's pull-up carries nothing.
        pico_3v3_ma=(board.sensor_registers * HC165_ICC_MA
                     + board.sensor_lines * 3.3 / PULLUP_OHM * 1000),
    )


def format_budget(board: Board, markdown: bool = False) -> str:
    b = budget(board)
    p = board.power
    rows = [
        ("LEDs", f"{b.leds}"),
        ("All LEDs at a typical colour", f"{b.led_typical_a:.2f} A "
                                         f"({b.leds} x {p.led_ma_typical:g} mA)"),
        ("All LEDs full white (worst case)", f"{b.led_max_a:.2f} A "
                                             f"({b.leds} x {p.led_ma_max:g} mA)"),
        ("Sensors", f"{b.sensor_a:.2f} A ({b.sensors} x {p.sensor_ma:g} mA, "
                    f"from the {SENSOR_SUPPLY_V:g} V supply)"),
        ("Sensor self-heating", f"{b.sensor_warming_c:.1f} C above the room "
                                f"({SENSOR_SUPPLY_V:g} V x {p.sensor_ma:g} mA x the "
                                f"{b.sensor_part}'s junction-to-ambient resistance)"),
        ("Pico 3V3 pin", f"{b.pico_3v3_ma:.0f} mA of its {PICO_3V3_MA:.0f} mA at most: "
                         f"{board.sensor_registers} x 74HC165 and every register "
                         f"input's {PULLUP_OHM // 1000} kOhm pull-up pulled low"),
        ("Pico and logic", f"{b.logic_a:.2f} A"),
        ("Supply", f"{p.supply_name}: {p.supply_a:g} A, planned at {p.headroom:.0%} "
                   f"= {b.usable_a:.2f} A"),
        ("Left for the LEDs", f"{b.led_budget_a:.2f} A"),
        ("Brightness cap", f"{b.brightness_cap:.0%} of full (the firmware's current limiter)"),
        ("5 V injection at LEDs", ", ".join(str(i) for i in b.injection_leds)),
    ]
    if markdown:
        return "| | |\n|---|---|\n" + "".join(f"| {k} | {v} |\n" for k, v in rows)
    width = max(len(k) for k, _ in rows)
    return "".join(f"{k:<{width}}  {v}\n" for k, v in rows)
