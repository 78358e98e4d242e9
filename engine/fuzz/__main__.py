"""python -m engine.fuzz [--cards FILE | --db PATH] [--games N] [--seed S] [--ai LEVEL] [--players N]
                        [--variant commander] [--json]
                        [--out DIR] [--turns N] [--actions N] [--game-seconds S] [--objects N]
   python -m engine.fuzz --replay FILE [--json]

Plays N random seeded games (game i has seed S + i) with random two-colour 60-card decks of the
supported cards of the source (the starter pool by default), one a player (--players, 2 to 6), or with
--variant commander Commander games (903) with random Commander decks, checks the invariants after every action
and prints {"games", "crashes", "stuck", "invariant_failures", "seconds", "failures": [{"seed", "error",
"cards", "replay"}]}. Each failure is written as a replay file into --out; `--replay FILE` applies one
again. Exit code: 0 no failure, 1 failures, 2 bad input.

The card source is read here, on the caller's side: the engine itself gets plain card records.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from engine.ai import LEVELS
from engine.core.cards import CardRecordError, check_record
from engine.core.player_actions import Action
from engine.core.savecheck import MAX_PLAYERS, MIN_PLAYERS
from engine.fuzz.runner import Limits, fuzz, read_replay, replay


def read_card_file(path: Path) -> list[dict[str, Any]]:
    """Card records of a card file, through the card database's bounded reader (an MTGJSON set,
    AllPrintings or AtomicCards file, a Scryfall list, or a plain list of MTGJSON card records; plain,
    gzip, bzip2 or xz): one record per card, a multi-faced card's faces in "faces". Anything else is
    refused (ValueError), never read as a few odd records."""
    from cardsdb import CardImportError, load_card_data
    try:
        return load_card_data(path)
    except CardImportError as e:
        raise ValueError(str(e)) from None


def read_database(path: Path) -> list[dict[str, Any]]:
    """Every card of a ManaTable card database, as read_card_file gives them (MTGJSON field names, a
    multi-faced card's faces in "faces")."""
    if not path.is_file():
        raise ValueError(f"no card database at {path}")
    import sqlite3
    from cardsdb import CardDatabase, SchemaError
    try:
        db = CardDatabase(path)
    except (sqlite3.DatabaseError, SchemaError) as e:
        raise ValueError(f"{path} is not a card database this release reads ({e})") from None
    try:
        return [card for rec in db.search("") if (card := db.card(rec.name)) is not None]
    finally:
        db.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.fuzz",
                                 description="Random seeded games over the supported cards of a card source, "
                                             "the engine's invariants checked after every action.")
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--cards", type=Path, help="a card data file (MTGJSON set or atomic, Scryfall list)")
    src.add_argument("--db", type=Path, help="a ManaTable card database")
    src.add_argument("--replay", type=Path, help="a replay file a failure wrote: apply its actions again")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ai", choices=LEVELS, default="random")
    ap.add_argument("--players", type=int, default=2, help="players a game, 2 to 6 (free-for-all, 806)")
    ap.add_argument("--variant", choices=["commander"], default=None,
                    help="Commander games (903) with random Commander decks of the supported cards")
    ap.add_argument("--out", type=Path, default=Path("build/fuzz"), help="folder for replay files")
    ap.add_argument("--turns", type=int, default=Limits.turns,
                    help="turn limit of a two-player game of 60-card decks (more cards: in proportion)")
    ap.add_argument("--actions", type=int, default=Limits.actions, help="action limit of a game (likewise)")
    ap.add_argument("--game-seconds", type=float, default=Limits.seconds,
                    help="CPU-time limit of a game in seconds (likewise)")
    ap.add_argument("--objects", type=int, default=Limits.objects, help="object limit of a game (tokens)")
    ap.add_argument("--sandbox", action="store_true",
                    help="sandbox games: validation off, random sandbox moves between the decisions")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.replay is not None:
        return _replay(args.replay, args.json)
    try:
        records = read_card_file(args.cards) if args.cards else read_database(args.db) if args.db else None
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"can't read cards: {e}", file=sys.stderr)
        return 2
    if args.games < 0:
        print("--games must be 0 or more", file=sys.stderr)
        return 2
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        print(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}", file=sys.stderr)
        return 2
    refused = _limits_refused(args) or _folder_refused(args.out)
    if refused:
        print(refused, file=sys.stderr)
        return 2
    limits = Limits(args.turns, args.actions, args.game_seconds, args.objects)

    def progress(done: int, out) -> None:
        if not args.json and out.kind != "ok":
            print(f"game {out.seed}: {out.kind}: {out.error}", file=sys.stderr)

    try:
        report = fuzz(records, args.games, args.seed, args.ai, args.out, limits, progress, args.sandbox,
                      players=args.players, variant=args.variant)
    except ValueError as e:
        print(str(e), file=sys.stderr)
        return 2
    data = report.to_json()
    if args.json:
        print(json.dumps(data))
    else:
        print(f"{data['games']} games, {data['actions']} actions, {data['cards']} supported cards of "
              f"{data['cards_read']} read, {data['seconds']} s: "
              f"{data['crashes']} crashes, {data['stuck']} stuck, {data['invariant_failures']} invariant failures")
        for f in data["failures"]:
            print(f"  seed {f['seed']}: {f['kind']}: {f['error']} (cards: {', '.join(f['cards'])}; "
                  f"replay: {f['replay']})")
    return 1 if data["failures"] else 0


