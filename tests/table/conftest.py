import asyncio
import random

import pytest

from marbleboard.board import build_layout
from marbleboard.bots import make_bot
from marbleboard.games.fairness import ChanceSource
from marbleboard.games.record import chance_index
from marbleboard.games.registry import get_game
from marbleboard.link import BoardLink
from marbleboard.sim import SimulatedPico
from marbleboard.sim.emulated import EmulatedPico
from marbleboard.sim.local import pace_hand
from marbleboard.table.boardmap import BoardMap
from marbleboard.table.hand import SimulatedHand
from marbleboard.table.service import Table
from marbleboard.table.store import GameStore

WAMPOO = get_game("wampoo")


@pytest.fixture(scope="session")
def board():
    return build_layout("wampoo")


class Rig:
    """A simulated board, the real firmware over a pty, a link, a store and a table,
    for any marble game (Wampoo unless told)."""

    def __init__(self, board, tmp_path, seats, players, bot_seed=2, shuffle_seed=1,
                 quiet_s=0.08, takeback=False, game=WAMPOO, rules=None, emulated=False,
                 pace_s=0.04):
        self.board = board
        self.tmp_path = tmp_path
        self.seats = seats
        self.game = game
        self.options = game.options(game.marbles.fit({"players": players, **(rules or {})},
                                                     board.id))
        self.bot_seed, self.shuffle_seed = bot_seed, shuffle_seed
        self.quiet_s = quiet_s
        self.takeback = takeback
        self.emulated = emulated  # stock MicroPython on an emulated RP2040, not CPython
        self.pace_s = pace_s

    async def __aenter__(self):
        if self.emulated:
            self.sim = EmulatedPico(self.board).start()
        else:
            self.sim = SimulatedPico(self.board, debounce_ms=15).start()
        start = BoardMap(self.board, self.game.marbles).setup(self.game.new_state(self.options))
        self.sim.physical.setup(start)
        await asyncio.sleep(0.1)
        self.link = BoardLink(self.sim.port, board_id=self.board.id, backoff=(0.05, 0.3),
                              hello_timeout=5.0 if self.emulated else 1.0)
        await self.link.connect()
        self.store = GameStore(self.tmp_path / "games.db")
        self.table = await self.new_table()
        return self

    async def new_table(self):
        table = Table(self.game, self.board, self.link, self.store, self.seats, self.options,
                      quiet_s=self.quiet_s,
                      chance=ChanceSource(random.Random(self.shuffle_seed)),
                      bot_rng=random.Random(self.bot_seed), takeback=self.takeback)
        await table.start()
        self.runner = asyncio.create_task(table.run())
        self.hand = SimulatedHand(self.sim.physical, self.game, table.map, random.Random(3),
                                  pace_s=self.pace_s)
        pace_hand(self.hand, self.sim)  # on the emulated Pico: in the chip's time
        return table

    async def __aexit__(self, *exc):
        self.runner.cancel()
        self.table.close()
        await self.link.close()
        self.store.close()
        self.sim.close()

    async def bot_move(self, timeout=10.0):
        async with asyncio.timeout(timeout):
            while self.table.bot_action is None:
                await asyncio.sleep(0.01)
        return self.table.bot_action

    async def carry_out(self, action, timeout=8.0):
        event = self.table.committed
        await asyncio.to_thread(self.hand.perform, self.table.state, action)
        async with asyncio.timeout(timeout):
            await event.wait()


def pure_game(seats, options, bot_seed, shuffle_seed, limit=100000, game=WAMPOO):
    """The same seeded game, played by the engine alone: its moves, with a secret
    chance outcome (a shuffle) as its kind alone and a public one (a roll) in full."""
    rng = random.Random(bot_seed)
    bots = {s: make_bot(kind.split(":", 1)[1], game, random.Random(rng.random()))
            for s, kind in seats.items()}
    source = ChanceSource(random.Random(shuffle_seed))
    state = game.new_state(options)
    moves = []
    while not state.is_over() and len(moves) < limit:
        if state.is_chance():
            outcome = source.draw(state.chance_due(), game.outcome_text)
            state.apply_chance(outcome.values)
            moves.append(outcome.kind if outcome.secret else f"{outcome.kind} {outcome.text}")
            continue
        action = game.forced(state)
        if action is None:
            action = bots[state.current].choose(game.view(state, state.current))
        moves.append(game.action_text(state, action))
        state.apply(action)
    return moves


def recorded_moves(record):
    """A table's record in :func:`pure_game`'s words."""
    out = []
    for entry in record.moves:
        n = chance_index(entry)
        if n is None:
            out.append(entry)
        else:
            outcome = record.chances[n]
            out.append(outcome.kind if outcome.secret else f"{outcome.kind} {outcome.text}")
    return out
