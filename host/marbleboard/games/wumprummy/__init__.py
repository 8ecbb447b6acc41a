"""Wump Rummy: take cards from the centre that match one of yours by suit or by
value; the most claimed cards win the game, and five games the match. For 2 to 4
players, with every hand face up.

>>> from marbleboard.games.wumprummy import Options, new_game
>>> from marbleboard.games.wumprummy.notation import action_text, position_text
>>> state = new_game(Options(players=3))
>>> state.chance_due().kind, state.chance_due().size  # a secret shuffle of 52 cards
('shuffle', 52)
>>> state.apply_chance(range(52))  # top card first: AS AH AD AC 2S 2H ...
>>> position_text(state, seen_by=0)  # four starters in the centre, the deck hidden
'3 2 1 1.1 2D3H4S4C,2S2C3D4H,2H3S3C4D ASAHADAC -,-,- ?36 0,0,0 - 0'
>>> [action_text(state, a) for a in state.legal_actions()]  # seat 2, left of the dealer
['2SxAS', '2CxAC', '3DxAD', '4HxAH']
"""

from ..base import CHANCE, OVER, RuleError
from .options import Options
from .state import PLACE, State


def new_game(options: Options | None = None) -> State:
    return State(options or Options())


__all__ = ["CHANCE", "OVER", "PLACE", "Options", "RuleError", "State", "new_game"]
