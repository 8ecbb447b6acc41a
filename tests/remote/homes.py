"""Two homes sharing one game through a real broker: each with its simulated board
(the real firmware over a pty), its link to the board, its store and its table;
the host's table runs the game, the other joins it as a guest. Each home has a
simulated hand that carries out what its lights show, and the guest's person
chooses their moves with a bot from their own view, as a person would from
theirs."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
from collections.abc import Callable

from marbleboard.board import build_layout
from marbleboard.bots import make_bot
from marbleboard.games.fairness import ChanceSource
from marbleboard.link import BoardLink
from marbleboard.remote.broker import BrokerAddress
from marbleboard.remote.guest import GuestSide
from marbleboard.remote.host import HostSide
from marbleboard.remote.hosting import HostedGame, JoinedGame, RemoteConfig
from marbleboard.remote.keys import GameKeys
from marbleboard.remote.link import BrokerLink
from marbleboard.sim import SimulatedPico
from marbleboard.table.boardmap import BoardMap
from marbleboard.table.hand import SimulatedHand
from marbleboard.table.screens import table_for
from marbleboard.table.store import GameStore

CODE, KEYS = "g4m3", GameKeys.new(["home2"])
WAIT_S = 30.0


class Home:
    """One home's board, link to it, store and log."""

    def __init__(self, name, folder, board_id, game, options):
        self.name = name
        self.folder = folder
        self.board = build_layout(board_id)
        self.game = game
        self.options = options
        self.logged: list[str] = []
        self.changed = asyncio.Event()  # anything shown changed
        self.seen: Callable[[], str] = lambda: ""  # what else a failed wait reports

    async def open(self):
        self.sim = SimulatedPico(self.board, debounce_ms=15).start()
        if self.game.marbles is not None:
            start = BoardMap(self.board, self.game.marbles).setup(
                self.game.new_state(self.options))
            self.sim.physical.setup(start)
        self.link = BoardLink(self.sim.port, board_id=self.board.id, backoff=(0.05, 0.3),
                              hello_timeout=1.0)
        await self.link.connect()
        self.store = GameStore(self.folder / f"{self.name}.db")

    def watch(self, table):
        table.watchers.append(self.changed.set)
        table.listeners.append(self.logged.append)
        if table.game.marbles is not None:
            self.hand = SimulatedHand(self.sim.physical, table.game, table.map,
                                      random.Random(3), pace_s=0.02)

    def broker_link(self, server, me, peers, counters=None):
        return BrokerLink(BrokerAddress(server.url), CODE, KEYS.for_table(me), _no_handler,
                          peers=peers, ca=server.ca_file, counters=counters,
                          on_change=self.changed.set, log=self._log, backoff=(0.05, 0.5))

    def _log(self, line):
        self.logged.append(line)
        self.changed.set()

    async def until(self, what, check, timeout=WAIT_S):
        """Wait for ``check()``, woken by every change; fail saying what was seen."""
        try:
            async with asyncio.timeout(timeout):
                while not check():
                    self.changed.clear()
                    await self.changed.wait()
        except TimeoutError:
            raise AssertionError(f"{self.name}: {what}, not after {timeout} s; its log ends "
                                 f"{self.logged[-12:]}{self.seen()}") from None

    async def close(self):
        await self.link.close()
        self.store.close()
        self.sim.close()


async def _no_handler(peer, kind, body):
    raise AssertionError("the side sets the handler")


