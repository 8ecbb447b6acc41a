"""No message any screen receives carries what its audience may not know: another
seat's hand, a card put face down, the deck, a hint's move, or another phone's
secret.

Whole games are played by the room's phones over the real service, with the coach
on and a hint taken at every kind of step. Every websocket message of every phone
(the host's too, and one that only watches), of the table screen and of the
table's own link, the host's phone's table payload at every turn and the terminal's
English lines are kept, then checked against what the audience module
(``table/audience.py``) says each audience may see at that turn, with the
positions replayed from the game's record.
"""

import asyncio
import json
import random
import re

import httpx
import pytest
import websockets
from conftest import claim

from marbleboard import words
from marbleboard.games.record import chance_index
from marbleboard.table import audience
from marbleboard.table.audience import Audience
from marbleboard.web.live import LiveServer

CARD = re.compile(r"[A2-9TJQKX][SHDC12]")
# Random letters (the room's secret and codes, the seats' claims), the lobby's
# offer, and the record every screen is given once the game is over on purpose.
NOT_SEARCHED = ("room", "links", "record", "host", "join")
HINTS = 10  # the most the lobby allows: enough for every kind of step


def states_by_turns(record):
    """Each turn count, and every state the game stood at with that count (a deal
    comes between moves without a turn of its own)."""
    game = record.game
    state = game.new_state(record.options)
    seen = {0: [state.clone()]}
    for entry in record.moves:
        n = chance_index(entry)
        if n is not None:
            state.apply_chance(record.chances[n].values)
        else:
            state.apply(game.parse_action(state, entry))
        seen.setdefault(state.turns, []).append(state.clone())
    return seen


def secret_moves(record):
    """Each move made whose words only its own seat may hear (a card put face
    down): (seat, its words)."""
    game = record.game
    found = []
    for state, action in record.moves_made():
        said = game.action_words(state, action)
        if said != audience.move_words(game, state, action, state.current, audience.PUBLIC):
            found.append((state.current, said))
    return found


def said_publicly(record):
    """Each turn count, and the words of every move made before it as everyone
    heard them: a hint's words that were said so already (someone made that very
    move before) cannot tell a leak from a repeat."""
    game = record.game
    said = {0: ""}
    heard = []
    for state, action in record.moves_made():
        heard.append(json.dumps(game.public_words(state, action)))
        after = state.clone()
        after.apply(action)
        said[after.turns] = "\n".join(heard)
    return said


def step_kind(me):
    """A kind of step, by the moves it offers: a Wampum village, a card for a bid,
    a bid put down, a trader moved on, a card thrown away; a Wampoo card played."""
    return "".join(sorted({m["text"][0] for m in me["moves"]}))


