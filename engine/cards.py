"""`python -m engine.cards report [FILE ...] [--db PATH] [--cards FILE ...] [--json] [--top N]`: how much
of a set of cards the Oracle compiler reads.

The cards are those of the FILEs and --cards files (MTGJSON set, AllPrintings, AtomicCards, Scryfall bulk;
plain, .gz, .bz2 or .xz; read by cardsdb's bounded reader); with no file at all, every card of the card
database (the user's, or --db). Each Oracle card counts once. Exit 2 when a file or database can't be read.
"""
from __future__ import annotations

import argparse
import sys

from cardsdb.source import CardSourceError, add_source_arguments, open_card_source
from engine.oracle.report import report, show


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m engine.cards", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("report", help="how many cards compile, and the sentences not read")
    rep.add_argument("files", nargs="*", metavar="FILE", help="card files (default: the card database)")
    add_source_arguments(rep)
    rep.add_argument("--json", action="store_true", help="print one JSON object")
    rep.add_argument("--top", type=int, default=20, help="how many unread sentences to list")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    files = [*args.files, *args.cards]
    try:
        source = open_card_source(args.db, files, use_database=not files or args.db is not None)
    except CardSourceError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    show(report([r for r in (source.card_record(n) for n in source.names()) if r is not None]), args.json, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
