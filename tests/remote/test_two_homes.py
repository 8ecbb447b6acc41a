"""Whole games shared by two homes through a real mosquitto (TLS, the game's ACLs):
each home reads its own seats' moves from its own marbles, and carries out the
other's as its lights show; the host's record is the game, and the guest keeps
the same record at the end."""

from __future__ import annotations

import asyncio
import json

import aiomqtt
import pytest
from homes import CODE, KEYS, Audit, TwoHomes

from marbleboard.games.registry import get_game
from marbleboard.remote import broker
from marbleboard.remote.envelope import Refused, unseal
from marbleboard.remote.keys import GameKeys

WAHOO = get_game("wahoo")
WAMPOO = get_game("wampoo")
WAMPUM = get_game("wampum")
WUMPRUMMY = get_game("wumprummy")
AUDIT = "the auditor's password"


@pytest.fixture
def mosquitto(broker):
    broker.open_game(CODE, KEYS)
    broker.add_login("audit", AUDIT, "marbleboard/#")
    return broker


async def play(homes):
    async with asyncio.timeout(600):
        await asyncio.gather(homes.play_host(), homes.play_guest())


def same_boards(homes):
    """Both boards hold the marbles where the game says."""
    host, guest = homes.host_table, homes.guest_table
    return (host.map.matches(host.occupied, host.map.target(host.state))
            and guest.map.matches(guest.occupied, guest.map.target(host.state)))


async def test_a_whole_wahoo_game_across_two_homes(mosquitto, tmp_path):
    async with TwoHomes(mosquitto, tmp_path, WAHOO, "wahoo", 2,
                        {0: "bot:greedy", 2: "home2"}) as homes:
        await play(homes)
        host, guest = homes.host_table, homes.guest_table
        assert host.state.is_over() and guest.state.is_over()
        # The guest keeps the host's record, whole, in its own store.
        assert guest.record.moves == host.record.moves
        kept = homes.guest.store.load(guest.game_id)
        assert kept.moves == host.record.moves and kept.winners == host.record.winners
        assert same_boards(homes)
        # Its person's moves were read from its marbles and sent: half the game's moves.
        sent = sum("is sent to the table that hosts" in line for line in homes.guest.logged)
        made_there = sum(1 for m in host.record.moves if m[:1].isdigit() or "-" in m)
        assert sent > 10 and made_there > 20
        assert homes.host_link.refused == homes.guest_link.refused == {}


async def test_a_whole_card_game_across_two_homes_shows_no_hidden_card_of_the_other(
        mosquitto, tmp_path):
    """Wampum's hands, bids, chests and throw-aways are secret: the broker never
    carries the host seat's to the other home, before the end's record."""
    audit, host = await card_game_read_off_the_broker(mosquitto, tmp_path, WAMPUM)
    for view in home_views(audit, host, WAMPUM, [1]):
        fields = view.split()
        # The host seat's hand, bid, chest and throw-aways (fields 2 to 5).
        piles = [fields[f].split("/")[0].partition(":")[2] if f == 3
                 else fields[f].split("/")[0] for f in (2, 3, 4, 5)]
        assert all(p in ("-", "") or p.startswith("?") for p in piles), view
    # Its own seat's moves came from its phone, through its own service.
    moves_sent = [unseal(KEYS.for_table("host"), p, CODE) for t, p in audit.messages
                  if t == broker.inbox(CODE, "host") and json.loads(p)["kind"] == "move"]
    assert len(moves_sent) > 5 and set(moves_sent[0].body) == {"at", "text", "then"}
    # Its bids were made whole on its phone: each step of each in the host's record.
    assert sum(len(m.body["then"]) for m in moves_sent) > 5
    steps = hidden_steps(audit, host, WAMPUM, 0)
    assert len(steps) > 10  # the host seat's cards put face down: none named
    assert all(set(s) == {"kind", "words", "entry", "seat", "at", "view"}
               and s["entry"] == "?" for s in steps), steps[:3]
    assert_broker_reads_nothing(audit)


async def test_a_whole_wump_rummy_game_across_two_homes_shows_no_card_of_the_deck(
        mosquitto, tmp_path):
    """Wump Rummy's draw pile is secret, round after round (its hands are face up):
    every position home 2 is told is exactly its own view, every move of the host's
    seat that the rules keep hidden reaches it without its card, and the broker
    reads nothing."""
    audit, host = await card_game_read_off_the_broker(mosquitto, tmp_path, WUMPRUMMY)
    home_views(audit, host, WUMPRUMMY, [1])
    for step in hidden_steps(audit, host, WUMPRUMMY, 0):
        assert "action" not in step and "text" not in step and step["entry"] == "?"
    assert_broker_reads_nothing(audit)


