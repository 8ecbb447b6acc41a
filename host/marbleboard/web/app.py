"""The web service: the table screen, the phones, and the API they use.

Pages need no build step: plain HTML, CSS and JavaScript from ``static/``. Live
updates travel over one websocket per screen; actions are small JSON requests,
validated, that either change the game or change nothing and say why.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias
from urllib.parse import urlsplit

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import words
from ..board import Board
from ..games.registry import get_game
from ..table.coach import HINT_CHOICES
from .hub import CLOSE_LINK, CLOSE_PHONES, ROOM_CODE, SEAT_KINDS, Client, TableHub
from .joincodes import CodeRefused
from .refused import Refused
from .room import NAME_LENGTH

STATIC = Path(__file__).with_name("static")
Token = Annotated[str, Field(min_length=1, max_length=64)]
MAX_BODY = 4096  # bytes: the largest request, a start, is well under one kilobyte
CLOSE_UNSUPPORTED = 1003  # RFC 6455: a kind of data the endpoint does not accept


class StrictBody(BaseModel):
    """Requests name every field they carry: an unknown one is an error, not ignored."""

    model_config = ConfigDict(extra="forbid")


class CardRequest(StrictBody):
    token: Token
    turn: int = Field(ge=0, description="the turn count the phone saw: a stale request is refused")
    card: str | None = Field(default=None, pattern=r"^([A2-9TJQKX][SHDC12]|[a-z]{2,12})$",
                             description="a card in the hand (a playing card, AS, or a "
                                         "kind of goods, furs), or null to clear the choice")


class ShowRequest(StrictBody):
    token: Token
    turn: int = Field(ge=0)
    show: bool = Field(description="light the chosen card's moves on the board, or stop")
    hint: bool = Field(default=False, description="light this turn's hint instead of the "
                                                  "chosen card's moves (or stop)")


class MoveRequest(StrictBody):
    token: Token
    turn: int = Field(ge=0)
    move: str = Field(min_length=1, max_length=40, description="a move in the notation")


class TurnRequest(StrictBody):
    token: Token
    turn: int = Field(ge=0)


class StepsRequest(TurnRequest):
    moves: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        min_length=1, max_length=40, description="the steps, each in the notation")


# Who plays a seat: a person, or a bot by level (what the lobby offers) or by
# configuration. The hub's list, made a Literal so that the schema lists them.
if TYPE_CHECKING:
    SeatKind: TypeAlias = str
    BotKind: TypeAlias = str
else:
    SeatKind = Literal[SEAT_KINDS]
    BotKind = Literal[tuple(k for k in SEAT_KINDS if k.startswith("bot:"))]
RuleName = Annotated[str, Field(pattern=r"^[a-z_]{1,40}$")]


class StartRequest(StrictBody):
    token: Token
    game: str | None = Field(default=None, pattern=r"^[a-z0-9_]{1,20}$",
                             description="a game the board plays (the table payload lists "
                                         "them); the first of them if left out")
    players: int = Field(ge=1, le=6)
    rules: dict[RuleName, bool | Annotated[int, Field(ge=0, le=1000)]] = Field(
        default_factory=dict, max_length=20,
        description="the choices the game's rules leave open (its rule page): yes/no, "
                    "or a number of those the lobby offers")
    seats: list[SeatKind] = Field(
        min_length=1, max_length=6,
        description="who plays each colour of `colours` (or each of the game's usual seats)")
    colours: list[Annotated[str, Field(pattern=r"^[a-z][a-z0-9]{0,11}$")]] | None = Field(
        default=None, min_length=1, max_length=6,
        description="the colours that play, chosen from the lobby's offer; the game's "
                    "usual seats for the player count if left out")
    names: dict[Annotated[str, Field(pattern=r"^[a-z][a-z0-9]{0,11}$")],
                Annotated[str, Field(max_length=NAME_LENGTH)]] = Field(
        default_factory=dict, max_length=6,
        description="the players' names by colour; a colour's own word where left out")
    hints: int = Field(default=0, ge=0, le=10,
                       description="the hints each person may ask for in the game (the coach)")


class AdminRequest(StrictBody):
    token: Token


class SeatLinkRequest(StrictBody):
    token: Token
    seat: str = Field(pattern=r"^[a-z][a-z0-9]{0,11}$",
                      description="the colour whose link is made anew")


class DragRequest(StrictBody):
    token: Token
    hole: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_.]+$",
                      description="the hole the marble is lifted from")
    to: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_.]+$",
                    description="the hole it is put in")


class ToggleRequest(StrictBody):
    token: Token
    hole: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_.]+$")


class JoinRequest(StrictBody):
    code: str = Field(min_length=1, max_length=16,
                      description="the code beside the room's QR, or beside a seat's")


Place = Annotated[str, Field(pattern=r"^[a-z][a-z0-9]{0,11}$")]
PlayerName = Annotated[str, Field(min_length=1, max_length=NAME_LENGTH * 2)]


class RoomJoinRequest(StrictBody):
    room: Token = Field(description="the room's secret, from its QR code (or its short code)")
    name: PlayerName = Field(description="the player's name")
    place: Place | None = Field(default=None, description="a free place of the board to play")


class ClaimRequest(StrictBody):
    claim: Token = Field(description="the one-time claim of a seat's own link (its QR code)")


class MemberRequest(StrictBody):
    token: Token
    name: PlayerName | None = Field(default=None, description="a new name")
    place: Place | None = Field(default=None, description="the place to play; null: watch")


class BotRequest(StrictBody):
    token: Token
    seat: Place = Field(description="a seat a person plays, handed to a bot")
    kind: BotKind = "bot:family"


class JoinRemoteRequest(StrictBody):
    token: Token
    invitation: str = Field(min_length=10, max_length=300,
                            description="the invitation the host's table screen shows: "
                                        "mqtts://BROKER/GAME/TABLE/SECRET")


class RemoveRequest(StrictBody):
    token: Token
    phone: int = Field(ge=1, description="the phone's number in the room's list")


class FreeRequest(StrictBody):
    token: Token
    place: Place = Field(description="the place to free: its phone watches from now on")


class Membership(BaseModel):
    token: str = Field(description="the phone's secret in the room: kept on the phone")
    url: str = Field(description="the phone's page")


class JoinLink(BaseModel):
    url: str = Field(description="the seat's own link (its claim), on the address the "
                                 "phone used")


class Outcome(BaseModel):
    ok: bool
    note: str = ""


class Problem(BaseModel):
    """Every refusal: a code the pages translate, and a sentence for people."""

    code: str = Field(description="stale, not-your-turn, illegal, moving, invalid, too-large, ...")
    detail: str


REQUESTS = (CardRequest, ShowRequest, MoveRequest, StartRequest, AdminRequest, ToggleRequest,
            JoinRequest, SeatLinkRequest, DragRequest, RoomJoinRequest, MemberRequest,
            FreeRequest, BotRequest, RemoveRequest, JoinRemoteRequest, ClaimRequest)
FIELDS = {name for model in REQUESTS for name in model.model_fields} | {"seat"}
PLAIN = {
    "missing": "is missing",
    "extra_forbidden": "the request carries a field it does not take",
    "json_invalid": "the body is not valid JSON",
    "model_attributes_type": "must be a JSON object",
    "dict_type": "must be a JSON object",
}


def describe_errors(errors: Sequence[Any]) -> str:
    """What is wrong with a request, in words that never repeat what it carried:
    field names are the API's own, and a message holding the value is replaced."""
    said = []
    for error in errors[:3]:
        where: list[str] = []
        # An unknown field's name is the request's own: it is not repeated.
        loc = () if error.get("type") == "extra_forbidden" else error.get("loc", ())
        for part in loc[1:]:
            if isinstance(part, int) and where:
                where[-1] += f"[{part}]"
            elif part in FIELDS:
                where.append(str(part))
            else:
                break  # a name the request made up (an unknown field, a rule's name)
        message = PLAIN.get(error.get("type", ""), str(error.get("msg", "is not valid")))
        value = error.get("input")
        if isinstance(value, str | int | float) and len(str(value)) >= 3 \
                and str(value) in message:
            message = "is not valid"
        said.append(f"{'.'.join(where)}: {message}" if where else message)
    more = len(errors) - len(said)
    return "; ".join(said) + (f" (and {more} more)" if more > 0 else "")


