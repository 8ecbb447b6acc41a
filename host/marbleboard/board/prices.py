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
_HUB75 = "in a public LED-matrix build log's parts table, filled in that day"
_MIXXTAPE = "funvill/mixxtape docs/cassette-recorder-bom-v4.md (read from JLCPCB)"
_C5613 = ("LCSC C5613 (Nexperia 74HC165D,653, SOIC-16), the JLCPCB/LCSC catalogue snapshot "
          "quoted on a public parts catalogue's 74HC165D,653 page")
# Its prices are JLCPCB's tier for 10, as its parts API gave them that day.
_MARV = "in a public \"MARV V2\" board's JLCPCB parts audit (read from JLCPCB's parts API)"

PRICES: dict[str, Price] = {
    "TMAG5170A1QDGKR": Price(1.517, 1, f"LCSC C5220642, in {_JLCSEARCH}/sensors.md",
                             "2024-11-02"),
    # The Xinglight WS2812B-compatible 5050 that JLCPCB stocks.
    "WS2812B": Price(0.0249, 1, "LCSC C22461793 (Xinglight XL-5050RGBC-WS2812B-S), in "
                                f"{_JLCSEARCH}/photoelectric_devices.md", "2024-11-02"),
    "CL10B104KB8NNNC": Price(0.0024, 200, f"LCSC C14663, in {_BOOTCAMP}", "undated"),
    "RC0603FR-0710KL": Price(0.0011, 200, f"LCSC C98220, in {_BOOTCAMP}", "undated"),
    "Capacitor 1 uF 0603": Price(0.0049, 100, f"LCSC C15849, in {_BOOTCAMP}", "undated"),
    # Nexperia's SOIC-16 register, under its short and its full order code.
    "74HC165D": Price(0.14, 1, _C5613, "2026-07-24"),
    "74HC165D,653": Price(0.14, 1, _C5613, "2026-07-24"),
    "Raspberry Pi Pico": Price(4.0, 1, "Raspberry Pi's list price at launch, reported by "
                                       "vimarsana.com on the Pico W", "2022-06-30"),
    # The buffers: the SOIC-14 quad and the SOT-23-5 single the controller carries.
    "SN74AHCT125DR": Price(0.3489, 2, "LCSC C155176, in Videocraft10/Focus-Light README's "
                                      "BOM", "undated"),
    "SN74AHCT1G125DBVR": Price(0.1264, 20, "JLCPCB C7484 (TI, extended part), in "
                                           f"{_MIXXTAPE}", "undated"),
    # The 5 V supply of the boards planned at 4 A; no 5 A or 10 A one was found.
    "GST25A05-P1J": Price(13.70, 1, "Digi-Key, Mean Well 5 V 4 A adapter, as read on its page "
                                    "and quoted in a public parts check (\"SP1 Float-Arm: Bill "
                                    "of Materials, verified against live vendor pages\")",
                          "2026-10-01"),
    # For the tiles (hardware/pcb/tiles.md): their 2020 LED, 0402 parts and cables.
    "WS2812B-2020": Price(0.078, 50, "LCSC C965555 (Worldsemi), in petermaerki/"
                                     "2023_filament_dryer_git hardware_kicad/Parts/"
                                     "README_Neopixel/README_Neopixel.md", "2023-08-23"),
    "CL05B104KO5NNNC": Price(0.0055, 260, f"JLCPCB C1525 (100 nF 0402), in {_MIXXTAPE}",
                             "undated"),
    "0402WGF1002TCE": Price(0.0008, 1, "JLCPCB C25744 (10 kOhm 0402), in a public "
                                       "\"rgb-spotlight\" BOM's JLCPCB price tiers", "undated"),
    # The tile controller's series resistors and the LED data line's.
    "0402WGF330JTCE": Price(0.0041, 10, f"JLCPCB C25105 (33 Ohm 0402), {_MARV}", "2026-09-17"),
    "0402WGF1001TCE": Price(0.0022, 10, f"JLCPCB C11702 (1 kOhm 0402), {_MARV}", "2026-09-17"),
    "0402WGF3300TCE": Price(0.0044, 10, "LCSC C25104 (330 Ohm 0402), in a public \"gowin-bridge "
                                        "cost, rev D\" sheet's parts table (LCSC and JLCPCB pages "
                                        "read that day)", "2026-09-13"),
    # A keyed 16-way cable: a shrouded 2 x 8 box header on each board, and a made-up cable.
    "SBH11-PBPC-D08-ST-BK": Price(0.32, 1, f"Digi-Key S9171-ND (Sullins, through-hole), {_HUB75}",
                                  "2026-04-06"),
    "Adafruit 4170": Price(1.95, 1, f"Adafruit's 2 x 8 IDC cable, {_HUB75}", "2026-04-06"),
    # The tiles' cables: JST's own pre-crimped SH lead, SSH-003T-P0.2-H at both ends.
    "ASSHSSH28K152": Price(0.49, 1, "Digi-Key 455-3076-ND (JST, 152.4 mm, 28 AWG), in a public "
                                    "parts-sourcing note on JST SH and PH leads that checked it "
                                    "on Digi-Key", "2026-09-13"),
}

# JLCPCB's assembly fees (support.jlcpcb.com/article/83, "SMT assembly FAQs", undated):
# per design and order, set-up and stencil; per solder joint placed.
ASSEMBLY_SETUP = Price(9.5, 1, "JLCPCB SMT assembly: $8 set-up and $1.50 stencil per design "
                               "and order, support.jlcpcb.com/article/83", "undated")
ASSEMBLY_JOINT = Price(0.0017, 1, "JLCPCB SMT assembly, per solder joint, "
                                  "support.jlcpcb.com/article/83", "undated")

# The fab's bare boards: the price of its fewest, five boards of one design, by copper
# layers, for a board no larger than BARE_MAX_MM on either side. "$2 for 5 PCBs", a small
# two-layer board's (tomverbeure.github.io, "Upgrading Symmetricom SyncServer S200",
# 2024-06-01); a quote's breakdown (williamyang98/oculink_m2_adapter docs/content/docs/
# manufacturing/ordering.md, 2025-02-06) gives the same $2 base, $5 more for four layers
# over 50 x 50 mm and $24 more for a board over 100 x 100 mm. More boards, and larger
# ones, are the fab's quote: none was found listed.
BARE_ORDER = 5
BARE_MAX_MM = 100.0
BARE_BOARDS = {
    2: Price(2.0, 1, f"JLCPCB, {BARE_ORDER} two-layer boards (its fewest) up to 100 x 100 mm: "
                     "tomverbeure.github.io, \"Upgrading Symmetricom SyncServer S200\"; the "
                     "$2 base in williamyang98/oculink_m2_adapter docs/content/docs/"
                     "manufacturing/ordering.md of 2025-02-06", "2024-06-01"),
}
