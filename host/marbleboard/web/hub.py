"""The hub between the table and the screens: who may see what, and who may do what.

Every payload a client receives is built here for its audience
(``table/audience.py``), never from the full state: a phone gets its own hand and
nothing else hidden, the table screen gets no hand at all. No payload carries a
phone's secret but that phone's own: a seat waiting for a phone shows a one-time
claim instead (``room.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import segno

from .. import words
from ..board import Board
from ..bots import BOT_KINDS, LEVELS
from ..bots.levels import strength
from ..games.base import Game, GameState, RuleError
from ..games.record import chance_index
from ..games.registry import GAMES
from ..link import BoardLink, LightState
from ..link.lights import Effect
from ..remote.guest import GuestPart
from ..remote.hosting import HostedGame, JoinedGame, RemoteConfig
from ..remote.invitation import Invitation
from ..sim.local import LocalPico, pace_hand
from ..table import audience
from ..table.audience import PUBLIC, Audience
from ..table.boardmap import BoardMap
from ..table.coach import HINT_CHOICES, Coach
from ..table.hand import SimulatedHand, carry_out_bot_moves
from ..table.screens import ScreenTable, table_for
from ..table.service import QUIET_S, Table
from ..table.store import GameStore
from .joincodes import JoinCodes
from .refused import Refused
from .room import NAME_LENGTH, Member, Room

# The lobby offers bots by level; a configuration (bot:greedy) is taken too.
# A seat played in another home (home:2, home:3) is the lobby's too, on a service
# given a broker (serve --remote); seats of one number share that home's table.
HOMES = ("home:2", "home:3")
SEAT_KINDS = ("human", *(f"bot:{level}" for level in LEVELS),
              *(f"bot:{kind}" for kind in BOT_KINDS), *HOMES)
PHONES_PER_SEAT = 3  # a member's link open on more phones than this is being passed round
ROOM_CODE = -1  # the room's short code, among the seats' codes
# Websocket close codes the pages read (4000-4999 are the application's own).
CLOSE_LINK = 4401  # the link is not (or no longer) valid
CLOSE_PHONES = 4429  # the seat is open on too many phones already
# A screen that takes longer than this to accept one payload is let go: it is not
# reading (a phone asleep, a stalled network, or someone who never reads), and no
# other screen waits for it.
SEND_TIMEOUT_S = 5.0
# A bot's move is shown (lit, announced on the table screen) this long before it is
# made: three bots playing in a row take seconds, not a blur. `serve --bot-pace`.
BOT_PACE_S = 1.5
# A phone gone this long (closed, out of the Wi-Fi, a flat battery) is said to be
# away on the table screen, and the host may hand its seat to a bot.
AWAY_S = 60.0


@dataclass
class Setup:
    """A game as the table screen asked for it: what a rematch starts again, and
    what the lobby shows after a game (the names and who plays each colour)."""

    game: str
    players: int
    kinds: list[str]
    rules: dict[str, bool | int]
    colours: list[str] | None
    names: dict[str, str]
    hints: int = 0  # the coach's hints each person may take in a game

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "kinds": self.kinds,
                "rules": self.rules, "colours": self.colours, "names": self.names,
                "hints": self.hints}


def options_on(game: Game, board: Board, data: dict[str, Any]) -> Any:
    """A game's options as asked, on this board (ValueError if they do not fit)."""
    if game.marbles is not None:
        data = game.marbles.fit(data, board.id)
    return game.options(data)


def player_counts(game: Game, board: Board) -> list[int]:
    """The player counts of a game that this board has exactly the holes for (a
    game's board may depend on how many play)."""
    if game.marbles is None:  # the screens play it; the board lights a place a player
        return [n for n in game.players if n <= len(board.seats)]
    counts = []
    for n in game.players:
        try:
            BoardMap(board, game.marbles).check(options_on(game, board, {"players": n}))
        except ValueError:
            continue
        counts.append(n)
    return counts


def games_for(board: Board) -> list[Game]:
    """The games this board can play."""
    return [game for game in GAMES.values() if player_counts(game, board)]


@dataclass
class Waiting:
    """An unfinished game saved on another board: left as it is, to be resumed
    when the service runs that board again."""

    game_id: int
    game: str  # its name in the registry
    title: str
    layout: str  # the board it needs ("" for a card game with more players than here)
    shared: bool = False  # played with another home, and this service has no broker

    def words(self) -> str:
        if self.shared:
            return (f"{self.title} game {self.game_id} is shared with another home; it waits "
                    "for the service to be started with --remote (its broker), untouched")
        where = f"the {self.layout} board (--layout {self.layout})" if self.layout else \
            "a board with more places"
        return f"{self.title} game {self.game_id} was saved on {where}; it waits there, untouched"


@dataclass(eq=False)
class Client:
    """A screen on its websocket. Each payload is the whole screen, so a client
    keeps only the newest one not yet sent: however slowly it reads, it holds one
    payload, and the others never wait for it."""

    member: str | None  # a phone's secret (its member of the room); None: a table screen
    admin: bool
    send: Callable[[dict[str, Any]], Awaitable[None]]
    close: Callable[[int], Awaitable[None]] | None = None  # with a close code
    latest: dict[str, Any] | None = None  # to be sent, replacing any not sent yet
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    gone: asyncio.Event = field(default_factory=asyncio.Event)  # let go by the hub
    sender: asyncio.Task[None] | None = None


