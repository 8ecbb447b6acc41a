"""Short codes a person types to join a seat, for phones that cannot scan its QR code.

The room has a few letters of its own, shown beside its QR code on the table
screen for the whole evening: typed at ``/join``, they let a phone join the room.
Each seat's own link nobody has opened gets a code too; it gives the seat's link
(its one-time claim, never a phone's secret) once, and is forgotten when it is
used or when a phone opens the link.

Guessing is bounded twice, and neither bound ever changes a code a player has
read: a few wrong codes from one address lock that address out for a minute, and
a few dozen wrong codes in all, from any number of addresses, pause all code
typing at the table until the oldest of them is ten minutes old. At that rate a
guesser needs days for one seat's code, which lives minutes (until its seat is
claimed); the QR codes keep working all the while.
"""

from __future__ import annotations

import ipaddress
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass

# Capital letters that cannot be taken for another letter or a digit (no B, G, I,
# L, O, Q, S, Z), nor need a different keyboard on a phone.
ALPHABET = "ACDEFHJKMNPRTUVWXY"
LENGTH = 4


class CodeRefused(Exception):
    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        # "code": not a valid code; "tries": too many wrong ones from this address;
        # "busy": too many wrong ones at this table, from anywhere
        self.code = code
        self.detail = detail


@dataclass
class _Issued:
    code: str
    seat: int
    token: str  # what the code stands for: the room's secret, or a seat's claim
    lasting: bool = False  # the room's: used by every phone that joins, never forgotten


def guesser(address: str) -> str:
    """Who is counted for wrong codes: an IPv4 address, or an IPv6 address's /64
    (one machine is given a whole /64, and could otherwise change address at will)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:  # an IPv4 client on a dual-stack socket
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class JoinCodes:
    def __init__(self, *, tries: int = 5, lockout_s: float = 60.0, table_tries: int = 30,
                 window_s: float = 600.0, clock: Callable[[], float] = time.monotonic,
                 max_guessers: int = 256):
        self.tries = tries  # wrong codes one address may type before it is locked out
        self.lockout_s = lockout_s
        self.table_tries = table_tries  # wrong codes in all, within window_s, before a pause
        self.window_s = window_s
        self.clock = clock
        self.max_guessers = max_guessers
        self._issued: dict[int, _Issued] = {}
        self._wrong: OrderedDict[str, tuple[int, float]] = OrderedDict()  # who: count, since
        self._recent: deque[float] = deque()  # when each wrong code of the window came

    def issue(self, seat: int, token: str, *, lasting: bool = False) -> str:
        """A fresh code for this seat's link (replacing any code it had); a lasting
        code is good until it is issued anew."""
        taken = {i.code for s, i in self._issued.items() if s != seat}
        while True:
            code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
            if code not in taken:
                break
        self._issued[seat] = _Issued(code, seat, token, lasting)
        return code

    def reset(self, tokens: dict[int, str]) -> None:
        """New links for the seats (a new or resumed game): a new code for each. A
        lasting code (the room's) is kept."""
        self._issued = {s: i for s, i in self._issued.items() if i.lasting}
        for seat, token in tokens.items():
            self.issue(seat, token)

    def code_for(self, seat: int) -> str | None:
        issued = self._issued.get(seat)
        return issued.code if issued else None

    def seats(self) -> list[int]:
        """The seats that have a code now."""
        return list(self._issued)

    def token_for(self, seat: int) -> str | None:
        issued = self._issued.get(seat)
        return issued.token if issued else None

    def forget(self, seat: int) -> None:
        """The seat is claimed: its code is good no more."""
        self._issued.pop(seat, None)

    def redeem(self, typed: str, address: str) -> tuple[int, str]:
        """The seat and link token a code stands for; the code is then forgotten.

        ``address`` is the address asking. Raises CodeRefused for a wrong code, for
        any code from an address that typed too many wrong ones lately, and for any
        code while the table has had too many wrong ones from anywhere."""
        now = self.clock()
        self._forget_old(now)
        who = guesser(address)
        count, since = self._wrong.get(who, (0, now))
        if count >= self.tries:
            raise CodeRefused("tries", "too many wrong codes: wait a minute and try again")
        if who not in self._wrong and len(self._wrong) >= self.max_guessers:
            # Never make room by forgetting a lockout: a newcomer waits instead.
            raise CodeRefused("busy", "too many wrong codes at this table: scan the QR code, "
                              "or wait a few minutes")
        if len(self._recent) >= self.table_tries:
            raise CodeRefused("busy", "too many wrong codes at this table: scan the QR code, "
                              "or wait a few minutes")
        wanted = normalise(typed).encode()
        for issued in list(self._issued.values()):
            # Each comparison in constant time: how long it takes says nothing of a code.
            if secrets.compare_digest(wanted, issued.code.encode()):
                if not issued.lasting:
                    self.forget(issued.seat)
                self._wrong.pop(who, None)
                return issued.seat, issued.token
        self._wrong[who] = (count + 1, since if count else now)
        self._wrong.move_to_end(who)
        self._recent.append(now)
        raise CodeRefused("code", "no seat has that code: check the table screen")

    def _forget_old(self, now: float) -> None:
        """Lockouts that have ended, and wrong codes older than the window."""
        for who, (_count, since) in list(self._wrong.items()):
            if now - since > self.lockout_s:
                del self._wrong[who]
        while self._recent and now - self._recent[0] > self.window_s:
            self._recent.popleft()


def normalise(typed: str) -> str:
    """What a person types, as a code: capitals, without spaces or dashes."""
    return "".join(c for c in typed.upper() if c not in " -\t")
