"""What crosses the broker is encrypted with the key the host shares with that one
home, and what the host sends is signed: the body cannot be read without the key,
a wrong game, a wrong table, another home's key, a changed byte or a bad shape is
refused, said, and nothing is taken."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marbleboard.remote.envelope import MAX_BYTES, Envelope, Refused, seal, unseal
from marbleboard.remote.keys import GameKeys

KEYS = GameKeys.new(["grandma", "uncle"])
HOST, GRANDMA, UNCLE = (KEYS.for_table(t) for t in ("host", "grandma", "uncle"))
MOVE = Envelope("K7QX", "host", "grandma", 12, 4, "move", {"turn": 31, "hand": "AS KH 7D"})


def test_a_sealed_message_opens_as_it_was_sent_and_shows_nothing_of_its_body():
    data = seal(HOST, MOVE)
    assert unseal(GRANDMA, data, "K7QX") == MOVE
    # Neither a space nor a quote is base64: the body is nowhere in clear.
    assert b"AS KH" not in data and b'"hand"' not in data and b'"turn"' not in data
    assert seal(HOST, MOVE) != data  # a fresh nonce each time


@given(st.dictionaries(st.text(max_size=8), st.one_of(
    st.integers(), st.text(max_size=20), st.lists(st.integers(), max_size=4)), max_size=6))
def test_any_body_round_trips_both_ways(body):
    up = Envelope("K7QX", "grandma", "host", 1, 0, "state", body)
    assert unseal(HOST, seal(GRANDMA, up), "K7QX") == up
    down = Envelope("K7QX", "host", "grandma", 1, 0, "state", body)
    assert unseal(GRANDMA, seal(HOST, down), "K7QX") == down


@pytest.mark.parametrize(("keys", "game", "reason"), [
    (GameKeys.new(["grandma"]).for_table("grandma"), "K7QX", "signature"),
    (GRANDMA, "ZZ99", "game"),
    (UNCLE, "K7QX", "table"),
])
def test_not_for_this_game_or_table_or_not_from_its_host(keys, game, reason):
    with pytest.raises(Refused) as refused:
        unseal(keys, seal(HOST, MOVE), game)
    assert refused.value.reason == reason
    assert str(refused.value)  # a line for the log


def test_a_home_cannot_write_as_another_home():
    """Uncle's key sealing a message that says it is grandma's: the host opens it
    with grandma's key, and it does not open."""
    forged = Envelope("K7QX", "grandma", "host", 1, 0, "move", {"text": "a3-a7"})
    as_grandma = type(UNCLE)("grandma", UNCLE.own, {"host": UNCLE.own}, None, KEYS.public)
    with pytest.raises(Refused) as refused:
        unseal(HOST, seal(as_grandma, forged), "K7QX")
    assert refused.value.reason == "seal"


def test_a_home_cannot_write_as_the_host():
    """Grandma's key sealing a message that says it is the host's: it opens with her
    key, but the host did not sign it."""
    as_host = type(GRANDMA)("host", GRANDMA.own, {"grandma": GRANDMA.own}, None, KEYS.public)
    with pytest.raises(Refused) as refused:
        unseal(GRANDMA, seal(as_host, MOVE), "K7QX")
    assert refused.value.reason == "signature"


def test_every_changed_field_breaks_the_seal_or_the_signature():
    data = json.loads(seal(HOST, MOVE))
    for name, value in [("seq", 13), ("ack", 9), ("kind", "nudge"),
                        ("box", data["box"][:-4] + "AAA="), ("nonce", data["nonce"][::-1])]:
        changed = {**data, name: value}
        with pytest.raises(Refused) as refused:
            unseal(GRANDMA, json.dumps(changed).encode(), "K7QX")
        assert refused.value.reason in ("signature", "seal"), name
    up = json.loads(seal(GRANDMA, Envelope("K7QX", "grandma", "host", 3, 1, "move", {})))
    with pytest.raises(Refused) as refused:
        unseal(HOST, json.dumps({**up, "seq": 4}).encode(), "K7QX")
    assert refused.value.reason == "seal"


@pytest.mark.parametrize("data", [
    b"", b"\xff\xfe", b"[1, 2]", b'{"v": 2}',
    json.dumps({"v": 2, "game": "K7QX", "from": "host", "to": "grandma", "seq": "12",
                "ack": 0, "kind": "move", "nonce": "", "box": "", "sig": ""}).encode(),
    json.dumps({"v": 2, "game": "K7QX", "from": "host", "to": "grandma", "seq": True,
                "ack": 0, "kind": "move", "nonce": "", "box": "", "sig": ""}).encode(),
    json.dumps({"v": 2, "game": "K7QX", "from": "host", "to": "grandma", "seq": 1,
                "ack": 0, "kind": "move", "nonce": "!!", "box": "", "sig": ""}).encode(),
])
def test_a_garbled_message_is_refused_as_malformed(data):
    with pytest.raises(Refused) as refused:
        unseal(GRANDMA, data, "K7QX")
    assert refused.value.reason == "malformed"


def test_an_extra_field_a_number_below_one_and_another_version_are_refused():
    data = json.loads(seal(HOST, MOVE))
    with pytest.raises(Refused, match="should not have: extra"):
        unseal(GRANDMA, json.dumps({**data, "extra": 1}).encode(), "K7QX")
    zero = Envelope("K7QX", "host", "grandma", 0, 0, "move", {})
    with pytest.raises(Refused) as refused:
        unseal(GRANDMA, seal(HOST, zero), "K7QX")
    assert refused.value.reason == "malformed"
    with pytest.raises(Refused) as refused:
        unseal(GRANDMA, json.dumps({**data, "v": 1}).encode(), "K7QX")
    assert refused.value.reason == "version" and "update" in str(refused.value)


def test_a_message_too_large_is_refused_unread():
    with pytest.raises(Refused) as refused:
        unseal(GRANDMA, b" " * (MAX_BYTES + 1), "K7QX")
    assert refused.value.reason == "too-large"
