"""Database schema and its migrations.

The `schema_version` table holds one number. Opening a database runs every migration above that
number, each in its own transaction, so a database made by an older release is upgraded in place
(its cards, printings and decks kept) rather than rebuilt. A fresh database runs them all.
"""
from __future__ import annotations

import json
import sqlite3
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator

import sqlite_utils

from .carddata import (COLOR_ORDER, RARITY_RANK, TYPE_BITS, TYPE_SORT_ORDER, CardData, color_bits,
                       faces_json, fold_name, numeric_stat, split_type_line)

SCHEMA_VERSION = 4


class SchemaError(RuntimeError):
    """The database cannot be used by this release (e.g. it was made by a newer one)."""


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """One explicit transaction: everything inside commits together or not at all."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _v1(conn: sqlite3.Connection) -> None:
    """Release 1: cards with a flat type line and JSON color lists, printings, sets, legalities."""
    db = sqlite_utils.Database(conn)
    conn.execute(db.create_table_sql("sets", {"code": str, "name": str, "release_date": str},
                                     pk="code"))
    conn.execute(db.create_table_sql(
        "cards", {"id": int, "name": str, "mana_cost": str, "mana_value": float, "colors": str,
                  "color_identity": str, "type_line": str, "oracle_text": str, "power": str,
                  "toughness": str, "loyalty": str, "layout": str},
        pk="id", not_null=["name"]))
    conn.execute('CREATE UNIQUE INDEX "idx_cards_name" ON "cards" ("name")')
    conn.execute(db.create_table_sql(
        "printings", {"id": int, "card_id": int, "set_code": str, "number": str, "rarity": str,
                      "artist": str},
        pk="id", foreign_keys=[("card_id", "cards", "id"), ("set_code", "sets", "code")]))
    conn.execute(db.create_table_sql(
        "legalities", {"card_id": int, "format": str, "status": str}, pk=("card_id", "format"),
        foreign_keys=[("card_id", "cards", "id")]))


# Small columns that searches filter on come first and the long texts last: SQLite reads a row's
# columns in order, and a long row spills into overflow pages a filter should not have to read.
CARD_COLUMNS: dict[str, type] = {
    "id": int, "name": str, "name_key": str, "mana_value": float, "color_bits": int,
    "identity_bits": int, "color_count": int, "type_bits": int, "type_sort": int,
    "color_sort": int, "legal_bits": int, "banned_bits": int, "restricted_bits": int,
    "power_num": float, "toughness_num": float, "loyalty_num": float,
    "mana_cost": str, "colors": str, "color_identity": str, "supertypes": str, "types": str,
    "subtypes": str, "type_line": str, "power": str, "toughness": str, "loyalty": str,
    "defense": str, "layout": str, "keyword_key": str, "keywords": str,
    "oracle_text": str, "faces": str,
}


def card_row(card: CardData) -> dict[str, object]:
    """The `cards` row of a card (without id), including the derived columns search filters on."""
    type_bits = 0
    for t in card.types:
        type_bits |= TYPE_BITS.get(t, 0)
    type_sort = next((i for i, t in enumerate(TYPE_SORT_ORDER) if t in card.types),
                     len(TYPE_SORT_ORDER))
    if len(card.colors) == 1:
        color_sort = COLOR_ORDER.index(card.colors)
    elif card.colors:
        color_sort = 5
    else:
        color_sort = 7 if "Land" in card.types else 6
    return {
        "name": card.name, "name_key": fold_name(card.name), "mana_cost": card.mana_cost,
        "mana_value": card.mana_value, "colors": card.colors, "color_identity": card.color_identity,
        "color_bits": color_bits(card.colors), "identity_bits": color_bits(card.color_identity),
        "color_count": len(card.colors), "supertypes": " ".join(card.supertypes),
        "types": " ".join(card.types), "subtypes": " ".join(card.subtypes), "type_bits": type_bits,
        "type_line": card.type_line, "oracle_text": card.text, "power": card.power,
        "toughness": card.toughness, "power_num": numeric_stat(card.power),
        "toughness_num": numeric_stat(card.toughness), "loyalty": card.loyalty,
        "loyalty_num": numeric_stat(card.loyalty), "defense": card.defense,
        "keywords": json.dumps(card.keywords, ensure_ascii=False),
        "keyword_key": "|" + "|".join(k.casefold() for k in card.keywords) + "|",
        "layout": card.layout, "faces": faces_json(card), "type_sort": type_sort,
        "color_sort": color_sort, "legal_bits": 0, "banned_bits": 0, "restricted_bits": 0,
    }


def _v2(conn: sqlite3.Connection) -> None:
    """Release 2: split type line, faces, keywords, defense, search columns, card-name aliases,
    full-text index, rarity ranks, decks."""
    db = sqlite_utils.Database(conn)
    conn.execute(db.create_table_sql("cards_new", dict(CARD_COLUMNS), pk="id",
                                     not_null=["name", "name_key"]))
    old = conn.execute("SELECT id, name, mana_cost, mana_value, colors, color_identity, type_line, "
                       "oracle_text, power, toughness, loyalty, layout FROM cards").fetchall()
    for (cid, name, cost, mv, colors, identity, type_line, text, power, tough, loyalty,
         layout) in old:
        supers, types, subs = [], [], []
        for face in (type_line or "").split(" // "):
            s, t, u = split_type_line(face)
            supers += [x for x in s if x not in supers]
            types += [x for x in t if x not in types]
            subs += [x for x in u if x not in subs]
        card = CardData(name=name, mana_cost=cost, mana_value=float(mv or 0),
                        colors="".join(json.loads(colors or "[]")),
                        color_identity="".join(json.loads(identity or "[]")),
                        supertypes=supers, types=types, subtypes=subs, type_line=type_line or "",
                        text=text, power=power, toughness=tough, loyalty=loyalty,
                        layout=layout or "normal")
        row = card_row(card)
        row["id"] = cid
        cols = ", ".join(f'"{k}"' for k in row)
        conn.execute(f'INSERT INTO "cards_new" ({cols}) VALUES ({", ".join("?" * len(row))})',
                     list(row.values()))
    # The documented way to change a table's columns: build the new one, drop the old, rename.
    conn.execute('DROP TABLE "cards"')
    conn.execute('ALTER TABLE "cards_new" RENAME TO "cards"')
    conn.execute('ALTER TABLE "sets" ADD COLUMN "type" TEXT')
    conn.execute('ALTER TABLE "printings" ADD COLUMN "rarity_rank" INTEGER')
    conn.execute('UPDATE "printings" SET "rarity" = lower("rarity")')
    for rarity, rank in RARITY_RANK.items():
        conn.execute('UPDATE "printings" SET "rarity_rank" = ? WHERE lower("rarity") = ?',
                     (rank, rarity))
    conn.execute('UPDATE "legalities" SET "format" = lower("format"), '
                 '"status" = replace(lower("status"), \' \', \'_\')')
    conn.execute(db.create_table_sql("formats", {"bit": int, "name": str}, pk="bit",
                                     not_null=["name"]))
    conn.execute('CREATE UNIQUE INDEX "idx_formats_name" ON "formats" ("name")')
    known: dict[int, dict[str, str]] = {}
    for card_id, fmt, status in conn.execute('SELECT "card_id", "format", "status" FROM "legalities"'
                                             ).fetchall():
        known.setdefault(card_id, {})[fmt] = status
    for card_id, legalities in known.items():
        store_legalities(conn, card_id, legalities)
    conn.execute(db.create_table_sql("card_names", {"name_key": str, "card_id": int},
                                     pk="name_key", foreign_keys=[("card_id", "cards", "id")]))
    conn.execute('INSERT OR IGNORE INTO "card_names" SELECT "name_key", "id" FROM "cards"')
    conn.execute(db.create_table_sql("meta", {"key": str, "value": str}, pk="key"))
    conn.execute(db.create_table_sql("decks", {"id": int, "name": str, "format": str}, pk="id",
                                     not_null=["name"]))
    conn.execute(db.create_table_sql(
        "deck_entries", {"deck_id": int, "section": str, "position": int, "card_name": str,
                         "count": int, "set_code": str, "number": str},
        pk=("deck_id", "section", "position"), foreign_keys=[("deck_id", "decks", "id")],
        not_null=["card_name", "count"]))
    for sql in (
        'CREATE UNIQUE INDEX "idx_cards_name" ON "cards" ("name")',
        'CREATE INDEX "idx_cards_name_key" ON "cards" ("name_key")',
        'CREATE INDEX "idx_cards_mana_value" ON "cards" ("mana_value", "name")',
        'CREATE INDEX "idx_cards_color_sort" ON "cards" ("color_sort", "name")',
        'CREATE INDEX "idx_cards_type_sort" ON "cards" ("type_sort", "name")',
        'CREATE INDEX "idx_cards_color_bits" ON "cards" ("color_bits")',
        'CREATE INDEX "idx_cards_identity_bits" ON "cards" ("identity_bits")',
        'CREATE INDEX "idx_cards_power" ON "cards" ("power_num")',
        'CREATE INDEX "idx_cards_toughness" ON "cards" ("toughness_num")',
        'CREATE UNIQUE INDEX "idx_printings_key" ON "printings" ("set_code", "number", "card_id")',
        'CREATE INDEX "idx_printings_card" ON "printings" ("card_id", "rarity_rank")',
        'CREATE INDEX "idx_legalities_format" ON "legalities" ("format", "status", "card_id")',
        'CREATE UNIQUE INDEX "idx_decks_name" ON "decks" ("name")',
        'CREATE VIRTUAL TABLE "cards_fts" USING FTS5 ("name", "type_line", "oracle_text", '
        'content="cards", content_rowid="id")',
        'INSERT INTO "cards_fts" ("cards_fts") VALUES (\'rebuild\')',
    ):
        conn.execute(sql)


MAX_FORMATS = 62


def store_legalities(conn: sqlite3.Connection, card_id: int, legalities: dict[str, str],
                     known_formats: set[str] | None = None) -> None:
    """Add or update a card's legalities (formats it has none for keep what they had) and refresh
    its format bit masks. Each format gets one bit (table `formats`), so `f:modern` is a bit test
    on the card's row rather than a join. `known_formats` caches the names already in `formats`
    during one transaction."""
    conn.executemany('INSERT INTO "legalities" ("card_id", "format", "status") VALUES (?, ?, ?) '
                     'ON CONFLICT ("card_id", "format") DO UPDATE SET "status" = excluded."status"',
                     [(card_id, fmt, status) for fmt, status in sorted(legalities.items())])
    for fmt in sorted(legalities):
        if known_formats is not None and fmt in known_formats:
            continue
        conn.execute('INSERT OR IGNORE INTO "formats" ("bit", "name") SELECT '
                     'coalesce(max("bit") + 1, 0), ? FROM "formats" HAVING coalesce(max("bit") + 1, 0) '
                     '< ?', (fmt, MAX_FORMATS))
        if known_formats is not None:
            known_formats.add(fmt)
    masks = {"legal": 0, "banned": 0, "restricted": 0}
    for bit, status in conn.execute('SELECT f."bit", l."status" FROM "legalities" l JOIN "formats" f '
                                    'ON f."name" = l."format" WHERE l."card_id" = ?', (card_id,)):
        if status in ("legal", "restricted"):
            masks["legal"] |= 1 << bit
        if status in masks and status != "legal":
            masks[status] |= 1 << bit
    conn.execute('UPDATE "cards" SET "legal_bits" = ?, "banned_bits" = ?, "restricted_bits" = ? '
                 'WHERE "id" = ?', (masks["legal"], masks["banned"], masks["restricted"], card_id))


def format_bits(conn: sqlite3.Connection) -> dict[str, int]:
    return {name: bit for bit, name in conn.execute('SELECT "bit", "name" FROM "formats"')}


def _v3(conn: sqlite3.Connection) -> None:
    """Release 3: each card names its newest printing (set and rarity, for result lists), and
    saved decks record when they were last saved (for a recent-decks list)."""
    conn.execute('ALTER TABLE "cards" ADD COLUMN "set_code" TEXT')
    conn.execute('ALTER TABLE "cards" ADD COLUMN "rarity" TEXT')
    conn.execute('ALTER TABLE "decks" ADD COLUMN "updated" TEXT')
    refresh_newest_printing(conn, None)


def refresh_newest_printing(conn: sqlite3.Connection, card_ids: Iterable[int] | None) -> None:
    """Set cards.set_code/rarity from each card's newest printing (all cards when None)."""
    sql = ('UPDATE "cards" SET ("set_code", "rarity") = (SELECT p."set_code", p."rarity" FROM '
           '"printings" p LEFT JOIN "sets" s ON s."code" = p."set_code" WHERE p."card_id" = '
           '"cards"."id" ORDER BY s."release_date" DESC, p."set_code", p."number" LIMIT 1)')
    if card_ids is None:
        conn.execute(sql)
    else:
        conn.executemany(sql + ' WHERE "id" = ?', [(card_id,) for card_id in card_ids])


