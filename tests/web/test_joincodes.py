"""The short codes beside the QR codes: typed on a phone, a code joins its own seat
once; a wrong code, a used one, or too many tries are refused."""

import asyncio

import httpx
import pytest
import websockets
from conftest import claim

from marbleboard.web.joincodes import ALPHABET, LENGTH, CodeRefused, JoinCodes


def start(live, seats=("human", "human")):
    r = httpx.post(f"{live.url}/api/admin/start",
                   json={"token": live.admin, "players": len(seats), "seats": list(seats)})
    assert r.status_code == 200


def table(live):
    return httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()


def join(live, code):
    return httpx.post(f"{live.url}/api/join", json={"code": code})


def test_a_code_joins_its_own_seat_once(live):
    start(live)
    links = table(live)["links"]
    red, yellow = links["red"], links["yellow"]
    assert len(red["code"]) == LENGTH and set(red["code"]) <= set(ALPHABET)
    assert red["code"] != yellow["code"]
    r = join(live, red["code"].lower()[:2] + " " + red["code"][2:])  # as a person types it
    assert r.status_code == 200
    url = r.json()["url"]
    # The seat's own link (its claim), on whatever address the phone used to reach /join.
    assert url == red["url"].removeprefix(live.hub.base_url) and url.startswith("/seat/red?c=")
    # Once only: used, the code is gone from the table screen and refused.
    assert table(live)["links"]["red"]["code"] is None
    r = join(live, red["code"])
    assert r.status_code == 404 and r.json()["code"] == "code"
    assert httpx.get(f"{live.url}{url}").status_code == 200  # the phone page
    token = claim(live, url)  # which the phone opens
    assert httpx.get(f"{live.url}/api/seats/red", params={"token": token}).status_code == 200
    assert join(live, yellow["code"]).json()["url"].startswith("/seat/yellow?c=")


def test_a_seat_claimed_by_its_qr_code_has_no_code_any_more(live):
    start(live)
    yellow = table(live)["links"]["yellow"]
    token = claim(live, yellow["url"])

    async def phone_connects():
        ws_url = f"ws://127.0.0.1:{live.port}/ws?seat=yellow&t={token}"
        async with websockets.connect(ws_url) as ws:
            await ws.recv()

    assert table(live)["links"]["yellow"] == {"phone": True}  # nothing of its secret
    assert join(live, yellow["code"]).status_code == 404
    asyncio.run(phone_connects())
    assert table(live)["links"]["yellow"] == {"phone": True}


def test_wrong_codes_are_refused_then_the_address_is_locked_out(live):
    start(live)
    codes = {s: link["code"] for s, link in table(live)["links"].items()}
    wrong = next(a * LENGTH for a in ALPHABET if a * LENGTH not in codes.values())
    for _ in range(live.hub.codes.tries):
        r = join(live, wrong)
        assert r.status_code == 404 and r.json()["code"] == "code"
    r = join(live, codes["red"])  # even the right code, now
    assert r.status_code == 429 and r.json()["code"] == "tries"
    assert table(live)["links"]["red"]["code"] == codes["red"]  # still good for others


@pytest.mark.parametrize("body", [{}, {"code": ""}, {"code": "A" * 17},
                                  {"code": "ACDE", "seat": "red"}])
def test_malformed_join_requests(live, body):
    start(live)
    assert httpx.post(f"{live.url}/api/join", json=body).status_code == 422


def test_no_game_no_code(live):
    r = join(live, "ACDE")
    assert r.status_code == 404 and r.json()["code"] == "code"
    assert httpx.get(f"{live.url}/join").status_code == 200


def test_a_new_game_brings_new_codes(live):
    start(live)
    before = {link["code"] for link in table(live)["links"].values()}
    start(live)
    after = table(live)["links"]
    assert all(link["code"] for link in after.values())
    old = next(iter(before - {link["code"] for link in after.values()}), None)
    if old is not None:  # (new codes may by chance repeat an old one)
        assert join(live, old).status_code == 404


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_the_lockout_ends_after_a_while():
    clock = Clock()
    codes = JoinCodes(tries=3, lockout_s=60, clock=clock)
    code = codes.issue(0, "tok")
    for _ in range(3):
        with pytest.raises(CodeRefused, match="no seat"):
            codes.redeem("XXXX" if code != "XXXX" else "YYYY", "10.0.0.9")
    with pytest.raises(CodeRefused) as refused:
        codes.redeem(code, "10.0.0.9")
    assert refused.value.code == "tries"
    assert codes.redeem(code, "10.0.0.10") == (0, "tok")  # another phone is not locked out
    code = codes.issue(0, "tok")
    clock.now += 61
    assert codes.redeem(code, "10.0.0.9") == (0, "tok")


