"""The JSON record of a game (docs/notation.md): everything needed to replay it
exactly and to check that its chance was fair, for every game.

>>> from marbleboard.games.record import GameRecord
>>> from marbleboard.games.registry import GAMES
>>> for game in GAMES.values():
...     record = GameRecord(game, game.options({"players": 2}))
...     assert record.to_json()["game"] == game.name and record.moves == []
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .base import Chance, Game, GameState, RuleError
from .fairness import Outcome, commitment

FORMAT = "marbleboard-game"
VERSION = 2  # 1 held only shuffled decks, as "shuffles"; such records still load
# How a game ended. A record that is not over has no result; one written before
# results were kept says only its winners, and so was won if it names any.
WON, DRAW = "won", "draw"


def result_of(state: Any) -> str | None:
    """A state's result: won (by its ``winners``), a draw (over with none), or None."""
    if not state.is_over():
        return None
    return WON if state.winners else DRAW


@dataclass
class GameRecord:
    game: Game
    options: Any
    players: dict[str, str] = field(default_factory=dict)  # seat name -> who played it
    chances: list[Outcome] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # "<kind> N" (a chance) or a move
    winners: list[str] = field(default_factory=list)
    result: str | None = None  # WON or DRAW once the game is over
    scores: dict[str, int] = field(default_factory=dict)  # seat -> points, at the end
    # The hints the coach gave: {"seat": name, "before": entry}; a game with any
    # was played with help.
    hints: list[dict[str, Any]] = field(default_factory=list)

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` entries (all by default), every move
        checked against the rules and every outcome against its chance node."""
        game = self.game
        state = game.new_state(self.options)
        for i, entry in enumerate(self.moves[:upto]):
            try:
                n = chance_index(entry)
                if n is not None:
                    if not state.is_chance():
                        raise RuleError("no chance is due here")
                    outcome = self.chances[n]
                    state.apply_chance(state.chance_due().check(outcome.values))
                else:
                    state.apply(game.parse_action(state, entry))
            except (RuleError, ValueError, IndexError) as e:
                raise RuleError(f"entry {i + 1} ({entry!r}): {e}") from e
        return state

    def moves_made(self) -> Iterator[tuple[GameState, int]]:
        """Each move of a record already checked (:meth:`replay`), with the state it
        was made in, in order; chance is applied between them. The state is one, and
        moves on after each: read it, clone it to keep it."""
        game = self.game
        state = game.new_state(self.options)
        for entry in self.moves:
            n = chance_index(entry)
            if n is not None:
                state.apply_chance(self.chances[n].values)
                continue
            action = game.parse_action(state, entry)
            yield state, action
            state.apply(action)

    def add_chance(self, state: Any, outcome: Outcome) -> None:
        state.apply_chance(outcome.values)
        self.moves.append(f"{outcome.kind} {len(self.chances)}")
        self.chances.append(outcome)
        self._note_end(state)

    def add_move(self, state: Any, action: int, text: str | None = None) -> str:
        """Record and apply an action (``text``: its notation, if already written)."""
        text = text if text is not None else self.game.action_text(state, action)
        self.moves.append(text)
        state.apply(action)
        self._note_end(state)
        return text

    def _note_end(self, state: Any) -> None:
        self.result = result_of(state)
        self.winners = [self.game.seat_names[s] for s in state.winners] if self.result else []
        self.scores = scores_of(self.game, state) if self.result else {}

    def standings(self) -> list[tuple[str, int]]:
        """The seats by their scores at the end, highest first (ties in seat order)."""
        return sorted(self.scores.items(), key=lambda item: -item[1])

    def to_json(self, reveal: bool = True) -> dict[str, Any]:
        """While a game is on, ``reveal=False`` keeps secret outcomes and their
        salts back and publishes only the commitments."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.name,
            "options": self.options.to_json(),
            "players": self.players,
            "chances": [{"kind": c.kind, "commitment": c.commitment,
                         **({"salt": c.salt, "outcome": c.text}
                            if reveal or not c.secret else {})} for c in self.chances],
            "moves": self.moves,
            "winners": self.winners,
            "result": self.result,
            **({"scores": self.scores} if self.scores else {}),
            **({"hints": self.hints} if self.hints else {}),
        }

    def dumps(self, reveal: bool = True) -> str:
        return json.dumps(self.to_json(reveal), indent=1)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        from .registry import get_game

        if data.get("format") != FORMAT:
            raise ValueError("not a marbleboard game record")
        version = data.get("version")
        if version not in (1, VERSION):
            raise ValueError(f"game record version {version} is not supported")
        game = get_game(str(data.get("game")))
        options = game.options(data.get("options", {}))
        items = data.get("chances", []) if version == VERSION else [
            {"kind": "shuffle", "commitment": s.get("commitment"), "salt": s.get("salt"),
             "outcome": s.get("deck")} for s in data.get("shuffles", [])]
        chances = []
        for i, c in enumerate(items):
            if "outcome" not in c or "salt" not in c:
                raise ValueError(f"chance {i} is not revealed yet: the game is not over")
            chance = _chance_of(game, str(c["kind"]))
            values = game.parse_outcome(chance, c["outcome"])
            chances.append(Outcome(chance.kind, values, c["outcome"], c["salt"],
                                   c["commitment"], chance.secret))
        winners = list(data.get("winners", []))
        result = data.get("result", WON if winners else None)
        if result not in (WON, DRAW, None):
            raise ValueError(f"a game's result is {WON!r}, {DRAW!r} or none, not {result!r}")
        scores = {str(k): int(v) for k, v in dict(data.get("scores", {})).items()}
        hints = [{"seat": str(h["seat"]), "before": int(h["before"])}
                 for h in data.get("hints", [])]
        return cls(game, options, players=dict(data.get("players", {})), chances=chances,
                   moves=list(data.get("moves", [])), winners=winners, result=result,
                   scores=scores, hints=hints)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        return cls.from_json(json.loads(text))


def chance_index(entry: str) -> int | None:
    """The outcome an entry such as ``shuffle 3`` names, or None for a move."""
    kind, _, n = entry.partition(" ")
    return int(n) if kind.isalpha() and n.isdigit() else None


def _chance_of(game: Game, kind: str) -> Chance:
    """The chance node of a kind, to read an outcome's text."""
    for chance in game.chances:
        if chance.kind == kind:
            return chance
    raise ValueError(f"{game.title} has no chance of kind {kind!r}")


def verify(record: GameRecord) -> list[str]:
    """Problems with a finished game's record: none means its chance was fair and
    it was played by the rules."""
    problems = []
    for i, c in enumerate(record.chances):
        if commitment(c.salt, c.text) != c.commitment:
            problems.append(f"{c.kind} {i}: the outcome is not the one committed to")
    try:
        state = record.replay()
    except RuleError as e:
        return [*problems, f"the moves do not replay: {e}"]
    winners = [record.game.seat_names[s] for s in state.winners]
    if winners != record.winners:
        problems.append(f"the record names winners {record.winners}, the replay {winners}")
    if not state.is_over():
        problems.append("the game is not over")
    elif record.result != result_of(state):
        problems.append(f"the record says the game was {record.result or 'not over'}, "
                        f"the replay that it was {result_of(state)}")
    elif record.scores and record.scores != (replayed := scores_of(record.game, state)):
        problems.append(f"the record's scores {record.scores} are not the replay's {replayed}")
    return problems


def scores_of(game: Game, state: Any) -> dict[str, int]:
    """A state's scores by seat name (empty for a game that counts none)."""
    return {game.seat_names[s]: n for s, n in game.scores(state).items()}


def result_text(record: GameRecord) -> str:
    """How a finished game ended, in English for the commands: "won by red",
    "won by red and blue", "a draw", with the scores where the game counts them."""
    if record.result is None:
        return "not over"
    said = "a draw" if record.result == DRAW else "won by " + " and ".join(record.winners)
    if record.scores:
        said += " (" + ", ".join(f"{seat} {n}" for seat, n in record.standings()) + ")"
    return said
