"""Garbage, corruption, unplugging, hangs, host silence and version mismatch."""

import asyncio

import marblefw.app
import pytest
from conftest import drain, next_change, until

from marbleboard.link import BoardLink, Connected, Disconnected, LightState, ProtocolMismatch
from marbleboard.link.reset import FakeReset
from marbleboard.sim import SimulatedPico


async def test_garbage_towards_the_host_is_dropped_and_the_link_carries_on(sim, link, board):
    sim.inject_to_host(b"\x00\xff\xfe garbage \x03\x04\n*12345678\nCHG s=1*00000000\n")
    sim.usb.corrupt_to_host = 1  # the next real frame loses a bit
    sim.physical.place("track.3")
    sim.physical.place("track.60")
    await until(lambda: link.occupied == {board.hole("track.3").sensor,
                                          board.hole("track.60").sensor})
    assert link.rx_bad >= 4
    await link.ping()  # the session answers again (a timeout raises)
    assert link.connects == 1  # never dropped


async def test_garbage_towards_the_pico_is_counted_and_dropped(sim, link):
    sim.inject_to_pico(b"\xde\xad\xbe\xef\n\x03\x03 not a frame\n" + b"z" * 3000 + b"\n")
    sim.usb.corrupt_to_pico = 1
    await asyncio.sleep(0.1)
    stats = await link.stats()
    assert int(stats["rx_bad"]) >= 2 and int(stats["rx_long"]) == 1
    assert not sim.in_repl  # inside a session a 0x03 is just a bad byte
    await link.ping()  # the session answers again (a timeout raises)


async def test_unplug_and_replug_end_with_the_hosts_view_equal_to_the_board(sim, link, board):
    events = link.subscribe()
    sim.physical.place("track.1")
    await next_change(events)
    lights = LightState(board.led_count)
    lights.set(board.hole("track.1").led, (255, 0, 255))
    await link.show(lights)
    sim.unplug()
    await until(lambda: not link.connected)
    # meanwhile, players go on moving marbles
    sim.physical.lift("track.1")
    sim.physical.place("track.9")
    sim.physical.place("start.green.4")
    await asyncio.sleep(0.3)
    sim.replug()
    await until(lambda: link.connected, timeout=5)
    expected = {board.hole(h).sensor for h in ("track.9", "start.green.4")}
    assert link.occupied == sim.physical.occupied() == expected
    seen = await drain(events)
    assert any(isinstance(e, Disconnected) for e in seen)
    assert any(isinstance(e, Connected) for e in seen)
    resynced = {(e.sensor, e.occupied) for e in seen if getattr(e, "resync", False)}
    assert resynced == {(board.hole("track.1").sensor, False), (board.hole("track.9").sensor,
                        True), (board.hole("start.green.4").sensor, True)}
    led = board.hole("track.1").led  # the light state came back with the link
    assert await asyncio.to_thread(sim.physical.wait_frame, lambda leds: leds[led][0] > 200)


async def test_a_hung_pico_is_reset_by_its_watchdog(sim, link):
    boots = sim.boots
    sim.hang()
    await until(lambda: sim.watchdog_resets == 1, timeout=5)
    assert sim.boots == boots + 1
    await until(lambda: link.connected and link.connects == 2, timeout=8)
    await link.ping()  # the session answers again (a timeout raises)


async def test_a_pico_without_watchdog_is_reset_through_its_run_pin(board):
    with SimulatedPico(board, watchdog=False) as sim:
        run_pin = FakeReset(sim.reset)
        link = BoardLink(sim.port, backoff=(0.05, 0.2), silence_timeout=0.6,
                         hello_timeout=0.2, hello_tries=1, hard_reset=run_pin, reset_after=2)
        await link.connect()
        try:
            sim.hang()
            await until(lambda: run_pin.count == 1 and link.connected, timeout=10)
            assert link.hard_resets == 1 and sim.boots == 2
        finally:
            await link.close()


async def test_host_silence_brings_the_waiting_pattern(sim, board):
    link = BoardLink(sim.port)
    await link.connect()
    lights = LightState(board.led_count)
    lights.set(0, (255, 255, 255))
    await link.show(lights)
    await asyncio.to_thread(sim.physical.wait_frame, lambda leds: leds[0][0] > 200)
    link._task.cancel()  # the host stops pinging without saying goodbye
    await asyncio.sleep(2.2)
    # every LED breathing dimly: on at some moment, never bright
    assert await asyncio.to_thread(sim.physical.wait_frame,
                                   lambda leds: all(max(c) > 0 for c in leds), 3)
    for _ in range(20):
        assert max(max(c) for c in sim.physical.leds()) < 0x40
        await asyncio.sleep(0.05)
    assert sim.hardware.kbd_intr  # and Ctrl-C would reach the REPL again
    link._drop("test over")


async def test_ctrl_c_reaches_the_repl_outside_a_session(sim, board):
    link = BoardLink(sim.port)
    await link.connect()
    await link.close()  # says BYE
    await asyncio.sleep(0.05)
    sim.inject_to_pico(b"\r\x03")
    await until(lambda: sim.in_repl, timeout=2)
    assert sim.physical.leds() == [(0, 0, 0)] * board.led_count


async def test_a_protocol_mismatch_is_a_clear_error(sim, monkeypatch):
    monkeypatch.setattr(marblefw.app, "PROTOCOL", 2)  # firmware from the future
    link = BoardLink(sim.port)
    with pytest.raises(ProtocolMismatch, match=r"speaking protocol 2.*this host speaks protocol 1"):
        await link.connect()


async def test_a_pico_set_up_for_another_board_is_refused(sim):
    link = BoardLink(sim.port, board_id="stomple")
    with pytest.raises(Exception, match="set up for board 'wampoo', not 'stomple'"):
        await link.connect()


async def test_a_missing_port_is_a_clear_error(tmp_path):
    link = BoardLink(str(tmp_path / "ttyNOPE"))
    with pytest.raises(Exception, match="ttyNOPE"):
        await link.connect()