class TableHub:
    def __init__(self, board: Board, link: BoardLink, store: GameStore,
                 sim: LocalPico | None = None, *, quiet_s: float = QUIET_S,
                 admin_token: str | None = None, base_url: str = "", pace_s: float = 0.05,
                 bot_pace_s: float = BOT_PACE_S, remote: RemoteConfig | None = None):
        self.board = board
        # Games shared with other homes: the broker, the one hosted here, the one joined.
        self.remote = remote
        self.hosted: HostedGame | None = None
        self.joined: JoinedGame | None = None
        self.remote_log: list[str] = []  # the broker link's lines, for the service's log
        # Said on the table screen's lobby until the next game: why the last one ended
        # here (the host in another home abandoned it).
        self.notice: words.Phrase | None = None
        self._leaving: asyncio.Task[None] | None = None
        self.link = link
        self.store = store
        self.sim = sim
        self.quiet_s = quiet_s
        self.admin_token = admin_token or secrets.token_urlsafe(16)
        self.base_url = base_url
        self.other_bases: list[str] = []  # other bases people may type (marbleboard.local)
        self.codes = JoinCodes()  # short codes beside the QR codes
        # The phones that joined for the evening, and the board places they play.
        self.room = Room([s.name for s in board.seats])
        self.codes.issue(ROOM_CODE, self.room.secret, lasting=True)
        self.table: Table | None = None
        self.waiting: list[Waiting] = []  # unfinished games saved on another board
        # The board never changes under a running service: what it plays is fixed.
        self.counts = {g.name: player_counts(g, board) for g in GAMES.values()}
        self.games = [g for g in GAMES.values() if self.counts[g.name]]
        self.tokens: dict[int, str] = {}
        self.seat_places: dict[str, str] = {}  # the game on's seats' places on the board
        self.setup: Setup | None = None  # the last game asked for
        self.clients: list[Client] = []
        self.pace_s = pace_s
        self.bot_pace_s = bot_pace_s
        self.away_s = AWAY_S
        self.hand: SimulatedHand | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._pending = False
        # The turn whose move a phone has asked for, until the marbles have moved: a
        # second tap must not start a second move.
        self._moving: tuple[Table, int] | None = None
        # The card each seat's phone has chosen (table, turn, rank): its moves show on
        # that phone only. The board is public and the hand is not: the board shows
        # them when the player asks (show_on_board).
        self._chosen: dict[int, tuple[Table, int, str]] = {}
        self.sent = 0  # payloads sent, for benchmarks
        self.dropped = 0  # screens let go for not reading, for tests and benchmarks
        self.send_timeout_s = SEND_TIMEOUT_S

    # --- the game's life ----------------------------------------------------------

    async def open(self) -> None:
        """Resume the newest saved game this board plays, if there is one; otherwise
        wait in the lobby. A game saved on another board waits for it, untouched."""
        resumable = None
        self.waiting = []
        saved = self.store.load_setting("room")
        if isinstance(saved, dict):
            self.room.load(saved)
            self.codes.issue(ROOM_CODE, self.room.secret, lasting=True)
        try:
            invitation = JoinedGame.saved(self.store, insecure=self._insecure)
        except ValueError as e:  # an older marbleboard's: its host must invite this table anew
            self._remote_line(f"the game joined before this start cannot be joined again: {e}")
            JoinedGame.forget_saved(self.store)
            invitation = None
        for game_id in self.store.all_unfinished():
            record = self.store.load(game_id)
            shared = any(k.startswith("remote:") for k in record.players.values())
            if self._fits(record) and not (shared and self.remote is None):
                resumable = resumable or (game_id, record)
            else:
                self.waiting.append(Waiting(game_id, record.game.name, record.game.title,
                                            self._board_for(record),
                                            shared and self.remote is None))
        if invitation is not None:
            # A game joined in another home, left by a stop or a power cut: joined again.
            await self._join(invitation, resume=True)
            return
        if resumable is None:
            if self.sim is not None:  # the marbles wait in their START rows
                self.sim.physical.setup([h.id for h in self.board.holes if h.role == "start"])
            return
        game_id, record = resumable
        names = {name: i for i, name in enumerate(record.game.seat_names)}
        seats = {names[name]: kind for name, kind in record.players.items()}
        given = self.store.load_names(game_id)
        await self._begin(record.game, seats, record.options,
                          {names[s]: n for s, n in given.items()}, resume=game_id)
        self.setup = Setup(record.game.name, len(seats),
                           [k.replace("remote:home", "home:") for k in record.players.values()],
                           {k: v for k, v in record.options.to_json().items()
                            if isinstance(v, bool) or k in record.game.rule_numbers()},
                           list(record.players), given)
        self.tokens = {names[s]: t for s, t in self.store.load_tokens(game_id).items()}
        self.seat_places = self.places_of(record.game, seats)
        for s, token in self.tokens.items():
            # A link saved with the game whose phone the room does not know (a store
            # from before the room): the seat's link it was, so it stays good.
            if self.room.find(token) is None:
                place = self.seat_places.get(record.game.seat_names[s])
                if place is not None:
                    self.room.free(place)
                    self.room.seat_link(place, given.get(record.game.seat_names[s], ""),
                                        token=token)
        # A person's seat always has a link (a store written before links were saved
        # with the game may lack one): made now, so that a phone can join.
        self._seat_the_room()

    def _fits(self, record: Any) -> bool:
        """Whether a saved game can be played on this board."""
        game = record.game
        if game.marbles is None:
            return bool(record.options.players <= len(self.board.seats))
        try:
            BoardMap(self.board, game.marbles).check(record.options)
        except ValueError:
            return False
        return True

    @staticmethod
    def _board_for(record: Any) -> str:
        """The board a saved game was played on, as ``--layout`` names it."""
        marbles = record.game.marbles
        return marbles.layout_for(record.options) if marbles is not None else ""

    def lobby(self) -> list[dict[str, Any]]:
        """The games the lobby offers: who can sit where (the usual seats, and every
        colour the players may choose), and the rule choices."""
        counts = self.counts
        offers = []
        for g in self.games:
            options = {n: options_on(g, self.board, {"players": n}) for n in counts[g.name]}
            offers.append({
                "name": g.name, "title": g.title, "players": counts[g.name],
                "seats": {str(n): [g.seat_names[s] for s in g.seats(o)]
                          for n, o in options.items()},
                "colours": {str(n): [g.seat_names[s] for s in g.seat_choices(o)]
                            for n, o in options.items()},
                "seat_words": _seat_words(g),
                "places": self.places_of(g),  # the board's place of each seat
                "board_game": g.marbles is not None,
                "rules": g.rule_choices(),
                # How often each bot level beat the one below, as measured.
                "levels": strength(g),
                # A number the rules leave open (a match's length): its values and
                # the rules' own.
                "numbers": {name: {"values": values,
                                   "default": g.options_type().to_json()[name]}
                            for name, values in g.rule_numbers().items()}})
        return offers

    async def start_game(self, game_name: str, players: int, kinds: list[str],
                         rules: dict[str, bool | int] | None = None,
                         colours: list[str] | None = None,
                         names: dict[str, str] | None = None, hints: int = 0) -> None:
        """A new game; ``kinds`` are who plays each of ``colours`` (seat names), or
        each of the game's usual seats for the count when no colours are chosen;
        ``names`` are the players' names by colour (the colour's word if none)."""
        game = next((g for g in self.games if g.name == game_name), None)
        if game is None:
            raise Refused(422, "game", "this board does not play that game")
        if len(kinds) != players:
            raise Refused(422, "seats", f"{players} players need {players} seats")
        if players not in self.counts[game.name]:
            raise Refused(422, "players", f"this board is not for {game.title} with {players}")
        if self.joined is not None:
            raise Refused(409, "joined", "this table plays a game hosted in another home: "
                          "leave it first")
        asked = list(kinds)  # as the lobby says them, for the rematch
        if any(k in HOMES for k in kinds):
            if self.remote is None:
                raise Refused(409, "no-broker", "playing with another home needs a broker: "
                              "start the service with --remote mqtts://HOST")
            kinds = [f"remote:home{k[5:]}" if k in HOMES else k for k in kinds]
        data: dict[str, Any] = {"players": players, **(rules or {})}
        try:
            options = options_on(game, self.board, data)
        except ValueError as e:
            raise Refused(422, "rules", str(e)) from e
        if colours is not None:
            options = self._seated(game, options, data, colours)
        chosen = [game.seat_names.index(c) for c in colours] if colours else game.seats(options)
        who = dict(zip(chosen, kinds, strict=True))
        given = {c: n.strip() for c, n in (names or {}).items() if n.strip()}
        if set(given) - {game.seat_names[s] for s in chosen}:
            raise Refused(422, "names", "names are given to the colours that play")
        if any(len(n) > NAME_LENGTH for n in given.values()):
            raise Refused(422, "names", f"a name has at most {NAME_LENGTH} letters")
        if self.table is not None and not self.table.state.is_over():
            assert self.table.game_id is not None
            self.store.abandon(self.table.game_id)  # the old game is left unfinished
        await self.close_table()
        self.table = None
        self._moving = None
        seats = {s: who[s] for s in game.seats(options)}
        # The seats' links of the last game that no phone opened are forgotten; the
        # phones of the room keep their places, and play them in this game.
        self.room.forget_unopened()
        # Where each seat sits stays as it is until the game ends.
        self.seat_places = self.places_of(game, seats)
        tokens = self._tokens_for(game, seats, given, self.seat_places)
        for s, token in tokens.items():
            member = self.room.get(token)
            if member.phone:  # the name its player typed on the phone
                given[game.seat_names[s]] = member.name
        # The game, its links and names are saved together, before the deal: a kill
        # during the start leaves no game, or one every phone can join.
        await self._begin(game, seats, options,
                          {game.seat_names.index(c): n for c, n in given.items()}, resume=None,
                          links={game.seat_names[s]: t for s, t in tokens.items()},
                          names=given, hints=hints)
        self.setup = Setup(game.name, players, asked, dict(rules or {}),
                           list(colours) if colours else None, given, hints)
        self.tokens = tokens
        self._seat_the_room()
        await self._let_go_strangers()
        self.changed()

    def _seated(self, game: Game, options: Any, data: dict[str, Any],
                colours: list[str]) -> Any:
        """The options with the colours the players chose, if they may play together."""
        choices = {game.seat_names[s] for s in game.seat_choices(options)}
        if len(colours) != options.players or not set(colours) <= choices:
            raise Refused(422, "colours", f"{options.players} players choose "
                          f"{options.players} of: {', '.join(sorted(choices))}")
        if len(set(colours)) != len(colours):
            raise Refused(422, "colours", "each colour is played by one player")
        if "seating" not in options.to_json():  # a game whose players take the first places
            if {game.seat_names.index(c) for c in colours} != set(game.seats(options)):
                raise Refused(422, "colours", "this game's players take the first places")
            return options
        try:
            return options_on(game, self.board, {
                **data, "seating": [game.seat_names.index(c) for c in colours]})
        except ValueError as e:
            raise Refused(422, "colours", str(e)) from e

    # --- the room: phones and the places they play ------------------------------------

    def places_of(self, game: Game, seats: dict[int, str] | None = None) -> dict[str, str]:
        """Each of a game's seats' places on this board. A marble game's seat sits
        at the place of its name (or of its order); a card game, whose seats are
        only numbered, seats the people playing here (``seats``' "human"; all
        seats, before the game's seats are known) at the places the room's phones
        hold first, in the board's order: Player 1 and Player 2 are the first two
        phones. So a seat whose link a phone claimed keeps its place when the
        service starts again, and a bot never takes a phone's place."""
        places = self.room.places
        if game.marbles is not None:
            return {name: name if name in places else places[s]
                    for s, name in enumerate(game.seat_names)
                    if name in places or s < len(places)}
        held = [p for p in places if (h := self.room.holder(p)) is not None and h.phone]
        order = held + [p for p in places if p not in held]
        people = [name for s, name in enumerate(game.seat_names)
                  if seats is None or seats.get(s) == "human"]
        rest = [name for name in game.seat_names if name not in people]
        return dict(zip(people + rest, order, strict=False))

    def _tokens_for(self, game: Game, seats: dict[int, str], names: dict[str, str],
                    places: dict[str, str]) -> dict[int, str]:
        """Each seat a person plays: the secret of the phone that claimed its
        place, or a link of its own made for it (shown beside the seat)."""
        tokens = {}
        for s, kind in seats.items():
            if kind != "human":
                continue
            place = places.get(game.seat_names[s])
            holder = self.room.holder(place) if place is not None else None
            if holder is None:
                holder = self.room.seat_link(place, names.get(game.seat_names[s], ""))
            tokens[s] = holder.token
        return tokens

    def _seat_the_room(self) -> None:
        """After the room changed: each seat of the game on is played by the phone
        that holds its place now (a seat given up gets a link of its own), the
        changed links are saved with the game, and the room is kept."""
        table = self.table
        if table is None:
            self.room.forget_unopened()
            self.tokens = {}
        else:
            given = {table.names[s]: n for s, n in table.players.items()
                     if n != table.names[s]}
            tokens = self._tokens_for(table.game, table.seats, given, self.seat_places)
            changed = {table.names[s]: t for s, t in tokens.items() if self.tokens.get(s) != t}
            if changed and table.game_id is not None:
                self.store.save_tokens(table.game_id, changed)
            self.tokens = tokens
        # A code for each seat's link no phone has opened, leading to its claim; a
        # code someone may be reading off the screen is never changed under them.
        for s in self.codes.seats():
            if s != ROOM_CODE and s not in self.tokens:
                self.codes.forget(s)
        for s, token in self.tokens.items():
            claim = self.room.get(token).claim
            if claim is None:
                self.codes.forget(s)
            elif self.codes.token_for(s) != claim:
                self.codes.issue(s, claim)
        self._save_room()

    def _save_room(self) -> None:
        self.store.save_setting("room", self.room.to_json())

    async def _let_go_strangers(self) -> None:
        """Phones whose secret the room no longer knows (it left, or its link was
        made anew) are told their link is not valid."""
        gone = [c for c in self.clients
                if c.member is not None and self.room.find(c.member) is None]
        for client in gone:
            self.detach(client, let_go=False)
        for client in gone:
            await self._tell_closed(client, CLOSE_LINK)

    def seat_of(self, client: Client) -> int | None:
        """The seat a phone plays in the game on, or None (it watches)."""
        if client.member is None:
            return None
        return next((s for s, t in self.tokens.items() if t == client.member), None)

    def join_room(self, secret: str, name: str, place: str | None = None) -> Member:
        """A phone joins the room by the secret its QR code (or short code) gave."""
        if not self.room.is_secret(secret):
            raise Refused(401, "room", "this is not the room's code: scan the QR code "
                          "on the table screen again")
        self._check_moving(None, place)
        member = self.room.join(name, place)
        self._seat_the_room()
        self.changed()
        return member

    async def change_member(self, token: str, *, name: str | None = None,
                            place: str | None = None, set_place: bool = False) -> None:
        """A phone changes its name, or the place it plays (None: it watches)."""
        member = self.room.get(token)
        if set_place:  # before anything changes: a refused request changes nothing
            self._check_moving(member.place, place)
        if name is not None:
            self.room.rename(member.token, name)
        if set_place:
            self.room.claim(member.token, place)
        # A new name is the player's from the next game: the game on keeps the
        # names it was saved with.
        self._seat_the_room()
        await self._let_go_strangers()  # a seat's link given way to this phone
        self.changed()

    def _check_moving(self, place: str | None, wanted: str | None) -> None:
        """Refused while a game is played, for a phone that would take, leave or
        change a place one of its seats is played at: a place claimed would hand
        it that seat's hand (or take its own away). The host frees a colour, and
        the seat is then taken by its own link's claim, never by a place."""
        table = self.table
        if wanted == place or table is None or table.state.is_over():
            return
        played = {self.seat_places.get(table.names[s]) for s in table.seats}
        if place in played or wanted in played:
            raise Refused(409, "game-on", "the game is on: ask the host to free your colour")

    def claim_seat(self, claim: str) -> Member:
        """A seat's link opened on a phone: its claim gives the seat's secret, once.
        From now on the table screen says only that a phone plays the seat."""
        member = self.room.redeem(claim)
        self._seat_the_room()  # its short code is forgotten, and the claim gone for good
        self.changed()
        return member

    async def leave_room(self, token: str) -> None:
        """A phone leaves the room: its secret is good no more, its place is free."""
        self.room.leave(token)
        self._seat_the_room()
        await self._let_go_strangers()
        self.changed()

    async def remove_phone(self, joined: int) -> None:
        """The host sends a phone out of the room (a guest gone home, or a phone
        nobody at the table knows): its secret is good no more."""
        member = self.room.by_number(joined)
        if member is None:
            raise Refused(404, "phone", "no phone of the room has that number")
        self.room.leave(member.token)
        self._seat_the_room()
        await self._let_go_strangers()
        self.changed()

    async def free_place(self, place: str) -> None:
        """The host frees a place: the phone that held it watches from now on."""
        if place not in self.room.places:
            raise Refused(404, "place", "the board has no such place")
        self.room.free(place)
        self._seat_the_room()
        await self._let_go_strangers()
        self.changed()

    # --- screens come and go ------------------------------------------------------------

    def attach(self, client: Client) -> None:
        """A screen joins: it gets its first payload, then every change."""
        if client.member is not None:
            member = self.room.get(client.member)
            opened = not member.phone
            self.room.opened(member.token)
            if opened:  # a seat's member became a phone of the room
                self._seat_the_room()
        self.clients.append(client)
        client.sender = asyncio.get_running_loop().create_task(self._send_to(client))
        self._queue(client, self.payload_for(client))

    def detach(self, client: Client, *, let_go: bool = True) -> None:
        """A screen leaves, or is let go: nothing more is sent to it. ``let_go``
        ends its connection now; otherwise it is closed with a code (_tell_closed)."""
        with contextlib.suppress(ValueError):
            self.clients.remove(client)
        if client.member is not None and not any(c.member == client.member
                                                 for c in self.clients):
            self.room.left_for_now(client.member)
            with contextlib.suppress(RuntimeError):  # the table screen says it is away
                asyncio.get_running_loop().call_later(self.away_s + 0.1, self.changed)
        if let_go:
            client.gone.set()
        if client.sender is not None and client.sender is not asyncio.current_task():
            client.sender.cancel()

    async def _tell_closed(self, client: Client, code: int) -> None:
        """Close a screen's websocket with a code its page reads, if it still reads."""
        try:
            if client.close is not None:
                with contextlib.suppress(TimeoutError, OSError):
                    async with asyncio.timeout(self.send_timeout_s):
                        await client.close(code)
        finally:
            client.gone.set()  # closed, or not reading even that: the connection ends

    @staticmethod
    def _queue(client: Client, payload: dict[str, Any]) -> None:
        client.latest = payload
        client.wake.set()

    async def _send_to(self, client: Client) -> None:
        """Each screen's own sender: the newest payload, when the last has gone out."""
        while True:
            await client.wake.wait()
            client.wake.clear()
            payload, client.latest = client.latest, None
            if payload is None:
                continue
            try:
                async with asyncio.timeout(self.send_timeout_s):
                    await client.send(payload)
            except (TimeoutError, OSError):
                # Not reading, or gone (its connection says so as a ConnectionError):
                # let go, so that it holds nothing and stops nobody. Its page
                # reconnects if it is still there.
                self.dropped += 1
                self.detach(client)
                return
            self.sent += 1

    def is_full(self, member: str) -> bool:
        """A member's link is open on as many phones as one person may have."""
        return sum(1 for c in self.clients if c.member == member) >= PHONES_PER_SEAT

    async def _begin(self, game: Game, seats: dict[int, str], options: Any,
                     players: dict[int, str] | None = None, *, resume: int | None,
                     links: dict[str, str] | None = None,
                     names: dict[str, str] | None = None, hints: int = 0) -> None:
        homes = {s: k.split(":", 1)[1] for s, k in seats.items() if k.startswith("remote:")}
        self.notice = None
        # The host at the table screen is the one who may take a move back, in a game
        # played at this table alone: another home has already carried it out.
        table = table_for(game)(game, self.board, self.link, self.store, seats, options,
                                quiet_s=self.quiet_s, takeback=not homes, players=players)
        table.coach = Coach(hints)  # a resumed game's own is read back by start
        table.watchers.append(self.changed)
        table.bot_pace_s = self.bot_pace_s
        hosted = None
        if homes:
            assert self.remote is not None  # start_game and open see to it
            hosted = HostedGame(self.remote, table, homes, self.store, resume=resume,
                                log=self._remote_line, on_change=self.changed)
            hosted.begin()
        await table.start(resume, links=links, names=names)
        if hosted is not None:
            hosted.start()
        self.hosted = hosted
        self.table = table
        if self.sim is not None and game.marbles is not None:
            # The players set the board up as the game stands.
            self.sim.physical.setup(table.map.setup(table.state))
            self.hand = SimulatedHand(self.sim.physical, game, table.map, random.Random(),
                                      pace_s=self.pace_s)
            pace_hand(self.hand, self.sim)
            self._tasks.append(asyncio.create_task(
                carry_out_bot_moves(lambda: self.table, self.hand, self.bot_pace_s)))
        self._tasks.append(asyncio.create_task(table.run()))

    async def to_lobby(self) -> None:
        """Abandon the game on (it stays unfinished in the store) or leave the one
        over: the table goes back to the lobby, which keeps the names and who
        played each colour. The room's phones stay, each with its place; the links
        made for seats no phone opened are good no more."""
        if self.table is None and self.joined is None:
            raise Refused(409, "no-game", "no game is being played")
        if self.joined is not None:
            self.joined.forget()  # left: the host plays on without this table
        elif self.table is not None:
            if self.hosted is not None and not self.table.state.is_over():
                await self.hosted.abandon()  # the other homes are told; the logins go
                self.hosted = None
            self.table.abandon()
        await self.close_table()
        self.table = None
        self._moving = None
        self.hand = None
        self._seat_the_room()
        await self._let_go_strangers()
        if self.sim is not None:  # the marbles go back to their START rows
            self.sim.physical.setup([h.id for h in self.board.holes if h.role == "start"])
        self.changed()

    async def rematch(self) -> None:
        """The last game again: the same colours, players, names and rules."""
        setup = self.setup
        if setup is None:
            raise Refused(409, "no-game", "no game has been played yet")
        await self.start_game(setup.game, setup.players, setup.kinds, setup.rules,
                              setup.colours, setup.names, setup.hints)

    async def new_link(self, seat_name: str) -> None:
        """A seat's link made anew (a phone lost, or the link seen by someone
        else): a new claim for a new member; the old claim and the old member's
        secret are refused from now on, and its phones are told so. A phone of the
        room playing it leaves the room."""
        table = self.table
        if table is None:
            raise Refused(409, "no-game", "no game is being played")
        seat = self.seat_names.index(seat_name) if seat_name in self.seat_names else -1
        if seat not in self.tokens:
            raise Refused(404, "seat", "that seat is not played from a phone")
        self.room.leave(self.tokens[seat])
        self._seat_the_room()  # a new link for the seat, saved with the game
        await self._let_go_strangers()
        self.changed()

    async def close_table(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._tasks = []
        if self.table is not None:
            self.table.close()
        if self.hosted is not None:
            await self.hosted.stop()
            self.hosted = None
        if self.joined is not None:
            await self.joined.stop()
            self.joined = None

    # --- games shared with another home --------------------------------------------

    async def join_remote(self, text: str) -> None:
        """This table joins a game hosted in another home, by its invitation."""
        try:
            invitation = Invitation.parse(text, insecure=self._insecure)
        except ValueError as e:
            raise Refused(422, "invitation", str(e)) from e
        if self.table is not None and not self.table.state.is_over():
            raise Refused(409, "playing", "a game is being played here: back to the lobby first")
        await self.close_table()
        self.table = None
        await self._join(invitation, resume=False)
        self.changed()

    @property
    def _insecure(self) -> bool:
        """Whether a broker without TLS on another machine was allowed (--insecure-broker)."""
        return self.remote is not None and self.remote.insecure

    async def _join(self, invitation: Invitation, *, resume: bool) -> None:
        self.joined = JoinedGame(invitation, self.board, self.link, self.store,
                                 ca=self.remote.ca if self.remote else None,
                                 quiet_s=self.quiet_s, on_table=self._joined_table,
                                 log=self._remote_line, on_change=self.changed, resume=resume,
                                 on_abandoned=self._host_abandoned)
        await self.joined.start()

    def _host_abandoned(self) -> None:
        """The host abandoned the game this table joined: back to the lobby, which
        says why."""
        self.notice = ["log.remote_abandoned", {}]
        # Not one of the table's tasks: going to the lobby ends those.
        self._leaving = asyncio.get_running_loop().create_task(self.to_lobby())

    def _joined_table(self, table: Table) -> None:
        """The host said which game (or set it up again): this is the table now."""
        for task in self._tasks:
            task.cancel()
        self._tasks = []
        self.table = table
        self._moving = None
        self.notice = None
        table.watchers.append(self.changed)
        table.bot_pace_s = self.bot_pace_s
        self.seat_places = self.places_of(table.game, table.seats)
        self._seat_the_room()
        if self.sim is not None and table.game.marbles is not None:
            # The people at this board set it up as the game stands.
            self.sim.physical.setup(table.map.setup(table.state))
            self.hand = SimulatedHand(self.sim.physical, table.game, table.map, random.Random(),
                                      pace_s=self.pace_s)
            pace_hand(self.hand, self.sim)
            self._tasks.append(asyncio.create_task(
                carry_out_bot_moves(lambda: self.table, self.hand, self.bot_pace_s)))
        self.changed()

    async def nudge(self) -> bool:
        """Remind the home whose seat is to play that it is their move."""
        shared = self.hosted or self.joined
        if shared is None:
            raise Refused(409, "not-shared", "this game is played at this table alone")
        return shared.nudge()

    def _remote_line(self, line: str) -> None:
        self.remote_log.append(line)
        del self.remote_log[:-100]
        print(f"  [remote] {line}", flush=True)

    def _remote_payload(self, admin: bool) -> dict[str, Any] | None:
        """The homes of a shared game: their seats and players, who is connected,
        whose move it is, and for the host's table screen each home's invitation."""
        if self.hosted is not None:
            homes = self.hosted.homes(admin)
            for home in homes:
                if "invitation" in home:
                    home["qr"] = _qr_svg(home["invitation"])
            return {"role": "host", "broker": self.hosted.config.broker.url, "homes": homes,
                    "problem": self.hosted.link.problem}
        if self.joined is not None:
            return {"role": "guest", "broker": self.joined.invitation.broker.url,
                    "connected": self.joined.connected, "homes": self.joined.homes(),
                    "problem": self.joined.link.problem}
        return None

    # --- who is who -------------------------------------------------------------------

    def check_admin(self, token: str) -> None:
        """The table's own link, or the host's phone."""
        table = secrets.compare_digest(token.encode(), self.admin_token.encode())
        if not table and not self.room.is_host(token):
            raise Refused(401, "token", "this link is not the table's")

    @property
    def seat_names(self) -> tuple[str, ...]:
        if self.table is not None:
            return self.table.names
        return tuple(name for g in self.games for name in g.seat_names)

    def check_seat(self, seat_name: str, token: str) -> int:
        names = self.seat_names
        if seat_name not in names:
            raise Refused(404, "seat", "there is no such seat")
        seat = names.index(seat_name)
        expected = self.tokens.get(seat, "")
        # Compare in constant time, and against something even for a seat with no link.
        ok = secrets.compare_digest(token.encode(), (expected or "\0").encode())
        if not ok or not expected:
            raise Refused(401, "token", "this link is not the seat's: scan its QR code again")
        return seat

    def seat_link(self, seat: int) -> str | None:
        """A seat's own link while no phone has opened it: its one-time claim, never
        the member's secret (everyone in the room may read it off the screen).
        None once a phone has."""
        claim = self.room.get(self.tokens[seat]).claim
        return None if claim is None else f"{self.base_url}/seat/{self.seat_names[seat]}?c={claim}"

    def follow_address(self, base_url: str, names: list[str]) -> None:
        """The service's address changed (the network came up): the links follow."""
        self.base_url, self.other_bases = base_url, names
        self.changed()

    # --- what players do ---------------------------------------------------------------

    def _table_for(self, seat: int, turn: int) -> Table:
        table = self.table
        if table is None:
            raise Refused(409, "no-game", "no game is being played")
        if turn != table.state.turns:
            raise Refused(409, "stale", "the game has moved on: this request is out of date")
        if table.state.current != seat:
            raise Refused(409, "not-your-turn", "it is not your turn")
        return table

    async def choose_card(self, seat: int, card: str | None, turn: int) -> None:
        """A card picked on the phone (None: put back): the group of moves the
        phone lists, the card's rank where two cards of a rank play alike,
        else the card itself. The board is not told."""
        table = self._table_for(seat, turn)
        if self._moving == (table, turn):
            raise Refused(409, "moving", "your move is being made")
        group = None
        if card is not None:
            game, state = table.game, table.state
            if card not in game.private(state, seat).get("hand", []):
                raise Refused(409, "not-held", "you do not hold that card")
            groups = {g for a in state.legal_actions() if (g := game.action_group(state, a))}
            group = card if card in groups or any(len(g) > 1 for g in groups) else card[0]
            self._chosen[seat] = (table, turn, group)
        else:
            self._chosen.pop(seat, None)
        if table.group is not None and table.group != group:
            # The board stops showing a card the player has put back.
            await table.choose(seat, None)
        self.changed()

    def chosen_card(self, seat: int) -> str | None:
        """The rank the seat's phone has chosen this turn, if any."""
        table = self.table
        chosen = self._chosen.get(seat)
        if table is None or chosen is None or chosen[:2] != (table, table.state.turns):
            return None
        return chosen[2]

    async def show_on_board(self, seat: int, show: bool, turn: int, hint: bool = False) -> None:
        """The player asks the board to light the chosen card's moves, or this
        turn's hint (``hint``), or to stop: everyone at the table sees them, so it
        is the player's choice."""
        table = self._table_for(seat, turn)
        if self._moving == (table, turn):
            raise Refused(409, "moving", "your move is being made")
        if hint:
            if table.hinted is None:
                raise Refused(409, "no-hint", "ask for a hint first")
            await table.show_hint(seat, show)
            self.changed()
            return
        group = self.chosen_card(seat)
        if show and group is None:
            raise Refused(409, "no-card", "choose a card first")
        await table.choose(seat, group if show else None)
        self.changed()

    async def play(self, seat: int, move: str, turn: int) -> str:
        table = self._table_for(seat, turn)
        if self._moving == (table, turn):
            raise Refused(409, "moving", "a move has already been chosen this turn")
        try:
            action = table.game.parse_action(table.state, move)
        except RuleError as e:
            # Refusals never repeat what was sent: the payload lists the legal moves.
            raise Refused(409, "illegal", "that move is not legal here") from e
        # Taken before the first await: a second request for this turn, arriving
        # meanwhile, must find it.
        self._moving = (table, turn)
        try:
            await table.choose(seat, table.game.action_group(table.state, action))
        except BaseException:
            self._moving = None
            raise
        if isinstance(table, ScreenTable):
            try:
                await table.play_on_screen(seat, action)
            except ValueError as e:
                raise Refused(409, "illegal", "that move is not legal here") from e
            finally:
                self._moving = None
            return "played"
        await table.announce(seat, action)
        self.changed()  # the phones lock their buttons
        if self.hand is None:
            return "move-marbles"  # a real board: the player moves them, the lights show how
        work = asyncio.get_running_loop().create_task(
            asyncio.to_thread(self.hand.perform, table.state.clone(), action))
        work.add_done_callback(functools.partial(self._moved, table, turn))
        return "moving"

    async def play_steps(self, seat: int, moves: list[str], turn: int) -> None:
        """A move the game takes in steps, made on one screen and sent whole (a
        bid: its place, its cards, then down: ``Game.composed``): every step is checked on
        a copy of the game first, and only then played, so a bid that cannot be
        made changes nothing. Every step is the same seat's; a card game's only (a
        marble game's moves are read from the board, one at a time)."""
        table = self._table_for(seat, turn)
        if not isinstance(table, ScreenTable):
            raise Refused(409, "one-move", "this game's moves are made one at a time")
        if self._moving == (table, turn):
            raise Refused(409, "moving", "a move has already been chosen this turn")
        state = table.state.clone()
        plan = []  # each step, and the turns played before it
        for n, move in enumerate(moves):
            if state.current != seat:
                raise Refused(409, "illegal", "those steps are not one move of yours")
            try:
                action = table.game.parse_action(state, move)
            except RuleError as e:
                raise Refused(409, "illegal", f"step {n + 1} is not legal there") from e
            plan.append((state.turns, action))
            state.apply(action)
        self._moving = (table, turn)
        if isinstance(table, GuestPart):  # sent whole to the host, which makes each step
            try:
                await table.commit_steps([action for _before, action in plan])
            finally:
                self._moving = None
            self.changed()
            return
        try:
            for before, action in plan:
                if table.state.turns != before:
                    continue  # the table made it already: it was the only step left
                await table.play_on_screen(seat, action)
        finally:
            self._moving = None
        self.changed()

    async def hint(self, seat: int, turn: int) -> dict[str, Any]:
        """A hint for the seat's person (the coach): the move, in the notation and
        in words, for this phone alone (the log says only that a hint was taken);
        lit on the board at once where the seat holds nothing hidden, else when the
        phone asks (``show_on_board``)."""
        table = self._table_for(seat, turn)
        try:
            action = await table.hint(seat)
        except ValueError as e:
            raise Refused(409, "no-hint", str(e)) from e
        self.changed()
        return {"move": table.game.action_text(table.state, action),
                "words": audience.move_words(table.game, table.state, action, seat,
                                             Audience.seat(seat))}

    def go_on(self) -> None:
        """The people at the table have seen the bot's move announced: it is made."""
        if self.table is None or not self.table.go_on():
            raise Refused(409, "nothing-coming", "no bot's move is waiting to be seen")

    def moving(self) -> bool:
        """Whether a move a phone chose this turn is still being made on the board."""
        table = self.table
        return table is not None and self._moving == (table, table.state.turns)

    def _moved(self, table: Table, turn: int, work: asyncio.Task[None]) -> None:
        """The simulated hand is done; if it could not move the marbles, the turn
        is open again."""
        failed = work.cancelled() or work.exception() is not None
        if failed and self._moving == (table, turn):
            self._moving = None
            self.changed()

    async def answer(self, seat: int, move: str, turn: int) -> None:
        table = self._table_for(seat, turn)
        question = table.status.question
        if question is None or question.seat != seat:
            raise Refused(409, "no-question", "there is no question to answer")
        if move not in question.texts:
            raise Refused(409, "illegal", f"answer one of: {', '.join(question.texts)}")
        await table.answer(seat, question.actions[question.texts.index(move)])

    async def drag(self, from_id: str, to_id: str) -> None:
        """A marble dragged on the simulated board: lifted from one hole, put in
        another, as a hand would. A playing piece (a Stomper) is dragged the same
        way, and pushed down on a marble it is dragged onto, which falls through."""
        if self.sim is None:
            raise Refused(409, "not-simulated", "the board is real: move the marble by hand")
        for hole_id in (from_id, to_id):
            if hole_id not in self.board:
                raise Refused(404, "hole", "there is no such hole")
        physical = self.sim.physical
        held = physical.occupied()
        piece, to_piece = self._piece_sensor(from_id), self._piece_sensor(to_id)
        if piece is not None and piece in held:
            if to_piece is None or to_piece in held:
                raise Refused(409, "hole-taken", "no piece can stand in that hole")
            physical.set(piece, False)
            physical.set(from_id, False)
            await asyncio.sleep(self.pace_s)
            physical.set(to_id, False)  # the marble under it drops into the tray
            await asyncio.sleep(self.pace_s / 2)
            physical.set(to_id, True)
            physical.set(to_piece, True)
            self.changed()
            return
        if from_id not in physical.occupied_holes():
            raise Refused(409, "no-marble", "there is no marble there to move")
        if to_id in physical.occupied_holes():
            raise Refused(409, "hole-taken", "that hole holds a marble already")
        physical.set(from_id, False)
        await asyncio.sleep(self.pace_s)  # the marble is in the hand a moment
        physical.set(to_id, True)
        self.changed()  # in the lobby no game watches the board: the screens are told here

    async def toggle(self, hole_id: str) -> None:
        """Lift or place a marble on the simulated board, as a click on the table
        screen. A playing piece standing in the hole is lifted off; an empty hole
        where the game wants a piece to stand (putting the board back after a
        takeback) gets the piece."""
        if self.sim is None:
            raise Refused(409, "not-simulated", "the board is real: move the marble by hand")
        if hole_id not in self.board:
            raise Refused(404, "hole", "there is no such hole")
        physical = self.sim.physical
        held = physical.occupied()
        piece = self._piece_sensor(hole_id)
        table = self.table
        wanted = (table is not None and table.game.marbles is not None
                  and hole_id in table.game.marbles.target(table.state).pieces)
        if piece is not None and piece in held:
            physical.set(piece, False)
            physical.set(hole_id, False)
        elif piece is not None and wanted and hole_id not in physical.occupied_holes():
            physical.set(hole_id, True)
            physical.set(piece, True)
        else:
            physical.set(hole_id, hole_id not in physical.occupied_holes())
        self.changed()

    def _piece_sensor(self, hole_id: str) -> int | None:
        return self.board.hole(hole_id).piece_sensor

    async def takeback(self) -> bool:
        if self.table is None:
            return False
        if self.table.state.is_over():
            raise Refused(409, "over", "the game is over and its record shown to everyone: "
                          "no move can be taken back")
        taken = await self.table.takeback()
        if taken:
            self._moving = None  # the turn is played again
        return taken

    # --- what clients see ------------------------------------------------------------------

    def seat_payload(self, seat: int) -> dict[str, Any]:
        table = self.table
        if table is None:
            return {"type": "seat", "seat": self.seat_names[seat], "state": "lobby"}
        state, game, names = table.state, table.game, table.names
        own = Audience.seat(seat)
        view = audience.view(game, state, audience.of_screen(state, seat))
        mine = state.current == seat
        # The seat's own moves: said whole, for they are its own.
        moves = [_move(game, state, a, names) for a in state.legal_actions()] if mine else []
        question = table.status.question
        public = game.public(state)
        private = audience.private(game, state, own)  # its own, at the end too
        mine_public = public.pop("seats", {}).get(names[seat], {})
        hinted = table.hinted if mine else None
        return {
            "type": "seat", "game": game.name, "title": game.title, "seat": names[seat],
            "state": _phase(table), "position": view.position, "turns": state.turns,
            "turn": names[state.current] if state.current >= 0 else None,
            **private, "mine": [k for k in private if k != "hand"], "public": public,
            "moves": moves, "chosen": self.chosen_card(seat) if mine else None,
            "compose": game.composed(state, seat) if mine and question is None else None,
            "shown": table.group if mine else None,  # what the board lights for this seat
            "board_game": game.marbles is not None,  # a card game shows no board picture
            "marbles": _marbles_drawn(table),  # the board is public: the phone draws it
            **_pieces(table, self.seat_places),
            # A move being carried out; at a table joined from another home, one sent
            # to the host, or a board being set up as the host's steps left it.
            "moving": mine and (self._moving == (table, state.turns)
                                or (isinstance(table, GuestPart)
                                    and (table.sent is not None or table.restoring))),
            "question": question.texts if question is not None and question.seat == seat
            else None,
            "forfeited": bool(mine_public.get("forfeited")),
            # The coach: hints left to this person in the game, and this turn's, in
            # words for this phone alone; whether the board lights it now.
            "coach": ({"allowed": table.coach.allowed, "left": table.coach.left(names[seat]),
                       "hint": game.action_text(state, hinted) if hinted is not None else None,
                       "words": audience.move_words(game, state, hinted, seat, own)
                       if hinted is not None else None,
                       "lit": hinted is not None and table.hint_shown}
                      if table.coach.allowed and table.seats.get(seat) == "human" else None),
            "winners": table.record.winners, "result": table.result_words(),
            "standings": [{"seat": names[s], "name": who, "score": n}
                          for s, who, n in table.standings()],
            "log": table.status.log[-8:],
            "names": _names(table),
            "simulated": self.sim is not None,
        }

    def member_payload(self, token: str) -> dict[str, Any]:
        """What a phone of the room shows: its seat's, when it plays in the game
        on, else the game as everyone sees it; and the room."""
        seat = next((s for s, t in self.tokens.items() if t == token), None)
        payload = self.seat_payload(seat) if seat is not None else self.watch_payload()
        payload["room"] = self._room_for(token)
        if self.room.is_host(token):
            # The host's phone runs the evening as the table screen's link does.
            payload["host"] = {"state": _phase(self.table), **self._lobby_controls(),
                               "coming": _coming(self.table) if self.table else None}
        return payload

    def _lobby_controls(self) -> dict[str, Any]:
        """What the lobby needs to start a game: the games offered, the last setup,
        and the games waiting for another board."""
        return {"games": self.lobby(), "hints": list(HINT_CHOICES),
                "homes": list(HOMES) if self.remote is not None else [],
                "setup": self.setup.to_json() if self.setup else None,
                "waiting": [{"n": w.game_id, "game": w.game, "title": w.title,
                             "layout": w.layout} for w in self.waiting]}

    def watch_payload(self) -> dict[str, Any]:
        """The game on as everyone sees it, for a phone that plays no seat in it."""
        table = self.table
        if table is None:
            return {"type": "seat", "seat": None, "state": "lobby"}
        state, game = table.state, table.game
        public = game.public(state)
        public.pop("seats", None)
        return {
            "type": "seat", "game": game.name, "title": game.title, "seat": None,
            "state": _phase(table), "turns": state.turns,
            "position": audience.view(game, state, audience.of_screen(state, None)).position,
            "turn": table.names[state.current] if state.current >= 0 else None,
            "public": public, "moves": [], "board_game": game.marbles is not None,
            "marbles": _marbles_drawn(table), **_pieces(table, self.seat_places),
            "winners": table.record.winners, "result": table.result_words(),
            "standings": [{"seat": table.names[s], "name": who, "score": n}
                          for s, who, n in table.standings()],
            "log": table.status.log[-8:], "names": _names(table),
            "simulated": self.sim is not None,
        }

    def _room_for(self, token: str) -> dict[str, Any]:
        """The room as a phone sees it: itself, every phone, and the places."""
        me = self.room.get(token)
        return {"me": {"name": me.name, "place": me.place, "host": self.room.is_host(token)},
                **self._room_public()}

    def _room_public(self) -> dict[str, Any]:
        """The room as the table screen shows it: who has joined, and where."""
        online = {c.member for c in self.clients if c.member is not None}
        host = self.room.host
        holders = {p: self.room.holder(p) for p in self.room.places}
        playing = {t: self.seat_names[s] for s, t in self.tokens.items()} if self.table else {}
        return {
            # The seat each phone plays in the game on: its colour there (a
            # Stomper's) may not be its place's.
            "phones": [{"n": m.joined, "name": m.name, "place": m.place,
                        "seat": playing.get(m.token), "online": m.token in online,
                        "host": m is host}
                       for m in self.room.phones()],
            "places": [{"place": p, "taken": h is not None and h.phone,
                        "by": h.name if h is not None and h.phone else None}
                       for p, h in holders.items()],
        }

    def room_link(self) -> str:
        return f"{self.base_url}/join?r={self.room.secret}"

    def table_payload(self, admin: bool) -> dict[str, Any]:
        table = self.table
        payload: dict[str, Any] = {"type": "table", "state": _phase(table),
                                   "simulated": self.sim is not None}
        occupied = self.link.occupied if self.sim is None else self.sim.physical.occupied()
        holes: dict[str, dict[str, Any]] = {}
        colours = _marble_colours(table) if table else {}
        pieces = (_pieces(table, self.seat_places) if table else
                  {"palette": {}, "pieces": [], "seat_words": {}, "seat_colours": {}})
        for h in self.board.holes:
            if h.sensor in occupied:
                # A marble the game does not place is drawn in its row's colour.
                row = h.seat if h.role in ("start", "home") else "white"
                holes[h.id] = {"m": colours.get(h.id, row)}
                if h.id in pieces["pieces"]:
                    holes[h.id]["p"] = 1
        payload["palette"] = pieces["palette"]
        payload["seat_words"] = pieces["seat_words"]
        payload["seat_colours"] = pieces["seat_colours"]
        if table is not None and table.lights is not None:
            _add_lights(self.board, table.lights, holes)
        payload["holes"] = holes
        # The room's QR code and short code are for everyone in the room to see:
        # they let a phone join and claim a free place, nothing more.
        payload["room"] = {"url": self.room_link(), "qr": _qr_svg(self.room_link()),
                           "code": self.codes.code_for(ROOM_CODE),
                           "join": [self.base_url, *self.other_bases], **self._room_public()}
        if admin:
            payload.update(self._lobby_controls())
        payload["remote"] = self._remote_payload(admin)
        payload["notice"] = self.notice if table is None else None
        if table is not None:
            state, game, names = table.state, table.game, table.names
            seen = audience.of_screen(state, None)  # the public's; everyone's at the end
            view = audience.view(game, state, seen)
            public = game.public(state)
            per_seat = public.pop("seats", {})
            payload.update({
                "game": game.name, "title": game.title,
                "position": view.position, "turns": state.turns,
                "rules": {k: v for k, v in state.opts.to_json().items()
                          if isinstance(v, bool)},
                "turn": names[state.current] if state.current >= 0 else None,
                "public": public,
                "seats": [{"seat": names[s], "kind": k, **per_seat.get(names[s], {}),
                           "phones": sum(1 for c in self.clients if self.seat_of(c) == s),
                           "away": self._away(s)}
                          for s, k in table.seats.items()],
                "winners": table.record.winners, "result": table.result_words(),
                "standings": [{"seat": names[s], "name": who, "score": n}
                              for s, who, n in table.standings()],
                "log": table.status.log[-12:],
                "names": _names(table),
                "coming": _coming(table),
                "mistakes": table.status.mistakes,
                "commitments": [c.commitment[:16] for c in table.record.chances if c.secret],
                "moves": sum(1 for m in table.record.moves if chance_index(m) is None),
                # Hints taken, by player: the game was played with help.
                "hints": {table.players[names.index(n)]: k
                          for n, k in table.coach.counts().items()},
            })
            if seen.everything:
                # Every deck and roll is revealed: the screen checks them against
                # their commitments and offers the record that `marbleboard verify` reads.
                payload["record"] = table.record.to_json(reveal=True)
            if admin:
                payload["takeback"] = table.can_take_back()
                payload["put_back"] = self._put_back(table)
                # Each seat a person plays, and whether a phone of the room plays
                # it; one no phone has opened shows its own QR code to scan, which
                # carries its claim. A phone's secret is never here: this payload
                # is the host's phone's too, and the host plays no seat but its own.
                links: dict[str, dict[str, Any]] = {}
                for s in self.tokens:
                    url = self.seat_link(s)
                    links[names[s]] = {"phone": True} if url is None else {
                        "url": url, "qr": _qr_svg(url), "code": self.codes.code_for(s),
                        "phone": False}
                payload["links"] = links
                payload["join"] = [self.base_url, *self.other_bases]  # where codes are typed
        return payload

    def _away(self, seat: int) -> bool:
        """A person's seat whose phone has been gone for a while."""
        token = self.tokens.get(seat)
        member = self.room.find(token) if token is not None else None
        return bool(member is not None and member.phone and member.gone_since is not None
                    and self.room.clock() - member.gone_since >= self.away_s)

    async def hand_to_bot(self, seat_name: str, kind: str) -> None:
        """The host hands a person's seat to a bot for the rest of the game: its
        phone watches from now on."""
        table = self.table
        if table is None or table.state.is_over():
            raise Refused(409, "no-game", "no game is being played")
        if kind not in SEAT_KINDS or kind == "human":
            raise Refused(422, "kind", "a bot: " + ", ".join(SEAT_KINDS[1:]))
        seat = table.names.index(seat_name) if seat_name in table.names else -1
        if table.seats.get(seat) != "human":
            raise Refused(404, "seat", "that seat is not played by a person")
        if any(self.seat_of(c) == seat for c in self.clients):
            # Its person is there to play: only a phone gone (or never opened) gives way.
            raise Refused(409, "connected", f"{table.players[seat]}'s phone is connected: "
                          "they can play, or leave the table first")
        await table.hand_to_bot(seat, kind)
        if self.setup is not None and self.setup.colours and seat_name in self.setup.colours:
            self.setup.kinds[self.setup.colours.index(seat_name)] = kind  # for a rematch
        self._seat_the_room()
        self.changed()

    def _put_back(self, table: Table) -> dict[str, list[Any]] | None:
        """After a takeback, the holes to empty and to fill until the board is as
        the game stands again (what the lights show), or None. A hole's piece
        sensor (a Stomper's) wants the piece lifted or set there, not a marble."""
        if not table.restoring:
            return None
        extra, missing = table.map.differences(table.occupied, table.map.target(table.state))
        by_sensor = self.board.by_sensor
        pieces = {h.piece_sensor: h for h in self.board.holes if h.piece_sensor is not None}

        def said(sensors: list[int], piece: bool) -> list[Any]:
            holes: list[str] = []
            for s in sensors:
                hole = pieces[s] if s in pieces else by_sensor.get(s)
                if hole is None or (s in pieces) != piece:
                    continue
                if piece or hole.piece_sensor not in sensors:  # a piece is the marble too
                    holes.append(hole.id)
            return [table.game.hole_words(table.options, h) for h in dict.fromkeys(holes)]

        return {"lift": said(extra, False), "place": said(missing, False),
                "lift_piece": said(extra, True), "place_piece": said(missing, True)}

    def payload_for(self, client: Client) -> dict[str, Any]:
        if client.member is not None:
            return self.member_payload(client.member)
        return self.table_payload(client.admin)

    def changed(self) -> None:
        """Something moved: every client gets a fresh payload, soon (coalesced)."""
        if self._pending:
            return
        self._pending = True
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().call_soon(self._broadcast)

    def _broadcast(self) -> None:
        """Hand each screen its newest payload; nothing here waits for any of them."""
        self._pending = False
        payloads: dict[tuple[str | None, bool], dict[str, Any]] = {}
        for client in self.clients:
            key = (client.member, client.admin)
            if key not in payloads:  # several screens of one kind share one payload
                payloads[key] = self.payload_for(client)
            self._queue(client, payloads[key])


def _phase(table: Table | None) -> str:
    if table is None:
        return "lobby"
    return "over" if table.state.is_over() else "playing"


def _names(table: Table) -> dict[str, str]:
    """Seat name -> the player's name (a colour's word where none was given)."""
    return {table.names[s]: name for s, name in table.players.items()}


def _move(game: Game, state: GameState, action: int, names: tuple[str, ...]) -> dict[str, Any]:
    """A legal move as a phone shows it: in words, in the notation, and on the board
    picture (the holes its marble passes, where it lands, the marbles it knocks home)."""
    path: list[str] = []
    knocks: list[dict[str, str]] = []
    if game.marbles is not None:
        path = list(game.marbles.path(state, action))
        knocks = [{"hole": hole, "seat": names[seat]}
                  for hole, seat in game.marbles.knocked(state, action)]
    return {"text": game.action_text(state, action), "words": game.action_words(state, action),
            "card": game.action_group(state, action), "path": path,
            "to": path[-1] if path else None, "knocks": knocks}


def _marble_colours(table: Table) -> dict[str, str]:
    """Hole id -> the colour of the marble the game puts there: its seat's, or a
    colour of its own (a word of the rules' ``palette``)."""
    if table.game.marbles is None:
        return {}
    rules = table.painter.rules
    return {**{h: table.names[seat] for h, seat in rules.marbles(table.state).items()},
            **rules.colours(table.state)}


def _coming(table: Table) -> dict[str, Any] | None:
    """A bot's move about to be made, in words, for the table screen to announce."""
    action = table.coming
    if action is None or table.state.is_over():
        return None
    # A card game's bot move is made after its pace or once seen; a marble game's
    # waits for the marbles, moved by hand.
    state = table.state
    # Said to the whole table: a card a bot puts face down is "a card".
    return {"seat": table.names[state.current],
            "words": audience.move_words(table.game, state, action, state.current, PUBLIC),
            "go_on": isinstance(table, ScreenTable)}


def _seat_words(game: Game) -> dict[str, str]:
    """Each seat's word where its player gave no name: the lobby's and the board
    pictures' (a marble's letter)."""
    return {name: game.seat_word(s) for s, name in enumerate(game.seat_names)}


def _pieces(table: Table, places: dict[str, str]) -> dict[str, Any]:
    """What the board pictures need beyond seats' colours: the colours of marbles
    that are nobody's, and the holes where a playing piece (a Stomper) stands. A
    card game's numbered seats take the colours of the board's places they sit at
    (``places``)."""
    if table.game.marbles is None:
        return {"palette": {}, "pieces": [], "seat_words": {}, "seat_colours": dict(places)}
    rules = table.painter.rules
    game = table.game
    return {"palette": dict(rules.palette),
            "pieces": sorted(rules.target(table.state).pieces),
            # The colour a seat plays in where the game gives it one (its Stomper's).
            "seat_colours": {table.names[s]: word for s in table.seats
                             if (word := rules.seat_colour(table.state, s)) is not None},
            # A marble's letter comes from its seat's word: "R" for red, not the
            # "P" of every "Player n" place.
            "seat_words": _seat_words(game)}


def _marbles_drawn(table: Table) -> dict[str, str]:
    """Hole id -> the colour of the marble in it as the game stands, the marbles
    waiting in a START row drawn in its first holes (the game counts them, it does
    not place them)."""
    if table.game.marbles is None:
        return {}
    rules = table.painter.rules
    drawn = _marble_colours(table)
    waiting = dict(rules.target(table.state).pools)
    for seat in table.seats:
        row = tuple(rules.pool(table.state, seat))
        for hole in row[:waiting.get(row, 0)]:
            drawn.setdefault(hole, table.names[seat])
    return drawn


def _add_lights(board: Board, lights: LightState, holes: dict[str, dict[str, Any]]) -> None:
    for led, value in enumerate(lights.state):
        if not value:
            continue
        item = board.by_led.get(led)
        if item is None:
            continue
        r, g, b = lights.palette[(value & 15) - 1]
        entry = holes.setdefault(item.id, {})
        entry["l"] = f"#{r:02x}{g:02x}{b:02x}"
        entry["e"] = Effect(value >> 4).name.lower()
    for pal, _step, path in lights.chases:
        r, g, b = lights.palette[pal - 1]
        for led in path:
            item = board.by_led.get(led)
            if item is not None:
                holes.setdefault(item.id, {}).setdefault("l", f"#{r:02x}{g:02x}{b:02x}")
                holes[item.id].setdefault("e", "chase")


@functools.lru_cache(maxsize=16)  # a seat's link does not change: draw its code once
def _qr_svg(url: str) -> str:
    # Without a fixed size (a viewBox instead): the page draws it as large as it wants.
    return str(segno.make(url, error="m").svg_inline(scale=3, border=2, omitsize=True))
