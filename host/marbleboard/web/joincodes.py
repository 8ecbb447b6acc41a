"""Short codes a person types to join a seat, for phones that cannot scan its QR code.

Each seat with a link gets a few letters, shown beside its QR code on the table
screen. Typed at ``/join``, a code gives the seat's link once; it is forgotten when
it is used or when the seat's phone connects by its link. A few wrong codes from
one address lock that address out for a while, and after some more wrong codes in
all, every code still waiting is replaced by a new one, so guessing gets nowhere.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

# Capital letters that cannot be taken for another letter or a digit (no B, G, I,
# L, O, Q, S, Z), nor need a different keyboard on a phone.
ALPHABET = "ACDEFHJKMNPRTUVWXY"
LENGTH = 4


class CodeRefused(Exception):
    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code = code  # "code": not a valid code; "tries": too many wrong ones
        self.detail = detail


@dataclass
class _Issued:
    code: str
    seat: int
    token: str


class JoinCodes:
    def __init__(self, *, tries: int = 5, lockout_s: float = 60.0, renew_after: int = 20,
                 clock: Callable[[], float] = time.monotonic, max_clients: int = 256,
                 on_change: Callable[[], None] | None = None):
        self.tries = tries  # wrong codes one address may type before it is locked out
        self.lockout_s = lockout_s
        self.renew_after = renew_after  # wrong codes in all before every code is renewed
        self.clock = clock
        self.max_clients = max_clients
        self.on_change = on_change  # the codes shown changed (renewed after wrong ones)
        self._issued: dict[int, _Issued] = {}
        self._wrong: OrderedDict[str, tuple[int, float]] = OrderedDict()  # who: count, since
        self._wrong_total = 0

    def issue(self, seat: int, token: str) -> str:
        """A fresh code for this seat's link (replacing any code it had)."""
        taken = {i.code for s, i in self._issued.items() if s != seat}
        while True:
            code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
            if code not in taken:
                break
        self._issued[seat] = _Issued(code, seat, token)
        return code

    def reset(self, tokens: dict[int, str]) -> None:
        """New links for the seats (a new or resumed game): a new code for each."""
        self._issued = {}
        for seat, token in tokens.items():
            self.issue(seat, token)

    def code_for(self, seat: int) -> str | None:
        issued = self._issued.get(seat)
        return issued.code if issued else None

    def forget(self, seat: int) -> None:
        """The seat is claimed: its code is good no more."""
        self._issued.pop(seat, None)

    def redeem(self, typed: str, who: str) -> tuple[int, str]:
        """The seat and link token a code stands for; the code is then forgotten.

        ``who`` is the address asking. Raises CodeRefused for a wrong code, and for
        any code from an address that typed too many wrong ones lately."""
        now = self.clock()
        count, since = self._wrong.get(who, (0, now))
        if count and now - since > self.lockout_s:
            count = 0
            del self._wrong[who]
        if count >= self.tries:
            raise CodeRefused("tries", "too many wrong codes: wait a minute and try again")
        wanted = normalise(typed).encode()
        for issued in list(self._issued.values()):
            # Each comparison in constant time: how long it takes says nothing of a code.
            if secrets.compare_digest(wanted, issued.code.encode()):
                self.forget(issued.seat)
                self._wrong.pop(who, None)
                return issued.seat, issued.token
        self._note_wrong(who, count, since if count else now)
        raise CodeRefused("code", "no seat has that code: check the table screen")

    def _note_wrong(self, who: str, count: int, since: float) -> None:
        self._wrong[who] = (count + 1, since)
        self._wrong.move_to_end(who)
        while len(self._wrong) > self.max_clients:
            self._wrong.popitem(last=False)
        self._wrong_total += 1
        if self._wrong_total >= self.renew_after:  # many wrong codes: new ones for all
            self._wrong_total = 0
            for seat, issued in list(self._issued.items()):
                self.issue(seat, issued.token)
            if self.on_change is not None:
                self.on_change()


def normalise(typed: str) -> str:
    """What a person types, as a code: capitals, without spaces or dashes."""
    return "".join(c for c in typed.upper() if c not in " -\t")