async def evening(live, game, people, rules=None, seed=5):
    """The room's phones join (a name, and a place, or None: a person without a
    phone yet), one more phone watches; the host's phone starts ``game`` with the
    coach; a person without a phone claims the seat's link once it is on; every
    screen listens while the seats' phones play to the end, asking for a hint at
    each new kind of step. Returns what was heard."""
    heard = {"messages": [], "hints": [], "lines": [], "tokens": {}, "seats": {}}
    messages, tokens = heard["messages"], heard["tokens"]
    rng = random.Random(seed)
    listeners = []

    async def listen(who, query):
        async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?{query}") as ws:
            async for raw in ws:
                messages.append((who, json.loads(raw)))

    def listening(who, query):
        listeners.append(asyncio.create_task(listen(who, query)))

    async with httpx.AsyncClient(base_url=live.url) as client:
        room = (await client.get("/api/table")).json()["room"]["url"].split("r=")[1]
        for name, place in [*people, ("Dan", None)]:
            if place is None and name != "Dan":
                continue  # no phone yet
            r = await client.post("/api/room/join",
                                  json={"room": room, "name": name, "place": place})
            assert r.status_code == 200, r.text
            tokens[name] = r.json()["token"]
        host = tokens[people[0][0]]
        for name, token in tokens.items():
            listening(name, f"m={token}")
        listening("table", "")
        listening("admin", f"t={live.admin}")
        r = await client.post("/api/admin/start", json={
            "token": host, "game": game.name, "players": len(people),
            "seats": ["human"] * len(people), "hints": HINTS, "rules": rules or {},
            "names": {}})
        assert r.status_code == 200, r.text
        hub = live.hub
        hub.table.listeners.append(heard["lines"].append)  # the terminal's English
        places = {hub.room.get(t).place: name for name, t in tokens.items()}
        seats = {hub.table.names[s]: places.get(hub.seat_places[hub.table.names[s]])
                 for s in hub.tokens}
        links = (await client.get("/api/table", params={"token": host})).json()["links"]
        for seat, who in list(seats.items()):
            if who is None:  # the person without a phone scans the seat's QR code now
                who = next(name for name, place in people if place is None)
                tokens[who] = await asyncio.to_thread(claim, live, links[seat]["url"])
                seats[seat] = who
                listening(who, f"m={tokens[who]}")
        heard["seats"] = seats
        by_seat = {seat: tokens[who] for seat, who in seats.items()}
        hinted = set()
        async with asyncio.timeout(400):
            while True:
                # The host's phone asks for the table as the table screen's link does.
                messages.append((f"{people[0][0]}:table",
                                 (await client.get("/api/table", params={"token": host})).json()))
                table = (await client.get("/api/table")).json()
                if table["state"] == "over":
                    break
                seat = table["turn"]
                if seat is None:
                    await asyncio.sleep(0.05)
                    continue
                token = by_seat[seat]
                me = (await client.get(f"/api/seats/{seat}", params={"token": token})).json()
                if me["question"]:
                    await client.post(f"/api/seats/{seat}/answer", json={
                        "token": token, "turn": me["turns"], "move": me["question"][0]})
                if not me["moves"] or me["question"]:
                    await asyncio.sleep(0.05)
                    continue
                kind = step_kind(me)
                if me["coach"]["left"] and (seat, kind) not in hinted:
                    hinted.add((seat, kind))
                    said, sent = len(heard["lines"]), len(messages)
                    r = await client.post(f"/api/seats/{seat}/hint",
                                          json={"token": token, "turn": me["turns"]})
                    assert r.status_code == 200, r.text
                    heard["hints"].append({"turns": me["turns"], "seat": seat,
                                           "words": r.json()["words"], "lines": [said, None],
                                           "messages": [sent, None]})
                if heard["hints"] and heard["hints"][-1]["turns"] == me["turns"]:
                    # Secret until the move is chosen: the move played is everyone's
                    # (a card played face up), and may be the hint's.
                    heard["hints"][-1]["lines"][1] = len(heard["lines"])
                    heard["hints"][-1]["messages"][1] = len(messages)
                move = rng.choice(me["moves"])["text"]
                await client.post(f"/api/seats/{seat}/move", json={
                    "token": token, "turn": me["turns"], "move": move})
                while (await client.get("/api/table")).json()["turns"] == me["turns"]:
                    await asyncio.sleep(0.03)
    await asyncio.sleep(0.3)
    for task in listeners:
        task.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    return heard


def searched(payload, drop=()):
    """The payload as text, without the parts that hold only random letters (and
    without ``drop``)."""
    return json.dumps({k: v for k, v in payload.items() if k not in (*NOT_SEARCHED, *drop)})


def own_fields(payload):
    """A seat's phone's own parts: its moves, its hand, its hint and what else only
    it sees (its own moves' words may say what another seat's did)."""
    return ("moves", "compose", "coach", "hand", "chosen", "shown", *payload.get("mine", []))


