"""Where the links and QR codes send phones: an address of a network interface, never
what the hostname resolves to (127.0.1.1 on Debian and Raspberry Pi OS)."""

import asyncio
import socket

import httpx
import ifaddr
import pytest
import uvicorn
from qr_reading import decode

from marbleboard.cli import build_parser
from marbleboard.web import addresses, announce
from marbleboard.web.addresses import check_url, find_addresses, reach
from marbleboard.web.serve import ServeConfig, serve

V6 = ("fe80::1", 0, 2)


def adapter(name, *ips):
    return ifaddr.Adapter(name, name, [ifaddr.IP(ip, 24 if isinstance(ip, str) else 64, name)
                                       for ip in ips])


PI = [  # a Raspberry Pi on Wi-Fi, with Docker installed and no cable in
    adapter("lo", "127.0.0.1", ("::1", 0, 0)),
    adapter("eth0", "169.254.10.3"),
    adapter("docker0", "172.17.0.1"),
    adapter("wlan0", "192.168.1.20", V6),
]
UP = {"lo", "eth0", "wlan0"}  # docker0 has no container: no carrier


@pytest.fixture
def hostname_is_loopback(monkeypatch):
    """As /etc/hosts has it on Debian: the hostname resolves to 127.0.1.1."""
    def resolve(host, *args, **kwargs):
        if host == "raspberrypi":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.1.1", 0))]
        raise socket.gaierror(f"no name {host!r} in this test")

    monkeypatch.setattr(socket, "gethostname", lambda: "raspberrypi")
    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    monkeypatch.setattr(socket, "gethostbyname", lambda host: "127.0.1.1")


@pytest.fixture
def interfaces(monkeypatch):
    """The machine's interfaces as the test sets them: (adapters, up, default route)."""
    state = {"adapters": PI, "up": UP, "routes": {"wlan0"}}
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: state["adapters"])
    monkeypatch.setattr(addresses, "interface_is_up", lambda name: name in state["up"])
    monkeypatch.setattr(addresses, "route_interfaces", lambda: state["routes"])
    return state


def test_the_private_address_of_an_interface_that_is_up_comes_first(interfaces):
    interfaces["adapters"] = [*PI, adapter("eth1", "203.0.113.9"),
                              adapter("tailscale0", "100.101.102.103"),
                              adapter("wlan1", "10.0.0.7")]
    interfaces["up"] = UP | {"eth1", "tailscale0", "wlan1"}
    found = find_addresses()
    assert [a.ip for a in found] == ["192.168.1.20", "10.0.0.7", "203.0.113.9",
                                     "100.101.102.103"]
    assert found[0].interface == "wlan0" and found[0].private and found[0].default_route
    # Never loopback, link-local (no DHCP), IPv6 (the service listens on IPv4), or
    # an interface that is down.
    assert not {"127.0.0.1", "169.254.10.3", "172.17.0.1"} & {a.ip for a in found}


def test_up_and_default_route_are_read_from_the_kernel(tmp_path, monkeypatch):
    for name, flags, state in (("wlan0", "0x1003", "up"), ("docker0", "0x1003", "down"),
                               ("eth0", "0x1002", "down"), ("lo", "0x9", "unknown")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "flags").write_text(flags + "\n")
        (tmp_path / name / "operstate").write_text(state + "\n")
    monkeypatch.setattr(addresses, "SYS_NET", tmp_path)
    assert [addresses.interface_is_up(n) for n in ("wlan0", "docker0", "eth0", "lo")] == [
        True, False, False, True]
    assert addresses.interface_is_up("nowhere")  # no word from the kernel: trust the list
    route = tmp_path / "route"
    route.write_text("Iface\tDestination\tGateway \tFlags\n"
                     "wlan0\t00000000\t0101A8C0\t0003\n"
                     "wlan0\t0001A8C0\t00000000\t0001\n"
                     "docker0\t000011AC\t00000000\t0001\n")
    monkeypatch.setattr(addresses, "PROC_ROUTE", route)
    assert addresses.route_interfaces() == {"wlan0"}


def run_serve(monkeypatch, tmp_path, **cfg):
    """serve() as `marbleboard serve` runs it, with the web server replaced by requests
    made straight to its app (no socket is opened, on an address the service answers
    to): start a game of two people and return the table screen's payload."""
    seen = {}

    async def fake_serve(self, sockets=None):
        app = self.config.app
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8000") as c:
            token = app.state.hub.admin_token
            r = await c.post("/api/admin/start", json={"token": token, "players": 2,
                                                        "seats": ["human", "human"]})
            assert r.status_code == 200, r.text
            seen["table"] = (await c.get("/api/table", params={"token": token})).json()

    monkeypatch.setattr(uvicorn.Server, "serve", fake_serve)
    config = ServeConfig(db=tmp_path / "games.db", quiet_s=0.05, mdns=False, **cfg)
    seen["exit"] = asyncio.run(serve(config))
    return seen


