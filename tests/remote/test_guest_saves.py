"""A guest keeps its link's counters in its store the moment they change, before
anything is published: a guest stopped just after sending its move, and started
again from its store, numbers its next message after that move and takes the
host's acknowledgement of it (were it forgotten, every message of the host
would be refused as acknowledging a message never sent, and the game would
stop for good)."""

from __future__ import annotations

from marbleboard.board import build_layout
from marbleboard.remote.broker import HOST, BrokerAddress
from marbleboard.remote.guest import GuestSide
from marbleboard.remote.keys import GameKeys
from marbleboard.remote.link import BrokerLink
from marbleboard.table.store import GameStore

KEYS = GameKeys.new(["home2"])


async def _no_handler(peer, kind, body):
    raise AssertionError("the side sets the handler")


def guest(store, counters=None, told=None):
    link = BrokerLink(BrokerAddress("mqtts://broker.invalid:8883"), "g4m3",
                      KEYS.for_table("home2"), _no_handler, counters=counters,
                      on_change=told)
    board = build_layout("wampoo")
    return link, GuestSide(link, board, None, store)


async def test_a_move_sent_is_saved_before_it_is_published(tmp_path):
    store = GameStore(tmp_path / "home2.db")
    told = []
    link, _side = guest(store, told=lambda: told.append(GuestSide.saved_counters(store)))
    seq = link.send(HOST, "move", {"at": 12, "text": "5 15-20", "then": []})
    saved = GuestSide.saved_counters(store)
    assert saved[HOST]["out"] == {"next": seq + 1,
                                  "unacked": [[seq, "move", {"at": 12, "text": "5 15-20",
                                                             "then": []}]]}
    # Whoever else listens to the link hears of it after it is saved.
    assert told and told[-1] == saved
    # Started again from the store alone: the next message follows the move, and
    # the host's acknowledgement of the move is one this table sent.
    again, _ = guest(store, GuestSide.saved_counters(store))
    outbox = again.outboxes[HOST]
    assert outbox.next_seq == seq + 1 and outbox.waiting == 1
    outbox.acknowledged(seq)  # raises Refused for a message never sent
    assert outbox.waiting == 0
    store.close()
