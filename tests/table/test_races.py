"""Work in flight for one position never lands in another: a bot thinking while
the table takes a move back, a move the rules do not allow, a takeback once the
game is over. Each race is driven by the test, step by step: the bot answers only
when the test lets it."""

import asyncio
import queue
import random

import pytest

from marbleboard.board import build_layout
from marbleboard.games.base import RuleError
from marbleboard.games.fairness import ChanceSource
from marbleboard.games.registry import get_game
from marbleboard.link import BoardLink
from marbleboard.sim import SimulatedPico
from marbleboard.table.screens import ScreenTable
from marbleboard.table.store import GameStore

WUMP = get_game("wumprummy")
WAIT_S = 10  # for a step of the table; a bound passed is a failure that says what it saw


class GatedBot:
    """A bot that answers only when the test says which of the legal moves to play:
    each question waits in ``asked`` with the position it was asked about."""

    name = "gated"

    def __init__(self, game):
        self.game = game
        self.asked: queue.Queue = queue.Queue()
        self.answered: queue.Queue = queue.Queue()  # each answer, as its thread returns it

    def choose(self, view):
        answer: queue.Queue = queue.Queue()
        state = self.game.parse_position(view.position)
        self.asked.put((view.position, state.legal_actions(), answer))
        chosen = answer.get(timeout=WAIT_S)
        self.answered.put(chosen)
        return chosen

    async def question(self):
        """The next question asked, as (position, legal actions, where to answer)."""
        try:
            return await asyncio.to_thread(self.asked.get, timeout=WAIT_S)
        except queue.Empty:
            raise AssertionError(f"the bot was not asked within {WAIT_S} s") from None


async def until(condition, what, table):
    try:
        async with asyncio.timeout(WAIT_S):
            while not condition():
                await asyncio.sleep(0.005)
    except TimeoutError:
        raise AssertionError(
            f"{what} within {WAIT_S} s: the table stands at {table.state.turns} turns, "
            f"seat {table.state.current} to play, last entries {table.record.moves[-3:]}"
        ) from None


@pytest.fixture
async def rigged(tmp_path):
    """A Wump Rummy table, a person at seat 0 and the gated bot at seat 1."""
    board = build_layout("wampoo")
    sim = SimulatedPico(board, debounce_ms=15).start()
    link = BoardLink(sim.port, board_id=board.id, backoff=(0.05, 0.3))
    await link.connect()
    store = GameStore(tmp_path / "games.db")
    table = ScreenTable(WUMP, board, link, store, {0: "human", 1: "bot:greedy"},
                        WUMP.options({"players": 2, "games_to_win": 1}), quiet_s=0.0,
                        chance=ChanceSource(random.Random(4)), bot_rng=random.Random(2),
                        takeback=True)
    bot = GatedBot(WUMP)
    table.bots[1] = bot
    await table.start()
    runner = asyncio.create_task(table.run())
    try:
        yield table, bot, store
    finally:
        runner.cancel()
        table.close()
        for _ in range(bot.asked.qsize()):  # let a thread still waiting go
            bot.asked.get_nowait()[2].put(0)
        await link.close()
        store.close()
        sim.close()


async def person_plays(table, avoid=None):
    """The person plays a move after which the bot has a choice to think about
    (another than ``avoid``, where there is one)."""
    await until(lambda: table.state.current == 0, "the person's turn never came", table)
    state = table.state

    def bot_chooses(action):
        after = state.clone()
        after.apply(action)
        return after.current == 1 and WUMP.forced(after) is None

    choices = [a for a in state.legal_actions() if bot_chooses(a)]
    assert choices, f"no move leaves the bot a choice at {WUMP.position_text(state)}"
    action = next((a for a in choices if a != avoid), choices[0])
    await table.play_on_screen(0, action)
    return action


def replays(store, table):
    record = store.load(table.game_id)
    state = record.replay()  # raises on any entry the rules do not allow
    assert record.moves == table.record.moves
    return state


async def test_a_bots_answer_for_a_position_taken_back_is_thrown_away(rigged):
    """A takeback while the bot thinks: what it answers is for a position that is
    gone. The person plays again; the bot is asked again, and only that answer is
    played (before, the first answer was played into the new position)."""
    table, bot, store = rigged
    if table.state.current == 1:  # the bot begins: let it, so the person has a move to undo
        _pos, legal, answer = await bot.question()
        answer.put(legal[0])
    first = await person_plays(table)
    stale_position, stale_legal, stale = await bot.question()
    assert await table.takeback()
    assert table.state.current == 0
    # The person plays another move this time, so the position differs from the one asked.
    await person_plays(table, avoid=first)
    _position, legal, answer = await bot.question()
    n = len(table.record.moves)
    stale_answer = stale_legal[-1]
    stale.put(stale_answer)
    # The stale answer is back in the table's hands before the fresh one is given.
    await asyncio.to_thread(bot.answered.get, timeout=WAIT_S)
    for _ in range(5):
        await asyncio.sleep(0)  # whatever the table does with it, it does now
    fresh = next((a for a in legal if WUMP.action_text(table.state, a) !=
                  WUMP.action_text(WUMP.parse_position(stale_position), stale_answer)), legal[0])
    expected = WUMP.action_text(table.state, fresh)
    answer.put(fresh)
    await until(lambda: len(table.record.moves) > n, "the bot's fresh answer was not played",
                table)
    assert table.record.moves[n] == expected
    replays(store, table)
    assert await table.takeback()  # the next takeback works on a legal record too
    replays(store, table)


async def test_the_table_commits_only_legal_moves(rigged):
    """Nothing the rules refuse reaches the record, whoever asks for it."""
    table, bot, store = rigged
    if table.state.current == 1:
        _pos, legal, answer = await bot.question()
        answer.put(legal[0])
    await until(lambda: table.state.current == 0, "the person's turn never came", table)
    before = list(table.record.moves)
    illegal = max(table.state.legal_actions()) + 1
    with pytest.raises(RuleError, match="not a legal move"):
        await table.commit(illegal)
    assert table.record.moves == before
    assert store.load(table.game_id).moves == before


async def test_no_takeback_once_the_game_is_over(rigged):
    """At the end every deck is revealed to every screen: the game cannot go on."""
    table, bot, store = rigged
    await person_plays_until_over(table, bot)
    entries = list(table.record.moves)
    assert not table.can_take_back()
    assert not await table.takeback()
    assert table.state.is_over() and table.record.moves == entries
    assert store.load(table.game_id).moves == entries
    assert store.unfinished() is None  # the store and the table agree: finished


async def person_plays_until_over(table, bot):
    """Both seats play the first legal move until the match ends (first to win one)."""
    async with asyncio.timeout(60):
        while not table.state.is_over():
            if table.state.current == 0:
                await table.play_on_screen(0, table.state.legal_actions()[0])
                continue
            try:
                _pos, legal, answer = bot.asked.get(timeout=0.02)
            except queue.Empty:
                await asyncio.sleep(0.005)
                continue
            answer.put(legal[0])
            await asyncio.sleep(0.005)

