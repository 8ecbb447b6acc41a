"""The invitation a host's table gives another home, and a home's view: what is
typed or pasted is checked with a sentence that says what is wrong, and a home
sees its own seats' hands and no other."""

from __future__ import annotations

import random

import pytest

from marbleboard.games.fairness import ChanceSource
from marbleboard.games.registry import get_game
from marbleboard.remote.broker import BrokerAddress
from marbleboard.remote.invitation import Invitation, new_game
from marbleboard.remote.provision import BrokerLogin


def test_an_invitation_reads_back_whole():
    code, secret = new_game()
    invitation = Invitation(BrokerAddress("broker.example.org"), code, "home2", secret)
    assert invitation.text.startswith(f"mqtts://broker.example.org:8883/{code}/home2/")
    assert Invitation.parse("  " + invitation.text + "\n") == invitation


@pytest.mark.parametrize(("text", "says"), [
    ("k7q2-home2", "mqtts://BROKER/GAME/TABLE/SECRET"),
    ("mqtts://b.example/k7q2/home2", "mqtts://BROKER/GAME/TABLE/SECRET"),
    ("http://b.example/k7q2/home2/MFRGGZDFMZTWQ2LKNNWG23TPOA", "mqtts://HOST or mqtt://HOST"),
    ("mqtts://b.example/K7Q2!/home2/MFRGGZDFMZTWQ2LKNNWG23TPOA", "game code"),
    ("mqtts://b.example/k7q2/host/MFRGGZDFMZTWQ2LKNNWG23TPOA", "host's own table"),
    ("mqtts://b.example/k7q2/home2/MFRGGZDFMZTWQ2LKNNWG", "cut short"),
    ("mqtts://b.example/k7q2/home2/not-base32-at-all!!", "copied whole"),
])
def test_a_wrong_invitation_says_what_is_wrong(text, says):
    with pytest.raises(ValueError, match=says.replace("(", r"\(")):
        Invitation.parse(text)


def test_a_broker_login_file_holds_username_and_password(tmp_path):
    path = tmp_path / "login"
    path.write_text("marbleboard:s3cret:with:colons\n")
    assert BrokerLogin.read(path) == BrokerLogin("marbleboard", "s3cret:with:colons")
    path.write_text("no colon")
    with pytest.raises(ValueError, match="username:password"):
        BrokerLogin.read(path)


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

