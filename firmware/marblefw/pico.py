# The Pico itself: the only module that touches machine and rp2.
#
# Sensors: a chain of 74HC165s read with hardware SPI into a preallocated buffer;
# sensors that need setting up hear it on the same bus's TX, under their own CS.
# The bus runs at the config's SPI_HZ, which the host works out from the board's
# sensor line (host/marbleboard/pico/sensorbus.py): one buffer gate drives up to
# 294 sensor inputs and metres of wire, and every edge must settle before the next.
# LEDs: WS2812s fed by a PIO state machine from DMA, so the processor keeps
# scanning while a frame goes out and interrupts are never masked (the stock
# neopixel.write() masks them for about 8 ms per 260 LEDs). A frame is started
# only once the last one and the chain's reset gap are over (ws2812.py).
# Host: MicroPython's USB serial, read and written without waiting (stdio.py).

import select
import sys
import time

import machine
import micropython
import rp2

from .hardware import Hardware
from .stdio import StdioSerial
from .ws2812 import busy_us

_WDT_CTRL_ENABLE = 1 << 30
_WATCHDOG_BASE = {"RP2040": 0x40058000, "RP2350": 0x400D8000}
_DREQ_PIO0_TX0 = 0


@rp2.asm_pio(
    sideset_init=rp2.PIO.OUT_LOW,
    out_shiftdir=rp2.PIO.SHIFT_LEFT,
    autopull=True,
    pull_thresh=8,
)
def _ws2812():
    # One bit in 10 cycles at 8 MHz (800 kHz): high 2, then the bit for 5, low 3.
    # The assembler's names exist only inside rp2.asm_pio: a type checker cannot
    # see them.
    wrap_target()  # type: ignore[name-defined]
    label("bit")  # type: ignore[name-defined]
    out(x, 1).side(0)[2]  # type: ignore[name-defined]
    jmp(not_x, "zero").side(1)[1]  # type: ignore[name-defined]
    jmp("bit").side(1)[4]  # type: ignore[name-defined]
    label("zero")  # type: ignore[name-defined]
    nop().side(0)[4]  # type: ignore[name-defined]
    wrap()  # type: ignore[name-defined]


class PicoHardware(Hardware):
    def __init__(self, cfg):
        # Every pin named: one left out is taken at the port's default pin
        # (GP19 for SPI0 TX on a Pico), which may be wired to something else.
        self.spi = machine.SPI(cfg.SPI, baudrate=cfg.SPI_HZ, polarity=0, phase=0,
                               sck=machine.Pin(cfg.SCK), mosi=machine.Pin(cfg.MOSI),
                               miso=machine.Pin(cfg.MISO))
        self.load = machine.Pin(cfg.LOAD, machine.Pin.OUT, value=1)
        self.sensor_cs = [machine.Pin(pin, machine.Pin.OUT, value=1) for pin in cfg.SENSOR_CS]
        # One view a frame, made once, for every setup the sensors hear (their own,
        # the check's probe and quiet ones): the loop allocates nothing.
        heard = list(cfg.SENSOR_SETUP)
        heard.append(getattr(cfg, "SENSOR_PROBE", b""))
        heard.append(getattr(cfg, "SENSOR_QUIET", b""))
        self.setup_views = {}
        for frames in heard:
            self.setup_views[frames] = [memoryview(frames)[i:i + 4]
                                        for i in range(0, len(frames), 4)]
        self.sm = rp2.StateMachine(0, _ws2812, freq=8_000_000, sideset_base=machine.Pin(cfg.LED))
        self.sm.active(1)
        self.dma = rp2.DMA()
        self.dma_frame = bytearray(3 * cfg.LEDS)  # DMA reads this while the next frame renders
        self.dma_ctrl = self.dma.pack_ctrl(size=0, inc_write=False, treq_sel=_DREQ_PIO0_TX0)
        self.leds_free_at = time.ticks_us()
        poll_in = select.poll()
        poll_in.register(sys.stdin, select.POLLIN)
        poll_out = select.poll()
        poll_out.register(sys.stdout, select.POLLOUT)
        self.serial = StdioSerial(sys.stdin.buffer, sys.stdout.buffer, poll_in, poll_out)
        chip = "RP2350" if "RP2350" in sys.implementation._machine else "RP2040"
        self.watchdog_ctrl = _WATCHDOG_BASE[chip]
        self.wdt = machine.WDT(timeout=cfg.WATCHDOG_MS)

    def ticks_ms(self):
        return time.ticks_ms()

    def read_sensors(self, buf):
        self.load.value(0)  # SH/LD low: every register latches its eight sensors
        self.load.value(1)
        self.spi.readinto(buf)

    def pause(self, ms):
        # Spent running rather than asleep: on the emulated Pico a sleeping chip's
        # clock runs ahead of the board's model, which answers the setup in the
        # host's time, and the first reading would be taken before it.
        until = time.ticks_add(time.ticks_ms(), ms)
        while time.ticks_diff(until, time.ticks_ms()) > 0:
            pass

    def setup_sensors(self, group, frames):
        # The registers' clock runs too, but SH/LD is high: they only shift, and
        # the next scan loads them afresh. The frames are the config's, viewed once.
        cs = self.sensor_cs[group]
        spi = self.spi
        for one in self.setup_views[frames]:
            cs.value(0)
            spi.write(one)
            cs.value(1)

    def write_leds(self, frame):
        now = time.ticks_us()
        if self.dma.active() or time.ticks_diff(self.leds_free_at, now) > 0:
            return False
        # The frame is copied, so the next one renders while DMA sends this one.
        self.dma_frame[:] = frame
        self.dma.config(read=self.dma_frame, write=self.sm, count=len(self.dma_frame),
                        ctrl=self.dma_ctrl, trigger=True)
        self.leds_free_at = time.ticks_add(now, busy_us(len(self.dma_frame)))
        return True

    def read_serial(self, buf):
        return self.serial.read(buf)

    def write_serial(self, data):
        return self.serial.write(data)

    def serial_writable(self):
        return self.serial.writable()

    def unique_id(self):
        return "".join("%02x" % b for b in machine.unique_id())

    def feed_watchdog(self):
        self.wdt.feed()

    def keyboard_interrupt(self, enabled):
        micropython.kbd_intr(3 if enabled else -1)

    def stop(self):
        # machine.WDT cannot be stopped, but the REPL must not be reset under a
        # person flashing the board: clear the watchdog's enable bit directly.
        ctrl = self.watchdog_ctrl
        machine.mem32[ctrl] = machine.mem32[ctrl] & ~_WDT_CTRL_ENABLE
        dark = bytearray(len(self.dma_frame))
        while not self.write_leds(dark):
            pass
        micropython.kbd_intr(3)
