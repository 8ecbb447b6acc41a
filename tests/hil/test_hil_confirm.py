"""The link confirms what it carries: lost changes, lost light states, frames whose
checksum is good but whose body is not, and a host that stops reading."""

import asyncio
import gc
import threading
import time

from conftest import next_change, until
from marblefw.protocol import encode

from marbleboard.link import BoardLink, LightState, LinkError, SensorUnsteady
from marbleboard.sim.usb import TO_HOST, TO_PICO

HEARTBEATS = 6  # generous: the repair is due at the next heartbeat


def bad_body(**fields):
    """A frame rewritten with these fields, its checksum made good again."""

    def rewrite(frame: bytes) -> bytes:
        kind = frame.split(b" ", 1)[0].decode()
        return encode(kind, list(fields.items()))

    return rewrite


async def test_a_lost_last_change_is_noticed_at_the_next_heartbeat(sim, link, board):
    events = link.subscribe()
    sim.physical.place("track.7")
    await next_change(events)
    sim.usb.drop(TO_HOST, "CHG")
    sim.physical.lift("track.7")  # and nothing more happens on the board
    await until(lambda: link.occupied == sim.physical.occupied() == set(),
                timeout=HEARTBEATS * link.ping_interval)
    change = await next_change(events)
    assert change.sensor == board.hole("track.7").sensor and not change.occupied
    assert change.resync and link.resnaps == 1
    assert link.connects == 1


async def test_a_lost_snapshot_is_asked_for_again(sim, link, board):
    events = link.subscribe()
    sim.usb.drop(TO_HOST, "CHG")
    sim.usb.drop(TO_HOST, "SNAP")  # the answer to the first resnap goes missing too
    sim.physical.place("home.blue.3")
    await until(lambda: link.occupied == sim.physical.occupied() != set(),
                timeout=2 * HEARTBEATS * link.ping_interval)
    assert (await next_change(events)).resync
    assert link.resnaps == 2


async def test_a_corrupted_light_state_is_sent_again_until_the_pico_shows_it(sim, link, board):
    sim.usb.corrupt_frame(TO_PICO, "LIGHTS")
    lights = LightState(board.led_count)
    led = board.hole("track.12").led
    lights.set(led, (0, 255, 0))
    await link.show(lights)
    assert await asyncio.to_thread(sim.physical.wait_frame, lambda leds: leds[led][1] > 200,
                                   HEARTBEATS * link.ping_interval)
    await until(lambda: link.lights_confirmed == link.lights_number, timeout=2)
    assert sim.usb.pending_faults() == 0


async def test_show_never_waits_for_the_pico_and_board_events_flow_meanwhile(sim, link, board):
    sim.usb.drop(TO_PICO, "LIGHTS", count=1000)  # no light state gets through
    events = link.subscribe()
    lights = LightState(board.led_count)
    lights.set(0, (255, 0, 0))
    shown = asyncio.create_task(link.show(lights))
    await asyncio.sleep(0)
    assert shown.done() and shown.result() is False  # back at once, not yet confirmed
    for hole in ("track.1", "track.2", "track.3"):
        sim.physical.place(hole)
        lights.set(board.hole(hole).led, (0, 0, 255))
        await link.show(lights)
    got = {(await next_change(events)).sensor for _ in range(3)}
    assert got == {board.hole(h).sensor for h in ("track.1", "track.2", "track.3")}
    assert link.lights_confirmed < link.lights_number
    await asyncio.sleep(3 * link.ping_interval)
    assert link.connected and link.connects == 1  # the link is fine, only lights are lost


async def test_show_can_wait_for_the_confirmation(sim, link, board):
    lights = LightState(board.led_count)
    lights.set(5, (255, 255, 0))
    assert await link.show(lights, wait=2.0)
    assert link.lights_confirmed == link.lights_number


async def test_a_snapshot_with_a_good_checksum_and_a_bad_body_is_dropped_and_asked_again(
        sim, board):
    sim.physical.setup(["track.2", "home.red.1"])
    await asyncio.sleep(0.1)
    sim.usb.replace(TO_HOST, "SNAP", bad_body(seq=0, t=1, occ="!!!!"))
    link = BoardLink(sim.port, board_id="wampoo")
    await link.connect()
    try:
        assert link.occupied == sim.physical.occupied()
        assert link.rx_bad == 1 and link.connects == 1
    finally:
        await link.close()


