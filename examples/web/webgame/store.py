"""Tables on disk: each table saved to SQLite as it changes, all restored when the server starts.

A table is one row: its identifier and a JSON document of what the table needs to go on after
a restart, the game included (:func:`hellsrummy.to_dict` of its ``GameState``, which holds the
shuffled stock, the hands and the public log: ``from_dict`` gives the same state back). Seats
keep a SHA-256 hash of their token, never the token, but for an invitation not yet opened,
whose link every person at the table is shown. The database is written in WAL mode and each
save is one transaction, so a server killed at any moment restarts from the last saved state.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from typing import Any

log = logging.getLogger("hellsrummy.web")

#: The version of the saved document; rows of another version are skipped at start.
VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    ident TEXT PRIMARY KEY,
    saved TEXT NOT NULL,
    version INTEGER NOT NULL
)
"""


class Store:
    """The tables' database: ``save``, ``delete`` and, at start, ``load``."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.connection.execute("PRAGMA secure_delete=ON")  # what is replaced is overwritten
        if path != ":memory:":
            self.connection.execute("PRAGMA journal_mode=WAL")
            self.connection.execute("PRAGMA synchronous=NORMAL")
        self.connection.execute(SCHEMA)

    def save(self, ident: str, document: dict[str, Any], forget: bool = False) -> None:
        """Write (or replace) table ``ident``'s document.

        ``forget``: what it replaces held a secret (an invitation's token, once its link is
        opened): the write-ahead log, which still holds the old row, is emptied into the
        database (whose replaced pages are overwritten) and truncated.
        """
        text = json.dumps(document, separators=(",", ":"))
        with self.connection:
            self.connection.execute(
                "INSERT OR REPLACE INTO tables (ident, saved, version) VALUES (?, ?, ?)",
                (ident, text, VERSION),
            )
        if forget:
            self.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def delete(self, ident: str) -> None:
        with self.connection:
            self.connection.execute("DELETE FROM tables WHERE ident = ?", (ident,))

    def load(self) -> list[dict[str, Any]]:
        """Every saved table's document (rows that cannot be read are logged and skipped)."""
        found = []
        rows = self.connection.execute("SELECT ident, saved, version FROM tables").fetchall()
        for ident, saved, version in rows:
            if version != VERSION:
                log.warning("table %s was saved in version %s; skipped", ident, version)
                continue
            try:
                found.append(json.loads(saved))
            except ValueError:
                log.warning("table %s could not be read; skipped", ident)
        return found

    def close(self) -> None:
        self.connection.close()
