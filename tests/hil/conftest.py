"""Hardware-in-the-loop: the real firmware on a simulated board, the host over a pty."""

import asyncio

import pytest

from marbleboard.bench.emulated import play_bots
from marbleboard.board import build_layout
from marbleboard.link import BoardLink, HoleChanged
from marbleboard.pico.build import build_id_of
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


# The opening of a game after a flash: enough moves for marbles to leave home,
# race and be read back through the firmware's scan, debounce and link.
OPENING_MOVES = 10


async def plays(pico, board, build_dir=None, moves=OPENING_MOVES):
    """The Pico answers HELLO (with this build's id, given one) and bots play on it,
    a simulated hand moving the marbles: the first moves, or the whole game with
    moves=None. Returns the moves the table read back."""
    resets = pico.watchdog_resets  # a reset from the REPL counts as one (MicroPython's way)
    link = BoardLink(pico.port, board_id=board.id, hello_timeout=5.0)
    hello = await link.connect()
    try:
        if build_dir is not None:
            assert hello.fw.endswith("+" + build_id_of(build_dir)), hello.fw
        played = await play_bots(pico, link, board, moves)
    finally:
        await link.close()
    if moves is not None:
        assert played == moves, f"the table read back {played} of {moves} moves"
    assert pico.watchdog_resets == resets, "the watchdog reset the Pico during the game"
    return played
