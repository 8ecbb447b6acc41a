"""The JSON record of a Wampoo game (docs/notation.md): everything needed to
replay it exactly and to check that its decks were fair."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..cards import cards_text, parse_cards
from ..fairness import Shuffle, commitment
from .notation import action_text, parse_action
from .options import SEAT_NAMES, Options
from .state import RuleError, State

FORMAT = "marbleboard-game"
VERSION = 1


@dataclass
class GameRecord:
    options: Options
    players: dict[str, str] = field(default_factory=dict)  # seat name -> who played it
    shuffles: list[Shuffle] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # "shuffle N" or a move in notation
    winners: list[str] = field(default_factory=list)

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` entries (all by default), every move
        checked against the rules."""
        state = State(self.options)
        for i, entry in enumerate(self.moves[:upto]):
            try:
                if entry.startswith("shuffle "):
                    state.apply_shuffle(self.shuffles[int(entry.split()[1])].deck)
                else:
                    state.apply(parse_action(state, entry))
            except (RuleError, ValueError, IndexError) as e:
                raise RuleError(f"entry {i + 1} ({entry!r}): {e}") from e
        return state

    def add_shuffle(self, state: State, shuffle: Shuffle) -> None:
        state.apply_shuffle(shuffle.deck)
        self.moves.append(f"shuffle {len(self.shuffles)}")
        self.shuffles.append(shuffle)

    def add_move(self, state: State, action: int) -> None:
        self.moves.append(action_text(state, action))
        state.apply(action)
        if state.winners:
            self.winners = [SEAT_NAMES[s] for s in state.winners]

    def to_json(self, reveal: bool = True) -> dict[str, Any]:
        """While a game is on, ``reveal=False`` keeps the decks and salts back and
        publishes only the commitments."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": "wampoo",
            "options": self.options.to_json(),
            "players": self.players,
            "shuffles": [
                {"commitment": s.commitment, **({"salt": s.salt, "deck": cards_text(list(
                    s.deck))} if reveal else {})} for s in self.shuffles],
            "moves": self.moves,
            "winners": self.winners,
        }

    def dumps(self, reveal: bool = True) -> str:
        return json.dumps(self.to_json(reveal), indent=1)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        if data.get("format") != FORMAT or data.get("game") != "wampoo":
            raise ValueError("not a marbleboard Wampoo game record")
        if data.get("version") != VERSION:
            raise ValueError(f"game record version {data.get('version')} is not supported")
        shuffles = []
        for i, s in enumerate(data.get("shuffles", [])):
            if "deck" not in s or "salt" not in s:
                raise ValueError(f"shuffle {i} is not revealed yet: the game is not over")
            shuffles.append(Shuffle(tuple(parse_cards(s["deck"])), s["salt"], s["commitment"]))
        return cls(options=Options.from_json(data.get("options", {})),
                   players=dict(data.get("players", {})), shuffles=shuffles,
                   moves=list(data.get("moves", [])), winners=list(data.get("winners", [])))

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        return cls.from_json(json.loads(text))


def verify(record: GameRecord) -> list[str]:
    """Problems with a finished game's record: none means it was dealt fairly and
    played by the rules."""
    problems = []
    for i, s in enumerate(record.shuffles):
        if commitment(s.salt, s.deck) != s.commitment:
            problems.append(f"shuffle {i}: the deck is not the one committed to")
    try:
        state = record.replay()
    except RuleError as e:
        return [*problems, f"the moves do not replay: {e}"]
    winners = [SEAT_NAMES[s] for s in state.winners]
    if winners != record.winners:
        problems.append(f"the record names winners {record.winners}, the replay {winners}")
    if not state.is_over():
        problems.append("the game is not over")
    return problems
