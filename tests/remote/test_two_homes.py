"""Whole games shared by two homes through a real mosquitto (TLS, the game's ACLs):
each home reads its own seats' moves from its own marbles, and carries out the
other's as its lights show; the host's record is the game, and the guest keeps
the same record at the end."""

from __future__ import annotations

import asyncio

import pytest
from homes import TwoHomes
from mosquitto import Mosquitto

from marbleboard.games.registry import get_game

WAHOO = get_game("wahoo")
WAMPUM = get_game("wampum")


@pytest.fixture
def mosquitto(tmp_path):
    from homes import CODE, SECRET
    server = Mosquitto(tmp_path, {CODE: (SECRET, ["host", "home2"])}).start()
    yield server
    server.stop()


async def play(homes):
    async with asyncio.timeout(600):
        await asyncio.gather(homes.play_host(), homes.play_guest())


def same_boards(homes):
    """Both boards hold the marbles where the game says."""
    host, guest = homes.host_table, homes.guest_table
    return (host.map.matches(host.occupied, host.map.target(host.state))
            and guest.map.matches(guest.occupied, guest.map.target(host.state)))


async def test_a_whole_wahoo_game_across_two_homes(mosquitto, tmp_path):
    async with TwoHomes(mosquitto, tmp_path, WAHOO, "wahoo", 2,
                        {0: "bot:greedy", 2: "home2"}) as homes:
        await play(homes)
        host, guest = homes.host_table, homes.guest_table
        assert host.state.is_over() and guest.state.is_over()
        # The guest keeps the host's record, whole, in its own store.
        assert guest.record.moves == host.record.moves
        kept = homes.guest.store.load(guest.game_id)
        assert kept.moves == host.record.moves and kept.winners == host.record.winners
        assert same_boards(homes)
        # Its person's moves were read from its marbles and sent: half the game's moves.
        sent = sum("is sent to the table that hosts" in line for line in homes.guest.logged)
        made_there = sum(1 for m in host.record.moves if m[:1].isdigit() or "-" in m)
        assert sent > 10 and made_there > 20
        assert homes.host_link.refused == homes.guest_link.refused == {}
