"""A table that joins a game hosted in another home: a guest.

It has its own board, marbles and phones, and no engine of its own: the host
sends it, after every step, the position as this home's seats may see it
together. The guest plays from one full position consistent with that
(:meth:`Game.sample`, the hidden cards of other homes guessed, never known), so
everything a table does, reading this home's moves from the marbles, lighting
them, the phones' hands and hints, works unchanged:

- a move of one of this home's seats is read from the marbles as always, then
  sent to the host instead of being made here; the host's next step confirms it
  (or it is refused, and the marbles are put back);
- a move made at another table is lit like a bot's, and is done when this board
  shows the position after it (known from the step, not worked out from the
  guess, which might not hold the card played);
- chance and turns with nothing to choose are the host's: they arrive as steps.

Steps are taken one at a time, in order: a move from afar is carried out on the
board before the next step is taken, so this board is never behind by more than
what its lights show. What the guest has taken, what it awaits, the move it sent
and the link's counters are kept in the store, each saved before the host hears
of it, so a power cut here loses nothing either. A move another home keeps
hidden (a card put face down) comes as its public words alone, and its record
entry as ``?``: the whole record comes at the end.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..board import Board
from ..games.base import Game, GameState, View
from ..games.record import GameRecord
from ..games.registry import get_game
from ..link import BoardLink
from ..table import audience
from ..table.audience import Audience
from ..table.screens import ScreenTable
from ..table.service import Table
from ..table.store import GameStore
from .broker import HOST
from .host import nudged
from .link import BrokerLink

SETTING = "remote.guest"  # the store's setting: what this table took and awaits

if TYPE_CHECKING:
    _Base = Table
else:
    _Base = object


class Elsewhere:
    """A seat played at another table, as a guest sees it: never asked here; its
    move comes with the host's step."""

    def __init__(self, home: str):
        self.name = f"remote:{home}"

    def choose(self, view: View) -> int:
        raise RuntimeError(f"the move of a seat played at {self.name[7:]} comes from there")


