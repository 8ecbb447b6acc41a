"""The pins of every part the boards use, by name, from their datasheets: the
netlist, the circuit boards and their schematics all read them here.

- Raspberry Pi Pico: the Pico datasheet's pinout (pin 1 GP0 at the USB end).
- 74HC165: Nexperia 74HC165, Table 2 "Pin description".
- 74AHCT125 and SN74AHCT1G125: TI SCLS262 and SCLS377, pin configuration and
  functions (14-pin and SOT-23-5 DBV packages).
- TMAG5170: TI SBASAF4, 5 "Pin Configuration and Functions".
- WS2812B: Worldsemi's pin function table.
- WS2812B-2020: Worldsemi WS2812B-2020 V1.3, pin function table.
- JST SH 16-way header on a tile: the tile's own pinout (``tilepcb.CABLE``).
"""

from __future__ import annotations

# The 74HC165's parallel inputs D0..D7, by input bit.
INPUT_PINS = {0: 11, 1: 12, 2: 13, 3: 14, 4: 3, 5: 4, 6: 5, 7: 6}

HC165 = {"PL": 1, "CP": 2, "Q7n": 7, "GND": 8, "Q7": 9, "DS": 10, "CE": 15, "VCC": 16,
         **{f"D{bit}": pin for bit, pin in INPUT_PINS.items()}}
AHCT125 = {"1OE": 1, "1A": 2, "1Y": 3, "2OE": 4, "2A": 5, "2Y": 6, "GND": 7, "3Y": 8,
           "3A": 9, "3OE": 10, "4Y": 11, "4A": 12, "4OE": 13, "VCC": 14}
AHCT1G125 = {"OE": 1, "A": 2, "GND": 3, "Y": 4, "VCC": 5}
TMAG5170 = {"SCK": 1, "SDI": 2, "SDO": 3, "CS": 4, "VCC": 5, "GND": 6, "TEST": 7, "ALERT": 8}
WS2812B = {"VDD": 1, "DOUT": 2, "VSS": 3, "DIN": 4}
WS2812B_2020 = {"DOUT": 1, "GND": 2, "DIN": 3, "VDD": 4}

PICO_POWER = {"GND": (3, 8, 13, 18, 23, 28, 33, 38), "RUN": (30,), "3V3": (36,),
              "VSYS": (39,), "VBUS": (40,)}


def pico_pin(gpio: int) -> int:
    """The Pico's physical pin for a GPIO: down the left side GP0 and GP1, then a
    ground after every four GPIOs; then up the right."""
    if gpio <= 15:
        return gpio + 1 + (gpio + 2) // 4
    if gpio <= 22:
        return {16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29}[gpio]
    return {26: 31, 27: 32, 28: 34}[gpio]


def pico_pin_names() -> dict[int, str]:
    """Every one of the Pico's 40 pins by name (3V3_EN and ADC_VREF included)."""
    names = {pico_pin(g): f"GP{g}" for g in (*range(23), 26, 27, 28)}
    for name, pins in PICO_POWER.items():
        names.update({pin: name for pin in pins})
    names.update({35: "ADC_VREF", 37: "3V3_EN"})
    return names


def by_number(pins: dict[str, int]) -> dict[str, str]:
    """A part's pin names keyed by pin number, as its footprint numbers them."""
    return {str(number): name for name, number in pins.items()}
