"""The invitation a host's table gives another home, and a home's view: what is
typed or pasted is checked with a sentence that says what is wrong, and a home
sees its own seats' hands and no other."""

from __future__ import annotations

import random

import pytest

from marbleboard.games.fairness import ChanceSource
from marbleboard.games.registry import get_game
from marbleboard.remote.broker import BrokerAddress
from marbleboard.remote.invitation import Invitation, key_text, new_code
from marbleboard.remote.keys import GameKeys
from marbleboard.remote.provision import BrokerLogin

KEYS = GameKeys.new(["home2", "home3"])
KEY, PUBLIC = key_text(KEYS.homes["home2"]), key_text(KEYS.public)


def test_an_invitation_reads_back_whole_and_carries_its_own_tables_part_alone():
    code = new_code()
    invitation = Invitation(BrokerAddress("broker.example.org"), code, "home2",
                            KEYS.homes["home2"], KEYS.public)
    assert invitation.text.startswith(f"mqtts://broker.example.org:8883/{code}/home2/")
    assert Invitation.parse("  " + invitation.text + "\n") == invitation
    assert invitation.keys == KEYS.for_table("home2")
    for secret in (KEYS.host, KEYS.signing, KEYS.homes["home3"]):
        assert key_text(secret) not in invitation.text
        assert secret not in (invitation.key, invitation.host_public)


WRONG = [
    ("k7q2-home2", "mqtts://BROKER/GAME/TABLE/KEY/HOSTKEY"),
    ("mqtts://b.example/k7q2/home2", "mqtts://BROKER/GAME/TABLE/KEY/HOSTKEY"),
    ("mqtts://b.example/k7q2/home2/MFRGGZDFMZTWQ2LKNNWG23TPOA", "older marbleboard"),
    (f"http://b.example/k7q2/home2/{KEY}/{PUBLIC}", "mqtts://HOST or mqtt://HOST"),
    (f"mqtt://b.example/k7q2/home2/{KEY}/{PUBLIC}", "--insecure-broker"),
    (f"mqtts://b.example/K7Q2!/home2/{KEY}/{PUBLIC}", "game code"),
    (f"mqtts://b.example/k7q2/host/{KEY}/{PUBLIC}", "host's own table"),
    (f"mqtts://b.example/k7q2/home2/MFRGGZDFMZTWQ2LKNNWG/{PUBLIC}", "key is cut short"),
    (f"mqtts://b.example/k7q2/home2/not-base32-at-all!!/{PUBLIC}", "copied whole"),
    (f"mqtts://b.example/k7q2/home2/{KEY}/{PUBLIC[:20]}", "host's key is cut short"),
]


# Named by what each should say: the keys in the texts are new at every run.
@pytest.mark.parametrize(("text", "says"), WRONG,
                         ids=[f"{i}-{says}" for i, (_, says) in enumerate(WRONG)])
def test_a_wrong_invitation_says_what_is_wrong(text, says):
    with pytest.raises(ValueError, match=says.replace("(", r"\(")):
        Invitation.parse(text)


def test_a_broker_without_tls_is_for_this_machine_unless_said():
    assert not BrokerAddress("mqtt://127.0.0.1:1883").tls
    assert BrokerAddress("mqtt://localhost").port == 1883
    with pytest.raises(ValueError, match="in clear"):
        BrokerAddress("mqtt://192.0.2.7")
    assert BrokerAddress("mqtt://192.0.2.7", insecure=True).host == "192.0.2.7"
    text = f"mqtt://192.0.2.7/k7q2/home2/{KEY}/{PUBLIC}"
    assert Invitation.parse(text, insecure=True).broker.url == "mqtt://192.0.2.7:1883"


def test_a_broker_login_file_holds_username_and_password(tmp_path):
    path = tmp_path / "login"
    path.write_text("marbleboard:s3cret:with:colons\n")
    assert BrokerLogin.read(path) == BrokerLogin("marbleboard", "s3cret:with:colons")
    path.write_text("no colon")
    with pytest.raises(ValueError, match="username:password"):
        BrokerLogin.read(path)
    with pytest.raises(ValueError, match=r"cannot read the broker login .*nowhere"):
        BrokerLogin.read(tmp_path / "nowhere")


def test_a_homes_view_shows_its_seats_hands_and_hides_the_others():
    wampoo = get_game("wampoo")
    options = wampoo.options({"players": 4})
    state = wampoo.new_state(options)
    deal = ChanceSource(random.Random(4))
    while state.is_chance():
        state.apply_chance(deal.draw(state.chance_due(), wampoo.outcome_text).values)
    view = wampoo.home_view(state, [0, 2])
    hands = view.position.split()[2].split("/")
    assert not hands[0].startswith("?") and not hands[2].startswith("?")
    assert hands[1].startswith("?") and hands[3].startswith("?")
    guessed = wampoo.sample(view, random.Random(1))
    assert guessed.hands[0] == state.hands[0] and guessed.hands[2] == state.hands[2]
    seen = set(state.hands[0]) | set(state.hands[2])
    assert not seen & (set(guessed.hands[1]) | set(guessed.hands[3]))
    # Each seat's own view is the home's, less the partner's hand.
    assert wampoo.view(guessed, 0).position == wampoo.view(state, 0).position