async def card_game_read_off_the_broker(mosquitto, tmp_path, game):
    """A whole card game, the host's bot against home 2's person, with an auditor
    reading every message the broker carries; both tables end with one record."""
    async with Audit(mosquitto, AUDIT) as audit, \
            TwoHomes(mosquitto, tmp_path, game, "wampoo", 2,
                     {0: "bot:greedy", 1: "home2"}) as homes:
        await play(homes)
    host, guest = homes.host_table, homes.guest_table
    assert host.state.is_over() and guest.record.moves == host.record.moves
    return audit, host


def hidden_steps(audit, host, game, seat):
    """What home2 was told of each move of ``seat`` (at the host) that the rules keep
    hidden: found by replaying the host's record at each step's position."""
    told = []
    for topic, data in audit.messages:
        if topic != broker.inbox(CODE, "home2"):
            continue
        body = unseal(KEYS.for_table("home2"), data, CODE).body
        if body.get("kind") != "move" or body.get("seat") != game.seat_names[seat]:
            continue
        before = host.record.replay(body["at"] - 1)
        action = game.parse_action(before, host.record.moves[body["at"] - 1])
        if game.public_words(before, action) != game.action_words(before, action):
            told.append(body)
    return told


def assert_broker_reads_nothing(audit):
    """What the broker (or anyone reading it) holds of each message: its header and
    an encrypted box, which no other game's keys open."""
    stranger = GameKeys.new(["home2"])
    for topic, data in audit.messages:
        if "/presence/" in topic:
            assert data in (b"online", b"offline")
            continue
        fields = json.loads(data)
        assert set(fields) == {"v", "game", "from", "to", "seq", "ack", "kind", "nonce",
                               "box", "sig"}
        reader = stranger.for_table("host" if fields["to"] == "host" else "home2")
        with pytest.raises(Refused):
            unseal(reader, data, CODE)


def home_views(audit, host, game, seats):
    """Every position the broker carried to home2 before the end, each checked to be
    exactly what that home's seats may see of the host's game at that point."""
    views = []
    for topic, data in audit.messages:
        if topic != broker.inbox(CODE, "home2"):
            continue
        try:
            body = unseal(KEYS.for_table("home2"), data, CODE).body
        except Refused:
            continue  # not the host's: the test's own changed copy
        if "view" not in body or "record" in body:
            continue  # not a position, or the end: the record everyone may now see
        truth = host.record.replay(body["at"])
        assert body["view"] == game.home_view(truth, seats).position
        views.append(body["view"])
    assert len(views) > 30
    return views


# A whole game through a broker restart, a home stopped and started, and a changed
# message: about two minutes on a busy two-core machine, past pytest's usual bound.
@pytest.mark.timeout(300)
async def test_wampoo_through_a_broker_restart_a_home_cut_off_and_a_changed_message(
        mosquitto, tmp_path):
    async with Audit(mosquitto, AUDIT) as audit, \
            TwoHomes(mosquitto, tmp_path, WAMPOO, "wampoo", 2,
                     {0: "bot:greedy", 2: "home2"}) as homes:
        host = homes.host_table
        game = asyncio.gather(homes.play_host(), homes.play_guest())
        try:
            async with asyncio.timeout(600):
                await homes.host.until("20 entries", lambda: len(host.record.moves) > 20)
                mosquitto.restart()  # mid-game: both tables find it again

                await homes.host.until("40 entries", lambda: len(host.record.moves) > 40)
                # The home's service stops (a power cut there) while the host plays on.
                await homes.stop_guest()
                waiting = homes.host_link.outboxes["home2"]
                await homes.host.until("steps kept for the home", lambda: waiting.waiting >= 2)
                await homes.start_guest(resume=True)

                await homes.host.until("60 entries", lambda: len(host.record.moves) > 60)
                # A message of the game changed on the way, then one sent again.
                sent = [p for t, p in audit.messages if t == broker.inbox(CODE, "home2")]
                changed = json.loads(sent[-1])
                changed["box"] = changed["box"][:8] + changed["box"][8:][::-1]
                async with aiomqtt.Client(
                        "127.0.0.1", mosquitto.port, username=broker.username(CODE, "host"),
                        password=KEYS.for_table("host").password,
                        tls_context=_tls(mosquitto)) as forger:
                    await forger.publish(broker.inbox(CODE, "home2"),
                                         json.dumps(changed).encode(), qos=1)
                    await forger.publish(broker.inbox(CODE, "home2"), sent[-2], qos=1)
                await homes.guest.until("both refused",
                                        lambda: homes.guest_link.refused["signature"] == 1
                                        and homes.guest_link.copies >= 1)
                await game
        finally:
            game.cancel()
        guest = homes.guest_table
        assert host.state.is_over() and guest.state.is_over()
        assert homes.guest.store.load(guest.game_id).moves == host.record.moves
        assert same_boards(homes)
        assert any("did not sign" in line for line in homes.guest.logged)
        for view in home_views(audit, host, WAMPOO, [2]):
            hands = view.split()[2].split("/")
            assert hands[0].startswith("?"), view  # red's hand, at the host
        assert any("lost the broker" in line for line in homes.host.logged)


def _tls(server):
    import ssl
    return ssl.create_default_context(cafile=server.ca_file)
