"""The table service: one game played with real marbles on one board.

It listens to the board, waits for the marbles to be still for a quiet period,
reads the move (reading.py), checks it against the rules, saves it, and lights
the next turn. Chance (shuffles, dice), turns with nothing to choose (a hand
thrown away, a roll that cannot move), bots' moves and the end of the game happen
without anyone touching the host. A bot's move is lit for a person to
carry out, then read back like any other.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import words
from ..board import Board
from ..bots import Bot, make_bot
from ..games.base import Game, GameState, RuleError
from ..games.fairness import ChanceSource
from ..games.record import DRAW, GameRecord, chance_index
from ..link import (
    BoardLink,
    Connected,
    HoleChanged,
    LightState,
    LinkError,
    SensorCheck,
    SensorUnsteady,
)
from . import audience
from .audience import holds_secrets
from .boardmap import BoardMap
from .coach import Coach
from .lights import Painter, Scene
from .logwords import listed, move_line
from .reading import (
    Change,
    crowding,
    earlier_move,
    outcomes,
    phantoms_for,
    read_move,
    without_blips,
)
from .store import GameStore

QUIET_S = 0.3  # marbles still this long before a move is read (smart boards use 0.25-0.5 s)
# Moves in a row after which a sensor still reads a marble where the game has none
# before the table says which hole to check: a phantom (reading.py) that one turned
# marble next to it would clear, or a marble really left there.
PHANTOM_TURNS = 3
NEWEST = -1  # Table.start: resume the newest unfinished game of this game, if any


@dataclass
class Question:
    """Several moves fit what the board shows: the player picks one."""

    seat: int
    actions: list[int]
    texts: list[str]


@dataclass
class TableStatus:
    """What a screen shows besides the board: for the terminal and, later, phones."""

    # One phrase per event (words.py), addressed to whoever must act on it.
    log: list[words.Phrase] = field(default_factory=list)
    question: Question | None = None
    mistakes: int = 0  # sensors that do not fit any legal move right now


class Table:
    PLAYED = "log.played"  # the log's phrase for a move made: "Anna played ..."

    def __init__(self, game: Game, board: Board, link: BoardLink, store: GameStore,
                 seats: dict[int, str], options: Any, *, quiet_s: float = QUIET_S,
                 chance: ChanceSource | None = None, bot_rng: random.Random | None = None,
                 takeback: bool = False, players: dict[int, str] | None = None):
        self.game = game
        self.names = game.seat_names
        self.board = board
        self.link = link
        self.store = store
        self.options = options
        self.quiet_s = quiet_s
        self.chance = chance or ChanceSource()
        self.allow_takeback = takeback
        rng = bot_rng or random.Random()
        self.seats = seats  # seat -> "human" or "bot:NAME"
        # What the log calls each seat's player: a name given at the table, or the
        # colour's own word (a key, said in each screen's language).
        self.players = {s: (players or {}).get(s) or game.seat_word(s) for s in seats}
        self.bots: dict[int, Bot] = {
            s: make_bot(kind.split(":", 1)[1], game, random.Random(rng.random()), options)
            for s, kind in seats.items() if kind.startswith("bot:")}
        self.state = game.new_state(options)
        self._attach(options)
        # The record keeps each bot's exact configuration (what a level stood for).
        self.record = GameRecord(game, options, {
            self.names[s]: f"bot:{self.bots[s].name}" if s in self.bots else k
            for s, k in seats.items()})
        # Told of each step the game takes (a move, a chance outcome), once the state
        # is past it: what a table in another home is sent (remote/host.py).
        self.on_step: list[Callable[[dict[str, Any]], None]] = []
        self.game_id: int | None = None
        self.occupied: set[int] = set(link.occupied)
        self.turn_start: set[int] = set(self.occupied)
        self.lifted: set[int] = set()
        self.changes: list[Change] = []  # since the turn began, in order
        self.group: str | None = None  # what was chosen on a phone (a card)
        self.bot_action: int | None = None  # a move known before it is made: a bot's, or forced
        self.announced: int | None = None  # a person's move said before it is made
        self.coach = Coach()  # the hints each person may take, and those taken
        self.hinted: int | None = None  # the move a hint suggested this turn
        # Whether the board lights it: at once where the seat holds nothing hidden;
        # else only when its player asks, for the move may say a card of the hand.
        self.hint_shown = False
        self._hinting = asyncio.Lock()  # two taps at once: one hint, counted once
        # How long a bot's move on the screens is shown before it is made, beyond
        # the quiet period: people follow the game (the service's setting).
        self.bot_pace_s = 0.0
        self.status = TableStatus()
        self.show_mistakes = False  # set once the marbles are still and fit no move
        # Sensors the Pico's last check found dead or stuck on, with what was said.
        self.faulty_sensors: dict[int, str] = {}
        self.restoring = False  # after a takeback: no move is read until the board is put back
        # Before a dealt layout is set out, the board is emptied: the sensors see
        # that a hole holds a marble, not its colour.
        self.clearing = False
        self.to_clear: set[int] = set()  # sensors that held something, not yet emptied
        self.setting_out = False  # from a new layout until the board shows it
        self.listeners: list[Callable[[str], None]] = []  # log lines, as they happen
        self.watchers: list[Callable[[], None]] = []  # told after every change shown
        self._settle: asyncio.Task[None] | None = None
        self._bot_task: asyncio.Task[None] | None = None
        # Counts every change of the position (a move, a chance outcome, a takeback):
        # work started for one position (a bot thinking) is discarded in another.
        self.position = 0
        self.committed = asyncio.Event()  # set at each committed move, for tests and tools
        self.moves_read = 0  # moves read from the marbles (or answered), for the same
        self.lights: LightState | None = None  # what the board was last asked to show
        self._undo_seen: tuple[Any, tuple[int, int] | None] = (None, None)
        # Sensors reading full where the game has nothing, and for how many moves in
        # a row they have (PHANTOM_TURNS); and the moves after which any did.
        self.phantoms: dict[int, int] = {}
        self.phantom_moves = 0

    def _attach(self, options: Any) -> None:
        """The board's part: which sensor is which of the game's holes, and the lights."""
        if self.game.marbles is None:
            raise ValueError(f"{self.game.title} has no marbles: it is played on the "
                             f"screens (ScreenTable)")
        self.map = BoardMap(self.board, self.game.marbles)
        self.map.check(options)
        self.painter = Painter(self.game, self.map)

    # --- starting and resuming ----------------------------------------------------------

    async def start(self, resume: int | None = NEWEST, *, links: dict[str, str] | None = None,
                    names: dict[str, str] | None = None) -> None:
        """Resume a saved game (``resume``: its number, or by default the newest
        unfinished game of this game), or start a new one (``resume`` None, or
        nothing to resume), saved with its seats' ``links`` and players' ``names``
        (seat name -> each) in one transaction."""
        game_id = self.store.unfinished(self.game.name) if resume == NEWEST else resume
        if game_id is not None:
            record = self.store.load(game_id)
            self.record = record
            self.state = record.replay()
            self.game_id = game_id
            self.coach = Coach.from_json(self.store.load_setting(f"coach.{game_id}"))
            self._say(["log.resumed", {"n": game_id, "entries": len(record.moves)}])
        else:
            self.game_id = self.store.new_game(self.record, links, names)
            if self.coach.allowed:
                self.store.save_setting(f"coach.{self.game_id}", self.coach.to_json())
            self._say(["log.new_game", {"n": self.game_id}])
        self.record.hints = self.coach.taken
        await self._advance()

    async def hint(self, seat: int) -> int:
        """A hint for the person whose turn it is (see ``coach``): the same one
        again if asked twice in a turn, counted once. ValueError when none may be
        given: not their turn, none left, or the game moved on meanwhile."""
        async with self._hinting:
            return await self._hint(seat)

    async def _hint(self, seat: int) -> int:
        state = self.state
        if seat != state.current or self.seats.get(seat) != "human" or state.is_over():
            raise ValueError("a hint is for the person whose turn it is")
        if self.hinted is not None:
            return self.hinted
        name = self.names[seat]
        if self.coach.left(name) <= 0:
            raise ValueError("no hint is left for you in this game")
        position = self.position
        action = await asyncio.to_thread(self.coach.suggest, self.game,
                                         self.game.view(state, seat), random.Random())
        if self.position != position or self.state.current != seat:
            raise ValueError("the game moved on while the hint was worked out")
        self.coach.take(name, len(self.record.moves))
        if self.game_id is not None:
            self.store.save_setting(f"coach.{self.game_id}", self.coach.to_json())
        self.hinted = action
        self.hint_shown = not holds_secrets(self.game, state, seat)
        # The log is everyone's: it says a hint was taken, never which move (a card
        # of the hand, one put face down); the asking phone alone is told.
        self._say(["log.hint_taken", {"who": self.players[seat]}])
        await self._show()
        return action

    async def show_hint(self, seat: int, show: bool) -> None:
        """The player asks the board to light this turn's hint, or to stop."""
        if seat == self.state.current and self.hinted is not None:
            self.hint_shown = show
            await self._show()

    async def hand_to_bot(self, seat: int, kind: str) -> None:
        """A person's seat is played by a bot from now on (their phone has gone: a
        player went to bed). The record and the store keep who plays it now."""
        if self.seats.get(seat) != "human":
            raise ValueError("only a person's seat is handed to a bot")
        bot = make_bot(kind.split(":", 1)[1], self.game, random.Random(), self.options)
        self.seats[seat] = kind
        self.bots[seat] = bot
        self.record.players[self.names[seat]] = f"bot:{bot.name}"
        if self.game_id is not None:
            self.store.set_players(self.game_id, self.record.players)
        self._say(["log.bot_plays_for", {"who": self.players.get(seat, ""),
                                         "bot": f"bot.{kind.split(':', 1)[1]}"}])
        if self.state.current == seat and not self.state.is_over() and self.bot_action is None:
            self._ask_bot()
        await self._show()

    def close(self) -> None:
        """Stop the timers and the bot's thinking (the store and link stay open)."""
        for task in (self._settle, self._bot_task):
            if task is not None:
                task.cancel()

    # --- the board talks ------------------------------------------------------------------

    async def run(self) -> None:
        events = self.link.subscribe()
        self.occupied = set(self.link.occupied)
        if self.link.sensor_check is not None:  # the Pico's boot check, heard before us
            self._sensors_checked(self.link.sensor_check)
        await self._show()
        while True:
            event = await events.get()
            if isinstance(event, Connected):
                # After any reconnect the board is checked against the game again.
                self.occupied = set(event.occupied)
                self._schedule_settle()
                await self._show()
            elif isinstance(event, HoleChanged):
                await self.on_change(event.sensor, event.occupied)
            elif isinstance(event, SensorUnsteady):
                self._say(["log.sensor_unsteady", {"hole": self._where(event.sensor),
                                                   "changes": event.changes}])
            elif isinstance(event, SensorCheck):
                self._sensors_checked(event)

    def _where(self, sensor: int) -> Any:
        """A sensor's hole, in the game's words (words.say them)."""
        hole = self.board.by_sensor.get(sensor)
        # A card game's board names no hole: the board file's id says where.
        if hole and self.game.marbles is not None:
            return self.game.hole_words(self.options, hole.id)
        return hole.id if hole else str(sensor)

    def _sensors_checked(self, check: SensorCheck) -> None:
        """The Pico checked its sensors: each hole whose sensor is newly dead or stuck
        on is named in the log, with what to look at, and each mended one too."""
        faulty = {s: "log.sensor_dead" for s in check.dead}
        faulty |= {s: "log.sensor_stuck" for s in check.stuck}
        for sensor in sorted(faulty):
            if self.faulty_sensors.get(sensor) != faulty[sensor]:
                self._say([faulty[sensor], {"hole": self._where(sensor)}])
        for sensor in sorted(set(self.faulty_sensors) - set(faulty)):
            if sensor in check.checked:
                self._say(["log.sensor_mended", {"hole": self._where(sensor)}])
        self.faulty_sensors = faulty

    async def on_change(self, sensor: int, occupied: bool) -> None:
        self.show_mistakes = False
        if occupied:
            self.occupied.add(sensor)
        else:
            self.occupied.discard(sensor)
            self.lifted.add(sensor)
            self.to_clear.discard(sensor)
        self.changes.append((sensor, occupied))
        if await self._pending_done():
            return
        await self._show()  # a lifted marble's destinations light at once
        self._schedule_settle()

    async def _pending_done(self) -> bool:
        """A bot's move is known before it is made: the moment the board shows it
        done, it is committed, without waiting for the quiet period, so the next
        player may reply at once."""
        action = self.bot_action
        if action is None or self.restoring or self.status.question is not None:
            return False
        reading = read_move(self.game, self.state, self.map, self.occupied, self.lifted,
                            {action}, self.group, self.turn_start)
        if not reading.settled:
            return False
        await self.commit(action)
        return True

    def _schedule_settle(self) -> None:
        if self._settle is not None:
            self._settle.cancel()
        self._settle = asyncio.get_running_loop().create_task(self._settle_later())

    async def _settle_later(self) -> None:
        await asyncio.sleep(self.quiet_s)
        await self.settle()

    async def settle(self) -> None:
        """The marbles have been still for the quiet period: read the board."""
        state = self.state
        if state.current < 0 or self.status.question is not None:
            await self._show()
            return
        if self.clearing:
            self.clearing = bool(self.to_clear)
            await self._show()
            if self.clearing:
                return
            self._say(["log.set_out", {}])
        if self.restoring:
            self.restoring = not self._shows(self.map.target(state))
            self.show_mistakes = self.restoring
            await self._show()
            if self.restoring:
                return
            self.setting_out = False
            self._new_turn()
            if state.current in self.bots:
                self._ask_bot()  # only now: its move is lit on the board as the game stands
                return
        allowed = {self.bot_action} if self.bot_action is not None else None
        if state.current in self.bots and self.bot_action is None:
            return  # the bot is still thinking
        chosen = self.bot_action if self.bot_action is not None else self.announced
        if chosen is not None and self.map.blind(state, chosen):
            # The board cannot see this move (a Stomper set on a marble's hole with
            # no sensor for it): the screen that chose it is taken at its word,
            # once the lights have shown it for a quiet period.
            await self.commit(chosen)
            return
        reading = read_move(self.game, state, self.map, self.occupied, self.lifted, allowed,
                            self.group, self.turn_start)
        if not reading.actions and not reading.unchanged:
            # Two moves inside one quiet period: the first is read from the changes
            # in order, and the rest of them begin the next turn.
            changes = self.changes
            found = earlier_move(self.game, state, self.map, self.turn_start, changes,
                                 allowed, self.group)
            if found is None and without_blips(changes) != changes:
                # A hole that went blind and came back in between (a sensor's
                # supply dipped) or a marble lifted and put back: read without it.
                changes = without_blips(changes)
                found = earlier_move(self.game, state, self.map, self.turn_start, changes,
                                     allowed, self.group)
            if found is not None:
                used, action = found
                await self.commit(action, carried=changes[used:])
                return
        if self._on_its_way(reading.actions):
            await self._show()  # the chosen move's marble, stopped on its way there
            return
        self.show_mistakes = not reading.actions and not reading.unchanged
        if len(reading.actions) > 1 and self.announced in reading.actions:
            await self.commit(self.announced)  # the phone said which of them
        elif reading.settled:
            await self.commit(reading.actions[0])
        elif len(reading.actions) > 1:
            self.status.question = Question(state.current, list(reading.actions),
                                            [self.game.action_text(state, a)
                                             for a in reading.actions])
            self._say(["log.which", {"who": self.players[state.current],
                                     "moves": " / ".join(self.status.question.texts)}])
            await self._show()
        else:
            await self._show()

    def _on_its_way(self, read: tuple[int, ...]) -> bool:
        """Whether the board shows the move chosen on the phone part-way: every move
        it reads is that marble stopped in a hole of the chosen move's path, short
        of its end. People count the holes as they go, and a pause longer than the
        quiet period must not make a Joker's 20 a 5 (the phone locked the choice)."""
        announced = self.announced
        if announced is None or not read or announced in read:
            return False
        assert self.game.marbles is not None
        chosen = self.game.marbles.path(self.state, announced)
        if not chosen:
            return False
        for action in read:
            path = self.game.marbles.path(self.state, action)
            if not path or path[0] != chosen[0] or path[-1] not in chosen[1:-1]:
                return False
        return True

    # --- players talk ---------------------------------------------------------------------

    async def choose(self, seat: int, group: str | None) -> None:
        """A player picked a card on their phone: the lights show that card's moves."""
        if seat == self.state.current:
            self.group = group
            await self._show()
            self._schedule_settle()

    async def announce(self, seat: int, action: int) -> None:
        """A person chose a move on their phone: the board lights it from where to
        where, the log says, to them, which marble to move where, and the move is
        not said again when it is read."""
        if seat == self.state.current and action in self.state.legal_actions():
            self.announced = action
            self._say(move_line(self.game, self.options, self.state, action, self.players))
            await self._show()

    async def answer(self, seat: int, action: int) -> None:
        q = self.status.question
        if q is None or q.seat != seat or action not in q.actions:
            raise ValueError("that is not an answer to the question asked")
        self.status.question = None
        await self.commit(action)

    async def takeback(self) -> bool:
        """Undo the last move a person chose, when the table allows it: the record is
        replayed to just before it and the lights guide the marbles back. What
        followed it goes too: the bots' moves since (they play again from there), a
        die rolled after it (it is rolled again) and turns played with no choice
        (they would only be played again); a deck dealt after it cannot be undealt.
        In a game of bots alone, the last move is undone."""
        point = self._undo_point()
        if point is None:
            return False
        keep, keep_chances = point
        record = self.record
        assert self.game_id is not None
        self._drop_bot()  # its move was for the position taken back
        self.store.truncate(self.game_id, keep, keep_chances)
        del record.moves[keep:]
        del record.chances[keep_chances:]
        self.state = record.replay()
        self.position += 1
        self._new_turn()
        self.restoring = True
        self._say(["log.put_back", {"who": self.players.get(self.state.current, "")}])
        await self._advance()
        # A move the sensors cannot see may leave the board as the game now stands:
        # no marble will move to say so, so the board is read after the quiet period.
        self._schedule_settle()
        return True

    def can_take_back(self) -> bool:
        """Whether ``takeback`` would undo a move now: someone chose a move, no
        deck was dealt since, and the game is not over (its record, every deck with
        it, has been shown to everyone)."""
        return self._undo_point() is not None

    def _undo_point(self) -> tuple[int, int] | None:
        """Where the record is cut to undo the last chosen move: (entries kept,
        chance outcomes kept), or None when there is none to undo."""
        if not self.allow_takeback or self.game_id is None or self.state.is_over():
            return None
        record = self.record
        moves = record.moves
        keep, keep_chances = len(moves), len(record.chances)
        seen = (self.game_id, keep, keep_chances)
        if self._undo_seen[0] != seen:  # every screen's payload asks: replay once a move
            self._undo_seen = (seen, self._find_undo_point(keep, keep_chances))
        return self._undo_seen[1]

    def _find_undo_point(self, keep: int, keep_chances: int) -> tuple[int, int] | None:
        record = self.record
        moves = record.moves
        people = any(kind == "human" for kind in self.seats.values())
        while keep:
            n = chance_index(moves[keep - 1])
            if n is not None:
                if record.chances[n].secret:
                    return None  # cards were dealt since the move
                keep, keep_chances = keep - 1, n
                continue
            keep -= 1  # the move itself
            before = record.replay(keep)
            chosen = self.game.forced(before) is None or self._moves_pieces_in(before,
                                                                               moves[keep])
            # A bot's move since a person's is undone with it: otherwise the person
            # could never take back a mistake once a bot had answered it.
            if chosen and (self.seats.get(before.current) == "human" or not people):
                return keep, keep_chances
        return None

    def _moves_pieces_in(self, state: GameState, text: str) -> bool:
        """Whether the move ``text`` of ``state`` was carried out on the board (a
        forced one that lifts a piece off is a move made by hand)."""
        if self.game.marbles is None:
            return False
        return bool(self.game.marbles.path(state, self.game.parse_action(state, text)))

    def abandon(self) -> None:
        """The game is left unfinished: it stays in the store, marked abandoned (not
        a draw), and is not resumed."""
        self.close()
        if self.game_id is not None and not self.state.is_over():
            self.store.abandon(self.game_id)
            self._say(["log.abandoned", {"n": self.game_id}])

    def standings(self) -> list[tuple[int, str, int]]:
        """The seats ranked by their scores at the end: (seat, player, points)."""
        return [(self.names.index(name), self.players.get(self.names.index(name), name), n)
                for name, n in self.record.standings()]

    def standings_words(self) -> words.Phrase:
        """The ranking said as one list: "Emma 40, Léo 12 and Sam 3"."""
        return listed([["log.score", {"who": who, "score": n}]
                       for _seat, who, n in self.standings()])

    def result_words(self) -> words.Phrase | None:
        """How the game ended, by the players' names: "Emma won", "Emma and Léo won
        together", "a draw"; None while it is on."""
        if self.record.result is None:
            return None
        if self.record.result == DRAW:
            return "result.draw"
        who = [self.players.get(self.names.index(w), w) for w in self.record.winners]
        return ["result.won" if len(who) == 1 else "result.won_together", {"who": listed(who)}]

    # --- committing ------------------------------------------------------------------------

    def _save_move(self, action: int, forced: bool = False) -> None:
        """Save, record and apply an action of the seat to play, and log it under
        that seat's name (``forced``: a turn the table plays for it). Saved before
        the lights change: a kill now loses nothing shown."""
        state = self.state
        assert self.game_id is not None
        if action not in state.legal_actions():
            # Nothing reaches the store that the rules do not allow: a record that
            # cannot be replayed is a game that cannot be resumed.
            raise RuleError(f"action {action} is not a legal move of seat {state.current} "
                            f"at turn {state.turns}")
        seat = state.current  # before the action: after it, the turn is the next seat's
        text = self.game.action_text(state, action)
        # The log is every screen's; hidden, a move said to everyone as less than it is
        # (a card put face down), which only its own seat's audience hears whole.
        move = audience.move_words(self.game, state, action, seat, audience.PUBLIC)
        hidden = move != audience.move_words(self.game, state, action, seat,
                                             audience.Audience.seat(seat))
        line: words.Phrase | None = ["log.no_choice", {"who": self.players[seat], "move": move}]
        if not forced:
            # A bot's move was said when it was chosen, to whoever moves its marbles,
            # and a move chosen on a phone to its player.
            line = None if action in (self.bot_action, self.announced) else \
                [self.PLAYED, {"who": self.players[seat], "move": move}]
        self.store.add_entry(self.game_id, len(self.record.moves), text)
        self.record.add_move(state, action, text)
        self.position += 1
        if line is not None:
            self._say(line)
        self._stepped({"kind": "move", "seat": seat, "action": action, "text": text,
                       "hidden": hidden,
                       "words": line or [self.PLAYED, {"who": self.players[seat], "move": move}]})

    def _stepped(self, step: dict[str, Any]) -> None:
        for listener in self.on_step:
            listener(step)

    async def commit(self, action: int, carried: list[Change] | None = None) -> None:
        """Play ``action``; ``carried`` are changes the board made after it showed
        the move done, the next turn's beginning."""
        self._save_move(action)
        self.moves_read += 1
        self._new_turn()
        if carried:
            for sensor, on in reversed(carried):  # the board as the move left it
                if on:
                    self.turn_start.discard(sensor)
                else:
                    self.turn_start.add(sensor)
            self.changes = list(carried)
            self.lifted = {sensor for sensor, on in carried if not on}
        self._note_phantoms()
        self.committed.set()
        self.committed = asyncio.Event()
        await self._advance()

    def _shows(self, target: Any) -> bool:
        """Whether the board shows ``target``, but for sensors that may read their
        neighbours' marbles (reading.py)."""
        if self.map.matches(self.occupied, target):
            return True
        suspects = crowding(self.map).suspects(self.occupied)
        return phantoms_for(self.map, self.occupied, target, suspects, set()) is not None

    def _note_phantoms(self) -> None:
        """After a move: the sensors reading full where the game now has nothing,
        counted move by move; the hole of one that has for PHANTOM_TURNS moves in
        a row is named in the log, to be checked."""
        if self.game.marbles is None:
            return  # a card game's table reads no holes
        extra, _missing = self.map.differences(self.turn_start, self.map.target(self.state))
        self.phantoms = {s: self.phantoms.get(s, 0) + 1 for s in extra}
        self.phantom_moves += bool(extra)
        for sensor, moves in self.phantoms.items():
            if moves == PHANTOM_TURNS:
                self._say(["log.sensor_phantom", {"hole": self._where(sensor)}])

    def _new_turn(self) -> None:
        self.show_mistakes = False
        self.turn_start = set(self.occupied)
        self.lifted = set()
        self.changes = []
        self.group = None
        self.bot_action = None
        self.announced = None
        self.hinted = None
        self.hint_shown = False
        self.status.question = None

    async def _advance(self) -> None:
        """Everything that happens without a marble moving: chance, turns with
        nothing to choose, the end of the game, and asking a bot for its move."""
        assert self.game_id is not None
        state = self.state
        game = self.game
        laid_out, dealt = self._laid_out(), False
        while True:
            if state.is_over():
                self.store.finish(self.game_id, self.record)
                self._say(["log.over", [self.result_words()]])
                if self.record.scores:
                    self._say(["log.scores", [self.standings_words()]])
                break
            if state.is_chance():
                dealt = True
                drawn_for = game.chance_seat(state)
                outcome = self.chance.draw(state.chance_due(), game.outcome_text)
                said = game.outcome_words(state, outcome.values)  # before it is applied
                n = len(self.record.chances)
                self.store.add_entry(self.game_id, len(self.record.moves),
                                     f"{outcome.kind} {n}", outcome, n)
                self.record.add_chance(state, outcome)
                self.position += 1
                # A secret one's commitment is on the table screen's list, not in the log.
                line: words.Phrase = (
                    ["log.dealt", {}] if outcome.secret else said if drawn_for is None
                    else ["log.by", {"who": self.players.get(drawn_for, ""), "what": said}])
                self._say(line)
                self._stepped({"kind": "chance", "words": line})
                continue
            forced = game.forced(state)
            if forced is not None and not self._moves_pieces(forced):
                self._save_move(forced, forced=True)
                continue
            if forced is not None and self.bot_action is None:
                # Nothing to choose, but a piece to lift off (a Stomper that cannot
                # stomp): lit and read like a bot's move, whoever sits there.
                self.bot_action = forced
                self._say(["log.no_choice", {"who": self.players[state.current],
                                             "move": game.public_words(state, forced)}])
            break
        if dealt and not state.is_over() and self._laid_out() != laid_out:
            self._set_out()
        if state.current in self.bots and self.bot_action is None and not self.restoring:
            self._ask_bot()
        await self._show()
        self._schedule_settle()

    def _laid_out(self) -> Any:
        """What the holes should hold now: a chance outcome that changes it is a
        layout to set out."""
        return self.map.target(self.state)

    def _moves_pieces(self, action: int) -> bool:
        """Whether ``action`` moves something on the board, to be read from it."""
        assert self.game.marbles is not None
        return bool(self.game.marbles.path(self.state, action))

    def _set_out(self) -> None:
        """Chance laid out new marbles (a round's layout): the board is emptied, then
        each marble is put where the lights show its colour, before anyone plays."""
        self.to_clear = self.occupied & self.map.exact
        self.clearing = bool(self.to_clear)
        self.restoring = self.setting_out = True
        self._say(["log.clear_board", {}] if self.clearing else ["log.set_out", {}])

    def go_on(self) -> bool:
        """People have seen the bot's move: at a board it waits for the marbles to
        be moved (the lights show it until they are), so there is nothing to hurry."""
        return False

    @property
    def coming(self) -> int | None:
        """A bot's move shown before it is made: lit, and said on the table screen."""
        return self.bot_action if self.state.current in self.bots else None

    def _ask_bot(self) -> None:
        self._drop_bot()
        self._bot_task = asyncio.get_running_loop().create_task(self._bot_move(self.position))

    def _drop_bot(self) -> None:
        """Stop waiting for the bot's answer (its thread finishes, and what it chose
        is thrown away: ``_bot_move`` checks the position it was asked about)."""
        task, self._bot_task = self._bot_task, None
        # Not the task asking: a bot's committed move asks the next bot from within it.
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _choose(self, seat: int) -> int:
        """The move of a seat not played at this board: a bot's, thought out in a
        thread, or a player's at another table, which comes from there."""
        bot = self.bots[seat]
        view = self.game.view(self.state, seat)
        from_afar = getattr(bot, "choose_async", None)
        if from_afar is not None:
            return int(await from_afar(view, len(self.record.moves)))
        return await asyncio.to_thread(bot.choose, view)

    async def _bot_move(self, position: int) -> None:
        seat = self.state.current
        action = await self._choose(seat)
        if self.position != position:
            return  # the game moved on (a takeback) while the bot thought
        self.bot_action = action
        self._say(move_line(self.game, self.options, self.state, action, self.players,
                            bot=True))
        await self._show()
        self._schedule_settle()

    # --- showing -------------------------------------------------------------------------------

    def scene(self) -> Scene:
        state = self.state
        lifted_now = {s for s in self.turn_start if s not in self.occupied}
        extra: list[int] = []
        missing: list[int] = []
        if self.clearing:
            extra = sorted(self.to_clear)
        elif self.restoring:
            extra, missing = self.map.differences(self.occupied, self.map.target(state))
        elif self.show_mistakes or state.is_chance():
            extra, missing = self._mistakes()
            # A sensor that has read its neighbours since the turn began is not what
            # is wrong: the last move was read past it (PHANTOM_TURNS names its hole).
            suspects = crowding(self.map).suspects(self.occupied) & self.turn_start
            extra = [s for s in extra if s not in suspects]
            if not extra and set(missing) <= lifted_now and state.current >= 0:
                extra, missing = [], []  # only marbles in someone's hand: not a mistake
        self.status.mistakes = len(extra) + len(missing)
        # One move known before it is made is lit from where to where: a bot's, the
        # one chosen on the phone, or a hint its player asked the board to show.
        shown = ([self.bot_action] if self.bot_action is not None
                 else [self.announced] if self.announced is not None
                 and self._moves_pieces(self.announced)
                 else [self.hinted] if self.hinted is not None and self.hint_shown else [])
        return Scene(state, movable=state.current not in self.bots, lifted=lifted_now,
                     shown=shown, group=self.group, extra=extra, missing=missing,
                     clearing=self.clearing)

    def _mistakes(self) -> tuple[list[int], list[int]]:
        """Marbles where no legal move puts them, and where one should go: measured
        against the closest legal outcome, or the position before the move."""
        targets = [self.map.target(self.state)]
        allowed = self.bot_action
        targets += [t for a, t in outcomes(self.game, self.state, self.map).items()
                    if allowed is None or a == allowed]
        best = min(targets, key=lambda t: sum(map(len, self.map.differences(self.occupied, t))))
        return self.map.differences(self.occupied, best)

    async def _show(self) -> None:
        self.lights = self.painter.compose(self.scene())
        with contextlib.suppress(LinkError):  # a board away: it is shown once back
            await self.link.show(self.lights)
        for watcher in self.watchers:
            watcher()

    def _say(self, line: words.Phrase) -> None:
        self.status.log.append(line)
        del self.status.log[:-200]
        said = words.say(line, "en")  # the terminal and tools read English
        for listener in self.listeners:
            listener(said)