class GuestPart(_Base):
    """What a guest table does differently from a table that runs its game."""

    side: GuestSide
    at: int  # the host's record length at the position shown
    after: GameState | None  # the position after a move from afar being carried out
    sent: int | None  # this home's move sent to the host, not yet confirmed
    sent_more: int  # its steps still to be confirmed after this one (a bid)
    _carried: asyncio.Event
    coming_step: dict[str, Any]  # the step of the move from afar being carried out

    def begin_as_guest(self, side: GuestSide, homes: dict[int, str], view: str,
                       at: int) -> None:
        self.side = side
        self.at = at
        self.after = None
        self.sent = None
        self.sent_more = 0
        self._carried = asyncio.Event()
        self.bots.update({s: Elsewhere(h) for s, h in homes.items() if h != side.me})
        self.state = self._sample(view)

    def _sample(self, position: str) -> GameState:
        return self.game.sample(View(self.game.name, self.options, None, position),
                                random.Random())

    @property
    def local(self) -> set[int]:
        return {s for s in self.seats if s not in self.bots}

    # --- what runs the game is elsewhere ------------------------------------------------

    def _ask_bot(self) -> None:
        """Nobody here chooses for a seat played at another table."""

    async def _advance(self) -> None:
        await self._show()
        self._schedule_settle()

    async def commit(self, action: int, carried: list[Any] | None = None) -> None:
        """A move of this home's seat, read from the marbles or chosen on a phone:
        sent to the host, which makes it."""
        await self.commit_steps([action])

    async def commit_steps(self, actions: list[int]) -> None:
        """A move the game takes in steps, chosen whole on a phone (a bid), sent
        whole: the host makes each step in turn. The seat's own steps are worked out
        here, on the position this table holds; they touch nothing hidden from it."""
        if self.sent is not None or self.state.current not in self.local or not actions:
            return
        state, texts = self.state.clone(), []
        for action in actions:
            texts.append(self.game.action_text(state, action))
            state.apply(action)
        self.sent = actions[0]
        self.sent_more = len(actions) - 1
        self.side.send_move(self.at, texts[0], texts[1:])
        self._say(["log.remote_sent", {"who": self.players[self.state.current]}])
        await self._show()

    async def settle(self) -> None:
        if (self.restoring and not self.clearing
                and self.map.matches(self.occupied, self.map.target(self.state))):
            # The board shows the game again (set up, or put back): reading starts
            # from it, unless a move from afar is being carried out meanwhile.
            self.restoring = self.setting_out = self.show_mistakes = False
            if self.after is None:
                self._new_turn()
        if self.after is not None:
            if self.bot_action is not None and self.map.blind(self.state, self.bot_action):
                await self._arrive_coming()  # the board cannot see it: the lights showed it
            elif not await self._pending_done():
                await self._show()
            return
        if self.sent is not None:
            await self._show()
            return
        await super().settle()

    async def _pending_done(self) -> bool:
        if self.after is None or not self._carried_out():
            return False
        await self._arrive_coming()
        return True

    def _carried_out(self) -> bool:
        assert self.after is not None and self.bot_action is not None
        before, after = self.map.target(self.state), self.map.target(self.after)
        if after == before:  # a swap: the lifted holes tell it
            assert self.game.marbles is not None
            touched = set(self.map.sensors(self.game.marbles.path(self.state, self.bot_action)))
            return self.map.matches(self.occupied, before) and touched <= self.lifted
        return self.map.matches(self.occupied, after)

    def _mistakes(self) -> tuple[list[int], list[int]]:
        if self.after is None:
            return super()._mistakes()
        targets = [self.map.target(self.state), self.map.target(self.after)]
        best = min(targets, key=lambda t: sum(map(len, self.map.differences(self.occupied, t))))
        return self.map.differences(self.occupied, best)

    # --- the host's steps ------------------------------------------------------------------

    async def take_step(self, step: dict[str, Any]) -> None:
        """One step of the game, as the host made it; a move from afar is lit and
        waited for until this board shows it."""
        after = self._sample(step["view"])
        seat = self.names.index(step["seat"]) if "seat" in step else None
        action = step.get("action")
        marbles = self.game.marbles
        if (step["kind"] == "move" and seat not in self.local and marbles is not None
                and seat is not None and action is not None
                and marbles.path(self.state, action)):
            self.coming_step = step
            self.after = after
            self.bot_action = action
            self._carried.clear()
            self._say(["log.remote_move", {"who": self.players.get(seat, ""),
                                           "move": self.game.public_words(self.state, action)}])
            await self._show()
            if not await self._pending_done():
                self._schedule_settle()
                await self._carried.wait()
            return
        self._say(step["words"])
        await self._arrive(after, step)

    async def _arrive_coming(self) -> None:
        after, self.after = self.after, None
        assert after is not None
        await self._arrive(after, self.coming_step)
        self._carried.set()

    async def _arrive(self, after: GameState, step: dict[str, Any]) -> None:
        laid_out = self._laid_out()
        mine = step["kind"] == "move" and step.get("seat") in {self.names[s] for s in self.local}
        self.state = after
        self.at = step["at"]
        if mine and self.sent_more:
            self.sent_more -= 1  # the next step of this home's move is on its way
        else:
            self.sent, self.sent_more = None, 0
        self.position += 1
        self._new_turn()
        if "record" in step:
            self._finish(GameRecord.from_json(step["record"]))
        else:
            self.record.moves.append(step["entry"])
        if self.game.marbles is not None and not after.is_over():
            if step["kind"] == "chance" and self._laid_out() != laid_out:
                self._set_out()
            else:
                # Not as the step left it (a piece lifted off at the host's board for
                # this home's seat): the lights show where the marbles go.
                self.restoring = not self.map.matches(self.occupied, self.map.target(after))
        self.committed.set()
        self.committed = asyncio.Event()
        self.side.save()
        await self._show()
        self._schedule_settle()

    def _finish(self, record: GameRecord) -> None:
        self.record = record
        self.game_id = self.store.keep_finished(record)
        self._say(["log.over", [self.result_words()]])
        if record.scores:
            self._say(["log.scores", [self.standings_words()]])

    async def refused(self, body: dict[str, Any]) -> None:
        """The host did not take this home's move: the marbles go back."""
        if self.sent is None:
            return
        self.sent, self.sent_more = None, 0
        self._say(["log.remote_refused", {"why": str(body.get("why", ""))}])
        self.show_mistakes = True
        await self._show()
        self._schedule_settle()


class GuestTable(GuestPart, Table):
    """A guest's table for a marble game."""


class GuestScreenTable(GuestPart, ScreenTable):
    """A guest's table for a game played on the screens."""


