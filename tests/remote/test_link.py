"""Tables of one game through a real mosquitto over TLS, with the game's topic
ACLs: what one sends the other applies once and in order, through a broker
restart and a table away; a stranger on the same broker neither reads nor
writes the game; a changed message is refused with a line saying why; a home
holding its own invitation cannot log in as, read, or write for any other table;
and what keeps a table from the broker is said in its own words."""

from __future__ import annotations

import asyncio
import json
import ssl

import aiomqtt
import pytest

from marbleboard import words
from marbleboard.remote import broker
from marbleboard.remote.broker import BrokerAddress
from marbleboard.remote.envelope import Envelope, seal
from marbleboard.remote.keys import GameKeys, TableKeys
from marbleboard.remote.link import BrokerLink

GAME, KEYS = "k7q2", GameKeys.new(["home2", "home3"])
OTHER, OTHER_KEYS = "zz99", GameKeys.new([])
WAIT_S = 15.0


@pytest.fixture
def mosquitto(broker):
    broker.open_game(GAME, KEYS)
    broker.open_game(OTHER, OTHER_KEYS)
    return broker


class Table:
    """A link and what it applied, in order."""

    def __init__(self, server, me, peers, counters=None, on_behind=None, keys=None, ca=None):
        self.applied: list[tuple[str, str, dict]] = []
        self.logged: list[str] = []
        self.arrived = asyncio.Event()
        self.link = BrokerLink(BrokerAddress(server.url), GAME, keys or KEYS.for_table(me),
                               self.handle, peers=peers,
                               # "": the system's authorities alone
                               ca=server.ca_file if ca is None else (ca or None),
                               counters=counters,
                               on_behind=on_behind, on_change=self.arrived.set,
                               log=self._log,
                               backoff=(0.05, 0.5))

    def _log(self, line):
        self.logged.append(line)
        self.arrived.set()

    async def handle(self, peer, kind, body):
        self.applied.append((peer, kind, body))
        self.arrived.set()

    async def until(self, what, check):
        """Wait for ``check()``; fail saying what was applied if it never holds."""
        try:
            async with asyncio.timeout(WAIT_S):
                while not check():
                    self.arrived.clear()
                    await self.arrived.wait()
        except TimeoutError:
            raise AssertionError(f"{what}: not after {WAIT_S} s; applied {self.applied}, "
                                 f"log {self.logged}") from None

    async def connected(self):
        async with asyncio.timeout(WAIT_S):
            await self.link.connected.wait()


async def both(server, home_name="home2", homes=("home2",)):
    """The host (of ``homes``) and one home, both connected."""
    host, home = Table(server, "host", list(homes)), Table(server, home_name, ["host"])
    host.link.start()
    home.link.start()
    await host.connected()
    await home.connected()
    return host, home


async def stop(*tables):
    for t in tables:
        await t.link.stop()


async def test_messages_cross_once_in_order_and_are_acknowledged(mosquitto):
    host, home = await both(mosquitto)
    for n in range(20):
        host.link.send("home2", "step", {"n": n})
    await home.until("20 steps", lambda: len(home.applied) == 20)
    assert [b["n"] for _p, _k, b in home.applied] == list(range(20))
    home.link.send("host", "move", {"text": "a3-a7"})
    await host.until("the move", lambda: host.applied)
    assert host.applied == [("home2", "move", {"text": "a3-a7"})]
    # The home's acknowledgements reach the host: nothing is kept for sending again.
    await host.until("the outbox emptied", lambda: host.link.outboxes["home2"].waiting == 0)
    assert home.link.refused == host.link.refused == {}
    await stop(host, home)


async def test_a_broker_restarted_mid_game_loses_nothing(mosquitto):
    host, home = await both(mosquitto)
    host.link.send("home2", "step", {"n": 0})
    await home.until("the first step", lambda: len(home.applied) == 1)
    mosquitto.stop()
    for n in range(1, 6):  # sent while the broker is away: kept, not lost
        host.link.send("home2", "step", {"n": n})
    mosquitto.start()
    await home.until("the steps sent while the broker was down",
                     lambda: len(home.applied) == 6)
    assert [b["n"] for _p, _k, b in home.applied] == list(range(6))
    assert any("lost the broker" in line for line in host.logged)
    await stop(host, home)


async def test_a_table_away_catches_up_exactly_from_its_counters(mosquitto):
    host, home = await both(mosquitto)
    host.link.send("home2", "step", {"n": 0})
    await home.until("the first step", lambda: len(home.applied) == 1)
    await home.link.stop()
    await host.until("the home seen offline", lambda: host.link.present.get("home2") is False)
    for n in range(1, 38):
        host.link.send("home2", "step", {"n": n})
    # The home comes back as a restarted service would: from its saved counters.
    back = Table(mosquitto, "home2", ["host"], counters=home.link.counters())
    back.link.start()
    await back.until("37 steps missed", lambda: len(back.applied) == 37)
    assert [b["n"] for _p, _k, b in back.applied] == list(range(1, 38))
    await host.until("the home seen online", lambda: host.link.present.get("home2") is True)
    await stop(host, back)


