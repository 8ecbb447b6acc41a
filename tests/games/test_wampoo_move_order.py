"""The legal moves of seeded random games under every rule variant, in order.

Random playouts and seeded bots pick from ``legal_actions()`` by position in the
list, so its order is part of the behaviour, not only its content. The golden
games play the default options only; these digests cover each option that changes
the move generator. A digest changes only when the rules change on purpose: then
print the new ones with ``digest`` below and say why in the commit.
"""

import hashlib
import random

import pytest

from marbleboard.games.wampoo import Options, new_game
from marbleboard.games.wampoo.notation import position_text

VARIANTS = [
    ({"players": 2}, "715bc17369b4676d"),
    ({"players": 3}, "ea33a18c50686bf0"),
    ({"players": 4}, "65b01c23520aca64"),
    ({"players": 4, "teams": False}, "d3c8a333879230bc"),
    ({"players": 4, "partner_plays_on": False}, "e910dc7f6817f095"),
    ({"players": 4, "seven_into_home": False}, "c36cd1dbdea0bebc"),
    ({"players": 3, "joker_into_home": False}, "3f37386847112970"),
    ({"players": 4, "pass_home_entry": True}, "49d62fa9f8838a9c"),
    ({"players": 2, "pass_home_entry": True, "holes_per_side": 8}, "91cd861b7b850504"),
    ({"players": 4, "holes_per_side": 8}, "0f703cfb34a57637"),
    ({"players": 3, "holes_per_side": 12, "pass_home_entry": True, "seven_into_home": False,
      "joker_into_home": False}, "70d1b58d7a60554d"),
]


def digest(options: dict, games: int = 4) -> str:
    """Every list of legal moves and every end position of a few random games."""
    h = hashlib.sha256()
    for game in range(games):
        rng = random.Random(game)
        state = new_game(Options(**options))
        while not state.is_over():
            if state.is_chance():
                state.apply_shuffle(rng.sample(range(54), 54))
                continue
            actions = state.legal_actions()
            h.update(" ".join(map(str, actions)).encode() + b";")
            state.apply(rng.choice(actions))
        h.update(position_text(state).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("options, expected", VARIANTS, ids=lambda v: str(v))
def test_the_moves_and_their_order_are_unchanged(options, expected):
    assert digest(options) == expected
