"""The options of a Wump Rummy match: how many play, who deals first, and how
many games win the match. Each choice is explained, with the sentence it reads,
in docs/rules/wump-rummy.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import GameOptions

SEAT_NAMES = ("player1", "player2", "player3", "player4")
GAMES_TO_WIN = 5  # "The first person to win 5 games wins the match."


@dataclass(frozen=True)
class Options(GameOptions):
    game_title = "Wump Rummy"
    players: int = 4
    # The seat that deals the first game ("Generally, the oldest person starts as
    # dealer"); the seat to its left plays first, and the deal passes left.
    first_dealer: int = 0
    # Games that win the match: the rules' 5, or fewer for a short match.
    games_to_win: int = GAMES_TO_WIN

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 2 <= self.players <= 4:
            raise ValueError(f"Wump Rummy is for 2 to 4 players, not {self.players!r}")
        if type(self.first_dealer) is not int or self.first_dealer not in self.seats:
            raise ValueError(f"first_dealer must be a playing seat, 0 to {self.players - 1}")
        if type(self.games_to_win) is not int or self.games_to_win < 1:
            raise ValueError("games_to_win is a number of games, at least 1")

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(self.players))
