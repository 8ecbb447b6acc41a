"""The options of a Five in a Row game: who starts, and whether four in a row are
enough (a shorter game). docs/rules/fiveinarow.md explains each."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import GameOptions

# Two places of the Stomple board facing each other across the grid: the near
# side (red) and the far side (blue). Their lamps and colours are the board's.
SEAT_NAMES = ("player1", "player4")


@dataclass(frozen=True)
class Options(GameOptions):
    game_title = "Five in a Row"
    players: int = 2
    # Four in a row win instead of five: a shorter game, for younger players.
    four_to_win: bool = False
    # The seat that puts the first marble down: 0 (red) or 1 (blue).
    first_player: int = 0
    seating: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.players != 2:
            raise ValueError(f"Five in a Row is for 2 players, not {self.players!r}")
        if self.first_player not in (0, 1):
            raise ValueError("first_player is 0 (red) or 1 (blue)")
        if self.seating and tuple(sorted(self.seating)) != (0, 1):
            raise ValueError("Five in a Row's two players take both places")
        object.__setattr__(self, "seating", (0, 1))  # JSON gives a list

    @property
    def seats(self) -> tuple[int, ...]:
        return (0, 1)

    @property
    def row(self) -> int:
        """How many marbles in a line win."""
        return 4 if self.four_to_win else 5
