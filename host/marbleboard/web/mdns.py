"""The service's name on the local network, by multicast DNS: ``marbleboard.local``.

An HTTP service record (``_http._tcp``) and the host name it points at are
answered on the interfaces phones can reach, so a person can type a short name
instead of an address; Bonjour browsers list the table too. Multicast goes only
to the standard mDNS group (224.0.0.251, port 5353) on those interfaces.

A machine without multicast, or any other trouble here, costs one line in the log
and nothing else: the service runs without its name.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Sequence

from zeroconf import Error as ZeroconfError
from zeroconf import IPVersion, ServiceInfo
from zeroconf.asyncio import AsyncZeroconf

log = logging.getLogger(__name__)

NAME = "marbleboard"
SERVICE_TYPE = "_http._tcp.local."


def service_info(addresses: Sequence[str], port: int, name: str = NAME) -> ServiceInfo:
    return ServiceInfo(
        SERVICE_TYPE, f"{name}.{SERVICE_TYPE}", port=port,
        addresses=[socket.inet_aton(a) for a in addresses],
        properties={"path": "/join"}, server=f"{name}.local.")


class Advertiser:
    """Answers for ``NAME.local`` and its HTTP service while the service runs."""

    def __init__(self, port: int, name: str = NAME):
        self.port = port
        self.name = name
        self.addresses: tuple[str, ...] = ()
        self._zc: AsyncZeroconf | None = None
        self._info: ServiceInfo | None = None

    @property
    def url(self) -> str:
        return f"http://{self.name}.local:{self.port}"

    @property
    def running(self) -> bool:
        return self._info is not None

    async def start(self, addresses: Sequence[str]) -> bool:
        """Advertise on the interfaces holding these IPv4 addresses (again, if they
        changed). Returns whether the name is being answered; never raises."""
        if tuple(addresses) == self.addresses and self.running:
            return True
        await self.close()
        self.addresses = tuple(addresses)
        if not addresses:
            return False
        try:
            zc = AsyncZeroconf(interfaces=list(addresses), ip_version=IPVersion.V4Only)
        except (OSError, ZeroconfError) as e:  # no multicast here, or no such interface
            log.warning("no %s.local name on the local network (mDNS: %s)", self.name, e)
            return False
        self._zc = zc
        info = service_info(addresses, self.port, self.name)
        try:
            await zc.async_register_service(info, allow_name_change=True)
        except (OSError, ZeroconfError) as e:
            log.warning("no %s.local name on the local network (mDNS: %s)", self.name, e)
            await self.close()
            return False
        self._info = info
        return True

    async def close(self) -> None:
        zc, info = self._zc, self._info
        self._zc = self._info = None
        self.addresses = ()
        if zc is None:
            return
        try:
            if info is not None:
                await zc.async_unregister_service(info)
            await zc.async_close()
        except (OSError, ZeroconfError) as e:  # going away anyway
            log.debug("mDNS close: %s", e)