class BodyLimit:
    """Refuses a request whose body is over the limit before anything reads it: by
    its declared length at once, or as its chunks arrive when it declares none."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(scope, receive, send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client has gone
            body += message.get("body", b"")
            if len(body) > self.limit:
                await self._refuse(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        whole = bytes(body)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()  # a disconnect, for whoever listens
            replayed = True
            return {"type": "http.request", "body": whole, "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse({"code": "too-large", "detail": f"a request may carry at most "
                                 f"{self.limit} bytes"}, 413, headers={"Connection": "close"})
        await response(scope, receive, send)


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


def _host_name(netloc: str) -> str:
    """The name in a Host header or an origin's netloc, without its port."""
    if netloc.startswith("["):  # an IPv6 address
        return netloc[1:].partition("]")[0]
    return netloc.rpartition(":")[0] if netloc.count(":") == 1 else netloc


def _answers_to(hub: TableHub, name: str) -> bool:
    """A name the service is reached by: an address, this machine, a .local name
    (answered on the local network only), or a name its links use. Any other name
    pointing here is another site's (DNS rebinding)."""
    name = name.lower().rstrip(".")
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    if name in ("localhost", socket.gethostname().lower()) or name.endswith(".local"):
        return True
    return any(_host_name(urlsplit(base).netloc).lower() == name
               for base in (hub.base_url, *hub.other_bases))