async def test_a_table_that_lost_its_counters_is_moved_past_and_sent_the_position(mosquitto):
    behind = []

    async def resend_position(peer):
        behind.append(peer)
        host.link.send(peer, "position", {"whole": True})

    host = Table(mosquitto, "host", ["home2"], on_behind=resend_position)
    home = Table(mosquitto, "home2", ["host"])
    host.link.start()
    home.link.start()
    for n in range(5):
        host.link.send("home2", "step", {"n": n})
    await home.until("5 steps", lambda: len(home.applied) == 5)
    await host.until("acknowledged", lambda: host.link.outboxes["home2"].acked == 5)
    await home.link.stop()
    fresh = Table(mosquitto, "home2", ["host"])  # a new Pi: counters from nothing
    fresh.link.start()
    await fresh.until("the whole position", lambda: fresh.applied)
    assert fresh.applied == [("host", "position", {"whole": True})]
    assert behind == ["home2"]
    assert any("no longer has messages up to 5" in line for line in fresh.logged)
    await stop(host, fresh)


async def test_a_changed_message_is_refused_with_a_reason(mosquitto):
    host, home = await both(mosquitto)
    host.link.send("home2", "step", {"n": 0})
    await home.until("the first step", lambda: len(home.applied) == 1)
    # Someone with the host's login, not the keys, changes a message's number.
    data = json.loads(_sealed_step(1))
    data["seq"] = 2
    async with _client(mosquitto, broker.username(GAME, "host"),
                       KEYS.for_table("host").password) as client:
        await client.publish(broker.inbox(GAME, "home2"), json.dumps(data).encode(), qos=1)
    host.link.send("home2", "step", {"n": 1})
    await home.until("the true step", lambda: len(home.applied) == 2)
    assert [b["n"] for _p, _k, b in home.applied] == [0, 1]
    assert home.link.refused["signature"] == 1
    assert any("did not sign" in line for line in home.logged)
    await stop(host, home)


async def test_another_games_login_neither_reads_nor_writes_this_game(mosquitto):
    host, home = await both(mosquitto)
    seen = []
    client_id = "stranger"
    async with _client(mosquitto, broker.username(OTHER, "host"),
                       OTHER_KEYS.for_table("host").password, client_id) as stranger:
        await stranger.subscribe(f"{broker.ROOT}/{GAME}/#", qos=1)
        await stranger.subscribe(broker.inbox(OTHER, "host"), qos=1)
        await stranger.publish(broker.inbox(GAME, "home2"), _sealed_step(1), qos=1)
        host.link.send("home2", "step", {"n": 0})
        await home.until("the host's step", lambda: home.applied)
        # Its own topic, last: the broker delivers in order, so anything of the
        # game's it could read would have come before this.
        await stranger.publish(broker.inbox(OTHER, "host"), b"end", qos=1)
        async with asyncio.timeout(WAIT_S):
            async for message in stranger.messages:
                seen.append(str(message.topic))
                if message.payload == b"end":
                    break
    assert seen == [broker.inbox(OTHER, "host")]
    assert home.applied == [("host", "step", {"n": 0})]  # not the stranger's copy
    assert f"Denied PUBLISH from {client_id}" in mosquitto.log()  # the broker says so
    await stop(host, home)


async def test_a_wrong_key_is_refused_by_the_broker_and_said(mosquitto):
    wrong = GameKeys.new(["home2"]).for_table("home2")
    table = Table(mosquitto, "home2", ["host"], keys=wrong)
    table.link.start()
    await table.until("the refusal said", lambda: table.link.problem is not None)
    assert "refused the login of table home2" in words.say(table.link.problem, "en")
    assert any("refused the login" in line for line in table.logged)
    assert not table.link.connected.is_set()
    await stop(table)


@pytest.mark.parametrize(("ca", "says"), [
    ("", "not trusted by this table"),  # the system's authorities: not the broker's own
    ("/nowhere/ca.pem", "/nowhere/ca.pem does not exist"),
])
async def test_a_certificate_not_trusted_or_a_missing_authority_is_said_at_once(
        mosquitto, ca, says):
    table = Table(mosquitto, "home2", ["host"], ca=ca)
    table.link.start()
    await table.until("the problem said", lambda: table.link.problem is not None)
    said = words.say(table.link.problem, "en")
    assert says in said and table.logged == [said]
    assert words.say(table.link.problem, "fr") != said  # the screen says it in its language
    if not ca:
        assert "--remote-ca" in said
    await stop(table)


