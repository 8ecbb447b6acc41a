"""No stop jams a shared game: either home's service stopped in the two windows where
a move is in flight, cleanly (as on SIGTERM) or killed (as on kill -9: its store
closed first, so nothing more is written), and started again from its store
alone. The windows are opened by the game's own events, never by a timer:

- the guest stopped once its move is saved and handed to the link, before or
  after the host has taken it;
- the host stopped while it shows the guest's move on its board: it has taken
  and acknowledged it, and not yet recorded it.

Each game then goes on to its end, and both stores hold one equal record, with
the move made in the window in it once."""

from __future__ import annotations

import asyncio

import pytest
from homes import ServedHomes

from marbleboard.games.registry import get_game

WAHOO = get_game("wahoo")
SEATS = {0: "bot:greedy", 2: "home2"}  # red at the host, yellow in the other home
GAME_S = 600


async def _finish(homes, tasks):
    """Both homes play on to the end; the stores hold one equal record."""
    tasks += [asyncio.create_task(homes.play_host()), asyncio.create_task(homes.play_guest())]
    try:
        await homes.host.until("the game over at the host", homes.host_table.state.is_over,
                               timeout=GAME_S)
        await homes.guest.until("the game over at the guest",
                                lambda: homes.guest_table is not None
                                and homes.guest_table.state.is_over(), timeout=120)
    finally:
        for task in tasks:
            task.cancel()
    host, guest = homes.host_table, homes.guest_table
    kept_host = homes.host.store.load(host.game_id)
    kept_guest = homes.guest.store.load(guest.game_id)
    assert kept_host.moves == kept_guest.moves == host.record.moves
    assert kept_host.winners == kept_guest.winners
    return kept_host


async def _first_move_taken(homes):
    """The guest's person plays until the host has taken one of their moves, which
    the host's people leave lit: (the record's length then, the move's text)."""
    homes.hold_remote = True
    tasks = [asyncio.create_task(homes.play_host()), asyncio.create_task(homes.play_guest())]
    await homes.host.until("a move of the other home taken and lit",
                           lambda: homes.hosted.side.arrived
                           and homes.host_table.bot_action is not None, timeout=GAME_S)
    (taken,) = homes.hosted.side.arrived.values()
    return tasks, taken


@pytest.mark.parametrize("how", ["kill", "term"])
async def test_the_guest_stopped_just_after_its_move(broker, tmp_path, how):
    async with ServedHomes(broker, tmp_path, WAHOO, "wahoo", 2, SEATS) as homes:
        tasks, taken = await _first_move_taken(homes)
        await homes.stop("guest", how)
        homes.hold_remote = False  # the host's people carry it out while the guest is away
        await homes.host.until("the move recorded at the host",
                               lambda: len(homes.host_table.record.moves) > taken["at"])
        for task in tasks:
            task.cancel()
        await homes.restart("guest")
        assert homes.guest_table.sent is not None  # it knows it sent one: not again
        kept = homes.guest_table.record.moves  # its record as it stood, not from nothing
        assert len(kept) == taken["at"] and kept == homes.host_table.record.moves[:len(kept)]
        record = await _finish(homes, [])
        assert record.moves[taken["at"]] == taken["text"]
        assert not any("never sent" in line for line in homes.host.logged + homes.guest.logged)
        assert homes.host_link.refused == homes.guest_link.refused == {}


async def test_the_guest_killed_before_its_move_left(broker, tmp_path):
    """Killed the moment its move is saved, before its link has published it: the
    restarted guest sends it, once."""
    async with ServedHomes(broker, tmp_path, WAHOO, "wahoo", 2, SEATS) as homes:
        tasks = [asyncio.create_task(homes.play_host()), asyncio.create_task(homes.play_guest())]
        await homes.guest.until("a move sent", lambda: homes.guest_table is not None
                                and homes.guest_table.sent is not None, timeout=GAME_S)
        at = homes.guest_table.at
        await homes.stop("guest", "kill")  # no await between: nothing was published
        for task in tasks:
            task.cancel()
        await homes.restart("guest")
        record = await _finish(homes, [])
        assert homes.guest_link.refused == homes.host_link.refused == {}
        assert len(record.moves) > at


@pytest.mark.parametrize("how", ["kill", "term"])
async def test_the_host_stopped_while_it_shows_the_guests_move(broker, tmp_path, how):
    async with ServedHomes(broker, tmp_path, WAHOO, "wahoo", 2, SEATS) as homes:
        tasks, taken = await _first_move_taken(homes)
        # Acknowledged: the guest has forgotten it, only the host's store keeps it.
        await homes.guest.until("the move acknowledged",
                                lambda: homes.guest_link.outboxes["host"].waiting == 0)
        assert len(homes.host_table.record.moves) == taken["at"]
        for task in tasks:
            task.cancel()
        await homes.stop("host", how)
        homes.hold_remote = False
        await homes.restart("host")
        await homes.host.until("the move lit again", lambda: homes.host_table.bot_action
                               is not None)
        record = await _finish(homes, [])
        assert record.moves[taken["at"]] == taken["text"]
        assert homes.host_link.refused == homes.guest_link.refused == {}
