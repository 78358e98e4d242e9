"""Command line: `python -m cardsdb import|search|deck check|deck convert|stats`.

Exit status: 0 success, 1 a deck that is not legal, 2 unreadable input (one-line reason on
stderr; with --json also as {"error": ...} on stdout). What counts as unreadable, besides damage, is
written down in cardsdb.limits.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sqlite3
import sys
from typing import Any, Callable, TextIO

from .database import CardDatabase
from .decks import FORMATS, DeckFormatError, read_deck_file, save_deck_file
from .importers import CardImportError
from .query import SORTS, QueryError
from .rules_support import RulesSupport
from .schema import SchemaError
from .userfiles import UserFileError
from .validation import Problem, check_deck

EXIT_OK, EXIT_NOT_LEGAL, EXIT_BAD_INPUT = 0, 1, 2


class ProgressBar:
    """A text progress bar on a terminal; on anything else a line every 10%."""

    def __init__(self, out: TextIO, label: str, width: int = 30):
        self.out, self.label, self.width = out, label, width
        self.tty = out.isatty()
        self.last = -1

    def __call__(self, done: int, total: int) -> None:
        percent = 100 * done // total if total else 100
        if self.tty:
            filled = self.width * percent // 100
            bar = "#" * filled + "-" * (self.width - filled)
            self.out.write(f"\r{self.label} [{bar}] {percent:3d}%")
            if percent == 100:
                self.out.write("\n")
        elif percent // 10 > self.last // 10 or (percent == 100 and self.last != 100):
            self.out.write(f"{self.label}: {percent}%\n")
        self.last = percent
        self.out.flush()


class BadArgument(ValueError):
    """An argument that names nothing ManaTable knows (a format the database has no legalities for)."""


def _count_argument(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a count from 0 to 999999999")
    return int(text)


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS,
                        help="card database file (default: the user's database)")
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help="machine-readable output")
    parser = argparse.ArgumentParser(prog="python -m cardsdb", parents=[common],
                                     description="ManaTable card database")
    sub = parser.add_subparsers(dest="command", required=True)
    imp = sub.add_parser("import", parents=[common], help="import an MTGJSON or Scryfall file")
    imp.add_argument("file")
    search = sub.add_parser("search", parents=[common], help="search cards (Scryfall syntax)")
    search.add_argument("query")
    search.add_argument("--sort", choices=sorted(SORTS), default="name")
    search.add_argument("--limit", type=_count_argument, default=None, help="at most this many cards")
    sub.add_parser("stats", parents=[common], help="card, set and deck counts")
    deck = sub.add_parser("deck", parents=[common], help="deck files")
    deck_sub = deck.add_subparsers(dest="deck_command", required=True)
    check = deck_sub.add_parser("check", parents=[common], help="read and validate a deck file")
    check.add_argument("file")
    check.add_argument("--format", dest="play_format", metavar="FORMAT",
                       help="check legality in this format (e.g. modern, commander)")
    convert = deck_sub.add_parser("convert", parents=[common], help="write a deck in another format")
    convert.add_argument("file")
    convert.add_argument("--to", choices=FORMATS, required=True)
    convert.add_argument("-o", "--output", required=True)
    return parser


def _open(args: argparse.Namespace) -> CardDatabase:
    path = getattr(args, "db", None)
    return CardDatabase(path) if path else CardDatabase.open_default()


def _emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False, indent=2))
    elif text:
        print(text)


def _cmd_import(args: argparse.Namespace) -> int:
    with _open(args) as db:
        if db.read_only:
            raise CardImportError(f"{db.path}: the card database is read-only; nothing was imported")
        bar = None if getattr(args, "json", False) else ProgressBar(sys.stderr, "importing")
        report = db.import_file(args.file, progress=bar)
        stats = db.stats()
    data = {**report.as_dict(), "database": stats}
    _emit(args, data, f"imported {data['cards']} cards, {report.printings} printings, "
                      f"{report.sets} sets ({report.kind}); the database now has "
                      f"{stats['cards']} cards")
    return EXIT_OK


def _cmd_search(args: argparse.Namespace) -> int:
    with _open(args) as db:
        cards = db.search(args.query, sort=args.sort, limit=args.limit)
        total = db.count(args.query)
    lines = []
    for c in cards:
        stats = f" {c.power}/{c.toughness}" if c.power is not None else (
            f" [{c.loyalty}]" if c.loyalty is not None else "")
        lines.append(f"{c.name}  {c.mana_cost or ''}  {c.type_line}{stats}")
    lines.append(f"{total} card{'s' if total != 1 else ''}")
    _emit(args, {"query": args.query, "count": total,
                 "cards": [dataclasses.asdict(c) for c in cards]}, "\n".join(lines))
    return EXIT_OK


def _cmd_stats(args: argparse.Namespace) -> int:
    with _open(args) as db:
        stats = {**db.stats(), "path": str(db.path)}
    _emit(args, stats, "\n".join(f"{k}: {v}" for k, v in stats.items()))
    return EXIT_OK


def _cmd_deck_check(args: argparse.Namespace) -> int:
    parsed = read_deck_file(args.file)
    with _open(args) as db:
        known = db.formats()
        if args.play_format and known and args.play_format.lower() not in known:
            raise BadArgument(f"unknown format {args.play_format[:40]!r} (the card database knows "
                              f"{', '.join(known)})")
        result = check_deck(parsed.deck, db, args.play_format)
        support = RulesSupport()
        support.load()
        unsupported = support.unsupported(result.deck, db) if support.available else None
    # lines that could not be read leave the deck unknown: it cannot be called legal
    result.problems[:0] = [Problem(warning) for warning in parsed.warnings]
    deck = result.deck.to_dict()
    data = {"file": args.file, "format": parsed.format, "play_format": args.play_format,
            "name": deck["name"], "main": deck["main"], "sideboard": deck["sideboard"],
            "commander": deck["commander"], "main_count": deck["main_count"],
            "sideboard_count": deck["sideboard_count"], "commander_count": deck["commander_count"],
            "legal": result.legal, "problems": [p.to_dict() for p in result.problems],
            "warnings": parsed.warnings, "notes": result.notes,
            # cards the rules engine can't fully play yet (by hand, or in the sandbox); null when the engine is missing
            "unsupported": unsupported}
    lines = [f"{args.file}: {parsed.format} deck, main {deck['main_count']}, sideboard "
             f"{deck['sideboard_count']}" + (f", commander {deck['commander_count']}"
                                            if deck["commander_count"] else "")]
    lines += [f"problem{f' ({p.rule})' if p.rule else ''}: {p.message}" for p in result.problems]
    lines += [f"note: {n}" for n in result.notes]
    if unsupported is None:
        lines.append(f"note: rules support unknown: {support.error}")
    lines += [f"by hand: {u['name']}: the rules engine does not read " + "; ".join(f"“{s}”" for s in u["unread"])
              for u in unsupported or ()]
    lines.append("legal" if result.legal else "not legal")
    _emit(args, data, "\n".join(lines))
    return EXIT_OK if result.legal else EXIT_NOT_LEGAL


def _cmd_deck_convert(args: argparse.Namespace) -> int:
    parsed = read_deck_file(args.file)
    if os.path.exists(args.output) and os.path.samefile(args.file, args.output):
        # (a link to it too) written in another format, the deck file as the player wrote it would be lost
        raise BadArgument(f"{args.output}: the output is the deck file being converted; name another file")
    save_deck_file(parsed.deck, args.output, args.to)
    _emit(args, {"file": args.file, "from": parsed.format, "to": args.to, "output": args.output,
                 "warnings": parsed.warnings},
          f"{args.file} ({parsed.format}) -> {args.output} ({args.to})")
    return EXIT_OK


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "import": _cmd_import, "search": _cmd_search, "stats": _cmd_stats,
    "check": _cmd_deck_check, "convert": _cmd_deck_convert,
}


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    command = args.deck_command if args.command == "deck" else args.command
    try:
        return COMMANDS[command](args)
    except (BadArgument, CardImportError, DeckFormatError, QueryError, SchemaError, UserFileError, OSError,
            sqlite3.DatabaseError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if isinstance(exc, OSError) and exc.filename:
            reason = f"{exc.filename}: {exc.strerror}"
        if isinstance(exc, sqlite3.DatabaseError):
            reason = f"cannot use the card database: {exc}"
        if getattr(args, "json", False):
            print(json.dumps({"error": reason}))
        print(f"error: {reason}", file=sys.stderr)
        return EXIT_BAD_INPUT
