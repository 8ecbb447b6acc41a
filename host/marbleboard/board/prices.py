"""What the parts cost: each price with where it was read and that source's date.

A price is for one part at the quantity break given, in US dollars, as a
distributor or the fab listed it; none is a guess. A part with no price found is
absent here, and the bill of materials says so rather than leave it out of a total.
Every price here was read on ``SEEN``.

>>> PRICES["TMAG5170A1QDGKR"].usd
1.517
>>> PRICES["TMAG5170A1QDGKR"].cite()
'$1.517 at 1+: LCSC C5220642, in tscircuit/jlcsearch docs/generated/sensors.md (2024-11-02)'
"""

from __future__ import annotations

from dataclasses import dataclass

SEEN = "2026-11-27"


@dataclass(frozen=True)
class Price:
    usd: float
    at_qty: int  # the quantity break it is for
    source: str
    dated: str  # the source's own date; "undated" when it gives none

    def cite(self) -> str:
        return f"${self.usd:g} at {self.at_qty}+: {self.source} ({self.dated})"


_JLCSEARCH = "tscircuit/jlcsearch docs/generated"
_BOOTCAMP = "le-flav-b/bootcamp-electronic README's LCSC BOM"

PRICES: dict[str, Price] = {
    "TMAG5170A1QDGKR": Price(1.517, 1, f"LCSC C5220642, in {_JLCSEARCH}/sensors.md",
                             "2024-11-02"),
    # The Xinglight WS2812B-compatible 5050 that JLCPCB stocks.
    "WS2812B": Price(0.0249, 1, "LCSC C22461793 (Xinglight XL-5050RGBC-WS2812B-S), in "
                                f"{_JLCSEARCH}/photoelectric_devices.md", "2024-11-02"),
    "CL10B104KB8NNNC": Price(0.0024, 200, f"LCSC C14663, in {_BOOTCAMP}", "undated"),
    "RC0603FR-0710KL": Price(0.0011, 200, f"LCSC C98220, in {_BOOTCAMP}", "undated"),
    "Capacitor 1 uF 0603": Price(0.0049, 100, f"LCSC C15849, in {_BOOTCAMP}", "undated"),
    # The TSSOP-16 package's price: the SOIC-16 the register module carries was
    # not found listed.
    "74HC165D": Price(0.0939, 1, f"LCSC C26159248 (SN74HC165PW, TSSOP-16), in "
                                 f"{_JLCSEARCH}/logic.md", "2024-11-02"),
    "Raspberry Pi Pico": Price(4.0, 1, "Raspberry Pi's list price at launch, reported by "
                                       "vimarsana.com on the Pico W", "2022-06-30"),
}

# JLCPCB's assembly fees (support.jlcpcb.com/article/83, "SMT assembly FAQs", undated):
# per design and order, set-up and stencil; per solder joint placed.
ASSEMBLY_SETUP = Price(9.5, 1, "JLCPCB SMT assembly: $8 set-up and $1.50 stencil per design "
                               "and order, support.jlcpcb.com/article/83", "undated")
ASSEMBLY_JOINT = Price(0.0017, 1, "JLCPCB SMT assembly, per solder joint, "
                                  "support.jlcpcb.com/article/83", "undated")
