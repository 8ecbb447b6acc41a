"""Every game saved as it is played: SQLite in WAL mode, one row per entry, written
and synced before the lights change, so killing the service at any moment loses
no committed move."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from pathlib import Path

from ..games.fairness import Outcome
from ..games.record import DRAW, WON, GameRecord, scores_of
from ..games.registry import get_game

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    players TEXT NOT NULL,
    started REAL NOT NULL,
    finished REAL,
    winners TEXT,
    result TEXT
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
CREATE TABLE IF NOT EXISTS names (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS chances (
    game_id INTEGER NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    kind TEXT NOT NULL,
    outcome TEXT NOT NULL,
    salt TEXT NOT NULL,
    commitment TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""

OWNER_ONLY = 0o600
# The files SQLite keeps beside the database: they hold the same secrets.
SIDE_FILES = ("-wal", "-shm", "-journal")

# Stores written before dice joined the decks kept only shuffles, in their own table.
ABANDONED = "abandoned"  # a game's result in the store beside the record's won and draw
MIGRATE_SHUFFLES = """
INSERT OR IGNORE INTO chances SELECT game_id, n, 'shuffle', deck, salt, commitment FROM shuffles;
DROP TABLE shuffles;
"""


# Where `serve` and `play` keep the games when run by hand; the installed service
# passes --db in its own data directory instead (see marbleboard.install).
DEFAULT_DB = Path.home() / ".local/share/marbleboard/games.db"


# The exit status of a command whose games file is damaged: the installed service
# is not restarted on it (RestartPreventExitStatus), as only a person can decide.
DAMAGED_EXIT = 3


class StoreDamaged(Exception):
    """The games file cannot be read as a store: it is left exactly as it is."""

    def __init__(self, path: Path, why: str):
        super().__init__(f"the games file {path} is damaged ({why})")
        self.path = path
        self.why = why


def set_aside(path: Path) -> Path:
    """Move a damaged games file, and the files SQLite keeps beside it, out of the
    way under a name of their own, so that a fresh store can start: the old one is
    kept for whoever wants to recover it. Returns where it went."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    for suffix in ("", *SIDE_FILES):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(aside.with_name(aside.name + suffix))
    return aside


