# Light state rendered on the Pico: effects, gamma, brightness and the current cap.

from marblefw.lights import BLINK, FAST, PULSE, SOLID, Lights

RED = b"\xff\x00\x00"


def grb(lights, led):
    f = lights.frame
    return (f[3 * led + 1], f[3 * led], f[3 * led + 2])  # back to R, G, B


def test_a_solid_colour_is_written_as_grb():
    lights = Lights(4, 60, 10_000)
    lights.set_state([RED, b"\x00\xff\x00"], bytes([1, 2, 0, 0]), [])
    assert lights.render(0)
    assert grb(lights, 0) == (255, 0, 0)
    assert grb(lights, 1) == (0, 255, 0)
    assert grb(lights, 2) == (0, 0, 0)


def test_gamma_dims_the_middle_of_the_range():
    lights = Lights(1, 60, 10_000)
    lights.set_state([b"\x80\x80\x80"], bytes([1]), [])
    lights.render(0)
    r, _, _ = grb(lights, 0)
    assert 40 < r < 70  # (128/255)^2.2 * 255 is about 56


def test_a_static_state_is_rendered_once():
    lights = Lights(2, 60, 10_000)
    lights.set_state([RED], bytes([1, 1]), [])
    assert lights.render(0)
    assert not lights.render(20)


def test_blink_turns_on_and_off():
    lights = Lights(1, 60, 10_000)
    lights.set_state([RED], bytes([(BLINK << 4) | 1]), [])
    lights.render(0)
    on = grb(lights, 0)
    lights.render(600)
    off = grb(lights, 0)
    assert on == (255, 0, 0) and off == (0, 0, 0)
    assert lights.render(1100)  # animated states render every frame


def test_fast_blink_is_faster_than_blink():
    lights = Lights(1, 60, 10_000)
    lights.set_state([RED], bytes([(FAST << 4) | 1]), [])
    seen = set()
    for t in range(0, 500, 50):
        lights.render(t)
        seen.add(grb(lights, 0))
    assert seen == {(255, 0, 0), (0, 0, 0)}


def test_pulse_breathes_between_dim_and_bright():
    lights = Lights(1, 60, 10_000)
    lights.set_state([RED], bytes([(PULSE << 4) | 1]), [])
    levels = []
    for t in range(0, 1600, 100):
        lights.render(t)
        levels.append(grb(lights, 0)[0])
    assert min(levels) < 20 and max(levels) > 200


def test_brightness_scales_everything():
    lights = Lights(1, 60, 10_000)
    lights.set_state([RED], bytes([1]), [])
    lights.set_brightness(0)
    lights.render(0)
    assert grb(lights, 0) == (0, 0, 0)


def test_an_all_white_frame_stays_inside_the_current_budget():
    leds, budget = 109, 3228
    lights = Lights(leds, 60, budget)
    lights.set_state([b"\xff\xff\xff"], bytes([(SOLID << 4) | 1] * leds), [])
    lights.render(0)
    assert lights.estimate_ma(60) <= budget
    assert lights.estimate_ma(60) > 0.9 * budget  # scaled down, not switched off
    assert lights.limited == 1


def test_a_chase_moves_its_head_along_the_path():
    lights = Lights(10, 60, 10_000)
    lights.set_state([RED], bytes(10), [(1, 100, [2, 3, 4, 5])])
    lights.render(0)
    first = [grb(lights, i)[0] for i in (2, 3, 4, 5)]
    lights.render(100)
    second = [grb(lights, i)[0] for i in (2, 3, 4, 5)]
    assert first.index(max(first)) == 0 and second.index(max(second)) == 1
    assert min(first) > 0  # the whole path glows faintly
    assert grb(lights, 0) == (0, 0, 0)
