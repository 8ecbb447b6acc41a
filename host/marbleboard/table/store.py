"""Every game saved as it is played: SQLite in WAL mode, one row per entry, written
and synced before the lights change, so killing the service at any moment loses
no committed move."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from ..games.cards import cards_text, parse_cards
from ..games.fairness import Shuffle
from ..games.wampoo import Options
from ..games.wampoo.record import GameRecord

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    players TEXT NOT NULL,
    started REAL NOT NULL,
    finished REAL,
    winners TEXT
);
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS tokens (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS shuffles (
    game_id INTEGER NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    deck TEXT NOT NULL,
    salt TEXT NOT NULL,
    commitment TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""


class GameStore:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # a commit is on disk when it returns
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def new_game(self, record: GameRecord) -> int:
        cur = self.db.execute(
            "INSERT INTO games (game, options, players, started) VALUES (?, ?, ?, ?)",
            ("wampoo", json.dumps(record.options.to_json()), json.dumps(record.players),
             time.time()))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def add_entry(self, game_id: int, n: int, entry: str, shuffle: Shuffle | None = None,
                  shuffle_n: int | None = None) -> None:
        with self.db:  # one transaction: the entry and its deck together
            self.db.execute("BEGIN")
            if shuffle is not None:
                self.db.execute("INSERT INTO shuffles VALUES (?, ?, ?, ?, ?)",
                                (game_id, shuffle_n, cards_text(list(shuffle.deck)),
                                 shuffle.salt, shuffle.commitment))
            self.db.execute("INSERT INTO entries VALUES (?, ?, ?)", (game_id, n, entry))

    def save_tokens(self, game_id: int, tokens: dict[str, str]) -> None:
        """The seats' secret links, so a phone rejoins after the service restarts."""
        with self.db:
            self.db.execute("BEGIN")
            for seat, token in tokens.items():
                self.db.execute("INSERT OR REPLACE INTO tokens VALUES (?, ?, ?)",
                                (game_id, seat, token))

    def load_tokens(self, game_id: int) -> dict[str, str]:
        return dict(self.db.execute("SELECT seat, token FROM tokens WHERE game_id = ?",
                                    (game_id,)).fetchall())

    def remove_last_entry(self, game_id: int) -> None:
        """For an agreed takeback of the last move."""
        self.db.execute("DELETE FROM entries WHERE game_id = ? AND n = (SELECT MAX(n) FROM "
                        "entries WHERE game_id = ?)", (game_id, game_id))

    def finish(self, game_id: int, winners: list[str]) -> None:
        self.db.execute("UPDATE games SET finished = ?, winners = ? WHERE id = ?",
                        (time.time(), json.dumps(winners), game_id))

    def unfinished(self) -> int | None:
        row = self.db.execute("SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC "
                              "LIMIT 1").fetchone()
        return row[0] if row else None

    def load(self, game_id: int) -> GameRecord:
        row = self.db.execute("SELECT options, players, winners FROM games WHERE id = ?",
                              (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"no game {game_id}")
        record = GameRecord(Options.from_json(json.loads(row[0])), json.loads(row[1]))
        for deck, salt, commitment in self.db.execute(
                "SELECT deck, salt, commitment FROM shuffles WHERE game_id = ? ORDER BY n",
                (game_id,)):
            record.shuffles.append(Shuffle(tuple(parse_cards(deck)), salt, commitment))
        record.moves = [e for (e,) in self.db.execute(
            "SELECT entry FROM entries WHERE game_id = ? ORDER BY n", (game_id,))]
        record.winners = json.loads(row[2]) if row[2] else []
        return record
