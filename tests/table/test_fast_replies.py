"""Moves made one right after another, with the quiet period the service runs with:
a bot's move carried out and answered at once, and two people playing inside one
quiet period. Every move is read, none is invented."""

import asyncio
import random

from conftest import Rig

from marbleboard.table.reading import outcomes
from marbleboard.table.service import QUIET_S


def unique_reply(rig, state, rng):
    """A move of the seat to play in ``state`` whose outcome no other move has (so
    the board alone tells it), or None when that seat cannot move yet."""
    if state.current < 0 or rig.table.seats.get(state.current) != "human":
        return None
    targets = outcomes(rig.game, state, rig.table.map)
    before = rig.table.map.target(state)
    unique = [a for a, t in targets.items()
              if t != before and list(targets.values()).count(t) == 1]
    return rng.choice(unique) if unique else None


async def entries_grow(rig, count, timeout=8.0):
    async with asyncio.timeout(timeout):
        while len(rig.table.record.moves) < count:
            await asyncio.sleep(0.01)


def texts(rig, start):
    return [m for m in rig.table.record.moves[start:] if not m.startswith("shuffle")]


async def test_a_reply_50_ms_after_the_bots_move_is_read_with_it(board, tmp_path):
    seats = {0: "human", 2: "bot:greedy"}
    rng = random.Random(5)
    async with Rig(board, tmp_path, seats, players=2, quiet_s=QUIET_S) as rig:
        rig.hand.bounce = rig.hand.slides = 0.0
        replies = 0
        for _ in range(120):
            if rig.table.state.is_over() or replies == 4:
                break
            state = rig.table.state.clone()  # the table's own changes as it plays
            if state.current == 2:
                action = await rig.bot_move()
                after = state.clone()
                after.apply(action)
                reply = unique_reply(rig, after, rng)
                start = len(rig.table.record.moves)
                expected = [rig.game.action_text(state, action)]
                await asyncio.to_thread(rig.hand.perform, state, action)
                if reply is not None:
                    await asyncio.sleep(0.05)  # the person answers at once
                    await asyncio.to_thread(rig.hand.perform, after, reply)
                    expected.append(rig.game.action_text(after, reply))
                    replies += 1
                await entries_grow(rig, start + len(expected))
                await asyncio.sleep(QUIET_S + 0.2)
                # (a turn the table plays by itself, a hand thrown away, may follow)
                assert texts(rig, start)[:len(expected)] == expected
                assert rig.table.status.mistakes == 0
            else:
                reply = unique_reply(rig, state, rng)
                if reply is None:
                    await asyncio.sleep(0.02)
                    continue
                await rig.carry_out(reply)
        assert replies == 4


async def test_two_people_moving_inside_one_quiet_period_are_both_read(board, tmp_path):
    seats = {0: "human", 2: "human"}
    rng = random.Random(7)
    async with Rig(board, tmp_path, seats, players=2, quiet_s=QUIET_S) as rig:
        rig.hand.bounce = rig.hand.slides = 0.0
        pairs = 0
        for _ in range(60):
            if rig.table.state.is_over() or pairs == 3:
                break
            state = rig.table.state.clone()  # the table's own changes as it plays
            first = unique_reply(rig, state, rng)
            if first is None:
                await asyncio.sleep(0.02)
                continue
            after = state.clone()
            after.apply(first)
            second = unique_reply(rig, after, rng)
            start = len(rig.table.record.moves)
            if second is None:
                await rig.carry_out(first)
                continue
            expected = [rig.game.action_text(state, first), rig.game.action_text(after, second)]
            await asyncio.to_thread(rig.hand.perform, state, first)
            await asyncio.sleep(0.05)
            await asyncio.to_thread(rig.hand.perform, after, second)
            await entries_grow(rig, start + 2)
            assert texts(rig, start)[:2] == expected
            pairs += 1
        assert pairs == 3