def _v4(conn: sqlite3.Connection) -> None:
    """Release 4: printings keep their Scryfall id, by which card images are downloaded."""
    conn.execute('ALTER TABLE "printings" ADD COLUMN "scryfall_id" TEXT')


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _v1, 2: _v2, 3: _v3, 4: _v4}


def current_version(conn: sqlite3.Connection) -> int:
    # one statement, one snapshot: another process creating the tables between two reads must not
    # make a new database look foreign
    tables, has_version = conn.execute(
        "SELECT count(*), coalesce(sum(name = 'schema_version'), 0) FROM sqlite_master WHERE type='table'"
    ).fetchone()
    if not has_version:
        if tables:
            raise SchemaError("this file is an SQLite database but not a ManaTable card database")
        return 0
    row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the database to SCHEMA_VERSION; returns the version it had before."""
    start = current_version(conn)
    if start > SCHEMA_VERSION:
        raise SchemaError(f"the card database has schema version {start}, newer than this release "
                          f"understands ({SCHEMA_VERSION}); update ManaTable")
    if start == SCHEMA_VERSION:
        return start
    # Tables are rebuilt while rows still point at them; foreign keys are checked at the end.
    conn.execute("PRAGMA foreign_keys = OFF")
    try:
        while True:
            with transaction(conn):
                # read again under the write lock: another process may have upgraded meanwhile
                version = current_version(conn) + 1
                if version > SCHEMA_VERSION:
                    break
                if version == 1:
                    conn.execute('CREATE TABLE "schema_version" ("version" INTEGER NOT NULL)')
                MIGRATIONS[version](conn)
                conn.execute('DELETE FROM "schema_version"')
                conn.execute('INSERT INTO "schema_version" ("version") VALUES (?)', (version,))
                broken = conn.execute("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise SchemaError(f"upgrading to schema {version} left {len(broken)} rows "
                                      "pointing at missing rows")
    finally:
        conn.execute("PRAGMA foreign_keys = ON")
    return start

