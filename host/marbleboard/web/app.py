"""The web service: the table screen, the phones, and the API they use.

Pages need no build step: plain HTML, CSS and JavaScript from ``static/``. Live
updates travel over one websocket per screen; actions are small JSON requests,
validated, that either change the game or change nothing and say why.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from ..board import Board
from ..games.registry import get_game
from .hub import SEAT_KINDS, Client, Refused, TableHub
from .joincodes import CodeRefused

STATIC = Path(__file__).with_name("static")
Token = Annotated[str, Field(min_length=1, max_length=64)]


class StrictBody(BaseModel):
    """Requests name every field they carry: an unknown one is an error, not ignored."""

    model_config = ConfigDict(extra="forbid")


class CardRequest(StrictBody):
    token: Token
    turn: int = Field(ge=0, description="the turn count the phone saw: a stale request is refused")
    card: str | None = Field(default=None, pattern=r"^[A2-9TJQKX][SHDC12]$",
                             description="a card in the hand, or null to clear the choice")


class MoveRequest(StrictBody):
    token: Token
    turn: int = Field(ge=0)
    move: str = Field(min_length=1, max_length=40, description="a move in the notation")


RuleName = Annotated[str, Field(pattern=r"^[a-z_]{1,40}$")]


class StartRequest(StrictBody):
    token: Token
    game: str | None = Field(default=None, pattern=r"^[a-z0-9_]{1,20}$",
                             description="a game the board plays (the table payload lists "
                                         "them); the first of them if left out")
    players: int = Field(ge=1, le=6)
    rules: dict[RuleName, bool] = Field(
        default_factory=dict, max_length=20,
        description="the yes/no choices the game's rules leave open (its rule page)")
    seats: list[Literal["human", "bot:random", "bot:greedy", "bot:search"]] = Field(
        min_length=1, max_length=6)


class AdminRequest(StrictBody):
    token: Token


class ToggleRequest(StrictBody):
    token: Token
    hole: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_.]+$")


class JoinRequest(StrictBody):
    code: str = Field(min_length=1, max_length=16, description="the code beside a seat's QR")


class JoinLink(BaseModel):
    url: str = Field(description="the seat's own link, on the address the phone used")


class Outcome(BaseModel):
    ok: bool
    note: str = ""


def _is_local(host: str | None) -> bool:
    if host is None:
        return False
    if host in ("testclient", "localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_private or address.is_loopback or address.is_link_local


def create_app(hub: TableHub, *, public: bool = False) -> FastAPI:
    app = FastAPI(title="marbleboard", version="1",
                  description="The table service: seats' phones, the table screen, the board.")
    app.add_middleware(GZipMiddleware, minimum_size=600)

    @app.middleware("http")
    async def local_network_only(request: Request,
                                 call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if not public and not _is_local(request.client.host if request.client else None):
            return JSONResponse({"code": "network", "detail": "only the local network may "
                                 "connect (start with --public to change that)"}, 403)
        return await call_next(request)

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"code": exc.code, "detail": exc.detail}, exc.status)

    @app.get("/", include_in_schema=False)
    async def table_page() -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/seat/{seat}", include_in_schema=False)
    async def seat_page(seat: str) -> FileResponse:
        return FileResponse(STATIC / "phone.html")

    @app.get("/join", include_in_schema=False)
    async def join_page() -> FileResponse:
        return FileResponse(STATIC / "join.html")

    @app.get("/static/{name}", include_in_schema=False)
    async def static(name: str) -> FileResponse:
        path = STATIC / name
        if path.parent != STATIC or not path.is_file():
            raise Refused(404, "file", "no such file")
        return FileResponse(path)

    @app.get("/api/board")
    async def board_shape() -> dict[str, Any]:
        """The board to draw: holes and lamps in millimetres, and the seats' colours."""
        return board_data(hub.board)

    @app.get("/api/seats/{seat}")
    async def seat_state(seat: str, token: Annotated[str, Query(max_length=64)]) -> dict[str, Any]:
        """What this seat's phone shows (its own hand only)."""
        return hub.seat_payload(hub.check_seat(seat, token))

    @app.post("/api/seats/{seat}/card")
    async def choose_card(seat: str, body: CardRequest) -> Outcome:
        """Choose a card: the board lights its moves."""
        await hub.choose_card(hub.check_seat(seat, body.token), body.card, body.turn)
        return Outcome(ok=True)

    @app.post("/api/seats/{seat}/move")
    async def play_move(seat: str, body: MoveRequest) -> Outcome:
        """Play a move: on the simulated board it is carried out; on a real one the
        lights show the player how."""
        note = await hub.play(hub.check_seat(seat, body.token), body.move, body.turn)
        return Outcome(ok=True, note=note)

    @app.post("/api/seats/{seat}/answer")
    async def answer(seat: str, body: MoveRequest) -> Outcome:
        """Answer a question: which of several moves the marbles showed."""
        await hub.answer(hub.check_seat(seat, body.token), body.move, body.turn)
        return Outcome(ok=True)

    @app.post("/api/join", responses={404: {}, 429: {}})
    async def join(body: JoinRequest, request: Request) -> JoinLink:
        """A seat's short code, typed on a phone: the seat's link, once."""
        try:
            seat, _ = hub.codes.redeem(body.code, request.client.host if request.client else "")
        except CodeRefused as e:
            raise Refused(429 if e.code == "tries" else 404, e.code, e.detail) from e
        return JoinLink(url=hub.seat_link(seat).removeprefix(hub.base_url))

    @app.get("/api/table")
    async def table_state(token: Annotated[str | None, Query(max_length=64)] = None) -> dict[
            str, Any]:
        """What the table screen shows: no hand, ever."""
        admin = False
        if token is not None:
            hub.check_admin(token)
            admin = True
        return hub.table_payload(admin)

    @app.post("/api/admin/start")
    async def start(body: StartRequest) -> Outcome:
        """Start a new game (the table's own link only)."""
        # What any game allows is checked first: a malformed start is a 422 for anyone.
        try:
            game = get_game(body.game) if body.game else hub.games[0]
        except (ValueError, IndexError) as e:
            raise Refused(422, "game", str(e)) from e
        if body.players not in game.players:
            raise Refused(422, "players", f"{game.title} is not for {body.players} players")
        unknown = set(body.rules) - set(game.rule_choices())
        if unknown:
            raise Refused(422, "rules", f"{game.title} has no rule {', '.join(sorted(unknown))}")
        if len(body.seats) != body.players:
            raise Refused(422, "seats", f"{body.players} players need {body.players} seats")
        hub.check_admin(body.token)
        await hub.start_game(game.name, body.players, list(body.seats), body.rules)
        return Outcome(ok=True)

    @app.post("/api/admin/takeback")
    async def takeback(body: AdminRequest) -> Outcome:
        """Take back the last move, if the table allows it."""
        hub.check_admin(body.token)
        return Outcome(ok=await hub.takeback())

    @app.post("/api/sim/toggle")
    async def toggle(body: ToggleRequest) -> Outcome:
        """Lift or place a marble on the simulated board."""
        hub.check_admin(body.token)
        await hub.toggle(body.hole)
        return Outcome(ok=True)

    @app.websocket("/ws")
    async def live(ws: WebSocket, seat: str | None = None, t: str | None = None) -> None:
        if not public and not _is_local(ws.client.host if ws.client else None):
            await ws.close(code=1008)
            return
        try:
            who = hub.check_seat(seat, t or "") if seat is not None else None
            admin = False
            if seat is None and t is not None:
                hub.check_admin(t)
                admin = True
        except Refused:
            await ws.close(code=1008)
            return
        await ws.accept()
        client = Client(who, admin, ws.send_json)
        if who is not None:
            hub.codes.forget(who)  # the seat is claimed: its short code is good no more
        hub.clients.append(client)
        try:
            await ws.send_json(hub.payload_for(client))
            hub.changed()  # the table screen counts phones
            while True:
                await ws.receive_text()  # nothing is read from here: actions are requests
        except WebSocketDisconnect:
            pass
        finally:
            if client in hub.clients:
                hub.clients.remove(client)
            hub.changed()

    app.state.hub = hub
    app.state.seat_kinds = SEAT_KINDS
    return app


def board_data(board: Board) -> dict[str, Any]:
    return {
        "id": board.id, "name": board.name, "size": [board.width_mm, board.height_mm],
        "hole": board.hole_diameter_mm, "marble": board.marble_diameter_mm,
        "seats": {s.name: s.colour for s in board.seats},
        "holes": [{"id": h.id, "x": h.x, "y": h.y, "role": h.role, "seat": h.seat}
                  for h in board.holes],
        "lamps": [{"id": lamp.id, "x": lamp.x, "y": lamp.y} for lamp in board.lamps],
        "track": [h.id for h in board.track()],
    }