def _limits_refused(args: argparse.Namespace) -> str | None:
    """Why a game limit can't be used: a game stopped before its first action (a limit of 0 or less) or
    never (float("nan") and float("inf") are what argparse reads "nan" and "inf" as) says nothing."""
    for option, value in (("--turns", args.turns), ("--actions", args.actions), ("--objects", args.objects)):
        if value < 1:
            return f"{option} must be 1 or more"
    if not 0 < args.game_seconds < math.inf:
        return "--game-seconds must be a number of seconds above 0"
    return None


def _folder_refused(folder: Path) -> str | None:
    """Why replay files can't be written into `folder` (made when the first failure is written): a file
    where it or a folder above it should be."""
    for place in (folder, *folder.parents):
        if place.exists():
            return None if place.is_dir() else f"--out {folder}: {place} is not a folder"
    return None


REPLAY_DECK_CARDS = 5000
"""Cards in one deck of a replay, as in a deck file (cardsdb.limits.DECK_CARDS): a fuzz deck has 60 or 100;
a deck of a million would take minutes and gigabytes to set up before the first action."""


def check_replay(doc: dict[str, Any], path: Path) -> None:
    """What read_replay leaves to the game, checked before a game is made of it: a damaged replay is bad
    input (exit 2), not an engine crash. Raises ValueError naming the part."""
    decks = doc["decks"]
    for i, deck in enumerate(decks):
        if len(deck) > REPLAY_DECK_CARDS:
            raise ValueError(f"{path}: decks[{i}] holds {len(deck)} cards, more than {REPLAY_DECK_CARDS}")
    for key in ("seed", "game_seed"):
        if isinstance(doc.get(key), bool):
            raise ValueError(f"{path}: {key} must be an integer, not {doc[key]}")
    seeds = doc.get("player_seeds") or []
    if seeds and len(seeds) != len(decks) or any(isinstance(s, bool) for s in seeds):
        raise ValueError(f"{path}: player_seeds must hold one integer per deck")
    for i, record in enumerate(doc.get("card_records", [])):
        try:
            check_record(record)
        except CardRecordError as e:
            raise ValueError(f"{path}: card_records[{i}]: {e}") from None
    for i, d in enumerate(doc["actions"]):
        player = d.get("player") if isinstance(d, dict) else None
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(decks):
            raise ValueError(f"{path}: actions[{i}] is no action of one of the {len(decks)} players")
        try:
            Action.from_json(d)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise ValueError(f"{path}: actions[{i}] is no action ({type(e).__name__}: {e})") from None


def _replay(path: Path, as_json: bool) -> int:
    try:
        doc = read_replay(path)
        check_replay(doc, path)
        out = replay(doc)
    except (OSError, ValueError) as e:
        print(f"can't read the replay: {str(e).splitlines()[0][:500]}", file=sys.stderr)
        return 2
    data = {"replayed": len(out.actions), "of": len(doc["actions"]), "kind": out.kind, "error": out.error,
            "cards": out.cards, "recorded": {"kind": doc.get("kind"), "error": doc.get("error")}}
    if as_json:
        print(json.dumps(data))
    else:
        print(f"replayed {data['replayed']} of {data['of']} actions: {out.kind}{': ' + out.error if out.error else ''}")
        if out.traceback:
            print(out.traceback, file=sys.stderr)
    return 0 if out.kind == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