class TwoHomes:
    """A host and a guest for ``game``; ``seats``: seat -> "host", "home2" or a bot at
    the host ("bot:NAME")."""

    def __init__(self, server, folder, game, board_id, players, seats, chance_seed=1):
        self.server = server
        self.game = game
        self.options = game.options(
            game.marbles.fit({"players": players}, board_id) if game.marbles is not None
            else {"players": players})
        self.seats = seats
        self.host = Home("host", folder, board_id, game, self.options)
        self.guest = Home("home2", folder, board_id, game, self.options)
        self.host.seen = self.guest.seen = self.seen
        self.chance_seed = chance_seed

    async def __aenter__(self):
        await self.host.open()
        await self.guest.open()
        table = self.host_table_made()
        self.host_link = self.host.broker_link(self.server, "host", [])
        self.host_side = HostSide(table, self.host_link, self.remote_seats)
        self.host_table = table
        self.host.watch(table)
        self.host_link.start()
        self.host_side.begin()
        await table.start()
        self.host_runner = asyncio.create_task(table.run())
        await self.start_guest()
        return self

    async def start_guest(self, resume=False):
        """The guest's service starting: with ``resume``, as after a power cut, from
        what its store kept."""
        counters = GuestSide.saved_counters(self.guest.store) if resume else None
        self.guest_link = self.guest.broker_link(self.server, "home2", [], counters)
        self.guest_side = GuestSide(self.guest_link, self.guest.board, self.guest.link,
                                    self.guest.store, quiet_s=0.08, on_table=self.guest.watch)
        if resume:
            assert await self.guest_side.resume()
        self.guest_side.start()
        self.guest_link.start()

    async def stop_guest(self):
        """The guest's service stopping (its board and store stay)."""
        await self.guest_link.stop()
        self.guest_side.close()
        self.guest.changed.set()  # whoever waits on its table looks again

    @property
    def guest_table(self):
        return self.guest_side.table

    async def __aexit__(self, *exc):
        self.host_runner.cancel()
        self.host_table.close()
        await self.host_link.stop()
        await self.stop_guest()
        await self.host.close()
        await self.guest.close()

    def seen(self) -> str:
        """Where both homes stand, for a wait that failed: each table's turn and what
        it awaits, each link's counters, and both homes' logs."""
        lines = []
        for home, table, link in ((self.host, self._table("host"), self._link("host")),
                                  (self.guest, self._table("guest"), self._link("guest"))):
            if table is not None:
                lines.append(
                    f"{home.name}'s table: {len(table.record.moves)} entries, turn "
                    f"{table.state.turns}, seat {table.state.current} to play, lit "
                    f"{table.bot_action}, restoring {table.restoring}, question "
                    f"{table.status.question}, mistakes {table.status.mistakes}"
                    + (f", at {table.at}, sent {table.sent}, after "
                       f"{table.after is not None}" if hasattr(table, "at") else ""))
            if link is not None:
                lines.append(f"{home.name}'s link: connected {link.connected.is_set()}, "
                             f"problem {link.problem}, refused {dict(link.refused)}, "
                             f"copies {link.copies}, " + ", ".join(
                                 f"to {p} next {link.outboxes[p].next_seq} acked "
                                 f"{link.outboxes[p].acked}, from {p} applied "
                                 f"{link.inboxes[p].applied} gap {link.inboxes[p].gap}"
                                 for p in link.outboxes))
        side = getattr(self, "host_side", None) or getattr(
            getattr(self, "hosted", None), "side", None)
        if side is not None:
            asked = {s: (p._asked and p._asked[0], p._early) for s, p in side.players.items()}
            lines.append(f"host's side: arrived {side.arrived}, asked (at, early) {asked}")
        lines.append(f"host's log ends {self.host.logged[-8:]}")
        lines.append(f"home2's log ends {self.guest.logged[-8:]}")
        return "".join(f"\n  {line}" for line in lines)

    def _table(self, which):
        with contextlib.suppress(AttributeError):
            return self.guest_table if which == "guest" else self.host_table
        return None

    def _link(self, which):
        with contextlib.suppress(AttributeError):
            return self.guest_link if which == "guest" else self.host_link
        return None

    # --- the people ----------------------------------------------------------------------

    def host_table_made(self):
        """The host's table of the game: its bots, its people, and the other home's
        seats, which its side (HostSide) then plays."""
        kinds = {s: k if k.startswith("bot:") else "human" if k == "host" else f"remote:{k}"
                 for s, k in self.seats.items()}
        return table_for(self.game)(self.game, self.host.board, self.host.link,
                                    self.host.store, kinds, self.options, quiet_s=0.08,
                                    chance=ChanceSource(random.Random(self.chance_seed)),
                                    bot_rng=random.Random(2))

    @property
    def remote_seats(self):
        """Each seat played in another home -> that home."""
        return {s: k for s, k in self.seats.items() if not k.startswith("bot:") and k != "host"}

    hold_remote = False  # the host's people leave the other home's moves lit, for now

    async def play_host(self):
        """At the host's board: carry out every move its lights show (its bots' and
        the other home's), until the game is over (or the host's service stops)."""
        table = self.host_table
        while not table.state.is_over() and table is self.host_table:
            await self.host.until("a move lit to carry out",
                                  lambda: (table.bot_action is not None
                                           and not (self.hold_remote and self._remote_turn()))
                                  or table.state.is_over() or table is not self.host_table,
                                  timeout=120)
            if table.state.is_over() or table is not self.host_table:
                return
            action, turns = table.bot_action, table.state.turns
            if self.game.marbles is not None:
                await asyncio.to_thread(self.host.hand.perform, table.state.clone(), action)
            await self.host.until("the move carried out read",
                                  lambda turns=turns: table.state.turns != turns
                                  or table.state.is_over())

    async def play_guest(self, person_seed=5):
        """At the guest's board: carry out the moves made elsewhere, and make this
        home's own, chosen by a bot from its seat's view."""
        person = None
        while True:
            await self.guest.until("a table", lambda: self.guest_table is not None)
            table = self.guest_table
            if table.state.is_over():
                return
            await self.guest.until("something to do here",
                                   lambda table=table: self._guest_turn(table)
                                   or table is not self.guest_table, timeout=120)
            if table is not self.guest_table or table.state.is_over():
                continue
            at = table.at
            if table.after is not None:  # a move from afar, lit
                if self.game.marbles is not None:
                    # The person follows the lights: the move, and where it leads.
                    await asyncio.to_thread(self.guest.hand.perform, table.state.clone(),
                                            table.bot_action, table.after)
            else:
                seat = table.state.current
                person = person or make_bot("greedy", self.game, random.Random(person_seed))
                action = person.choose(self.game.view(table.state, seat))
                if self.game.marbles is not None:
                    # Chosen on the phone, as its player's phone does: the card, the move.
                    await table.choose(seat, self.game.action_group(table.state, action))
                    await table.announce(seat, action)
                    await asyncio.to_thread(self.guest.hand.perform, table.state.clone(), action)
                elif self.game.composed(table.state, seat) is not None:
                    # A bid, made whole on the phone's one screen (POST .../steps).
                    await table.commit_steps(self._whole_move(table.state, seat, person))
                else:
                    await table.play_on_screen(seat, action)
            await self.guest.until("the host's next step",
                                   lambda table=table, at=at: table.at != at
                                   or table is not self.guest_table)

    def _whole_move(self, state, seat, person):
        """The steps of a move the game takes in steps, chosen one after another from
        the seat's view, as a person taps them on the phone's one screen."""
        state, steps = state.clone(), []
        while state.current == seat and self.game.composed(state, seat) is not None:
            action = person.choose(self.game.view(state, seat))
            steps.append(action)
            state.apply(action)
        return steps

    def _remote_turn(self):
        return self.seats.get(self.host_table.state.current) == "home2"

    @staticmethod
    def _guest_turn(table):
        if table.state.is_over():
            return True
        if table.after is not None:
            return True
        return (table.state.current in table.local and table.sent is None
                and not table.restoring and table.status.question is None)