async def test_a_broker_not_there_is_said_at_once(mosquitto):
    table = Table(mosquitto, "home2", ["host"])
    mosquitto.stop()
    table.link.start()
    await table.until("the problem said", lambda: table.link.problem is not None)
    assert words.say(table.link.problem, "en").startswith("Could not reach the broker")
    await stop(table)


async def test_a_message_over_the_limit_never_reaches_a_table(mosquitto):
    """The table tells the broker the largest packet it takes (MQTT 5): a 1 MiB
    message for it is dropped by the broker, never read whole by the table, and
    what comes next is taken as usual."""
    host, home = await both(mosquitto)
    async with _client(mosquitto, broker.username(GAME, "host"),
                       KEYS.for_table("host").password, "huge") as client:
        await client.publish(broker.inbox(GAME, "home2"), b"x" * (1 << 20), qos=1)
    host.link.send("home2", "step", {"n": 0})
    await home.until("the step after it", lambda: home.applied)
    assert home.applied == [("host", "step", {"n": 0})]
    assert home.link.refused == {}  # not even refused: it never came
    await stop(host, home)


# --- a home with its own invitation tries every other table's part ----------------------

async def test_a_home_cannot_log_in_as_another_table(mosquitto):
    home2 = KEYS.for_table("home2")
    for table in ("home3", "host"):
        with pytest.raises(aiomqtt.MqttCodeError):
            async with _client(mosquitto, broker.username(GAME, table), home2.password):
                pass
    # Nor with what the game's one secret would have given before each table had a key.
    with pytest.raises(aiomqtt.MqttCodeError):
        async with _client(mosquitto, broker.username(GAME, "home3"),
                           home2.own.hex()[:32]):
            pass


async def test_a_home_reads_no_other_homes_messages(mosquitto):
    host, home3 = await both(mosquitto, "home3", ("home2", "home3"))
    seen = []
    async with _client(mosquitto, broker.username(GAME, "home2"),
                       KEYS.for_table("home2").password, "nosy") as nosy:
        await nosy.subscribe(broker.inbox(GAME, "home3"), qos=1)
        await nosy.subscribe(broker.inbox(GAME, "host"), qos=1)
        await nosy.subscribe(broker.inbox(GAME, "home2"), qos=1)
        host.link.send("home3", "step", {"hand": "secret"})
        home3.link.send("host", "move", {"text": "a3-a7"})
        await home3.until("the step", lambda: home3.applied)
        await host.until("the move", lambda: host.applied)
        host.link.send("home2", "step", {"n": 0})  # its own, last: the broker keeps order
        async with asyncio.timeout(WAIT_S):
            async for message in nosy.messages:
                seen.append(str(message.topic))
                if str(message.topic) == broker.inbox(GAME, "home2"):
                    break
    assert seen == [broker.inbox(GAME, "home2")]
    await stop(host, home3)


async def test_a_home_cannot_write_as_another_home_or_as_the_host(mosquitto):
    """Home 2 writes, with its own login and key, a move that says it is home 3's,
    and a step that says it is the host's: both refused, said, nothing applied."""
    host, home2 = await both(mosquitto, "home2", ("home2", "home3"))
    forger = KEYS.for_table("home2")
    as_home3 = TableKeys("home3", forger.own, {"host": forger.own}, None, KEYS.public)
    as_host = TableKeys("host", forger.own, {"home2": forger.own}, None, KEYS.public)
    async with _client(mosquitto, broker.username(GAME, "home2"), forger.password,
                       "forger") as client:
        for n in range(3):
            await client.publish(broker.inbox(GAME, "host"), seal(as_home3, Envelope(
                GAME, "home3", "host", n + 1, 0, "move", {"text": "a3-a7"})), qos=1)
    # And a step to home 2 sealed with home 2's key (as home 2, or anyone who had its
    # invitation, could), said to be the host's: the host did not sign it.
    async with _client(mosquitto, broker.username(GAME, "host"),
                       KEYS.for_table("host").password, "thief") as client:
        await client.publish(broker.inbox(GAME, "home2"), seal(as_host, Envelope(
            GAME, "host", "home2", 1, 0, "step", {"n": 99})), qos=1)
    home2.link.send("host", "move", {"text": "true"})
    await host.until("home 2's own move", lambda: host.applied)
    await home2.until("the forged step refused", lambda: home2.link.refused)
    assert host.applied == [("home2", "move", {"text": "true"})]
    assert host.link.refused == {"seal": 3}
    assert home2.applied == [] and home2.link.refused == {"signature": 1}
    await stop(host, home2)


def _sealed_step(seq):
    return seal(KEYS.for_table("host"), Envelope(GAME, "host", "home2", seq, 0, "step",
                                                 {"n": seq}))


def _client(server, user, password, identifier=None):
    return aiomqtt.Client("127.0.0.1", server.port, username=user, password=password,
                          identifier=identifier,
                          tls_context=ssl.create_default_context(cafile=server.ca_file))
