"""Marbles on the simulated board reach the host as debounced changes, over the pty."""

import asyncio

from conftest import drain, next_change

from marbleboard.link import HoleChanged


async def test_a_placed_marble_gives_exactly_one_change(sim, link, board):
    events = link.subscribe()
    sim.physical.place("track.17")
    change = await next_change(events)
    assert change.sensor == board.hole("track.17").sensor and change.occupied
    assert change.seq == 1 and not change.resync
    assert await drain(events) == []
    assert link.occupied == {board.hole("track.17").sensor}


async def test_a_slide_over_five_holes_reports_only_where_it_stopped(sim, link, board):
    sim.physical.place("track.10")
    events = link.subscribe()
    await next_change(events)
    path = [f"track.{i}" for i in range(10, 17)]  # five holes passed on the way
    await asyncio.to_thread(sim.physical.slide, path, 15)
    changes = [e for e in await drain(events, 0.4) if isinstance(e, HoleChanged)]
    got = [(board.by_sensor[e.sensor].id, e.occupied) for e in changes]
    assert got == [("track.10", False), ("track.16", True)]


async def test_contact_bounce_gives_nothing_extra(sim, link, board):
    events = link.subscribe()
    await asyncio.to_thread(sim.physical.bounce, "home.red.2", True, 6)
    await asyncio.to_thread(sim.physical.bounce, "start.blue.1", True, 3)
    changes = [e for e in await drain(events, 0.4) if isinstance(e, HoleChanged)]
    assert sorted(board.by_sensor[e.sensor].id for e in changes) == ["home.red.2",
                                                                      "start.blue.1"]


async def test_lift_and_place_in_any_order_all_arrive_in_sequence(sim, link, board):
    events = link.subscribe()
    for hole in ("track.1", "track.2", "track.3"):
        sim.physical.place(hole)
    await asyncio.sleep(0.2)
    sim.physical.lift("track.2")
    changes = [e for e in await drain(events, 0.4) if isinstance(e, HoleChanged)]
    assert [e.seq for e in changes] == [1, 2, 3, 4]
    assert link.occupied == {board.hole(h).sensor for h in ("track.1", "track.3")}


async def test_the_snapshot_on_connect_holds_marbles_already_there(board):
    from marbleboard.link import BoardLink
    from marbleboard.sim import SimulatedPico

    with SimulatedPico(board) as sim:
        sim.physical.setup(["start.red.1", "start.red.2", "track.40"])
        await asyncio.sleep(0.1)
        link = BoardLink(sim.port)
        await link.connect()
        try:
            assert link.occupied == {board.hole(h).sensor
                                     for h in ("start.red.1", "start.red.2", "track.40")}
        finally:
            await link.close()