class GuestSide:
    """A guest table's part in a shared game: the link to the host, and the table
    it sets up when the host says which game, and again if it must start over."""

    def __init__(self, link: BrokerLink, board: Board, board_link: BoardLink,
                 store: GameStore, *, quiet_s: float = 0.3,
                 on_table: Callable[[Table], None] | None = None,
                 on_abandoned: Callable[[], None] | None = None):
        self.link = link
        self.me = link.me
        self.board = board
        self.board_link = board_link
        self.store = store
        self.quiet_s = quiet_s
        self.on_table = on_table
        self.on_abandoned = on_abandoned
        link.add_peer(HOST)
        link.handler = self._received
        # The link's counters changed (a message sent, taken or acknowledged): saved
        # before anything is published, so a restart never numbers a message twice
        # nor refuses the host's acknowledgement of one it forgot it sent.
        self._told = link.on_change
        link.on_change = self._counted
        self.table: GuestTable | GuestScreenTable | None = None
        self.welcome: dict[str, Any] | None = None
        self.queue: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        self.pending: list[tuple[str, dict[str, Any]]] = []  # received, not yet taken
        self.taken = asyncio.Event()  # set after each message is taken, for tests
        self._runner: asyncio.Task[None] | None = None
        self._board_task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._runner = asyncio.get_running_loop().create_task(self.run())

    def _counted(self) -> None:
        self.save()
        if self._told is not None:
            self._told()

    def close(self) -> None:
        for task in (self._runner, self._board_task):
            if task is not None:
                task.cancel()
        if self.table is not None:
            self.table.close()

    async def _received(self, peer: str, kind: str, body: dict[str, Any]) -> None:
        if peer != HOST:
            self.link.log(f"{peer} sent a {kind!r}: a guest table takes the host's alone")
        elif kind == "nudge":
            if self.table is not None:
                nudged(self.table, HOST, body)
        elif kind == "abandoned":
            self.link.log("the host abandoned the game")
            if self.table is not None:
                self.table._say(["log.remote_abandoned", {}])
            if self.on_abandoned is not None:
                self.on_abandoned()
        elif kind not in ("game", "step", "refused"):
            self.link.log(f"the host sent a {kind!r}, which this table does not know")
        else:
            # Taken in order, one at a time; kept in the store until taken, since
            # the link has acknowledged it.
            self.pending.append((kind, body))
            self.save()
            self.queue.put_nowait((kind, body))

    async def run(self) -> None:
        while True:
            kind, body = await self.queue.get()
            try:
                await self._take(kind, body)
            except (KeyError, ValueError, TypeError) as e:
                self.link.log(f"could not take the host's {kind}: {e!r}")
            self.pending.pop(0)
            self.save()
            self.taken.set()
            self.taken = asyncio.Event()

    @staticmethod
    def saved_counters(store: GameStore) -> dict[str, Any] | None:
        """The link's counters as a guest left them, for its new link."""
        saved = store.load_setting(SETTING)
        return saved.get("counters") if isinstance(saved, dict) else None

    async def resume(self) -> bool:
        """Set the table up again as it was before this service stopped, with what
        the host sent and was not yet taken; False when there is nothing to resume."""
        saved = self.store.load_setting(SETTING)
        if not isinstance(saved, dict) or not saved.get("welcome"):
            return False
        welcome = {**saved["welcome"], "view": saved["view"], "at": saved["at"]}
        pending = [(k, b) for k, b in saved.get("pending", [])]
        await self._set_up(welcome, entries=saved.get("entries", []), sent=saved.get("sent"),
                           sent_more=saved.get("sent_more", 0))
        for item in pending:
            self.pending.append(item)
            self.queue.put_nowait(item)
        return True

    async def _take(self, kind: str, body: dict[str, Any]) -> None:
        if kind == "game":
            await self._set_up(body)
        elif self.table is None:
            self.link.log(f"the host sent a {kind} before saying which game")
        elif kind == "step":
            await self.table.take_step(body)
        else:
            await self.table.refused(body)

    async def _set_up(self, welcome: dict[str, Any], *, entries: list[str] | None = None,
                      sent: int | None = None, sent_more: int = 0) -> None:
        """Which game, who sits where, and the position: a table set up (again);
        after a restart, with the record's entries as this table knew them and the
        move it had sent (not sent again: the link sends it until acknowledged)."""
        game: Game = get_game(welcome["game"])
        options = game.options(welcome["options"])
        names = game.seat_names
        homes = {names.index(s): h for s, h in welcome["seats"].items()}
        seats = {s: "human" if h == self.me else f"remote:{h}" for s, h in homes.items()}
        players = {names.index(s): p for s, p in welcome["players"].items()}
        if self.table is not None:
            self.table.close()
        if self._board_task is not None:
            self._board_task.cancel()
        kind = GuestTable if game.marbles is not None else GuestScreenTable
        table = kind(game, self.board, self.board_link, self.store, seats, options,
                     quiet_s=self.quiet_s, players=players)
        table.begin_as_guest(self, homes, welcome["view"], welcome["at"])
        table.record.moves = list(entries or [])
        table.sent, table.sent_more = sent, sent_more
        self.welcome = welcome
        self.table = table
        if game.marbles is not None:
            # The board is set out as the game stands; a move this home sent before a
            # restart stays on it (its marbles were moved), awaiting the host's word.
            stands = table.state
            if sent is not None:
                stands = stands.clone()
                stands.apply(sent)
            table.restoring = not table.map.matches(table.occupied, table.map.target(stands))
        table._say(["log.remote_joined", {}])
        self._board_task = asyncio.get_running_loop().create_task(table.run())
        if self.on_table is not None:
            self.on_table(table)
        self.save()
        await table._advance()

    def send_move(self, at: int, text: str, then: list[str]) -> None:
        self.link.send(HOST, "move", {"at": at, "text": text, "then": then})

    def save(self) -> None:
        """What a restarted guest needs: its counters, the game, where it stands."""
        table = self.table
        self.store.save_setting(SETTING, {
            "counters": self.link.counters(),
            "welcome": self.welcome,
            "at": table.at if table is not None else None,
            "view": (audience.view(table.game, table.state, Audience.home(table.local)).position
                     if table is not None else None),
            "entries": table.record.moves if table is not None else [],
            "sent": table.sent if table is not None else None,
            "sent_more": table.sent_more if table is not None else 0,
            "pending": [[k, b] for k, b in self.pending]})
