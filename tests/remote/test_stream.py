"""Each message applied once and in order, whatever the broker does: copies after a
reconnect, messages sent again overtaking newer ones, a table away for minutes
catching up from the last message it applied."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marbleboard.remote.envelope import Refused
from marbleboard.remote.stream import WINDOW, Inbox, Outbox


@given(st.data(), st.integers(min_value=1, max_value=60))
def test_copies_and_any_order_apply_each_message_once_in_order(data, count):
    """Every message delivered at least once, in any order, some more than once."""
    deliveries = list(range(1, count + 1))
    deliveries += data.draw(st.lists(st.sampled_from(deliveries), max_size=count))
    order = data.draw(st.permutations(deliveries))
    inbox = Inbox()
    applied = []
    for seq in order:
        applied += inbox.receive(seq, f"m{seq}")
        # What is acknowledged is always a whole run from the first message.
        assert applied == [f"m{s}" for s in range(1, inbox.applied + 1)]
    assert applied == [f"m{s}" for s in range(1, count + 1)]
    assert inbox.gap is None


def test_a_gap_holds_what_came_after_it_until_it_is_filled():
    inbox = Inbox()
    assert inbox.receive(1, "a") == ["a"]
    assert inbox.receive(3, "c") == [] and inbox.receive(4, "d") == []
    assert inbox.gap == (2, 2)
    assert inbox.receive(2, "b") == ["b", "c", "d"]
    assert inbox.receive(3, "c") == [] and inbox.copy_of_applied(3)
    assert inbox.applied == 4


def test_a_message_too_far_ahead_is_refused_not_held():
    inbox = Inbox(applied=10)
    with pytest.raises(Refused) as refused:
        inbox.receive(11 + WINDOW, "x")
    assert refused.value.reason == "ahead" and inbox.gap is None


def test_the_sender_keeps_what_is_not_acknowledged_and_sends_it_again():
    outbox = Outbox()
    for n in range(5):
        assert outbox.add("state", {"n": n}) == n + 1
    outbox.acknowledged(2)
    assert outbox.waiting == 3
    # The other table comes back having applied up to 3: 4 and 5 go again.
    assert outbox.since(3) == [(4, "state", {"n": 3}), (5, "state", {"n": 4})]
    with pytest.raises(Refused) as refused:
        outbox.acknowledged(9)
    assert refused.value.reason == "ack"


def test_a_table_away_for_minutes_catches_up_exactly():
    """The host goes on numbering while the other table is cut off; back, the table
    says what it applied and gets the rest once each, in order."""
    host, table = Outbox(), Inbox()
    for n in range(3):
        table.receive(host.add("state", {"turn": n}), {"turn": n})
    for n in range(3, 40):  # cut off: these are published to nobody listening
        host.add("state", {"turn": n})
    got = []
    for seq, _kind, body in host.since(table.applied):
        got += table.receive(seq, body)
    assert [b["turn"] for b in got] == list(range(3, 40))
    assert host.since(table.applied) == []


def test_both_ends_keep_their_counters_through_a_restart():
    outbox = Outbox()
    for n in range(4):
        outbox.add("move", {"n": n})
    outbox.acknowledged(1)
    again = Outbox.from_json(outbox.to_json())
    assert again.next_seq == 5 and again.since(1) == outbox.since(1)
    assert again.add("move", {"n": 4}) == 5
    inbox = Inbox()
    for seq in (1, 2, 3):
        inbox.receive(seq, seq)
    back = Inbox.from_json(inbox.to_json())
    assert back.receive(3, 3) == [] and back.receive(4, 4) == [4]
