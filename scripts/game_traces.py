"""Seeded self-play traces, to show that a change to the engine leaves games as they were.

    python scripts/game_traces.py OUT.json [--games 60] [--ai LEVEL] [--dump DIR]

Plays GAMES seeded games between uniform random players, or between two AI players of LEVEL with
`--ai` (engine.ai.make_player: a change to the AI that should leave its decisions as they were), half
with the sample decks, half with random two-colour decks from the starter pool, and records, after every action: the legal actions, the chosen
action, the events it produced and the whole state as JSON. OUT.json gets one SHA-256 per game; two
runs are compared with `cmp` (or `--compare OTHER.json`, which names the games that differ). `--dump`
also writes each game's full trace, one JSON line per action, to diff a game that differs."""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import make_player  # noqa: E402
from engine.core.heap import keep_long_lived  # noqa: E402
from engine.game import Game  # noqa: E402
from tests.decklists import DECKS_DIR, read_deck_names  # noqa: E402
from tests.engine.test_selfplay_pool import pool_deck  # noqa: E402

TURN_LIMIT = 60


def normal(value):
    """Dict keys as strings, so traces compare regardless of the order a dict was built in."""
    if isinstance(value, dict):
        return {str(k): normal(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [normal(v) for v in value]
    return value


def trace_game(index: int, decks: list[list[str]], dump: Path | None, level: str = "random") -> str:
    if index % 2 == 0:
        pair = [decks[(index // 2) % len(decks)], decks[(index // 2 + 1) % len(decks)]]
    else:
        pair = [pool_deck(index * 7), pool_deck(index * 7 + 1)]
    game = Game.new(pair, seed=index)
    agents = (make_player(level, index, deck=pair[0], search_workers=1),
              make_player(level, index + 1000, deck=pair[1], search_workers=1))
    digest = hashlib.sha256()
    out = (dump / f"game-{index:02d}.jsonl").open("w", encoding="utf-8") if dump else None
    try:
        while not game.is_over and game.state.turn <= TURN_LIMIT:
            legal = [a.to_json() for a in game.legal_actions()]
            action = agents[game.pending.player].choose(game)
            events = [e.to_json() for e in game.apply(action)]
            line = json.dumps(normal({"legal": legal, "action": action.to_json(), "events": events,
                                      "state": json.loads(game.to_json())}), sort_keys=True, default=str)
            digest.update(line.encode())
            if out:
                out.write(line + "\n")
    finally:
        if out:
            out.close()
    return digest.hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--ai", default="random", help="the level of both players (default: random)")
    ap.add_argument("--dump", type=Path)
    ap.add_argument("--compare", type=Path, help="an earlier OUT.json to compare with")
    args = ap.parse_args()
    keep_long_lived()
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
    decks = [read_deck_names(p) for p in sorted(DECKS_DIR.glob("*.txt"))]
    digests = {f"game-{i:02d}": trace_game(i, decks, args.dump, args.ai) for i in range(args.games)}
    tmp = args.out.with_name(args.out.name + ".tmp")
    tmp.write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")
    tmp.replace(args.out)
    print(f"{len(digests)} games traced into {args.out}")
    if args.compare:
        before = json.loads(args.compare.read_text(encoding="utf-8"))
        differ = [k for k in digests if before.get(k) != digests[k]]
        print(f"identical: {len(digests) - len(differ)} of {len(digests)}; differ: {', '.join(differ) or 'none'}")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
