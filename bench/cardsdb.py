"""Card database benchmark: import of a synthetic 30,000-card MTGJSON file, search latency over 20
typical deck-editor queries, database size.

    python bench/cardsdb.py [--cards 30000] [--json]

The cards are generated from a fixed seed in MTGJSON's AllPrintings shape (sets of 500 cards, each
with legalities in 15 formats, mixed card types, mana costs, keywords and rules text), so the
figures exercise the same importer and search code as real data. Each query is timed as the deck
editor uses it: `CardDatabase.page`, the first 100 results plus the total count.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardsdb import CardDatabase  # noqa: E402

QUERIES = [
    "goblin", "dra", "t:creature c:r mv<=3", 'o:"draw a card"', "c>=wu t:creature", "ci:bg",
    "pow>=4 tou<=3", "t:instant or t:sorcery", "-t:land c:c", "is:permanent r:rare",
    "f:modern t:planeswalker", "s:S07 r>=rare", "o:flying -kw:vigilance", "mv=2 c=g",
    "t:legendary t:creature", '"of the"', "o:destroy t:instant", "is:vanilla",
    "(c:r or c:g) mv>=5", 't:artifact o:"{T}: Add"',
]

_SYLLABLES = ("ka", "mor", "vel", "thra", "zun", "eli", "dor", "qua", "shi", "ban", "tor", "ril",
              "gan", "fey", "lum", "os", "pra", "xen", "yor", "wick")
_NOUNS = ("Dragon", "Knight", "Goblin", "Angel", "Elf", "Wizard", "Zombie", "Beast", "Sphinx",
          "Soldier", "Warrior", "Spirit", "Vampire", "Merfolk", "Giant", "Horror", "Cleric")
_SPELL_WORDS = ("Bolt", "Ritual", "Growth", "Command", "Charm", "Edict", "Insight", "Blessing",
                "Fury", "Wrath", "Vision", "Storm", "Tide", "Pact")
_KEYWORDS = ("Flying", "Vigilance", "Haste", "Trample", "Deathtouch", "Lifelink", "Reach",
             "First strike", "Menace", "Hexproof")
_TEXTS = ("When {name} enters, draw a card.", "{name} deals 3 damage to any target.",
          "Destroy target creature an opponent controls.", "{T}: Add {G}.",
          "Creatures you control get +1/+1 until end of turn.", "Counter target spell.",
          "Return target creature card from your graveyard to your hand.",
          "Whenever {name} attacks, create a 1/1 white Soldier creature token.",
          "Target player mills three cards.", "You gain 4 life.")
_FORMATS = ("alchemy", "brawl", "commander", "duel", "explorer", "future", "gladiator",
            "historic", "legacy", "modern", "pauper", "penny", "pioneer", "standard", "vintage")
_COLORS = "WUBRG"


def _name(rng: random.Random, used: set[str]) -> str:
    while True:
        first = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
        kind = rng.choice(_NOUNS + _SPELL_WORDS)
        name = rng.choice((f"{first} {kind}", f"{kind} of the {first}", f"{first}, the {kind}"))
        if name not in used:
            used.add(name)
            return name


def synthetic_card(rng: random.Random, used: set[str], set_code: str, number: int) -> dict:
    name = _name(rng, used)
    colors = sorted(rng.sample(_COLORS, rng.choice((0, 1, 1, 1, 1, 2, 2, 3))), key=_COLORS.index)
    kind = rng.choices(("Creature", "Instant", "Sorcery", "Enchantment", "Artifact", "Land",
                        "Planeswalker"), weights=(45, 12, 12, 9, 8, 10, 4))[0]
    supertypes = ["Legendary"] if kind == "Planeswalker" or rng.random() < 0.08 else []
    generic = rng.randint(0, 5)
    cost = "" if kind == "Land" else (f"{{{generic}}}" if generic else "") + "".join(
        f"{{{c}}}" for c in colors for _ in range(rng.randint(1, 2)))
    mana_value = float(sum(int(s) if s.isdigit() else 1
                           for s in cost.strip("{}").split("}{") if s)) if cost else 0.0
    subtypes = [rng.choice(_NOUNS)] if kind == "Creature" else []
    keywords = sorted(rng.sample(_KEYWORDS, rng.choice((0, 0, 1, 2)))) if kind == "Creature" else []
    lines = keywords + [rng.choice(_TEXTS).replace("{name}", name)
                        for _ in range(rng.choice((0, 1, 1, 2)))]
    type_line = " ".join(supertypes + [kind]) + (f" — {' '.join(subtypes)}" if subtypes else "")
    card = {
        "name": name, "manaCost": cost or None, "manaValue": mana_value, "colors": colors,
        "colorIdentity": colors, "supertypes": supertypes, "types": [kind], "subtypes": subtypes,
        "type": type_line, "text": "\n".join(lines), "keywords": keywords, "layout": "normal",
        "rarity": rng.choices(("common", "uncommon", "rare", "mythic"), (50, 30, 15, 5))[0],
        "number": str(number), "setCode": set_code, "artist": f"Artist {rng.randint(1, 400)}",
        "legalities": {f: "Legal" for f in _FORMATS if rng.random() < 0.7},
    }
    if kind == "Creature":
        card["power"], card["toughness"] = str(rng.randint(0, 8)), str(rng.randint(1, 8))
    if kind == "Planeswalker":
        card["loyalty"] = str(rng.randint(2, 6))
    return {k: v for k, v in card.items() if v is not None}


def write_synthetic_file(path: Path, count: int, seed: int = 30) -> None:
    rng = random.Random(seed)
    used: set[str] = set()
    data = {}
    per_set = 500
    for index in range(0, count, per_set):
        code = f"S{index // per_set:02d}"
        cards = [synthetic_card(rng, used, code, n + 1)
                 for n in range(min(per_set, count - index))]
        data[code] = {"code": code, "name": f"Synthetic Set {code}", "type": "expansion",
                      "releaseDate": f"20{10 + index // per_set % 15:02d}-01-01", "cards": cards}
    path.write_text(json.dumps({"meta": {"version": "synthetic"}, "data": data}))


def run(count: int, repeat: int = 5) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "AllPrintings.json"
        write_synthetic_file(source, count)
        db = CardDatabase(Path(tmp) / "bench.sqlite")
        start = time.perf_counter()
        report = db.import_file(source)
        import_s = time.perf_counter() - start
        assert db.stats()["cards"] == count, report
        timings: list[float] = []
        for query in QUERIES:
            db.page(query, limit=100)  # warm-up
            for _ in range(repeat):
                start = time.perf_counter()
                db.page(query, limit=100)
                timings.append((time.perf_counter() - start) * 1000)
        db.close()
        size = (Path(tmp) / "bench.sqlite").stat().st_size
    ordered = sorted(timings)
    return {"cards": count, "import_s": round(import_s, 2),
            "search_ms_median": round(statistics.median(ordered), 2),
            "search_ms_p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2),
            "db_mb": round(size / 1e6, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=30000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.cards)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"import of {result['cards']} cards: {result['import_s']} s (target < 30 s)")
        print(f"search over {len(QUERIES)} queries: median {result['search_ms_median']} ms, "
              f"95th percentile {result['search_ms_p95']} ms (target < 30 ms)")
        print(f"database size: {result['db_mb']} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
