"""The options of a Wampoo game: who plays, and the choices the rules leave open.

Each choice is explained, with the sentence it interprets, in docs/rules/wampoo.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import GameOptions

SEAT_NAMES = ("red", "blue", "yellow", "green")  # in playing order: each is left of the last
ACTIVE_SEATS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}  # two players sit opposite


@dataclass(frozen=True)
class Options(GameOptions):
    game_title = "Wampoo"
    players: int = 4
    holes_per_side: int = 18  # the board's track is four times this
    # Four players play as two teams, partners opposite each other.
    teams: bool = True
    # A player whose marbles are all HOME goes on playing, moving the partner's.
    partner_plays_on: bool = True
    # A 7 or a Joker may end its move inside the HOME row.
    seven_into_home: bool = True
    joker_into_home: bool = True
    # A marble that reaches its own HOME entry may go round again instead.
    pass_home_entry: bool = False
    # "spade": deal until someone gets a spade, as the rules say; or a seat number.
    first_dealer: str | int = "spade"
    # The colours that play, as seat numbers, chosen by the players ("the colour of
    # his choosing"); left empty, those of ACTIVE_SEATS. Kept in playing order.
    seating: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.players not in ACTIVE_SEATS:
            raise ValueError(f"Wampoo is for 2, 3 or 4 players, not {self.players}")
        seating = tuple(sorted(self.seating)) if self.seating else ACTIVE_SEATS[self.players]
        if (len(seating) != self.players or len(set(seating)) != len(seating)
                or not all(type(s) is int and 0 <= s < len(SEAT_NAMES) for s in seating)):
            raise ValueError(f"{self.players} players play {self.players} different colours "
                             f"of the four (seat numbers 0 to 3)")
        object.__setattr__(self, "seating", seating)  # JSON gives a list
        if self.holes_per_side < 8 or self.holes_per_side % 2:
            raise ValueError("holes_per_side must be an even number of at least 8")
        if self.first_dealer != "spade" and self.first_dealer not in self.seats:
            raise ValueError(f"first_dealer must be 'spade' or a playing seat {self.seats}")

    @property
    def seats(self) -> tuple[int, ...]:
        return self.seating

    @property
    def team_play(self) -> bool:
        return self.players == 4 and self.teams

    @property
    def deck_remainder(self) -> int:
        """Cards left in the deck when it has run down: 2, 3 or 4 by player count."""
        return {4: 2, 3: 3, 2: 4}[self.players]
