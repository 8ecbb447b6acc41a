# marbleboard firmware: plain MicroPython that also runs on CPython.
# Only pico.py touches machine, rp2 or neopixel.

VERSION = "0.1.0"
