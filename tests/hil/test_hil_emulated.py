"""The firmware as a real Pico runs it: stock MicroPython on an emulated RP2040
(rp2040js under Node), the host over a pty through the same BoardLink.

The emulator runs at about a fifth of real time, so the waits here are longer
than the simulator's."""

import asyncio
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import serial
from conftest import drain, next_change, until
from marblefw.lights import Lights
from marblefw.protocol import parse_lights

from marbleboard.link import BoardLink, LightState
from marbleboard.loopback import free_port
from marbleboard.pico.config import firmware_config
from marbleboard.sim.emulated import EmulatedPico
from marbleboard.sim.local import open_board

pytestmark = pytest.mark.emulated

MPREMOTE = str(Path(sys.executable).with_name("mpremote"))


@pytest.fixture
def emulated(board):
    with EmulatedPico(board) as pico:
        yield pico


@pytest.fixture
async def emu_link(emulated):
    link = BoardLink(emulated.port, board_id="wampoo", hello_timeout=5.0,
                     backoff=(0.1, 0.5))
    await link.connect()
    yield link
    await link.close()


async def test_the_emulated_pico_answers_the_hello_handshake(emulated, board):
    link = BoardLink(emulated.port, board_id="wampoo", hello_timeout=5.0)
    hello = await link.connect()
    try:
        assert hello.board == "wampoo" and hello.proto == 1
        assert (hello.sensors, hello.leds) == (board.sensor_count, board.led_count)
        assert hello.uid == "0" * 16  # the emulator does not read the flash's unique id
        assert link.occupied == set()
        assert emulated.boots == 1 and emulated.watchdog_resets == 0
        await link.ping()
        # Over the SPI bus, under the sensors' chip select: every TMAG5170 set up.
        assert emulated.sensor_frames >= 7 and emulated.physical.sensors_set_up()
    finally:
        await link.close()


async def test_board_emu_starts_an_emulated_pico_and_links_to_it(board):
    # What serve, run and play do with --board emu.
    pico, link = open_board("emu", board)
    try:
        assert isinstance(pico, EmulatedPico) and link.port == pico.port
        hello = await link.connect()
        assert hello.board == board.id
    finally:
        await link.close()
        assert pico is not None
        pico.close()


async def test_a_placed_marble_gives_exactly_one_change(emulated, emu_link, board):
    events = emu_link.subscribe()
    emulated.physical.place("track.17")
    change = await next_change(events, timeout=10.0)
    assert change.sensor == board.hole("track.17").sensor and change.occupied
    assert change.seq == 1 and not change.resync
    assert await drain(events, quiet=1.0) == []
    assert emu_link.occupied == {board.hole("track.17").sensor}


async def test_a_light_state_reaches_the_leds_through_pio_and_dma(emulated, emu_link, board):
    red, blue = board.hole("track.5").led, board.hole("home.blue.1").led
    lights = LightState(board.led_count)
    lights.set(red, (255, 0, 0))
    lights.set(blue, (0, 0, 255))
    assert await emu_link.show(lights, wait=10.0)
    assert await asyncio.to_thread(emulated.physical.wait_frame,
                                   lambda leds: leds[red] == (255, 0, 0), 10.0)
    leds = emulated.physical.leds()
    assert leds[blue] == (0, 0, 255)
    assert sum(1 for rgb in leds if rgb != (0, 0, 0)) == 2
    # Stepped at its clock divider, the PIO takes the 109 LEDs' 327 bytes at 800 kHz.
    assert 3000 <= emulated.led_frame_us <= 3400


async def test_a_reset_from_the_repl_boots_the_firmware_again_from_the_same_flash(emulated):
    # Outside a session Ctrl-C breaks into the REPL (the firmware stops its
    # watchdog first); machine.reset() goes through the watchdog, and the
    # emulator answers it with a fresh chip.
    await until(lambda: emulated.physical.frames > 0, timeout=15.0)  # the firmware runs
    with serial.Serial(emulated.port, timeout=0.1) as port:
        port.write(b"\x03")
        seen = await asyncio.to_thread(read_until, port, b">>> ", 10.0)
        assert b"KeyboardInterrupt" in seen
        port.write(b"import machine; machine.reset()\r")
        await until(lambda: emulated.boots == 2, timeout=10.0)
    assert emulated.watchdog_resets == 1
    link = BoardLink(emulated.port, board_id="wampoo", hello_timeout=5.0)
    await link.connect()
    try:
        await link.ping()
    finally:
        await link.close()


def read_until(port, marker, timeout):
    seen = b""
    deadline = time.monotonic() + timeout
    while marker not in seen and time.monotonic() < deadline:
        seen += port.read(256)
    return seen


def expected_leds(board, lights: LightState, brightness: int = 255):
    """What the LED chain should show for this light state: the firmware's own
    rendering (gamma, brightness, the current cap) run on CPython, in R, G, B."""
    cfg = firmware_config(board)
    model = Lights(cfg["LEDS"], cfg["LED_MA_MAX"], cfg["LED_BUDGET_MA"])
    model.set_state(*parse_lights(dict(lights.fields())))
    model.set_brightness(brightness)
    model.render(0)
    f = model.frame
    return [(f[i + 1], f[i], f[i + 2]) for i in range(0, len(f), 3)], model.limited


