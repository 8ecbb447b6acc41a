"""The addresses phones can reach this machine at, read from its network interfaces.

Never from the hostname: Debian and Raspberry Pi OS map the hostname to 127.0.1.1
in ``/etc/hosts``, so asking what it resolves to gives loopback, and a link to
loopback sends every phone to itself. The interfaces are listed by ``ifaddr``;
the kernel says which of them are up (``/sys/class/net``) and which one carries
the default route (``/proc/net/route``), and the best address comes first.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import ifaddr

SYS_NET = Path("/sys/class/net")
PROC_ROUTE = Path("/proc/net/route")
# The private ranges home and venue networks hand out (RFC 1918). Python's
# is_private also counts documentation and benchmark ranges, which no Wi-Fi uses.
PRIVATE = tuple(ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12",
                                                   "192.168.0.0/16"))
_DOWN_STATES = {"down", "lowerlayerdown", "notpresent", "dormant"}


@dataclass(frozen=True)
class Address:
    ip: str
    interface: str
    private: bool  # in a private range (RFC 1918): what a local network hands out
    default_route: bool  # on the interface the kernel sends traffic out of

    def url(self, port: int) -> str:
        return f"http://{self.ip}:{port}"


def interface_is_up(name: str) -> bool:
    """Whether the kernel has this interface up with a link (True where it cannot say)."""
    try:
        flags = int((SYS_NET / name / "flags").read_text(), 16)
        state = (SYS_NET / name / "operstate").read_text().strip()
    except (OSError, ValueError):
        return True  # not Linux, or no /sys: trust that a listed address is usable
    return bool(flags & 1) and state not in _DOWN_STATES  # IFF_UP, and a carrier


def route_interfaces() -> set[str]:
    """The interfaces that carry a default route, as the kernel's routing table says."""
    names: set[str] = set()
    try:
        lines = PROC_ROUTE.read_text().splitlines()[1:]
    except OSError:
        return names
    for line in lines:
        fields = line.split()
        if len(fields) >= 2 and fields[1] == "00000000":
            names.add(fields[0])
    return names


def find_addresses() -> list[Address]:
    """Every IPv4 address a phone on the local network could use, best first.

    Loopback and link-local (169.254/16, a network with no DHCP) addresses are left
    out, and so are interfaces that are down. Private addresses come first, those on
    the default route's interface first among them.
    """
    routes = route_interfaces()
    found: dict[str, Address] = {}
    for adapter in ifaddr.get_adapters():
        if not interface_is_up(adapter.name):
            continue
        for entry in adapter.ips:
            if not isinstance(entry.ip, str):  # IPv6: the service listens on IPv4
                continue
            try:
                ip = ipaddress.IPv4Address(entry.ip)
            except ValueError:
                continue
            if ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast:
                continue
            found.setdefault(str(ip), Address(
                str(ip), adapter.name, any(ip in net for net in PRIVATE),
                adapter.name in routes))
    return sorted(found.values(), key=lambda a: (not a.private, not a.default_route,
                                                 a.interface, ipaddress.IPv4Address(a.ip)))


def check_url(url: str) -> str:
    """A base URL given by hand (``--url``): http(s)://host[:port], without a path."""
    parts = urlsplit(url.strip())
    try:
        parts.port  # noqa: B018  (raises on a port that is not a number)
    except ValueError as e:
        raise ValueError(f"--url {url!r}: {e}") from e
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"--url {url!r}: give it as http://NAME[:PORT] or https://NAME[:PORT]")
    if parts.path.strip("/") or parts.query or parts.fragment:
        raise ValueError(f"--url {url!r}: the pages live at the root: give no path")
    return f"{parts.scheme}://{parts.netloc}"


NO_ADDRESS = """\
No phone can reach this machine: it has no network address but its own (loopback).
Connect it to the same Wi-Fi or wired network as the phones (the links follow by
themselves when an address appears), or, if people reach it by a name or through a
proxy, start it with --url http://NAME:PORT."""

LOOPBACK_ONLY = """\
No phone can reach this machine: it listens on {host} (loopback) only.
Start it with --host 0.0.0.0 to listen on the local network."""


@dataclass(frozen=True)
class Reach:
    """How people reach the service: the base of every link, and what to print."""

    base: str  # the links and QR codes start with this
    others: tuple[str, ...] = ()  # other addresses that work too
    problem: str | None = None  # why no phone can use it, and what to do


def reach(host: str, port: int, url: str | None = None) -> Reach:
    """Where the links point: ``--url`` if given, the listening address if it is one,
    otherwise the best interface address (loopback, with the problem said, if none)."""
    if url:
        return Reach(check_url(url))
    if host not in ("0.0.0.0", "::", ""):
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:  # a name
            return Reach(f"http://{host}:{port}")
        base = f"http://[{ip}]:{port}" if ip.version == 6 else f"http://{ip}:{port}"
        return Reach(base, problem=LOOPBACK_ONLY.format(host=host) if ip.is_loopback else None)
    addresses = find_addresses()
    if not addresses:
        return Reach(f"http://127.0.0.1:{port}", problem=NO_ADDRESS)
    return Reach(addresses[0].url(port), tuple(a.url(port) for a in addresses[1:]))


def describe(r: Reach) -> list[str]:
    """The lines printed at the start: every address a phone could use, or what to do."""
    if r.problem:
        return r.problem.splitlines()
    lines = [f"  phones join at:    {r.base}/join   (or by the QR codes on the table screen)"]
    lines += [f"  also reachable at: {other}/join" for other in r.others]
    return lines
