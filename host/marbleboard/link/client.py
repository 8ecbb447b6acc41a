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
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
from typing import Any

import serial
from marblefw.protocol import (
    PROTOCOL,
    FrameError,
    LineReader,
    decode,
    encode,
    from_b64,
)

from .. import __version__
from .events import Connected, Disconnected, Hello, HoleChanged, LinkEvent
from .lights import LightState
from .ports import NoPicoFound, choose_port
from .reset import PicoReset


class LinkError(RuntimeError):
    pass


class ProtocolMismatch(LinkError):
    """The Pico's firmware speaks another protocol version: it needs updating."""


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
        self.connected = False
        self.failure: LinkError | None = None
        # counters, for monitors and benchmarks
        self.rx_bytes = self.tx_bytes = self.rx_frames = self.rx_bad = 0
        self.connects = 0
        self.hard_resets = 0
        self._serial: serial.Serial | None = None
        self._reader = LineReader()
        self._waiters: dict[str, asyncio.Future[tuple[str, dict[str, str]]]] = {}
        self._subscribers: list[asyncio.Queue[LinkEvent]] = []
        self._ids = itertools.count(1)
        self._seq: int | None = None
        self._last_rx = 0.0
        self._lights: LightState | None = None
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
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self.connected:
            with contextlib.suppress(LinkError, asyncio.TimeoutError):
                await self._request("BYE", [], "BYE", 0.5)
        self._drop("closed")

    async def show(self, lights: LightState) -> bool:
        """Make this the light state; True once the Pico has it. Kept and sent
        again after every reconnect."""
        self._lights = lights
        if not self.connected:
            return False
        ref = next(self._ids)
        return await self._command_frame(lights.frame(ref), ref)

    async def brightness(self, level: int) -> bool:
        self._brightness = level
        if not self.connected:
            return False
        return await self._command("BRIGHT", [("level", level)])

    async def selftest(self, mode: str) -> bool:
        return await self._command("SELFTEST", [("mode", mode)])

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
        try:
            hello, snap = await self._handshake(port)
        except BaseException:
            self._drop("handshake failed", announce=False)
            raise
        self.hello = hello
        self._apply_snapshot(snap, resync)
        self.connected = True
        self.connects += 1
        self._lost_event.clear()
        self._emit(Connected(hello, frozenset(self.occupied)))
        if self._brightness is not None:
            await self.brightness(self._brightness)
        if self._lights is not None:
            await self.show(self._lights)

    def _open(self, port: str) -> None:
        ser = serial.Serial(port, 115200, timeout=0, write_timeout=1, exclusive=True)
        self._serial = ser
        self._reader = LineReader()
        asyncio.get_running_loop().add_reader(ser.fileno(), self._readable)

    async def _handshake(self, port: str) -> tuple[Hello, dict[str, str]]:
        loop = asyncio.get_running_loop()
        for _ in range(self.hello_tries):
            snap_waiter = loop.create_future()
            self._waiters["SNAP"] = snap_waiter
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
                raise LinkError(f"the Pico on {port} is set up for board {hello.board!r}, not "
                                f"{self.board_id!r}: flash it with `make flash "
                                f"BOARD={self.board_id}`")
            try:
                async with asyncio.timeout(self.hello_timeout):
                    _kind, snap = await snap_waiter
            except TimeoutError:
                continue
            finally:
                self._waiters.pop("SNAP", None)
            return hello, snap
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
                except LinkError:
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
            self._write(encode("PING", [("n", next(self._ids))]))

    def _drop(self, reason: str, announce: bool = True) -> None:
        was_connected = self.connected
        self.connected = False
        ser, self._serial = self._serial, None
        if ser is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(ser.fileno())
            with contextlib.suppress(Exception):
                ser.close()
        for fut in self._waiters.values():
            if not fut.done():
                fut.set_exception(LinkError(f"link lost: {reason}"))
        self._waiters.clear()
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

    def _line(self, line: bytes) -> None:
        try:
            kind, fields = decode(line)
        except FrameError:
            self.rx_bad += 1
            return
        self.rx_frames += 1
        self._last_rx = asyncio.get_running_loop().time()
        if kind == "CHG":
            self._change(fields)
            return
        if kind == "ERR" and fields.get("why") == "hello-first":
            # The Pico restarted and lost our session: connect again from the top.
            self._drop("the Pico restarted")
            return
        key = f"id:{fields['id']}" if kind in ("OK", "ERR") and "id" in fields else kind
        fut = self._waiters.get(key)
        if fut is not None and not fut.done():
            fut.set_result((kind, fields))

    def _change(self, fields: dict[str, str]) -> None:
        try:
            seq, t, sensor, on = (int(fields[k]) for k in ("seq", "t", "s", "on"))
        except (KeyError, ValueError):
            self.rx_bad += 1
            return
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

    def _request_resync(self) -> None:
        if self._resnap is None or self._resnap.done():
            self._resnap = asyncio.get_running_loop().create_task(self._resync())

    async def _resync(self) -> None:
        with contextlib.suppress(LinkError, asyncio.TimeoutError):
            _kind, snap = await self._request("SNAP", [], "SNAP", 1.0)
            self._apply_snapshot(snap, resync=True)

    def _apply_snapshot(self, fields: dict[str, str], resync: bool) -> None:
        occ = from_b64(fields.get("occ", ""))
        now = {s for s in range(len(occ) * 8) if occ[s >> 3] & (0x80 >> (s & 7))}
        if resync:
            for sensor in sorted(now ^ self.occupied):
                self._emit(HoleChanged(sensor, sensor in now, 0, None, resync=True))
        self.occupied = now
        with contextlib.suppress(KeyError, ValueError):
            self._seq = int(fields["seq"])

    def _emit(self, event: LinkEvent) -> None:
        for queue in self._subscribers:
            queue.put_nowait(event)

    # --- writing ---------------------------------------------------------------------

    def _write(self, data: bytes) -> None:
        ser = self._serial
        if ser is None:
            raise LinkError("not connected")
        try:
            ser.write(data)
        except (OSError, serial.SerialException) as e:
            self._drop(f"writing failed: {e}")
            raise LinkError(str(e)) from e
        self.tx_bytes += len(data)

    # Timeouts here are asyncio.timeout, never wait_for: on Python 3.11, wait_for
    # can swallow a cancellation that arrives as its future completes, and the
    # task that called it (the table's event loop) then never stops.
    async def _request(self, kind: str, fields: list[tuple[str, Any]], expect: str,
                       timeout: float) -> tuple[str, dict[str, str]]:
        fut: asyncio.Future[tuple[str, dict[str, str]]] = (
            asyncio.get_running_loop().create_future())
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
        return await self._command_frame(encode(kind, [("id", ref), *fields]), ref)

    async def _command_frame(self, frame: bytes, ref: int) -> bool:
        key = f"id:{ref}"
        fut: asyncio.Future[tuple[str, dict[str, str]]] = (
            asyncio.get_running_loop().create_future())
        self._waiters[key] = fut
        try:
            self._write(frame)
            async with asyncio.timeout(1.0):
                kind, fields = await fut
        except (TimeoutError, LinkError):
            return False
        finally:
            self._waiters.pop(key, None)
        if kind == "ERR":
            raise LinkError(f"the Pico refused the command: {fields.get('why', '?')}")
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
