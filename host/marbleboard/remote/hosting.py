"""A shared game as the service keeps it: the host's (:class:`HostedGame`) or a
guest's (:class:`JoinedGame`), each its link to the broker, its side of the game
and what it saves in the store, so that a power cut in either home loses nothing.

``marbleboard serve --remote mqtts://HOST`` gives the service its broker
(:class:`RemoteConfig`); a guest is given the broker by its invitation.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiomqtt

from ..board import Board
from ..link import BoardLink
from ..table.service import Table
from ..table.store import GameStore
from .broker import HOST, BrokerAddress
from .guest import SETTING as GUEST_SETTING
from .guest import GuestSide
from .host import HostSide
from .invitation import Invitation, new_code
from .keys import GameKeys
from .link import BrokerLink, problem_words
from .provision import BrokerLogin, ProvisionError, close_game, open_game

HOST_SETTING = "remote.host"
INVITATION_SETTING = "remote.invitation"
ABANDON_S = 5.0  # how long an abandoning host waits for the homes to hear it


@dataclass(frozen=True)
class RemoteConfig:
    broker: BrokerAddress
    ca: str | None = None  # a certificate authority's file, for a broker with its own
    login: BrokerLogin | None = None  # the host's login that makes games' logins
    insecure: bool = False  # mqtt:// to another machine allowed (--insecure-broker)


def add_remote_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--remote", metavar="mqtts://HOST[:PORT]",
                   help="the MQTT broker through which games are shared with another home "
                        "(docs/remote.md); the lobby then offers seats played there")
    p.add_argument("--remote-ca", metavar="FILE",
                   help="the certificate authority of a broker with a certificate of its own "
                        "(default: the system's)")
    p.add_argument("--remote-login", metavar="FILE",
                   help="a file holding username:password, the broker login with which this "
                        "table makes each hosted game's logins (needed to host, not to join)")
    p.add_argument("--insecure-broker", action="store_true",
                   help="allow a broker without TLS (mqtt://) on another machine: its logins "
                        "and messages' headers cross the network in clear")


def config_from(args: argparse.Namespace) -> RemoteConfig | None:
    """The broker the command line names, if any; ValueError for a wrong address."""
    if not getattr(args, "remote", None):
        return None
    if args.remote_ca and not Path(args.remote_ca).is_file():
        raise ValueError(f"--remote-ca {args.remote_ca}: no such file (the certificate of "
                         "the authority that signed the broker's)")
    insecure = bool(getattr(args, "insecure_broker", False))
    login = args.remote_login and BrokerLogin.read(args.remote_login)
    return RemoteConfig(BrokerAddress(args.remote, insecure=insecure), args.remote_ca or None,
                        login or None, insecure)


async def _unset(peer: str, kind: str, body: dict[str, Any]) -> None:
    raise RuntimeError("the side sets the handler")


class HostedGame:
    """The host's part of a shared game, for the service."""

    def __init__(self, config: RemoteConfig, table: Table, homes: dict[int, str],
                 store: GameStore, *, resume: int | None, log: Callable[[str], None],
                 on_change: Callable[[], None] = lambda: None):
        """``resume``: the number of the saved game the table resumes, if it does."""
        self.config = config
        self.table = table
        self.store = store
        self.on_change = on_change
        saved = store.load_setting(HOST_SETTING)
        self.resumed = (isinstance(saved, dict) and resume is not None
                        and saved.get("game_id") == resume and "keys" in saved)
        homes_named = sorted(set(homes.values()))
        if self.resumed:
            assert isinstance(saved, dict)
            code, keys, counters = saved["code"], GameKeys.from_json(saved["keys"]), \
                saved["counters"]
            self._arrived: dict[str, dict[str, Any]] = saved.get("arrived", {})
        else:
            code, keys, counters = new_code(), GameKeys.new(homes_named), None
            self._arrived = {}
        self.code, self.keys = code, keys
        self.link = BrokerLink(config.broker, code, keys.for_table(HOST), _unset, ca=config.ca,
                               counters=counters, on_change=self._changed, log=log)
        if (isinstance(saved, dict) and resume is not None and saved.get("game_id") == resume
                and not self.resumed):
            log("this game was shared by an older marbleboard, with one secret for all its "
                "tables: each home needs its new invitation, on this table's screen")
        self.side = HostSide(table, self.link, homes)
        self._task: asyncio.Task[None] | None = None

    def begin(self) -> None:
        """Before the first step of a new game: each home is told it."""
        if not self.resumed:
            self.side.begin()

    def start(self) -> None:
        """The game is saved (it has its number): kept; the moves taken from homes
        before a restart played again; its logins made on the broker, then
        connected."""
        self.side.resume(self._arrived)
        self.save()
        self._task = asyncio.get_running_loop().create_task(self._open())

    @property
    def everyone(self) -> list[str]:
        return [HOST, *self.side.tables]

    async def _open(self) -> None:
        """Make the game's logins, however long the broker takes to be reached."""
        config, delay = self.config, 0.5
        if config.login is None:
            self.link.log("no --remote-login: the game's logins must be on the broker already")
        while config.login is not None:
            try:
                await open_game(config.broker, config.login, config.ca, self.code,
                                self.keys.logins())
                break
            except (TimeoutError, ProvisionError) as e:
                self.link.report(["broker.provision", {"broker": config.broker.url,
                                                       "why": str(e)}])
            except (aiomqtt.MqttError, OSError) as e:
                # The hosting login is the one refused here, not a table's.
                problem = problem_words(e, config.broker, HOST, config.ca)
                if problem[0] == "broker.login":
                    problem = ["broker.hosting_login", {"broker": config.broker.url,
                                                        "user": config.login.username,
                                                        "why": str(e)}]
                self.link.report(problem)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 30.0)
        await self.link.run()

    async def abandon(self) -> None:
        """The host abandons the game: each home is told (waiting a few seconds for
        them to hear it), and the game's logins are taken away."""
        for home in self.side.tables:
            self.link.send(home, "abandoned", {})
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(ABANDON_S):
                while any(box.waiting for box in self.link.outboxes.values()):
                    await self.link.changed.wait()
        await self.stop(close=True)

    async def stop(self, *, close: bool = False) -> None:
        """Leave the broker; a game over whose last message every home has (or one
        abandoned, ``close``) is closed there too: its logins are taken away, its
        invitations good no more."""
        await self.link.stop()  # says it is offline, while still connected
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        done = all(box.waiting == 0 for box in self.link.outboxes.values())
        if (close or (self.table.state.is_over() and done)) and self.config.login is not None:
            try:
                await close_game(self.config.broker, self.config.login, self.config.ca,
                                 self.code, self.everyone)
                self.link.log(f"the game's logins are taken off {self.config.broker.url}")
            except (ProvisionError, aiomqtt.MqttError, OSError, TimeoutError) as e:
                # The broker gone or refusing: the logins stay, said.
                self.link.log(f"could not take the game's logins off "
                              f"{self.config.broker.url}: {e}")

    def invitation(self, home: str) -> Invitation:
        return Invitation(self.config.broker, self.code, home, self.keys.homes[home],
                          self.keys.public)

    def homes(self, admin: bool) -> list[dict[str, Any]]:
        """Each home: its seats, their players, whether it is connected, and (for the
        table screen's host) its invitation."""
        table = self.table
        out = []
        for home in self.side.tables:
            seats = self.side.seats_of(home)
            entry: dict[str, Any] = {
                "home": home, "seats": [table.names[s] for s in seats],
                "players": [table.players[s] for s in seats],
                "connected": bool(self.link.present.get(home)),
                "to_move": table.state.current in seats and not table.state.is_over()}
            if admin:
                entry["invitation"] = self.invitation(home).text
            out.append(entry)
        return out

    def nudge(self) -> bool:
        """Remind the home whose seat is to play that it is their move."""
        seat = self.table.state.current
        home = self.side.homes.get(seat)
        if home is None or self.table.state.is_over():
            return False
        self.link.send(home, "nudge", {"seat": self.table.names[seat]})
        return True

    def save(self) -> None:
        if self.table.game_id is None:
            return
        self.store.save_setting(HOST_SETTING, {
            "game_id": self.table.game_id, "code": self.code, "keys": self.keys.to_json(),
            "counters": self.link.counters(), "arrived": self.side.arrived})

    def _changed(self) -> None:
        self.save()
        self.on_change()


