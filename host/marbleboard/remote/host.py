"""The table that runs a shared game: the host.

Its :class:`~marbleboard.table.service.Table` is the one engine of the game. A
seat played in another home sits at it as a :class:`RemotePlayer`, which the
table asks for a move the way it asks a bot: the move comes from that home's
table, is checked here against the rules and the position it was made in, and is
lit on this board for someone to carry out, like a bot's.

After every step the game takes (a move, a roll, a deal), each home is sent the
position as its own seats may see it together (:meth:`Game.home_view`) with the
step as that home may know it: its own seats' moves whole, another seat's move
whole only when the rules show it to everyone (a card played face up), else in
public words alone ("Anna added a card"), with no notation, action or record
entry that would name the card. At the end each home is sent the record, which
by then everyone may see.

A move from another home is kept (:attr:`HostSide.arrived`) from the moment it
is taken until the record holds it, and saved with the link's counters: a host
stopped while the move is still being carried out on its board plays it again
when it starts, so no acknowledged move is ever lost.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..games.base import RuleError, View
from ..table import audience
from ..table.audience import Audience
from ..table.service import Table
from .broker import HOST
from .link import BrokerLink

HIDDEN = "?"  # a record entry a home may not see yet: the whole record comes at the end


class RemotePlayer:
    """A seat played at another table: the table asks it like a bot, and its move
    comes from there."""

    def __init__(self, home: str):
        self.home = home
        self.name = f"remote:{home}"
        self._early: tuple[int, int] | None = None  # (at, action) come before it was asked
        self._asked: tuple[int, asyncio.Future[int]] | None = None

    def choose(self, view: View) -> int:
        raise RuntimeError(f"the move of a seat played at {self.home} comes from there")

    async def choose_async(self, view: View, at: int) -> int:
        """The move made at the other table in the position after record entry
        ``at``: waits for it, however long that takes."""
        if self._early is not None and self._early[0] == at:
            action = self._early[1]
            self._early = None
            return action
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._asked = (at, future)
        try:
            return await future
        finally:
            self._asked = None

    def arrived(self, at: int, action: int) -> None:
        asked = self._asked
        if asked is not None and asked[0] == at and not asked[1].done():
            asked[1].set_result(action)
        else:
            self._early = (at, action)  # the table asks once this board shows the last move


class HostSide:
    """A host table's part in a shared game: its remote seats, what it sends each
    home and the moves it takes from them."""

    def __init__(self, table: Table, link: BrokerLink, homes: dict[int, str]):
        """``homes``: each seat played in another home -> that table's name."""
        self.table = table
        self.link = link
        self.homes = homes
        link.handler = self._received
        link.on_behind = self._behind
        for home in sorted(set(homes.values())):
            link.add_peer(home)
        self.players = {seat: RemotePlayer(home) for seat, home in homes.items()}
        table.bots.update(self.players)
        table.on_step.append(self._step)
        # Moves taken from a home and not yet in the record: home -> {"at", "text"}.
        self.arrived: dict[str, dict[str, Any]] = {}

    def resume(self, arrived: dict[str, dict[str, Any]]) -> None:
        """After a restart: the moves taken before it and not yet recorded are
        played again (each checked again against the position it was made in)."""
        for home, body in arrived.items():
            self._take_move(home, body)

    def seats_of(self, home: str) -> list[int]:
        return sorted(s for s, h in self.homes.items() if h == home)

    @property
    def tables(self) -> list[str]:
        return sorted(set(self.homes.values()))

    def welcome(self, home: str) -> dict[str, Any]:
        """Everything a home needs to set up (or set up again) its table."""
        table = self.table
        names = table.names
        return {"game": table.game.name, "options": table.options.to_json(),
                "seats": {names[s]: self.homes.get(s, HOST) for s in table.seats},
                "players": {names[s]: table.players[s] for s in table.seats},
                # Nobody is reminded to play for a bot.
                "bots": [names[s] for s, kind in table.seats.items() if kind.startswith("bot:")],
                **self._position(home)}

    def _position(self, home: str) -> dict[str, Any]:
        table = self.table
        return {"at": len(table.record.moves),
                "view": audience.view(table.game, table.state, self.audience(home)).position}

    def audience(self, home: str) -> Audience:
        """Whose eyes a home's messages are for: its seats' together."""
        return Audience.home(self.seats_of(home))

    def begin(self) -> None:
        """A new game: each home is told it, before the first step."""
        for home in self.tables:
            self.link.send(home, "game", self.welcome(home))

    def _step(self, step: dict[str, Any]) -> None:
        table = self.table
        at = len(table.record.moves)
        # A move a home made in steps (a bid: its place, its cards, then down) comes
        # whole: each next step is taken once the one before is recorded.
        then = [(h, {"at": at, "text": m["then"][0], "then": m["then"][1:]})
                for h, m in self.arrived.items() if m["at"] < at and m.get("then")]
        self.arrived = {h: m for h, m in self.arrived.items() if m["at"] >= at}
        record = table.record.to_json(reveal=True) if table.state.is_over() else None
        for home in self.tables:
            told = self._step_for(home, step)
            if record is not None:
                told["record"] = record
            self.link.send(home, "step", {**told, **self._position(home)})
        for home, body in then:
            self._take_move(home, body)

    def _step_for(self, home: str, step: dict[str, Any]) -> dict[str, Any]:
        """The step as ``home`` may know it. A chance outcome's entry is its kind and
        number: what it drew stays in the host's record until the end."""
        told = {"kind": step["kind"], "words": step["words"],
                "entry": self.table.record.moves[-1]}
        if step["kind"] != "move":
            return told
        told["seat"] = self.table.names[step["seat"]]
        if step["hidden"] and not self.audience(home).holds(step["seat"]):
            told["entry"] = HIDDEN
            return told
        return {**told, "action": step["action"], "text": step["text"]}

    async def _behind(self, home: str) -> None:
        self.link.send(home, "game", self.welcome(home))

    async def _received(self, home: str, kind: str, body: dict[str, Any]) -> None:
        if kind == "nudge":
            nudged(self.table, home, body)
            return
        if kind != "move":
            self.link.log(f"{home} sent a {kind!r}, which a host table does not take")
            return
        self._take_move(home, body)

    def _take_move(self, home: str, body: dict[str, Any]) -> None:
        try:
            seat, at, action = self._check_move(home, body)
        except (RuleError, ValueError, KeyError, TypeError) as e:
            self.link.log(f"refused a move from {home}: {e}")
            self.link.send(home, "refused", {"at": body.get("at"), "why": str(e)})
            return
        # Kept, and saved with the acknowledgement (:meth:`BrokerLink._apply`),
        # until the record holds it.
        self.arrived[home] = {"at": at, "text": body["text"], "then": body.get("then", [])}
        self.players[seat].arrived(at, action)

    def _check_move(self, home: str, body: dict[str, Any]) -> tuple[int, int, int]:
        table = self.table
        state = table.state
        at, text, then = body["at"], body["text"], body.get("then", [])
        if (not isinstance(at, int) or not isinstance(text, str) or not isinstance(then, list)
                or not all(isinstance(t, str) for t in then)):
            raise ValueError("a move is its position number and its text (and the texts of "
                             "its next steps)")
        if at != len(table.record.moves):
            raise ValueError(f"made in position {at}, and the game is at {len(table.record.moves)}")
        seat = state.current
        if state.is_over() or self.homes.get(seat) != home:
            raise ValueError("it is not a seat of that home to play")
        action = table.game.parse_action(state, text)
        if action not in state.legal_actions():
            raise RuleError(f"{text} is not a legal move here")
        return seat, at, action


def nudged(table: Table, home: str, body: dict[str, Any]) -> None:
    """Another home reminds whoever is to play here that it is their move: the seat
    it names (this table may not have caught up with that turn yet)."""
    seat = body.get("seat")
    if table.state.is_over() or seat not in table.names:
        return
    who = table.players.get(table.names.index(seat))
    if who is None:
        return
    table._say(["log.nudge", {"who": who, "home": home}])
    for watcher in table.watchers:
        watcher()