async def test_the_leds_show_the_light_state_after_gamma_brightness_and_the_current_cap(
        emulated, emu_link, board):
    lights = LightState(board.led_count)
    colours = [(255, 255, 255), (255, 255, 255), (200, 120, 40), (30, 180, 250)]
    for led in range(board.led_count):
        lights.set(led, colours[led % len(colours)])
    want, capped = expected_leds(board, lights, brightness=230)
    assert capped  # the frame is over the budget: the cap is part of what is compared
    await emu_link.brightness(230)
    assert await emu_link.show(lights, wait=10.0)
    assert await asyncio.to_thread(emulated.physical.wait_frame, lambda leds: leds == want, 10.0)


async def test_host_silence_brings_the_waiting_pattern(emulated, board):
    link = BoardLink(emulated.port, hello_timeout=5.0)
    await link.connect()
    lights = LightState(board.led_count)
    lights.set(0, (255, 255, 255))
    await link.show(lights, wait=10.0)
    assert await asyncio.to_thread(emulated.physical.wait_frame,
                                   lambda leds: leds[0][0] > 200, 10.0)
    link._task.cancel()  # the host stops pinging without saying goodbye
    # every LED breathing dimly: on at some moment, never bright
    assert await asyncio.to_thread(emulated.physical.wait_frame,
                                   lambda leds: all(max(c) > 0 for c in leds), 20.0)
    for _ in range(20):
        assert max(max(c) for c in emulated.physical.leds()) < 0x40
        await asyncio.sleep(0.05)
    link._drop("test over")


async def test_a_hung_pico_is_reset_by_its_watchdog_and_the_link_resyncs(emulated, emu_link,
                                                                         board):
    events = emu_link.subscribe()
    emulated.hang()
    await until(lambda: emulated.watchdog_resets == 1 and emulated.boots == 2, timeout=20.0)
    await until(lambda: emu_link.connected and emu_link.connects == 2, timeout=20.0)
    await emu_link.ping()  # the session answers again (a timeout raises)
    emulated.physical.place("track.9")
    change = await next_change(events, timeout=10.0)
    assert change.sensor == board.hole("track.9").sensor and change.occupied


async def test_ctrl_c_outside_a_session_reaches_the_repl_and_mpremote_talks_to_it(emulated):
    link = BoardLink(emulated.port, hello_timeout=5.0)
    await link.connect()
    await link.close()  # says BYE: the session is over
    with serial.Serial(emulated.port, timeout=0.1) as port:
        port.write(b"\r\x03")
        seen = await asyncio.to_thread(read_until, port, b">>> ", 10.0)
    assert b">>> " in seen
    assert emulated.physical.leds() == [(0, 0, 0)] * len(emulated.physical.leds())
    # The flashing path as far as the emulator allows: mpremote lists the files
    # make flash copied (a copy itself would fail: flash writes are not emulated).
    run = await asyncio.to_thread(
        subprocess.run, [MPREMOTE, "connect", emulated.port, "exec",
                         "import os; print(sorted(os.listdir()))"],
        capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "'main.py'" in run.stdout and "'config.py'" in run.stdout


async def test_marbleboard_sim_emulated_prints_a_port_a_link_can_use(board):
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "marbleboard", "sim", "--emulated", "--board", "wampoo",
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None
        first = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        assert first.startswith("emulated Pico")
        port = first.rsplit(" on ", 1)[1].strip()
        link = BoardLink(port, board_id="wampoo", hello_timeout=5.0)
        hello = await link.connect()
        await link.close()
        assert (hello.sensors, hello.leds) == (board.sensor_count, board.led_count)
    finally:
        proc.send_signal(signal.SIGINT)  # as Ctrl-C in its terminal
        await asyncio.wait_for(proc.wait(), 15)
    assert not Path(port).parent.exists()  # it cleaned up after itself


async def test_serve_board_emu_plays_a_game_on_the_emulated_pico(tmp_path):
    port = free_port()
    db = tmp_path / "games.db"
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "marbleboard", "serve", "--board", "emu", "--host", "127.0.0.1",
        "--port", str(port), "--db", str(db), "--no-mdns", "--quiet-ms", "400",
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None
        first = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        assert "serving an emulated Pico" in first
        token = db.with_suffix(".table-token").read_text().strip()
        base = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(base_url=base, timeout=10) as http:
            started = await http.post("/api/admin/start", json={
                "token": token, "players": 2, "seats": ["bot:greedy", "bot:random"]})
            assert started.status_code == 200, started.text
            turns = 0
            async with asyncio.timeout(60):
                while turns < 4:  # bots' moves carried out by the hand and read back
                    await asyncio.sleep(0.5)
                    table = (await http.get("/api/table")).json()
                    turns = table.get("turns", 0)
    finally:
        proc.send_signal(signal.SIGINT)
        await asyncio.wait_for(proc.wait(), 20)