def check_everything_heard(live, heard, cards_are_named):
    """Every message against the audience it was for; returns how many were checked."""
    hub = live.hub
    table = hub.table
    game, record = table.game, table.record
    assert table.state.is_over()  # a whole game was played
    names = list(game.seat_names)
    states = states_by_turns(record)
    made = secret_moves(record)
    before = said_publicly(record)
    secret_hints = [h for h in heard["hints"]
                    if json.dumps(h["words"]) not in before.get(h["turns"], "")]
    tokens = heard["tokens"]
    checked = 0
    for n, (who, payload) in enumerate(heard["messages"]):
        text = json.dumps(payload)
        # No screen ever holds a phone's secret but that phone's own: not the table
        # screen, not the table's link, not the host's phone ("Anna:table").
        for name, token in tokens.items():
            if name != who.split(":")[0]:
                assert token not in text, (who, "holds the secret of", name)
        if "turns" not in payload:
            continue
        candidates = states[payload["turns"]]
        seat = payload.get("seat") if payload["type"] == "seat" else None
        mine = names.index(seat) if seat else None
        heard_by = {audience.of_screen(s, mine) for s in candidates}
        # The position each screen is given is exactly its audience's view.
        if "position" in payload:
            assert payload["position"] in {audience.view(game, s, audience.of_screen(s, mine))
                                           .position for s in candidates}, (who, seat)
        if mine is not None and payload["state"] != "over":
            assert any(payload.get("hand") == audience.private(
                game, s, Audience.seat(mine)).get("hand") for s in candidates), who
        if all(a.everything for a in heard_by):
            continue  # the game is over: every deck is shown to everyone
        # Cards: none its audience may not see (another hand, a card face down, the deck).
        if cards_are_named:
            hidden = set.intersection(*(
                set(CARD.findall(game.position_text(s)))
                - set(CARD.findall(audience.view(game, s, audience.of_screen(s, mine)).position))
                for s in candidates))
            found = set(CARD.findall(searched(payload)))
            assert not found & hidden, (who, payload["turns"], found & hidden)
        # Words: no move another seat made face down, and no hint but its own.
        shared = searched(payload, own_fields(payload) if mine is not None else ())
        for mover, said in made:
            if mover != mine:
                assert json.dumps(said) not in shared, (who, said)
        for hint in secret_hints:
            start, end = hint["messages"]
            if hint["seat"] != seat and start <= n < end:
                assert json.dumps(hint["words"]) not in shared, (who, hint)
        checked += 1
    # The terminal reads the log in English: no card put face down, no hint's move.
    lines = heard["lines"]
    assert lines
    for _mover, said in made:
        english = words.say(said, "en")
        assert not any(english in line for line in lines), english
    assert len(secret_hints) >= len(heard["hints"]) // 2, "too few hints could be checked"
    for hint in secret_hints:
        start, end = hint["lines"]
        english = words.say(hint["words"], "en")
        assert not any(english in line for line in lines[start:end]), (english, lines[start:end])
    assert sum("asked for a hint" in line for line in lines) == len(heard["hints"])
    # Every screen was heard, the host's phone and a watching one among them.
    assert {who for who, _ in heard["messages"]} >= {*tokens, "table", "admin"}
    return checked


# A whole four-player evening read on the board whose sensors feel computed fields:
# about two minutes on a busy two-core machine, past pytest's usual bound.
@pytest.mark.timeout(300)
def test_no_screen_ever_sees_a_hand_not_its_own_nor_a_hint_not_its_own(live):
    heard = asyncio.run(evening(live, live.hub.games[0], [("Anna", "red"), ("Ben", "yellow")]))
    assert live.hub.table.game.name == "wampoo"
    checked = check_everything_heard(live, heard, cards_are_named=True)
    assert checked > 200
    # Hints were taken at many kinds of step, by both players, and each phone was
    # told its own in words.
    assert {h["seat"] for h in heard["hints"]} == {"red", "yellow"}
    assert len(heard["hints"]) >= 10


