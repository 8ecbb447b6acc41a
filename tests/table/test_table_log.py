"""What the table's log says of a turn it plays by itself."""

import random

from conftest import WAMPOO, Rig

from marbleboard import words
from marbleboard.games.fairness import ChanceSource


def first_turn_thrown_away(players):
    """A shuffle seed whose first deal leaves the first player no card to play and
    the next one a card, and the first player's seat."""
    for seed in range(1, 200):
        source = ChanceSource(random.Random(seed))
        state = WAMPOO.new_state(WAMPOO.options({"players": players}))
        while state.is_chance():
            state.apply_chance(source.draw(state.chance_due(), WAMPOO.outcome_text).values)
        forced = WAMPOO.forced(state)
        if forced is not None:
            seat = state.current
            state.apply(forced)
            if state.current >= 0 and WAMPOO.forced(state) is None:
                return seed, seat
    raise AssertionError("no seed found")


async def test_a_hand_thrown_away_is_logged_under_the_seat_that_threw_it(board, tmp_path):
    seed, seat = first_turn_thrown_away(2)
    seats = {0: "human", 2: "human"}
    async with Rig(board, tmp_path, seats, players=2, shuffle_seed=seed) as rig:
        table = rig.table
        name = table.names[seat]
        assert table.state.forfeited >> seat & 1  # the table threw it away by itself
        thrown = [line for line in table.status.log if line[0] == "log.no_choice"]
        assert thrown[0][1]["who"] == name
        assert words.say(thrown[0], "en").startswith(f"{name} has no choice: ")
        assert table.names[table.state.current] != name  # not the seat now to play
        assert table.record.moves[-1] == "fold"
