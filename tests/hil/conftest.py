"""Hardware-in-the-loop: the real firmware on a simulated board, the host over a pty."""

import asyncio

import pytest

from marbleboard.board import build_layout
from marbleboard.link import BoardLink, HoleChanged
from marbleboard.sim import SimulatedPico


@pytest.fixture(scope="session")
def board():
    return build_layout("wampoo")


@pytest.fixture
def sim(board):
    with SimulatedPico(board) as pico:
        yield pico


@pytest.fixture
async def link(sim):
    link = BoardLink(sim.port, board_id="wampoo", backoff=(0.05, 0.5))
    await link.connect()
    yield link
    await link.close()


async def next_change(queue, timeout=2.0):
    """The next HoleChanged event, skipping others."""
    async with asyncio.timeout(timeout):
        while True:
            event = await queue.get()
            if isinstance(event, HoleChanged):
                return event


async def drain(queue, quiet=0.3):
    """Every event until the link has been quiet for a while."""
    events = []
    while True:
        try:
            events.append(await asyncio.wait_for(queue.get(), quiet))
        except TimeoutError:
            return events


async def until(predicate, timeout=5.0, step=0.02):
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(step)