def test_no_wampum_screen_sees_another_hand_bid_chest_or_hint(tmp_path):
    # "Chaque joueur pose ... face cachée": a bid, a hand and a chest are their
    # owner's alone until the rules reveal them (the bids at the trade, the chests
    # at the end). Cleo has no phone when the game starts: she scans her seat's code
    # during the game, and the host's phone never holds her secret.
    from marbleboard.games.registry import get_game

    with LiveServer(tmp_path / "games.db", layout="wahoo6") as live:
        heard = asyncio.run(evening(live, get_game("wampum"),
                                    [("Anna", "red"), ("Ben", "blue"), ("Cleo", None)]))
        checked = check_everything_heard(live, heard, cards_are_named=False)
        game = live.hub.table.game
    assert checked > 100
    assert set(heard["seats"].values()) == {"Anna", "Ben", "Cleo"}
    # A hint at each kind of step: a village, a card put face down in a bid (the
    # one a hint must never say to the table), a trader moved on, a card thrown away.
    kinds = {h["words"][0] for h in heard["hints"]}
    assert {"wampum.choose", "wampum.add"} <= kinds, kinds
    assert any(said[0] == "wampum.add" for _seat, said in secret_moves(live.hub.table.record))
    # The positions each phone was given hid the others' hands, bids and chests.
    names = list(game.seat_names[:3])
    for who, payload in heard["messages"]:
        if payload.get("state") != "playing" or "position" not in payload:
            continue
        fields = payload["position"].split()
        own = names.index(payload["seat"]) if payload.get("seat") else None
        for s in range(3):
            if s != own:
                assert fields[2].split("/")[s].startswith("?"), (who, "hand", fields[2])


def test_no_wump_rummy_screen_sees_the_deck_or_a_hint_not_its_own(tmp_path):
    # Wump Rummy's hands are played face up; the draw pile's order is hidden, round
    # after round: every screen is checked against its audience at each turn, with a
    # hint taken at each kind of step.
    from marbleboard.games.registry import get_game

    with LiveServer(tmp_path / "games.db", layout="wahoo") as live:
        heard = asyncio.run(evening(live, get_game("wumprummy"),
                                    [("Anna", "red"), ("Ben", "yellow")]))
        checked = check_everything_heard(live, heard, cards_are_named=True)
    assert checked > 100
    assert {h["seat"] for h in heard["hints"]} == set(heard["seats"])


def test_a_bots_card_put_face_down_is_announced_to_the_table_as_a_card(tmp_path):
    """A bot's move is said on the table screen (and the host's phone) before it is
    made; before, a bot's Wampum bid said the kind of each card it put face down."""
    from marbleboard.games.wampum.actions import ADD, BID

    with LiveServer(tmp_path / "games.db", layout="wahoo6", bot_pace_s=1.0) as live:
        r = httpx.post(f"{live.url}/api/admin/start", json={
            "token": live.admin, "game": "wampum", "players": 2,
            "seats": ["human", "bot:family"]})
        assert r.status_code == 200, r.text
        hub = live.hub
        person = hub.tokens[0]
        rng = random.Random(3)
        seen = 0
        for _ in range(3000):
            table = hub.table
            if table.state.is_over() or seen >= 3:
                break
            coming = table.coming
            if coming is not None and ADD <= coming < BID:
                state = table.state.clone()
                for params in ({}, {"token": live.admin}):
                    said = httpx.get(f"{live.url}/api/table", params=params).json()["coming"]
                    if said is None or hub.table.state.turns != state.turns:
                        break  # made meanwhile
                    assert said["words"] == ["wampum.add.hidden", []], said
                    assert said["words"] == audience.move_words(
                        table.game, state, coming, state.current, audience.PUBLIC)
                    seen += 1
                live.call(asyncio.sleep(0.05))
                continue
            if table.state.current == 0:
                me = httpx.get(f"{live.url}/api/seats/player1", params={"token": person}).json()
                if me["moves"]:
                    httpx.post(f"{live.url}/api/seats/player1/move", json={
                        "token": person, "turn": me["turns"],
                        "move": rng.choice(me["moves"])["text"]})
            live.call(asyncio.sleep(0.02))
        assert seen >= 3, "no bot's card put face down was announced"


def test_the_audience_modules_example_runs():
    import doctest

    result = doctest.testmod(audience)
    assert result.attempted >= 8 and not result.failed
