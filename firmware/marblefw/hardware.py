# What the firmware needs from a board, one small method per job.
#
# pico.py is the real board; the simulator on the host provides another. Every
# method is called from the firmware's one loop, never from an interrupt, and
# none of them may wait: the loop feeds the watchdog. pause() alone waits, once,
# before the loop starts.


class Hardware:
    def ticks_ms(self):
        """Milliseconds, wrapping at 2**30 like time.ticks_ms()."""
        raise NotImplementedError

    def read_sensors(self, buf):
        """Fill buf with the sensor chain, first-shifted bit as bit 7 of byte 0."""
        raise NotImplementedError

    def setup_sensors(self, group, frames):
        """Send every sensor of a group (config SENSOR_CS[group]) the same setup:
        4-byte frames, each in its own pulse of the group's shared chip select.
        The frames are one of the config's: the group's SENSOR_SETUP, or the
        check's SENSOR_PROBE or SENSOR_QUIET. 32 clocks a frame at SPI_HZ."""

    def pause(self, ms):
        """Wait ms milliseconds, once, at boot and before the loop (the watchdog
        allows 2 s): the sensors' setup takes effect before the first reading.
        A board whose clock a test drives by hand need not wait."""

    def write_leds(self, frame):
        """Start sending a G, R, B byte frame down the LED chain.

        Return False, sending nothing, while the last frame or the reset gap
        after it is still going out; the loop offers the newest frame again.
        """
        raise NotImplementedError

    def read_serial(self, buf):
        """Read what the host has sent into buf, without waiting; return the count."""
        raise NotImplementedError

    def write_serial(self, data):
        """Write a frame to the host; return how many bytes went (fewer: it gave up)."""
        raise NotImplementedError

    def serial_writable(self):
        """True when the host is taking what is written, so a write will not wait."""
        return True

    def unique_id(self):
        return "0000000000000000"

    def feed_watchdog(self):
        pass

    def keyboard_interrupt(self, enabled):
        """Let Ctrl-C from the host break into the REPL, or not."""

    def stop(self):
        """The firmware is leaving for the REPL: make the board safe to sit idle."""

    def idle(self):
        """Nothing to do this moment: the real board just goes round again."""
