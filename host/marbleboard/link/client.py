"""BoardLink: the host's asyncio client for a Pico over USB serial.

It opens the port (by path, or the one Pico on USB), shakes hands, pings, and
when the Pico goes quiet, vanishes or restarts it reconnects with backoff and
resynchronises: a fresh snapshot, with every hole that changed meanwhile
reported, then the whole light state sent again. Subscribers get typed events.

    link = BoardLink("/dev/ttyACM0", board_id=board.id)
    await link.connect()
    events = link.subscribe()
    await link.show(lights)
    event = await events.get()

What crosses the line is confirmed both ways (docs/protocol.md): every answer
from the Pico carries the number of its last change, so a lost change, even the
last one, shows at the next heartbeat and a snapshot repairs it; light states
are numbered, the Pico answers with the number it holds, and the newest state
is sent again until that number comes back. Nothing here waits on a light
state: the reader and the events never stop for one.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
from dataclasses import dataclass
from typing import Any

import serial
from marblefw.protocol import (
    PROTOCOL,
    BodyError,
    FrameError,
    LineReader,
    decode,
    encode,
    from_b64,
    to_int,
)

from .. import __version__
from .events import (
    Connected,
    Disconnected,
    Hello,
    HoleChanged,
    LinkEvent,
    SensorCheck,
    SensorUnsteady,
)
from .lights import LightState
from .ports import NoPicoFound, choose_port
from .reset import PicoReset

Reply = tuple[str, dict[str, str]]
LIGHTS_RETRY_S = 0.1  # no confirmation this long after a light state went: send it again
MAX_REFUSALS = 3  # times a light state is sent after the Pico refused it
MAX_BACKLOG = 64 * 1024  # bytes written but not yet taken by the Pico before it counts as hung
# A sensor check takes three of the sensors' settling times (some 60 ms) after the
# one under way, if any: this leaves the line and the loop room to spare.
CHECK_TIMEOUT_S = 2.0


class LinkError(RuntimeError):
    pass


class ProtocolMismatch(LinkError):
    """The Pico's firmware speaks another protocol version: it needs updating."""


@dataclass(frozen=True)
class Snapshot:
    occupied: frozenset[int]
    seq: int