class JoinedGame:
    """A guest's part of a shared game, for the service: the table it plays comes
    when the host says which game (``on_table``)."""

    def __init__(self, invitation: Invitation, board: Board, board_link: BoardLink,
                 store: GameStore, *, ca: str | None, quiet_s: float,
                 on_table: Callable[[Table], None], log: Callable[[str], None],
                 on_change: Callable[[], None] = lambda: None, resume: bool = False,
                 on_abandoned: Callable[[], None] = lambda: None):
        """``on_abandoned``: the host abandoned the game (the service then leaves it)."""
        self.invitation = invitation
        self.store = store
        self.resuming = resume
        self.on_change = on_change
        counters = GuestSide.saved_counters(store) if resume else None
        self.link = BrokerLink(invitation.broker, invitation.game, invitation.keys,
                               _unset, ca=ca, counters=counters,
                               on_change=self._changed, log=log)
        self.side = GuestSide(self.link, board, board_link, store, quiet_s=quiet_s,
                              on_table=on_table, on_abandoned=on_abandoned)

    @staticmethod
    def saved(store: GameStore, *, insecure: bool = False) -> Invitation | None:
        """The invitation of a game this service was playing when it stopped.
        ValueError: one that cannot be joined again (an older marbleboard's)."""
        text = store.load_setting(INVITATION_SETTING)
        return (Invitation.parse(text, insecure=insecure) if isinstance(text, str) and text
                else None)

    async def start(self) -> None:
        if not (self.resuming and await self.side.resume()):
            self.store.save_setting(GUEST_SETTING, None)
        self.store.save_setting(INVITATION_SETTING, self.invitation.text)
        self.side.start()
        self.link.start()

    async def stop(self) -> None:
        await self.link.stop()
        self.side.close()

    def forget(self) -> None:
        """The game is left: a restart does not join it again."""
        self.forget_saved(self.store)

    @staticmethod
    def forget_saved(store: GameStore) -> None:
        store.save_setting(INVITATION_SETTING, None)
        store.save_setting(GUEST_SETTING, None)

    @property
    def connected(self) -> bool:
        return self.link.connected.is_set() and bool(self.link.present.get(HOST))

    def homes(self) -> list[dict[str, Any]]:
        """Each home of the game as the host described it, and whether the host's
        table is connected."""
        welcome = self.side.welcome
        table = self.side.table
        if welcome is None or table is None:
            return []
        bots = set(welcome.get("bots", []))
        by_home: dict[str, list[str]] = {}
        for seat, home in welcome["seats"].items():
            by_home.setdefault(home, []).append(seat)
        return [{"home": home, "seats": seats,
                 "players": [welcome["players"][s] for s in seats],
                 "connected": (self.connected if home == HOST else
                               True if home == self.invitation.table else
                               bool(self.link.present.get(home))),
                 "here": home == self.invitation.table,
                 "to_move": (not table.state.is_over() and table.state.current >= 0
                             and table.names[table.state.current] in seats
                             and table.names[table.state.current] not in bots)}
                for home, seats in by_home.items()]

    def nudge(self) -> bool:
        """Remind the host's table that it is their move (a seat played there)."""
        table = self.side.table
        welcome = self.side.welcome or {}
        if (table is None or table.state.is_over() or table.state.current in table.local
                or table.names[table.state.current] in welcome.get("bots", [])):
            return False
        self.link.send(HOST, "nudge", {"seat": table.names[table.state.current]})
        return True

    def _changed(self) -> None:
        self.on_change()  # the side saved the link's counters first (GuestSide)
