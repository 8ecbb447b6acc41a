"""The options of a Stomple game: how many play, who starts, and the points that
win. Each choice is explained, with the sentence it reads, in
docs/rules/stomple.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import GameOptions

SEAT_NAMES = ("player1", "player2", "player3", "player4", "player5", "player6")

# The Game Point Totals of the rules, by the number of players.
POINTS_TO_WIN = {2: 40, 3: 20, 4: 15, 5: 10, 6: 10}


@dataclass(frozen=True)
class Options(GameOptions):
    game_title = "Stomple"
    players: int = 4
    # The seat that starts the first round ("Choose a player to go first"); later
    # rounds are started by the last round's winner.
    first_player: int = 0
    # Points that win the game; 0: the rules' total for the number of players.
    target: int = 0
    # The places round the board that play: always the first ones, 1 to players
    # (the board's places are numbered round the table, and so is play).
    seating: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in POINTS_TO_WIN:
            raise ValueError(f"Stomple is for 2 to 6 players, not {self.players!r}")
        if type(self.first_player) is not int or self.first_player not in self.seats:
            raise ValueError(f"first_player must be a playing seat, 0 to {self.players - 1}")
        if type(self.target) is not int or self.target < 0:
            raise ValueError("target is a number of points (0: the rules' total)")
        if self.seating and tuple(sorted(self.seating)) != tuple(range(self.players)):
            raise ValueError(f"Stomple's {self.players} players take the places 1 to "
                             f"{self.players}")
        object.__setattr__(self, "seating", tuple(range(self.players)))  # JSON gives a list

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(self.players))

    @property
    def points_to_win(self) -> int:
        return self.target or POINTS_TO_WIN[self.players]