class BoardLink:
    def __init__(self, port: str | None = None, *, board_id: str | None = None,
                 hello_timeout: float = 1.0, hello_tries: int = 3, ping_interval: float = 0.5,
                 silence_timeout: float = 2.0, backoff: tuple[float, float] = (0.1, 5.0),
                 hard_reset: PicoReset | None = None, reset_after: int = 3):
        self.port = port
        self.board_id = board_id
        self.hello_timeout = hello_timeout
        self.hello_tries = hello_tries
        self.ping_interval = ping_interval
        self.silence_timeout = silence_timeout
        self.backoff = backoff
        self.hard_reset = hard_reset
        self.reset_after = reset_after
        self.hello: Hello | None = None
        self.occupied: set[int] = set()
        # The last sensor check the Pico reported (it checks at boot and when asked).
        self.sensor_check: SensorCheck | None = None
        self.connected = False
        self.failure: LinkError | None = None
        # counters, for monitors and benchmarks
        self.rx_bytes = self.tx_bytes = self.rx_frames = self.rx_bad = 0
        self.connects = 0
        self.hard_resets = 0
        self.resnaps = 0  # snapshots asked for after a lost change or a bad frame
        # Light states are numbered from 1; the Pico answers with the number it holds.
        self.lights_number = 0  # the newest state's
        self.lights_confirmed = 0  # the newest the Pico has confirmed on this connection
        self.lights_resent = 0
        self.lights_refused = 0
        self._serial: serial.Serial | None = None
        self._reader = LineReader()
        self._out = bytearray()  # written while the line had no room, in order
        self._waiters: dict[str, asyncio.Future[Reply]] = {}
        self._subscribers: list[asyncio.Queue[LinkEvent]] = []
        self._ids = itertools.count(1)
        self._seq: int | None = None
        self._peer: Hello | None = None  # the Pico's HELLO, as soon as it is read
        self._has_view = False  # a snapshot has been applied: later ones report changes
        self._last_rx = 0.0
        self._lights: LightState | None = None
        self._lights_fields: list[tuple[str, str]] = []  # the newest state as sent
        self._lights_written = 0  # the number of the newest state written on this connection
        self._lights_frames: dict[int, int] = {}  # LIGHTS frame id -> its state's number
        self._refusals = 0  # times the Pico refused the newest state
        self._ping_lights: dict[int, int] = {}  # ping n -> state number written before it
        self._lights_waiters: list[tuple[int, asyncio.Future[None]]] = []
        self._check_waiters: dict[int, asyncio.Future[SensorCheck]] = {}
        self._lights_timer: asyncio.TimerHandle | None = None
        self._lights_retry = LIGHTS_RETRY_S  # doubles while no confirmation comes
        self._brightness: int | None = None
        self._lost_event = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._resnap: asyncio.Task[None] | None = None
        self._closing = False

    # --- public ------------------------------------------------------------------

    def subscribe(self) -> asyncio.Queue[LinkEvent]:
        queue: asyncio.Queue[LinkEvent] = asyncio.Queue()
        self._subscribers.append(queue)
        return queue

    async def connect(self) -> Hello:
        """Connect once (raising what went wrong), then keep the link up."""
        await self._connect(resync=False)
        self._task = asyncio.create_task(self._supervise(), name="board-link")
        assert self.hello is not None
        return self.hello

    async def close(self) -> None:
        self._closing = True
        for task in (self._task, self._resnap):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self.connected:
            with contextlib.suppress(LinkError, asyncio.TimeoutError):
                await self._request("BYE", [], "BYE", 0.5)
        self._drop("closed")

    async def show(self, lights: LightState, wait: float = 0.0) -> bool:
        """Make this the light state: it is numbered and sent now, sent again at each
        heartbeat until the Pico confirms it (or a newer one), and after every
        reconnect. Returns at once unless ``wait`` gives seconds to wait for the
        confirmation; True once the Pico holds this state."""
        self.lights_number += 1
        number = self.lights_number
        self._refusals = 0
        self._lights_retry = LIGHTS_RETRY_S
        self._lights = lights
        self._lights_fields = lights.fields()  # as it is now, whatever the caller does next
        if self.connected:
            with contextlib.suppress(LinkError):  # the reconnect sends it
                self._send_lights()
        if wait > 0 and self.lights_confirmed < number:
            fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            entry = (number, fut)
            self._lights_waiters.append(entry)
            try:
                async with asyncio.timeout(wait):
                    await fut
            except TimeoutError:
                pass
            finally:
                if entry in self._lights_waiters:
                    self._lights_waiters.remove(entry)
        return self.lights_confirmed >= number

    async def brightness(self, level: int) -> bool:
        self._brightness = level
        if not self.connected:
            return False
        return await self._command("BRIGHT", [("level", level)])

    async def selftest(self, mode: str) -> bool:
        return await self._command("SELFTEST", [("mode", mode)])

    async def check_sensors(self, timeout: float = CHECK_TIMEOUT_S) -> SensorCheck:
        """Have the Pico check every sensor set up over SPI, and return what it found.
        The holes keep their readings meanwhile (docs/protocol.md)."""
        ref = next(self._ids)
        key = f"id:{ref}"
        loop = asyncio.get_running_loop()
        answered: asyncio.Future[Reply] = loop.create_future()
        self._waiters[key] = answered
        number: int | None = None
        try:
            async with asyncio.timeout(timeout):
                self._write(encode("CHECK", [("id", ref)]))
                kind, reply = await answered
                if kind == "ERR":
                    why = reply.get("why", "?")
                    if why == "unknown":
                        raise LinkError("the Pico's firmware cannot check its sensors: "
                                        "update it with `make flash`")
                    raise LinkError(f"the Pico refused the sensor check: {why}")
                number = to_int(reply, "n")
                done = self.sensor_check
                if done is not None and done.number == number:
                    return done
                result: asyncio.Future[SensorCheck] = loop.create_future()
                self._check_waiters[number] = result
                return await result
        except TimeoutError:
            raise LinkError(f"the Pico did not finish a sensor check within {timeout:g} s"
                            ) from None
        finally:
            self._waiters.pop(key, None)
            if number is not None:
                self._check_waiters.pop(number, None)

    async def stats(self) -> dict[str, str]:
        _kind, fields = await self._request("STATS", [], "STATS", 1.0)
        return fields

    async def ping(self) -> float:
        """Round trip time in seconds."""
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        n = next(self._ids)
        await self._request("PING", [("n", n)], "PONG", 1.0)
        return loop.time() - t0

    # --- connecting ------------------------------------------------------------------

    async def _connect(self, resync: bool) -> None:
        try:
            port = choose_port(self.port)
            self._open(port)
        except (NoPicoFound, OSError, serial.SerialException) as e:
            raise LinkError(str(e)) from e
        self._has_view = resync and self._has_view
        try:
            hello = await self._handshake(port)
        except BaseException:
            self._drop("handshake failed", announce=False)
            raise
        self.hello = hello
        self.connected = True
        self.connects += 1
        self._lost_event.clear()
        self._emit(Connected(hello, frozenset(self.occupied)))
        if self._brightness is not None:
            await self.brightness(self._brightness)
        if self._lights is not None and self.connected:
            with contextlib.suppress(LinkError):
                self._send_lights()

    def _open(self, port: str) -> None:
        ser = serial.Serial(port, 115200, timeout=0, write_timeout=0, exclusive=True)
        self._serial = ser
        self._reader = LineReader()
        self._out = bytearray()
        self._peer = None
        # A new connection: what the Pico holds is known again only from its answers.
        self.lights_confirmed = self._lights_written = self._refusals = 0
        self._lights_retry = LIGHTS_RETRY_S
        self._lights_frames.clear()
        self._ping_lights.clear()
        asyncio.get_running_loop().add_reader(ser.fileno(), self._readable)

    async def _handshake(self, port: str) -> Hello:
        loop = asyncio.get_running_loop()
        for _ in range(self.hello_tries):
            # The snapshot follows the HELLO answer, maybe in the same read: wait
            # for it from before the HELLO goes out. _line applies it.
            snap_waiter: asyncio.Future[Reply] = loop.create_future()
            self._waiters["SNAP"] = snap_waiter
            try:
                try:
                    _kind, fields = await self._request(
                        "HELLO", [("proto", PROTOCOL), ("host", f"marbleboard/{__version__}")],
                        "HELLO", self.hello_timeout)
                except TimeoutError:
                    continue
                hello = _hello(fields)
                if hello.proto != PROTOCOL:
                    raise ProtocolMismatch(
                        f"the Pico on {port} runs firmware {hello.fw} speaking protocol "
                        f"{hello.proto}, and this host speaks protocol {PROTOCOL}: update the "
                        f"firmware with `make flash` (or the host, if the firmware is newer)")
                if self.board_id and hello.board != self.board_id:
                    raise LinkError(f"the Pico on {port} is set up for board {hello.board!r}, "
                                    f"not {self.board_id!r}: flash it with `make flash "
                                    f"BOARD={self.board_id}`")
                try:
                    async with asyncio.timeout(self.hello_timeout):
                        await snap_waiter
                except TimeoutError:
                    continue
                return hello
            finally:
                if self._waiters.get("SNAP") is snap_waiter:
                    del self._waiters["SNAP"]
                # Nobody will look at it again: a pending future must not be left to
                # fail unseen when the link drops.
                snap_waiter.cancel()
        raise LinkError(f"no answer from a marbleboard Pico on {port} after "
                        f"{self.hello_tries} tries")

    async def _supervise(self) -> None:
        low, high = self.backoff
        delay = low
        failures = 0
        loop = asyncio.get_running_loop()
        while not self._closing:
            if not self.connected:
                try:
                    await self._connect(resync=True)
                except ProtocolMismatch as e:
                    self.failure = e
                    self._emit(Disconnected(str(e)))
                    return
                except (LinkError, FrameError):
                    failures += 1
                    if self.hard_reset is not None and failures % self.reset_after == 0:
                        self.hard_resets += 1
                        self.hard_reset.reset()
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, high)
                    continue
                delay = low
                failures = 0
            with contextlib.suppress(asyncio.TimeoutError):
                async with asyncio.timeout(self.ping_interval):
                    await self._lost_event.wait()
            if not self.connected:
                continue
            if loop.time() - self._last_rx > self.silence_timeout:
                self._drop("the Pico went silent")
                continue
            n = next(self._ids)
            self._ping_lights[n] = self._lights_written
            while len(self._ping_lights) > 8:  # answers that never came
                del self._ping_lights[next(iter(self._ping_lights))]
            with contextlib.suppress(LinkError):
                self._write(encode("PING", [("n", n)]))

    def _drop(self, reason: str, announce: bool = True) -> None:
        was_connected = self.connected
        self.connected = False
        ser, self._serial = self._serial, None
        if ser is not None:
            loop = asyncio.get_running_loop()
            # A port unplugged under us: its descriptor may be gone already.
            with contextlib.suppress(OSError, ValueError):
                loop.remove_reader(ser.fileno())
            with contextlib.suppress(OSError, ValueError):
                loop.remove_writer(ser.fileno())
            with contextlib.suppress(OSError):  # pyserial's SerialException is one
                ser.close()
        self._out = bytearray()
        if self._lights_timer is not None:
            self._lights_timer.cancel()
        waiting: list[asyncio.Future[Any]] = [*self._waiters.values(),
                                              *self._check_waiters.values()]
        for fut in waiting:
            if not fut.done():
                fut.set_exception(LinkError(f"link lost: {reason}"))
                # Its waiter may already have given up; nobody else will read it.
                fut.exception()
        self._waiters.clear()
        self._check_waiters.clear()
        self._lost_event.set()
        if announce and was_connected:
            self._emit(Disconnected(reason))

    # --- reading ---------------------------------------------------------------------

    def _readable(self) -> None:
        ser = self._serial
        if ser is None:
            return
        try:
            data = os.read(ser.fileno(), 4096)
        except BlockingIOError:
            return
        except OSError as e:
            self._drop(f"the port failed: {e.strerror}")
            return
        if not data:
            self._drop("the port closed")
            return
        self.rx_bytes += len(data)
        for line in self._reader.feed(data):
            self._line(line)
            if self._serial is not ser:
                return  # the line ended this connection; the rest was read from it

    def _line(self, line: bytes) -> None:
        try:
            kind, fields = decode(line)
            self.rx_frames += 1
            self._last_rx = asyncio.get_running_loop().time()
            self._message(kind, fields)
        except BodyError:
            # A good checksum on a bad body: the frame is dropped, and whatever it
            # carried is asked for again as a whole.
            self.rx_bad += 1
            self._request_resync()
        except FrameError:
            self.rx_bad += 1

    def _message(self, kind: str, fields: dict[str, str]) -> None:
        if kind == "CHG":
            self._change(fields)
            return
        if kind == "SNAP":
            self._apply_snapshot(self._snapshot(fields))
            self._resolve("SNAP", kind, fields)
            return
        if kind == "FLICKER":
            self._emit(SensorUnsteady(to_int(fields, "s"), to_int(fields, "n"),
                                      to_int(fields, "t")))
            return
        if kind == "CHECK":
            self._sensor_check(fields)
            return
        if kind == "HELLO":
            self._peer = _hello(fields)
        if kind == "ERR" and fields.get("why") == "hello-first":
            # The Pico restarted and lost our session: connect again from the top.
            self._drop("the Pico restarted")
            return
        if "seq" in fields and self._seq is not None and to_int(fields, "seq") != self._seq:
            self._request_resync()  # a change never arrived, perhaps the last one
        if kind == "PONG":
            self._pong(fields)
        ref = fields.get("id")
        if kind in ("OK", "ERR") and ref is not None:
            self._lights_answer(kind, fields, ref)
            self._resolve(f"id:{ref}", kind, fields)
            return
        self._resolve(kind, kind, fields)

    def _resolve(self, key: str, kind: str, fields: dict[str, str]) -> None:
        fut = self._waiters.get(key)
        if fut is not None and not fut.done():
            fut.set_result((kind, fields))

    def _change(self, fields: dict[str, str]) -> None:
        seq, t, sensor, on = (to_int(fields, k) for k in ("seq", "t", "s", "on"))
        sensors = self._peer.sensors if self._peer else None
        if on not in (0, 1) or sensor < 0 or (sensors is not None and sensor >= sensors):
            raise BodyError("bad change")
        if self._seq is not None and seq <= self._seq:
            return  # already known
        if self._seq is not None and seq != self._seq + 1:
            self._request_resync()  # a change went missing on the way
        self._seq = seq
        occupied = bool(on)
        if (sensor in self.occupied) == occupied:
            return
        if occupied:
            self.occupied.add(sensor)
        else:
            self.occupied.discard(sensor)
        self._emit(HoleChanged(sensor, occupied, seq, t))

    def _snapshot(self, fields: dict[str, str]) -> Snapshot:
        return Snapshot(self._sensor_set(fields, "occ"), to_int(fields, "seq"))

    def _sensor_set(self, fields: dict[str, str], key: str) -> frozenset[int]:
        """Sensors from a field of one bit each in chain order, as a snapshot's occ."""
        if key not in fields:
            raise BodyError(f"missing {key}")
        bits = from_b64(fields[key])
        if self._peer is not None and len(bits) != (self._peer.sensors + 7) // 8:
            raise BodyError(f"{key} does not fit the sensor chain")
        return frozenset(s for s in range(len(bits) * 8) if bits[s >> 3] & (0x80 >> (s & 7)))

    def _sensor_check(self, fields: dict[str, str]) -> None:
        check = SensorCheck(to_int(fields, "n"), to_int(fields, "t"),
                            self._sensor_set(fields, "checked"), self._sensor_set(fields, "dead"),
                            self._sensor_set(fields, "stuck"))
        last = self.sensor_check
        self.sensor_check = check
        # Told when the faults change, so a board that passes every check (and the
        # same result sent again after a reconnect) says nothing.
        before = (last.dead, last.stuck) if last else (frozenset(), frozenset())
        if before != (check.dead, check.stuck):
            self._emit(check)
        fut = self._check_waiters.pop(check.number, None)
        if fut is not None and not fut.done():
            fut.set_result(check)

    def _apply_snapshot(self, snap: Snapshot) -> None:
        if self._has_view:
            for sensor in sorted(snap.occupied ^ self.occupied):
                self._emit(HoleChanged(sensor, sensor in snap.occupied, 0, None, resync=True))
        self.occupied = set(snap.occupied)
        self._seq = snap.seq
        self._has_view = True

    def _request_resync(self) -> None:
        if self._serial is None:
            return
        if "SNAP" in self._waiters:
            # A snapshot is already awaited and its answer is lost or bad: ask
            # again (once the Pico has answered HELLO, or it would refuse), and
            # the answer goes to whoever waits.
            if self._peer is None:
                return
            self.resnaps += 1
            with contextlib.suppress(LinkError):
                self._write(encode("SNAP"))
            return
        if self.connected and (self._resnap is None or self._resnap.done()):
            self._resnap = asyncio.get_running_loop().create_task(self._resync())

    async def _resync(self) -> None:
        self.resnaps += 1
        # _line applies the snapshot as it arrives; a lost one is asked for again
        # when the next heartbeat's answer still shows a change missing.
        with contextlib.suppress(LinkError, asyncio.TimeoutError):
            await self._request("SNAP", [], "SNAP", 1.0)

    def _emit(self, event: LinkEvent) -> None:
        for queue in self._subscribers:
            queue.put_nowait(event)

    # --- light states ----------------------------------------------------------------

    def _send_lights(self) -> None:
        number = self.lights_number
        ref = next(self._ids)
        self._lights_frames[ref] = number
        while len(self._lights_frames) > 8:  # answers that never came
            del self._lights_frames[next(iter(self._lights_frames))]
        self._lights_written = number
        self._write(encode("LIGHTS", [("id", ref), ("lit", number), *self._lights_fields]))
        # As Klipper's host does for its commands: a confirmation overdue means the
        # frame was lost, so it goes again, at growing intervals up to a heartbeat
        # (whose answer also says what the Pico holds).
        if self._lights_timer is not None:
            self._lights_timer.cancel()
        self._lights_timer = asyncio.get_running_loop().call_later(
            self._lights_retry, self._lights_overdue, number)
        self._lights_retry = min(self._lights_retry * 2, self.ping_interval)

    def _lights_overdue(self, number: int) -> None:
        self._lights_timer = None
        if (self.connected and number == self.lights_number and self.lights_confirmed < number
                and self._refusals < MAX_REFUSALS):
            self.lights_resent += 1
            with contextlib.suppress(LinkError):
                self._send_lights()

    def _lights_answer(self, kind: str, fields: dict[str, str], ref: str) -> None:
        try:
            number = self._lights_frames.pop(int(ref))
        except (KeyError, ValueError):
            return
        if kind == "ERR":
            self.lights_refused += 1
            if number == self.lights_number:
                self._refusals += 1
        else:
            self._confirm_lights(number)

    def _pong(self, fields: dict[str, str]) -> None:
        written = self._ping_lights.pop(to_int(fields, "n", -1), None)
        if "lit" not in fields:
            return  # an older Pico: only its OK answers confirm a light state
        lit = to_int(fields, "lit")
        self._confirm_lights(lit)
        newest = self.lights_number
        # A state written before this ping would be held by now: it was lost.
        # A refused state goes again in case the line spoilt it, but not for ever:
        # a state this host cannot build right would be refused every time.
        if (written is not None and lit < written and self.lights_confirmed < newest
                and self._refusals < MAX_REFUSALS and self._lights is not None):
            self.lights_resent += 1
            with contextlib.suppress(LinkError):
                self._send_lights()

    def _confirm_lights(self, number: int) -> None:
        if number <= self.lights_confirmed:
            return
        self.lights_confirmed = number
        if number >= self.lights_number and self._lights_timer is not None:
            self._lights_timer.cancel()
            self._lights_timer = None
        for entry in list(self._lights_waiters):
            wanted, fut = entry
            if wanted <= number and not fut.done():
                fut.set_result(None)

    # --- writing ---------------------------------------------------------------------

    def _write(self, data: bytes) -> None:
        """Write without waiting: what the line has no room for goes out as it takes it."""
        ser = self._serial
        if ser is None:
            raise LinkError("not connected")
        fd = ser.fileno()
        if not self._out:
            try:
                n = os.write(fd, data)
            except BlockingIOError:
                n = 0
            except OSError as e:
                self._drop(f"writing failed: {e.strerror}")
                raise LinkError(str(e)) from e
            self.tx_bytes += n
            if n == len(data):
                return
            data = data[n:]
            asyncio.get_running_loop().add_writer(fd, self._writable)
        self._out += data
        if len(self._out) > MAX_BACKLOG:
            self._drop("the Pico stopped reading")
            raise LinkError("the Pico stopped reading")

    def _writable(self) -> None:
        ser = self._serial
        if ser is None or not self._out:
            return
        try:
            n = os.write(ser.fileno(), self._out)
        except BlockingIOError:
            return
        except OSError as e:
            self._drop(f"writing failed: {e.strerror}")
            return
        self.tx_bytes += n
        del self._out[:n]
        if not self._out:
            asyncio.get_running_loop().remove_writer(ser.fileno())

    # Timeouts here are asyncio.timeout, never wait_for: on Python 3.11, wait_for
    # can swallow a cancellation that arrives as its future completes, and the
    # task that called it (the table's event loop) then never stops.
    async def _request(self, kind: str, fields: list[tuple[str, Any]], expect: str,
                       timeout: float) -> Reply:
        fut: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._waiters[expect] = fut
        try:
            self._write(encode(kind, fields))
            async with asyncio.timeout(timeout):
                return await fut
        finally:
            if self._waiters.get(expect) is fut:
                del self._waiters[expect]

    async def _command(self, kind: str, fields: list[tuple[str, Any]]) -> bool:
        ref = next(self._ids)
        key = f"id:{ref}"
        fut: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._waiters[key] = fut
        try:
            self._write(encode(kind, [("id", ref), *fields]))
            async with asyncio.timeout(1.0):
                answer, reply = await fut
        except (TimeoutError, LinkError):
            return False
        finally:
            self._waiters.pop(key, None)
        if answer == "ERR":
            raise LinkError(f"the Pico refused the command: {reply.get('why', '?')}")
        return True


def _hello(fields: dict[str, str]) -> Hello:
    def num(key: str) -> int:
        try:
            return int(fields.get(key, "0"))
        except ValueError:
            return 0

    return Hello(proto=num("proto"), fw=fields.get("fw", "?"), uid=fields.get("uid", "?"),
                 board=fields.get("board", "?"), sensors=num("sensors"), leds=num("leds"),
                 frame_ms=num("frame_ms"), debounce_ms=num("debounce_ms"))
