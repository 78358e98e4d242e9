"""How often the AI plays the cards it could (#17's "every card"): games of the medium player against itself with the
fuzz tool's random decks; at each priority of either player, which of its cards it could cast and which of its
permanents' (or hand's, graveyard's) abilities it could activate, mana abilities aside, and which it did. Counted in
card-turns: a card offered at any priority of a turn counts once for that turn, used if it was cast or activated then.

    python bench/card_use.py [--games 100] [--seed 0] [--jobs 2] [--source training|starter] [--json OUT.json]

Prints, for each kind of card and of ability, the card-turns offered and used, the cards offered that were never used,
and the never-used cards offered most often; `--json` writes every card's figures. A game depends on its seed only,
so the figures are the same for any --jobs. 100 games take about two minutes of CPU on top of compiling the training
half's supported cards (about a minute)."""
from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai import make_player  # noqa: E402
from engine.ai.by_hand import ai_spells_and_abilities  # noqa: E402
from engine.core import player_actions as A  # noqa: E402
from engine.core.cards import RecordSource  # noqa: E402
from engine.core.enums import DecisionKind  # noqa: E402
from engine.core.jsonfile import write_json_atomic  # noqa: E402
from engine.fuzz.__main__ import read_card_file  # noqa: E402
from engine.fuzz.runner import random_deck_pairs  # noqa: E402
from engine.game import Game  # noqa: E402

SOURCES = {"training": ROOT.parent / "shared" / "cards" / "mtgjson" / "training-half.json.xz",
           "starter": ROOT / "cardsdb" / "data" / "starter-pool.json"}
TURN_LIMIT = 60
ACTION_LIMIT = 20_000
# The kinds of what is counted, in the order they are printed.
KINDS = ("creature spell", "noncreature permanent spell", "instant or sorcery", "creature's ability",
         "noncreature permanent's ability", "ability from another zone")


def game_specs(games: int, seed: int, source: Path) -> list[tuple[int, list[list[str]], list[dict]]]:
    """(seed, decks, card records) of each game: two random decks of the source's supported cards, built as the fuzz
    tool builds them, game i from seed `seed + i`."""
    return [(seed + i, decks, cards)
            for i, (decks, cards) in enumerate(random_deck_pairs(read_card_file(source), games, seed))]

def kind_of(game: Game, action: A.Action) -> tuple[str, str] | None:
    """(card name, kind) of a cast or a non-mana activation, else None."""
    if isinstance(action, A.CastSpell):
        ch = game.characteristics(action.card)
        if ch.is_creature:
            return ch.name, "creature spell"
        if ch.is_type("Instant") or ch.is_type("Sorcery"):
            return ch.name, "instant or sorcery"
        return ch.name, "noncreature permanent spell"
    if isinstance(action, A.ActivateAbility):
        ch = game.characteristics(action.source)
        abilities = ch.activated
        if not 0 <= action.index < len(abilities) or abilities[action.index].is_mana_ability:
            return None
        if game.state.objects[action.source].zone.value != "battlefield":
            return ch.name, "ability from another zone"
        return ch.name, "creature's ability" if ch.is_creature else "noncreature permanent's ability"
    return None


def play_counted(work: tuple[int, list[list[str]], list[dict]]) -> dict:
    """One game's card-turns: {"offered": {"name|kind": n}, "used": {...}, "error"}."""
    seed, decks, cards = work
    game = Game.new(decks, seed=seed, source=RecordSource(cards))
    agents = [make_player("medium", seed * 2 + p, deck=decks[p]) for p in (0, 1)]
    seen: set[tuple[int, int, str]] = set()       # (turn, player, key) offered
    done: set[tuple[int, int, str]] = set()
    error = ""
    try:
        for _ in range(ACTION_LIMIT):
            if game.is_over or game.state.turn > TURN_LIMIT:
                break
            d = game.pending
            p, turn = d.player, game.state.turn
            if d.kind is DecisionKind.PRIORITY:
                for a in ai_spells_and_abilities(game):
                    k = kind_of(game, a)
                    if k is not None:
                        seen.add((turn, p, "|".join(k)))
            action = agents[p].choose(game)
            k = kind_of(game, action) if d.kind is DecisionKind.PRIORITY else None
            if k is not None:
                done.add((turn, p, "|".join(k)))
            game.apply(action, atomic=False)
    except Exception as e:      # noqa: BLE001 -- counted and reported: the bench must finish
        error = f"{type(e).__name__}: {e}"
    return {"offered": dict(Counter(key for _, _, key in seen)), "used": dict(Counter(key for _, _, key in done)),
            "error": error}


def summary(results: list[dict], top: int = 25) -> dict:
    offered: Counter[str] = Counter()
    used: Counter[str] = Counter()
    for r in results:
        offered.update(r["offered"])
        used.update(r["used"])
    kinds = {}
    for kind in KINDS:
        keys = [k for k in offered if k.split("|", 1)[1] == kind]
        never = [k for k in keys if not used[k]]
        kinds[kind] = {"card_turns_offered": sum(offered[k] for k in keys),
                       "card_turns_used": sum(min(used[k], offered[k]) for k in keys),
                       "cards_offered": len(keys), "cards_never_used": len(never)}
    never_used = sorted((k for k in offered if not used[k]), key=lambda k: (-offered[k], k))
    return {"games": len(results), "errors": [r["error"] for r in results if r["error"]],
            "kinds": kinds, "never_used_most_offered": [[k, offered[k]] for k in never_used[:top]],
            "cards": {k: [offered[k], used[k]] for k in sorted(offered)}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--source", choices=sorted(SOURCES), default="training")
    ap.add_argument("--json", type=Path, help="write every card's figures there")
    args = ap.parse_args()
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs: at least 1")
    specs = game_specs(args.games, args.seed, SOURCES[args.source])
    if args.jobs == 1:
        results = [play_counted(w) for w in specs]
    else:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = pool.map(play_counted, specs, chunksize=1)
    out = summary(results)
    print(f"{out['games']} games (seeds {args.seed}-{args.seed + args.games - 1}), {len(out['errors'])} errors")
    print(f"{'kind':34} {'offered':>8} {'used':>8} {'rate':>6} {'cards':>6} {'never':>6}")
    for kind, f in out["kinds"].items():
        rate = f["card_turns_used"] / f["card_turns_offered"] if f["card_turns_offered"] else 0.0
        print(f"{kind:34} {f['card_turns_offered']:8} {f['card_turns_used']:8} {rate:6.1%} {f['cards_offered']:6} "
              f"{f['cards_never_used']:6}")
    print("never used, most offered (card-turns):")
    for key, n in out["never_used_most_offered"]:
        name, kind = key.split("|", 1)
        print(f"  {n:4}  {name} ({kind})")
    for e in out["errors"][:10]:
        print("error:", e)
    if args.json:
        write_json_atomic(args.json, out)


if __name__ == "__main__":
    main()
