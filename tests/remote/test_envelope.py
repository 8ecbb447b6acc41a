"""What crosses the broker is sealed with the game's secret: a wrong game, a wrong
table, a changed byte or a bad shape is refused, said, and nothing is taken."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marbleboard.remote.envelope import MAX_BYTES, Envelope, Refused, seal, unseal

SECRET = b"a per-game secret, 32 bytes long"
MOVE = Envelope("K7QX", "host", "grandma", 12, 4, "move", {"turn": 31, "move": "6 14-20"})


def test_a_sealed_message_opens_as_it_was_sent():
    assert unseal(SECRET, seal(SECRET, MOVE), "K7QX", "grandma") == MOVE


@given(st.dictionaries(st.text(max_size=8), st.one_of(
    st.integers(), st.text(max_size=20), st.lists(st.integers(), max_size=4)), max_size=6))
def test_any_body_round_trips(body):
    message = Envelope("K7QX", "grandma", "host", 1, 0, "state", body)
    assert unseal(SECRET, seal(SECRET, message), "K7QX", "host") == message


@pytest.mark.parametrize(("secret", "game", "me", "reason"), [
    (b"another game's secret, 32 bytes", "K7QX", "grandma", "seal"),
    (SECRET, "ZZ99", "grandma", "game"),
    (SECRET, "K7QX", "uncle", "table"),
])
def test_not_for_this_game_or_table_or_not_sealed_by_its_secret(secret, game, me, reason):
    with pytest.raises(Refused) as refused:
        unseal(secret, seal(SECRET, MOVE), game, me)
    assert refused.value.reason == reason
    assert str(refused.value)  # a line for the log


def test_every_changed_field_breaks_the_seal():
    data = json.loads(seal(SECRET, MOVE))
    for name, value in [("from", "uncle"), ("seq", 13), ("ack", 9), ("kind", "nudge"),
                        ("body", {"turn": 31, "move": "6 14-21"})]:
        changed = {**data, name: value}
        with pytest.raises(Refused) as refused:
            unseal(SECRET, json.dumps(changed).encode(), "K7QX", "grandma")
        assert refused.value.reason == "seal", name


@pytest.mark.parametrize("data", [
    b"", b"\xff\xfe", b"[1, 2]", b'{"v": 1}',
    json.dumps({"v": 1, "game": "K7QX", "from": "host", "to": "grandma", "seq": "12",
                "ack": 0, "kind": "move", "body": {}, "mac": "00"}).encode(),
    json.dumps({"v": 1, "game": "K7QX", "from": "host", "to": "grandma", "seq": True,
                "ack": 0, "kind": "move", "body": {}, "mac": "00"}).encode(),
])
def test_a_garbled_message_is_refused_as_malformed(data):
    with pytest.raises(Refused) as refused:
        unseal(SECRET, data, "K7QX", "grandma")
    assert refused.value.reason == "malformed"


def test_an_extra_field_a_number_below_one_and_another_version_are_refused():
    data = json.loads(seal(SECRET, MOVE))
    with pytest.raises(Refused, match="should not have: extra"):
        unseal(SECRET, json.dumps({**data, "extra": 1}).encode(), "K7QX", "grandma")
    zero = Envelope("K7QX", "host", "grandma", 0, 0, "move", {})
    with pytest.raises(Refused) as refused:
        unseal(SECRET, seal(SECRET, zero), "K7QX", "grandma")
    assert refused.value.reason == "malformed"
    with pytest.raises(Refused) as refused:
        unseal(SECRET, json.dumps({**data, "v": 2}).encode(), "K7QX", "grandma")
    assert refused.value.reason == "version" and "update" in str(refused.value)


def test_a_message_too_large_is_refused_unread():
    with pytest.raises(Refused) as refused:
        unseal(SECRET, b" " * (MAX_BYTES + 1), "K7QX", "grandma")
    assert refused.value.reason == "too-large"
