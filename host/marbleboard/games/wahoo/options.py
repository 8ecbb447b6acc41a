"""The options of a Wa-Hoo game: who plays, on which board, and the choices the
rules leave open. Each choice is explained, with the sentence it reads, in
docs/rules/wa-hoo.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import GameOptions
from .geometry import BOARDS, check_side

# Who plays on each board, in playing order: spread round the board, two players
# opposite each other, and on the six-colour board four players as two facing pairs.
ACTIVE_SEATS = {
    4: {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)},
    6: {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 5: (0, 1, 2, 3, 4), 6: (0, 1, 2, 3, 4, 5)},
}


@dataclass(frozen=True)
class Options(GameOptions):
    game_title = "Wa-Hoo"
    players: int = 4
    # "wahoo" (four colours, 2-4 players) or "wahoo6" (six colours, 2-6 players);
    # left empty, the four-colour board for up to four players, else the six.
    board: str = ""
    holes_per_side: int = 14  # each colour's arm of the Path; the board's too
    # Partners sit opposite and win together (four players, or six on wahoo6).
    partners: bool = False
    # The roll that takes a marble one space beyond an arrow to the centre; 0: any.
    centre_roll: int = 4
    # "roll": the players roll for it, as the rules say; or a seat number.
    first_player: str | int = "roll"
    # The colours that play, as seat numbers, chosen by the players; left empty,
    # those of ACTIVE_SEATS. Kept in playing order.
    seating: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.board:
            object.__setattr__(self, "board", "wahoo" if self.players <= 4 else "wahoo6")
        if self.board not in BOARDS:
            raise ValueError(f"board must be one of {', '.join(BOARDS)}, not {self.board!r}")
        if self.players not in ACTIVE_SEATS[self.colours]:
            top = max(ACTIVE_SEATS[self.colours])
            raise ValueError(f"the {self.board} board is for 2 to {top} players, "
                             f"not {self.players}")
        seating = (tuple(sorted(self.seating)) if self.seating
                   else ACTIVE_SEATS[self.colours][self.players])
        if (len(seating) != self.players or len(set(seating)) != len(seating)
                or not all(type(s) is int and 0 <= s < self.colours for s in seating)):
            raise ValueError(f"{self.players} players play {self.players} different colours "
                             f"of the board's {self.colours} (seat numbers 0 to "
                             f"{self.colours - 1})")
        object.__setattr__(self, "seating", seating)  # JSON gives a list
        check_side(self.holes_per_side)
        if self.partners and (self.players % 2 or self.players < 4
                              or any(self.partner(s) not in self.seats for s in self.seats)):
            raise ValueError("partners need four players, or six on the six-colour board, "
                             "each opposite the partner")
        if self.centre_roll not in range(7):
            raise ValueError("centre_roll is a face of the die, 1 to 6, or 0 for any roll")
        if self.first_player != "roll" and self.first_player not in self.seats:
            raise ValueError(f"first_player must be 'roll' or a playing seat {self.seats}")

    @property
    def colours(self) -> int:
        return BOARDS[self.board]

    @property
    def seats(self) -> tuple[int, ...]:
        return self.seating

    def partner(self, seat: int) -> int:
        """The seat opposite (the partner, when partners play)."""
        return (seat + self.colours // 2) % self.colours
