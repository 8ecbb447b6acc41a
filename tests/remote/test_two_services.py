"""Two whole services, each with its simulated board, sharing a game through a real
mosquitto: the host's lobby offers a seat in another home and its table screen
shows the invitation; the other table joins with it; its phone plays its seat
through its own service; both lobbies show the homes and who is connected; a
nudge reaches the home whose move it is; the other home's service is restarted
mid-game and picks the game up from its store; a bid made on the joined home's
phone reaches the host whole; a broker that cannot be trusted or logged in to is
said on the joining table's screen; an abandoning host sends the other home back
to its lobby and takes the game's logins off the broker."""

from __future__ import annotations

import time

import aiomqtt
import httpx
import pytest

from marbleboard import words
from marbleboard.bots import make_bot
from marbleboard.remote import broker as topics
from marbleboard.remote.hosting import RemoteConfig
from marbleboard.remote.invitation import Invitation
from marbleboard.remote.provision import BrokerLogin
from marbleboard.web.live import LiveServer

GAME_S = 300.0  # a whole game, on a busy machine too


def table(live, admin=True):
    params = {"token": live.admin} if admin else {}
    return httpx.get(f"{live.url}/api/table", params=params, timeout=10).json()


def post(live, path, **body):
    response = httpx.post(f"{live.url}{path}", json={"token": live.admin, **body}, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def until(what, check, seen, bound=30.0):
    """Poll ``check`` (a service in another thread) until it holds; fail saying what
    ``seen()`` shows when the bound passes."""
    deadline = time.monotonic() + bound
    while not (value := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not after {bound} s; {seen()}")
        time.sleep(0.05)
    return value


@pytest.mark.parametrize(("game", "seat", "other"), [("wahoo", "yellow", "red"),
                                                     ("wampum", "player2", "player1")])
def test_two_services_share_a_game(broker, tmp_path, game, seat, other):
    """A marble game, its moves carried out on both boards; a card game, its hands on
    each home's phones."""
    hosting = RemoteConfig(broker.address, broker.ca_file, broker.hosting_login())
    joining = RemoteConfig(broker.address, broker.ca_file)  # a guest needs no broker login
    host = LiveServer(tmp_path / "host.db", layout="wahoo", remote=hosting)
    guest = LiveServer(tmp_path / "guest.db", layout="wahoo", remote=joining)
    with host:
        assert table(host)["homes"] == ["home:2", "home:3"]
        post(host, "/api/admin/start", game=game, players=2,
             seats=["bot:family", "home:2"], names={seat: "Grandma"})
        shown = table(host)["remote"]
        assert shown["role"] == "host" and shown["broker"] == broker.url
        (home,) = shown["homes"]
        assert home["home"] == "home2" and home["players"] == ["Grandma"]
        assert home["invitation"].startswith(broker.url + "/") and "<svg" in home["qr"]
        assert "invitation" not in table(host, admin=False)["remote"]["homes"][0]

        def seen():
            g = guest.hub.table
            flags = g and {"sent": g.sent, "coming": g.bot_action, "restoring": g.restoring,
                           "question": g.status.question, "to play": g.state.current,
                           "off": g.map.differences(g.occupied, g.map.target(g.state))}
            return (f"guest table {flags}; host log {host.hub.table.status.log[-6:]} "
                    f"{host.hub.remote_log[-4:]}; "
                    f"guest {guest.hub.table and guest.hub.table.status.log[-6:]} "
                    f"{guest.hub.remote_log[-4:]}")

        with guest:
            post(guest, "/api/admin/remote/join", invitation=home["invitation"])
            until("the guest's table", lambda: guest.hub.table is not None, seen)
            until("the homes connected",
                  lambda: table(host)["remote"]["homes"][0]["connected"]
                  and table(guest)["remote"]["connected"], seen)
            homes = table(guest)["remote"]["homes"]
            assert {h["home"]: h["players"] for h in homes} == {"host": [other],
                                                                 "home2": ["Grandma"]}
            play(guest, seat, seen, entries=lambda: len(host.hub.table.record.moves) >= 30,
                 nudge=host)
            assert any(p[0] == "log.nudge" for p in guest.hub.table.status.log)
        # The guest's service stopped (its store stays); the host plays on to its move.
        with LiveServer(tmp_path / "guest.db", layout="wahoo", remote=joining) as again:
            guest = again
            until("the game picked up again", lambda: again.hub.table is not None, seen)
            play(again, seat, seen, entries=lambda: host.hub.table.state.is_over())
            until("the end reached both", lambda: again.hub.table.state.is_over(), seen)
            assert again.hub.table.record.moves == host.hub.table.record.moves
            assert table(again)["result"] == table(host)["result"]
    if game == "wampum":
        assert bids  # and each of their steps is in the host's record: the records match


def test_a_broker_not_trusted_is_said_on_the_joining_screen(broker, tmp_path):
    hosting = RemoteConfig(broker.address, broker.ca_file, broker.hosting_login())
    with LiveServer(tmp_path / "host.db", layout="wahoo", remote=hosting) as host, \
            LiveServer(tmp_path / "guest.db", layout="wahoo",
                       remote=RemoteConfig(broker.address)) as guest:  # no --remote-ca
        post(host, "/api/admin/start", game="wahoo", players=2, seats=["bot:family", "home:2"])
        (home,) = table(host)["remote"]["homes"]
        post(guest, "/api/admin/remote/join", invitation=home["invitation"])
        problem = until("the problem on the screen", lambda: table(guest)["remote"]["problem"],
                        lambda: guest.hub.remote_log, bound=10)
        assert "--remote-ca" in words.say(problem, "en")
        assert table(guest, admin=False)["remote"]["problem"] == problem
        assert any("not trusted" in line for line in guest.hub.remote_log)


def test_a_hosting_login_the_broker_refuses_is_said_on_the_hosts_screen(broker, tmp_path):
    wrong = BrokerLogin(broker.hosting_login().username, "not its password")
    with LiveServer(tmp_path / "host.db", layout="wahoo",
                    remote=RemoteConfig(broker.address, broker.ca_file, wrong)) as host:
        post(host, "/api/admin/start", game="wahoo", players=2, seats=["bot:family", "home:2"])
        problem = until("the problem on the screen", lambda: table(host)["remote"]["problem"],
                        lambda: host.hub.remote_log, bound=10)
        said = words.say(problem, "en")
        assert "refused this table's hosting login marbleboard" in said
        assert "--remote-login" in said and "could not reach" not in said.lower()


def test_an_abandoning_host_tells_the_other_home_and_takes_the_logins_away(broker, tmp_path):
    hosting = RemoteConfig(broker.address, broker.ca_file, broker.hosting_login())
    joining = RemoteConfig(broker.address, broker.ca_file)
    with LiveServer(tmp_path / "host.db", layout="wahoo", remote=hosting) as host, \
            LiveServer(tmp_path / "guest.db", layout="wahoo", remote=joining) as guest:
        post(host, "/api/admin/start", game="wahoo", players=2, seats=["bot:family", "home:2"])
        (home,) = table(host)["remote"]["homes"]
        post(guest, "/api/admin/remote/join", invitation=home["invitation"])
        seen = lambda: (guest.hub.remote_log, host.hub.remote_log)  # noqa: E731
        until("the homes connected", lambda: table(host)["remote"]["homes"][0]["connected"]
              and table(guest)["remote"]["connected"], seen)
        post(host, "/api/admin/lobby")
        shown = until("the other home back in its lobby",
                      lambda: (p := table(guest))["state"] == "lobby" and p, seen)
        assert shown["notice"] == ["log.remote_abandoned", {}] and shown["remote"] is None
        assert any("logins are taken off" in line for line in host.hub.remote_log)
        invitation = Invitation.parse(home["invitation"])
        with pytest.raises(aiomqtt.MqttCodeError):
            host.call(_log_in(broker, invitation))
        # A restart there does not join the abandoned game again.
        assert guest.hub.joined is None


async def _log_in(server, invitation):
    import ssl
    async with aiomqtt.Client("127.0.0.1", server.port,
                              username=topics.username(invitation.game, invitation.table),
                              password=invitation.keys.password,
                              tls_context=ssl.create_default_context(cafile=server.ca_file)):
        pass


bids: list[int] = []  # the turns at which a joined home's phone sent a bid whole


def whole_move(live, seat):
    """A bid's steps, as a person taps them on the phone's one screen: chosen from
    the seat's own view (the table's position there), one after another."""
    table = live.hub.table
    game, state = table.game, table.state.clone()
    me, person, steps = table.names.index(seat), make_bot("greedy", table.game), []
    while state.current == me and game.composed(state, me) is not None:
        action = person.choose(game.view(state, me))
        steps.append(game.action_text(state, action))
        state.apply(action)
    return steps


def play(live, seat, seen, entries, nudge=None):
    """The seat's phone, at its own service: play the first move offered at each of
    its turns (a bid: whole) until ``entries()`` holds."""
    deadline = time.monotonic() + GAME_S
    nudged = nudge is None
    while not (nudged and entries()):  # at least one turn played here, with its reminder
        if time.monotonic() > deadline:
            raise AssertionError(f"the game did not get on in {GAME_S} s: {seen()}")
        hub = live.hub
        token = hub.tokens.get(hub.table.names.index(seat)) if hub.table else None
        if token is None:
            time.sleep(0.05)
            continue
        phone = httpx.get(f"{live.url}/api/seats/{seat}", params={"token": token},
                          timeout=10).json()
        if phone.get("state") == "over":
            return
        if phone.get("turn") == seat and phone.get("compose") and not phone.get("moving") \
                and hub.joined is not None:
            # A bid, made whole on the phone's one screen: its steps sent at once.
            turns = phone["turns"]
            response = httpx.post(f"{live.url}/api/seats/{seat}/steps", timeout=10,
                                  json={"token": token, "turn": turns,
                                        "moves": whole_move(live, seat)})
            assert response.status_code == 200, response.text
            until("the bid taken by the host", lambda turns=turns: live.hub.table.state.turns
                  != turns or live.hub.table.state.is_over(), seen, bound=60)
            bids.append(turns)
        elif phone.get("turn") == seat and phone.get("moves") and not phone.get("moving"):
            if not nudged:
                post(nudge, "/api/admin/remote/nudge")
                until("the nudge", lambda: any(p[0] == "log.nudge"
                                               for p in live.hub.table.status.log), seen)
                nudged = True
            turns = phone["turns"]
            response = httpx.post(f"{live.url}/api/seats/{seat}/move", timeout=10,
                                  json={"token": token, "turn": turns,
                                        "move": phone["moves"][0]["text"]})
            if response.status_code == 409 and response.json()["code"] == "stale":
                continue  # the game moved on between reading the phone and tapping
            assert response.status_code == 200, response.text
            until("the move taken by the host", lambda turns=turns: live.hub.table.state.turns
                  != turns or live.hub.table.state.is_over(), seen, bound=60)
        else:
            time.sleep(0.05)


def test_a_game_joined_with_an_older_invitation_is_left_at_start_saying_why(tmp_path):
    """A store from before each table had its own key holds an invitation with the
    game's one secret: the service starts in its lobby, says why, and forgets it."""
    from marbleboard.remote.hosting import INVITATION_SETTING
    from marbleboard.table.store import GameStore
    store = GameStore(tmp_path / "guest.db")
    store.save_setting(INVITATION_SETTING,
                       "mqtts://127.0.0.1:8883/k7q2/home2/MFRGGZDFMZTWQ2LKNNWG23TPOA")
    store.close()
    with LiveServer(tmp_path / "guest.db", layout="wahoo") as guest:
        assert table(guest)["state"] == "lobby" and guest.hub.joined is None
        assert any("cannot be joined again" in line and "older marbleboard" in line
                   for line in guest.hub.remote_log)
    with LiveServer(tmp_path / "guest.db", layout="wahoo") as again:
        assert not again.hub.remote_log  # forgotten: not said again
