"""No message any screen receives carries a card of another seat's hand, or the deck.

A whole game is played by two phones over the real service; every websocket
message is kept, then checked against the hands as they stood at that turn.
"""

import asyncio
import json
import random
import re

import httpx
import websockets

from marbleboard.games.cards import card_name
from marbleboard.games.record import GameRecord, chance_index

CARD = re.compile(r"[A2-9TJQKX][SHDC12]")


def hands_by_turn(record: GameRecord):
    """Each seat's hand, and the deck still to deal, at every turn count."""
    from marbleboard.games.wampoo import State
    from marbleboard.games.wampoo.notation import parse_action

    state = State(record.options)
    seen = {}
    for entry in record.moves:
        n = chance_index(entry)
        if n is not None:
            state.apply_chance(record.chances[n].values)
        else:
            state.apply(parse_action(state, entry))
        seen[state.turns] = ([{card_name(c) for c in h} for h in state.hands],
                             {card_name(c) for c in state.deck[state.deck_at:]})
    return seen


async def play_and_listen(live, tokens):
    messages = []  # (who, payload)
    rng = random.Random(5)

    async def listen(who, query):
        async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?{query}") as ws:
            async for raw in ws:
                messages.append((who, json.loads(raw)))

    listeners = [asyncio.create_task(listen(s, f"seat={s}&t={t}")) for s, t in tokens.items()]
    listeners.append(asyncio.create_task(listen("table", "")))
    listeners.append(asyncio.create_task(listen("admin", f"t={live.admin}")))
    async with httpx.AsyncClient(base_url=live.url) as client:
        async with asyncio.timeout(240):
            while True:
                table = (await client.get("/api/table")).json()
                if table["state"] == "over":
                    break
                seat = table["turn"]
                if seat is None:
                    await asyncio.sleep(0.05)
                    continue
                me = (await client.get(f"/api/seats/{seat}",
                                       params={"token": tokens[seat]})).json()
                if not me["moves"] or me["question"]:
                    if me["question"]:
                        await client.post(f"/api/seats/{seat}/answer", json={
                            "token": tokens[seat], "turn": me["turns"], "move": me["question"][0]})
                    await asyncio.sleep(0.05)
                    continue
                move = rng.choice(me["moves"])["text"]
                await client.post(f"/api/seats/{seat}/move", json={
                    "token": tokens[seat], "turn": me["turns"], "move": move})
                while (await client.get("/api/table")).json()["turns"] == me["turns"]:
                    await asyncio.sleep(0.03)
    await asyncio.sleep(0.3)
    for task in listeners:
        task.cancel()
    return messages


def test_no_screen_ever_sees_a_hand_not_its_own(live):
    httpx.post(f"{live.url}/api/admin/start",
               json={"token": live.admin, "players": 2, "seats": ["human", "human"]})
    links = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"]
    tokens = {seat: link["url"].split("t=")[1] for seat, link in links.items()}
    messages = asyncio.run(play_and_listen(live, tokens))
    record = live.hub.table.record
    assert record.winners  # a whole game was played
    hands = hands_by_turn(record)
    names = ["red", "blue", "yellow", "green"]
    checked = 0
    for who, payload in messages:
        if "turns" not in payload:
            continue
        seat_hands, deck = hands[payload["turns"]]
        # Once the game is over, every deck is revealed on purpose (the shuffle check).
        assert "record" not in payload or payload["state"] == "over"
        # The links and the room's code are random letters, not cards.
        text = json.dumps({k: v for k, v in payload.items()
                           if k not in ("links", "record", "room")})
        found = set(CARD.findall(text))
        hidden = set(deck)
        for s, hand in enumerate(seat_hands):
            if names[s] != who:
                hidden |= hand
        assert not found & hidden, (who, payload["turns"], found & hidden)
        if who in tokens:
            assert set(payload["hand"]) == seat_hands[names.index(who)]
        checked += 1
    assert checked > 200
    assert {who for who, _ in messages} == {"red", "yellow", "table", "admin"}


def test_no_wampum_screen_sees_another_hand_bid_or_chest(tmp_path):
    # "Chaque joueur pose ... face cachée": a bid, a hand and a chest are their
    # owner's alone until the rules reveal them (the bids at the trade, the chests
    # at the end).
    from marbleboard.games.wampum.goods import card_names
    from marbleboard.web.live import LiveServer

    with LiveServer(tmp_path / "games.db", layout="wahoo6") as live:
        httpx.post(f"{live.url}/api/admin/start",
                   json={"token": live.admin, "game": "wampum", "players": 3,
                         "seats": ["human"] * 3})
        links = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"]
        tokens = {seat: link["url"].split("t=")[1] for seat, link in links.items()}
        messages = asyncio.run(play_and_listen(live, tokens))
        record = live.hub.table.record
        game = record.game
    assert record.winners
    names = list(game.seat_names[:3])
    hands = {}  # turns -> each seat's hand
    state = game.new_state(record.options)
    for entry in record.moves:
        n = chance_index(entry)
        if n is not None:
            state.apply_chance(record.chances[n].values)
        else:
            state.apply(game.parse_action(state, entry))
        hands[state.turns] = [sorted(card_names(state.hand(s))) for s in range(3)]
    checked = 0
    for who, payload in messages:
        if "turns" not in payload or payload.get("state") != "playing":
            continue
        fields = payload["position"].split()
        own = names.index(who) if who in names else None
        for s in range(3):
            if s == own:
                continue
            assert fields[2].split("/")[s].startswith("?"), (who, "hand", fields[2])
            assert fields[4].split("/")[s] == "-" or fields[4].split("/")[s].startswith("?")
            bid = fields[3].split("/")[s]
            assert bid == "-" or "?" in bid or bid.endswith("*"), (who, "bid", fields[3])
        # The log is every screen's: a card put into a bid or thrown away is "a card".
        said = json.dumps(payload.get("log", []))
        assert '"wampum.add"' not in said and '"wampum.discard"' not in said
        if own is not None:
            assert sorted(payload["hand"]) == hands[payload["turns"]][own]
        checked += 1
    assert checked > 100