def wrong_for(codes, seats):
    issued = {codes.code_for(s) for s in seats}
    return next(c * LENGTH for c in ALPHABET if c * LENGTH not in issued)


def test_wrong_codes_from_anywhere_never_change_the_code_a_player_read():
    """Many wrong codes in all pause code typing for a while; they never replace
    a code (before, twenty wrong codes from anywhere replaced every code)."""
    clock = Clock()
    codes = JoinCodes(tries=3, table_tries=6, window_s=600, clock=clock)
    codes.reset({0: "a", 2: "b"})
    read = codes.code_for(0)  # a player reads this one off the table screen
    wrong = wrong_for(codes, (0, 2))
    for i in range(6):  # from six phones, each under its own limit
        with pytest.raises(CodeRefused) as refused:
            codes.redeem(wrong, f"10.0.0.{i}")
        assert refused.value.code == "code"
    assert codes.code_for(0) == read
    with pytest.raises(CodeRefused) as refused:  # the table pauses: even the right code
        codes.redeem(read, "10.0.9.9")
    assert refused.value.code == "busy" and "QR" in refused.value.detail
    clock.now += 601  # the oldest wrong code leaves the window
    assert codes.redeem(read, "10.0.9.9") == (0, "a")


def test_a_lockout_is_never_forgotten_to_make_room_for_other_guessers():
    clock = Clock()
    codes = JoinCodes(tries=3, table_tries=10_000, max_guessers=8, clock=clock)
    codes.reset({0: "a"})
    wrong = wrong_for(codes, (0,))
    for _ in range(3):
        with pytest.raises(CodeRefused):
            codes.redeem(wrong, "10.0.0.1")
    for i in range(2, 40):  # many other addresses, one wrong code each
        with pytest.raises(CodeRefused):
            codes.redeem(wrong, f"10.0.1.{i}")
    with pytest.raises(CodeRefused) as refused:
        codes.redeem(codes.code_for(0), "10.0.0.1")
    assert refused.value.code == "tries"  # still locked out
    with pytest.raises(CodeRefused) as refused:  # a newcomer waits rather than evict
        codes.redeem(codes.code_for(0), "10.0.2.1")
    assert refused.value.code == "busy"
    clock.now += 61  # the lockouts end, and room is made by time alone
    assert codes.redeem(codes.code_for(0), "10.0.2.1") == (0, "a")


def test_one_machines_ipv6_addresses_count_as_one_guesser():
    """A machine is given a whole /64: changing address within it changes nothing."""
    codes = JoinCodes(tries=3)
    codes.reset({0: "a"})
    wrong = wrong_for(codes, (0,))
    for i in range(3):
        with pytest.raises(CodeRefused):
            codes.redeem(wrong, f"2001:db8:1:2::{i + 1}")
    with pytest.raises(CodeRefused) as refused:
        codes.redeem(codes.code_for(0), "2001:db8:1:2:ffff::9")
    assert refused.value.code == "tries"
    assert codes.redeem(codes.code_for(0), "2001:db8:1:3::1") == (0, "a")


def test_a_forwarded_for_header_does_not_make_a_new_guesser(live):
    """Guesses from this machine, or through a proxy on it, claiming another
    address in X-Forwarded-For each time, are still locked out (uvicorn believed
    that header from 127.0.0.1 by default)."""
    start(live)
    codes = {s: link["code"] for s, link in table(live)["links"].items()}
    wrong = next(a * LENGTH for a in ALPHABET if a * LENGTH not in codes.values())
    for i in range(live.hub.codes.tries):
        r = httpx.post(f"{live.url}/api/join", json={"code": wrong},
                       headers={"X-Forwarded-For": f"192.168.7.{i + 1}"})
        assert r.status_code == 404
    r = httpx.post(f"{live.url}/api/join", json={"code": codes["red"]},
                   headers={"X-Forwarded-For": "192.168.7.200"})
    assert r.status_code == 429 and r.json()["code"] == "tries"


def test_codes_are_unique_and_forgotten():
    codes = JoinCodes()
    codes.reset({s: f"t{s}" for s in range(4)})
    assert len({codes.code_for(s) for s in range(4)}) == 4
    code = codes.code_for(1)
    codes.forget(1)
    assert codes.code_for(1) is None
    with pytest.raises(CodeRefused):
        codes.redeem(code, "x")
