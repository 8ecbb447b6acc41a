"""A move chosen on the phone, then made with the marbles: the board lights the
chosen move from where to where, and a marble that stops on its way there (its
player counting the holes) is not read as a shorter move; what the board shows
is still the move whenever it is not on the chosen move's way.

The table is driven event by event: each change of a sensor is handed to it,
and the quiet period's end is the test calling ``settle`` (its own timer is set
beyond the test's length), so nothing here depends on how fast the machine is."""

from __future__ import annotations

import random

import pytest

from marbleboard.board import build_layout
from marbleboard.bots import make_bot
from marbleboard.games.fairness import ChanceSource
from marbleboard.games.registry import get_game
from marbleboard.link import LightState
from marbleboard.link.lights import Effect
from marbleboard.table.boardmap import BoardMap
from marbleboard.table.service import Table
from marbleboard.table.store import GameStore

WAMPOO = get_game("wampoo")
NEVER_S = 3600.0  # the table's own quiet period: the test says when the marbles are still


class StillBoard:
    """What the table asks of its board link: where the marbles are, and the lights
    it last showed."""

    def __init__(self, occupied):
        self.occupied = set(occupied)
        self.sensor_check = None
        self.lights: LightState | None = None

    async def show(self, lights):
        self.lights = lights


def counting_move(state):
    """Three legal moves, none knocking a marble off: a long one whose way passes
    the end of a short one of the same marble (a Joker's 20 and a 5, say), and
    one of another marble, ending off that way."""
    rules = WAMPOO.marbles
    legal = [a for a in state.legal_actions()
             if len(rules.path(state, a)) > 1 and not rules.knocked(state, a)]
    for long in legal:
        way = rules.path(state, long)
        shorter = [a for a in legal if a != long and rules.path(state, a)[0] == way[0]
                   and rules.path(state, a)[-1] in way[1:-1]]
        others = [a for a in legal if rules.path(state, a)[0] != way[0]
                  and rules.path(state, a)[-1] not in way]
        if shorter and others:
            return long, shorter[0], others[0]
    return None


async def table_at_counting_move(tmp_path, seed):
    """A two-player Wampoo table of people, played (by a bot's choices, on the
    phones' word) to the first turn with a counting move; None if the game
    ends first."""
    board = build_layout("wampoo")
    options = WAMPOO.options(WAMPOO.marbles.fit({"players": 2}, board.id))
    state = WAMPOO.new_state(options)
    link = StillBoard(BoardMap(board, WAMPOO.marbles).setup(state))
    table = Table(WAMPOO, board, link, GameStore(tmp_path / f"games{seed}.db"),
                  {0: "human", 2: "human"}, options, quiet_s=NEVER_S,
                  chance=ChanceSource(random.Random(seed)))
    await table.start()
    chooser = make_bot("greedy", WAMPOO, random.Random(seed))
    while not table.state.is_over():
        if (found := counting_move(table.state)) is not None:
            # The marbles set out as the game stands, and the turn begun on them.
            table.occupied = table.map.setup(table.state)
            table.turn_start = set(table.occupied)
            return table, link, found
        state = table.state
        await table.commit(chooser.choose(WAMPOO.view(state, state.current)))
    table.close()
    table.store.close()
    return None


async def move_marble(table, frm, to):
    """A marble lifted from hole ``frm`` and put in hole ``to``, as the sensors say."""
    await table.on_change(table.map.sensor(frm), False)
    await table.on_change(table.map.sensor(to), True)


@pytest.fixture
async def counting(tmp_path):
    for seed in range(20):
        found = await table_at_counting_move(tmp_path, seed)
        if found is not None:
            table, link, moves = found
            try:
                yield table, link, moves
            finally:
                table.close()
                table.store.close()
            return
    raise AssertionError("no seeded game of 20 reached a turn with a counting move")


async def test_a_marble_stopped_on_the_chosen_moves_way_is_not_read_as_a_shorter_move(
        counting):
    table, _link, (long, short, _other) = counting
    rules = table.game.marbles
    way = rules.path(table.state, long)
    entries = len(table.record.moves)
    await table.announce(table.state.current, long)
    await move_marble(table, way[0], rules.path(table.state, short)[-1])
    await table.settle()  # still for the quiet period, part-way
    assert len(table.record.moves) == entries, "a pause on the way was read as a move"
    assert not table.show_mistakes  # nothing is wrong: the move is not finished
    # The marble goes on to the chosen move's end: that move, and only it, is read.
    await move_marble(table, rules.path(table.state, short)[-1], way[-1])
    before = table.state.clone()
    await table.settle()
    assert table.record.moves[entries] == WAMPOO.action_text(before, long)


async def test_without_a_move_chosen_on_the_phone_the_board_says_what_was_played(counting):
    """The marbles are the move: a marble left still in a hole is the move that
    puts it there."""
    table, _link, (_long, short, _other) = counting
    rules = table.game.marbles
    path = rules.path(table.state, short)
    entries, before = len(table.record.moves), table.state.clone()
    await move_marble(table, path[0], path[-1])
    await table.settle()
    assert table.record.moves[entries] == WAMPOO.action_text(before, short)


async def test_a_different_move_off_the_chosen_ones_way_is_read_as_made(counting):
    """Chosen on the phone, then another marble moved: the board is what happened
    (its hole is not on the chosen move's way)."""
    table, _link, (long, _short, other) = counting
    rules = table.game.marbles
    state = table.state
    path = rules.path(state, other)
    entries, before = len(table.record.moves), state.clone()
    await table.announce(state.current, long)
    await move_marble(table, path[0], path[-1])
    await table.settle()
    assert table.record.moves[entries] == WAMPOO.action_text(before, other)


async def test_the_chosen_move_is_lit_from_where_to_where(counting):
    """Its way chased in its marble's colour to its end, which blinks; no other
    marble is lit to move."""
    table, link, (long, _short, _other) = counting
    state = table.state
    leds = [table.board.hole(h).led for h in table.game.marbles.path(state, long)]
    await table.announce(state.current, long)
    assert [path for _colour, _step, path in link.lights.chases] == [leds]
    assert link.lights.state[leds[-1]] >> 4 == Effect.BLINK
    lit = {led for led in range(link.lights.leds) if link.lights.state[led]}
    lamps = {lamp.led for lamp in table.board.lamps}
    assert lit - lamps == {leds[-1]}, "another hole is lit besides the chosen move's end"
