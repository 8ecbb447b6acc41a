"""Telling people where the service is: the links' base, the printed addresses, the
``marbleboard.local`` name, kept up to date while the service runs.

A Raspberry Pi started at boot often serves before its Wi-Fi is connected; the
addresses are looked at again every few seconds, and the links, the QR codes and
the name follow when they change.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
from collections.abc import Callable

from .addresses import describe, find_addresses, reach
from .mdns import Advertiser

log = logging.getLogger(__name__)
WILDCARD = ("0.0.0.0", "::", "")


class Announcer:
    def __init__(self, host: str, port: int, url: str | None = None, *, mdns: bool = True,
                 every_s: float = 10.0,
                 on_change: Callable[[str, list[str]], None] | None = None,
                 say: Callable[[str], None] = print):
        self.host, self.port, self.url = host, port, url
        self.reach = reach(host, port, url)  # ValueError for a --url that is no URL
        self.advertiser = Advertiser(port) if mdns else None
        self.names: list[str] = []  # other bases that reach the service (the .local name)
        self.every_s = every_s
        self.on_change = on_change  # (base, names): the links must follow
        self.say = say
        self._task: asyncio.Task[None] | None = None

    @property
    def base(self) -> str:
        return self.reach.base

    def lines(self) -> list[str]:
        return describe(self.reach)

    def _mdns_addresses(self) -> list[str]:
        if self.host in WILDCARD:
            return [a.ip for a in find_addresses()]
        with contextlib.suppress(ValueError):
            ip = ipaddress.ip_address(self.host)
            if ip.version == 4 and not ip.is_loopback:
                return [self.host]
        return []

    async def start(self) -> None:
        """Advertise the name and follow the addresses, in the background."""
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            try:
                await self.refresh()
            except OSError as e:  # the service goes on with the links it has
                log.warning("could not look at the network again: %s", e)
            await asyncio.sleep(self.every_s)

    async def refresh(self) -> None:
        """Look at the interfaces again; tell whoever needs it what changed."""
        changed = False
        if not self.url and self.host in WILDCARD:
            now = reach(self.host, self.port)
            if now != self.reach:
                self.reach, changed = now, True
                self.say("The network changed:")
                for line in self.lines():
                    self.say(line)
        names: list[str] = []
        if self.advertiser is not None and await self.advertiser.start(self._mdns_addresses()):
            names = [self.advertiser.url]
        if names != self.names:
            self.names, changed = names, True
            for name in names:
                self.say(f"  or by name:        {name}/join   (on phones that know .local names)")
        if changed and self.on_change is not None:
            self.on_change(self.reach.base, self.names)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self.advertiser is not None:
            await self.advertiser.close()