class GameStore:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        if not self.path.parent.exists():
            self.path.parent.mkdir(parents=True)
            self.path.parent.chmod(0o700)  # a folder made for the games is theirs alone
        # The games hold every deck and the seats' secret links. The file is made
        # its owner's alone before SQLite opens it: SQLite gives the files it makes
        # beside it the same mode. A store from an older version is closed up too.
        os.close(os.open(self.path, os.O_RDWR | os.O_CREAT, OWNER_ONLY))
        self._owner_only()
        self.db = sqlite3.connect(self.path, isolation_level=None)
        try:
            # Checked before anything is written: a damaged file is reported as it
            # is found, not half-migrated.
            verdict = [row[0] for row in self.db.execute("PRAGMA quick_check")]
            if verdict != ["ok"]:
                raise StoreDamaged(self.path, "; ".join(map(str, verdict[:3])))
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")  # a commit is on disk when it returns
            self.db.executescript(SCHEMA)
            if self.db.execute("SELECT 1 FROM sqlite_master WHERE name = 'shuffles'").fetchone():
                self.db.executescript(f"BEGIN; {MIGRATE_SHUFFLES} COMMIT;")
            self._add_results()
        except sqlite3.DatabaseError as e:
            self.db.close()
            raise StoreDamaged(self.path, str(e)) from e
        except StoreDamaged:
            self.db.close()
            raise
        self._owner_only()

    def _owner_only(self) -> None:
        for path in (self.path, *(self.path.with_name(self.path.name + s) for s in SIDE_FILES)):
            with contextlib.suppress(FileNotFoundError):
                path.chmod(OWNER_ONLY)

    def close(self) -> None:
        self.db.close()

    def new_game(self, record: GameRecord, links: dict[str, str] | None = None,
                 names: dict[str, str] | None = None) -> int:
        """A new game, saved in one transaction with its seats' secret links and its
        players' names (seat name -> each): a kill at any moment leaves either no
        game or a game every phone can join."""
        with self.db:
            self.db.execute("BEGIN")
            cur = self.db.execute(
                "INSERT INTO games (game, options, players, started) VALUES (?, ?, ?, ?)",
                (record.game.name, json.dumps(record.options.to_json()),
                 json.dumps(record.players), time.time()))
            game_id = cur.lastrowid
            assert game_id is not None
            self.db.executemany("INSERT INTO tokens VALUES (?, ?, ?)",
                                [(game_id, seat, t) for seat, t in (links or {}).items()])
            self.db.executemany("INSERT INTO names VALUES (?, ?, ?)",
                                [(game_id, seat, n) for seat, n in (names or {}).items()])
        return game_id

    def keep_finished(self, record: GameRecord) -> int:
        """A whole game played elsewhere (hosted in another home), kept here as it
        ended: in one transaction, its entries, its chance outcomes and its result."""
        if record.result is None:
            raise ValueError("only a finished game is kept whole")
        with self.db:
            self.db.execute("BEGIN")
            cur = self.db.execute(
                "INSERT INTO games (game, options, players, started, finished, winners, result)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (record.game.name, json.dumps(record.options.to_json()),
                 json.dumps(record.players), time.time(), time.time(),
                 json.dumps(record.winners), record.result))
            game_id = cur.lastrowid
            assert game_id is not None
            self.db.executemany("INSERT INTO chances VALUES (?, ?, ?, ?, ?, ?)",
                                [(game_id, n, c.kind, c.text, c.salt, c.commitment)
                                 for n, c in enumerate(record.chances)])
            self.db.executemany("INSERT INTO entries VALUES (?, ?, ?)",
                                [(game_id, n, e) for n, e in enumerate(record.moves)])
        return game_id

    def add_entry(self, game_id: int, n: int, entry: str, outcome: Outcome | None = None,
                  outcome_n: int | None = None) -> None:
        with self.db:  # one transaction: the entry and its outcome together
            self.db.execute("BEGIN")
            if outcome is not None:
                self.db.execute("INSERT INTO chances VALUES (?, ?, ?, ?, ?, ?)",
                                (game_id, outcome_n, outcome.kind, outcome.text,
                                 outcome.salt, outcome.commitment))
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

    def set_players(self, game_id: int, players: dict[str, str]) -> None:
        """Who plays each seat, changed during the game (a bot took a seat over)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE games SET players = ? WHERE id = ?",
                            (json.dumps(players), game_id))

    def save_setting(self, key: str, value: object) -> None:
        """Something the table keeps between games and restarts (the room's
        phones), as JSON."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)",
                            (key, json.dumps(value)))

    def load_setting(self, key: str) -> object:
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def load_names(self, game_id: int) -> dict[str, str]:
        return dict(self.db.execute("SELECT seat, name FROM names WHERE game_id = ?",
                                    (game_id,)).fetchall())

    def truncate(self, game_id: int, entries: int, chances: int) -> None:
        """Keep the first ``entries`` entries and ``chances`` outcomes: for an agreed
        takeback of the last move (and the public chance after it, a die)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM entries WHERE game_id = ? AND n >= ?",
                            (game_id, entries))
            self.db.execute("DELETE FROM chances WHERE game_id = ? AND n >= ?",
                            (game_id, chances))

    def _add_results(self) -> None:
        """A store from before results were kept: its finished games with winners
        were won, the others abandoned (no game could end in a draw then)."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
        if "result" in columns:
            return
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("ALTER TABLE games ADD COLUMN result TEXT")
            self.db.execute("UPDATE games SET result = CASE WHEN winners IS NOT NULL AND "
                            "winners != '[]' THEN ? ELSE ? END WHERE finished IS NOT NULL",
                            (WON, ABANDONED))

    def finish(self, game_id: int, record: GameRecord) -> None:
        """The game is over: its result (won or a draw) and winners are kept."""
        if record.result is None:
            raise ValueError(f"game {game_id} is not over")
        self.db.execute("UPDATE games SET finished = ?, winners = ?, result = ? WHERE id = ?",
                        (time.time(), json.dumps(record.winners), record.result, game_id))

    def abandon(self, game_id: int) -> None:
        """The game is left before its end: it is kept, never resumed, and is no draw."""
        self.db.execute("UPDATE games SET finished = ?, winners = '[]', result = ? "
                        "WHERE id = ?", (time.time(), ABANDONED, game_id))

    def result(self, game_id: int) -> str | None:
        """How a game ended: won, draw or abandoned; None while it is on."""
        row = self.db.execute("SELECT result FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"no game {game_id}")
        return row[0]  # type: ignore[no-any-return]

    def unfinished(self, game: str | None = None) -> int | None:
        """The newest game not finished (of one game, if named)."""
        row = self.db.execute("SELECT id FROM games WHERE finished IS NULL AND "
                              "(? IS NULL OR game = ?) ORDER BY id DESC LIMIT 1",
                              (game, game)).fetchone()
        return row[0] if row else None

    def all_unfinished(self) -> list[int]:
        """Every game not finished, newest first."""
        return [i for (i,) in self.db.execute(
            "SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC")]

    def load(self, game_id: int) -> GameRecord:
        row = self.db.execute("SELECT game, options, players, winners, result FROM games "
                              "WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"no game {game_id}")
        game = get_game(row[0])
        record = GameRecord(game, game.options(json.loads(row[1])), json.loads(row[2]))
        chances = {c.kind: c for c in game.chances}
        for kind, text, salt, commitment in self.db.execute(
                "SELECT kind, outcome, salt, commitment FROM chances WHERE game_id = ? "
                "ORDER BY n", (game_id,)):
            chance = chances[kind]
            record.chances.append(Outcome(kind, game.parse_outcome(chance, text), text, salt,
                                          commitment, chance.secret))
        record.moves = [e for (e,) in self.db.execute(
            "SELECT entry FROM entries WHERE game_id = ? ORDER BY n", (game_id,))]
        record.winners = json.loads(row[3]) if row[3] else []
        record.result = row[4] if row[4] in (WON, DRAW) else None
        if record.result is not None:
            record.scores = scores_of(game, record.replay())
        return record