class Audit:
    """Every message the broker carries in the game, read with a login that may read
    them all (kept by the test broker only); connected again after a restart of
    the broker, whose messages in flight then are the only ones it misses."""

    def __init__(self, server, password):
        self.server = server
        self.password = password
        self.messages: list[tuple[str, bytes]] = []
        self.subscribed = asyncio.Event()

    async def __aenter__(self):
        self.task = asyncio.create_task(self._read())
        async with asyncio.timeout(WAIT_S):
            await self.subscribed.wait()
        return self

    async def _read(self):
        import ssl

        import aiomqtt
        while True:
            try:
                async with aiomqtt.Client(
                        "127.0.0.1", self.server.port, username="audit",
                        password=self.password, identifier="audit", clean_session=False,
                        tls_context=ssl.create_default_context(
                            cafile=self.server.ca_file)) as client:
                    await client.subscribe("marbleboard/#", qos=1)
                    self.subscribed.set()
                    async for message in client.messages:
                        self.messages.append((str(message.topic), bytes(message.payload)))
            except aiomqtt.MqttError:
                await asyncio.sleep(0.05)

    async def __aexit__(self, *exc):
        self.task.cancel()


class ServedHomes(TwoHomes):
    """Two homes as their services run them (remote/hosting.py): the host's game
    with its own keys, logins made on the broker with the hosting login, its
    counters and the moves it took saved in its store; the guest joined by the
    invitation, saving all it needs in its own. Either service can be stopped,
    cleanly or killed, and started again from its store alone."""

    async def __aenter__(self):
        await self.host.open()
        await self.guest.open()
        self.config = RemoteConfig(BrokerAddress(self.server.url), self.server.ca_file,
                                   self.server.hosting_login())
        self.runners: dict[str, asyncio.Task] = {}
        await self.start_host(resume=None)
        self.invitation = self.hosted.invitation("home2")
        await self.start_guest()
        return self

    async def start_host(self, resume):
        table = self.host_table_made()
        self.hosted = HostedGame(self.config, table, self.remote_seats, self.host.store,
                                 resume=resume,
                                 log=self.host._log, on_change=self.host.changed.set)
        self.hosted.begin()
        await table.start(resume)
        self.hosted.start()
        self.host_table = table
        self.host.watch(table)
        self.runners["host"] = asyncio.create_task(table.run())
        self.host.changed.set()

    async def start_guest(self, resume=False):
        invitation = JoinedGame.saved(self.guest.store) if resume else self.invitation
        assert invitation is not None
        self.joined = JoinedGame(invitation, self.guest.board, self.guest.link,
                                 self.guest.store, ca=self.server.ca_file, quiet_s=0.08,
                                 on_table=self.guest.watch, log=self.guest._log,
                                 on_change=self.guest.changed.set, resume=resume)
        await self.joined.start()
        self.guest.changed.set()

    @property
    def host_link(self):
        return self.hosted.link

    @property
    def guest_link(self):
        return self.joined.link

    @property
    def guest_side(self):
        return self.joined.side

    async def stop(self, which, how):
        """``which`` service ("host" or "guest") stops: "term" as on SIGTERM (it leaves
        the broker saying so), "kill" as on kill -9 (its store is closed first, so
        nothing more is written, and its tasks end where they stand). Its board
        (the marbles) and its store's file stay."""
        home = self.host if which == "host" else self.guest
        if how == "kill":
            home.store.close()
        if which == "host":
            self.runners.pop("host").cancel()
            self.host_table.close()
            await (self._cancel(self.hosted) if how == "kill" else self.hosted.stop())
        else:
            await (self._cancel(self.joined) if how == "kill" else self.joined.stop())
            self.joined.side.close()
        if how == "term":
            home.store.close()
        home.store = GameStore(home.folder / f"{home.name}.db")
        home.changed.set()

    @staticmethod
    async def _cancel(shared):
        for task in (shared.link._task, getattr(shared, "_task", None)):
            if task is not None:
                task.cancel()
                # Ended where it stood; a last save it tries meets the closed store.
                with contextlib.suppress(asyncio.CancelledError, sqlite3.ProgrammingError):
                    await task

    async def restart(self, which):
        if which == "host":
            await self.start_host(resume=self.host.store.unfinished(self.game.name))
        else:
            await self.start_guest(resume=True)

    async def __aexit__(self, *exc):
        for task in self.runners.values():
            task.cancel()
        self.host_table.close()
        await self.hosted.stop()
        await self.joined.stop()
        self.joined.side.close()
        await self.host.close()
        await self.guest.close()
