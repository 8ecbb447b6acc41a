"""Light commands from the host show on the simulated LEDs, within the power budget."""

import asyncio

from marbleboard.board.power import budget
from marbleboard.link import LightState
from marbleboard.link.lights import Effect


async def test_a_light_command_shows_on_the_leds(sim, link, board):
    lights = LightState(board.led_count)
    lights.set(board.hole("track.5").led, (255, 0, 0))
    lights.set(board.hole("home.blue.1").led, (0, 0, 255))
    assert await link.show(lights, wait=2.0)
    red = board.hole("track.5").led
    assert await asyncio.to_thread(sim.physical.wait_frame, lambda leds: leds[red][0] > 200)
    leds = sim.physical.leds()
    assert leds[board.hole("home.blue.1").led][2] > 200
    assert sum(map(sum, leds)) == sum(leds[red]) + sum(leds[board.hole("home.blue.1").led])


async def test_a_blinking_light_blinks(sim, link, board):
    lights = LightState(board.led_count)
    led = board.hole("track.0").led
    lights.set(led, (0, 255, 0), Effect.BLINK)
    await link.show(lights)
    seen = set()
    for _ in range(30):
        seen.add(sim.physical.led(led)[1] > 0)
        await asyncio.sleep(0.05)
    assert seen == {True, False}


async def test_an_all_white_frame_stays_inside_the_current_budget(sim, link, board):
    lights = LightState(board.led_count)
    for led in range(board.led_count):
        lights.set(led, (255, 255, 255))
    await link.show(lights)
    await asyncio.to_thread(sim.physical.wait_frame, lambda leds: leds[0][0] > 0)
    drawn_ma = sum(map(sum, sim.physical.leds())) * board.power.led_ma_max / 765
    cap_ma = budget(board).led_budget_a * 1000
    assert 0.9 * cap_ma < drawn_ma <= cap_ma


async def test_brightness_dims_everything(sim, link, board):
    lights = LightState(board.led_count)
    lights.set(3, (255, 255, 255))
    await link.show(lights)
    await asyncio.to_thread(sim.physical.wait_frame, lambda leds: leds[3][0] > 200)
    await link.brightness(40)
    assert await asyncio.to_thread(sim.physical.wait_frame, lambda leds: 0 < leds[3][0] < 30)


async def test_the_self_test_walks_every_led(sim, link, board):
    await link.selftest("walk")
    one_lit = lambda leds: sum(1 for c in leds if any(c)) == 1  # noqa: E731
    assert await asyncio.to_thread(sim.physical.wait_frame, one_lit)
    seen = set()
    async with asyncio.timeout(10):
        while len(seen) < 12:
            lit = [i for i, c in enumerate(sim.physical.leds()) if any(c)]
            assert len(lit) <= 1
            seen.update(lit)
            await asyncio.sleep(0.03)
    assert sorted(seen) == list(range(12))
    await link.selftest("off")


async def test_sensor_echo_lights_a_hole_while_it_holds_a_marble(sim, link, board):
    await link.selftest("echo")
    hole = board.hole("track.33")
    sim.physical.place("track.33")
    assert await asyncio.to_thread(sim.physical.wait_frame, lambda leds: any(leds[hole.led]))
    sim.physical.lift("track.33")
    assert await asyncio.to_thread(sim.physical.wait_frame,
                                   lambda leds: not any(leds[hole.led]))
