"""The options of a Wampum game: how many play and who holds the Canoe first.
Each choice is explained, with the sentence it reads, in docs/rules/wampum.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import GameOptions

SEAT_NAMES = ("player1", "player2", "player3", "player4", "player5")


@dataclass(frozen=True)
class Options(GameOptions):
    game_title = "Wampum"
    players: int = 4
    # The seat that holds the Canoe for the first round ("Le 1er Joueur est
    # déterminé au hasard": the table draws it before the game starts).
    first_player: int = 0

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 2 <= self.players <= 5:
            raise ValueError(f"Wampum is for 2 to 5 players, not {self.players!r}")
        if type(self.first_player) is not int or self.first_player not in self.seats:
            raise ValueError(f"first_player must be a playing seat, 0 to {self.players - 1}")

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(self.players))