def test_links_and_qr_codes_carry_the_interface_address(hostname_is_loopback, interfaces,
                                                        monkeypatch, tmp_path, capsys):
    seen = run_serve(monkeypatch, tmp_path)
    assert seen["exit"] == 0
    links = seen["table"]["links"]
    assert set(links) == {"red", "yellow"}
    for seat, link in links.items():
        assert link["url"].startswith(f"http://192.168.1.20:8000/seat/{seat}?c=")
        # The QR image itself, read back as a phone's camera would.
        assert decode(link["qr"]) == link["url"]
    assert seen["table"]["join"] == ["http://192.168.1.20:8000"]
    out = capsys.readouterr().out
    assert "http://192.168.1.20:8000/join" in out
    assert "127.0.0.1" not in out and "127.0.1.1" not in out


def test_every_address_a_phone_could_use_is_printed(interfaces, monkeypatch, tmp_path, capsys):
    interfaces["adapters"] = [*PI, adapter("eth1", "10.1.2.3")]
    interfaces["up"] = UP | {"eth1"}
    run_serve(monkeypatch, tmp_path)
    out = capsys.readouterr().out
    assert "phones join at:    http://192.168.1.20:8000/join" in out
    assert "also reachable at: http://10.1.2.3:8000/join" in out


def test_with_no_usable_interface_it_says_so_and_what_to_do(hostname_is_loopback, interfaces,
                                                           monkeypatch, tmp_path, capsys):
    interfaces["adapters"] = [adapter("lo", "127.0.0.1"), adapter("eth0", "169.254.7.7"),
                              adapter("wlan0", "192.168.1.20")]
    interfaces["up"] = {"lo", "eth0"}  # the Wi-Fi is not connected
    seen = run_serve(monkeypatch, tmp_path)
    assert seen["exit"] == 0  # the service still runs: the table screen on this machine works
    out = capsys.readouterr().out
    assert "No phone can reach this machine" in out
    assert "same Wi-Fi" in out and "--url http://NAME:PORT" in out
    assert "phones join at" not in out
    url = seen["table"]["links"]["red"]["url"]
    assert url.startswith("http://127.0.0.1:8000/")


def test_url_sets_the_address_people_use(interfaces, monkeypatch, tmp_path, capsys):
    seen = run_serve(monkeypatch, tmp_path, url="https://table.example.org/")
    link = seen["table"]["links"]["red"]
    assert link["url"].startswith("https://table.example.org/seat/red?c=")
    assert decode(link["qr"]) == link["url"]
    assert "https://table.example.org/?t=" in capsys.readouterr().out


def test_a_url_that_is_no_url_is_refused_before_anything_starts(tmp_path, capsys):
    config = ServeConfig(db=tmp_path / "games.db", url="table:8000", mdns=False)
    assert asyncio.run(serve(config)) == 2
    assert "error: --url" in capsys.readouterr().out
    assert not (tmp_path / "games.db").exists()


@pytest.mark.parametrize("url, base", [
    ("http://table.local:8000", "http://table.local:8000"),
    ("https://games.example.org/", "https://games.example.org"),
    ("http://192.168.1.9", "http://192.168.1.9"),
])
def test_check_url(url, base):
    assert check_url(url) == base


@pytest.mark.parametrize("url", ["table.local", "ftp://x", "http://", "http://x/games",
                                 "http://x:port", "http://x/?a=1"])
def test_check_url_refuses(url):
    with pytest.raises(ValueError, match="--url"):
        check_url(url)


def test_a_listening_address_given_by_hand_is_used_as_it_is(interfaces):
    assert reach("10.0.0.5", 8000).base == "http://10.0.0.5:8000"
    loopback = reach("127.0.0.1", 8000)
    assert loopback.problem and "--host 0.0.0.0" in loopback.problem


def test_run_and_serve_take_url_and_no_mdns():
    parser = build_parser()
    for command in ("run", "serve"):
        args = parser.parse_args([command, "--url", "http://t:1", "--no-mdns"])
        assert args.url == "http://t:1" and args.no_mdns
        assert parser.parse_args([command]).url is None


def test_the_links_follow_when_the_network_comes_up(interfaces, live):
    interfaces["up"] = {"lo"}  # started at boot, before the Wi-Fi
    said = []
    a = announce.Announcer("0.0.0.0", 8000, mdns=False, say=said.append,
                           on_change=live.hub.follow_address)
    assert a.reach.problem
    live.call(a.refresh())
    assert not said  # nothing changed
    interfaces["up"] = UP
    live.call(a.refresh())
    assert a.base == "http://192.168.1.20:8000"
    assert said[0] == "The network changed:" and "192.168.1.20:8000/join" in said[1]
    assert live.hub.base_url == "http://192.168.1.20:8000"
    httpx.post(f"{live.url}/api/admin/start",
               json={"token": live.admin, "players": 2, "seats": ["human", "bot:greedy"]})
    table = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()
    assert table["links"]["red"]["url"].startswith("http://192.168.1.20:8000/seat/red?c=")
