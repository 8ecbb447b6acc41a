"""marbleboard.local: answered by multicast DNS, and never in the way of the service.

The round trip runs on loopback only: the advertiser and the asking side both bind
to 127.0.0.1, and multicast goes to the mDNS group on that interface alone.
"""

import logging
import socket

import pytest
from zeroconf import AddressResolverIPv4, IPVersion, NonUniqueNameException, Zeroconf
from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

from marbleboard.loopback import free_port
from marbleboard.web import announce, mdns
from marbleboard.web.mdns import SERVICE_TYPE, Advertiser


def loopback_multicast_works() -> bool:
    try:
        zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    except OSError:
        return False
    zc.close()
    return True


async def ask(name: str) -> tuple[AsyncServiceInfo, list[str]]:
    """What a phone would learn, asked on loopback: the HTTP service, and the address
    the name NAME.local stands for."""
    azc = AsyncZeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    try:
        host = AddressResolverIPv4(f"{name}.local.")  # first: nothing is cached yet
        assert await host.async_request(azc.zeroconf, 3000), f"no answer for {name}.local"
        info = AsyncServiceInfo(SERVICE_TYPE, f"{name}.{SERVICE_TYPE}")
        assert await info.async_request(azc.zeroconf, 3000), "no answer for the service"
        return info, host.parsed_addresses()
    finally:
        await azc.async_close()


@pytest.mark.skipif(not loopback_multicast_works(), reason="no multicast on loopback here")
async def test_the_name_and_the_http_service_are_answered_on_loopback():
    port = free_port()
    name = f"marbleboard-test-{port}"  # not the real name, whatever else runs here
    advertiser = Advertiser(port, name=name)
    try:
        assert await advertiser.start(["127.0.0.1"])
        assert advertiser.url == f"http://{name}.local:{port}"
        info, found = await ask(name)
        assert info.port == port and found == ["127.0.0.1"]
        assert info.server == f"{name}.local." and info.properties[b"path"] == b"/join"
    finally:
        await advertiser.close()
    assert not advertiser.running


async def test_no_multicast_costs_one_line_and_nothing_else(monkeypatch, caplog):
    def no_multicast(*args, **kwargs):
        raise OSError(19, "No such device")

    monkeypatch.setattr(mdns, "AsyncZeroconf", no_multicast)
    said = []
    a = announce.Announcer("10.0.0.5", 8000, mdns=True, say=said.append)
    with caplog.at_level(logging.WARNING):
        await a.refresh()
    assert a.names == [] and not said
    lines = [r for r in caplog.records if r.name == "marbleboard.web.mdns"]
    assert len(lines) == 1 and "no marbleboard.local name" in lines[0].getMessage()
    await a.close()


async def test_a_failed_registration_is_closed_and_logged(monkeypatch, caplog):
    class Failing:
        closed = False

        def __init__(self, *args, **kwargs):
            pass

        async def async_register_service(self, info, **kwargs):
            # What zeroconf raises for a name taken that it may not change.
            raise NonUniqueNameException("the name is taken and cannot be changed")

        async def async_close(self):
            Failing.closed = True

    monkeypatch.setattr(mdns, "AsyncZeroconf", Failing)
    advertiser = Advertiser(8000)
    with caplog.at_level(logging.WARNING):
        assert not await advertiser.start(["10.0.0.5"])
    assert Failing.closed and not advertiser.running and len(caplog.records) == 1


async def test_nothing_is_advertised_without_an_address():
    advertiser = Advertiser(8000)
    assert not await advertiser.start([])
    assert not advertiser.running


def test_the_service_record():
    info = mdns.service_info(["192.168.1.20"], 8000)
    assert info.name == "marbleboard._http._tcp.local." and info.server == "marbleboard.local."
    assert info.addresses == [socket.inet_aton("192.168.1.20")] and info.port == 8000


@pytest.mark.skipif(not loopback_multicast_works(), reason="no multicast on loopback here")
async def test_the_name_is_printed_and_shown_once_it_is_answered(monkeypatch):
    port = free_port()
    said, changes = [], []
    a = announce.Announcer("127.0.0.1", port, mdns=True, say=said.append,
                           on_change=lambda base, names: changes.append((base, names)))
    a.advertiser = Advertiser(port, name=f"marbleboard-test-{port}")
    monkeypatch.setattr(a, "_mdns_addresses", lambda: ["127.0.0.1"])  # loopback only
    try:
        await a.refresh()
        name = f"http://marbleboard-test-{port}.local:{port}"
        assert changes == [(f"http://127.0.0.1:{port}", [name])]
        assert said == [f"  or by name:        {name}/join   (on phones that know .local names)"]
        await a.refresh()  # nothing changed: nothing said, nothing registered again
        assert len(changes) == 1 and len(said) == 1
    finally:
        await a.close()
    assert not a.advertiser.running