def same_site(hub: TableHub, host: str | None, origin: str | None) -> bool:
    """A websocket's Host is a name the service answers to, and a browser's page
    that opens it (its Origin) is one of the service's own."""
    if not host or not _answers_to(hub, _host_name(host)):
        return False
    if origin is None:
        return True  # not a browser: no other site's page can be behind it
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https"):
        return False
    ours = {host.lower(), *(urlsplit(b).netloc.lower() for b in (hub.base_url, *hub.other_bases))}
    return parts.netloc.lower() in ours


def create_app(hub: TableHub, *, public: bool = False) -> FastAPI:
    refusals: dict[int | str, dict[str, Any]] = {
        status: {"model": Problem} for status in (401, 403, 404, 409, 413, 421, 422, 429)}
    app = FastAPI(title="marbleboard", version="1", responses=refusals,
                  description="The table service: seats' phones, the table screen, the board.")
    app.add_middleware(GZipMiddleware, minimum_size=600)
    app.add_middleware(BodyLimit, limit=MAX_BODY)  # the outermost: before anything reads

    @app.middleware("http")
    async def local_network_only(request: Request,
                                 call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if not public and not _is_local(request.client.host if request.client else None):
            return JSONResponse({"code": "network", "detail": "only the local network may "
                                 "connect (start with --public to change that)"}, 403)
        if not _answers_to(hub, _host_name(request.headers.get("host", ""))):
            # Another site's name pointed at this machine (DNS rebinding): its pages
            # must not read the table or spend a phone's code tries.
            return JSONResponse({"code": "host", "detail": "this service does not answer to "
                                 "that name (start with --url to give it one)"}, 421)
        return await call_next(request)

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"code": exc.code, "detail": exc.detail}, exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"code": "invalid", "detail": describe_errors(exc.errors())}, 422)

    @app.get("/", include_in_schema=False)
    async def table_page() -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/seat/{seat}", include_in_schema=False)
    async def seat_page(seat: str) -> FileResponse:
        return FileResponse(STATIC / "phone.html")

    @app.get("/phone", include_in_schema=False)
    async def phone_page() -> FileResponse:
        return FileResponse(STATIC / "phone.html")

    @app.get("/join", include_in_schema=False)
    async def join_page() -> FileResponse:
        return FileResponse(STATIC / "join.html")

    @app.get("/words.js", include_in_schema=False)
    async def words_script() -> Response:
        """Every page's and game's words, in every language (see words.py)."""
        return Response(words.script(), media_type="text/javascript; charset=utf-8",
                        headers={"Cache-Control": "no-cache"})

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
        """Choose a card: the phone lists its moves (the board is not told)."""
        await hub.choose_card(hub.check_seat(seat, body.token), body.card, body.turn)
        return Outcome(ok=True)

    @app.post("/api/seats/{seat}/show")
    async def show_on_board(seat: str, body: ShowRequest) -> Outcome:
        """Light the chosen card's moves, or this turn's hint, on the board for
        everyone (or stop)."""
        await hub.show_on_board(hub.check_seat(seat, body.token), body.show, body.turn,
                                hint=body.hint)
        return Outcome(ok=True)

    @app.post("/api/seats/{seat}/move")
    async def play_move(seat: str, body: MoveRequest) -> Outcome:
        """Play a move: on the simulated board it is carried out; on a real one the
        lights show the player how."""
        note = await hub.play(hub.check_seat(seat, body.token), body.move, body.turn)
        return Outcome(ok=True, note=note)

    @app.post("/api/seats/{seat}/steps")
    async def play_steps(seat: str, body: StepsRequest) -> Outcome:
        """Play a move the game takes in steps, all of them at once (a bid:
        its village, its cards, then down); nothing is played if one cannot be."""
        await hub.play_steps(hub.check_seat(seat, body.token), body.moves, body.turn)
        return Outcome(ok=True)

    @app.post("/api/seats/{seat}/hint")
    async def hint(seat: str, body: TurnRequest) -> dict[str, Any]:
        """A hint for the seat's person, when the table allows one: the strongest
        bot's move, from the seat's own view, said in words to this phone alone
        (the log says only that a hint was taken). The board lights it at once
        where the seat holds nothing hidden, else when the phone asks (``show``
        with ``hint``)."""
        return await hub.hint(hub.check_seat(seat, body.token), body.turn)

    @app.post("/api/seats/{seat}/answer")
    async def answer(seat: str, body: MoveRequest) -> Outcome:
        """Answer a question: which of several moves the marbles showed."""
        await hub.answer(hub.check_seat(seat, body.token), body.move, body.turn)
        return Outcome(ok=True)

    @app.post("/api/join", responses={404: {}, 429: {}})
    async def join(body: JoinRequest, request: Request) -> JoinLink:
        """A short code, typed on a phone: the room's (its join page, where the
        player gives a name), or a seat's (the seat's link with its claim, once)."""
        try:
            seat, _ = hub.codes.redeem(body.code, request.client.host if request.client else "")
        except CodeRefused as e:
            raise Refused(404 if e.code == "code" else 429, e.code, e.detail) from e
        if seat == ROOM_CODE:
            return JoinLink(url=hub.room_link().removeprefix(hub.base_url))
        url = hub.seat_link(seat) if seat in hub.tokens else None
        if url is None:  # claimed meanwhile, by its QR code
            raise Refused(404, "code", "no seat has that code: check the table screen")
        return JoinLink(url=url.removeprefix(hub.base_url))

    @app.post("/api/room/join", responses={401: {}, 409: {}})
    async def join_room(body: RoomJoinRequest) -> Membership:
        """A phone joins the room for the evening, with its player's name (and a
        free place, but not one a game being played is played at: 409 ``game-on``)."""
        member = hub.join_room(body.room, body.name, body.place)
        return Membership(token=member.token, url=f"/phone?m={member.token}")

    @app.post("/api/room/claim", responses={401: {}})
    async def claim_seat(body: ClaimRequest) -> Membership:
        """A seat's own link opened on a phone: its one-time claim exchanged for
        the phone's secret in the room, which plays the seat. A claim is good once."""
        member = hub.claim_seat(body.claim)
        return Membership(token=member.token, url=f"/phone?m={member.token}")

    @app.post("/api/room/me", responses={401: {}, 409: {}})
    async def change_me(body: MemberRequest) -> Outcome:
        """A phone's new name, or the place it plays (null: it watches). While a
        game is played, a place one of its seats is played at is neither taken
        nor left this way (409 ``game-on``): the host frees a colour."""
        await hub.change_member(body.token, name=body.name, place=body.place,
                                set_place="place" in body.model_fields_set)
        return Outcome(ok=True)

    @app.post("/api/room/leave", responses={401: {}})
    async def leave_room(body: AdminRequest) -> Outcome:
        """A phone leaves the room: its place is free, its link good no more."""
        await hub.leave_room(body.token)
        return Outcome(ok=True)

    @app.post("/api/admin/bot")
    async def hand_to_bot(body: BotRequest) -> Outcome:
        """A bot plays a person's seat for the rest of the game (their phone has gone)."""
        hub.check_admin(body.token)
        await hub.hand_to_bot(body.seat, body.kind)
        return Outcome(ok=True)

    @app.post("/api/admin/remove")
    async def remove_phone(body: RemoveRequest) -> Outcome:
        """Send a phone out of the room: its link is good no more."""
        hub.check_admin(body.token)
        await hub.remove_phone(body.phone)
        return Outcome(ok=True)

    @app.post("/api/admin/free")
    async def free_place(body: FreeRequest) -> Outcome:
        """Free a place (the table's link or the host's phone): its phone watches."""
        hub.check_admin(body.token)
        await hub.free_place(body.place)
        return Outcome(ok=True)

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
            raise Refused(422, "game", "no such game: the table's payload lists the games "
                          "this board plays") from e
        if body.players not in game.players:
            raise Refused(422, "players", f"{game.title} is not for {body.players} players")
        numbers = game.rule_numbers()
        unknown = set(body.rules) - set(game.rule_choices()) - set(numbers)
        if unknown:
            raise Refused(422, "rules", f"{game.title} has no such rule: the lobby lists its "
                          f"rules")
        for name, value in body.rules.items():
            if (name in numbers) != (type(value) is int) or (
                    name in numbers and value not in numbers[name]):
                raise Refused(422, "rules", f"{game.title}'s rules take yes or no, or one of "
                              f"the numbers the lobby offers")
        if len(body.seats) != body.players:
            raise Refused(422, "seats", f"{body.players} players need {body.players} seats")
        if body.colours is not None and len(body.colours) != body.players:
            raise Refused(422, "colours", f"{body.players} players choose {body.players} colours")
        hub.check_admin(body.token)
        if body.hints not in HINT_CHOICES:
            raise Refused(422, "hints", "hints: one of " + ", ".join(map(str, HINT_CHOICES)))
        await hub.start_game(game.name, body.players, list(body.seats), body.rules, body.colours,
                             body.names, body.hints)
        return Outcome(ok=True)

    @app.post("/api/admin/lobby")
    async def to_lobby(body: AdminRequest) -> Outcome:
        """Abandon the game being played (it stays unfinished) or leave the one
        over: back to the lobby, with the names and seats kept."""
        hub.check_admin(body.token)
        await hub.to_lobby()
        return Outcome(ok=True)

    @app.post("/api/admin/rematch")
    async def rematch(body: AdminRequest) -> Outcome:
        """The last game again: the same seats, names and rules."""
        hub.check_admin(body.token)
        await hub.rematch()
        return Outcome(ok=True)

    @app.post("/api/admin/link")
    async def new_link(body: SeatLinkRequest) -> Outcome:
        """Make a seat's phone link anew: the old one is refused from now on."""
        hub.check_admin(body.token)
        await hub.new_link(body.seat)
        return Outcome(ok=True)

    @app.post("/api/admin/takeback")
    async def takeback(body: AdminRequest) -> Outcome:
        """Take back the last move, if the table allows it."""
        hub.check_admin(body.token)
        return Outcome(ok=await hub.takeback())

    @app.post("/api/admin/go-on")
    async def go_on(body: AdminRequest) -> Outcome:
        """The bot's move announced has been seen: it is made now."""
        hub.check_admin(body.token)
        hub.go_on()
        return Outcome(ok=True)

    @app.post("/api/admin/remote/join", responses={409: {}, 422: {}})
    async def join_remote(body: JoinRemoteRequest) -> Outcome:
        """Join a game hosted in another home, by the invitation its table shows."""
        hub.check_admin(body.token)
        await hub.join_remote(body.invitation)
        return Outcome(ok=True)

    @app.post("/api/admin/remote/nudge", responses={409: {}})
    async def nudge(body: AdminRequest) -> Outcome:
        """Remind the home whose seat is to play that it is their move."""
        hub.check_admin(body.token)
        return Outcome(ok=await hub.nudge())

    @app.post("/api/sim/toggle")
    async def toggle(body: ToggleRequest) -> Outcome:
        """Lift or place a marble on the simulated board."""
        hub.check_admin(body.token)
        await hub.toggle(body.hole)
        return Outcome(ok=True)

    @app.post("/api/sim/drag")
    async def drag(body: DragRequest) -> Outcome:
        """Move a marble on the simulated board from one hole to another."""
        hub.check_admin(body.token)
        await hub.drag(body.hole, body.to)
        return Outcome(ok=True)

    @app.websocket("/ws")
    async def live(ws: WebSocket, seat: str | None = None, t: str | None = None,
                   m: str | None = None) -> None:
        if not public and not _is_local(ws.client.host if ws.client else None):
            await ws.close(code=1008)
            return
        if not same_site(hub, ws.headers.get("host"), ws.headers.get("origin")):
            await ws.close(code=1008)  # another site's page, or a name we do not answer to
            return
        # Accepted before a refusal, so that the page can read why and say so.
        await ws.accept()
        # A phone comes with its secret in the room (m), or with a seat's name and
        # that secret (seat and t); a table screen with the table's link (t), or
        # with none. A seat's claim is never taken here: it is exchanged first
        # (/api/room/claim), once.
        member: str | None = None
        admin = False
        try:
            if m is not None:
                member = hub.room.get(m[:64]).token
            elif seat is not None:
                member = hub.tokens[hub.check_seat(seat, t or "")]
            elif t is not None:
                hub.check_admin(t)
                admin = True
        except Refused:
            await ws.close(code=CLOSE_LINK, reason="token")
            return
        if member is not None and hub.is_full(member):
            await ws.close(code=CLOSE_PHONES, reason="phones")
            return

        # A connection closed under the hub is said as the one error it lets go for.
        async def send(payload: dict[str, Any]) -> None:
            try:
                await ws.send_json(payload)
            except (WebSocketDisconnect, RuntimeError) as e:
                raise ConnectionError(f"the screen's connection is closed: {e}") from e

        async def close(code: int) -> None:
            try:
                await ws.close(code=code)
            except (WebSocketDisconnect, RuntimeError) as e:
                raise ConnectionError(f"the screen's connection is closed: {e}") from e

        client = Client(member, admin, send, close)
        hub.attach(client)
        hub.changed()  # the table screen counts phones
        reading = asyncio.create_task(_read_until_closed(ws))
        let_go = asyncio.create_task(client.gone.wait())
        try:
            # Until the page leaves, or the hub lets it go (it does not read, or its
            # link is the old game's): the connection then ends here.
            await asyncio.wait({reading, let_go}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            reading.cancel()
            let_go.cancel()
            hub.detach(client)
            hub.changed()

    app.state.hub = hub
    app.state.seat_kinds = SEAT_KINDS
    return app


async def _read_until_closed(ws: WebSocket) -> None:
    """Nothing is read from a page's websocket (actions are requests): text is let
    by, and a binary frame, which no page sends, closes it with a reason."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            if message.get("bytes") is not None:
                await ws.close(code=CLOSE_UNSUPPORTED, reason="binary frames are not read here")
                return


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