async def test_a_snapshot_of_the_wrong_size_is_a_bad_body(sim, link, board):
    sim.usb.drop(TO_HOST, "CHG")
    sim.usb.replace(TO_HOST, "SNAP", bad_body(seq=1, t=1, occ="AAAA"))
    sim.physical.place("track.30")
    await until(lambda: link.occupied == sim.physical.occupied() != set(),
                timeout=2 * HEARTBEATS * link.ping_interval)
    assert link.rx_bad == 1


async def test_a_bad_snapshot_while_reconnecting_does_not_end_the_reconnect_loop(sim, link,
                                                                                  board):
    sim.usb.replace(TO_HOST, "SNAP", bad_body(seq=0, t=1, occ="A"))
    sim.physical.place("start.green.2")
    sim.reset()
    await until(lambda: link.connects == 2 and link.connected, timeout=8)
    assert link.occupied == sim.physical.occupied() == {board.hole("start.green.2").sensor}
    assert not link._task.done()


async def test_a_change_with_a_good_checksum_and_a_bad_body_brings_a_resnap(sim, link, board):
    events = link.subscribe()
    sim.usb.replace(TO_HOST, "CHG", bad_body(seq=1, t=5, s=3))  # no 'on'
    sim.physical.place("track.40")
    change = await next_change(events, timeout=HEARTBEATS * link.ping_interval)
    assert change.sensor == board.hole("track.40").sensor and change.resync
    assert link.rx_bad == 1 and link.connects == 1


async def test_a_good_checksum_on_a_bad_body_towards_the_pico_is_counted_and_resnapped(
        sim, link, board):
    sim.usb.replace(TO_PICO, "LIGHTS", bad_body(id=1, pal="-", leds="A!A="))
    lights = LightState(board.led_count)
    lights.set(3, (255, 0, 0))
    await link.show(lights)
    assert await asyncio.to_thread(sim.physical.wait_frame, lambda leds: leds[3][0] > 200,
                                   HEARTBEATS * link.ping_interval)
    stats = await link.stats()
    assert int(stats["rx_bad"]) == 1
    assert link.connects == 1


async def test_no_exception_is_left_unretrieved_when_a_handshake_fails(sim):
    loop = asyncio.get_running_loop()
    unretrieved = []
    loop.set_exception_handler(lambda _loop, context: unretrieved.append(context["message"]))
    sim.usb.drop(TO_HOST, "HELLO", count=10)
    sim.usb.drop(TO_HOST, "SNAP", count=10)
    link = BoardLink(sim.port, hello_timeout=0.2, hello_tries=2)
    try:
        await link.connect()
    except LinkError:
        pass
    else:
        raise AssertionError("the handshake should have failed")
    del link
    for _ in range(3):
        gc.collect()
        await asyncio.sleep(0)
    loop.set_exception_handler(None)
    assert unretrieved == []


async def test_a_host_that_stops_reading_never_starves_the_watchdog(sim, board):
    link = BoardLink(sim.port, board_id="wampoo", silence_timeout=30)
    await link.connect()
    try:
        sim.usb.host_stalled = True  # the port stays open; nothing is read
        holes = [f"track.{i}" for i in range(50, 56)]
        for hole in holes:  # changes all confirmed in one pass: one write each
            sim.physical.place(hole)
        await asyncio.sleep(3.0)  # longer than the watchdog's 2 s
        assert sim.watchdog_resets == 0 and sim.boots == 1
        sim.usb.host_stalled = False
        await until(lambda: link.occupied == sim.physical.occupied() != set(),
                    timeout=HEARTBEATS * link.ping_interval)
        assert link.connects == 1
        assert int((await link.stats())["tx_dropped"]) >= 1
    finally:
        sim.usb.host_stalled = False
        await link.close()


async def test_a_flickering_sensor_is_reported(sim, link, board):
    events = link.subscribe()
    hole = board.hole("home.yellow.2")
    stop = threading.Event()

    def flicker() -> None:
        on = False
        while not stop.is_set():
            on = not on
            sim.physical.set(hole.id, on)
            time.sleep(0.01)  # much faster than the 50 ms debounce

    thread = threading.Thread(target=flicker, daemon=True)
    thread.start()
    try:
        async with asyncio.timeout(5):
            while True:
                event = await events.get()
                if isinstance(event, SensorUnsteady):
                    break
    finally:
        stop.set()
        thread.join()
    assert event.sensor == hole.sensor and event.changes > 20
    assert int((await link.stats())["flicker"]) == 1
