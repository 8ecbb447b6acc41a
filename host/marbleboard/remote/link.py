"""One table's connection to the broker for one shared game (aiomqtt).

Every message is published at QoS 1 to the receiving table's topic, encrypted
and signed (:mod:`.envelope`) and numbered (:mod:`.stream`). MQTT's own delivery is only
half of it: a broker restarted without its disk, or a message published while the
connection was down, loses messages, so each table keeps what the other has not
acknowledged, and on every (re)connection says ``hello`` with the last it applied
and sends again what the other has not acknowledged; the other answers a hello
with everything after what it says it applied. A table that lost its counters (a new
Pi for the same home) says it applied less than was already acknowledged; the
host moves it past what is gone (``skip``) and sends the whole position again
(``on_behind``), so a table catches up exactly whatever happened meanwhile.

The connection comes back by itself after the broker or the network went away,
waiting longer each time up to a few seconds. What stands in the way is said at
once, in the log and in :attr:`BrokerLink.problem` for the table screen, in its
own words: a certificate this table does not trust, a certificate authority's
file that is not there, a login the broker refuses, a broker that cannot be
reached.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import aiomqtt
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from .. import words
from . import broker
from .broker import BrokerAddress
from .envelope import MAX_BYTES, Envelope, Refused, seal, unseal
from .keys import TableKeys
from .stream import Inbox, Outbox

Handler = Callable[[str, str, dict[str, Any]], Awaitable[None]]  # peer, kind, body
ONLINE, OFFLINE = b"online", b"offline"
# The broker keeps a table's session (its subscriptions and the QoS 1 messages for
# it) this long after it drops: a home away for a weekend misses nothing.
SESSION_S = 7 * 24 * 3600
# The largest packet this table takes: a message, its topic and MQTT's own header.
# Said to the broker when connecting (MQTT 5), which then never sends a larger one:
# a table is never made to read a huge message before refusing it.
MAX_PACKET = MAX_BYTES + 1024


def _connect_properties() -> Properties:
    properties = Properties(PacketTypes.CONNECT)
    properties.SessionExpiryInterval = SESSION_S
    properties.MaximumPacketSize = MAX_PACKET
    return properties


class BrokerLink:
    def __init__(self, address: BrokerAddress, game: str, keys: TableKeys,
                 handler: Handler, *, peers: list[str] | None = None, ca: str | None = None,
                 counters: dict[str, Any] | None = None,
                 on_behind: Callable[[str], Awaitable[None]] | None = None,
                 on_change: Callable[[], None] | None = None,
                 log: Callable[[str], None] = print, backoff: tuple[float, float] = (0.2, 5.0)):
        self.address = address
        self.game = broker.check_name("game code", game)
        self.me = broker.check_name("table name", keys.me)
        self.keys = keys
        self.handler = handler
        self.ca = ca
        self.on_behind = on_behind
        self.on_change = on_change  # counters or who is connected changed
        self.log = log
        self.backoff = backoff
        self.outboxes: dict[str, Outbox] = {}
        self.inboxes: dict[str, Inbox] = {}
        for peer, saved in (counters or {}).items():
            self.outboxes[peer] = Outbox.from_json(saved["out"])
            self.inboxes[peer] = Inbox.from_json(saved["in"])
        for peer in peers or []:
            self.add_peer(peer)
        self.present: dict[str, bool] = {}  # as the broker keeps it: table -> connected
        self.refused: Counter[str] = Counter()  # reasons, for tests and the log's readers
        self.copies = 0  # messages that came again (sent again, or replayed): not applied
        self.connected = asyncio.Event()
        # Why this table is not connected, a phrase for its screen (None: it is, or
        # it has not tried yet).
        self.problem: words.Phrase | None = None
        self.changed = asyncio.Event()  # set, and made anew, at every change said
        self._client: aiomqtt.Client | None = None
        # What to publish, in order, by one writer: a table's moves never wait on
        # the broker, and a broker gone mid-publish holds up nobody.
        self._queue: asyncio.Queue[tuple[str, int, str, dict[str, Any]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    def add_peer(self, peer: str) -> None:
        broker.check_name("table name", peer)
        self.outboxes.setdefault(peer, Outbox())
        self.inboxes.setdefault(peer, Inbox())

    def counters(self) -> dict[str, Any]:
        """Both ways' counters and the unacknowledged messages, for the store."""
        return {peer: {"out": self.outboxes[peer].to_json(), "in": self.inboxes[peer].to_json()}
                for peer in self.outboxes}

    # --- connecting ---------------------------------------------------------------------

    def start(self) -> asyncio.Task[None]:
        self._task = asyncio.get_running_loop().create_task(self.run())
        return self._task

    async def stop(self) -> None:
        """Leave the broker saying so (the others see this table offline at once)."""
        client = self._client
        if client is not None:
            with contextlib.suppress(aiomqtt.MqttError, TimeoutError):  # leaving anyway
                async with asyncio.timeout(1.0):
                    await client.publish(broker.presence(self.game, self.me), OFFLINE,
                                         qos=1, retain=True)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def _tls(self) -> ssl.SSLContext | None:
        if not self.address.tls:
            return None
        return ssl.create_default_context(cafile=self.ca)

    async def run(self) -> None:
        delay = self.backoff[0]
        while True:
            try:
                async with aiomqtt.Client(
                        self.address.host, self.address.port,
                        username=broker.username(self.game, self.me),
                        password=self.keys.password,
                        identifier=broker.username(self.game, self.me),
                        protocol=aiomqtt.ProtocolVersion.V5, clean_start=False,
                        properties=_connect_properties(), keepalive=10, timeout=5,
                        tls_context=self._tls(),
                        will=aiomqtt.Will(broker.presence(self.game, self.me), OFFLINE,
                                          qos=1, retain=True)) as client:
                    self._client = client
                    self._queue = asyncio.Queue()  # all unacknowledged goes again on hello
                    writer = asyncio.get_running_loop().create_task(self._writer(client))
                    await client.subscribe(broker.inbox(self.game, self.me), qos=1)
                    await client.subscribe(broker.presence(self.game), qos=1)
                    await client.publish(broker.presence(self.game, self.me), ONLINE,
                                         qos=1, retain=True)
                    self.connected.set()
                    self.problem = None
                    delay = self.backoff[0]
                    self.log(f"connected to the broker {self.address.url} as table {self.me}")
                    self._changed()
                    for peer in list(self.inboxes):
                        self._control(peer, "hello", {"applied": self.inboxes[peer].applied})
                        # Sent now too, not only when the other says hello: its hello
                        # may have gone out before this table was listening.
                        outbox = self.outboxes[peer]
                        for seq, kind, body in outbox.since(outbox.acked):
                            self._publish(peer, seq, kind, body)
                    try:
                        async for message in client.messages:
                            await self._received(str(message.topic), message.payload)
                    finally:
                        writer.cancel()
            except (aiomqtt.MqttError, OSError) as e:
                was = self.connected.is_set()
                self._trouble(problem_words(e, self.address, self.me, self.ca), lost=was)
            finally:
                self._client = None
                if self.connected.is_set():
                    self.connected.clear()
                    self._changed()
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.backoff[1])

    def report(self, problem: words.Phrase) -> None:
        """Something else keeps this table's game from the broker (the host making
        the game's logins): said as the link's own problems are."""
        self._trouble(problem, lost=False)

    def _trouble(self, problem: words.Phrase, *, lost: bool) -> None:
        """Say what keeps this table from the broker: at once, and again only when it
        changes (the link tries again every few seconds)."""
        said = words.say(problem, "en")
        if lost:
            self.log(f"lost the broker {self.address.url}: {said}; connecting again")
        elif problem != self.problem:
            self.log(said)
        if problem != self.problem:
            self.problem = problem
            self._changed()

    # --- sending --------------------------------------------------------------------------

    def send(self, peer: str, kind: str, body: dict[str, Any]) -> int:
        """Number a message to ``peer`` and publish it now if connected; kept, and
        sent again, until ``peer`` says it applied it."""
        seq = self.outboxes[peer].add(kind, body)
        self._changed()
        self._publish(peer, seq, kind, body)
        return seq

    def _control(self, peer: str, kind: str, body: dict[str, Any]) -> None:
        self._publish(peer, 0, kind, body)

    def _publish(self, peer: str, seq: int, kind: str, body: dict[str, Any]) -> None:
        if self._client is not None:  # else kept in the outbox: sent on connecting
            self._queue.put_nowait((peer, seq, kind, body))

    async def _writer(self, client: aiomqtt.Client) -> None:
        while True:
            peer, seq, kind, body = await self._queue.get()
            # Sealed now, with the newest acknowledgement of the other way.
            data = seal(self.keys, Envelope(self.game, self.me, peer, seq,
                                            self.inboxes[peer].applied, kind, body))
            try:
                await client.publish(broker.inbox(self.game, peer), data, qos=1)
            except aiomqtt.MqttError as e:
                self.log(f"{kind} {seq} to {peer} not sent now ({e}): sent again once "
                         "connected")
                return

    # --- receiving ------------------------------------------------------------------------

    async def _received(self, topic: str, payload: Any) -> None:
        data = payload if isinstance(payload, bytes) else str(payload).encode()
        if topic.startswith(broker.presence(self.game, "")):
            table = topic.rsplit("/", 1)[1]
            self.present[table] = data == ONLINE
            self._changed()
            return
        try:
            envelope = unseal(self.keys, data, self.game)
            if envelope.sender not in self.inboxes:
                raise Refused("sender", f"a message from {envelope.sender!r}, a table not "
                                        "in this game")
            await self._take(envelope)
        except Refused as e:
            self.refused[e.reason] += 1
            self.log(f"refused a message on {topic}: {e}")

    async def _take(self, envelope: Envelope) -> None:
        peer = envelope.sender
        outbox, inbox = self.outboxes[peer], self.inboxes[peer]
        if envelope.kind == "hello":
            applied = envelope.body.get("applied")
            if not isinstance(applied, int) or isinstance(applied, bool) or applied < 0:
                raise Refused("malformed", f"a hello from {peer} without what it applied")
            await self._hello(peer, min(applied, outbox.next_seq - 1))
            return
        outbox.acknowledged(envelope.ack)
        if envelope.kind == "skip":
            to = envelope.body.get("to")
            if not isinstance(to, int) or isinstance(to, bool):
                raise Refused("malformed", f"a skip from {peer} without where to")
            self.log(f"{peer} no longer has messages up to {to}: going on after them")
            await self._apply(peer, inbox.skip_to(to))
        elif envelope.kind != "ack":
            if inbox.copy_of_applied(envelope.seq):
                self.copies += 1
                self.log(f"{envelope.kind} {envelope.seq} from {peer} came again, already "
                         "applied: not applied twice")
            await self._apply(peer, inbox.receive(envelope.seq,
                                                  (envelope.kind, envelope.body)))
        self._changed()

    async def _apply(self, peer: str, ready: list[tuple[str, dict[str, Any]]]) -> None:
        for kind, body in ready:
            await self.handler(peer, kind, body)
        if ready:
            # What was applied is saved (on_change) before the other table hears
            # it was: a table stopped in between takes it again, never loses it.
            self._changed()
            self._control(peer, "ack", {})

    async def _hello(self, peer: str, applied: int) -> None:
        """``peer`` (re)connected having applied up to ``applied``: send it all after."""
        outbox = self.outboxes[peer]
        behind = applied < outbox.acked
        if behind:
            self._control(peer, "skip", {"to": outbox.acked})
        for seq, kind, body in outbox.since(max(applied, outbox.acked)):
            self._publish(peer, seq, kind, body)
        # Its hello is answered with what this table applied, which may free its outbox.
        self._control(peer, "ack", {})
        if behind and self.on_behind is not None:
            await self.on_behind(peer)
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()
        self.changed.set()
        self.changed = asyncio.Event()


def problem_words(error: BaseException, address: BrokerAddress, me: str,
                  ca: str | None) -> words.Phrase:
    """What keeps a table from its broker, as a phrase a person can act on (said on
    the table screen in its language, and in the log in English)."""
    where = {"broker": address.url, "table": me, "ca": ca or "", "why": str(error)}
    cause: BaseException | None = error
    while cause is not None:  # aiomqtt wraps the socket's and TLS's own errors
        if isinstance(cause, ssl.SSLCertVerificationError):
            why = {**where, "why": cause.verify_message or str(cause)}
            return ["broker.untrusted" if ca is None else "broker.untrusted_ca", why]
        if isinstance(cause, FileNotFoundError) and ca is not None:
            return ["broker.ca_missing", where]
        if isinstance(cause, ssl.SSLError):
            return ["broker.tls", {**where, "why": str(cause)}]
        cause = cause.__cause__ or cause.__context__
    if isinstance(error, aiomqtt.MqttCodeError):
        code = getattr(error.rc, "value", error.rc)
        return ["broker.login" if code in (4, 5, 134, 135) else "broker.refused", where]
    return ["broker.unreachable", where]
