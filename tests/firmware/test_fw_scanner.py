# Per-hole deferred debounce: a change counts once it has held for debounce_ms.

from fwfakes import allocated
from marblefw.scanner import Scanner
from marblefw.ticks import TICKS_PERIOD


def make(sensors=24, debounce=50):
    s = Scanner(sensors, debounce, active_low=True)
    s.raw[:] = b"\xff" * s.nbytes
    s.prime(0)
    return s


def set_bit(s, sensor, present):
    mask = 0x80 >> (sensor & 7)
    if present:
        s.raw[sensor >> 3] &= ~mask & 0xFF
    else:
        s.raw[sensor >> 3] |= mask


def run(s, start, stop, step=1):
    out = []
    for t in range(start, stop, step):
        s.scan(t % TICKS_PERIOD, out)
    return out


def test_a_placed_marble_gives_exactly_one_event_after_the_debounce():
    s = make()
    set_bit(s, 9, True)
    assert run(s, 100, 149) == []
    events = run(s, 149, 400)
    assert events == [(1, 100, 9, True)]
    assert s.occupied(9)


def test_a_lifted_marble_gives_one_event():
    s = make()
    set_bit(s, 3, True)
    run(s, 0, 100)
    set_bit(s, 3, False)
    assert run(s, 100, 300) == [(2, 100, 3, False)]


def test_contact_bounce_restarts_the_timer_and_gives_one_event():
    s = make()
    out = []
    for t, present in ((10, True), (12, False), (13, True), (16, False), (18, True)):
        set_bit(s, 5, present)
        s.scan(t, out)
    out += run(s, 19, 200)
    assert out == [(1, 18, 5, True)]


def test_a_marble_passing_over_a_hole_gives_nothing():
    s = make()
    out = []
    set_bit(s, 7, True)
    s.scan(10, out)
    set_bit(s, 7, False)
    s.scan(40, out)  # covered for 30 ms, less than the debounce
    out += run(s, 41, 300)
    assert out == []
    assert not s.occupied(7)


def test_a_slide_over_five_holes_reports_only_where_it_stopped():
    s = make()
    set_bit(s, 0, True)
    run(s, 0, 100)
    out = []
    set_bit(s, 0, False)
    t = 100
    for hole in (1, 2, 3, 4, 5):
        set_bit(s, hole, True)
        out += run(s, t, t + 20)
        set_bit(s, hole, False)
        t += 20
    set_bit(s, 6, True)
    out += run(s, t, t + 200)
    assert [(e[2], e[3]) for e in out] == [(0, False), (6, True)]


def test_two_holes_changing_together_give_two_events():
    s = make()
    set_bit(s, 0, True)
    set_bit(s, 23, True)
    events = run(s, 0, 100)
    assert sorted((e[2], e[3]) for e in events) == [(0, True), (23, True)]
    assert [e[0] for e in events] == [1, 2]


def test_debounce_works_across_the_tick_wrap():
    s = make()
    start = TICKS_PERIOD - 20
    set_bit(s, 4, True)
    events = run(s, start, start + 100)
    assert [(e[2], e[3]) for e in events] == [(4, True)]
    assert events[0][1] == start


def test_occupancy_bytes_have_one_bit_per_marble():
    s = make(sensors=16)
    set_bit(s, 0, True)
    set_bit(s, 9, True)
    run(s, 0, 100)
    assert s.occupancy() == bytes([0x80, 0x40])


def test_a_quiet_pass_changes_nothing():
    s = make()
    before = bytes(s.stable)
    out = []
    s.scan(5, out)
    assert out == [] and bytes(s.stable) == before and s.pending == {}


def test_a_hole_that_never_settles_is_reported_once_as_unsteady():
    s = make()
    out = []
    for t in range(0, 1500, 10):
        set_bit(s, 12, t % 20 == 0)
        s.scan(t, out)
    assert out == []  # never held long enough to be a change
    assert len(s.unsteady) == 1
    sensor, changes, since = s.unsteady[0]
    assert (sensor, since) == (12, 0) and 95 <= changes <= 105
    assert s.flickers == 1
    s.unsteady.clear()
    out += run(s, 1500, 1600)  # it settles where it began: no change, no second report
    assert out == [] and s.unsteady == [] and s.pending == {}


def test_contact_bounce_is_not_unsteady():
    s = make()
    out = []
    for t, present in ((10, True), (12, False), (13, True), (16, False), (18, True)):
        set_bit(s, 5, present)
        s.scan(t, out)
    out += run(s, 19, 2000)
    assert s.unsteady == [] and s.flickers == 0


def test_every_hole_changing_at_once_gives_one_event_each():
    # 104 sensors: 13 bytes, so the last block the scanner compares is short.
    s = make(sensors=104)
    for sensor in range(104):
        set_bit(s, sensor, True)
    out = run(s, 1, 60)
    assert sorted(e[2] for e in out) == list(range(104))
    assert all(e[3] for e in out) and all(e[1] == 1 for e in out)
    for sensor in range(0, 104, 3):
        set_bit(s, sensor, False)
    out = run(s, 100, 160)
    assert [e[2] for e in sorted(out, key=lambda e: e[2])] == list(range(0, 104, 3))
    assert s.occupied(1) and not s.occupied(0) and not s.occupied(102)


def test_a_flickering_hole_and_a_waiting_one_allocate_nothing():
    # Measured under MicroPython: a collection there stops the loop for a millisecond.
    s = make(sensors=256)
    clock = [0]
    out = []

    def flicker():
        clock[0] += 1
        s.raw[17] ^= 0x10
        s.scan(clock[0], out)

    assert allocated(flicker, 500) == 0
    set_bit(s, 200, True)
    s.scan(clock[0] + 1, out)

    def wait():
        s.scan(clock[0] + 2, out)  # the placed marble waits out its debounce

    assert allocated(wait, 500) == 0
