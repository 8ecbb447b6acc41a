"""The room: the phones that have joined the table for the evening.

A phone joins once, by the room's QR code or its short code, with its player's
name; it may then claim one of the board's places (a colour). It keeps its name,
its place and its secret through every game of the evening: a rematch, a new
game of another game, an abandoned one. When a game starts, each place a person
plays is played from the phone that claimed it.

A place played by a person nobody claimed still gets a phone link of its own (its
QR code beside the seat), so that a latecomer scans it and plays; such a link is
a member with no phone yet (``phone`` false) until a phone opens it. The link
carries a one-time claim, never the member's own secret: the table screen and the
host's phone show it to everyone in the room, so the first phone to open it
exchanges it for the secret (:meth:`Room.redeem`), which nobody else has seen, and
the claim is good no more.

The first phone to join is the host: it may start, abandon and replay games, and
free a place, as the table screen's own link may. When the host leaves, the next
phone to have joined is the host.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

from .refused import Refused

NAME_LENGTH = 24  # a player's name, as typed at the table or on a phone
MEMBERS = 16  # phones in one room: a family and their guests, with room to spare


@dataclass
class Member:
    token: str  # its secret: the phone keeps it, and every request carries it
    name: str  # "" for a seat's link nobody has opened, and not named at the table
    place: str | None  # the board's place it plays (a colour), or None: it watches
    joined: int  # its order of joining: the earliest phone is the host
    phone: bool = True  # False: a seat's own link, no phone has opened it yet
    # When its last phone left (time.monotonic), None while one is connected: how
    # long it has been gone, so the host can hand its seat to a bot.
    gone_since: float | None = None
    # A seat's link nobody has opened: the one-time secret its QR code carries,
    # exchanged once for ``token``. None once opened (and for a phone that joined).
    claim: str | None = None


def clean_name(name: str) -> str:
    """A name as typed, without the spaces around it and with one space inside."""
    return " ".join(name.split())


class Room:
    def __init__(self, places: Iterable[str], clock: Callable[[], float] = time.monotonic):
        self.places = tuple(places)  # the board's places, in its order
        self.clock = clock
        self.secret = secrets.token_urlsafe(16)  # the room's QR code carries it
        self.members: dict[str, Member] = {}
        self._joined = 0

    # --- joining and leaving -----------------------------------------------------------

    def join(self, name: str, place: str | None = None) -> Member:
        """A phone joins with its player's name (and a place, if one is asked)."""
        name = self._checked_name(name)
        self._room_for_one_more()
        if place is not None:  # checked before anyone joins: a refusal changes nothing
            self._claimable(place, None)
        member = self._new(name, None, phone=True)
        if place is not None:
            self.claim(member.token, place)
        return member

    def seat_link(self, place: str | None, name: str = "", *,
                  token: str | None = None) -> Member:
        """A member for a place a person plays that no phone claimed: its claim is
        shown beside the seat until a phone opens it (``token``: a member already
        saved with the game, kept)."""
        member = self._new(clean_name(name)[:NAME_LENGTH], None, phone=False, token=token)
        member.place = place
        member.claim = secrets.token_urlsafe(16)
        return member

    def redeem(self, claim: str) -> Member:
        """A phone opened a seat's link: its claim gives the member's secret, once,
        and the member is that phone's from now on."""
        found = None
        for member in self.members.values():
            # In constant time, as every secret: a refusal says nothing of a guess.
            if member.claim is not None and secrets.compare_digest(claim.encode(),
                                                                   member.claim.encode()):
                found = member
        if found is None:
            raise Refused(401, "claim", "this seat's link has been opened already, or made "
                          "anew: ask the host for a new one")
        self._room_for_one_more()
        found.claim = None
        member = self.opened(found.token)
        member.gone_since = self.clock()  # away until its page connects
        return member

    def opened(self, token: str) -> Member:
        """A phone opened this member's link: a seat's link becomes a phone's, and
        joins the room now (the host is the earliest phone)."""
        member = self.get(token)
        member.claim = None  # its link is opened: the claim would give the seat away again
        if not member.phone:
            member.phone = True
            self._joined += 1
            member.joined = self._joined
        member.gone_since = None
        return member

    def left_for_now(self, token: str) -> None:
        """The member's last phone has gone (asleep, out of range, or closed)."""
        member = self.members.get(token)
        if member is not None and member.gone_since is None:
            member.gone_since = self.clock()

    def leave(self, token: str) -> Member:
        """The member leaves the room: its secret is good no more."""
        return self.members.pop(self.get(token).token)

    def forget_unopened(self) -> list[Member]:
        """Seats' links no phone opened: a new game makes its own."""
        gone = [m for m in self.members.values() if not m.phone]
        for member in gone:
            del self.members[member.token]
        return gone

    # --- names and places -----------------------------------------------------------

    def rename(self, token: str, name: str) -> Member:
        member = self.get(token)
        member.name = self._checked_name(name)
        return member

    def claim(self, token: str, place: str | None) -> Member:
        """The member plays this place from now on (None: it only watches)."""
        member = self.get(token)
        if place is not None:
            holder = self._claimable(place, member)
            if holder is not None and holder is not member:
                del self.members[holder.token]  # an unopened seat's link gives way
        member.place = place
        return member

    def _claimable(self, place: str, member: Member | None) -> Member | None:
        """The member holding a place the given one may take (refused if it may not)."""
        if place not in self.places:
            raise Refused(404, "place", "the board has no such place")
        holder = self.holder(place)
        if holder is not None and holder is not member and holder.phone:
            raise Refused(409, "place-taken", f"{holder.name or 'another phone'} "
                              f"plays that colour")
        return holder

    def free(self, place: str) -> Member | None:
        """The host frees a place: whoever held it watches from now on (a seat's
        link nobody opened is forgotten). Returns the member that held it."""
        holder = self.holder(place)
        if holder is None:
            return None
        if holder.phone:
            holder.place = None
        else:
            del self.members[holder.token]
        return holder

    # --- who is who --------------------------------------------------------------------

    def get(self, token: str) -> Member:
        member = self.find(token)
        if member is None:
            raise Refused(401, "token", "this phone is not in the room: join again")
        return member

    def find(self, token: str) -> Member | None:
        """The member with this secret, or None."""
        # Every secret is compared in constant time: how long a refusal takes says
        # nothing of how much of a guess was right.
        found = None
        for member in self.members.values():
            if secrets.compare_digest(token.encode(), member.token.encode()):
                found = member
        return found

    def by_number(self, joined: int) -> Member | None:
        """A phone by its number of joining (what the table screen lists)."""
        return next((m for m in self.members.values() if m.phone and m.joined == joined), None)

    def holder(self, place: str) -> Member | None:
        return next((m for m in self.members.values() if m.place == place), None)

    @property
    def host(self) -> Member | None:
        phones = [m for m in self.members.values() if m.phone]
        return min(phones, key=lambda m: m.joined) if phones else None

    def is_host(self, token: str) -> bool:
        host = self.host
        return host is not None and secrets.compare_digest(token.encode(), host.token.encode())

    def is_secret(self, typed: str) -> bool:
        return secrets.compare_digest(typed.encode(), self.secret.encode())

    def phones(self) -> list[Member]:
        """The members with a phone, in the order they joined."""
        return sorted((m for m in self.members.values() if m.phone), key=lambda m: m.joined)

    # --- kept with the games --------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"secret": self.secret, "joined": self._joined,
                "members": [{k: v for k, v in asdict(m).items() if k != "gone_since"}
                            for m in self.members.values()]}

    def load(self, data: dict[str, Any]) -> None:
        """The room as it was saved (a restart keeps every phone's seat)."""
        self.secret = str(data.get("secret") or self.secret)
        self._joined = int(data.get("joined", 0))
        self.members = {}
        for item in data.get("members", []):
            place = item.get("place")
            phone = bool(item.get("phone", True))
            claim = item.get("claim")
            if not phone and not claim:
                # A room saved before links carried claims: the seat's link gets one
                # now, or no phone could ever open it.
                claim = secrets.token_urlsafe(16)
            member = Member(str(item["token"]), str(item.get("name", "")),
                            place if place in self.places else None, int(item.get("joined", 0)),
                            phone, gone_since=self.clock(),
                            claim=None if phone else str(claim))
            self.members[member.token] = member

    # --- inside ----------------------------------------------------------------------

    def _new(self, name: str, place: str | None, *, phone: bool,
             token: str | None = None) -> Member:
        self._joined += 1
        # Gone until a phone connects with its secret.
        member = Member(token or secrets.token_urlsafe(16), name, place, self._joined, phone,
                        gone_since=self.clock())
        self.members[member.token] = member
        return member

    def _room_for_one_more(self) -> None:
        """Refused when the room holds as many phones as it may."""
        if sum(1 for m in self.members.values() if m.phone) >= MEMBERS:
            raise Refused(409, "room-full", f"the room has {MEMBERS} phones already")

    @staticmethod
    def _checked_name(name: str) -> str:
        name = clean_name(name)
        if not name:
            raise Refused(422, "name", "type your name")
        if len(name) > NAME_LENGTH:
            raise Refused(422, "name", f"a name has at most {NAME_LENGTH} letters")
        return name
