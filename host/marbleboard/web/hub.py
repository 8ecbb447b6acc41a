"""The hub between the table and the screens: who may see what, and who may do what.

Every payload a client receives is built here from a seat's view (or the public
view), never from the full state: a phone gets its own hand and nothing else
hidden, the table screen gets no hand at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import segno

from ..board import Board
from ..games.cards import RANKS, card_name
from ..games.wampoo import SEAT_NAMES, Options, RuleError
from ..games.wampoo.notation import action_text, parse_action
from ..games.wampoo.views import public_view, seat_view
from ..link import BoardLink, LightState
from ..link.lights import Effect
from ..sim import SimulatedPico
from ..table.hand import SimulatedHand, carry_out_bot_moves
from ..table.service import QUIET_S, Table
from ..table.store import GameStore
from .joincodes import JoinCodes

SEAT_KINDS = ("human", "bot:random", "bot:greedy", "bot:search")


class Refused(Exception):
    """A request that changes nothing: status and a code the pages translate."""

    def __init__(self, status: int, code: str, detail: str):
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail


@dataclass
class Client:
    seat: int | None  # None: a table screen
    admin: bool
    send: Callable[[dict[str, Any]], Awaitable[None]]


class TableHub:
    def __init__(self, board: Board, link: BoardLink, store: GameStore,
                 sim: SimulatedPico | None = None, *, quiet_s: float = QUIET_S,
                 admin_token: str | None = None, base_url: str = "", pace_s: float = 0.05):
        self.board = board
        self.link = link
        self.store = store
        self.sim = sim
        self.quiet_s = quiet_s
        self.admin_token = admin_token or secrets.token_urlsafe(16)
        self.base_url = base_url
        self.names: list[str] = []  # other bases people may type (marbleboard.local)
        self.codes = JoinCodes(on_change=self.changed)  # short codes beside the QR codes
        self.table: Table | None = None
        self.tokens: dict[int, str] = {}
        self.clients: list[Client] = []
        self.pace_s = pace_s
        self.hand: SimulatedHand | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._pending = False
        self.sent = 0  # payloads sent, for benchmarks

    # --- the game's life ----------------------------------------------------------

    async def open(self) -> None:
        """Resume the saved game, if there is one; otherwise wait in the lobby."""
        game_id = self.store.unfinished()
        if game_id is None:
            if self.sim is not None:  # the marbles wait in their START rows
                self.sim.physical.setup([h.id for h in self.board.holes if h.role == "start"])
            return
        record = self.store.load(game_id)
        names = {name: i for i, name in enumerate(SEAT_NAMES)}
        seats = {names[name]: kind for name, kind in record.players.items()}
        await self._begin(seats, record.options)
        self.tokens = {names[s]: t for s, t in self.store.load_tokens(game_id).items()}
        self.codes.reset(self.tokens)

    async def start_game(self, players: int, kinds: list[str],
                         rules: dict[str, bool] | None = None) -> None:
        options = Options(players=players, **(rules or {}))
        if len(kinds) != players:
            raise Refused(422, "seats", f"{players} players need {players} seats")
        if self.table is not None and not self.table.state.is_over():
            assert self.table.game_id is not None
            self.store.finish(self.table.game_id, [])  # the old game is left unfinished
        await self.close_table()
        await self._begin(dict(zip(options.seats, kinds, strict=True)), options)
        assert self.table is not None and self.table.game_id is not None
        self.tokens = {s: secrets.token_urlsafe(16) for s, k in self.table.seats.items()
                       if k == "human"}
        self.store.save_tokens(self.table.game_id,
                               {SEAT_NAMES[s]: t for s, t in self.tokens.items()})
        self.codes.reset(self.tokens)
        self.changed()

    async def _begin(self, seats: dict[int, str], options: Options) -> None:
        table = Table(self.board, self.link, self.store, seats, options, quiet_s=self.quiet_s)
        table.watchers.append(self.changed)
        await table.start()
        self.table = table
        if self.sim is not None:
            # The players set the board up as the game stands.
            self.sim.physical.setup(table.map.setup(table.state))
            self.hand = SimulatedHand(self.sim.physical, table.map, random.Random(),
                                      pace_s=self.pace_s)
            self._tasks.append(asyncio.create_task(
                carry_out_bot_moves(lambda: self.table, self.hand)))
        self._tasks.append(asyncio.create_task(table.run()))

    async def close_table(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._tasks = []
        if self.table is not None:
            self.table.close()

    # --- who is who -------------------------------------------------------------------

    def check_admin(self, token: str) -> None:
        if not secrets.compare_digest(token.encode(), self.admin_token.encode()):
            raise Refused(401, "token", "this link is not the table's")

    def check_seat(self, seat_name: str, token: str) -> int:
        if seat_name not in SEAT_NAMES:
            raise Refused(404, "seat", f"there is no seat {seat_name!r}")
        seat = SEAT_NAMES.index(seat_name)
        expected = self.tokens.get(seat, "")
        # Compare in constant time, and against something even for a seat with no link.
        ok = secrets.compare_digest(token.encode(), (expected or "\0").encode())
        if not ok or not expected:
            raise Refused(401, "token", "this link is not the seat's: scan its QR code again")
        return seat

    def seat_link(self, seat: int) -> str:
        return f"{self.base_url}/seat/{SEAT_NAMES[seat]}?t={self.tokens[seat]}"

    def follow_address(self, base_url: str, names: list[str]) -> None:
        """The service's address changed (the network came up): the links follow."""
        self.base_url, self.names = base_url, names
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
        table = self._table_for(seat, turn)
        rank = None
        if card is not None:
            if card[:1] not in RANKS:
                raise Refused(422, "card", f"not a card: {card!r}")
            rank = RANKS.index(card[0]) + 1
            if not any(card_name(c)[0] == card[0] for c in table.state.hands[seat]):
                raise Refused(409, "not-held", "you do not hold that card")
        await table.choose_card(seat, rank)

    async def play(self, seat: int, move: str, turn: int) -> str:
        table = self._table_for(seat, turn)
        try:
            action = parse_action(table.state, move)
        except RuleError as e:
            raise Refused(409, "illegal", str(e)) from e
        await table.choose_card(seat, action >> 3 & 15)
        if self.hand is None:
            return "move-marbles"  # a real board: the player moves them, the lights show how
        state = table.state
        asyncio.get_running_loop().create_task(
            asyncio.to_thread(self.hand.perform, state, action))
        return "moving"

    async def answer(self, seat: int, move: str, turn: int) -> None:
        table = self._table_for(seat, turn)
        question = table.status.question
        if question is None or question.seat != seat:
            raise Refused(409, "no-question", "there is no question to answer")
        if move not in question.texts:
            raise Refused(409, "illegal", f"answer one of: {', '.join(question.texts)}")
        await table.answer(seat, question.actions[question.texts.index(move)])

    async def toggle(self, hole_id: str) -> None:
        """Lift or place a marble on the simulated board, as a click on the table screen."""
        if self.sim is None:
            raise Refused(409, "not-simulated", "the board is real: move the marble by hand")
        if hole_id not in self.board:
            raise Refused(404, "hole", f"there is no hole {hole_id!r}")
        physical = self.sim.physical
        physical.set(hole_id, hole_id not in physical.occupied_holes())

    async def takeback(self) -> bool:
        if self.table is None:
            return False
        return await self.table.takeback()

    # --- what clients see ------------------------------------------------------------------

    def seat_payload(self, seat: int) -> dict[str, Any]:
        table = self.table
        if table is None:
            return {"type": "seat", "seat": SEAT_NAMES[seat], "state": "lobby"}
        state = table.state
        view = seat_view(state, seat)  # the one source of what this seat may see
        mine = state.current == seat
        moves = [{"text": action_text(state, a), "card": RANKS[(a >> 3 & 15) - 1]}
                 for a in state.legal_actions()] if mine else []
        question = table.status.question
        return {
            "type": "seat", "seat": SEAT_NAMES[seat], "state": _phase(table),
            "position": view.position, "turns": state.turns,
            "turn": SEAT_NAMES[state.current] if state.current >= 0 else None,
            "hand": [card_name(c) for c in state.hands[seat]],
            "moves": moves, "chosen": RANKS[table.rank - 1] if mine and table.rank else None,
            "question": question.texts if question is not None and question.seat == seat
            else None,
            "forfeited": bool(state.forfeited >> seat & 1),
            "winners": table.record.winners, "log": table.status.log[-8:],
            "simulated": self.sim is not None,
        }

    def table_payload(self, admin: bool) -> dict[str, Any]:
        table = self.table
        payload: dict[str, Any] = {"type": "table", "state": _phase(table),
                                   "simulated": self.sim is not None}
        occupied = self.link.occupied if self.sim is None else self.sim.physical.occupied()
        holes: dict[str, dict[str, Any]] = {}
        colours = _marble_colours(table) if table else {}
        for h in self.board.holes:
            if h.sensor in occupied:
                holes[h.id] = {"m": colours.get(h.sensor, _row_colour(h.id))}
        if table is not None and table.lights is not None:
            _add_lights(self.board, table.lights, holes)
        payload["holes"] = holes
        if table is not None:
            state = table.state
            view = public_view(state)
            payload.update({
                "position": view.position, "turns": state.turns,
                "rules": {k: v for k, v in state.opts.to_json().items()
                          if isinstance(v, bool)},
                "turn": SEAT_NAMES[state.current] if state.current >= 0 else None,
                "seats": [{"seat": SEAT_NAMES[s], "kind": k, "cards": len(state.hands[s]),
                           "home": sum(1 for m in range(4 * s, 4 * s + 4)
                                       if state.pos[m] >= state.track),
                           "forfeited": bool(state.forfeited >> s & 1),
                           "phones": sum(1 for c in self.clients if c.seat == s)}
                          for s, k in table.seats.items()],
                "winners": table.record.winners, "log": table.status.log[-12:],
                "mistakes": table.status.mistakes,
                "commitments": [s.commitment[:16] for s in table.record.shuffles],
            })
            if admin:
                payload["links"] = {SEAT_NAMES[s]: {"url": self.seat_link(s),
                                                    "qr": _qr_svg(self.seat_link(s)),
                                                    "code": self.codes.code_for(s)}
                                    for s in self.tokens}
                payload["join"] = [self.base_url, *self.names]  # where codes are typed
        return payload

    def payload_for(self, client: Client) -> dict[str, Any]:
        if client.seat is not None:
            return self.seat_payload(client.seat)
        return self.table_payload(client.admin)

    def changed(self) -> None:
        """Something moved: every client gets a fresh payload, soon (coalesced)."""
        if self._pending:
            return
        self._pending = True
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().call_soon(
                lambda: asyncio.ensure_future(self._broadcast()))

    async def _broadcast(self) -> None:
        self._pending = False
        payloads: dict[tuple[int | None, bool], dict[str, Any]] = {}
        for client in list(self.clients):
            key = (client.seat, client.admin)
            if key not in payloads:  # several screens of one kind share one payload
                payloads[key] = self.payload_for(client)
            try:
                await client.send(payloads[key])
                self.sent += 1
            except Exception:
                with contextlib.suppress(ValueError):
                    self.clients.remove(client)


def _phase(table: Table | None) -> str:
    if table is None:
        return "lobby"
    return "over" if table.state.is_over() else "playing"


def _marble_colours(table: Table) -> dict[int, str]:
    colours = {}
    for m, p in enumerate(table.state.pos):
        if p >= 0:
            colours[table.map.hole(p).sensor] = SEAT_NAMES[m >> 2]
    return colours


def _row_colour(hole_id: str) -> str:
    parts = hole_id.split(".")
    return parts[1] if parts[0] in ("start", "home") else "white"


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
    return str(segno.make(url, error="m").svg_inline(scale=3, border=2))
