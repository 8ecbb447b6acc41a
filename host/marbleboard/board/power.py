"""The power budget of a board's LEDs, sensors and logic.

The firmware's current limiter uses ``brightness_cap``: the share of full
brightness at which every LED lit white still fits the supply.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Board

INJECT_EVERY = 50  # LEDs between 5 V injection points, for thin chain wiring


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

    @property
    def injection_points(self) -> int:
        return len(self.injection_leds)


def sensor_count(board: Board) -> int:
    """Hall switches on the board: one under each hole, and a hole's piece sensor."""
    return len(board.holes) + board.piece_sensors


def budget(board: Board) -> Budget:
    p = board.power
    leds = board.led_count
    sensor_a = sensor_count(board) * p.sensor_ma / 1000
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
        ("Sensors", f"{b.sensor_a:.2f} A ({sensor_count(board)} x {p.sensor_ma:g} mA, "
                    f"at 3.3 V)"),
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
