# Runs at boot on the Pico. config.py is written by `make firmware BOARD=...`.
#
# Ctrl-C reaches the REPL whenever no host session is open, so mpremote can
# always get in to update the firmware.

import config
from marblefw.app import Firmware
from marblefw.pico import PicoHardware

Firmware(PicoHardware(config), config).run()
