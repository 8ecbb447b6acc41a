"""A game's start survives a kill at any point, and a store holding another
board's unfinished game serves this board all the same."""

import signal
import subprocess
import sys
import textwrap

import httpx
import pytest

from marbleboard.board import get_board
from marbleboard.games.record import GameRecord
from marbleboard.games.registry import get_game
from marbleboard.table.store import GameStore
from marbleboard.web.hub import options_on
from marbleboard.web.live import LiveServer

# A child process runs the service, starts a game and is killed with SIGKILL the
# moment the store has done one write: a power cut at that exact point.
KILLED_AT = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from marbleboard.table.store import GameStore
    from marbleboard.web.live import LiveServer

    db, point, game, kinds = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(",")
    done = getattr(GameStore, point)

    def then_killed(self, *args, **kwargs):
        result = done(self, *args, **kwargs)
        os.kill(os.getpid(), signal.SIGKILL)
        return result

    setattr(GameStore, point, then_killed)
    with LiveServer(Path(db)) as live:
        live.call(live.hub.start_game(game, len(kinds), kinds))
    sys.exit("the start finished without the store's write being reached")
""")


@pytest.mark.parametrize("game", ["wampoo", "wumprummy"])
@pytest.mark.parametrize("point", ["new_game", "add_entry"])
def test_a_kill_while_a_game_starts_leaves_a_game_every_phone_can_join(tmp_path, game, point):
    """Before, the game and its deal were saved before the seats' links: resumed
    after a kill there, no phone could ever join it."""
    db = tmp_path / "games.db"
    kinds = ["human", "bot:greedy", "human"] if game == "wumprummy" else ["human", "bot:greedy"]
    child = subprocess.run([sys.executable, "-c", KILLED_AT, str(db), point, game,
                            ",".join(kinds)], capture_output=True, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stderr.decode()[-2000:]
    with LiveServer(db) as live:
        hub = live.hub
        if hub.table is None:  # killed before the game was saved: nothing half-started
            assert GameStore(db).unfinished() is None
            return
        people = [s for s, kind in hub.table.seats.items() if kind == "human"]
        assert sorted(hub.tokens) == people and people
        for seat in people:
            name = hub.table.names[seat]
            r = httpx.get(f"{live.url}/api/seats/{name}", params={"token": hub.tokens[seat]})
            assert r.status_code == 200 and r.json()["seat"] == name
            r = httpx.post(f"{live.url}/api/admin/link", json={"token": live.admin, "seat": name})
            assert r.status_code == 200, r.text


def saved_stomple_game(db):
    """An unfinished Stomple game, as the Stomple board's service leaves it."""
    stomple = get_game("stomple")
    options = options_on(stomple, get_board("stomple"), {"players": 2})
    store = GameStore(db)
    seats = {stomple.seat_names[s]: "human" for s in stomple.seats(options)}
    links = {name: f"link-{name}" for name in seats}
    game_id = store.new_game(GameRecord(stomple, options, seats), links=links)
    store.close()
    return game_id, links


def test_another_boards_game_waits_while_this_board_plays(tmp_path):
    """`marbleboard run --layout stomple` then `make run` on the same store: the
    Wampoo board's service starts in its lobby, says the Stomple game waits, and
    leaves it as it was (before, the service crashed at start)."""
    db = tmp_path / "games.db"
    stomple_id, links = saved_stomple_game(db)
    with LiveServer(db) as live:
        assert live.hub.table is None
        table = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()
        assert table["state"] == "lobby"
        assert table["waiting"] == [{"n": stomple_id, "game": "stomple", "title": "Stomple",
                                     "layout": "stomple"}]
        assert "stomple" in live.hub.waiting[0].words()
        r = httpx.post(f"{live.url}/api/admin/start", json={
            "token": live.admin, "players": 2, "seats": ["human", "bot:greedy"]})
        assert r.status_code == 200 and live.hub.table.game.name == "wampoo"
        wampoo_id = live.hub.table.game_id
    store = GameStore(db)
    assert stomple_id in store.all_unfinished()
    assert store.load_tokens(stomple_id) == links
    store.close()
    # On its own board it is resumed, links and all.
    with LiveServer(db, layout="stomple") as live:
        assert live.hub.table is not None and live.hub.table.game_id == stomple_id
        assert live.hub.tokens == {0: links["player1"], 1: links["player2"]}
        # ...and now the Wampoo game, unfinished, is the one that waits.
        assert [w.game_id for w in live.hub.waiting] == [wampoo_id]


def test_a_resumed_person_seat_without_a_link_gets_one(tmp_path):
    """A store written before links were saved with the game: the resumed game
    makes the missing link, so its phone can join."""
    db = tmp_path / "games.db"
    wampoo = get_game("wampoo")
    options = options_on(wampoo, get_board("wampoo"), {"players": 2})
    store = GameStore(db)
    players = {wampoo.seat_names[s]: k for s, k in zip(wampoo.seats(options),
                                                       ["human", "bot:greedy"], strict=True)}
    store.new_game(GameRecord(wampoo, options, players))
    store.close()
    with LiveServer(db) as live:
        seat = next(s for s, k in live.hub.table.seats.items() if k == "human")
        assert seat in live.hub.tokens
        assert GameStore(db).load_tokens(live.hub.table.game_id)[wampoo.seat_names[seat]] == \
            live.hub.tokens[seat]
